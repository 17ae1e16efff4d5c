/**
 * An SVG element whose `<filter>` no CSS filter function says (lighting, turbulence, morphology,
 * displacement, convolution, several shadows, linearRGB matrices… css/values/svg-filter.ts) drawn
 * as Chromium draws every SVG filter: rasterised. The element and what it references are written
 * out as an SVG document of the filter region (Filter Effects 1 §9.3.1), every element with the
 * style octavo computed for it as presentation attributes (Skia's SVG renderer reads no `<style>`
 * rules), and pdf/image-prep.ts draws that document with its filter by Skia at print density. The
 * element drawn unfiltered is kept as what is drawn when Skia cannot.
 */
import { createHash } from 'node:crypto';
import type { DomElement } from '../dom/types.js';
import { isElement, isText } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import type { SvgDocument } from '../resources/svg-document.js';
import { hrefOf } from '../resources/svg-document.js';
import type { Paint, SvgStyle } from '../resources/svg-style.js';
import { INITIAL_STYLE, computeSvgStyle } from '../resources/svg-style.js';
import type { LoadedImage } from '../resources/types.js';
import type { Viewport } from './svg-geometry.js';
import { effectRegion } from './svg-effect-region.js';
import type { DisplayItem } from './display-list.js';
import { appendAll } from '../append-all.js';
import type { Unwritable } from './items-svg.js';
import { drawsNothing, itemsAsSvg, n, rgb } from './items-svg.js';
import { PAGE_CSS_ATTRIBUTE } from '../boxes/inline-svg.js';

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

/**
 * Elements drawn by the walk, whose computed style is written for them; the others (filters and
 * their primitives, gradients, clip paths' own attributes…) are written as they are.
 */
