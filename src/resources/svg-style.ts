/**
 * SVG styling (SVG 2 §6): each property from the `style` attribute, else the `<style>` rules that
 * match by type, class or id, else the presentation attribute, else inherited (for the inherited
 * properties) or initial. Colours and paints go through the CSS colour parser.
 */
import type { Color } from '../css/types.js';
import { resolveColor } from '../css/values/color.js';
import type { FontCaps, PaintOrder } from '../css/model/types.js';
import { FONT_CAPS } from '../css/model/font-types.js';
import { NORMAL_PAINT_ORDER, parsePaintOrder } from '../css/values/paint-order.js';
import { parseColorText, parseStyleAttribute } from '../css/values/text-values.js';
import type { DomElement } from '../dom/types.js';
import type { FontBasis } from '../css/values/svg-units.js';
import { length } from '../css/values/svg-units.js';
import { PAGE_CSS_ATTRIBUTE, PAGE_INHERITED_ATTRIBUTE, PAGE_VARIABLES_ATTRIBUTE } from '../boxes/inline-svg.js';
import type { CustomProperties } from '../css/custom-properties.js';
import { NO_CUSTOM_PROPERTIES, substituteVars } from '../css/custom-properties.js';
import { TEXT_ORIENTATIONS, TEXT_ORIENTATION_ALIASES, WRITING_MODES, WRITING_MODE_ALIASES } from '../css/properties/writing-modes.js';

export type Paint =
  | { readonly kind: 'none' }
  | { readonly kind: 'color'; readonly color: Color }
  | { readonly kind: 'url'; readonly id: string; readonly fallback: Color | undefined }
  /** `context-fill` / `context-stroke` (SVG 2 §13.3): the paint of the element a marker is drawn for. */
  | { readonly kind: 'context'; readonly which: 'fill' | 'stroke' };

/**
 * `text-decoration` declared on an SVG element (SVG 2 §11.12): its lines, drawn under (or through)
 * the text of it and its descendants with the fill and stroke of `style`, the declaring element's.
 */
export interface SvgDecoration {
  readonly underline: boolean;
  readonly overline: boolean;
  readonly lineThrough: boolean;
  readonly style: SvgStyle;
}

const BASELINES = ['auto', 'alphabetic', 'middle', 'central', 'hanging', 'mathematical', 'text-top', 'text-bottom', 'text-before-edge', 'text-after-edge', 'ideographic'] as const;
export type DominantBaseline = (typeof BASELINES)[number];
/**
 * The values `dominant-baseline` takes as Chromium 156 parses it: SVG 2's `text-top` and
 * `text-bottom` are invalid there (the parent's baseline stays), as SVG 1.1 had them not.
 */
const DOMINANT_BASELINES = BASELINES.filter((b) => b !== 'text-top' && b !== 'text-bottom');
/** `alignment-baseline` values, as the DominantBaseline they align by (`baseline` and `auto`: the parent's). */
const ALIGNMENT_BASELINES: Readonly<Record<string, DominantBaseline>> = {
  'before-edge': 'text-before-edge', top: 'text-top', 'after-edge': 'text-after-edge', bottom: 'text-bottom', center: 'central',
  ...Object.fromEntries(BASELINES.filter((b) => b !== 'auto').map((b) => [b, b])),
};
/** SVG 2 geometry properties a rule may set in place of the attributes (`rect.outer { rx: 5px }`). */
const GEOMETRY = ['rx', 'ry', 'cx', 'cy', 'r', 'x', 'y'] as const;

