/**
 * SVG -> display items (SVG 2 §3 rendering model): a walk over the tree in document order with
 * the current style and viewport; groups, shapes and paths filled then stroked (§13), `opacity`
 * as transparency groups, `transform`, nested `<svg>` viewports, `<use>` of elements and
 * `<symbol>`s, `clip-path` (§14.3), and linear/radial gradient paints (gradients.ts).
 * `<text>` with octavo's fonts (text.ts), patterns (pattern.ts), masks, markers (marker.ts).
 * `<foreignObject>` of an inline `<svg>` (its HTML laid out by the page), conditional processing
 * and `<switch>` (dom/svg-conditional.ts). Filters are applied as CSS filter functions where they
 * amount to them (css/values/svg-filter.ts), otherwise rasterised by Skia (svg-filter-raster.ts).
 * The walk carries the matrix to the host space, where `vector-effect: non-scaling-stroke` strokes.
 */
import type { Color } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { BoxElement } from '../boxes/types.js';
import { isElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem, PathSegment, SoftMask } from './display-list.js';
import type { Matrix } from '../geometry/matrix.js';
import type { SvgDocument } from '../resources/svg-document.js';
import { IDENTITY, invert, multiply } from '../geometry/matrix.js';
import { length, numbers } from '../css/values/svg-units.js';
import { elementTransform, enclosesNothing, pathBounds, shapePath, viewBoxMatrix } from './svg-geometry.js';
import type { Viewport } from './svg-geometry.js';
import { gradientPaint } from './svg-gradients.js';
import { dashesOf } from './svg-dashes.js';
import type { Dashes } from './svg-dashes.js';
import { dashedPieces } from './svg-dash-close.js';
import type { Paint, SvgStyle } from '../resources/svg-style.js';
import { INITIAL_STYLE, computeSvgStyle } from '../resources/svg-style.js';
import { textItems } from './svg-text.js';
import { imageElementItems } from './svg-image.js';
import { patternPaint } from './svg-pattern.js';
import type { MarkerPosition } from './svg-marker.js';
import { pathVertices, placeMarker } from './svg-marker.js';
import type { LoadedImage } from '../resources/types.js';
import type { TextSystem } from '../text/types.js';
import { appendAll } from '../append-all.js';
import { clipPathOutline } from './svg-clip-path.js';
import { mappedPath } from './path.js';
import { transformedBounds } from '../layout/transform.js';
import { unionOfRects } from '../geometry/rect.js';
import { passesConditions, switchChild } from '../dom/svg-conditional.js';
import { svgFilterFunctions } from '../css/values/svg-filter.js';
import { applyFilter } from './filter.js';
import { filterRegion, rasterFilteredItem, unboundedWarning, unfilteredWarning } from './svg-filter-raster.js';
import { effectRegion } from './svg-effect-region.js';
import { FOREIGN_OBJECT_ATTRIBUTE } from '../boxes/foreign-object.js';

/** What drawing an SVG needs from the render beyond the document: the fonts for `<text>`, the laid-out HTML of its `<foreignObject>`s. */
export interface SvgContext {
  readonly text?: TextSystem;
  /** The HTML of an inline `<svg>`'s `<foreignObject>` by number, painted with its origin at the element's (boxes/foreign-object.ts). */
  readonly foreign?: ((number: number) => DisplayItem[]) | undefined;
  /** What an inline `<svg>` inherits from the HTML element it is (CSS colour, font and direction). */
  readonly inherit?: Pick<SvgStyle, 'color' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'fontStyle' | 'fontVariantCaps' | 'direction'>;
  /** Says what is drawn other than asked (a filter left out), at the element whose painting draws the SVG. */
  readonly warn?: ((message: string, at?: BoxElement) => void) | undefined;
  /** The element whose painting draws the SVG (an `<img>`, an inline `<svg>`, a box with an SVG background): where its warnings point. */
  readonly at?: BoxElement | undefined;
}

/**
 * The context an SVG is drawn in for `element`, so that its warnings point there; the same object
 * when nothing would be warned (no copy made per box painted).
 */
