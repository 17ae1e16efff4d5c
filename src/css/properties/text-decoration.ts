/**
 * CSS Text Decoration 3/4: text-decoration-line/color/style/thickness and the shorthand,
 * text-underline-offset and text-underline-position.
 */
import type { TextDecorationLine } from '../model/types.js';
import { parseColor } from '../values/color.js';
import { identOf } from '../values/nodes.js';
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

/** `auto | <length-percentage>`; inherited, percentages kept (1em of the decorating box). */
const underlineOffset = longhand<'textUnderlineOffset', 'auto' | SpecifiedLength>({
  name: 'text-underline-offset',
  key: 'textUnderlineOffset',
  inherited: true,
  initial: 'auto',
  parse: (nodes) => {
    if (nodes.length !== 1) return INVALID;
    if (identOf(nodes[0]) === 'auto') return 'auto';
    return parseLength(nodes[0], { percent: true }) ?? INVALID;
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
  keywordProperty({ name: 'text-decoration-skip-ink', key: 'textDecorationSkipInk', keywords: ['auto', 'none', 'all'], initial: 'auto', inherited: true }),
];
