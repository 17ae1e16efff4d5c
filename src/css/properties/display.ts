/** CSS Display 3 and CSS 2 §9: display, positioning, floats, visibility, overflow. */
import type { Containment, Display, PreferredRatio, TextOverflowEnd } from '../model/types.js';
import type { Nodes } from '../values/nodes.js';
import { childrenOf, identOf, numberOf, splitBy, stringOf } from '../values/nodes.js';
import { lengthProperty, numberProperty, parseLengthOrKeyword, parseNumber, sidesShorthand } from './common.js';
import type { LonghandDef, PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand, shorthand } from './define.js';

/** One-keyword and two-keyword `display` values (CSS Display 3 §2, Table of display values). */
/** The 2009 flexbox's containers: computed as `flex` and `inline-flex` (css/compute.ts reads the declared value). */
type WebkitBox = '-webkit-box' | '-webkit-inline-box';

const DISPLAY_VALUES: Readonly<Record<string, Display | WebkitBox>> = {
  none: 'none', contents: 'contents', block: 'block', inline: 'inline', 'inline-block': 'inline-block',
  'list-item': 'list-item', 'flow-root': 'flow-root', table: 'table', 'inline-table': 'inline-table',
  'table-row-group': 'table-row-group', 'table-header-group': 'table-header-group',
  'table-footer-group': 'table-footer-group', 'table-row': 'table-row', 'table-cell': 'table-cell',
  'table-column-group': 'table-column-group', 'table-column': 'table-column', 'table-caption': 'table-caption',
  flex: 'flex', 'inline-flex': 'inline-flex', grid: 'grid', 'inline-grid': 'inline-grid',
  // a vertical -webkit-box with -webkit-line-clamp is a clamped block instead (css/compute.ts)
  '-webkit-box': '-webkit-box', '-webkit-inline-box': '-webkit-inline-box', '-webkit-flex': 'flex', '-webkit-inline-flex': 'inline-flex',
  // ruby is paired by the box builder for `<ruby>` and `<rt>` (boxes/ruby.ts), on other elements it
  // is an inline; run-in is not implemented: its CSS 2 fallback
  ruby: 'inline', 'ruby-base': 'inline', 'ruby-text': 'inline', 'run-in': 'block',
  'block flow': 'block', 'inline flow': 'inline', 'inline flow-root': 'inline-block', 'block flow-root': 'flow-root',
  'block flex': 'flex', 'inline flex': 'inline-flex', 'block grid': 'grid', 'inline grid': 'inline-grid',
  'block table': 'table', 'inline table': 'inline-table', 'block list-item': 'list-item',
  'list-item block': 'list-item', 'block flow list-item': 'list-item', 'list-item flow': 'list-item',
};

const display = longhand<'display', Display | WebkitBox>({
  name: 'display',
  key: 'display',
  inherited: false,
  initial: 'inline',
  parse: (nodes) => {
    const words = nodes.map(identOf);
    if (words.length === 0 || words.length > 3 || words.some((w) => w === undefined)) return INVALID;
    return DISPLAY_VALUES[words.join(' ')] ?? INVALID;
  },
  compute: (value) => (value === '-webkit-box' ? 'flex' : value === '-webkit-inline-box' ? 'inline-flex' : value),
});

const positionKeywords = keywordProperty({ name: 'position', key: 'position', keywords: ['static', 'relative', 'absolute', 'fixed'], initial: 'static', inherited: false, aliases: {
  // Sticky positioning has no scrolling box in paged media: it behaves as relative.
  sticky: 'relative',
  '-webkit-sticky': 'relative',
} });

/** `position`, with GCPM running elements (`running(name)`, CSS GCPM 3 §1.2). */
const position: PropertyDef = {
  ...positionKeywords,
  parse: (nodes, ctx) => {
    const node = nodes[0];
    if (nodes.length === 1 && node?.type === 'Function' && node.name.toLowerCase() === 'running') {
      const args = childrenOf(node);
      const name = args.length === 1 && args[0]!.type === 'Identifier' ? args[0].name : undefined;
      return name === undefined ? INVALID : { running: name };
    }
    return (positionKeywords as LonghandDef).parse(nodes, ctx);
  },
} as PropertyDef;


