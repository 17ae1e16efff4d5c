/**
 * How the box tree names an inline `<svg>` (a data: URL with a parameter of its own), so that
 * its drawing inherits from the HTML around it while an `<img>` of the same markup does not; and
 * how the SVG properties the page's CSS gives its elements reach the drawing (which re-reads the
 * markup as XML): written into the markup as one attribute per element (PAGE_CSS_ATTRIBUTE).
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { documentInlineSvgs, elementMarkupById, inlineSvgSource } from '../dom/xml.js';
import { INLINE_SVG_PROPERTIES, NON_INHERITED_SVG_PROPERTIES } from '../css/properties/unsupported.js';
import { NORMAL_PAINT_ORDER, paintOrderText } from '../css/values/paint-order.js';
import type { Color, ComputedStyle } from '../css/types.js';
import { fontFamilyText } from '../css/properties/fonts.js';
import { fontStyleKeyword } from '../css/model/font-types.js';
import { appendAll } from '../append-all.js';
import { FOREIGN_OBJECT_ATTRIBUTE } from './foreign-object.js';
import { sameColor } from '../css/values/color.js';
import { transformOriginText, transformText } from '../css/values/transform.js';

const INLINE_SVG_PREFIX = 'data:image/svg+xml;charset=utf-8;octavo=inline,';

/**
 * The declarations (`fill:teal;stroke-width:2`) the page's CSS gives an element of an inline SVG,
 * ranked between its presentation attributes and its own `<style>` rules (resources/svg-style.ts).
 */
export const PAGE_CSS_ATTRIBUTE = 'data-octavo-page-css';
/** On the `<svg>`: the values it inherits from the HTML around it, ranked below its presentation attributes. */
export const PAGE_INHERITED_ATTRIBUTE = 'data-octavo-page-inherited';
/**
 * On an element whose attributes use `var()`: the custom properties they name as the page computes
 * them where the element is, read when the drawing's inheritance lacks them (a gradient's stop, a
 * marker's shape: drawn apart from their parents, resources/svg-style.ts).
 */
export const PAGE_VARIABLES_ATTRIBUTE = 'data-octavo-page-vars';

/** The custom properties `var()` names in `text`. */
export function referencedVariables(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(/var\(\s*(--[^\s,)]+)/gi), (match) => match[1]!));
}

export function inlineSvgUrl(markup: string): string {
  return `${INLINE_SVG_PREFIX}${encodeURIComponent(markup)}`;
}

export function isInlineSvgUrl(url: string): boolean {
  return url.startsWith(INLINE_SVG_PREFIX);
}

/** What the page's cascade gave an element: its computed style and custom properties (the inline-SVG ones among them, css/declarations.ts). */
export interface PageStyles {
  readonly style?: ComputedStyle | undefined;
  readonly custom?: ReadonlyMap<string, string> | undefined;
}

export type PageStylesOf = (element: DomElement) => PageStyles | undefined;

/**
 * `markup` (the source of `svg`, from its start tag) with the SVG properties the page's CSS gives
 * its elements: on each element those whose value differs from its parent's (PAGE_CSS_ATTRIBUTE:
 * declared by a rule that matches it) — the SVG ones cascaded as custom properties, and those SVG
 * shares with HTML from the element's computed style (`.axis text { font-size: 10px }`) — and on
 * the `<svg>` the SVG ones it inherits from the HTML around it (PAGE_INHERITED_ATTRIBUTE; the
 * shared ones reach it through paint/image.ts). The custom properties of `variables` (those the
 * SVG's `var()`s name) go the same way, so that `var()` resolves where the element is drawn (in a
 * `<symbol>`, from the `<use>`), and each element that names some gets their values where it is
 * (PAGE_VARIABLES_ATTRIBUTE). Each of `foreign` (the `<foreignObject>`s the box builder lays out)
 * is written empty with its number (boxes/foreign-object.ts). The markup itself when there is
 * nothing to write.
 */
