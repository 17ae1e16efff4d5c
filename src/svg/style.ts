/**
 * SVG styling (SVG 2 §6): each property from the `style` attribute, else the `<style>` rules that
 * match by type, class or id, else the presentation attribute, else inherited (for the inherited
 * properties) or initial. Colours and paints go through the CSS colour parser.
 */
import type { Color } from '../css/types.js';
import { resolveColor } from '../css/values/color.js';
import { parseColorText, parseStyleAttribute } from '../css/values/text-values.js';
import type { DomElement } from '../dom/types.js';

export type Paint = { readonly kind: 'none' } | { readonly kind: 'color'; readonly color: Color } | { readonly kind: 'url'; readonly id: string; readonly fallback: Color | undefined };

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
  readonly fontSize: string;
  readonly fontFamily: string;
  readonly fontWeight: string;
  readonly textAnchor: 'start' | 'middle' | 'end';
  readonly clipRule: 'nonzero' | 'evenodd';
  // not inherited
  readonly opacity: number;
  readonly display: string;
  readonly stopColor: Color;
  readonly stopOpacity: number;
  readonly clipPath: string | undefined;
}

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

export const INITIAL_STYLE: SvgStyle = {
  color: BLACK, fill: { kind: 'color', color: BLACK }, fillOpacity: 1, fillRule: 'nonzero', stroke: { kind: 'none' }, strokeOpacity: 1,
  strokeWidth: '1', strokeLinecap: 'butt', strokeLinejoin: 'miter', strokeMiterlimit: 4, strokeDasharray: 'none', strokeDashoffset: '0',
  visibility: 'visible', fontSize: '16', fontFamily: 'serif', fontWeight: 'normal', textAnchor: 'start', clipRule: 'nonzero',
  opacity: 1, display: 'inline', stopColor: BLACK, stopOpacity: 1, clipPath: undefined,
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

/** Declared values of an element: presentation attributes < rules < style attribute. */
function declared(element: DomElement, rules: readonly SvgRule[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(element.attribs)) if (PROPERTIES.has(name.toLowerCase())) out.set(name.toLowerCase(), value.trim());
  for (const rule of rules) if (rule.selectors.some((s) => matches(s, element))) for (const [k, v] of rule.declarations) out.set(k, v);
  for (const [k, v] of parseStyleAttribute(element.attribs['style'] ?? '')) out.set(k, v);
  return out;
}

const PROPERTIES = new Set(['color', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'visibility', 'font-size', 'font-family', 'font-weight', 'text-anchor', 'clip-rule',
  'opacity', 'display', 'stop-color', 'stop-opacity', 'clip-path', 'font']);

function parsePaint(value: string, current: Color, inherited: Paint): Paint {
  const v = value.trim();
  if (v === 'none') return { kind: 'none' };
  if (v === 'inherit') return inherited;
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

export function computeSvgStyle(element: DomElement, parent: SvgStyle, rules: readonly SvgRule[]): SvgStyle {
  const d = declared(element, rules);
  const get = (name: string): string | undefined => {
    const v = d.get(name);
    return v === 'inherit' ? undefined : v;
  };
  const colorValue = get('color');
  const parsedColor = colorValue === undefined ? undefined : parseColorText(colorValue);
  const color = parsedColor === undefined ? parent.color : resolveColor(parsedColor, parent.color);
  const stopColor = get('stop-color');
  const parsedStop = stopColor === undefined ? undefined : parseColorText(stopColor);
  const clip = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)$/.exec(get('clip-path') ?? '');
  return {
    color,
    fill: d.has('fill') ? parsePaint(d.get('fill')!, color, parent.fill) : parent.fill,
    fillOpacity: number(get('fill-opacity'), parent.fillOpacity),
    fillRule: oneOf(get('fill-rule'), ['nonzero', 'evenodd'], parent.fillRule),
    stroke: d.has('stroke') ? parsePaint(d.get('stroke')!, color, parent.stroke) : parent.stroke,
    strokeOpacity: number(get('stroke-opacity'), parent.strokeOpacity),
    strokeWidth: get('stroke-width') ?? parent.strokeWidth,
    strokeLinecap: oneOf(get('stroke-linecap'), ['butt', 'round', 'square'], parent.strokeLinecap),
    strokeLinejoin: oneOf(get('stroke-linejoin'), ['miter', 'round', 'bevel'], parent.strokeLinejoin),
    strokeMiterlimit: Math.max(1, parseFloat(get('stroke-miterlimit') ?? '') || parent.strokeMiterlimit),
    strokeDasharray: get('stroke-dasharray') ?? parent.strokeDasharray,
    strokeDashoffset: get('stroke-dashoffset') ?? parent.strokeDashoffset,
    visibility: oneOf(get('visibility'), ['visible', 'hidden'], parent.visibility),
    fontSize: get('font-size') ?? parent.fontSize,
    fontFamily: get('font-family') ?? parent.fontFamily,
    fontWeight: get('font-weight') ?? parent.fontWeight,
    textAnchor: oneOf(get('text-anchor'), ['start', 'middle', 'end'], parent.textAnchor),
    clipRule: oneOf(get('clip-rule'), ['nonzero', 'evenodd'], parent.clipRule),
    opacity: number(get('opacity'), 1),
    display: get('display') ?? 'inline',
    stopColor: parsedStop === undefined ? BLACK : resolveColor(parsedStop, color),
    stopOpacity: number(get('stop-opacity'), 1),
    clipPath: clip?.[1],
  };
}
