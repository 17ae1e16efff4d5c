/**
 * An SVG image: the parsed tree, its elements by id, its `<style>` rules, and its intrinsic size
 * and ratio (SVG 2 §8.2, CSS Images 3 §5.1): the root's `width`/`height`, else the ratio of its
 * `viewBox`, else 300 × 150. Scripts and external references are never followed.
 */
import { FOREIGN_OBJECT_ATTRIBUTE } from '../boxes/foreign-object.js';
import { parseXml } from '../dom/xml.js';
import { checkXml } from '../dom/xml-well-formed.js';
import { decodeText } from '../decode-text.js';
import { elementNameOf } from '../dom/svg-names.js';
import { passesConditions } from '../dom/svg-conditional.js';
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { length, numbers } from '../css/values/svg-units.js';
import type { SvgRule } from './svg-style.js';
import { parseSvgRules, urlId } from './svg-style.js';
import type { SvgLimits } from './svg-expansion.js';
import { checkSvgUses } from './svg-expansion.js';
import type { LoadedImage, NaturalSize } from './types.js';

export interface SvgDocument {
  readonly root: DomElement;
  readonly ids: ReadonlyMap<string, DomElement>;
  readonly rules: readonly SvgRule[];
  /** Intrinsic size in px. */
  readonly width: number;
  readonly height: number;
  /** Set when the root does not give both width and height (LoadedImage.naturalSize). */
  readonly naturalSize?: NaturalSize;
  /**
   * The images its `<image>` elements show, by `href` as written: filled by the resources stage
   * (which alone may read), empty until then.
   */
  readonly images: Map<string, LoadedImage>;
  /** An `<svg>` written inline in the HTML: it inherits the page's colour and font (paint/image.ts). */
  readonly inline?: boolean;
}

/** The `href` of an element (SVG 2 `href`, else the older `xlink:href`). */
export function hrefOf(element: DomElement): string | undefined {
  return element.attribs['href'] ?? element.attribs['xlink:href'];
}

/** An element and those it references through `href` (gradients, patterns), nearest first. */
export function hrefChain(doc: SvgDocument, start: DomElement): DomElement[] {
  const out: DomElement[] = [];
  let at: DomElement | undefined = start;
  while (at !== undefined && !out.includes(at) && out.length < 8) {
    out.push(at);
    const href: string = hrefOf(at) ?? '';
    at = href.startsWith('#') ? doc.ids.get(href.slice(1)) : undefined;
  }
  return out;
}

/** The distinct `href`s of the document's `<image>` elements. */
export function imageHrefs(doc: SvgDocument): string[] {
  const out = new Set<string>();
  const visit = (element: DomElement): void => {
    const href = element.name.replace(/^svg:/, '') === 'image' ? hrefOf(element)?.trim() : undefined;
    if (href !== undefined && href !== '') out.add(href);
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(doc.root);
  return [...out];
}

function textOf(element: DomElement): string {
  return element.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? ('data' in c ? String(c.data) : (c as unknown as { children: { data: string }[] }).children.map((t) => t.data).join('')) : '')).join('');
}

function index(element: DomElement, ids: Map<string, DomElement>, styles: string[]): void {
  const id = element.attribs['id'];
  if (id !== undefined && !ids.has(id)) ids.set(id, element);
  if (element.name === 'style') styles.push(textOf(element));
  for (const child of element.children) if (isElement(child)) index(child, ids, styles);
}

/**
 * Intrinsic size: explicit lengths, else derived from the viewBox ratio (SVG 2 §8.2). An SVG
 * *image* (`image`: not written inline) with `preserveAspectRatio="none"` has no natural ratio
 * (SVG 2 §8.2: it stretches to any box), and unless it gives both lengths Chromium gives it no
 * natural size either: it is the 300 × 150 default object, as a `width: 80px` image 80 × 150.
 */