export interface SvgStyle {
  readonly color: Color;
  readonly fill: Paint;
  readonly fillOpacity: number;
  readonly fillRule: 'nonzero' | 'evenodd';
  readonly stroke: Paint;
  readonly strokeOpacity: number;
  readonly strokeWidth: string;
  readonly strokeLinecap: 'butt' | 'round' | 'square';
  readonly strokeLinejoin: 'miter' | 'round' | 'bevel';
  readonly strokeMiterlimit: number;
  readonly strokeDasharray: string;
  readonly strokeDashoffset: string;
  readonly visibility: 'visible' | 'hidden';
  /** px (user units), resolved against the parent's size. */
  readonly fontSize: number;
  readonly fontFamily: string;
  readonly fontWeight: number;
  readonly fontStyle: 'normal' | 'italic' | 'oblique';
  /** `font-variant-caps` (or the `font-variant` shorthand's caps keyword): small capitals as in HTML (text/small-caps.ts). */
  readonly fontVariantCaps: 'normal' | FontCaps;
  /** The decorations declared on the element and its ancestors (they reach every text below, and `none` removes none). */
  readonly decorations: readonly SvgDecoration[];
  readonly letterSpacing: number;
  /** px added after each word separator (a space, a no-break space), as CSS Text 3 §8.1 and Chromium's SVG text. */
  readonly wordSpacing: number;
  /** `image-rendering`: SVG's optimizeSpeed is pixelated, optimizeQuality smooth. */
  readonly imageRendering: 'auto' | 'smooth' | 'pixelated';
  readonly textAnchor: 'start' | 'middle' | 'end';
  /** The inline direction of text: `rtl` text advances leftwards and `start` anchors its right end. */
  readonly direction: 'ltr' | 'rtl';
  /** `writing-mode` of a `<text>` (SVG 1.1 `tb`, `tb-rl`; CSS `vertical-rl`, `vertical-lr`, `sideways-*`): its lines run downwards. */
  readonly writingMode: 'horizontal' | 'vertical';
  /** `text-orientation` (`glyph-orientation-vertical` 0 is `upright`, 90 `sideways`; `sideways-*` writing modes set `sideways`). */
  readonly textOrientation: 'mixed' | 'upright' | 'sideways';
  readonly dominantBaseline: DominantBaseline;
  readonly clipRule: 'nonzero' | 'evenodd';
  /** Ids of the `<marker>`s of `marker-start`, `marker-mid`, `marker-end`. */
  readonly markerStart: string | undefined;
  readonly markerMid: string | undefined;
  readonly markerEnd: string | undefined;
  readonly paintOrder: PaintOrder;
  // not inherited
  readonly opacity: number;
  readonly display: string;
  readonly stopColor: Color;
  readonly stopOpacity: number;
  readonly clipPath: string | undefined;
  readonly mask: string | undefined;
  /** The id of the `<filter>` it references (css/values/svg-filter.ts). */
  readonly filter: string | undefined;
  /** `alignment-baseline` of a `<tspan>` or `<text>` (SVG 2 §11.10.2.6): the baseline its text is set on, when not its parent's. */
  readonly alignmentBaseline: DominantBaseline | undefined;
  /**
   * `baseline-shift` of a `<tspan>` or `<textPath>` (SVG 1.1 §10.9.2, not inherited): `sub` or
   * `super` (by the font's own height, as Chromium), or px up from the parent's baseline (a
   * percentage of the element's font size); undefined for `baseline`.
   */
  readonly baselineShift: 'sub' | 'super' | number | undefined;
  /** `transform` (the attribute, or a rule's CSS) and `transform-origin` (SVG 2 §8.5; the origin 0 0 by default). */
  readonly transform: string | undefined;
  readonly transformOrigin: string | undefined;
  /** `transform-box` (CSS Transforms 1 §6.2): the origin's and percentages' box, the element's bounding box (`fill-box`, `stroke-box`) or its viewport. */
  readonly transformBox: 'fill-box' | 'view-box';
  /**
   * `overflow` of an element that makes a viewport (a nested `<svg>`, a `<symbol>`, a `<marker>`): `hidden`, as
   * the UA sheet gives them (SVG 2 §5.9, `svg:not(:root), symbol, marker … { overflow: hidden }`), unless
   * `visible` or `auto` is declared — those draw past the viewport, unclipped.
   */
  readonly overflow: 'visible' | 'hidden';
  /** `vector-effect` (SVG 2 §13.2, not inherited): `non-scaling-stroke` strokes in the host space, as wide whatever the transforms. */
  readonly vectorEffect: 'none' | 'non-scaling-stroke';
  /**
   * Whether `white-space` (inherited) keeps a text's spaces (`pre`, `pre-wrap`, `break-spaces`) or
   * collapses them; undefined where no element declares it, so that `xml:space` decides (SVG 2 §11.3).
   */
  readonly whiteSpace: 'preserve' | 'collapse' | undefined;
  /** `mask-type` of a `<mask>` (CSS Masking 1 §7.2, not inherited): read by its luminance, or by its alpha. */
  readonly maskType: 'luminance' | 'alpha';
  /** Geometry properties set by a rule or `style`, where they differ from the attributes (shapePath reads them first). */
  readonly geometry: Readonly<Record<string, string>> | undefined;
  /**
   * Custom properties (inherited): what `var()` in the element's and its children's values reads.
   * css/custom-properties.ts's CustomProperties, spelled out: the public types reach this record,
   * and naming that module here would bring the css stage's (and css-tree's) types into them.
   */
  readonly custom: ReadonlyMap<string, string>;
}

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

