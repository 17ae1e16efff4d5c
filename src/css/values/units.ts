/**
 * Lengths (CSS Values 4 §6): absolute units become px while parsing, relative units are kept
 * until the element's font size and the page area are known.
 */
import type { CssNode } from 'css-tree';
import type { LengthPercentage, Percentage } from '../model/types.js';
import type { SpecifiedCalc } from './calc.js';
import { computeCalc, parseCalcFunction } from './calc.js';
import { resolveLength } from './length.js';
import type { FontUnitRatios } from './font-metrics.js';
import { FALLBACK_RATIOS, hintedEx, normalLineHeight, noteFontUnitUse } from './font-metrics.js';

/** px per absolute unit (CSS Values 4 §6.2). */
/** Degrees per `<angle>` unit (CSS Values 4 §7.1). */
export const ANGLE_DEGREES: Readonly<Record<string, number>> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

export const ABSOLUTE_UNITS: Readonly<Record<string, number>> = {
  px: 1,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
};

export type RelativeUnit = 'em' | 'rem' | FontUnit | RootFontUnit | 'vw' | 'vh' | 'vi' | 'vb' | 'vmin' | 'vmax' | 'lh' | 'rlh' | ContainerUnit;
/** The units measured on the first available font (CSS Values 4 §6.1.1). */
type FontUnit = 'ex' | 'ch' | 'cap' | 'ic';
/** The same units of the root element's font, as `rem` is its font size. */
type RootFontUnit = 'rex' | 'rch' | 'rcap' | 'ric';
/** CSS Conditional 5 §6.4: percentages of the query container's sizes. */
export type ContainerUnit = 'cqw' | 'cqh' | 'cqi' | 'cqb' | 'cqmin' | 'cqmax';
const RELATIVE_UNITS = new Set<string>([
  'em', 'rem', 'ex', 'ch', 'cap', 'ic', 'rex', 'rch', 'rcap', 'ric', 'vw', 'vh', 'vi', 'vb', 'vmin', 'vmax', 'lh', 'rlh',
  'cqw', 'cqh', 'cqi', 'cqb', 'cqmin', 'cqmax',
]);
const ROOT_FONT_UNITS: Readonly<Record<RootFontUnit, FontUnit>> = { rex: 'ex', rch: 'ch', rcap: 'cap', ric: 'ic' };

/**
 * The small, large and dynamic viewport units (CSS Values 4 §6.1.2.1: `svh`, `lvw`, `dvh`...)
 * are the plain ones on paper: a page has no browser bars to show or hide.
 */
const VIEWPORT_VARIANTS: ReadonlyMap<string, RelativeUnit> = new Map(['s', 'l', 'd'].flatMap((size) =>
  (['vw', 'vh', 'vi', 'vb', 'vmin', 'vmax'] as const).map((unit) => [`${size}${unit}`, unit] as const)));

/** The unit a relative unit is computed as (a viewport variant is its plain unit); undefined for any other unit. */
function relativeUnit(lower: string): RelativeUnit | undefined {
  return RELATIVE_UNITS.has(lower) ? lower as RelativeUnit : VIEWPORT_VARIANTS.get(lower);
}

/** Whether `unit` is a viewport unit (`vw`, `dvh`, `svmin`...). */
export function isViewportUnit(unit: string): boolean {
  const relative = relativeUnit(unit.toLowerCase());
  return relative !== undefined && relative.startsWith('v');
}

/**
 * The sizes `cq*` units take 1 % of (CSS Conditional 5 §6.4): each axis's from the nearest
 * ancestor size container that can be queried on it, the page area's where there is none (or
 * before the first layout pass has measured it).
 */
export interface ContainerLengths {
  readonly width: number;
  readonly height: number;
  readonly inline: number;
  readonly block: number;
}

export interface RelativeLength {
  readonly kind: 'rel';
  readonly value: number;
  readonly unit: RelativeUnit;
}

export interface SpecifiedCalcLength {
  readonly kind: 'spec-calc';
  readonly node: SpecifiedCalc;
}