export function withPageSvgStyles(markup: string, svg: DomElement, stylesOf: PageStylesOf, foreign: readonly DomElement[] = [], variables = referencedVariables(markup)): string {
  // each replaces markup from `at` to `end` (an insert: `end` is `at`)
  const inserts: { at: number; end: number; text: string }[] = [];
  const startTagEnd = (element: DomElement): number => {
    if (element.startIndex === null || svg.startIndex === null) return -1;
    const at = element.startIndex - svg.startIndex + 1 + element.name.length;
    // the start tag where the parser saw it (an element the parser made has none in the source)
    return markup.slice(at - element.name.length - 1, at).toLowerCase() === `<${element.name.toLowerCase()}` ? at : -1;
  };
  const insert = (element: DomElement, attribute: string, values: string[]): void => {
    const at = startTagEnd(element);
    if (values.length > 0 && at > 0) inserts.push({ at, end: at, text: ` ${attribute}="${escapeAttribute(values.join(';'))}"` });
  };
  // a <foreignObject> is written empty, numbered (boxes/foreign-object.ts): its HTML is laid out apart
  const numbers = new Map(foreign.map((element, number) => [element, number]));
  const replaceForeign = (element: DomElement, declared: string[]): boolean => {
    const number = numbers.get(element);
    if (number === undefined || element.endIndex === null) return false;
    const at = startTagEnd(element) - element.name.length - 1;
    if (at < 0) return false;
    const attributes: Record<string, string> = { ...element.attribs, [FOREIGN_OBJECT_ATTRIBUTE]: String(number) };
    if (declared.length > 0) attributes[PAGE_CSS_ATTRIBUTE] = declared.join(';');
    const text = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
    inserts.push({ at, end: element.endIndex - svg.startIndex! + 1, text: `<foreignObject${text}/>` });
    return true;
  };
  const visit = (element: DomElement, parent: PageStyles | undefined): void => {
    const styles = stylesOf(element);
    const own = styles?.custom;
    const declared: string[] = [];
    const inherited: string[] = [];
    const context: string[] = [];
    if (own !== undefined) {
      for (const name of variables) {
        const value = own.get(name);
        if (value === undefined) continue;
        if (value !== parent?.custom?.get(name)) declared.push(`${name}:${value}`);
        else if (element === svg) inherited.push(`${name}:${value}`);
      }
      if (variables.size > 0) for (const name of referencedVariables(Object.values(element.attribs).join(' '))) {
        const value = own.get(name);
        if (value !== undefined) context.push(`${name}:${value}`);
      }
      for (const name of INLINE_SVG_PROPERTIES) {
        const value = own.get(name);
        if (value === undefined) continue;
        // a property that does not inherit is in the map only where a rule set it
        if (value !== parent?.custom?.get(name) || NON_INHERITED_SVG_PROPERTIES.has(name)) declared.push(`${name}:${value}`);
        else if (element === svg) inherited.push(`${name}:${value}`);
      }
    }
    if (element !== svg && styles?.style !== undefined && parent?.style !== undefined) appendAll(declared, sharedDeclarations(styles.style, parent.style));
    if (element === svg && styles?.style !== undefined) appendAll(inherited, inheritedFromHtml(styles.style));
    if (numbers.size > 0 && replaceForeign(element, declared)) return;
    insert(element, PAGE_INHERITED_ATTRIBUTE, inherited);
    insert(element, PAGE_CSS_ATTRIBUTE, declared);
    insert(element, PAGE_VARIABLES_ATTRIBUTE, context);
    for (const child of element.children) if (isElement(child)) visit(child, styles);
  };
  visit(svg, svg.parent !== null && isElement(svg.parent) ? stylesOf(svg.parent) : undefined);
  if (inserts.length === 0) return markup;
  let out = '';
  let from = 0;
  for (const { at, end, text } of inserts) {
    out += markup.slice(from, at) + text;
    from = end;
  }
  return out + markup.slice(from);
}

/**
 * What the `<svg>` inherits from the HTML around it beyond its colour and font (paint/image.ts):
 * paint-order (text outlined in a page stroked first) and the spacing of its text (a heading's
 * `letter-spacing` over its icon's label).
 */
function inheritedFromHtml(style: ComputedStyle): string[] {
  const out: string[] = [];
  if (style.paintOrder !== NORMAL_PAINT_ORDER) out.push(`paint-order:${paintOrderText(style.paintOrder)}`);
  if (style.letterSpacing !== 0) out.push(`letter-spacing:${style.letterSpacing}px`);
  if (style.wordSpacing !== 0) out.push(`word-spacing:${style.wordSpacing}px`);
  return out;
}

