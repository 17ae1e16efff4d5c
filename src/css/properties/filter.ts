/**
 * `filter` (Filter Effects 1 §5): a list of filter functions applied in order. A `url()`
 * reference to an inline SVG's `<filter>` is replaced by the functions it amounts to when the box
 * tree is built (boxes/svg-references.ts); paint/filter.ts draws the functions.
 * `backdrop-filter` stays in the unsupported list.
 */
import type { CssNode } from 'css-tree';
import type { ColorFilterName, FilterFunction } from '../model/image-types.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor, resolveColor } from '../values/color.js';
import { parseAngle } from '../values/angle.js';
import { childrenOf, identOf, numberOf, urlOf } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { Nodes, ParseContext, PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

type SpecifiedFilter =
  | { readonly kind: 'color'; readonly name: ColorFilterName; readonly amount: number }
  | { readonly kind: 'opacity'; readonly amount: number }
  | { readonly kind: 'blur'; readonly radius: SpecifiedLength }
  | { readonly kind: 'drop-shadow'; readonly lengths: readonly SpecifiedLength[]; readonly color: SpecifiedColor }
  | { readonly kind: 'url'; readonly url: string };

const AMOUNTS = new Set<string>(['grayscale', 'sepia', 'saturate', 'invert', 'brightness', 'contrast', 'opacity']);
/** Filter Effects 1 §12: these clamp amounts above 100%. */
const CLAMPED = new Set<string>(['grayscale', 'sepia', 'invert', 'opacity']);

/** `<number> | <percentage>`, non-negative; `fallback` when omitted. */
function amountOf(args: Nodes, fallback: number): number | undefined {
  const significant = args.filter((node) => node.type !== 'WhiteSpace');
  if (significant.length === 0) return fallback;
  const node = significant[0];
  if (significant.length !== 1 || node === undefined) return undefined;
  const value = node.type === 'Percentage' ? Number(node.value) / 100 : numberOf(node);
  return value === undefined || !Number.isFinite(value) || value < 0 ? undefined : value;
}

/** `drop-shadow(<color>? && <length>{2,3})`. */
function parseDropShadow(args: Nodes): SpecifiedFilter | undefined {
  const lengths: SpecifiedLength[] = [];
  let color: SpecifiedColor | undefined;
  // the lengths are together: none after a colour that follows them
  let lengthsDone = false;
  for (const node of args) {
    if (node.type === 'WhiteSpace') continue;
    const length = lengthsDone ? undefined : parseLength(node, { negative: true });
    if (length !== undefined) { lengths.push(length); continue; }
    const asColor = color === undefined ? parseColor(node) : undefined;
    if (asColor === undefined) return undefined;
    color = asColor;
    lengthsDone = lengths.length > 0;
  }
  if (lengths.length < 2 || lengths.length > 3) return undefined;
  const blur = lengths[2];
  if (typeof blur === 'number' && blur < 0) return undefined;
  return { kind: 'drop-shadow', lengths, color: color ?? 'currentcolor' };
}

function parseFunction(node: CssNode, ctx: ParseContext): SpecifiedFilter | undefined {
  // a reference to an inline SVG's <filter>: the box builder puts its functions in its place (boxes/svg-references.ts)
  if (node.type === 'Url') return { kind: 'url', url: urlOf(node, ctx.baseUrl) ?? '' };
  if (node.type !== 'Function') return undefined;
  const name = node.name.toLowerCase();
  const args = childrenOf(node);
  if (AMOUNTS.has(name)) {
    const amount = amountOf(args, 1);
    if (amount === undefined) return undefined;
    const clamped = CLAMPED.has(name) ? Math.min(1, amount) : amount;
    return name === 'opacity' ? { kind: 'opacity', amount: clamped } : { kind: 'color', name: name as ColorFilterName, amount: clamped };
  }
  const significant = args.filter((n) => n.type !== 'WhiteSpace');
  if (name === 'hue-rotate') {
    const angle = significant.length === 0 ? 0 : significant.length === 1 ? parseAngle(significant[0]) : undefined;
    return angle === undefined ? undefined : { kind: 'color', name: 'hue-rotate', amount: angle };
  }
  if (name === 'blur') {
    const radius = significant.length === 0 ? 0 : significant.length === 1 ? parseLength(significant[0]) : undefined;
    if (radius === undefined) return undefined;
    return { kind: 'blur', radius };
  }
  if (name === 'drop-shadow') return parseDropShadow(args);
  return undefined;
}

const filter = longhand<'filter', readonly SpecifiedFilter[]>({
  name: 'filter',
  key: 'filter',
  inherited: false,
  initial: [],
  parse: (nodes, ctx) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
    const list: SpecifiedFilter[] = [];
    for (const node of nodes) {
      if (node.type === 'WhiteSpace') continue;
      const parsed = parseFunction(node, ctx);
      if (parsed === undefined) return INVALID;
      list.push(parsed);
    }
    return list.length === 0 ? INVALID : list;
  },
  compute: (value, ctx): readonly FilterFunction[] => value.map((f): FilterFunction => {
    const px = (length: SpecifiedLength | undefined): number => {
      const v = length === undefined ? 0 : computeLength(length, ctx);
      return typeof v === 'number' ? v : 0;
    };
    switch (f.kind) {
      case 'blur': return { kind: 'blur', radius: Math.max(0, px(f.radius)) };
      case 'drop-shadow': return { kind: 'drop-shadow', x: px(f.lengths[0]), y: px(f.lengths[1]), blur: Math.max(0, px(f.lengths[2])), color: resolveColor(f.color, ctx.color, ctx.colorScheme) };
      default: return f;
    }
  }),
});

export const FILTER_PROPERTIES: readonly PropertyDef[] = [filter];