function intrinsicSize(root: DomElement, image: boolean): { width: number; height: number; naturalSize?: NaturalSize } {
  const box = numbers(root.attribs['viewBox'] ?? root.attribs['viewbox']);
  const ratio = box.length === 4 && box[2]! > 0 && box[3]! > 0 ? box[2]! / box[3]! : undefined;
  const explicit = (name: string): number | undefined => {
    const value = root.attribs[name];
    if (value === undefined || value.trim().endsWith('%') || value.trim() === 'auto') return undefined;
    const n = length(value, 0, NaN);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const w = explicit('width');
  const h = explicit('height');
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  if (image && root.attribs['preserveAspectRatio']?.trim().split(/\s+/)[0] === 'none') return { width: 300, height: 150, naturalSize: 'none' };
  // one length without a viewBox: that natural dimension and no ratio (a `width="40"` icon is
  // 40 × 150 as an <img>, and stretched to any height, as in Chromium)
  if (w !== undefined) return ratio !== undefined ? { width: w, height: w / ratio } : { width: w, height: 150, naturalSize: 'width' };
  if (h !== undefined) return ratio !== undefined ? { width: h * ratio, height: h } : { width: 300, height: h, naturalSize: 'height' };
  if (ratio !== undefined) return { width: box[2]!, height: box[3]!, naturalSize: 'ratio' };
  return { width: 300, height: 150, naturalSize: 'none' };
}

/**
 * The HTML parser's SVG name adjustments (HTML §13.2.6.5), for inline `<svg>` written in
 * lower case (`viewbox`): the camel-case names SVG uses — the elements' as the page's parser
 * gives them (dom/svg-names.ts), the attributes' here.
 */
const CAMEL_CASE_ATTRIBUTES = new Map(['viewBox', 'preserveAspectRatio', 'gradientUnits', 'gradientTransform', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'textLength', 'lengthAdjust', 'startOffset', 'spreadMethod', 'stdDeviation', 'pathLength', 'filterUnits', 'primitiveUnits',
  'requiredExtensions', 'requiredFeatures', 'systemLanguage'].map((name) => [name.toLowerCase(), name]));

function adjustNames(element: DomElement): void {
  element.name = elementNameOf(element.name);
  for (const [name, value] of Object.entries(element.attribs)) {
    const camel = CAMEL_CASE_ATTRIBUTES.get(name);
    if (camel !== undefined && element.attribs[camel] === undefined) {
      element.attribs[camel] = value;
      delete element.attribs[name];
    }
  }
  for (const child of element.children) if (isElement(child)) adjustNames(child);
}

/**
 * The markup of an SVG file or `data:` URL as Chromium reads it, or why it is a broken image:
 * bytes that are not text in its encoding (UTF-8 unless declared), or XML that is not well-formed
 * (the first error, located). The doctype's entities are expanded (../dom/xml-well-formed.ts).
 */
export function svgFileText(bytes: Uint8Array): { text: string } | { error: string } {
  let text: string;
  try {
    text = decodeText(bytes, 'xml', { fatal: true });
  } catch {
    return { error: 'bytes that are not text in its encoding (UTF-8 unless it declares another)' };
  }
  const checked = checkXml(text);
  if (checked.error === undefined) return { text: checked.text };
  const { line, column, message } = checked.error;
  return { error: `not well-formed XML (line ${line}, column ${column}: ${message})` };
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * Elements whose prefix names the SVG namespace, by their local name (`<s:rect xmlns:s=…>` is a
 * `rect`, as Chromium reads it): the painter knows SVG elements by name.
 */
function unprefixSvgNames(element: DomElement, svgPrefixes: ReadonlySet<string>): void {
  let prefixes = svgPrefixes;
  for (const [name, value] of Object.entries(element.attribs)) {
    if (!name.startsWith('xmlns:')) continue;
    const prefix = name.slice(6);
    if ((value === SVG_NAMESPACE) !== prefixes.has(prefix)) {
      const changed = new Set(prefixes);
      if (value === SVG_NAMESPACE) changed.add(prefix);
      else changed.delete(prefix);
      prefixes = changed;
    }
  }
  const colon = element.name.indexOf(':');
  if (colon > 0 && prefixes.has(element.name.slice(0, colon))) element.name = element.name.slice(colon + 1);
  for (const child of element.children) if (isElement(child)) unprefixSvgNames(child, prefixes);
}

/**
 * Parses SVG markup; undefined when it has no `<svg>` root. `html`: written inline in HTML (names
 * adjusted as HTML does). With `limits`, too deep a tree or too many `<use>` copies is refused
 * (./expansion.ts) before anything else walks it.
 */
export function parseSvg(text: string, html = false, limits?: SvgLimits): SvgDocument | undefined {
  const root = parseXml(text, limits?.maxNestingDepth, 'the SVG image');
  if (root !== undefined && !html) unprefixSvgNames(root, new Set(['svg']));
  if (root === undefined || root.name.replace(/^svg:/, '') !== 'svg') return undefined;
  if (html) adjustNames(root);
  const ids = new Map<string, DomElement>();
  const styles: string[] = [];
  index(root, ids, styles);
  if (limits !== undefined) checkSvgUses(root, ids, limits.maxSvgUseElements, 'the SVG image');
  const { width, height, naturalSize } = intrinsicSize(root, !html);
  const doc = { root, ids, rules: styles.flatMap(parseSvgRules), width, height, images: new Map<string, LoadedImage>() };
  return naturalSize === undefined ? doc : Object.assign(doc, { naturalSize });
}

/** The primitives of a `filter` reference, named for a warning: `(feGaussianBlur, feOffset)`. */
function filterPrimitives(doc: SvgDocument, value: string): string {
  const id = /url\(\s*['"]?#([^'")]+)/.exec(value)?.[1];
  const filter = id === undefined ? undefined : doc.ids.get(id);
  const names = filter === undefined ? [] : [...new Set(filter.children.filter(isElement).map((c) => c.name.replace(/^svg:/, '')))];
  return names.length > 0 ? `(${names.join(', ')})` : value.trim();
}

/**
 * Whether a `filter` value is a reference to a `<filter>`: the painter applies it, as CSS filter
 * functions (css/values/svg-filter.ts) or rasterised (paint/svg-filter-raster.ts).
 */
function drawnFilter(doc: SvgDocument, value: string): boolean {
  const id = urlId(value.trim());
  const filter = id === undefined ? undefined : doc.ids.get(id);
  return filter !== undefined && filter.name.replace(/^svg:/, '') === 'filter';
}

/** What the document uses that octavo does not draw yet, named for a warning (elements using them are drawn without). */
export function unsupportedFeatures(doc: SvgDocument): string[] {
  const found = new Set<string>();
  const visit = (element: DomElement): void => {
    // what no viewer draws (Illustrator's <foreignObject requiredExtensions="&ns_ai;"> of its private data) lacks nothing
    if (!passesConditions(element)) return;
    const name = element.name.replace(/^svg:/, '');
    const style = element.attribs['style'] ?? '';
    const filter = element.attribs['filter'] ?? /(?:^|;)\s*filter\s*:([^;]*)/.exec(style)?.[1];
    if (filter !== undefined && filter.trim() !== 'none' && !drawnFilter(doc, filter)) found.add(`filter ${filterPrimitives(doc, filter)}`);
    // an inline <svg>'s are laid out by the page (boxes/foreign-object.ts); an SVG image's HTML is not
    if (name === 'foreignObject' && element.attribs[FOREIGN_OBJECT_ATTRIBUTE] === undefined) found.add('<foreignObject> (HTML in an SVG image)');
    for (const child of element.children) if (isElement(child)) visit(child);
  };
  visit(doc.root);
  return [...found];
}