export function svgContextAt(svg: SvgContext | undefined, element: BoxElement | undefined): SvgContext | undefined {
  return svg?.warn === undefined || element === undefined || svg.at === element ? svg : Object.assign({}, svg, { at: element });
}

interface Walk {
  readonly text: TextSystem | undefined;
  readonly doc: SvgDocument;
  readonly style: SvgStyle;
  readonly viewport: Viewport;
  readonly foreign: SvgContext['foreign'];
  readonly warn: SvgContext['warn'];
  readonly at: BoxElement | undefined;
  /** `<use>` depth, against reference cycles. */
  readonly depth: number;
  /**
   * From the user space drawn in to the drawing's host space (the page's px): what a
   * `vector-effect: non-scaling-stroke` strokes in (markers' and patterns' contents keep their element's).
   */
  readonly ctm: Matrix;
  /** Inside a marker: the paints of the element it is drawn for (context-fill, context-stroke). */
  readonly context?: { readonly fill: Paint; readonly stroke: Paint };
}

const NEVER_RENDERED = new Set(['defs', 'clipPath', 'mask', 'pattern', 'linearGradient', 'radialGradient', 'symbol', 'marker', 'style', 'script', 'title', 'desc', 'metadata', 'filter']);

const localName = (element: DomElement): string => element.name.replace(/^svg:/, '');

function transformed(items: DisplayItem[], matrix: Matrix): DisplayItem[] {
  if (items.length === 0 || matrix.every((v, i) => v === IDENTITY[i])) return items;
  return [{ kind: 'push-transform', matrix }, ...items, { kind: 'pop-transform' }];
}

/** The union of a `<clipPath>`'s shapes, in the user space of the element it clips. */
function clipItems(walk: Walk, id: string, bounds: () => Rect): DisplayItem | undefined {
  const clip = walk.doc.ids.get(id);
  if (clip === undefined || localName(clip) !== 'clipPath') return undefined;
  const { path, evenOdd } = clipPathOutline(clip, (child) => computeSvgStyle(child, walk.style, walk.doc.rules), walk.viewport, bounds);
  // an empty clip path clips everything away
  return { kind: 'push-clip-path', path: path.length > 0 ? path : [{ op: 'move', x: 0, y: 0 }, { op: 'close' }], evenOdd };
}

/**
 * A `<mask>` (CSS Masking 1 §7): its content drawn in the masked element's user space (or its
 * bounding box with maskContentUnits=objectBoundingBox), clipped to the mask region, read by
 * luminance (or alpha with mask-type: alpha). Undefined when the reference is not a mask.
 */
function maskOf(walk: Walk, id: string, bounds: () => Rect): SoftMask | undefined {
  const mask = walk.doc.ids.get(id);
  if (mask === undefined || localName(mask) !== 'mask' || walk.depth > 8) return undefined;
  const a = mask.attribs;
  const box = bounds();
  const region = effectRegion(mask, 'maskUnits', box, walk.viewport);
  const style = computeSvgStyle(mask, INITIAL_STYLE, walk.doc.rules);
  let items = renderChildren(mask, { ...walk, style, depth: walk.depth + 1 });
  if (a['maskContentUnits'] === 'objectBoundingBox') items = transformed(items, [box.width, 0, 0, box.height, box.x, box.y]);
  return { items: items.length === 0 ? [] : [{ kind: 'push-clip', rect: region }, ...items, { kind: 'pop-clip' }], luminance: style.maskType !== 'alpha' };
}

const MARKABLE = new Set(['path', 'line', 'polyline', 'polygon']);

