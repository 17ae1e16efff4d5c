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

/** The prefixed spellings (what browsers shipped first) compute to the standard keywords. */
const PREFIXED = {
  '-webkit-fill-available': 'stretch', '-moz-available': 'stretch',
  '-webkit-min-content': 'min-content', '-moz-min-content': 'min-content', '-webkit-max-content': 'max-content',
  '-moz-max-content': 'max-content', '-webkit-fit-content': 'fit-content', '-moz-fit-content': 'fit-content',
};
const INTRINSIC = ['min-content', 'max-content', 'fit-content', 'stretch', ...Object.keys(PREFIXED)];
const SIZE = { percent: true, keywords: ['auto', ...INTRINSIC], mapKeywords: PREFIXED };
const MAX_SIZE = { percent: true, keywords: ['none', ...INTRINSIC], mapKeywords: PREFIXED };

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
  keywordProperty({ name: 'box-sizing', key: 'boxSizing', keywords: ['content-box', 'border-box'], initial: 'content-box', inherited: false }),
];
