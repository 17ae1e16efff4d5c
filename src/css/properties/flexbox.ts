/** CSS Flexbox 1 and CSS Box Alignment 3: flex properties, alignment, gaps and shorthands. */
import type { CssNode } from 'css-tree';
import type { ComputedStyle } from '../model/types.js';
import { identOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { lengthProperty, numberProperty, parseNumber } from './common.js';
import type { Nodes, PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand, shorthand } from './define.js';

const CONTENT_DISTRIBUTION = ['space-between', 'space-around', 'space-evenly', 'stretch'];
const POSITIONAL = ['center', 'start', 'end', 'flex-start', 'flex-end', 'left', 'right', 'self-start', 'self-end'];

/** Parses an alignment value into its canonical space-separated keywords. */
function alignmentParser(single: readonly string[], allowsBaseline: boolean, allowsOverflow: boolean) {
  const allowed = new Set(single);
  return (nodes: Nodes): string | undefined => {
    const words = nodes.map(identOf);
    if (words.length === 0 || words.some((w) => w === undefined)) return undefined;
    const [first, second] = words as string[];
    if (words.length === 1) return allowed.has(first!) || (allowsBaseline && first === 'baseline') ? first : undefined;
    if (words.length !== 2) return undefined;
    if (allowsBaseline && (first === 'first' || first === 'last') && second === 'baseline') return first === 'first' ? 'baseline' : 'last baseline';
    if (allowsOverflow && (first === 'safe' || first === 'unsafe') && POSITIONAL.includes(second!) && allowed.has(second!)) return `${first} ${second}`;
    return undefined;
  };
}

const parseJustifyContent = alignmentParser(['normal', ...CONTENT_DISTRIBUTION, ...POSITIONAL.filter((w) => !w.startsWith('self'))], false, true);
const parseAlignContent = alignmentParser(['normal', ...CONTENT_DISTRIBUTION, ...POSITIONAL.filter((w) => !w.startsWith('self') && w !== 'left' && w !== 'right')], true, true);
const parseAlignItems = alignmentParser(['normal', 'stretch', ...POSITIONAL.filter((w) => w !== 'left' && w !== 'right')], true, true);
const parseAlignSelf = alignmentParser(['auto', 'normal', 'stretch', ...POSITIONAL.filter((w) => w !== 'left' && w !== 'right')], true, true);
export const parseJustifyItems = alignmentParser(['normal', 'stretch', 'legacy', ...POSITIONAL], true, true);
export const parseJustifySelf = alignmentParser(['auto', 'normal', 'stretch', ...POSITIONAL], true, true);

function alignmentProperty(name: string, key: 'justifyContent' | 'alignItems' | 'alignSelf' | 'alignContent', initial: string, parse: (nodes: Nodes) => string | undefined): PropertyDef {
  return longhand<typeof key, string>({ name, key, inherited: false, initial, parse: (nodes) => parse(nodes) ?? INVALID, compute: (v) => v });
}

type BasisSpec = 'auto' | 'content' | 'min-content' | 'fit-content' | 'stretch' | SpecifiedLength;

/** `auto | content | <width>` with the intrinsic size keywords of CSS Sizing 3/4 (`max-content` is `content`). */
function parseBasis(node: CssNode | undefined): BasisSpec | undefined {
  const word = identOf(node);
  if (word === 'auto' || word === 'content' || word === 'min-content' || word === 'fit-content' || word === 'stretch') return word;
  if (word === 'max-content') return 'content';
  return parseLength(node, { percent: true });
}

const flexBasis = longhand<'flexBasis', BasisSpec>({
  name: 'flex-basis',
  key: 'flexBasis',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => (nodes.length === 1 ? parseBasis(nodes[0]) ?? INVALID : INVALID),
  compute: (value, ctx) => (typeof value === 'string' ? value : computeLength(value, ctx)),
});

/** `flex: none | [ <grow> <shrink>? || <basis> ]` (CSS Flexbox 1 §7.1). */
const flex = shorthand('flex', ['flex-grow', 'flex-shrink', 'flex-basis'], (nodes) => {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  if (word === 'none') return new Map<string, unknown>([['flex-grow', 0], ['flex-shrink', 0], ['flex-basis', 'auto']]);
  if (word === 'auto') return new Map<string, unknown>([['flex-grow', 1], ['flex-shrink', 1], ['flex-basis', 'auto']]);
  if (nodes.length === 0 || nodes.length > 3) return INVALID;
  let grow: number | undefined;
  let shrink: number | undefined;
  let basis: BasisSpec | undefined;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const number = node.type === 'Number' ? parseNumber(node, { min: 0 }) : undefined;
    if (number !== undefined && grow === undefined) {
      grow = number;
      const next = nodes[i + 1]?.type === 'Number' ? parseNumber(nodes[i + 1], { min: 0 }) : undefined;
      if (next !== undefined) { shrink = next; i++; }
      continue;
    }
    const asBasis = basis === undefined ? parseBasis(node) : undefined;
    if (asBasis !== undefined) { basis = asBasis; continue; }
    return INVALID;
  }
  return new Map<string, unknown>([['flex-grow', grow ?? 1], ['flex-shrink', shrink ?? 1], ['flex-basis', basis ?? 0]]);
});