/** `float`, with `footnote` (CSS GCPM 3 §2); `inline-start`/`inline-end` are mapped by layout, by the containing block's direction. */
const float: PropertyDef = keywordProperty({ name: 'float', key: 'float', keywords: ['none', 'left', 'right', 'inline-start', 'inline-end', 'footnote'], initial: 'none', inherited: false });

const OVERFLOW = ['visible', 'hidden', 'clip', 'scroll', 'auto'] as const;
const overflowX = keywordProperty({ name: 'overflow-x', key: 'overflowX', keywords: OVERFLOW, initial: 'visible', inherited: false, aliases: { overlay: 'auto' } });
const overflowY = keywordProperty({ name: 'overflow-y', key: 'overflowY', keywords: OVERFLOW, initial: 'visible', inherited: false, aliases: { overlay: 'auto' } });

/** Whether an overflow value makes a scroll container (CSS Overflow 3 §3.1): neither `visible` nor `clip`. */
export function isScrollingOverflow(value: (typeof OVERFLOW)[number]): boolean {
  return value === 'hidden' || value === 'auto' || value === 'scroll';
}

/** An axis's overflow as used: `visible` beside a scrolling axis is `auto` (CSS Overflow 3 §3.1). */
export function usedOverflow(value: (typeof OVERFLOW)[number], other: (typeof OVERFLOW)[number]): (typeof OVERFLOW)[number] {
  return value === 'visible' && isScrollingOverflow(other) ? 'auto' : value;
}

/**
 * The computed pair of `overflow-x` and `overflow-y` (CSS Overflow 3 §3.1): where one axis scrolls
 * or hides, `visible` on the other computes to `auto` and `clip` to `hidden`, so a code block with
 * `overflow-x: auto` clips both ways, to its rounded corners too, as Chromium computes it. Chromium
 * leaves a table's pair as written (its `overflow` applies to the table box only).
 */
export function computedOverflow(x: (typeof OVERFLOW)[number], y: (typeof OVERFLOW)[number]): readonly [(typeof OVERFLOW)[number], (typeof OVERFLOW)[number]] {
  if (!isScrollingOverflow(x) && !isScrollingOverflow(y)) return [x, y];
  const paired = (v: (typeof OVERFLOW)[number]): (typeof OVERFLOW)[number] => (v === 'visible' ? 'auto' : v === 'clip' ? 'hidden' : v);
  return [paired(x), paired(y)];
}

/**
 * A textarea's overflow: it scrolls whatever its overflow but `clip` (alone or beside `visible`),
 * which clips both axes; an axis that would not scroll is `auto`, as in Chromium.
 */
export function textareaOverflow(x: (typeof OVERFLOW)[number], y: (typeof OVERFLOW)[number]): readonly [(typeof OVERFLOW)[number], (typeof OVERFLOW)[number]] {
  if ((x === 'clip' || y === 'clip') && !isScrollingOverflow(x) && !isScrollingOverflow(y)) return ['clip', 'clip'];
  return [isScrollingOverflow(x) ? x : 'auto', isScrollingOverflow(y) ? y : 'auto'];
}

const NO_TEXT_OVERFLOW: readonly TextOverflowEnd[] = ['clip'];

/** `text-overflow: [ clip | ellipsis | <string> ]{1,2}` (CSS Overflow 3 §5.1, two values: CSS Overflow 4). */
const textOverflow = longhand<'textOverflow', readonly TextOverflowEnd[]>({
  name: 'text-overflow',
  key: 'textOverflow',
  inherited: false,
  initial: NO_TEXT_OVERFLOW,
  parse: (nodes) => {
    if (nodes.length < 1 || nodes.length > 2) return INVALID;
    const ends: TextOverflowEnd[] = [];
    for (const node of nodes) {
      const word = identOf(node);
      if (word === 'clip' || word === 'ellipsis') ends.push(word);
      else if (node.type === 'String') ends.push({ string: stringOf(node) ?? '' });
      else return INVALID;
    }
    return ends.length === 1 && ends[0] === 'clip' ? NO_TEXT_OVERFLOW : ends;
  },
  compute: (value) => value,
});