/** The markers of a shape (SVG 2 §11.6), drawn after its fill and stroke. */
function markerItems(path: readonly PathSegment[], walk: Walk, style: SvgStyle): DisplayItem[] {
  if (style.markerStart === undefined && style.markerMid === undefined && style.markerEnd === undefined) return [];
  if (walk.depth > 8) return [];
  const vertices = pathVertices(path);
  const width = length(style.strokeWidth, Math.hypot(walk.viewport.width, walk.viewport.height) / Math.SQRT2, 1);
  const context = { fill: style.fill, stroke: style.stroke };
  const items: DisplayItem[] = [];
  vertices.forEach((vertex, i) => {
    const position: MarkerPosition = i === 0 ? 'start' : i === vertices.length - 1 ? 'end' : 'mid';
    const id = position === 'start' ? style.markerStart : position === 'end' ? style.markerEnd : style.markerMid;
    const marker = id === undefined ? undefined : walk.doc.ids.get(id);
    if (marker === undefined || localName(marker) !== 'marker') return;
    const markerStyle = computeSvgStyle(marker, INITIAL_STYLE, walk.doc.rules);
    const box = numbers(marker.attribs['viewBox']);
    const viewport: Viewport = box.length === 4 ? { width: box[2]!, height: box[3]! } : walk.viewport;
    // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
    const content = renderChildren(marker, Object.assign({}, walk, { style: markerStyle, viewport, depth: walk.depth + 1, context }));
    appendAll(items, placeMarker(marker, vertex, position, width, { items: content, overflow: markerStyle.overflow }));
  });
  return items;
}

/** A style with its context-fill / context-stroke resolved (to none outside markers). */
function withContext(style: SvgStyle, walk: Walk): SvgStyle {
  if (style.fill.kind !== 'context' && style.stroke.kind !== 'context') return style;
  const none: Paint = { kind: 'none' };
  const resolve = (paint: Paint): Paint => (paint.kind === 'context' ? (walk.context?.[paint.which] ?? none) : paint);
  return { ...style, fill: resolve(style.fill), stroke: resolve(style.stroke) };
}

function withAlpha(paint: Paint, opacity: number): Paint {
  if (paint.kind !== 'color') return paint;
  return { kind: 'color', color: { ...paint.color, a: paint.color.a * opacity } };
}

/** A gradient or pattern (or its fallback colour) painting `path`, clipped to it. */
function serverPaint(fill: Extract<Paint, { kind: 'url' }>, path: PathSegment[], evenOdd: boolean, opacity: number, walk: Walk): DisplayItem[] {
  const server = walk.doc.ids.get(fill.id);
  if (server === undefined || localName(server) !== 'pattern') return gradientPaint(walk.doc, fill, path, evenOdd, opacity);
  if (walk.depth > 8) return [];
  const pattern = patternPaint(walk.doc, server, { path, evenOdd }, walk.viewport, (content, viewport) => renderChildren(content, { ...walk, viewport, depth: walk.depth + 1, style: computeSvgStyle(content, INITIAL_STYLE, walk.doc.rules) }));
  return opacity < 1 ? [{ kind: 'push-opacity', opacity }, ...pattern, { kind: 'pop-opacity' }] : pattern;
}

/** A shape's fill, stroke and markers, in its `paint-order` (SVG 2 §13.7). */
function paintShape(path: PathSegment[], walk: Walk, style: SvgStyle, shape: ShapeKind): DisplayItem[] {
  const visible = path.length > 0 && style.visibility === 'visible';
  const items: DisplayItem[] = [];
  for (const layer of style.paintOrder) {
    if (layer === 'markers') { if (shape.markers) appendAll(items, markerItems(path, walk, style)); }
    else if (layer === 'stroke') { if (visible) appendAll(items, strokeItems(path, walk, style, shape.pathLength)); }
    // a fill of no area paints nothing, but PDF viewers draw it as a hairline (`<line>` has no fill, SVG 2 §10.5)
    else if (visible && !shape.line && !enclosesNothing(path)) appendAll(items, fillItems(path, walk, style));
  }
  return items;
}

function fillItems(path: PathSegment[], walk: Walk, style: SvgStyle): DisplayItem[] {
  const fill = withAlpha(style.fill, style.fillOpacity);
  const evenOdd = style.fillRule === 'evenodd';
  if (fill.kind === 'color' && fill.color.a > 0) return [{ kind: 'fill-path', path, color: fill.color, evenOdd }];
  return fill.kind === 'url' ? serverPaint(fill, path, evenOdd, style.fillOpacity, walk) : [];
}