export const INITIAL_STYLE: SvgStyle = {
  color: BLACK, fill: { kind: 'color', color: BLACK }, fillOpacity: 1, fillRule: 'nonzero', stroke: { kind: 'none' }, strokeOpacity: 1,
  strokeWidth: '1', strokeLinecap: 'butt', strokeLinejoin: 'miter', strokeMiterlimit: 4, strokeDasharray: 'none', strokeDashoffset: '0',
  visibility: 'visible', fontSize: 16, fontFamily: 'serif', fontWeight: 400, fontStyle: 'normal', fontVariantCaps: 'normal', decorations: [], letterSpacing: 0, wordSpacing: 0, imageRendering: 'auto', textAnchor: 'start', direction: 'ltr', writingMode: 'horizontal', textOrientation: 'mixed', dominantBaseline: 'auto', clipRule: 'nonzero',
  markerStart: undefined, markerMid: undefined, markerEnd: undefined, paintOrder: NORMAL_PAINT_ORDER,
  opacity: 1, display: 'inline', stopColor: BLACK, stopOpacity: 1, clipPath: undefined, mask: undefined, filter: undefined, alignmentBaseline: undefined, baselineShift: undefined, transform: undefined, transformOrigin: undefined, transformBox: 'view-box', overflow: 'hidden', vectorEffect: 'none', whiteSpace: undefined, maskType: 'luminance', geometry: undefined,
  custom: NO_CUSTOM_PROPERTIES,
};

/** A simple `<style>` rule: type, `.class` or `#id` selectors (lists allowed). */
export interface SvgRule {
  readonly selectors: readonly string[];
  readonly declarations: ReadonlyMap<string, string>;
}

