/**
 * Computed values of registered custom properties (CSS Properties and Values API 1 §2.4): a
 * value that matched its registration's syntax (property-syntax.ts) is computed as the type it
 * names — lengths to px (em, rem, vw, lh, calc()...), integers rounded, angles to degrees, colours
 * to a colour — and that is what children inherit and what `var()` substitutes: `--w: 2em` on an
 * element of 14px is 28px in a child of 20px too. Values stay token text (the computed value
 * written back), so substitution is unchanged.
 */
import type { CssNode } from 'css-tree';
import { clone, generate, walk } from 'css-tree';
import type { Color, ColorScheme } from './model/color-types.js';
import type { CustomProperties, PropertyRegistry, SubstitutionLimit } from './custom-properties.js';
import { computeCustomProperties } from './custom-properties.js';
import type { SyntaxMatch, SyntaxType } from './property-syntax.js';
import { hasLength, matchSyntax } from './property-syntax.js';
import { parseAngle } from './values/angle.js';
import { computeCalc, parseCalcFunction } from './values/calc.js';
import { isCurrentColorExpression, parseColor, resolveColor } from './values/color.js';
import { identOf } from './values/nodes.js';
import type { LengthContext } from './values/units.js';
import { computeLength, dimensionToPx, isLengthUnit, parseLength } from './values/units.js';

/** What a registered value is computed with: the element's font, line height, page area, zoom, colour and colour scheme. */
export type RegisteredValueContext = LengthContext & { readonly color: Color; readonly colorScheme: ColorScheme };

/** Lengths already in px: nothing of the element is read once they are. */
const PX_ONLY: LengthContext = { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0 };

/** The computed value of a matched value, as text: its items computed, joined as the list they were. */
export function computedValue(match: SyntaxMatch, ctx: RegisteredValueContext): string {
  const { component } = match;
  const items = match.items.map((node) => (component.kind === 'ident' ? component.ident : computedItem(component.type, node, ctx)));
  return items.join(component.multiplier === 'comma' ? ', ' : ' ');
}

function computedItem(type: SyntaxType, node: CssNode, ctx: RegisteredValueContext): string {
  switch (type) {
    case 'length':
    case 'length-percentage': {
      const px = inPx(node, ctx);
      const length = computeLength(parseLength(px, { negative: true, percent: true })!, PX_ONLY);
      // a calc() with a percentage stays one, its lengths in px (`calc(50% + 40px)`)
      return typeof length === 'number' ? `${length}px` : length.kind === 'percent' ? `${length.value}%` : generate(px);
    }
    case 'percentage': {
      if (node.type === 'Percentage') return `${Number(node.value)}%`;
      const calc = parseCalcFunction(node);
      const computed = calc !== undefined && 'node' in calc ? computeCalc(calc.node, PX_ONLY) : undefined;
      return typeof computed === 'object' && computed.kind === 'percent' ? `${computed.value}%` : generate(node);
    }
    case 'number':
    case 'integer': {
      if (node.type === 'Number') return `${Number(node.value)}`;
      const calc = parseCalcFunction(inPx(node, ctx));
      if (calc?.type !== 'number') return generate(node);
      // CSS Values 4 §10.9: a calc() where an integer goes is rounded (Chromium: 2.5 is 3, -2.5 is -2)
      return `${type === 'integer' ? Math.round(calc.value) : calc.value}`;
    }
    case 'angle': return `${parseAngle(node)!}deg`;
    case 'time': return `${inUnits(node, SECONDS)}s`;
    case 'resolution': return `${inUnits(node, DPPX)}dppx`;
    case 'color': return colorText(node, ctx);
    // transforms keep their functions, with lengths in px
    case 'transform-function': return generate(inPx(node, ctx));
    case 'transform-list': return identOf(node) === 'none' ? 'none' : generate(inPx(node, ctx));
    // an image is kept as written, its `em` read where it is used (Chromium's computed value)
    case 'image':
    case 'url':
    case 'custom-ident':
    case 'string': return generate(node);
  }
}

/**
 * A colour as computed (CSS Color 4 §4.6): `light-dark()` and system colours chosen for the
 * element's colour scheme, as rgb(); `currentcolor` and functions of it kept as written, for the
 * element using them to resolve (as Chromium keeps them); a `device-cmyk()` kept for its channels.
 */
function colorText(node: CssNode, ctx: RegisteredValueContext): string {
  const color = parseColor(node)!;
  if (color === 'currentcolor' || isCurrentColorExpression(color)) return generate(node);
  const { r, g, b, a, cmyk } = resolveColor(color, ctx.color, ctx.colorScheme);
  return cmyk !== undefined ? generate(node) : `rgb(${r} ${g} ${b} / ${a})`;
}

const SECONDS: Readonly<Record<string, number>> = { s: 1, ms: 1 / 1000 };
const DPPX: Readonly<Record<string, number>> = { dppx: 1, x: 1, dpi: 1 / 96, dpcm: 2.54 / 96 };

/** A time or resolution (a dimension: property-syntax.ts matched no math function for them) in its canonical unit. */
function inUnits(node: CssNode, units: Readonly<Record<string, number>>): number {
  const dimension = node as CssNode & { type: 'Dimension' };
  return Number(dimension.value) * units[dimension.unit.toLowerCase()]!;
}

/**
 * The node with every length in it in px of the element (unzoomed: a `var()` using it is
 * zoomed where it is used); the node itself when it has none.
 */
function inPx(node: CssNode, ctx: LengthContext): CssNode {
  if (!hasLength(node)) return node;
  const copy = clone(node);
  const zoom = ctx.zoom ?? 1;
  walk(copy, (child) => {
    if (child.type !== 'Dimension' || !isLengthUnit(child.unit)) return;
    child.value = `${dimensionToPx(Number(child.value), child.unit, ctx)! / zoom}`;
    child.unit = 'px';
  });
  return copy;
}

/**
 * What the element's registered custom properties with a syntax compute to, given its context:
 * for compute.ts to call once the element's font, line height and colour are known. Undefined
 * when the element sets none (most elements, and every document without such registrations).
 * Custom properties of the element that use one of them are substituted again with its computed
 * value (`--a: 2em` registered, `--b: var(--a)` is 28px in children too).
 */
export function registeredValues(
  parent: CustomProperties, declared: ReadonlyMap<string, string | undefined>, custom: CustomProperties, registry: PropertyRegistry, limit?: SubstitutionLimit,
): ((ctx: RegisteredValueContext) => CustomProperties) | undefined {
  if (!registry.typed) return undefined;
  let typed: string[] | undefined;
  for (const name of declared.keys()) if (registry.byName.get(name)?.syntax !== undefined) (typed ??= []).push(name);
  if (typed === undefined) return undefined;
  const names = typed;
  return (ctx) => {
    let computed: Map<string, string | undefined> | undefined;
    for (const name of names) {
      const value = custom.get(name);
      const match = value === undefined ? undefined : matchSyntax(registry.byName.get(name)!.syntax!, value);
      if (match === undefined) continue;
      const text = computedValue(match, ctx);
      if (text !== value) (computed ??= new Map(declared)).set(name, text);
    }
    return computed === undefined ? custom : computeCustomProperties(parent, computed, registry, limit);
  };
}