const DIRECTIONS = ['row', 'row-reverse', 'column', 'column-reverse'] as const;
const WRAPS = ['nowrap', 'wrap', 'wrap-reverse'] as const;

/** `[ nowrap | wrap | wrap-reverse ] || balance` (`balance` alone wraps), as flex-wrap's computed keyword. */
type Wrap = ComputedStyle['flexWrap'];

function parseWrap(words: readonly string[]): Wrap | undefined {
  const balance = words.filter((w) => w === 'balance').length;
  const rest = words.filter((w) => w !== 'balance');
  if (balance > 1 || rest.length > 1 || (rest.length === 1 && !(WRAPS as readonly string[]).includes(rest[0]!))) return undefined;
  const wrap = rest[0] as Wrap | undefined;
  if (balance === 0) return wrap;
  return wrap === 'nowrap' ? undefined : wrap === 'wrap-reverse' ? 'wrap-reverse balance' : 'balance';
}

const flexWrap = longhand<'flexWrap', Wrap>({
  name: 'flex-wrap', key: 'flexWrap', inherited: false, initial: 'nowrap',
  parse: (nodes) => {
    const words = nodes.map(identOf);
    return words.length === 0 || words.some((w) => w === undefined) ? INVALID : parseWrap(words as string[]) ?? INVALID;
  },
  compute: (value) => value,
});

const flexFlow = shorthand('flex-flow', ['flex-direction', 'flex-wrap'], (nodes) => {
  if (nodes.length < 1 || nodes.length > 3) return INVALID;
  const words = nodes.map(identOf);
  if (words.some((w) => w === undefined)) return INVALID;
  const directions = (words as string[]).filter((w) => (DIRECTIONS as readonly string[]).includes(w));
  const others = (words as string[]).filter((w) => !(DIRECTIONS as readonly string[]).includes(w));
  const wrap = others.length === 0 ? 'nowrap' : parseWrap(others);
  if (directions.length > 1 || wrap === undefined) return INVALID;
  return new Map([['flex-direction', directions[0] ?? 'row'], ['flex-wrap', wrap]]);
});

type GapSpec = 'normal' | SpecifiedLength;

function parseGap(node: CssNode | undefined): GapSpec | undefined {
  return identOf(node) === 'normal' ? 'normal' : parseLength(node, { percent: true });
}

const gap = shorthand('gap', ['row-gap', 'column-gap'], (nodes) => {
  if (nodes.length < 1 || nodes.length > 2) return INVALID;
  const row = parseGap(nodes[0]);
  const column = nodes.length === 2 ? parseGap(nodes[1]) : row;
  return row === undefined || column === undefined ? INVALID : new Map<string, unknown>([['row-gap', row], ['column-gap', column]]);
});

