/**
 * CSS Backgrounds 3 §6: `border-image-source`, `-slice`, `-width`, `-outset`, `-repeat` and the
 * `border-image` shorthand. Each side list takes one to four values, expanded like margins.
 */
import type { CssNode } from 'css-tree';
import type { BorderImageOffset, BorderImageOutset, BorderImageRepeat, BorderImageSlice, BorderImageWidth, CssImage } from '../model/image-types.js';
import type { SpecifiedImage } from '../values/image.js';
import { computeImage, parseImage } from '../values/image.js';
import { identOf, isOperator, numberOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { ComputeContext, Nodes, ParseContext, PropertyDef } from './define.js';
import { INVALID, RESET, longhand, shorthand } from './define.js';

type Four<T> = readonly [T, T, T, T];

/** One to four values as top, right, bottom, left (CSS Backgrounds 3 §6, like `margin`). */
function sides<T>(values: readonly T[]): Four<T> | undefined {
  if (values.length < 1 || values.length > 4) return undefined;
  const [t, r = t, b = t, l = r] = values as [T, T?, T?, T?];
  return [t, r!, b!, l!];
}

function parseEach<T>(nodes: Nodes, one: (node: CssNode) => T | undefined): Four<T> | undefined {
  const values: T[] = [];
  for (const node of nodes) {
    const value = one(node);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return sides(values);
}

const nonNegative = (node: CssNode): number | undefined => {
  const n = numberOf(node);
  return n !== undefined && n >= 0 ? n : undefined;
};

function parseSlice(nodes: Nodes): BorderImageSlice | undefined {
  const fill = nodes.filter((n) => identOf(n) === 'fill').length;
  const rest = nodes.filter((n) => identOf(n) !== 'fill');
  if (fill > 1 || (fill === 1 && identOf(nodes[0]) !== 'fill' && identOf(nodes[nodes.length - 1]) !== 'fill')) return undefined;
  const offsets = parseEach<BorderImageOffset>(rest, (node) => {
    if (node.type === 'Percentage' && Number(node.value) >= 0) return { kind: 'percent', value: Number(node.value) };
    const n = nonNegative(node);
    return n === undefined ? undefined : { kind: 'number', value: n };
  });
  return offsets === undefined ? undefined : { offsets, fill: fill === 1 };
}

type WidthSpec = { readonly kind: 'number'; readonly value: number } | SpecifiedLength | 'auto';

function parseWidths(nodes: Nodes): Four<WidthSpec> | undefined {
  return parseEach<WidthSpec>(nodes, (node) => {
    if (identOf(node) === 'auto') return 'auto';
    const n = nonNegative(node);
    if (n !== undefined) return { kind: 'number', value: n };
    return parseLength(node, { percent: true });
  });
}

type OutsetSpec = { readonly kind: 'number'; readonly value: number } | SpecifiedLength;

function parseOutsets(nodes: Nodes): Four<OutsetSpec> | undefined {
  return parseEach<OutsetSpec>(nodes, (node) => {
    const n = nonNegative(node);
    if (n !== undefined) return { kind: 'number', value: n };
    return parseLength(node);
  });
}

const REPEATS = new Set(['stretch', 'repeat', 'round', 'space']);

function parseRepeat(nodes: Nodes): readonly [BorderImageRepeat, BorderImageRepeat] | undefined {
  const words = nodes.map(identOf);
  if (words.length < 1 || words.length > 2 || words.some((w) => w === undefined || !REPEATS.has(w))) return undefined;
  return [words[0] as BorderImageRepeat, (words[1] ?? words[0]) as BorderImageRepeat];
}

type NumberSpec = { readonly kind: 'number'; readonly value: number };
const isNumberSpec = <T>(v: T | NumberSpec): v is NumberSpec => typeof v === 'object' && v !== null && (v as { kind?: string }).kind === 'number';

function computeWidth(value: WidthSpec, ctx: ComputeContext): BorderImageWidth {
  return value === 'auto' || isNumberSpec(value) ? value : computeLength(value, ctx);
}

function computeOutset(value: OutsetSpec, ctx: ComputeContext): BorderImageOutset {
  if (isNumberSpec(value)) return value;
  const px = computeLength(value, ctx);
  return typeof px === 'number' ? px : 0;
}

const source = longhand<'borderImageSource', SpecifiedImage | 'none'>({
  name: 'border-image-source', key: 'borderImageSource', inherited: false, initial: 'none',
  parse: (nodes, ctx) => (nodes.length !== 1 ? INVALID : identOf(nodes[0]) === 'none' ? 'none' : (parseImage(nodes[0], ctx.baseUrl) ?? INVALID)),
  compute: (value, ctx): CssImage | 'none' => (value === 'none' ? 'none' : computeImage(value, ctx, ctx.color)),
});

const HUNDRED: BorderImageOffset = { kind: 'percent', value: 100 };
const ONE = { kind: 'number', value: 1 } as const;
const ZERO = { kind: 'number', value: 0 } as const;

const slice = longhand<'borderImageSlice', BorderImageSlice>({
  name: 'border-image-slice', key: 'borderImageSlice', inherited: false, initial: { offsets: [HUNDRED, HUNDRED, HUNDRED, HUNDRED], fill: false },
  parse: (nodes) => parseSlice(nodes) ?? INVALID,
  compute: (value) => value,
});

const width = longhand<'borderImageWidth', Four<WidthSpec>>({
  name: 'border-image-width', key: 'borderImageWidth', inherited: false, initial: [ONE, ONE, ONE, ONE],
  parse: (nodes) => parseWidths(nodes) ?? INVALID,
  compute: (value, ctx) => value.map((v) => computeWidth(v, ctx)) as unknown as Four<BorderImageWidth>,
});

const outset = longhand<'borderImageOutset', Four<OutsetSpec>>({
  name: 'border-image-outset', key: 'borderImageOutset', inherited: false, initial: [ZERO, ZERO, ZERO, ZERO],
  parse: (nodes) => parseOutsets(nodes) ?? INVALID,
  compute: (value, ctx) => value.map((v) => computeOutset(v, ctx)) as unknown as Four<BorderImageOutset>,
});

const repeat = longhand<'borderImageRepeat', readonly [BorderImageRepeat, BorderImageRepeat]>({
  name: 'border-image-repeat', key: 'borderImageRepeat', inherited: false, initial: ['stretch', 'stretch'],
  parse: (nodes) => parseRepeat(nodes) ?? INVALID,
  compute: (value) => value,
});

/** Splits the shorthand's slice / width / outset group at its slashes. */
function sliceGroup(nodes: Nodes): Map<string, unknown> | undefined {
  const parts: CssNode[][] = [[]];
  for (const node of nodes) {
    if (isOperator(node, '/')) parts.push([]);
    else parts[parts.length - 1]!.push(node);
  }
  if (parts.length > 3) return undefined;
  const out = new Map<string, unknown>();
  const sliceValue = parseSlice(parts[0]!);
  if (sliceValue === undefined) return undefined;
  out.set('border-image-slice', sliceValue);
  if (parts[1] !== undefined && parts[1].length > 0) {
    const w = parseWidths(parts[1]);
    if (w === undefined) return undefined;
    out.set('border-image-width', w);
  } else if (parts.length === 2) return undefined;
  if (parts[2] !== undefined) {
    const o = parseOutsets(parts[2]);
    if (o === undefined) return undefined;
    out.set('border-image-outset', o);
  }
  return out;
}

const LONGHANDS = ['border-image-source', 'border-image-slice', 'border-image-width', 'border-image-outset', 'border-image-repeat'];

/** `border-image` (§6.7): `<source> || <slice> [/ <width> | / <width>? / <outset>]? || <repeat>`, omitted parts reset. */
const borderImage = shorthand('border-image', LONGHANDS, (nodes, ctx: ParseContext) => {
  const out = new Map<string, unknown>();
  let at = 0;
  while (at < nodes.length) {
    const node = nodes[at]!;
    const word = identOf(node);
    if (!out.has('border-image-source') && (word === 'none' || (word === undefined && parseImage(node, ctx.baseUrl) !== undefined))) {
      out.set('border-image-source', word === 'none' ? 'none' : parseImage(node, ctx.baseUrl));
      at++;
      continue;
    }
    if (!out.has('border-image-repeat') && word !== undefined && REPEATS.has(word)) {
      const two = REPEATS.has(identOf(nodes[at + 1]) ?? '');
      out.set('border-image-repeat', parseRepeat(nodes.slice(at, at + (two ? 2 : 1))));
      at += two ? 2 : 1;
      continue;
    }
    if (out.has('border-image-slice')) return INVALID;
    // the slice group runs until the next source or repeat keyword
    let end = at;
    while (end < nodes.length && !(REPEATS.has(identOf(nodes[end]) ?? '') || (identOf(nodes[end]) === undefined && nodes[end]!.type !== 'Operator' && parseImage(nodes[end], ctx.baseUrl) !== undefined))) end++;
    const group = sliceGroup(nodes.slice(at, end));
    if (group === undefined) return INVALID;
    for (const [k, v] of group) out.set(k, v);
    at = end;
  }
  if (out.size === 0) return INVALID;
  return new Map(LONGHANDS.map((name) => [name, out.get(name) ?? RESET]));
});

export const BORDER_IMAGE_PROPERTIES: readonly PropertyDef[] = [source, slice, width, outset, repeat, borderImage];