/** A `block-ellipsis` value: `auto` draws `…`, `no-ellipsis` nothing (`clip`), or a string. */
function blockEllipsisOf(node: Nodes[number] | undefined): TextOverflowEnd | undefined {
  const word = identOf(node);
  if (word === 'auto') return 'ellipsis';
  if (word === 'no-ellipsis') return 'clip';
  return node?.type === 'String' ? { string: stringOf(node) ?? '' } : undefined;
}

/** `none | <integer [1,∞]>` (`max-lines`, `-webkit-line-clamp`). */
function lineCountOf(nodes: Nodes): number | 'none' | typeof INVALID {
  if (nodes.length !== 1) return INVALID;
  if (identOf(nodes[0]) === 'none') return 'none';
  const count = parseNumber(nodes[0], { integer: true });
  return count === undefined || count < 1 ? INVALID : count;
}

/** `max-lines: none | <integer [1,∞]>` (CSS Overflow 4), honoured on its own as WeasyPrint does (the spec adds `continue: discard`). */
const maxLines = longhand<'maxLines', number | 'none'>({
  name: 'max-lines', key: 'maxLines', inherited: false, initial: 'none', parse: lineCountOf, compute: (value) => value,
});

/** `block-ellipsis: no-ellipsis | auto | <string>` (CSS Overflow 4), inherited. */
const blockEllipsis = longhand<'blockEllipsis', TextOverflowEnd>({
  name: 'block-ellipsis',
  key: 'blockEllipsis',
  inherited: true,
  initial: 'clip',
  parse: (nodes) => (nodes.length === 1 ? blockEllipsisOf(nodes[0]) ?? INVALID : INVALID),
  compute: (value) => value,
});

/**
 * `continue: auto | discard | collapse` (CSS Overflow 4 §5.1): `discard` cuts the box's content at
 * a page break and drops the rest (layout/block/index.ts); `collapse`, which `line-clamp` sets, is
 * what `max-lines` does anyway (octavo clamps with any `continue`).
 */
const continueProperty = keywordProperty({ name: 'continue', key: 'continue', keywords: ['auto', 'discard', 'collapse'], initial: 'auto', inherited: false });

/**
 * `line-clamp: none | <integer [1,∞]> || <'block-ellipsis'>` (CSS Overflow 4): `max-lines`,
 * `block-ellipsis` (`auto` unless given) and `continue: collapse`.
 */
const lineClamp = shorthand('line-clamp', ['max-lines', 'block-ellipsis', 'continue'], (nodes) => {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return new Map<string, unknown>([['max-lines', 'none'], ['block-ellipsis', 'clip'], ['continue', 'auto']]);
  if (nodes.length < 1 || nodes.length > 2) return INVALID;
  let lines: number | undefined;
  let ellipsis: TextOverflowEnd | undefined;
  for (const node of nodes) {
    const count = parseNumber(node, { integer: true });
    const end = count === undefined ? blockEllipsisOf(node) : undefined;
    if (count !== undefined && lines === undefined) lines = count;
    else if (end !== undefined && ellipsis === undefined) ellipsis = end;
    else return INVALID;
  }
  if (lines === undefined || lines < 1) return INVALID;
  return new Map<string, unknown>([['max-lines', lines], ['block-ellipsis', ellipsis ?? 'ellipsis'], ['continue', 'collapse']]);
});

/** `-webkit-line-clamp: none | <integer [1,∞]>` (CSS Overflow 4, the legacy form; css/compute.ts). */
const webkitLineClamp = longhand<'webkitLineClamp', number | 'none'>({
  name: '-webkit-line-clamp', key: 'webkitLineClamp', inherited: false, initial: 'none', parse: lineCountOf, compute: (value) => value,
});

/** `overflow: <x> <y>?` (CSS Overflow 3 §3.1). */
const overflow = shorthand('overflow', ['overflow-x', 'overflow-y'], (nodes, ctx) => {
  if (nodes.length < 1 || nodes.length > 2) return INVALID;
  const x = overflowX.parse([nodes[0]!], ctx);
  const y = nodes.length === 2 ? overflowY.parse([nodes[1]!], ctx) : x;
  if (x === INVALID || y === INVALID) return INVALID;
  return new Map([['overflow-x', x], ['overflow-y', y]]);
});

