/** CSS Text 3, CSS Writing Modes 3 (direction, unicode-bidi) and CSS 2 §10.8 (vertical-align). */
import type { HangingPunctuation, InitialLetter, TextAlign, TextIndent, VerticalAlign } from '../model/types.js';
import { NO_TEXT_INDENT } from '../model/types.js';
import { identOf, integerOf, numberOf, singleIdent } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { colorProperty, parseNumber, pxProperty } from './common.js';
import type { PropertyDef } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';
import type { Nodes } from '../values/nodes.js';
import { parseColor } from '../values/color.js';

const ALIGN: readonly TextAlign[] = ['left', 'right', 'center', 'justify', 'start', 'end'];
const LEGACY: readonly TextAlign[] = ['-webkit-left', '-webkit-center', '-webkit-right'];
const ALIGN_ALIASES: Readonly<Record<string, TextAlign>> = {
  'justify-all': 'justify', '-moz-center': '-webkit-center', '-moz-left': '-webkit-left', '-moz-right': '-webkit-right',
};
/** `text-align-last` has no legacy alignment: its spellings align the text only. */
const LAST_ALIASES: Readonly<Record<string, TextAlign>> = {
  'justify-all': 'justify', '-webkit-center': 'center', '-webkit-left': 'left', '-webkit-right': 'right', '-moz-center': 'center',
};

/**
 * `text-align` (CSS Text 3 §7.1); `match-parent` computes to the parent's value, start/end made
 * physical. `-internal-center` is the UA sheet's for `th` (HTML §15.3.8): centred only when the
 * parent's alignment is the initial one, else the parent's (a `text-left` row keeps its headers left).
 * `-internal-table` is the UA sheet's for `table`: the parent's alignment, except that a legacy
 * one (`<center>`, `align=center`) stops there and is `start` — Blink's tables never take the
 * `-webkit-*` values, so an email's `<center><table>` keeps its cells' text at the start.
 */
const textAlign = longhand<'textAlign', TextAlign | 'match-parent' | '-internal-center' | '-internal-table'>({
  name: 'text-align',
  key: 'textAlign',
  inherited: true,
  initial: 'start',
  parse: (nodes) => {
    const word = singleIdent(nodes);
    if (word === undefined) return INVALID;
    if (word === 'match-parent' || word === '-webkit-match-parent') return 'match-parent';
    if (word === '-internal-center' || word === '-internal-table') return word;
    if ((ALIGN as readonly string[]).includes(word) || (LEGACY as readonly string[]).includes(word)) return word as TextAlign;
    return ALIGN_ALIASES[word] ?? INVALID;
  },
  compute: (value, ctx) => {
    if (value === '-internal-center') return ctx.parent.textAlign === 'start' ? 'center' : ctx.parent.textAlign;
    if (value === '-internal-table') return ctx.parent.textAlign.startsWith('-webkit-') ? 'start' : ctx.parent.textAlign;
    if (value !== 'match-parent') return value;
    const inherited = ctx.parent.textAlign;
    const rtl = ctx.parent.direction === 'rtl';
    if (inherited === 'start') return rtl ? 'right' : 'left';
    if (inherited === 'end') return rtl ? 'left' : 'right';
    return inherited;
  },
});

type TabSpec = { readonly number: number } | SpecifiedLength;

const tabSize = longhand<'tabSize', TabSpec>({
  name: 'tab-size',
  key: 'tabSize',
  inherited: true,
  initial: { kind: 'number', value: 8 },
  parse: (nodes) => {
    if (nodes.length !== 1) return INVALID;
    // a number, or a calc() of one (a length's calc() is not)
    const n = parseNumber(nodes[0]);
    if (n !== undefined) return n >= 0 ? { number: n } : INVALID;
    return parseLength(nodes[0]) ?? INVALID;
  },
  compute: (value, ctx) => (typeof value === 'object' && 'number' in value
    ? { kind: 'number', value: value.number }
    : (computeLength(value, ctx) as number)),
});