/** `place-*: <align> <justify>?` (CSS Box Alignment 3 §5-6). */
function placeShorthand(name: string, alignName: string, parseAlign: (nodes: Nodes) => string | undefined, justifyName: string | undefined, parseJustify: (nodes: Nodes) => string | undefined): PropertyDef {
  const longhands = justifyName === undefined ? [alignName] : [alignName, justifyName];
  return shorthand(name, longhands, (nodes, ctx) => {
    if (nodes.length === 0) return INVALID;
    for (let split = 1; split <= nodes.length; split++) {
      const align = parseAlign(nodes.slice(0, split));
      const rest = nodes.slice(split);
      const justify = rest.length === 0 ? align : parseJustify(rest);
      if (align === undefined || justify === undefined) continue;
      const result = new Map<string, unknown>([[alignName, align]]);
      if (justifyName !== undefined) result.set(justifyName, justifyName === 'justify-content' && (justify === 'baseline' || justify === 'last baseline') ? 'normal' : justify);
      else if (rest.length > 0 && justify !== align) ctx.unsupported(`justify-* in \`${name}\``);
      return result;
    }
    return INVALID;
  });
}

export const FLEX_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: 'flex-direction', key: 'flexDirection', keywords: DIRECTIONS, initial: 'row', inherited: false }),
  flexWrap,
  numberProperty('flex-line-count', 'flexLineCount', 1, false, { min: 1, integer: true }),
  numberProperty('flex-grow', 'flexGrow', 0, false, { min: 0 }),
  numberProperty('flex-shrink', 'flexShrink', 1, false, { min: 0 }),
  flexBasis,
  numberProperty('order', 'order', 0, false, { integer: true }),
  alignmentProperty('justify-content', 'justifyContent', 'normal', parseJustifyContent),
  alignmentProperty('align-items', 'alignItems', 'normal', parseAlignItems),
  alignmentProperty('align-self', 'alignSelf', 'auto', parseAlignSelf),
  alignmentProperty('align-content', 'alignContent', 'normal', parseAlignContent),
  lengthProperty('row-gap', 'rowGap', 'normal', false, { percent: true, keywords: ['normal'] }),
  lengthProperty('column-gap', 'columnGap', 'normal', false, { percent: true, keywords: ['normal'] }),
  flex,
  flexFlow,
  gap,
  placeShorthand('place-content', 'align-content', parseAlignContent, 'justify-content', parseJustifyContent),
  placeShorthand('place-items', 'align-items', parseAlignItems, 'justify-items', parseJustifyItems),
  placeShorthand('place-self', 'align-self', parseAlignSelf, 'justify-self', parseJustifySelf),
  keywordProperty({ name: 'object-fit', key: 'objectFit', keywords: ['fill', 'contain', 'cover', 'none', 'scale-down'], initial: 'fill', inherited: false }),
  // CSS Images 3 §6.1 (inherited)
  keywordProperty({ name: 'image-rendering', key: 'imageRendering', keywords: ['auto', 'smooth', 'high-quality', 'pixelated', 'crisp-edges'], initial: 'auto', inherited: true }),
  keywordProperty({ name: 'image-orientation', key: 'imageOrientation', keywords: ['from-image', 'none'], initial: 'from-image', inherited: true }),
];

export const FLEX_ALIASES: Readonly<Record<string, string>> = {
  'grid-gap': 'gap', 'grid-row-gap': 'row-gap', 'grid-column-gap': 'column-gap',
  '-webkit-flex': 'flex', '-webkit-flex-direction': 'flex-direction', '-webkit-flex-wrap': 'flex-wrap',
  '-webkit-flex-grow': 'flex-grow', '-webkit-flex-shrink': 'flex-shrink', '-webkit-flex-basis': 'flex-basis',
  '-webkit-justify-content': 'justify-content', '-webkit-align-items': 'align-items', '-webkit-align-self': 'align-self',
  '-webkit-align-content': 'align-content', '-webkit-order': 'order', '-webkit-flex-flow': 'flex-flow',
};