/** What a shape's element says of its painting: markers or not, a line (no fill), its `pathLength`. */
interface ShapeKind { readonly markers: boolean; readonly line: boolean; readonly pathLength: string | undefined }

function strokeItems(path: PathSegment[], walk: Walk, style: SvgStyle, authoredLength: string | undefined): DisplayItem[] {
  const items: DisplayItem[] = [];
  const diag = Math.hypot(walk.viewport.width, walk.viewport.height) / Math.SQRT2;
  const width = length(style.strokeWidth, diag, 1);
  const stroke = withAlpha(style.stroke, style.strokeOpacity);
  if (width <= 0 || (stroke.kind !== 'color' && stroke.kind !== 'url') || (stroke.kind === 'color' && stroke.color.a <= 0)) return items;
  const dashes = dashesOf(style, walk.viewport, path, authoredLength);
  const piece = (color: Color, on: PathSegment[], dashed: Dashes | undefined): DisplayItem => ({
    kind: 'stroke-path', path: on, color, width, lineCap: style.strokeLinecap, lineJoin: style.strokeLinejoin,
    miterLimit: style.strokeMiterlimit, ...dashed,
  });
  const line = (color: Color): DisplayItem => piece(color, path, dashes);
  const lines = (color: Color, on: PathSegment[]): DisplayItem[] => dashedPieces(on, dashes).map((part) => piece(color, part.path, part.dashes));
  const back = style.vectorEffect === 'non-scaling-stroke' && stroke.kind === 'color' ? invert(walk.ctm) : undefined;
  if (style.vectorEffect === 'non-scaling-stroke' && stroke.kind === 'url') walk.warn?.(NON_SCALING_SERVER_STROKE, walk.at);
  // SVG 2 §13.2 non-scaling-stroke: the path taken to the host space and stroked there, its width and dashes untransformed
  if (back !== undefined && stroke.kind === 'color') {
    items.push({ kind: 'push-transform', matrix: back });
    appendAll(items, lines(stroke.color, mappedPath(path, walk.ctm)));
    items.push({ kind: 'pop-transform' });
  }
  else if (stroke.kind === 'color') appendAll(items, lines(stroke.color, path));
  else appendAll(items, serverStroke(stroke, { path, line, width, opacity: style.strokeOpacity }, walk));
  return items;
}

/** What a non-scaling stroke of a gradient or pattern does here: not honoured, said once per document by the caller's warnings. */
const NON_SCALING_SERVER_STROKE = '`vector-effect: non-scaling-stroke` is not honoured on a gradient or pattern stroke: it scales with its element';

/** A stroke to paint: its path, how it is drawn in one colour, its width and opacity. */
interface StrokeOutline {
  readonly path: PathSegment[];
  readonly line: (color: Color) => DisplayItem;
  readonly width: number;
  readonly opacity: number;
}

/**
 * A stroke painted by a gradient or pattern: the server painted over the stroke's reach, seen
 * through a soft mask of the stroke drawn in white (the server's own box is the path's bounds).
 */
function serverStroke(stroke: Extract<Paint, { kind: 'url' }>, outline: StrokeOutline, walk: Walk): DisplayItem[] {
  const { path, line, width, opacity } = outline;
  const paint = serverPaint(stroke, path, false, opacity, walk);
  const at = paint.findIndex((item) => item.kind === 'push-clip-path');
  // not a paint server: its fallback colour strokes plainly
  if (at < 0) return paint.flatMap((item) => (item.kind === 'fill-path' ? [line(item.color)] : []));
  const b = pathBounds(path);
  // miters can reach further than half the width: a generous box, the mask cuts the rest
  const reach = width * Math.max(2, walk.style.strokeMiterlimit);
  const clip: DisplayItem = { kind: 'push-clip', rect: { x: b.x - reach, y: b.y - reach, width: b.width + 2 * reach, height: b.height + 2 * reach } };
  const painted = paint.map((item, k) => (k === at ? clip : item));
  return [{ kind: 'push-opacity', opacity: 1, mask: { items: [line({ r: 255, g: 255, b: 255, a: 1 })], luminance: true } }, ...painted, { kind: 'pop-opacity' }];
}

