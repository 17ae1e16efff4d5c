/**
 * CSS Text Decoration 3/4: text-decoration-line/color/style/thickness and the shorthand,
 * text-underline-offset and text-underline-position, and the emphasis marks (text-emphasis-style,
 * -color, -position and the shorthand).
 */
import type { EmphasisShape, TextDecorationLine, TextEmphasisPosition, TextEmphasisStyle } from '../model/types.js';
import { graphemeSegmenter } from '../../graphemes.js';
import { parseColor } from '../values/color.js';
import { identOf, stringOf } from '../values/nodes.js';
import type { Nodes } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { colorProperty } from './common.js';
import type { PropertyDef } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

const NO_LINE: TextDecorationLine = { underline: false, overline: false, lineThrough: false };
const LINE_WORDS = new Set(['underline', 'overline', 'line-through', 'blink']);

/** `none | [ underline || overline || line-through || blink ]` */
function parseLine(nodes: Nodes): TextDecorationLine | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return NO_LINE;
  const seen = new Set<string>();
  for (const node of nodes) {
    const word = identOf(node);
    if (word === undefined || !LINE_WORDS.has(word) || seen.has(word)) return undefined;
    seen.add(word);
  }
  if (seen.size === 0) return undefined;
  return { underline: seen.has('underline'), overline: seen.has('overline'), lineThrough: seen.has('line-through') };
}

const STYLES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;

type ThicknessSpec = 'auto' | 'from-font' | SpecifiedLength;

function parseThickness(nodes: Nodes): ThicknessSpec | undefined {
  if (nodes.length !== 1) return undefined;
  const word = identOf(nodes[0]);
  if (word === 'auto' || word === 'from-font') return word;
  return parseLength(nodes[0], { percent: true });
}

const thickness = longhand<'textDecorationThickness', ThicknessSpec>({
  name: 'text-decoration-thickness',
  key: 'textDecorationThickness',
  inherited: false,
  initial: 'auto',
  parse: (nodes) => parseThickness(nodes) ?? INVALID,
  compute: (value, ctx) => (typeof value === 'string' ? value : computeLength(value, ctx)),
});

/** `auto | <length-percentage>`, negative too (the line moves up); inherited, percentages kept (1em of the decorating box). */
const underlineOffset = longhand<'textUnderlineOffset', 'auto' | SpecifiedLength>({
  name: 'text-underline-offset',
  key: 'textUnderlineOffset',
  inherited: true,
  initial: 'auto',
  parse: (nodes) => {
    if (nodes.length !== 1) return INVALID;
    if (identOf(nodes[0]) === 'auto') return 'auto';
    return parseLength(nodes[0], { percent: true, negative: true }) ?? INVALID;
  },
  compute: (value, ctx) => (value === 'auto' ? value : computeLength(value, ctx)),
});

/** `auto | [ from-font | under ] || [ left | right ]`; left and right place underlines in vertical text only. */
function parseUnderlinePosition(nodes: Nodes): 'auto' | 'from-font' | 'under' | undefined {
  const words = nodes.map(identOf);
  if (words.length === 1 && words[0] === 'auto') return 'auto';
  if (words.length === 0 || words.length > 2) return undefined;
  const horizontal = words.filter((w) => w === 'from-font' || w === 'under');
  const vertical = words.filter((w) => w === 'left' || w === 'right');
  if (horizontal.length + vertical.length !== words.length || horizontal.length > 1 || vertical.length > 1) return undefined;
  return (horizontal[0] as 'from-font' | 'under' | undefined) ?? 'auto';
}

const underlinePosition = longhand<'textUnderlinePosition', 'auto' | 'from-font' | 'under'>({
  name: 'text-underline-position',
  key: 'textUnderlinePosition',
  inherited: true,
  initial: 'auto',
  parse: (nodes) => parseUnderlinePosition(nodes) ?? INVALID,
  compute: (value) => value,
});

/** `text-decoration: <line> || <style> || <color> || <thickness>` */
const textDecoration = shorthand('text-decoration', [
  'text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness',
], (nodes) => {
  const result = new Map<string, unknown>([
    ['text-decoration-line', RESET], ['text-decoration-style', RESET], ['text-decoration-color', RESET], ['text-decoration-thickness', RESET],
  ]);
  const lineNodes: Nodes[number][] = [];
  for (const node of nodes) {
    const word = identOf(node);
    if (word !== undefined && (LINE_WORDS.has(word) || word === 'none')) { lineNodes.push(node); continue; }
    if (word !== undefined && (STYLES as readonly string[]).includes(word) && result.get('text-decoration-style') === RESET) {
      result.set('text-decoration-style', word);
      continue;
    }
    const color = parseColor(node);
    if (color !== undefined && result.get('text-decoration-color') === RESET) { result.set('text-decoration-color', color); continue; }
    const width = parseThickness([node]);
    if (width !== undefined && result.get('text-decoration-thickness') === RESET) { result.set('text-decoration-thickness', width); continue; }
    return INVALID;
  }
  if (lineNodes.length > 0) {
    const line = parseLine(lineNodes);
    if (line === undefined) return INVALID;
    result.set('text-decoration-line', line);
  }
  if (nodes.length === 0) return INVALID;
  return result;
});