const VERTICAL_KEYWORDS = new Set(['baseline', 'sub', 'super', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', '-webkit-baseline-middle']);

const verticalAlign = longhand<'verticalAlign', string | SpecifiedLength>({
  name: 'vertical-align',
  key: 'verticalAlign',
  inherited: false,
  initial: 'baseline',
  parse: (nodes) => {
    if (nodes.length !== 1) return INVALID;
    const word = identOf(nodes[0]);
    if (word !== undefined) return VERTICAL_KEYWORDS.has(word) ? word : INVALID;
    return parseLength(nodes[0], { percent: true, negative: true }) ?? INVALID;
  },
  compute: (value, ctx) => (typeof value === 'string' ? (value as VerticalAlign) : computeLength(value, ctx)),
});

/** `<length-percentage> && hanging? && each-line?` */
const textIndent = longhand<'textIndent', { readonly length: SpecifiedLength; readonly hanging: boolean; readonly eachLine: boolean }>({
  name: 'text-indent',
  key: 'textIndent',
  inherited: true,
  initial: NO_TEXT_INDENT,
  parse: (nodes) => {
    const words = nodes.map((n) => identOf(n));
    const hanging = words.filter((w) => w === 'hanging').length;
    const eachLine = words.filter((w) => w === 'each-line').length;
    const rest = nodes.filter((_, i) => words[i] !== 'hanging' && words[i] !== 'each-line');
    const length = rest.length === 1 ? parseLength(rest[0], { percent: true, negative: true }) : undefined;
    return length === undefined || hanging > 1 || eachLine > 1 ? INVALID : { length, hanging: hanging === 1, eachLine: eachLine === 1 };
  },
  compute: (value, ctx): TextIndent => ({ length: computeLength(value.length, ctx), hanging: value.hanging, eachLine: value.eachLine }),
});

const NO_HANGING: HangingPunctuation = { first: false, end: 'none', last: false };

/** `hanging-punctuation: none | [ first || [ force-end | allow-end ] || last ]` (CSS Text 3 §9.2). */
const hangingPunctuation = longhand<'hangingPunctuation', HangingPunctuation>({
  name: 'hanging-punctuation',
  key: 'hangingPunctuation',
  inherited: true,
  initial: NO_HANGING,
  parse: (nodes) => {
    const words = nodes.map((node) => identOf(node));
    if (words.length === 1 && words[0] === 'none') return NO_HANGING;
    let first = false;
    let last = false;
    let end: HangingPunctuation['end'] = 'none';
    for (const word of words) {
      if (word === 'first' && !first) first = true;
      else if (word === 'last' && !last) last = true;
      else if ((word === 'force-end' || word === 'allow-end') && end === 'none') end = word === 'force-end' ? 'force' : 'allow';
      else return INVALID;
    }
    return words.length === 0 ? INVALID : { first, end, last };
  },
  compute: (value) => value,
});

const overflowWrapValues = ['normal', 'break-word', 'anywhere'] as const;

/** `thin | medium | thick` of `-webkit-text-stroke-width`, as Chromium sizes them. */
const STROKE_KEYWORDS: Readonly<Record<string, number>> = { thin: 1, medium: 3, thick: 5 };

function parseStrokeWidth(node: Parameters<typeof parseLength>[0]): SpecifiedLength | number | undefined {
  const word = identOf(node);
  if (word !== undefined) return STROKE_KEYWORDS[word];
  return parseLength(node, { negative: false });
}

/** `-webkit-text-stroke-width` (Compatibility §5.3): glyph outlines stroked this wide, centred on the outline. */
const textStrokeWidth = longhand<'webkitTextStrokeWidth', SpecifiedLength | number>({
  name: '-webkit-text-stroke-width',
  key: 'webkitTextStrokeWidth',
  inherited: true,
  initial: 0,
  parse: (nodes) => (nodes.length === 1 ? parseStrokeWidth(nodes[0]) ?? INVALID : INVALID),
  compute: (value, ctx) => {
    const px = computeLength(value, ctx);
    return typeof px === 'number' ? px : 0;
  },
});

/** The `white-space` keywords as their longhands (CSS Text 4 §3.1): collapsing, then wrapping. */
const WHITE_SPACE_KEYWORDS: Readonly<Record<string, readonly [string, string]>> = {
  normal: ['collapse', 'wrap'], nowrap: ['collapse', 'nowrap'], pre: ['preserve', 'nowrap'],
  'pre-wrap': ['preserve', 'wrap'], 'pre-line': ['preserve-breaks', 'wrap'], 'break-spaces': ['break-spaces', 'wrap'],
};
const COLLAPSE_KEYWORDS = new Set(['collapse', 'preserve', 'preserve-breaks', 'break-spaces']);

/**
 * `white-space` (CSS Text 4 §3.1): a shorthand of `white-space-collapse` and `text-wrap-mode`,
 * by its CSS 2 keywords or by theirs (`white-space: preserve nowrap`).
 */
const whiteSpace = shorthand('white-space', ['white-space-collapse', 'text-wrap-mode'], (nodes: Nodes) => {
  const word = singleIdent(nodes);
  const legacy = word !== undefined && Object.hasOwn(WHITE_SPACE_KEYWORDS, word) ? WHITE_SPACE_KEYWORDS[word] : undefined;
  if (legacy !== undefined) return new Map<string, unknown>([['white-space-collapse', legacy[0]], ['text-wrap-mode', legacy[1]]]);
  const parts = keywordParts(nodes, { 'white-space-collapse': COLLAPSE_KEYWORDS, 'text-wrap-mode': WRAP_MODES });
  return parts ?? INVALID;
});

const WRAP_MODES = new Set(['wrap', 'nowrap']);
const WRAP_STYLES = new Set(['auto', 'balance', 'stable', 'pretty']);

/** `text-wrap: <'text-wrap-mode'> || <'text-wrap-style'>` (CSS Text 4 §5.3). */
const textWrap = shorthand('text-wrap', ['text-wrap-mode', 'text-wrap-style'], (nodes: Nodes) => keywordParts(nodes, { 'text-wrap-mode': WRAP_MODES, 'text-wrap-style': WRAP_STYLES }) ?? INVALID);

/** Keywords in any order, at most one per longhand (`a || b`); the longhands not given are reset. */
function keywordParts(nodes: Nodes, longhands: Readonly<Record<string, ReadonlySet<string>>>): Map<string, unknown> | undefined {
  const result = new Map<string, unknown>(Object.keys(longhands).map((name) => [name, RESET]));
  if (nodes.length === 0) return undefined;
  for (const node of nodes) {
    const word = identOf(node);
    const name = word === undefined ? undefined : Object.keys(longhands).find((key) => longhands[key]!.has(word) && result.get(key) === RESET);
    if (name === undefined) return undefined;
    result.set(name, word);
  }
  return result;
}

/** `-webkit-text-stroke: <line-width> || <color>` (Compatibility §5.2). */
const textStroke = shorthand('-webkit-text-stroke', ['-webkit-text-stroke-width', '-webkit-text-stroke-color'], (nodes: Nodes) => {
  const result = new Map<string, unknown>([['-webkit-text-stroke-width', RESET], ['-webkit-text-stroke-color', RESET]]);
  if (nodes.length === 0 || nodes.length > 2) return INVALID;
  for (const node of nodes) {
    const width = result.get('-webkit-text-stroke-width') === RESET ? parseStrokeWidth(node) : undefined;
    if (width !== undefined) { result.set('-webkit-text-stroke-width', width); continue; }
    const color = result.get('-webkit-text-stroke-color') === RESET ? parseColor(node) : undefined;
    if (color !== undefined) { result.set('-webkit-text-stroke-color', color); continue; }
    return INVALID;
  }
  return result;
});

/** `initial-letter: normal | <number [1,∞]> <integer [1,∞]>? | <number [1,∞]> && [drop | raise]` (CSS Inline 3 §6.1). */
const initialLetter = longhand<'initialLetter', InitialLetter>({
  name: 'initial-letter', key: 'initialLetter', inherited: false, initial: 'normal',
  parse: (nodes: Nodes) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'normal') return 'normal';
    const sizeAt = nodes.findIndex((node) => node.type === 'Number');
    const size = numberOf(nodes[sizeAt]);
    if (size === undefined || size < 1 || nodes.length > 2) return INVALID;
    if (nodes.length === 1) return { size, sink: Math.floor(size) };
    const other = nodes[1 - sizeAt]!;
    const word = identOf(other);
    if (word === 'drop') return { size, sink: Math.floor(size) };
    if (word === 'raise') return { size, sink: 1 };
    const sink = sizeAt === 0 ? integerOf(other) : undefined;
    return sink === undefined || sink < 1 ? INVALID : { size, sink };
  },
  compute: (value) => value,
});