/** Nested `<svg>` / `<symbol>` instance: a new viewport with its viewBox, clipped to it unless its overflow is visible. */
function viewportItems(element: DomElement, walk: Walk, style: SvgStyle, size: { x: number; y: number; width: number; height: number }): DisplayItem[] {
  const box = numbers(element.attribs['viewBox']);
  const inner: Viewport = box.length === 4 ? { width: box[2]!, height: box[3]! } : { width: size.width, height: size.height };
  const matrix = multiply([1, 0, 0, 1, size.x, size.y], viewBoxMatrix(box.length === 4 ? box : undefined, element.attribs['preserveAspectRatio'], size.width, size.height));
  const children = renderChildren(element, { ...walk, style, viewport: inner, ctm: multiply(walk.ctm, matrix) });
  if (children.length === 0) return [];
  if (style.overflow === 'visible') return transformed(children, matrix);
  const clip: DisplayItem = { kind: 'push-clip', rect: { x: size.x, y: size.y, width: size.width, height: size.height } };
  return [clip, ...transformed(children, matrix), { kind: 'pop-clip' }];
}

function useItems(element: DomElement, walk: Walk, style: SvgStyle): DisplayItem[] {
  const href = element.attribs['href'] ?? element.attribs['xlink:href'] ?? '';
  const target = href.startsWith('#') ? walk.doc.ids.get(href.slice(1)) : undefined;
  if (target === undefined || walk.depth > 8) return [];
  const a = element.attribs;
  const x = length(a['x'], walk.viewport.width);
  const y = length(a['y'], walk.viewport.height);
  const inner = { ...walk, style, depth: walk.depth + 1 };
  if (localName(target) === 'symbol' || localName(target) === 'svg') {
    const width = length(a['width'] ?? target.attribs['width'], walk.viewport.width, walk.viewport.width);
    const height = length(a['height'] ?? target.attribs['height'], walk.viewport.height, walk.viewport.height);
    return viewportItems(target, inner, computeSvgStyle(target, style, walk.doc.rules), { x, y, width, height });
  }
  const moved: Matrix = [1, 0, 0, 1, x, y];
  return transformed(renderElement(target, { ...inner, ctm: multiply(walk.ctm, moved) }), moved);
}