const NO_CONTAINMENT: Containment = { size: false, inlineSize: false, layout: false, paint: false, style: false };
const CONTAIN_WORDS: Readonly<Record<string, keyof Containment>> = { size: 'size', 'inline-size': 'inlineSize', layout: 'layout', paint: 'paint', style: 'style' };

/** `contain: none | strict | content | [size | inline-size] || layout || style || paint` (CSS Containment 2 §3). */
const contain = longhand<'contain', Containment>({
  name: 'contain',
  key: 'contain',
  inherited: false,
  initial: NO_CONTAINMENT,
  parse: (nodes) => {
    const words = nodes.map(identOf);
    if (words.length === 0 || words.some((w) => w === undefined)) return INVALID;
    if (words.length === 1 && words[0] === 'none') return NO_CONTAINMENT;
    if (words.length === 1 && words[0] === 'strict') return { size: true, inlineSize: false, layout: true, paint: true, style: true };
    if (words.length === 1 && words[0] === 'content') return { size: false, inlineSize: false, layout: true, paint: true, style: true };
    const result: Record<keyof Containment, boolean> = { ...NO_CONTAINMENT };
    for (const word of words as string[]) {
      const key = CONTAIN_WORDS[word];
      if (key === undefined || result[key]) return INVALID;
      result[key] = true;
    }
    return result.size && result.inlineSize ? INVALID : result;
  },
  compute: (value) => value,
});

/**
 * `aspect-ratio: auto || <ratio>` (CSS Sizing 4 §5.1), `<ratio>` being `<number> [ / <number> ]`;
 * a degenerate ratio (a zero side) is `auto`.
 */
const aspectRatio = longhand<'aspectRatio', PreferredRatio | 'auto'>({
  name: 'aspect-ratio',
  key: 'aspectRatio',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => {
    const rest = nodes.filter((node) => identOf(node) !== 'auto');
    if (rest.length === 0) return nodes.length === 1 ? 'auto' : INVALID;
    if (nodes.length - rest.length > 1) return INVALID;
    const parts = splitBy(rest, '/');
    if (parts.length > 2 || parts.some((part) => part.length !== 1)) return INVALID;
    const width = numberOf(parts[0]![0]);
    const height = parts.length === 2 ? numberOf(parts[1]![0]) : 1;
    if (width === undefined || height === undefined || width < 0 || height < 0) return INVALID;
    if (width === 0 || height === 0) return 'auto';
    return { ratio: width / height, natural: rest.length < nodes.length };
  },
  compute: (value) => value,
});

const OFFSET_OPTIONS = { percent: true, negative: true, keywords: ['auto'] } as const;

export const DISPLAY_PROPERTIES: readonly PropertyDef[] = [
  display,
  position,
  float,
  keywordProperty({ name: 'clear', key: 'clear', keywords: ['none', 'left', 'right', 'both', 'inline-start', 'inline-end'], initial: 'none', inherited: false }),
  lengthProperty('top', 'top', 'auto', false, OFFSET_OPTIONS),
  lengthProperty('right', 'right', 'auto', false, OFFSET_OPTIONS),
  lengthProperty('bottom', 'bottom', 'auto', false, OFFSET_OPTIONS),
  lengthProperty('left', 'left', 'auto', false, OFFSET_OPTIONS),
  sidesShorthand('inset', ['top', 'right', 'bottom', 'left'], (node) => parseLengthOrKeyword(node, OFFSET_OPTIONS)),
  numberProperty('z-index', 'zIndex', 'auto', false, { integer: true, keywords: ['auto'] }),
  keywordProperty({ name: 'visibility', key: 'visibility', keywords: ['visible', 'hidden', 'collapse'], initial: 'visible', inherited: true }),
  overflowX,
  overflowY,
  overflow,
  textOverflow,
  maxLines,
  blockEllipsis,
  continueProperty,
  lineClamp,
  webkitLineClamp,
  keywordProperty({ name: '-webkit-box-orient', key: 'webkitBoxOrient', keywords: ['horizontal', 'vertical'], initial: 'horizontal', inherited: false, aliases: { 'inline-axis': 'horizontal', 'block-axis': 'vertical' } }),
  contain,
  aspectRatio,
];