export const TEXT_PROPERTIES: readonly PropertyDef[] = [
  textAlign,
  initialLetter,
  keywordProperty({ name: 'text-align-last', key: 'textAlignLast', keywords: [...ALIGN, 'auto'], initial: 'auto', inherited: true, aliases: LAST_ALIASES }),
  // CSS Text 3 §7.4; `distribute` is its deprecated spelling of inter-character
  // CSS Text 3 §5.3 (layout/inline/line-break-rules.ts)
  keywordProperty({ name: 'line-break', key: 'lineBreak', keywords: ['auto', 'loose', 'normal', 'strict', 'anywhere'], initial: 'auto', inherited: true }),
  // CSS Ruby 1 §3.1 (boxes/ruby.ts); `alternate`, the spec's initial value, sets a single level over
  keywordProperty({ name: 'ruby-position', key: 'rubyPosition', keywords: ['over', 'under'], initial: 'over', inherited: true, aliases: { alternate: 'over' } }),
  keywordProperty({ name: 'ruby-align', key: 'rubyAlign', keywords: ['space-around', 'space-between', 'center', 'start'], initial: 'space-around', inherited: true }),
  keywordProperty({ name: 'text-justify', key: 'textJustify', keywords: ['auto', 'none', 'inter-word', 'inter-character'], initial: 'auto', inherited: true, aliases: { distribute: 'inter-character' } }),
  textIndent,
  keywordProperty({ name: 'text-transform', key: 'textTransform', keywords: ['none', 'uppercase', 'lowercase', 'capitalize', 'full-width', 'full-size-kana'], initial: 'none', inherited: true }),
  keywordProperty({ name: 'white-space-collapse', key: 'whiteSpaceCollapse', keywords: ['collapse', 'preserve', 'preserve-breaks', 'break-spaces'], initial: 'collapse', inherited: true }),
  keywordProperty({ name: 'text-wrap-mode', key: 'textWrapMode', keywords: ['wrap', 'nowrap'], initial: 'wrap', inherited: true }),
  keywordProperty({ name: 'text-wrap-style', key: 'textWrapStyle', keywords: ['auto', 'balance', 'stable', 'pretty'], initial: 'auto', inherited: true }),
  whiteSpace,
  textWrap,
  pxProperty('letter-spacing', 'letterSpacing', 0, true, { negative: true, normalIsZero: true }),
  pxProperty('word-spacing', 'wordSpacing', 0, true, { negative: true, normalIsZero: true }),
  keywordProperty({ name: 'overflow-wrap', key: 'overflowWrap', keywords: overflowWrapValues, initial: 'normal', inherited: true }),
  keywordProperty({ name: 'word-break', key: 'wordBreak', keywords: ['normal', 'break-all', 'keep-all', 'break-word', 'auto-phrase'], initial: 'normal', inherited: true }),
  keywordProperty({ name: 'text-spacing-trim', key: 'textSpacingTrim', keywords: ['normal', 'space-all', 'space-first', 'trim-start', 'trim-both', 'trim-all'], initial: 'normal', inherited: true, aliases: { auto: 'normal' } }),
  hangingPunctuation,
  keywordProperty({ name: 'hyphens', key: 'hyphens', keywords: ['none', 'manual', 'auto'], initial: 'manual', inherited: true }),
  tabSize,
  verticalAlign,
  keywordProperty({ name: 'direction', key: 'direction', keywords: ['ltr', 'rtl'], initial: 'ltr', inherited: true }),
  keywordProperty({ name: 'unicode-bidi', key: 'unicodeBidi', keywords: ['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'], initial: 'normal', inherited: false }),
  // Compatibility §5.1: what gradient text (`background-clip: text`) sets transparent
  colorProperty('-webkit-text-fill-color', 'webkitTextFillColor', 'currentcolor', true),
  textStrokeWidth,
  colorProperty('-webkit-text-stroke-color', 'webkitTextStrokeColor', 'currentcolor', true),
  textStroke,
];

/** Legacy names that are plain aliases of another property (CSS Cascade 4 §3.3 "legacy name aliases"). */
export const TEXT_ALIASES: Readonly<Record<string, string>> = {
  'word-wrap': 'overflow-wrap',
  '-webkit-hyphens': 'hyphens',
  '-ms-hyphens': 'hyphens',
};