function renderElement(element: DomElement, parentWalk: Walk): DisplayItem[] {
  const name = localName(element);
  if (NEVER_RENDERED.has(name) || !passesConditions(element)) return [];
  const style = withContext(computeSvgStyle(element, parentWalk.style, parentWalk.doc.rules), parentWalk);
  if (style.display === 'none') return [];
  let items: DisplayItem[];
  const shape = shapePath(element, parentWalk.viewport, style, style.geometry);
  const box = style.transformBox === 'fill-box' && style.transform !== undefined ? fillBox(element, parentWalk, shape) : undefined;
  const own = elementTransform(style.transform, style.transformOrigin, parentWalk.viewport, box);
  // the element and its content are drawn in its user space: the parent's moved by its transform
  const walk = own.every((v, i) => v === IDENTITY[i]) ? parentWalk : { ...parentWalk, ctm: multiply(parentWalk.ctm, own) };
  if (shape !== undefined) items = paintShape(shape, walk, style, { markers: MARKABLE.has(name), line: name === 'line', pathLength: element.attribs['pathLength'] });
  else if (name === 'text') items = textElementItems(element, style, walk);
  else if (name === 'image' && style.visibility === 'visible') items = imageElementItems(element, walk.doc, walk.viewport, style, (image, rect) => drawImage(image, rect, { ...walk, style }));
  else if (name === 'g' || name === 'a') items = renderChildren(element, { ...walk, style });
  else if (name === 'switch') {
    const child = switchChild(element, (candidate) => localName(candidate) !== 'foreignObject' || hasForeignContent(candidate, walk));
    items = child === undefined ? [] : renderElement(child, { ...walk, style });
  } else if (name === 'foreignObject') items = foreignObjectItems(element, walk);
  else if (name === 'use') items = useItems(element, walk, style);
  else if (name === 'svg') {
    const a = element.attribs;
    items = viewportItems(element, walk, style, {
      x: length(a['x'], walk.viewport.width), y: length(a['y'], walk.viewport.height),
      width: length(a['width'], walk.viewport.width, walk.viewport.width), height: length(a['height'], walk.viewport.height, walk.viewport.height),
    });
  } else items = [];
  if (items.length === 0) return [];
  // Filter Effects 1 §9: the filter first, then the clip, mask and opacity
  const filter = style.filter === undefined ? undefined : walk.doc.ids.get(style.filter);
  if (filter !== undefined && localName(filter) === 'filter') {
    const functions = svgFilterFunctions(filter);
    if (functions !== undefined) items = applyFilter(functions, items);
    else {
      // what CSS functions cannot say, Skia draws (svg-filter-raster.ts)
      const bounds = (shape !== undefined ? pathBounds(shape) : fillBox(element, walk, undefined)) ?? { x: 0, y: 0, ...walk.viewport };
      const region = filterRegion(filter, bounds, walk.viewport);
      // a text's glyphs alone: its own filter, transform, clip and opacity the raster's markup carries
      const drawText = (text: DomElement, parentStyle: SvgStyle): DisplayItem[] => textElementItems(text, withContext(computeSvgStyle(text, parentStyle, walk.doc.rules), walk), { ...walk, style: parentStyle });
      const raster = rasterFilteredItem({ element, filter, doc: walk.doc, parentStyle: walk.style, viewport: walk.viewport, region, unfiltered: items, drawText });
      if (raster !== undefined && 'unwritable' in raster) walk.warn?.(unfilteredWarning(filter, raster.unwritable), walk.at);
      else if (raster !== undefined && 'unbounded' in raster) walk.warn?.(unboundedWarning(filter, raster.unbounded), walk.at);
      else items = raster === undefined ? [] : [raster];
    }
  }
  if (style.clipPath !== undefined) {
    const clip = clipItems({ ...walk, style }, style.clipPath, () => pathBounds(shape ?? []));
    if (clip !== undefined) items = [clip, ...items, { kind: 'pop-clip' }];
  }
  if (style.mask !== undefined) {
    const mask = maskOf({ ...walk, style }, style.mask, () => (shape !== undefined ? pathBounds(shape) : { x: 0, y: 0, ...walk.viewport }));
    if (mask !== undefined) items = [{ kind: 'push-opacity', opacity: 1, mask }, ...items, { kind: 'pop-opacity' }];
  }
  if (style.opacity < 1) items = [{ kind: 'push-opacity', opacity: style.opacity }, ...items, { kind: 'pop-opacity' }];
  return transformed(items, own);
}

/** A `<text>` element's glyphs (and decorations), filled by colours or paint servers. */
function textElementItems(element: DomElement, style: SvgStyle, walk: Walk): DisplayItem[] {
  // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
  return textItems(element, style, Object.assign({}, walk, { serverPaint: (fill: Extract<Paint, { kind: 'url' }>, path: PathSegment[], opacity: number) => serverPaint(fill, path, false, opacity, walk) }));
}

/**
 * The bounding box of an element in its user space (SVG 2 §8.10), the reference of `transform-box:
 * fill-box`: its shape's, or a group's shapes' (nested groups too) each moved by its own transform;
 * undefined with no shape to measure (text and images are not measured: the viewport is used).
 */
function fillBox(element: DomElement, walk: Walk, shape: readonly PathSegment[] | undefined): Rect | undefined {
  if (shape !== undefined) return pathBounds(shape);
  let box: Rect | undefined;
  for (const child of element.children) {
    if (!isElement(child)) continue;
    const style = computeSvgStyle(child, walk.style, walk.doc.rules);
    if (style.display === 'none') continue;
    const own = shapePath(child, walk.viewport, style, style.geometry);
    const childBox = own !== undefined ? pathBounds(own) : localName(child) === 'g' ? fillBox(child, { ...walk, style }, undefined) : undefined;
    if (childBox === undefined) continue;
    const moved = transformedBounds(elementTransform(style.transform, style.transformOrigin, walk.viewport), childBox);
    box = unionOfRects(box, moved);
  }
  return box;
}