/** Parses the rules of `<style>` elements; complex selectors are skipped. */
export function parseSvgRules(text: string): SvgRule[] {
  const rules: SvgRule[] = [];
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of clean.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selectors = match[1]!.split(',').map((s) => s.trim()).filter((s) => /^[a-zA-Z*]?[\w-]*(\.[\w-]+|#[\w-]+)*$/.test(s));
    if (selectors.length > 0) rules.push({ selectors, declarations: parseStyleAttribute(match[2]!) });
  }
  return rules;
}

function matches(selector: string, element: DomElement): boolean {
  const tag = /^[a-zA-Z*][\w-]*/.exec(selector)?.[0];
  if (tag !== undefined && tag !== '*' && tag !== element.name) return false;
  const classes = (element.attribs['class'] ?? '').split(/\s+/);
  for (const part of selector.matchAll(/([.#])([\w-]+)/g)) {
    if (part[1] === '.' && !classes.includes(part[2]!)) return false;
    if (part[1] === '#' && element.attribs['id'] !== part[2]) return false;
  }
  return true;
}

/**
 * The `font` shorthand (CSS Fonts 4 §2.8) as its longhands: style and weight keywords, the size
 * (a line height after `/` is dropped), then the family list; every longhand is reset.
 */
function expandFont(value: string): [string, string][] {
  const tokens = value.trim().match(/"[^"]*"|'[^']*'|[^\s]+/g) ?? [];
  const out = new Map<string, string>([['font-style', 'normal'], ['font-weight', 'normal'], ['font-variant-caps', 'normal']]);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!.toLowerCase();
    if (t === 'italic' || t === 'oblique') out.set('font-style', t);
    else if (t === 'small-caps') out.set('font-variant-caps', t);
    else if (t === 'bold' || t === 'bolder' || t === 'lighter' || /^\d{3}$/.test(t)) out.set('font-weight', t);
    else if (t === 'normal') continue;
    else {
      out.set('font-size', tokens[i]!.split('/')[0]!);
      const family = tokens.slice(i + 1).join(' ');
      if (family !== '') out.set('font-family', family);
      return [...out];
    }
  }
  return [];
}

/** Sets a declaration, the `font` shorthand as its longhands. */
function declare(out: Map<string, string>, name: string, value: string): void {
  if (name === 'font') for (const [k, v] of expandFont(value)) out.set(k, v);
  else if (name === 'font-variant') out.set('font-variant-caps', value.trim().toLowerCase().split(/\s+/).find((t) => t === 'normal' || (FONT_CAPS as readonly string[]).includes(t)) ?? 'normal');
  else if (name === 'text-decoration') out.set('text-decoration-line', value);
  else if (name === 'marker') for (const k of ['marker-start', 'marker-mid', 'marker-end']) out.set(k, value);
  else out.set(name, value);
}

/** `white-space` as what it does to a text's spaces: `pre`, `pre-wrap` and `break-spaces` keep them. */
function whiteSpaceOf(value: string | undefined, inherited: SvgStyle['whiteSpace']): SvgStyle['whiteSpace'] {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === 'inherit') return inherited;
  if (v === 'pre' || v === 'pre-wrap' || v === 'break-spaces') return 'preserve';
  return v === 'normal' || v === 'nowrap' || v === 'pre-line' ? 'collapse' : inherited;
}

/** Properties whose CSS value is a length alone: a bare number other than 0 is valid only as a presentation attribute (SVG 2 §6.8). */
const LENGTH_ONLY = new Set(['letter-spacing', 'word-spacing', 'font-size']);
const BARE_NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?\s*$/i;

/**
 * Sets a declaration of a rule or `style` attribute, CSS syntax: Illustrator's `.st8 { letter-spacing: 2 }`
 * is invalid there and dropped, as Chromium drops it (the page's CSS parser warns it for an inline `<svg>`).
 */
function declareCss(out: Map<string, string>, name: string, value: string): void {
  if (LENGTH_ONLY.has(name) && BARE_NUMBER.test(value) && Number(value) !== 0) return;
  declare(out, name, value);
}

/**
 * Declared values of an element: what an inline `<svg>` inherits from the page < presentation
 * attributes < its own `<style>` rules < the page's CSS < style attribute (boxes/inline-svg.ts
 * writes the page's into the markup). The page's CSS ranks above the `<style>` rules because, for
 * an inline `<svg>`, it is the document's cascade of those same rules with every selector and
 * their specificity (`.bar:nth-of-type(2n)` over `.bar`), which the simple matching here lacks;
 * the rules still give what the page's CSS does not carry over (an SVG image has only them).
 */
function declared(element: DomElement, rules: readonly SvgRule[]): Map<string, string> {
  const out = new Map<string, string>();
  const page = (attribute: string): void => {
    const text = element.attribs[attribute];
    if (text !== undefined) for (const [k, v] of parseStyleAttribute(text)) if (PROPERTIES.has(k) || k.startsWith('--')) declare(out, k, v);
  };
  page(PAGE_INHERITED_ATTRIBUTE);
  for (const [name, value] of Object.entries(element.attribs)) if (PROPERTIES.has(name.toLowerCase())) declare(out, name.toLowerCase(), value.trim());
  for (const rule of rules) if (rule.selectors.some((s) => matches(s, element))) for (const [k, v] of rule.declarations) declareCss(out, k, v);
  page(PAGE_CSS_ATTRIBUTE);
  for (const [k, v] of parseStyleAttribute(element.attribs['style'] ?? '')) declareCss(out, k, v);
  return out;
}

const PROPERTIES = new Set(['color', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'visibility', 'font-size', 'font-family', 'font-weight', 'font-style', 'font-variant', 'font-variant-caps', 'text-decoration', 'text-decoration-line', 'letter-spacing', 'word-spacing', 'image-rendering', 'text-anchor', 'direction', 'writing-mode', 'text-orientation', 'glyph-orientation-vertical', 'dominant-baseline', 'clip-rule',
  'opacity', 'display', 'stop-color', 'stop-opacity', 'clip-path', 'mask', 'filter', 'alignment-baseline', 'baseline-shift', 'transform', 'transform-origin', 'transform-box', 'overflow', 'vector-effect', 'mask-type', 'white-space', ...GEOMETRY, 'font', 'marker', 'marker-start', 'marker-mid', 'marker-end', 'paint-order']);

function parsePaint(value: string, current: Color, inherited: Paint): Paint {
  const v = value.trim();
  if (v === 'none') return { kind: 'none' };
  if (v === 'inherit' || v === 'unset') return inherited;
  if (v === 'context-fill' || v === 'context-stroke') return { kind: 'context', which: v === 'context-fill' ? 'fill' : 'stroke' };
  const url = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)\s*(.*)$/.exec(v);
  if (url !== undefined && url !== null) {
    const fallback = url[2] !== '' ? parseColorText(url[2]!) : undefined;
    return { kind: 'url', id: url[1]!, fallback: fallback === undefined ? undefined : resolveColor(fallback, current) };
  }
  const color = parseColorText(v);
  return color === undefined ? inherited : { kind: 'color', color: resolveColor(color, current) };
}

function number(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = value.trim().endsWith('%') ? parseFloat(value) / 100 : parseFloat(value);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}


/** The lines of a `text-decoration` or `text-decoration-line` value (its colour and style are not SVG's: the fill and stroke draw it). */
function decorationLines(value: string | undefined): Omit<SvgDecoration, 'style'> | undefined {
  const words = value?.trim().toLowerCase().split(/\s+/) ?? [];
  const lines = { underline: words.includes('underline'), overline: words.includes('overline'), lineThrough: words.includes('line-through') };
  return lines.underline || lines.overline || lines.lineThrough ? lines : undefined;
}

const SIZE_KEYWORDS: Readonly<Record<string, number>> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };

/** `font-size` in px: keywords, lengths (em, ex, ch and % of the parent's font), `larger`/`smaller`. */
function fontSize(value: string | undefined, parent: FontBasis): number {
  if (value === undefined) return parent.fontSize;
  const v = value.trim().toLowerCase();
  if (v in SIZE_KEYWORDS) return SIZE_KEYWORDS[v]!;
  if (v === 'larger') return parent.fontSize * 1.2;
  if (v === 'smaller') return parent.fontSize / 1.2;
  const n = length(v, parent.fontSize, NaN, parent);
  return Number.isFinite(n) && n >= 0 ? n : parent.fontSize;
}

/** `font-weight`: numbers, normal/bold, bolder/lighter (CSS Fonts 4 §2.2.1, simplified). */
function fontWeight(value: string | undefined, parent: number): number {
  if (value === undefined) return parent;
  const v = value.trim().toLowerCase();
  if (v === 'normal') return 400;
  if (v === 'bold') return 700;
  if (v === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : 900;
  if (v === 'lighter') return parent < 550 ? 100 : parent < 750 ? 400 : 700;
  const n = Number(v);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : parent;
}

function imageRendering(value: string | undefined, parent: SvgStyle['imageRendering']): SvgStyle['imageRendering'] {
  switch (value?.trim().toLowerCase()) {
    case undefined: return parent;
    case 'auto': return 'auto';
    case 'optimizequality':
    case 'smooth':
    case 'high-quality': return 'smooth';
    case 'optimizespeed':
    case 'pixelated':
    case 'crisp-edges': return 'pixelated';
    default: return parent;
  }
}

/** `letter-spacing` or `word-spacing` (inherited; `normal` is 0). */
function spacing(value: string | undefined, parent: SvgStyle, inherited: number): number {
  if (value === undefined) return inherited;
  if (value.trim() === 'normal') return 0;
  const n = length(value, parent.fontSize, NaN, parent);
  return Number.isFinite(n) ? n : inherited;
}

const FONT_RELATIVE = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(em|ex|ch|rem)\s*$/i;

/**
 * A length list as its computed value (CSS Values 4 §4): font-relative units (em, ex, ch, rem)
 * turned into px against the declaring element's font size, so that a child inherits the
 * length and not the unit; percentages and other units are kept for the viewport at use.
 */
function absoluteLengths(value: string | undefined, font: FontBasis): string | undefined {
  if (value === undefined || !/(em|ex|ch|rem)\b/i.test(value)) return value;
  return value.trim().split(/\s*,\s*|\s+/).map((item) => (FONT_RELATIVE.test(item) ? `${length(item, 0, 0, font)}px` : item)).join(' ');
}

/** `baseline-shift` (SVG 1.1 §10.9.2): `sub`, `super`, or px up, a percentage of the element's own font size. */
function baselineShiftOf(value: string | undefined, font: FontBasis): SvgStyle['baselineShift'] {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === 'baseline') return undefined;
  if (v === 'sub' || v === 'super') return v;
  const px = length(v, font.fontSize, NaN, font);
  return Number.isFinite(px) && px !== 0 ? px : undefined;
}