const EMPHASIS_SHAPES: readonly EmphasisShape[] = ['dot', 'circle', 'double-circle', 'triangle', 'sesame'];

/** `none | [ filled | open ] || <shape> | <string>` (a string keeps its first grapheme cluster, §3.1). */
function parseEmphasisStyle(nodes: Nodes): TextEmphasisStyle | undefined {
  if (nodes.length === 1) {
    if (identOf(nodes[0]) === 'none') return 'none';
    const string = stringOf(nodes[0]);
    if (string !== undefined) return { string: firstGrapheme(string) };
  }
  if (nodes.length === 0 || nodes.length > 2) return undefined;
  let fill: 'filled' | 'open' | undefined;
  let shape: EmphasisShape | undefined;
  for (const node of nodes) {
    const word = identOf(node);
    if ((word === 'filled' || word === 'open') && fill === undefined) fill = word;
    else if (word !== undefined && (EMPHASIS_SHAPES as readonly string[]).includes(word) && shape === undefined) shape = word as EmphasisShape;
    else return undefined;
  }
  return { fill: fill ?? 'filled', shape };
}

const EMPHASIS_WORDS: ReadonlySet<string> = new Set(['none', 'filled', 'open', ...EMPHASIS_SHAPES]);

/** Code points a mark keeps: one character, with room for its combining marks and selectors. */
const MAX_MARK_CODE_POINTS = 16;

/**
 * The mark a string gives: its first grapheme cluster, cut at 16 code points. Every character of
 * the text repeats the mark's glyphs: a cluster of 2,000 combining marks on 100,000 characters ran
 * a render past its time limit in a minute and 800 MB; cut, it prints in seconds.
 */
function firstGrapheme(text: string): string {
  for (const { segment } of graphemeSegmenter().segment(text)) return Array.from(segment).slice(0, MAX_MARK_CODE_POINTS).join('');
  return '';
}

/** `[ over | under ] && [ right | left ]?` (`right` when left out, CSS Text Decoration 4 §3.3). */
function parseEmphasisPosition(nodes: Nodes): TextEmphasisPosition | undefined {
  const words = nodes.map(identOf);
  if (words.length === 0 || words.length > 2) return undefined;
  const block = words.filter((w) => w === 'over' || w === 'under');
  const inline = words.filter((w) => w === 'right' || w === 'left');
  if (block.length !== 1 || inline.length > 1 || block.length + inline.length !== words.length) return undefined;
  return { over: block[0] === 'over', right: inline[0] !== 'left' };
}

const emphasisStyle = longhand<'textEmphasisStyle', TextEmphasisStyle>({
  name: 'text-emphasis-style',
  key: 'textEmphasisStyle',
  inherited: true,
  initial: 'none',
  parse: (nodes) => parseEmphasisStyle(nodes) ?? INVALID,
  compute: (value) => value,
});

const emphasisPosition = longhand<'textEmphasisPosition', TextEmphasisPosition>({
  name: 'text-emphasis-position',
  key: 'textEmphasisPosition',
  inherited: true,
  initial: Object.freeze({ over: true, right: true }),
  parse: (nodes) => parseEmphasisPosition(nodes) ?? INVALID,
  compute: (value) => value,
});

/** `text-emphasis: <'text-emphasis-style'> || <'text-emphasis-color'>` */
const textEmphasis = shorthand('text-emphasis', ['text-emphasis-style', 'text-emphasis-color'], (nodes) => {
  if (nodes.length === 0) return INVALID;
  const isStyle = (node: Nodes[number]): boolean => stringOf(node) !== undefined || EMPHASIS_WORDS.has(identOf(node) ?? '');
  const styleNodes = nodes.filter(isStyle);
  const colorNodes = nodes.filter((node) => !isStyle(node));
  if (colorNodes.length > 1) return INVALID;
  const style = styleNodes.length === 0 ? RESET : parseEmphasisStyle(styleNodes);
  if (style === undefined) return INVALID;
  const color = colorNodes.length === 0 ? RESET : parseColor(colorNodes[0]!);
  if (color === undefined) return INVALID;
  return new Map<string, unknown>([['text-emphasis-style', style], ['text-emphasis-color', color]]);
});

export const TEXT_DECORATION_PROPERTIES: readonly PropertyDef[] = [
  longhand<'textDecorationLine', TextDecorationLine>({
    name: 'text-decoration-line',
    key: 'textDecorationLine',
    inherited: false,
    initial: NO_LINE,
    parse: (nodes) => parseLine(nodes) ?? INVALID,
    compute: (value) => value,
  }),
  keywordProperty({ name: 'text-decoration-style', key: 'textDecorationStyle', keywords: STYLES, initial: 'solid', inherited: false }),
  colorProperty('text-decoration-color', 'textDecorationColor', 'currentcolor', false),
  thickness,
  textDecoration,
  underlineOffset,
  underlinePosition,
  emphasisStyle,
  colorProperty('text-emphasis-color', 'textEmphasisColor', 'currentcolor', true),
  emphasisPosition,
  textEmphasis,
  keywordProperty({ name: 'text-decoration-skip-ink', key: 'textDecorationSkipInk', keywords: ['auto', 'none', 'all'], initial: 'auto', inherited: true }),
];
