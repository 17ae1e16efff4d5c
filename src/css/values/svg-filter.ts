/**
 * An SVG `<filter>` (Filter Effects 1 §9) as the CSS filter functions it amounts to, which the
 * painter applies to the element's drawing (paint/filter.ts). The primitives are read as values
 * of a small algebra, in order, `in`/`in2`/`result` followed:
 *
 * - the source graphic with CSS functions applied to it (`feGaussianBlur` → `blur()`,
 *   `feDropShadow` → `drop-shadow()`) and colour steps, which recolour each colour and pixel on its
 *   own (`feColorMatrix` that keeps alpha, `feComponentTransfer` of R, G, B — a duotone — in sRGB,
 *   or in linear light between conversions when the primitive works in linearRGB);
 * - a shadow: the source's alpha, blurred, offset and coloured (`SourceAlpha` through
 *   `feGaussianBlur`, `feOffset`, and `feFlood` + `feComposite operator="in"` or an
 *   alpha-colouring `feColorMatrix`), which `feMerge`, `feBlend` or `feComposite operator="over"`
 *   puts under the source: `drop-shadow()`;
 * - a flood of one colour.
 *
 * That covers the shadows drawing tools and chart libraries write (draw.io's, Illustrator's,
 * Inkscape's drop shadow, `feDropShadow`) and blurs. A filter that is more than this (lighting,
 * turbulence, displacement, several shadows, `primitiveUnits="objectBoundingBox"`) gives
 * undefined: the painter rasterises the element with its filter (paint/svg-filter-raster.ts).
 */
import type { Color } from '../model/types.js';
import type { FilterFunction, TransferFunction } from '../model/image-types.js';
import { parseColorText, parseStyleAttribute } from './text-values.js';
import { srgbFromLinear } from './color-interpolation.js';
import { resolveColor } from './color.js';
import type { DomElement } from '../../dom/types.js';
import { isElement } from '../../dom/types.js';

/**
 * A shadow: the source's alpha blurred by `sigma`, moved by (dx, dy), in `color` — or in the
 * source's own colours (`source`: the source graphic moved, whose alpha a flood is kept in).
 */
interface Shadow {
  readonly kind: 'shadow';
  readonly dx: number;
  readonly dy: number;
  readonly sigma: number;
  readonly color: Color | 'source';
}

const alphaOf = (shadow: Shadow): number => (shadow.color === 'source' ? 1 : shadow.color.a);

/** The source graphic with functions applied in order. */
interface Graphic {
  readonly kind: 'graphic';
  readonly functions: readonly FilterFunction[];
}

interface Flood {
  readonly kind: 'flood';
  readonly color: Color;
}

type Value = Graphic | Shadow | Flood;

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const SOURCE_GRAPHIC: Graphic = { kind: 'graphic', functions: [] };
const SOURCE_ALPHA: Shadow = { kind: 'shadow', dx: 0, dy: 0, sigma: 0, color: BLACK };

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

/**
 * An attribute as SVG spells it (`stdDeviation`) or as the HTML parser left it in the page's tree
 * (`stddeviation`: a `<filter>` of an inline `<svg>` that an HTML element's `filter: url(#…)` names).
 */
const attr = (element: DomElement, name: string): string | undefined => element.attribs[name] ?? element.attribs[name.toLowerCase()];

/** The CSS filter functions `filter` amounts to, or undefined when they cannot say it. */
export function svgFilterFunctions(filter: DomElement): FilterFunction[] | undefined {
  if (attr(filter, 'primitiveUnits') === 'objectBoundingBox') return undefined;
  const results = new Map<string, Value>();
  let last: Value = SOURCE_GRAPHIC;
  const input = (name: string | undefined): Value | undefined => {
    if (name === undefined || name.trim() === '') return last;
    if (name === 'SourceGraphic') return SOURCE_GRAPHIC;
    if (name === 'SourceAlpha') return SOURCE_ALPHA;
    return results.get(name); // BackgroundImage, FillPaint… and unknown names: not expressible
  };
  for (const primitive of filter.children) {
    if (!isElement(primitive)) continue;
    const value = primitiveValue(primitive, input, linearRgb(primitive, filter));
    if (value === undefined) return undefined;
    last = value;
    const result = attr(primitive, 'result');
    if (result !== undefined && result.trim() !== '') results.set(result.trim(), value);
  }
  return last.kind === 'graphic' ? [...last.functions] : undefined;
}