/** The id of a `url(#id)` value; undefined for anything else. */
export function urlId(value: string | undefined): string | undefined {
  return /^url\(\s*['"]?#([^'")]+)['"]?\s*\)$/.exec(value ?? '')?.[1];
}

/**
 * The element's custom properties (its parent's, then those it declares, `var()` in them
 * substituted), and its declared values with their `var()`s substituted (CSS Variables 1 §3): an
 * unresolvable one makes the value `unset`. A name its inheritance lacks is read where the
 * element is in the page (PAGE_VARIABLES_ATTRIBUTE: a gradient's stop is styled apart from its parents).
 */
function substituted(element: DomElement, d: Map<string, string>, inherited: CustomProperties): CustomProperties {
  let declaredHere: Map<string, string> | undefined;
  for (const [name, value] of d) {
    if (!name.startsWith('--')) continue;
    const map = (declaredHere ??= new Map(inherited));
    const text = value.includes('var(') ? substituteVars(value, (ref) => map.get(ref)) : value;
    if (typeof text === 'string') map.set(name, text);
    else map.delete(name);
  }
  const custom: CustomProperties = declaredHere ?? inherited;
  let context: CustomProperties | undefined;
  const lookup = (name: string): string | undefined => {
    const own = custom.get(name);
    if (own !== undefined) return own;
    context ??= new Map(parseStyleAttribute(element.attribs[PAGE_VARIABLES_ATTRIBUTE] ?? ''));
    return context.get(name);
  };
  for (const [name, value] of d) {
    if (name.startsWith('--') || !value.includes('var(')) continue;
    const text = substituteVars(value, lookup);
    d.set(name, typeof text === 'string' ? text.trim() : 'unset');
  }
  return custom;
}