/**
 * The properties SVG shares with HTML as the page's CSS computed them for an element inside an
 * inline `<svg>`: the inherited ones where they differ from its parent's, `opacity`,
 * `text-decoration-line`, `display: none`, a 2D `transform`, its origin and `transform-box` where set (they do not inherit).
 */
function sharedDeclarations(style: ComputedStyle, parent: ComputedStyle): string[] {
  const out: string[] = [];
  if (style.fontSize !== parent.fontSize) out.push(`font-size:${style.fontSize}px`);
  if (style.fontFamily !== parent.fontFamily && style.fontFamily.join() !== parent.fontFamily.join()) out.push(`font-family:${fontFamilyText(style.fontFamily)}`);
  if (style.fontWeight !== parent.fontWeight) out.push(`font-weight:${style.fontWeight}`);
  if (style.fontStyle !== parent.fontStyle) out.push(`font-style:${fontStyleKeyword(style.fontStyle)}`); // SVG styles read no oblique angle
  if (style.fontVariantCaps !== parent.fontVariantCaps) out.push(`font-variant-caps:${style.fontVariantCaps}`);
  // not inherited: the element's own (its text and its descendants' drawn with its fill, resources/svg-style.ts)
  const line = style.textDecorationLine;
  if (line.underline || line.overline || line.lineThrough) out.push(`text-decoration-line:${[line.underline ? 'underline' : '', line.overline ? 'overline' : '', line.lineThrough ? 'line-through' : ''].join(' ').trim()}`);
  if (style.letterSpacing !== parent.letterSpacing) out.push(`letter-spacing:${style.letterSpacing}px`);
  if (style.wordSpacing !== parent.wordSpacing) out.push(`word-spacing:${style.wordSpacing}px`);
  if (style.visibility !== parent.visibility) out.push(`visibility:${style.visibility}`);
  if (!sameColor(style.color, parent.color)) out.push(`color:${colorText(style.color)}`);
  if (style.paintOrder.join() !== parent.paintOrder.join()) out.push(`paint-order:${paintOrderText(style.paintOrder)}`);
  if (style.opacity !== 1) out.push(`opacity:${style.opacity}`);
  if (style.display === 'none') out.push('display:none');
  const transform = style.transform.length > 0 ? transformText(style.transform) : undefined;
  if (transform !== undefined) out.push(`transform:${transform}`);
  // the UA sheet gives SVG elements SVG's origin, 0 0 (Chromium's svg.css): another is the page's
  // (`transform-origin: center` beside `transform-box: fill-box`), also for a transform attribute
  const origin = transformOriginText(style.transformOrigin);
  if (origin !== undefined && origin !== '0px 0px') out.push(`transform-origin:${origin}`);
  if (style.transformBox !== 'view-box') out.push(`transform-box:${style.transformBox}`);
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function colorText(c: Color): string {
  return `rgba(${c.r}, ${c.g}, ${c.b}, ${c.a})`;
}

/** Most markup one render copies from an inline SVG into others (InlineSvgImages). */
export const MAX_SHARED_SVG_MARKUP = 8 * 1024 * 1024;
/** Most definitions one inline SVG takes from the others (those it references, and theirs). */
const MAX_SHARED_DEFINITIONS = 256;

const REFERENCE = /(?:href\s*=\s*["']\s*#|url\(\s*["']?#)([^"')\s]+)/g;
const DEFINED_ID = /\sid\s*=\s*["']([^"']+)["']/g;

/**
 * The elements an inline `<svg>` references by id (`<use href="#icon">`, `fill="url(#g)"`) that
 * another inline `<svg>` of the page defines. An id is the HTML document's, not one `<svg>`'s: an
 * icon sprite (`<svg style="display: none"><symbol id="i-mail">…`) is used by every icon of the
 * page, a gradient defined once is shared by several charts, and Chromium draws them. Each
 * drawing is read from its own markup (resources/svg-document.ts), so the definitions it uses are
 * copied into it, in a `<defs>` at its end, with the page's CSS for them (withPageSvgStyles).
 * One per render: the copies are bounded (MAX_SHARED_SVG_MARKUP in all, MAX_SHARED_DEFINITIONS per
 * drawing), past that the references stay undrawn and one warning says so.
 */
