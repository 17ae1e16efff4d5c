/** CSS Box 3 / CSS Sizing 3: margins, padding, sizes, box-sizing. */
import { keywordProperty } from './define.js';
import type { PropertyDef } from './define.js';
import { lengthProperty, parseLengthOrKeyword, sidesShorthand } from './common.js';

const margins = ([
  ['margin-top', 'marginTop'],
  ['margin-right', 'marginRight'],
  ['margin-bottom', 'marginBottom'],
  ['margin-left', 'marginLeft'],
] as const).map(([name, key]) => lengthProperty(name, key, 0, false, { percent: true, negative: true, keywords: ['auto'] }));

const paddings = ([
  ['padding-top', 'paddingTop'],
  ['padding-right', 'paddingRight'],
  ['padding-bottom', 'paddingBottom'],
  ['padding-left', 'paddingLeft'],
] as const).map(([name, key]) => lengthProperty(name, key, 0, false, { percent: true }));

const SIZE_KEYWORDS = ['auto', 'min-content', 'max-content', 'fit-content'];
const AS_AUTO = { 'min-content': 'auto', 'max-content': 'auto', 'fit-content': 'auto' };
const AS_NONE = { 'min-content': 'none', 'max-content': 'none', 'fit-content': 'none' };

export const BOX_PROPERTIES: readonly PropertyDef[] = [
  ...margins,
  ...paddings,
  sidesShorthand('margin', ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'], (node) =>
    parseLengthOrKeyword(node, { percent: true, negative: true, keywords: ['auto'] })),
  sidesShorthand('padding', ['padding-top', 'padding-right', 'padding-bottom', 'padding-left'], (node) =>
    parseLengthOrKeyword(node, { percent: true })),
  // Intrinsic size keywords are not implemented by layout: they are accepted and behave as `auto`.
  lengthProperty('width', 'width', 'auto', false, { percent: true, keywords: SIZE_KEYWORDS, mapKeywords: AS_AUTO }),
  lengthProperty('height', 'height', 'auto', false, { percent: true, keywords: SIZE_KEYWORDS, mapKeywords: AS_AUTO }),
  lengthProperty('min-width', 'minWidth', 'auto', false, { percent: true, keywords: SIZE_KEYWORDS, mapKeywords: AS_AUTO }),
  lengthProperty('min-height', 'minHeight', 'auto', false, { percent: true, keywords: SIZE_KEYWORDS, mapKeywords: AS_AUTO }),
  lengthProperty('max-width', 'maxWidth', 'none', false, { percent: true, keywords: ['none', 'min-content', 'max-content', 'fit-content'], mapKeywords: AS_NONE }),
  lengthProperty('max-height', 'maxHeight', 'none', false, { percent: true, keywords: ['none', 'min-content', 'max-content', 'fit-content'], mapKeywords: AS_NONE }),
  keywordProperty('box-sizing', 'boxSizing', ['content-box', 'border-box'], 'content-box', false),
];