export function computeSvgStyle(element: DomElement, parent: SvgStyle, rules: readonly SvgRule[]): SvgStyle {
  const d = declared(element, rules);
  const custom = substituted(element, d, parent.custom);
  const get = (name: string): string | undefined => {
    const v = d.get(name);
    // `unset` is `inherit` for the inherited properties, and what an absent value gives the others: their initial one
    return v === 'inherit' || v === 'unset' ? undefined : v;
  };
  const colorValue = get('color');
  const parsedColor = colorValue === undefined ? undefined : parseColorText(colorValue);
  const color = parsedColor === undefined ? parent.color : resolveColor(parsedColor, parent.color);
  const stopColor = get('stop-color');
  const parsedStop = stopColor === undefined ? undefined : parseColorText(stopColor);
  const clip = urlId(get('clip-path'));
  const size = fontSize(get('font-size'), parent);
  const weight = fontWeight(get('font-weight'), parent.fontWeight);
  const font: FontBasis = { fontSize: size, fontFamily: get('font-family') ?? parent.fontFamily, fontWeight: weight };
  const marker = (name: string, inherited: string | undefined): string | undefined => {
    const v = get(name);
    return v === undefined ? inherited : urlId(v);
  };
  const style: SvgStyle = {
    color,
    fill: d.has('fill') ? parsePaint(d.get('fill')!, color, parent.fill) : parent.fill,
    fillOpacity: number(get('fill-opacity'), parent.fillOpacity),
    fillRule: oneOf(get('fill-rule'), ['nonzero', 'evenodd'], parent.fillRule),
    stroke: d.has('stroke') ? parsePaint(d.get('stroke')!, color, parent.stroke) : parent.stroke,
    strokeOpacity: number(get('stroke-opacity'), parent.strokeOpacity),
    strokeWidth: absoluteLengths(get('stroke-width'), font) ?? parent.strokeWidth,
    strokeLinecap: oneOf(get('stroke-linecap'), ['butt', 'round', 'square'], parent.strokeLinecap),
    strokeLinejoin: oneOf(get('stroke-linejoin'), ['miter', 'round', 'bevel'], parent.strokeLinejoin),
    strokeMiterlimit: Math.max(1, parseFloat(get('stroke-miterlimit') ?? '') || parent.strokeMiterlimit),
    strokeDasharray: absoluteLengths(get('stroke-dasharray'), font) ?? parent.strokeDasharray,
    strokeDashoffset: absoluteLengths(get('stroke-dashoffset'), font) ?? parent.strokeDashoffset,
    visibility: oneOf(get('visibility'), ['visible', 'hidden'], parent.visibility),
    fontSize: size,
    fontFamily: font.fontFamily,
    fontWeight: weight,
    fontStyle: oneOf(get('font-style'), ['normal', 'italic', 'oblique'], parent.fontStyle),
    fontVariantCaps: oneOf(get('font-variant-caps'), ['normal', ...FONT_CAPS], parent.fontVariantCaps),
    decorations: parent.decorations,
    letterSpacing: spacing(get('letter-spacing'), parent, parent.letterSpacing),
    wordSpacing: spacing(get('word-spacing'), parent, parent.wordSpacing),
    imageRendering: imageRendering(get('image-rendering'), parent.imageRendering),
    textAnchor: oneOf(get('text-anchor'), ['start', 'middle', 'end'], parent.textAnchor),
    direction: oneOf(get('direction'), ['ltr', 'rtl'], parent.direction),
    writingMode: writingModeOf(get('writing-mode'), parent.writingMode),
    textOrientation: textOrientationOf(get('writing-mode'), get('text-orientation'), get('glyph-orientation-vertical'), parent.textOrientation),
    dominantBaseline: oneOf(get('dominant-baseline'), DOMINANT_BASELINES, parent.dominantBaseline),
    clipRule: oneOf(get('clip-rule'), ['nonzero', 'evenodd'], parent.clipRule),
    opacity: number(get('opacity'), 1),
    display: get('display') ?? 'inline',
    stopColor: parsedStop === undefined ? BLACK : resolveColor(parsedStop, color),
    stopOpacity: number(get('stop-opacity'), 1),
    markerStart: marker('marker-start', parent.markerStart),
    markerMid: marker('marker-mid', parent.markerMid),
    markerEnd: marker('marker-end', parent.markerEnd),
    paintOrder: parsePaintOrder(get('paint-order')?.trim().toLowerCase().split(/\s+/) ?? []) ?? parent.paintOrder,
    clipPath: clip,
    mask: urlId(get('mask')),
    filter: urlId(get('filter')),
    alignmentBaseline: ALIGNMENT_BASELINES[get('alignment-baseline')?.trim() ?? ''],
    baselineShift: baselineShiftOf(get('baseline-shift'), font),
    transform: get('transform'),
    transformOrigin: get('transform-origin'),
    // every box but view-box is the bounding box of an SVG element (CSS Transforms 1 §6.2: content-box is
    // fill-box, border-box stroke-box); the stroke's reach is not counted (a few user units at most)
    transformBox: (get('transform-box')?.trim() ?? 'view-box') === 'view-box' ? 'view-box' : 'fill-box',
    overflow: ['visible', 'auto'].includes(get('overflow')?.trim().toLowerCase() ?? '') ? 'visible' : 'hidden',
    vectorEffect: get('vector-effect')?.trim().toLowerCase() === 'non-scaling-stroke' ? 'non-scaling-stroke' : 'none',
    whiteSpace: whiteSpaceOf(get('white-space'), parent.whiteSpace),
    maskType: get('mask-type')?.trim().toLowerCase() === 'alpha' ? 'alpha' : 'luminance',
    geometry: geometryOf(d, element),
    custom,
  };
  const lines = decorationLines(get('text-decoration-line'));
  return lines === undefined ? style : { ...style, decorations: [...parent.decorations, { ...lines, style }] };
}