export class InlineSvgImages {
  /** Every id the page's inline SVGs define, with its element's markup: made when first needed. */
  private index: Map<string, string> | undefined;
  /** The custom properties the page's inline SVGs name in `var()`: made when first needed. */
  private variables: Set<string> | undefined;
  private copied = 0;
  private warned = false;
  private warnedCount = false;

  constructor(private readonly stylesOf: PageStylesOf, private readonly warn: (message: string, at: DomElement) => void) {}

  /**
   * An inline `<svg>`'s image: its own markup, with the page's styles for it and the definitions it
   * takes from other inline SVGs; `foreign`, its `<foreignObject>`s, written empty and numbered.
   */
  imageUrl(svg: DomElement, foreign: readonly DomElement[] = []): string | undefined {
    const source = inlineSvgSource(svg);
    return source === undefined ? undefined : inlineSvgUrl(this.withDefinitions(withPageSvgStyles(source, svg, this.stylesOf, foreign, this.variablesOf(svg)), svg));
  }

  /**
   * Those of every inline SVG of the page: an `<svg>` gives the definitions it uses from another
   * (an icon sprite's `<symbol>`) the custom properties they name.
   */
  private variablesOf(svg: DomElement): Set<string> {
    if (this.variables === undefined) {
      this.variables = new Set();
      for (const each of documentInlineSvgs(svg)) for (const name of referencedVariables(inlineSvgSource(each) ?? '')) this.variables.add(name);
    }
    return this.variables;
  }

  /** `markup` (of `svg`, page styles written in) with the definitions it lacks from the page's other inline SVGs. */
  private withDefinitions(markup: string, svg: DomElement): string {
    const missing = missingReferences(markup, new Set());
    if (missing.length === 0) return markup;
    const defined = new Set(matches(markup, DEFINED_ID));
    const added: string[] = [];
    let size = 0;
    while (missing.length > 0 && added.length < MAX_SHARED_DEFINITIONS) {
      const id = missing.shift()!;
      if (defined.has(id)) continue;
      defined.add(id);
      const definition = this.definition(id, svg);
      if (definition === undefined) continue;
      added.push(definition);
      size += definition.length;
      for (const more of missingReferences(definition, defined)) missing.push(more);
      for (const inner of matches(definition, DEFINED_ID)) defined.add(inner);
    }
    if (!this.warnedCount && missing.some((id) => !defined.has(id) && this.definition(id, svg) !== undefined)) {
      this.warnedCount = true;
      this.warn(`an inline SVG references more than ${MAX_SHARED_DEFINITIONS} elements other inline SVGs define: those past them are not drawn`, svg);
    }
    if (added.length === 0) return markup;
    if (this.copied + size > MAX_SHARED_SVG_MARKUP) {
      if (!this.warned) this.warn(`inline SVGs reference ${MAX_SHARED_SVG_MARKUP / 1024 / 1024} MB of elements other inline SVGs define: the references past that are not drawn`, svg);
      this.warned = true;
      return markup;
    }
    this.copied += size;
    const end = markup.lastIndexOf('</');
    return end < 0 ? markup : `${markup.slice(0, end)}<defs>${added.join('')}</defs>${markup.slice(end)}`;
  }

  /** The element with this id in the page's inline SVGs (the first in document order), page styles written in. */
  private definition(id: string, from: DomElement): string | undefined {
    if (this.index === undefined) {
      this.index = new Map();
      for (const svg of documentInlineSvgs(from)) {
        const source = inlineSvgSource(svg);
        if (source === undefined) continue;
        for (const [key, markup] of elementMarkupById(withPageSvgStyles(source, svg, this.stylesOf, [], this.variablesOf(svg)))) if (!this.index.has(key)) this.index.set(key, markup);
      }
    }
    return this.index.get(id);
  }
}

/** The ids `markup` references that are not in `known`, in order, each once. */
function missingReferences(markup: string, known: ReadonlySet<string>): string[] {
  return [...new Set(matches(markup, REFERENCE))].filter((id) => !known.has(id));
}

function matches(text: string, pattern: RegExp): string[] {
  return Array.from(text.matchAll(pattern), (match) => match[1]!);
}