/** A declared length-percentage: px number, relative length, percentage or calc(). */
export type SpecifiedLength = number | RelativeLength | Percentage | SpecifiedCalcLength;

/**
 * What relative units resolve against (CSS Values 4 §6.1). The ratios of the element's font are
 * its own fields (FALLBACK_RATIOS where absent: 0.5, 0.5 and 0.7em).
 */
export interface LengthContext extends Partial<FontUnitRatios> {
  /** em basis (the element's font size; the parent's for `font-size` itself). */
  readonly fontSize: number;
  readonly rootFontSize: number;
  /** The page area (viewport of paged media), px. */
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** Computed line height in px, for `lh`; undefined when normal (the font's: `lineSpacing`). */
  readonly lineHeight?: number;
  /** The root element's computed line height in px, for `rlh`; undefined when normal (the root font's). */
  readonly rootLineHeight?: number | undefined;
  /** The root element's font ratios, for `rex`, `rch` and `rcap` (FALLBACK_RATIOS where absent). */
  readonly rootFont?: FontUnitRatios | undefined;
  /** The element's writing mode is vertical: `vi` is then `vh` and `vb` is `vw`. */
  readonly vertical?: boolean;
  /** The element's effective `zoom` (properties/zoom.ts): absolute lengths are multiplied by it. */
  readonly zoom?: number;
  /** The query containers' sizes for `cq*` units; the page area's when absent. */
  readonly container?: ContainerLengths | undefined;
}

export interface LengthOptions {
  readonly percent?: boolean;
  readonly negative?: boolean;
}

/** Converts `value` of `unit` to px, or undefined for an unknown unit. */
export function dimensionToPx(value: number, unit: string, ctx: LengthContext): number | undefined {
  const lower = unit.toLowerCase();
  const absolute = ABSOLUTE_UNITS[lower];
  if (absolute !== undefined) return value * absolute * (ctx.zoom ?? 1);
  const relative = relativeUnit(lower);
  switch (relative) {
    case 'em': return value * ctx.fontSize;
    case 'rem': return value * ctx.rootFontSize;
    case 'ex': case 'ch': case 'cap': case 'ic': return value * fontUnit(relative, ctx.fontSize, ctx);
    case 'rex': case 'rch': case 'rcap': case 'ric': return value * fontUnit(ROOT_FONT_UNITS[relative], ctx.rootFontSize, ctx.rootFont);
    case 'lh': return value * (ctx.lineHeight ?? fontLineHeight(ctx.fontSize, ctx));
    case 'rlh': return value * (ctx.rootLineHeight ?? fontLineHeight(ctx.rootFontSize, ctx.rootFont));
    case 'vw': return (value * ctx.viewportWidth) / 100;
    case 'vh': return (value * ctx.viewportHeight) / 100;
    // the element's own axes, as in Chromium (and WPT css-values/viewport-units-writing-mode.html)
    case 'vi': return (value * (ctx.vertical === true ? ctx.viewportHeight : ctx.viewportWidth)) / 100;
    case 'vb': return (value * (ctx.vertical === true ? ctx.viewportWidth : ctx.viewportHeight)) / 100;
    case 'vmin': return (value * Math.min(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    case 'vmax': return (value * Math.max(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    case 'cqw': case 'cqh': case 'cqi': case 'cqb': case 'cqmin': case 'cqmax':
      return (value * containerSize(relative, ctx)) / 100;
    default: return undefined;
  }
}

/** `line-height: normal` of a font of `size` px whose metrics are `ratios`. */
function fontLineHeight(size: number, ratios: Partial<FontUnitRatios> | undefined): number {
  noteFontUnitUse(ratios);
  return normalLineHeight(ratios?.lineSpacing, size);
}

/** One `unit` of a font of `size` px whose metrics are `ratios`. */
function fontUnit(unit: FontUnit, size: number, ratios: Partial<FontUnitRatios> | undefined): number {
  noteFontUnitUse(ratios);
  switch (unit) {
    // without metrics, the fallbacks (CSS Values 4 §6.1.1 lets ex and ch be 0.5em)
    case 'ex': return ratios?.exHinting !== undefined && size > 0 ? hintedEx(size, ratios.exHinting) : size * (ratios?.exRatio ?? FALLBACK_RATIOS.ex);
    case 'ch': return size * (ratios?.chRatio ?? FALLBACK_RATIOS.ch);
    case 'cap': return size * (ratios?.capRatio ?? FALLBACK_RATIOS.cap);
    // the advance of 水: none of the bundled fonts has one, and a CJK font's is its em (the spec's fallback too)
    case 'ic': return size;
  }
}

function containerSize(unit: ContainerUnit, ctx: LengthContext): number {
  const sizes = ctx.container ?? { width: ctx.viewportWidth, height: ctx.viewportHeight, inline: ctx.viewportWidth, block: ctx.viewportHeight };
  switch (unit) {
    case 'cqw': return sizes.width;
    case 'cqh': return sizes.height;
    case 'cqi': return sizes.inline;
    case 'cqb': return sizes.block;
    case 'cqmin': return Math.min(sizes.inline, sizes.block);
    case 'cqmax': return Math.max(sizes.inline, sizes.block);
  }
}

/** Whether `unit` is a length unit known only per element (font, root, viewport and container units). */
export function isRelativeLengthUnit(unit: string): boolean {
  return relativeUnit(unit.toLowerCase()) !== undefined;
}

export function isLengthUnit(unit: string): boolean {
  const lower = unit.toLowerCase();
  return lower in ABSOLUTE_UNITS || relativeUnit(lower) !== undefined;
}

/** Parses one node as a length (or percentage when allowed); undefined when it is not one. */
export function parseLength(node: CssNode | undefined, options: LengthOptions = {}): SpecifiedLength | undefined {
  if (node === undefined) return undefined;
  let result: SpecifiedLength | undefined;
  switch (node.type) {
    case 'Dimension': {
      const value = Number(node.value);
      const unit = node.unit.toLowerCase();
      const absolute = ABSOLUTE_UNITS[unit];
      const relative = relativeUnit(unit);
      if (absolute !== undefined) result = value * absolute;
      else if (relative !== undefined) result = { kind: 'rel', value, unit: relative };
      break;
    }
    case 'Number':
      // Unitless zero is a valid length (CSS Values 4 §6).
      if (Number(node.value) === 0) result = 0;
      break;
    case 'Percentage':
      if (options.percent === true) result = { kind: 'percent', value: Number(node.value) };
      break;
    case 'Function': {
      const calc = parseCalcFunction(node);
      if (calc !== undefined && calc.type === 'length' && (options.percent === true || !calc.hasPercent)) {
        return { kind: 'spec-calc', node: calc.node };
      }
      return undefined;
    }
    default:
      return undefined;
  }
  if (result === undefined) return undefined;
  if (options.negative !== true && isNegative(result)) return undefined;
  return result;
}

function isNegative(value: SpecifiedLength): boolean {
  if (typeof value === 'number') return value < 0;
  if (value.kind === 'spec-calc') return false; // calc() is clamped at computed/used time
  return value.value < 0;
}

/** Computes a specified length-percentage: px where possible, percentages and calc() kept. */
export function computeLength(value: SpecifiedLength, ctx: LengthContext): LengthPercentage {
  if (typeof value === 'number') return value * (ctx.zoom ?? 1);
  switch (value.kind) {
    case 'rel': return dimensionToPx(value.value, value.unit, ctx) ?? 0;
    case 'percent': return value;
    case 'spec-calc': return computeCalc(value.node, ctx);
  }
}

/** Computes a length whose percentages refer to `basis` (e.g. font-size, line-height). */
export function computeAbsoluteLength(value: SpecifiedLength, ctx: LengthContext, basis: number): number {
  const computed = computeLength(value, ctx);
  if (typeof computed === 'number') return computed;
  return resolveLength(computed, basis);
}