/** A `writing-mode` keyword or SVG 1.1 alias (css/properties/writing-modes.ts); undefined when none. */
function writingModeKeyword(value: string | undefined): (typeof WRITING_MODES)[number] | undefined {
  const v = value?.trim().toLowerCase() ?? '';
  return WRITING_MODE_ALIASES[v] ?? WRITING_MODES.find((mode) => mode === v);
}

function writingModeOf(value: string | undefined, inherited: SvgStyle['writingMode']): SvgStyle['writingMode'] {
  const mode = writingModeKeyword(value);
  return mode === undefined ? inherited : mode === 'horizontal-tb' ? 'horizontal' : 'vertical';
}

function textOrientationOf(mode: string | undefined, orientation: string | undefined, glyph: string | undefined, inherited: SvgStyle['textOrientation']): SvgStyle['textOrientation'] {
  if (writingModeKeyword(mode)?.startsWith('sideways-') === true) return 'sideways';
  const v = orientation?.trim().toLowerCase() ?? '';
  const keyword = TEXT_ORIENTATION_ALIASES[v] ?? TEXT_ORIENTATIONS.find((o) => o === v);
  if (keyword !== undefined) return keyword;
  const angle = glyph?.trim().toLowerCase().replace(/deg$/, '');
  return angle === '0' ? 'upright' : angle === '90' ? 'sideways' : angle === 'auto' ? 'mixed' : inherited;
}

/** The geometry properties declared other than by the element's own attributes. */
function geometryOf(declared: ReadonlyMap<string, string>, element: DomElement): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const name of GEOMETRY) {
    const value = declared.get(name);
    if (value !== undefined && value !== 'inherit' && value !== 'unset' && value !== element.attribs[name]) (out ??= {})[name] = value;
  }
  return out;
}
