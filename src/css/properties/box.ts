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

const INTRINSIC = ['min-content', 'max-content', 'fit-content', 'stretch', '-webkit-fill-available', '-moz-available'];
/** The prefixed spellings of `stretch` (CSS Sizing 4 §3.1) compute to it. */
const STRETCH_ALIASES = { '-webkit-fill-available': 'stretch', '-moz-available': 'stretch' };
const SIZE = { percent: true, keywords: ['auto', ...INTRINSIC], mapKeywords: STRETCH_ALIASES };
const MAX_SIZE = { percent: true, keywords: ['none', ...INTRINSIC], mapKeywords: STRETCH_ALIASES };

export const BOX_PROPERTIES: readonly PropertyDef[] = [
  ...margins,
  ...paddings,
  sidesShorthand('margin', ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'], (node) =>
    parseLengthOrKeyword(node, { percent: true, negative: true, keywords: ['auto'] })),
  sidesShorthand('padding', ['padding-top', 'padding-right', 'padding-bottom', 'padding-left'], (node) =>
    parseLengthOrKeyword(node, { percent: true })),
  // the intrinsic keywords and `stretch` are resolved by layout (src/layout/size-keywords.ts)
  lengthProperty('width', 'width', 'auto', false, SIZE),
  lengthProperty('height', 'height', 'auto', false, SIZE),
  lengthProperty('min-width', 'minWidth', 'auto', false, SIZE),
  lengthProperty('min-height', 'minHeight', 'auto', false, SIZE),
  lengthProperty('max-width', 'maxWidth', 'none', false, MAX_SIZE),
  lengthProperty('max-height', 'maxHeight', 'none', false, MAX_SIZE),
  keywordProperty('box-sizing', 'boxSizing', ['content-box', 'border-box'], 'content-box', false),
];