/** Whether the primitive works in linearRGB (`color-interpolation-filters`, the default), not sRGB. */
function linearRgb(primitive: DomElement, filter: DomElement): boolean {
  const own = propertyOf(primitive, 'color-interpolation-filters') ?? propertyOf(filter, 'color-interpolation-filters');
  return own !== 'sRGB' && own !== 'srgb';
}

/** Where boxes/inline-svg.ts writes what the page's rules declare on an element of an inline `<svg>` (its PAGE_CSS_ATTRIBUTE). */
const PAGE_CSS = 'data-octavo-page-css';

/** A declaration of the `style` attribute, else of the page's rules, else the presentation attribute. */
function propertyOf(element: DomElement, name: string): string | undefined {
  const declared = (attribute: string): string | undefined => {
    const style = attr(element, attribute);
    return style === undefined ? undefined : parseStyleAttribute(style).get(name);
  };
  return declared('style') ?? declared(PAGE_CSS) ?? attr(element, name)?.trim();
}

function numbersOf(value: string | undefined): number[] {
  return (value ?? '').trim().split(/[\s,]+/).filter((part) => part !== '').map(Number);
}

function numberOf(value: string | undefined, fallback: number): number {
  const n = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** One standard deviation (the two of `stdDeviation="x y"` must agree: a CSS blur is round). */
function deviationOf(primitive: DomElement, fallback: number): number | undefined {
  const values = numbersOf(attr(primitive, 'stdDeviation'));
  if (values.length === 0) return fallback;
  if (values.some((v) => !Number.isFinite(v) || v < 0) || (values.length === 2 && values[0] !== values[1]) || values.length > 2) return undefined;
  return values[0]!;
}

/** `flood-color` with `flood-opacity`. */
function floodOf(primitive: DomElement): Color {
  const parsed = parseColorText(propertyOf(primitive, 'flood-color') ?? 'black');
  const color = parsed === undefined ? BLACK : resolveColor(parsed, BLACK);
  const opacity = Math.min(1, Math.max(0, numberOf(propertyOf(primitive, 'flood-opacity'), 1)));
  return { ...color, a: color.a * opacity };
}

function primitiveValue(primitive: DomElement, input: (name: string | undefined) => Value | undefined, linear: boolean): Value | undefined {
  const from = input(attr(primitive, 'in'));
  if (from === undefined) return undefined;
  switch (localName(primitive)) {
    case 'feGaussianBlur': {
      const sigma = deviationOf(primitive, 0);
      if (sigma === undefined) return undefined;
      if (from.kind === 'shadow') return { ...from, sigma: Math.hypot(from.sigma, sigma) };
      if (from.kind === 'graphic') return sigma === 0 ? from : { kind: 'graphic', functions: [...from.functions, { kind: 'blur', radius: sigma }] };
      return from;
    }
    case 'feOffset': {
      const dx = numberOf(attr(primitive, 'dx'), 0);
      const dy = numberOf(attr(primitive, 'dy'), 0);
      if (from.kind === 'shadow') return { ...from, dx: from.dx + dx, dy: from.dy + dy };
      // the source (blurred at most) moved: a shadow in its own colours, which only a flood may use (ApexCharts' labels)
      if (from.kind === 'graphic' && from.functions.every((f) => f.kind === 'blur')) {
        return { kind: 'shadow', dx, dy, sigma: Math.hypot(...from.functions.map((f) => (f.kind === 'blur' ? f.radius : 0))), color: 'source' };
      }
      return from.kind === 'flood' ? from : undefined;
    }
    case 'feFlood': return { kind: 'flood', color: floodOf(primitive) };
    case 'feDropShadow': {
      const sigma = deviationOf(primitive, 2);
      if (sigma === undefined || from.kind !== 'graphic') return undefined;
      const shadow: FilterFunction = { kind: 'drop-shadow', x: numberOf(attr(primitive, 'dx'), 2), y: numberOf(attr(primitive, 'dy'), 2), blur: sigma, color: floodOf(primitive) };
      return { kind: 'graphic', functions: [...from.functions, shadow] };
    }
    case 'feColorMatrix': return colorMatrixValue(primitive, from, linear);
    case 'feComposite': {
      const operator = attr(primitive, 'operator') ?? 'over';
      const under = input(attr(primitive, 'in2'));
      if (under === undefined) return undefined;
      if (operator === 'over') return stacked([under, from]);
      // a flood kept where a shadow's alpha is: the shadow in the flood's colour
      if (operator === 'in' && from.kind === 'flood' && under.kind === 'shadow') return { ...under, color: { ...from.color, a: from.color.a * alphaOf(under) } };
      if (operator === 'in' && from.kind === 'flood' && under.kind === 'graphic' && under.functions.length === 0) return { ...SOURCE_ALPHA, color: from.color };
      if (operator === 'in' && from.kind === 'shadow' && under.kind === 'shadow' && under.sigma === 0 && under.dx === 0 && under.dy === 0) return from;
      return undefined;
    }
    case 'feBlend': {
      const under = input(attr(primitive, 'in2'));
      return under === undefined || (attr(primitive, 'mode') ?? 'normal') !== 'normal' ? undefined : stacked([under, from]);
    }
    case 'feComponentTransfer':
      if (from.kind === 'shadow') return shadowTransfer(primitive, from);
      return from.kind === 'graphic' ? graphicTransfer(primitive, from, linear) : undefined;
    case 'feMerge': {
      const layers = primitive.children.filter(isElement).filter((node) => localName(node) === 'feMergeNode').map((node) => input(attr(node, 'in')));
      return layers.some((layer) => layer === undefined) ? undefined : stacked(layers as Value[]);
    }
    default: return undefined;
  }
}

/**
 * Layers drawn bottom to top: the source graphic alone, or one shadow under it — `drop-shadow()`
 * after the graphic's functions, exact when they leave its alpha as it was (colour steps only).
 */
function stacked(layers: readonly Value[]): Value | undefined {
  const visible = layers.filter((layer) => !(layer.kind === 'shadow' && alphaOf(layer) <= 0));
  if (visible.length === 1) return visible[0];
  if (visible.length !== 2) return undefined;
  const [shadow, graphic] = visible;
  if (shadow?.kind !== 'shadow' || shadow.color === 'source' || graphic?.kind !== 'graphic' || graphic.functions.some((f) => !RECOLOURS.has(f.kind))) return undefined;
  // the shadow after the recolouring, which keeps alpha: the shadow's shape is the same, its colour not recoloured
  return { kind: 'graphic', functions: [...graphic.functions, { kind: 'drop-shadow', x: shadow.dx, y: shadow.dy, blur: shadow.sigma, color: shadow.color }] };
}

/** `feComponentTransfer` on a shadow: an `feFuncA` that scales alpha (`linear` with a slope, `table` from 0) changes its opacity. */
function shadowTransfer(primitive: DomElement, shadow: Shadow): Shadow | undefined {
  if (shadow.color === 'source') return undefined;
  let scale = 1;
  for (const func of primitive.children.filter(isElement)) {
    const type = attr(func, 'type') ?? 'identity';
    if (type === 'identity') continue;
    if (localName(func) !== 'feFuncA') return undefined;
    const table = numbersOf(attr(func, 'tableValues'));
    if (type === 'linear' && numberOf(attr(func, 'intercept'), 0) === 0) scale *= Math.max(0, numberOf(attr(func, 'slope'), 1));
    else if (type === 'table' && table.length === 2 && table[0] === 0 && Number.isFinite(table[1])) scale *= Math.max(0, table[1]!);
    else return undefined;
  }
  return { ...shadow, color: { ...shadow.color, a: Math.min(1, shadow.color.a * scale) } };
}

/**
 * `feColorMatrix`: on a shadow, a matrix that sets one colour (zero RGB columns, the alpha row
 * scaling alpha) recolours it; on the graphic, `saturate`, `hueRotate` and an RGB matrix that
 * leaves alpha alone are CSS colour functions when the primitive works in sRGB.
 */
function colorMatrixValue(primitive: DomElement, from: Value, linear: boolean): Value | undefined {
  const type = attr(primitive, 'type') ?? 'matrix';
  const values = numbersOf(attr(primitive, 'values'));
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  if (from.kind === 'shadow' && type === 'matrix' && values.length === 20) {
    const rgbFromSource = [0, 1, 2, 3].some((row) => [0, 1, 2].some((column) => values[row * 5 + column] !== 0));
    if (rgbFromSource || values[18]! < 0 || values[19] !== 0) return undefined;
    const clamped = [4, 9, 14].map((at) => Math.min(1, Math.max(0, values[at]!))) as [number, number, number];
    const [r, g, b] = linear ? srgbFromLinear(clamped) : clamped;
    return { ...from, color: { r: 255 * r, g: 255 * g, b: 255 * b, a: Math.min(1, alphaOf(from) * values[18]!) } };
  }
  if (from.kind !== 'graphic') return undefined;
  if (type === 'saturate') return recoloured(from, { kind: 'color', name: 'saturate', amount: values[0] ?? 1 }, linear);
  if (type === 'hueRotate') return recoloured(from, { kind: 'color', name: 'hue-rotate', amount: values[0] ?? 0 }, linear);
  if (type !== 'matrix') return undefined;
  if (values.length === 0) return from;
  const alphaKept = values.length === 20 && values[15] === 0 && values[16] === 0 && values[17] === 0 && values[18] === 1 && values[19] === 0 && values[3] === 0 && values[8] === 0 && values[13] === 0;
  if (!alphaKept) return undefined;
  const matrix = [0, 1, 2].flatMap((row) => [values[row * 5]!, values[row * 5 + 1]!, values[row * 5 + 2]!, values[row * 5 + 4]!]);
  return recoloured(from, { kind: 'color-matrix', matrix }, linear);
}

/** Filter functions that recolour each colour on its own, alpha kept: they commute with a shadow under the graphic. */
const RECOLOURS: ReadonlySet<FilterFunction['kind']> = new Set(['color', 'color-matrix', 'color-transfer', 'color-space']);

/**
 * The graphic recoloured by `step`, in linear light when the primitive works in linearRGB: an
 * element's colours are sRGB, so its channels are converted there and back around the step.
 */
function recoloured(from: Graphic, step: FilterFunction, linear: boolean): Graphic {
  if (!linear) return { kind: 'graphic', functions: [...from.functions, step] };
  // after another primitive in linear light the colours are there already: no conversion back and forth between the two
  const functions = from.functions;
  const inLinear = functions[functions.length - 1] === TO_SRGB;
  return { kind: 'graphic', functions: inLinear ? [...functions.slice(0, -1), step, TO_SRGB] : [...functions, TO_LINEAR, step, TO_SRGB] };
}

const TO_LINEAR: FilterFunction = { kind: 'color-space', to: 'linear' };
const TO_SRGB: FilterFunction = { kind: 'color-space', to: 'srgb' };
const IDENTITY_TRANSFER: TransferFunction = { type: 'identity' };

/**
 * `feComponentTransfer` on the graphic: its `feFuncR`, `feFuncG`, `feFuncB` (the last of each
 * kind counts); an `feFuncA` other than the identity changes alpha, which no colour step does.
 */
function graphicTransfer(primitive: DomElement, from: Graphic, linear: boolean): Graphic | undefined {
  const channels: TransferFunction[] = [IDENTITY_TRANSFER, IDENTITY_TRANSFER, IDENTITY_TRANSFER];
  for (const func of primitive.children.filter(isElement)) {
    const channel = ['feFuncR', 'feFuncG', 'feFuncB', 'feFuncA'].indexOf(localName(func));
    if (channel < 0) continue;
    const transfer = transferOf(func);
    if (transfer === undefined) return undefined;
    if (channel === 3) {
      if (transfer.type !== 'identity') return undefined;
      continue;
    }
    channels[channel] = transfer;
  }
  if (channels.every((c) => c.type === 'identity')) return from;
  return recoloured(from, { kind: 'color-transfer', channels: [channels[0]!, channels[1]!, channels[2]!] }, linear);
}

/** An feFunc's function (Filter Effects 1 §15.11); an unknown `type` is the identity, as an omitted one is. */
function transferOf(func: DomElement): TransferFunction | undefined {
  const numbers = [attr(func, 'slope'), attr(func, 'intercept'), attr(func, 'amplitude'), attr(func, 'exponent'), attr(func, 'offset')];
  if (numbers.some((value) => value !== undefined && !Number.isFinite(Number(value)))) return undefined;
  switch (attr(func, 'type')?.trim()) {
    case 'table':
    case 'discrete': {
      const values = numbersOf(attr(func, 'tableValues'));
      if (values.some((v) => !Number.isFinite(v))) return undefined;
      return values.length === 0 ? IDENTITY_TRANSFER : { type: attr(func, 'type')!.trim() as 'table' | 'discrete', values };
    }
    case 'linear': return { type: 'linear', slope: numberOf(attr(func, 'slope'), 1), intercept: numberOf(attr(func, 'intercept'), 0) };
    case 'gamma': return { type: 'gamma', amplitude: numberOf(attr(func, 'amplitude'), 1), exponent: numberOf(attr(func, 'exponent'), 1), offset: numberOf(attr(func, 'offset'), 0) };
    default: return IDENTITY_TRANSFER;
  }
}