const STYLED = new Set(['g', 'a', 'svg', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath', 'image', 'switch', 'stop', 'marker', 'pattern', 'mask', 'clipPath']);

/**
 * Caps on what one primitive may cost Skia, whose work grows with them: a morphology's radius in
 * user units (Skia takes ~20 ns a pixel per unit of radius; outlines and glows use 1-5), a
 * turbulence's octaves (beyond ten, an octave adds less than a device pixel's detail).
 */
const MAX_MORPHOLOGY_RADIUS = 20;
/** The most elements one filtered element's document is written with (what is beyond is left out). */
const MAX_WRITTEN = 20_000;
const MAX_TURBULENCE_OCTAVES = 10;

/** The filter region (Filter Effects 1 §9.3.1) in the element's user space; `bounds` is its bounding box. */
export function filterRegion(filter: DomElement, bounds: Rect, viewport: Viewport): Rect {
  return effectRegion(filter, 'filterUnits', bounds, viewport);
}

/** What the element is drawn from: the document, its parent's style, its viewport. */
export interface FilteredElement {
  readonly element: DomElement;
  /** The `<filter>` it references. */
  readonly filter: DomElement;
  readonly doc: SvgDocument;
  readonly parentStyle: SvgStyle;
  readonly viewport: Viewport;
  readonly region: Rect;
  /** The element drawn without its filter: drawn instead when no raster is made. */
  readonly unfiltered: readonly DisplayItem[];
  /** A `<text>` element as octavo draws it (its fonts and layout), given its parent's style. */
  readonly drawText?: (text: DomElement, parentStyle: SvgStyle) => DisplayItem[];
}

/** A filter region whose area overflows the largest number (geometry near 1e308): no copy of it can be measured, let alone drawn. */
export interface Unbounded {
  readonly unbounded: Rect;
}

/**
 * The image item that draws the element with its filter over its filter region; undefined for an
 * empty region; unwritable when the element draws an image (Skia's SVG renderer loads none:
 * items-svg.ts); unbounded for a region of no finite area.
 */
export function rasterFilteredItem(filtered: FilteredElement): DisplayItem | Unwritable | Unbounded | undefined {
  if (filtered.unfiltered.some((item) => item.kind === 'image')) return { unwritable: 'an image' };
  if (!finiteArea(filtered.region)) return { unbounded: filtered.region };
  return hasArea(filtered.region) ? rasterItem(filteredDocument(filtered), filtered.region, { unrasterized: filtered.unfiltered, filter: filterName(filtered.filter) }) : undefined;
}

/**
 * What an HTML element paints under the `<filter>` of an inline `<svg>` that no CSS function says,
 * rasterised by Skia: its items as SVG (items-svg.ts) in a group the filter applies to, whose user
 * space starts at the element's border box, which is also its bounding box (Filter Effects 1 §5:
 * an empty rectangle of that size gives Skia the box). Marked content and links stay out of the
 * image, after it. The items as they are for an empty box or region; what cannot be written when an
 * item has no SVG markup.
 */
export function rasterElementFilter(items: readonly DisplayItem[], filter: DomElement, borderBox: Rect): DisplayItem[] | Unwritable | Unbounded {
  const painted = items.filter((item) => !drawsNothing(item));
  const markup = itemsAsSvg(painted, 'e');
  if ('unwritable' in markup) return markup;
  if (!(borderBox.width > 0 && borderBox.height > 0)) return [...items];
  const size = { width: borderBox.width, height: borderBox.height };
  const local = filterRegion(filter, { x: 0, y: 0, ...size }, size);
  const region: Rect = { x: borderBox.x + local.x, y: borderBox.y + local.y, width: local.width, height: local.height };
  if (!finiteArea(region)) return { unbounded: region };
  if (!hasArea(region)) return [...items];
  // under an id of its own: the page's may hold what a url() cannot (spaces, parentheses)
  const definition = new Writer(NO_DOCUMENT, undefined).element(filter, INITIAL_STYLE, true).replace(/^<filter([^>]*?)\sid="[^"]*"/, '<filter$1').replace(/^<filter/, '<filter id="f"');
  const svg = regionDocument(region, `<defs>${definition}${markup.defs}</defs><g transform="translate(${n(-local.x)} ${n(-local.y)})">`
    + `<g filter="url(#f)"><rect width="${n(size.width)}" height="${n(size.height)}" fill="none"/>`
    + `<g transform="translate(${n(-borderBox.x)} ${n(-borderBox.y)})">${markup.body}</g></g></g>`);
  return [rasterItem(svg, region, { unrasterized: painted, filter: filterName(filter) }), ...items.filter(drawsNothing)];
}

/** What is said when an element is drawn without its filter because Skia would not draw `what` of it. */
export function unfilteredWarning(filter: DomElement, what: string): string {
  return `an element under ${filterName(filter)} paints ${what}, which Skia's SVG renderer does not draw: the element is drawn unfiltered`;
}

/** What is said when an element is drawn without its filter because its filter region has no finite area. */
export function unboundedWarning(filter: DomElement, region: Rect): string {
  const size = (value: number): string => (Number.isFinite(value) ? value.toPrecision(3) : String(value));
  return `${filterName(filter)} covers a region too large to draw (${size(region.width)} by ${size(region.height)} user units): the element is drawn unfiltered`;
}

/** How warnings name a `<filter>`: by its id. */
function filterName(filter: DomElement): string {
  const id = filter.attribs['id'];
  return `the SVG filter ${id === undefined ? 'without an id' : `#${id}`}`;
}

/** Whether a filter region has pixels to draw. */
function hasArea(region: Rect): boolean {
  return region.width > 0 && region.height > 0;
}

/** Whether a filter region's position and area are finite numbers (NaN sizes count as empty). */
function finiteArea(region: Rect): boolean {
  return Number.isFinite(region.x) && Number.isFinite(region.y) && Math.abs(region.width * region.height) !== Infinity;
}

/**
 * An SVG document of the region's size drawing `content` in its pixels (the region's origin is
 * put by the content's own transform: Skia's renderer, given a viewBox not at 0 0, draws nothing).
 */
export function regionDocument(region: Rect, content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(region.width)}" height="${n(region.height)}" viewBox="0 0 ${n(region.width)} ${n(region.height)}" preserveAspectRatio="none">${content}</svg>`;
}

type Rasterize = NonNullable<Extract<DisplayItem, { kind: 'image' }>['rasterize']>;

/** An image item of the SVG document over `region`, drawn by Skia (pdf/image-prep.ts), `rasterize.unrasterized` when it cannot be. */
export function rasterItem(svg: string, region: Rect, rasterize: Rasterize): DisplayItem {
  const bytes = new TextEncoder().encode(svg);
  const image: LoadedImage = { id: `svg-filter-${createHash('sha1').update(bytes).digest('hex').slice(0, 16)}`, format: 'svg', bytes, width: region.width, height: region.height };
  return { kind: 'image', rect: region, image, rasterize };
}

/** What a `<filter>` found in the page's HTML is written from: no SVG document around it to reference. */
const NO_DOCUMENT: WrittenDocument = { ids: new Map(), rules: [], images: new Map() };

/** What the writer reads of an SVG document. */
type WrittenDocument = Pick<SvgDocument, 'ids' | 'rules' | 'images'>;

/**
 * The SVG document: the region as its viewBox, an inner `<svg>` of the element's viewport size
 * (so that percentages resolve as they did), the referenced elements in `<defs>`, the element
 * without the transform, clip, mask and opacity that octavo applies after the filter.
 */
function filteredDocument(filtered: FilteredElement): string {
  const { element, doc, region, viewport } = filtered;
  const writer = new Writer(doc, filtered.drawText);
  const body = writer.element(element, filtered.parentStyle, true);
  const defs = writer.references();
  return regionDocument(region, `<g transform="translate(${n(-region.x)} ${n(-region.y)})"><svg width="${n(viewport.width)}" height="${n(viewport.height)}" overflow="visible"><defs>${defs}</defs>${body}</svg></g>`);
}

/** Writes elements as markup, collecting the ids they reference. */
class Writer {
  private readonly wanted: string[] = [];
  private readonly seen = new Set<string>();
  /** Symbols being expanded (a `<use>` of a symbol inside itself is a cycle). */
  private readonly expanding = new Set<DomElement>();
  /** Elements written, against documents whose uses multiply (MAX_WRITTEN). */
  private written = 0;

  constructor(private readonly doc: WrittenDocument, private readonly drawText: FilteredElement['drawText']) {}

  /** Everything referenced, and what that references in turn, each once. */
  references(): string {
    const out: string[] = [];
    for (let i = 0; i < this.wanted.length && i < 500; i++) {
      const target = this.doc.ids.get(this.wanted[i]!);
      if (target !== undefined) out.push(this.element(target, INITIAL_STYLE, false));
    }
    return out.join('');
  }

  private want(id: string | undefined): void {
    if (id === undefined || id === '' || this.seen.has(id)) return;
    this.seen.add(id);
    this.wanted.push(id);
  }

  element(element: DomElement, parent: SvgStyle, root: boolean, depth = 0): string {
    const name = camel(localName(element));
    if (depth > 64 || ++this.written > MAX_WRITTEN || name === 'script' || name === 'foreignObject' || name === 'style') return '';
    const styled = STYLED.has(name);
    const style = styled ? computeSvgStyle(element, parent, this.doc.rules) : parent;
    const instance = name === 'use' ? this.symbolOf(element) : undefined;
    const attributes: string[] = [];
    const geometry = styled ? style.geometry : undefined;
    for (const [key, value] of Object.entries(element.attribs)) {
      if (key.startsWith('data-octavo') || key === 'class' || key === 'style' || (styled && (PRESENTATION.has(key) || geometry?.[key] !== undefined))) continue;
      if (root && (key === 'transform' || key === 'clip-path' || key === 'mask' || key === 'opacity')) continue;
      if (instance !== undefined && (key === 'x' || key === 'y' || key === 'width' || key === 'height' || key === 'href' || key === 'xlink:href')) continue;
      if (key === 'href' || key === 'xlink:href') {
        // Skia follows xlink:href only; SVG 2's href wins over it
        if (key === 'xlink:href' && element.attribs['href'] !== undefined) continue;
        attributes.push(`xlink:href="${escape(this.href(element, value))}"`);
        continue;
      }
      attributes.push(`${camel(key)}="${escape(capped(name, camel(key), filterInput(name, key, value)))}"`);
      for (const match of value.matchAll(/url\(\s*['"]?#([^'")\s]+)/g)) this.want(match[1]);
    }
    // a primitive's declarations (`flood-color`): the page's rules under its own `style`, which Skia reads
    const declared = styled ? undefined : [element.attribs[PAGE_CSS_ATTRIBUTE], element.attribs['style']].filter((text) => text !== undefined).join(';');
    if (declared !== undefined && declared !== '') attributes.push(`style="${escape(declared)}"`);
    const own = styled ? this.styleAttributes(style, root ? undefined : parent, name === 'stop') : [];
    appendAll(attributes, own);
    if (instance !== undefined) return `<g ${attributes.join(' ')}>${this.symbolInstance(element, instance, style, depth)}</g>`;
    // text as octavo sets it, in outlines: Skia's own would take the machine's fonts
    const outlines = name === 'text' && this.drawText !== undefined ? itemsAsSvg(this.drawText(element, parent), `t${this.written}-`) : undefined;
    if (outlines !== undefined && !('unwritable' in outlines)) return `<g ${own.join(' ')}><defs>${outlines.defs}</defs>${outlines.body}</g>`;
    const children = this.children(element, style, depth);
    return `<${name}${attributes.length > 0 ? ' ' : ''}${attributes.join(' ')}>${children}</${name}>`;
  }

  private children(element: DomElement, style: SvgStyle, depth: number): string {
    return element.children.map((child) => (isElement(child) ? this.element(child, style, false, depth + 1) : isText(child) ? escape(child.data) : '')).join('');
  }

  /** The `<symbol>` or `<svg>` a `<use>` instantiates (Skia draws `<use>` of neither). */
  private symbolOf(use: DomElement): DomElement | undefined {
    const href = hrefOf(use);
    const target = href?.startsWith('#') ? this.doc.ids.get(href.slice(1)) : undefined;
    return target !== undefined && (localName(target) === 'symbol' || localName(target) === 'svg') ? target : undefined;
  }

  /** A `<use>` of a symbol as the nested viewport it makes (SVG 2 §5.6.2), its content styled from the `<use>`. */
  private symbolInstance(use: DomElement, symbol: DomElement, useStyle: SvgStyle, depth: number): string {
    if (this.expanding.has(symbol)) return '';
    const own = computeSvgStyle(symbol, useStyle, this.doc.rules);
    const viewport: string[] = [];
    for (const key of ['x', 'y'] as const) if (use.attribs[key] !== undefined) viewport.push(`${key}="${escape(use.attribs[key]!)}"`);
    for (const key of ['width', 'height'] as const) {
      const value = use.attribs[key] ?? symbol.attribs[key];
      if (value !== undefined) viewport.push(`${key}="${escape(value)}"`);
    }
    for (const key of ['viewBox', 'preserveAspectRatio'] as const) if (symbol.attribs[key] !== undefined) viewport.push(`${key}="${escape(symbol.attribs[key]!)}"`);
    appendAll(viewport, this.styleAttributes(own, useStyle, false));
    this.expanding.add(symbol);
    const content = this.children(symbol, own, depth + 1);
    this.expanding.delete(symbol);
    return `<svg ${viewport.join(' ')}>${content}</svg>`;
  }

  /** An `href`: a local reference kept (and followed), an image the resources stage loaded as a data URL. */
  private href(element: DomElement, value: string): string {
    if (value.startsWith('#')) {
      this.want(value.slice(1));
      return value;
    }
    const image = localName(element) === 'image' ? this.doc.images.get(hrefOf(element) ?? value) : undefined;
    if (image === undefined || image.format === 'svg' && image.svg === undefined) return value;
    const type = image.format === 'svg' ? 'image/svg+xml' : image.pixels?.mediaType ?? `image/${image.format}`;
    return `data:${type};base64,${Buffer.from(image.bytes).toString('base64')}`;
  }

  /**
   * The computed style as presentation attributes: every inherited property on the element drawn
   * (its parent's style is not written), then those that differ from the parent's; the properties
   * that are not inherited where they are set.
   */
  private styleAttributes(style: SvgStyle, parent: SvgStyle | undefined, stop: boolean): string[] {
    const out: string[] = [];
    const inherited = (name: string, value: string, parentValue: string | undefined): void => {
      if (value !== parentValue) out.push(`${name}="${escape(value)}"`);
    };
    const p = parent;
    inherited('fill', this.paint(style.fill), p && this.paint(p.fill));
    inherited('fill-opacity', n(style.fillOpacity * alphaOf(style.fill)), p && n(p.fillOpacity * alphaOf(p.fill)));
    inherited('fill-rule', style.fillRule, p?.fillRule);
    inherited('stroke', this.paint(style.stroke), p && this.paint(p.stroke));
    inherited('stroke-opacity', n(style.strokeOpacity * alphaOf(style.stroke)), p && n(p.strokeOpacity * alphaOf(p.stroke)));
    inherited('stroke-width', style.strokeWidth, p?.strokeWidth);
    inherited('stroke-linecap', style.strokeLinecap, p?.strokeLinecap);
    inherited('stroke-linejoin', style.strokeLinejoin, p?.strokeLinejoin);
    inherited('stroke-miterlimit', n(style.strokeMiterlimit), p && n(p.strokeMiterlimit));
    inherited('stroke-dasharray', style.strokeDasharray, p?.strokeDasharray);
    inherited('stroke-dashoffset', style.strokeDashoffset, p?.strokeDashoffset);
    inherited('visibility', style.visibility, p?.visibility);
    inherited('font-size', n(style.fontSize), p && n(p.fontSize));
    inherited('font-family', style.fontFamily, p?.fontFamily);
    inherited('font-weight', String(style.fontWeight), p && String(p.fontWeight));
    inherited('font-style', style.fontStyle, p?.fontStyle);
    inherited('letter-spacing', n(style.letterSpacing), p && n(p.letterSpacing));
    inherited('text-anchor', style.textAnchor, p?.textAnchor);
    inherited('direction', style.direction, p?.direction);
    inherited('dominant-baseline', style.dominantBaseline, p?.dominantBaseline ?? 'auto');
    inherited('clip-rule', style.clipRule, p?.clipRule);
    inherited('color', rgb(style.color), p && rgb(p.color));
    for (const [which, id, parentId] of [['marker-start', style.markerStart, p?.markerStart], ['marker-mid', style.markerMid, p?.markerMid], ['marker-end', style.markerEnd, p?.markerEnd]] as const) {
      if (id !== undefined && id !== parentId) { out.push(`${which}="url(#${escape(id)})"`); this.want(id); }
    }
    if (stop) out.push(`stop-color="${rgb(style.stopColor)}"`, `stop-opacity="${n(style.stopOpacity * style.stopColor.a)}"`);
    if (style.display === 'none') out.push('display="none"');
    if (style.filter !== undefined) { out.push(`filter="url(#${escape(style.filter)})"`); this.want(style.filter); }
    if (parent !== undefined) {
      if (style.opacity < 1) out.push(`opacity="${n(style.opacity)}"`);
      if (style.clipPath !== undefined) { out.push(`clip-path="url(#${escape(style.clipPath)})"`); this.want(style.clipPath); }
      if (style.mask !== undefined) { out.push(`mask="url(#${escape(style.mask)})"`); this.want(style.mask); }
      if (style.transform !== undefined) out.push(`transform="${escape(style.transform)}"`);
    }
    for (const [key, value] of Object.entries(style.geometry ?? {})) out.push(`${key}="${escape(value)}"`);
    return out;
  }

  private paint(paint: Paint): string {
    if (paint.kind === 'color') return rgb(paint.color);
    if (paint.kind !== 'url') return 'none';
    this.want(paint.id);
    return `url(#${escape(paint.id)})${paint.fallback === undefined ? '' : ` ${rgb(paint.fallback)}`}`;
  }
}

/**
 * SVG's camel-case element and attribute names, by their lower case: the HTML parser lower-cases
 * those of an inline `<svg>` that an HTML element's `filter: url(#…)` finds, and Skia reads only
 * SVG's spelling.
 */
const CAMEL = new Map([
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge',
  'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
  'linearGradient', 'radialGradient', 'clipPath', 'textPath', 'foreignObject',
  'filterUnits', 'primitiveUnits', 'stdDeviation', 'baseFrequency', 'numOctaves', 'stitchTiles', 'tableValues', 'kernelMatrix',
  'kernelUnitLength', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant',
  'specularExponent', 'limitingConeAngle', 'pointsAtX', 'pointsAtY', 'pointsAtZ', 'xChannelSelector', 'yChannelSelector',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'viewBox', 'preserveAspectRatio', 'markerWidth', 'markerHeight', 'markerUnits',
  'refX', 'refY', 'pathLength', 'textLength', 'lengthAdjust', 'startOffset',
].map((name) => [name.toLowerCase(), name]));

const camel = (name: string): string => CAMEL.get(name) ?? name;

/** The presentation attributes a styled element's computed style replaces. */
const PRESENTATION = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-opacity', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'visibility', 'display', 'font-size', 'font-family', 'font-weight', 'font-style', 'font',
  'letter-spacing', 'text-anchor', 'direction', 'clip-rule', 'color', 'stop-color', 'stop-opacity', 'dominant-baseline', 'marker-start',
  'marker-mid', 'marker-end', 'marker', 'filter', 'opacity', 'clip-path', 'mask', 'transform',
]);

/** An attribute value within the costs Skia is given (MAX_MORPHOLOGY_RADIUS, MAX_TURBULENCE_OCTAVES). */
function capped(name: string, key: string, value: string): string {
  const cap = name === 'feMorphology' && key === 'radius' ? MAX_MORPHOLOGY_RADIUS : name === 'feTurbulence' && key === 'numOctaves' ? MAX_TURBULENCE_OCTAVES : undefined;
  if (cap === undefined) return value;
  return value.trim().split(/[\s,]+/).map((part) => { const v = Number(part); return Number.isFinite(v) ? String(Math.min(cap, v)) : '0'; }).join(' ');
}

/** The keywords a primitive's `in`/`in2` may name (Filter Effects 1 §9.5). */
const STANDARD_INPUTS = new Set(['SourceGraphic', 'SourceAlpha', 'BackgroundImage', 'BackgroundAlpha', 'FillPaint', 'StrokePaint']);

/**
 * A primitive's `result`, `in` or `in2` as Skia is to read it: a name of the author's with a letter
 * before it. Skia takes a keyword at the start of a name as the keyword (Figma names its
 * transparent flood `BackgroundImageFix`; read as `BackgroundImage`, which Skia cannot draw, the
 * shadow was blended with itself, twice as dark as Chromium draws it).
 */
function filterInput(element: string, key: string, value: string): string {
  if (!element.startsWith('fe') || (key !== 'result' && key !== 'in' && key !== 'in2')) return value;
  const name = value.trim();
  return name === '' || STANDARD_INPUTS.has(name) ? value : `r${name}`;
}

const alphaOf = (paint: Paint): number => (paint.kind === 'color' ? paint.color.a : 1);

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