function renderChildren(element: DomElement, walk: Walk): DisplayItem[] {
  const items: DisplayItem[] = [];
  for (const child of element.children) if (isElement(child)) appendAll(items, renderElement(child, walk));
  return items;
}

/** Whether the page laid out the HTML of a `<foreignObject>` (one of an inline `<svg>`), which foreignObjectItems draws. */
function hasForeignContent(element: DomElement, walk: Walk): boolean {
  return element.attribs[FOREIGN_OBJECT_ATTRIBUTE] !== undefined && walk.foreign !== undefined;
}

/** A `<foreignObject>` of an inline `<svg>`: its HTML, laid out by the page, with its origin at (x, y). */
function foreignObjectItems(element: DomElement, walk: Walk): DisplayItem[] {
  const number = element.attribs[FOREIGN_OBJECT_ATTRIBUTE];
  if (number === undefined || walk.foreign === undefined) return [];
  const x = length(element.attribs['x'], walk.viewport.width);
  const y = length(element.attribs['y'], walk.viewport.height);
  return transformed(walk.foreign(Number(number)), [1, 0, 0, 1, x, y]);
}

function drawImage(image: LoadedImage, rect: Rect, walk: Walk): DisplayItem[] {
  if (image.svg === undefined) {
    const interpolate = walk.style.imageRendering === 'auto' ? undefined : walk.style.imageRendering === 'smooth';
    return [{ kind: 'image', rect, image, ...(interpolate === undefined ? {} : { interpolate }) }];
  }
  return renderSvg(image.svg, rect, { ...(walk.text === undefined ? {} : { text: walk.text }) });
}

/**
 * The items of an SVG document drawn into `rect` (its viewBox fitted per preserveAspectRatio),
 * clipped to it unless `clip` is false (an inline `<svg>` with `overflow: visible`).
 */
export function renderSvg(doc: SvgDocument, rect: Rect, context: SvgContext = {}, clip = true): DisplayItem[] {
  const root = doc.root;
  const style = computeSvgStyle(root, context.inherit === undefined ? INITIAL_STYLE : { ...INITIAL_STYLE, ...context.inherit }, doc.rules);
  const box = numbers(root.attribs['viewBox']);
  // An SVG image with a natural size and no viewBox is scaled like a picture of that size into
  // the rect (a synthesized viewBox, preserveAspectRatio none: what Chromium draws for
  // `object-fit: fill`); an inline <svg> keeps its user units.
  const synthesized = box.length !== 4 && doc.inline !== true && doc.naturalSize === undefined;
  const viewBox = box.length === 4 ? box : synthesized ? [0, 0, doc.width, doc.height] : undefined;
  const viewport: Viewport = viewBox !== undefined ? { width: viewBox[2]!, height: viewBox[3]! } : { width: rect.width, height: rect.height };
  const matrix = multiply([1, 0, 0, 1, rect.x, rect.y], viewBoxMatrix(viewBox, synthesized ? 'none' : root.attribs['preserveAspectRatio'], rect.width, rect.height));
  let items = renderChildren(root, { doc, style, viewport, depth: 0, text: context.text, foreign: context.foreign, warn: context.warn, at: context.at, ctm: matrix });
  // an inline <svg>'s own opacity is its HTML box's (CSS, or the attribute as a presentational hint), applied by the stacking context
  if (doc.inline !== true && style.opacity < 1 && items.length > 0) items = [{ kind: 'push-opacity', opacity: style.opacity }, ...items, { kind: 'pop-opacity' }];
  if (items.length === 0) return [];
  if (!clip) return transformed(items, matrix);
  return [{ kind: 'push-clip', rect }, ...transformed(items, matrix), { kind: 'pop-clip' }];
}
