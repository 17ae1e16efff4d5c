/**
 * CSS Backgrounds 3 §6: `border-image-source`, `-slice`, `-width`, `-outset`, `-repeat` and the
 * `border-image` shorthand; CSS Masking 1 §7's `mask-border-*`, the same frame as a mask. Each
 * side list takes one to four values, expanded like margins.
 */
import type { CssNode } from 'css-tree';
import type { BorderImageOffset, BorderImageOutset, BorderImageRepeat, BorderImageSlice, BorderImageWidth, CssImage } from '../model/image-types.js';
import type { SpecifiedImage } from '../values/image.js';
import { computeImage, parseImage } from '../values/image.js';
import { identOf, isOperator, numberOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { ComputeContext, Nodes, ParseContext, PropertyDef } from './define.js';
import type { StyleKey } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

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

const HUNDRED: BorderImageOffset = { kind: 'percent', value: 100 };
const ZERO_SLICE: BorderImageOffset = { kind: 'number', value: 0 };
const ONE = { kind: 'number', value: 1 } as const;
const ZERO = { kind: 'number', value: 0 } as const;

/** The computed-style keys of one image frame's longhands (`border-image-*` or `mask-border-*`). */
interface FrameKeys {
  readonly source: StyleKey;
  readonly slice: StyleKey;
  readonly width: StyleKey;
  readonly outset: StyleKey;
  readonly repeat: StyleKey;
}

/** The five longhands of an image frame, `prefix`-source and so on, with their initial slice and width. */
function frameLonghands(prefix: string, keys: FrameKeys, initial: { slice: BorderImageOffset; width: BorderImageWidth }): PropertyDef[] {
  return [
    longhand<StyleKey, SpecifiedImage | 'none'>({
      name: `${prefix}-source`, key: keys.source, inherited: false, initial: 'none',
      parse: (nodes, ctx) => (nodes.length !== 1 ? INVALID : identOf(nodes[0]) === 'none' ? 'none' : (parseImage(nodes[0], ctx.baseUrl) ?? INVALID)),
      compute: (value, ctx): CssImage | 'none' => (value === 'none' ? 'none' : computeImage(value, ctx)),
    }),
    longhand<StyleKey, BorderImageSlice>({
      name: `${prefix}-slice`, key: keys.slice, inherited: false, initial: { offsets: [initial.slice, initial.slice, initial.slice, initial.slice], fill: false },
      parse: (nodes) => parseSlice(nodes) ?? INVALID,
      compute: (value) => value,
    }),
    longhand<StyleKey, Four<WidthSpec>>({
      name: `${prefix}-width`, key: keys.width, inherited: false, initial: [initial.width, initial.width, initial.width, initial.width],
      parse: (nodes) => parseWidths(nodes) ?? INVALID,
      compute: (value, ctx) => value.map((v) => computeWidth(v, ctx)) as unknown as Four<BorderImageWidth>,
    }),
    longhand<StyleKey, Four<OutsetSpec>>({
      name: `${prefix}-outset`, key: keys.outset, inherited: false, initial: [ZERO, ZERO, ZERO, ZERO],
      parse: (nodes) => parseOutsets(nodes) ?? INVALID,
      compute: (value, ctx) => value.map((v) => computeOutset(v, ctx)) as unknown as Four<BorderImageOutset>,
    }),
    longhand<StyleKey, readonly [BorderImageRepeat, BorderImageRepeat]>({
      name: `${prefix}-repeat`, key: keys.repeat, inherited: false, initial: ['stretch', 'stretch'],
      parse: (nodes) => parseRepeat(nodes) ?? INVALID,
      compute: (value) => value,
    }),
  ];
}

/** Splits the shorthand's slice / width / outset group at its slashes. */
function sliceGroup(nodes: Nodes, prefix: string): Map<string, unknown> | undefined {
  const parts: CssNode[][] = [[]];
  for (const node of nodes) {
    if (isOperator(node, '/')) parts.push([]);
    else parts[parts.length - 1]!.push(node);
  }
  if (parts.length > 3) return undefined;
  const out = new Map<string, unknown>();
  const sliceValue = parseSlice(parts[0]!);
  if (sliceValue === undefined) return undefined;
  out.set(`${prefix}-slice`, sliceValue);
  if (parts[1] !== undefined && parts[1].length > 0) {
    const w = parseWidths(parts[1]);
    if (w === undefined) return undefined;
    out.set(`${prefix}-width`, w);
  } else if (parts.length === 2) return undefined;
  if (parts[2] !== undefined) {
    const o = parseOutsets(parts[2]);
    if (o === undefined) return undefined;
    out.set(`${prefix}-outset`, o);
  }
  return out;
}

const PARTS = ['source', 'slice', 'width', 'outset', 'repeat'];

/** Extra single-keyword longhands a frame shorthand may hold (`mask-border-mode`). */
interface KeywordPart {
  readonly name: string;
  readonly words: ReadonlySet<string>;
}

/**
 * The shorthand (§6.7): `<source> || <slice> [/ <width> | / <width>? / <outset>]? || <repeat>`
 * (|| a keyword part), omitted parts reset. `fill` makes the middle drawn whatever the slice says
 * (`-webkit-mask-box-image`, whose middle is always part of the mask).
 */
function frameShorthand(name: string, prefix: string, extra: KeywordPart | undefined, fill = false): PropertyDef {
  const longhands = [...PARTS.map((part) => `${prefix}-${part}`), ...(extra === undefined ? [] : [extra.name])];
  return shorthand(name, longhands, (nodes, ctx: ParseContext) => {
    const out = new Map<string, unknown>();
    let at = 0;
    while (at < nodes.length) {
      const node = nodes[at]!;
      const word = identOf(node);
      if (!out.has(`${prefix}-source`) && (word === 'none' || (word === undefined && parseImage(node, ctx.baseUrl) !== undefined))) {
        out.set(`${prefix}-source`, word === 'none' ? 'none' : parseImage(node, ctx.baseUrl));
        at++;
        continue;
      }
      if (!out.has(`${prefix}-repeat`) && word !== undefined && REPEATS.has(word)) {
        const two = REPEATS.has(identOf(nodes[at + 1]) ?? '');
        out.set(`${prefix}-repeat`, parseRepeat(nodes.slice(at, at + (two ? 2 : 1))));
        at += two ? 2 : 1;
        continue;
      }
      if (extra !== undefined && !out.has(extra.name) && word !== undefined && extra.words.has(word)) {
        out.set(extra.name, word);
        at++;
        continue;
      }
      if (out.has(`${prefix}-slice`)) return INVALID;
      // the slice group runs until the next source or keyword
      let end = at;
      const ends = (n: CssNode): boolean => REPEATS.has(identOf(n) ?? '') || (extra?.words.has(identOf(n) ?? '') ?? false) || (identOf(n) === undefined && n.type !== 'Operator' && parseImage(n, ctx.baseUrl) !== undefined);
      while (end < nodes.length && !ends(nodes[end]!)) end++;
      const group = sliceGroup(nodes.slice(at, end), prefix);
      if (group === undefined) return INVALID;
      for (const [k, v] of group) out.set(k, v);
      at = end;
    }
    if (out.size === 0) return INVALID;
    if (fill) {
      const slice = out.get(`${prefix}-slice`) as BorderImageSlice | undefined;
      out.set(`${prefix}-slice`, { offsets: slice?.offsets ?? [ZERO_SLICE, ZERO_SLICE, ZERO_SLICE, ZERO_SLICE], fill: true });
    }
    return new Map(longhands.map((longhandName) => [longhandName, out.get(longhandName) ?? RESET]));
  });
}

export const BORDER_IMAGE_PROPERTIES: readonly PropertyDef[] = [
  ...frameLonghands('border-image', { source: 'borderImageSource', slice: 'borderImageSlice', width: 'borderImageWidth', outset: 'borderImageOutset', repeat: 'borderImageRepeat' }, { slice: HUNDRED, width: ONE }),
  frameShorthand('border-image', 'border-image', undefined),
];

const MASK_MODE: KeywordPart = { name: 'mask-border-mode', words: new Set(['alpha', 'luminance']) };

/**
 * CSS Masking 1 §7: `mask-border-*`, the same frame as a border image's (initial slice 0, width
 * `auto`) used as the element's mask, by its alpha or luminance (`mask-border-mode`); the
 * `mask-border` shorthand, and `-webkit-mask-box-image` (Chromium's: the middle always masks).
 */
export const MASK_BORDER_PROPERTIES: readonly PropertyDef[] = [
  ...frameLonghands('mask-border', { source: 'maskBorderSource', slice: 'maskBorderSlice', width: 'maskBorderWidth', outset: 'maskBorderOutset', repeat: 'maskBorderRepeat' }, { slice: ZERO_SLICE, width: 'auto' }),
  keywordProperty({ name: 'mask-border-mode', key: 'maskBorderMode', keywords: ['alpha', 'luminance'], initial: 'alpha', inherited: false }),
  frameShorthand('mask-border', 'mask-border', MASK_MODE),
  frameShorthand('-webkit-mask-box-image', 'mask-border', undefined, true),
];
