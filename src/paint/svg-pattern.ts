/**
 * SVG `<pattern>` paint servers (SVG 2 §14.3): the pattern tile (`x`/`y`/`width`/`height` in
 * `patternUnits`, content in `patternContentUnits` or fitted by `viewBox`), repeated under
 * `patternTransform` over the painted shape's bounds and clipped to the shape. Attributes and
 * content are inherited through `href`. The tile is drawn once, as a tiling pattern's cell.
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import type { Rect } from '../geometry/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import type { Matrix } from '../geometry/matrix.js';
import type { SvgDocument } from '../resources/svg-document.js';
import { hrefChain } from '../resources/svg-document.js';
import type { Viewport } from './svg-geometry.js';
import { invert } from '../geometry/matrix.js';
import { length, numbers } from '../css/values/svg-units.js';
import { parseTransform, pathBounds, viewBoxMatrix } from './svg-geometry.js';
import { maxOf, minOf } from '../append-all.js';

/** Draws a pattern's children in a viewport (render.ts passes its own walk). */
export type DrawContent = (pattern: DomElement, viewport: Viewport) => DisplayItem[];

/** The range of tile indices whose tiles cover `bounds` (user space) seen through `inverse`. */
function tileRange(bounds: Rect, inverse: Matrix, tile: Rect): { i0: number; i1: number; j0: number; j1: number } {
  const pts = [[bounds.x, bounds.y], [bounds.x + bounds.width, bounds.y], [bounds.x, bounds.y + bounds.height], [bounds.x + bounds.width, bounds.y + bounds.height]]
    .map(([x, y]) => [inverse[0] * x! + inverse[2] * y! + inverse[4], inverse[1] * x! + inverse[3] * y! + inverse[5]] as const);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return {
    i0: Math.floor((minOf(xs) - tile.x) / tile.width), i1: Math.ceil((maxOf(xs) - tile.x) / tile.width),
    j0: Math.floor((minOf(ys) - tile.y) / tile.height), j1: Math.ceil((maxOf(ys) - tile.y) / tile.height),
  };
}

/** The shape a pattern fills: its path and fill rule. */
export interface PatternArea {
  readonly path: PathSegment[];
  readonly evenOdd: boolean;
}

export function patternPaint(doc: SvgDocument, pattern: DomElement, { path, evenOdd }: PatternArea, viewport: Viewport, draw: DrawContent): DisplayItem[] {
  const elements = hrefChain(doc, pattern);
  const attr = (key: string): string | undefined => elements.map((e) => e.attribs[key]).find((v) => v !== undefined);
  const content = elements.find((e) => e.children.some(isElement)) ?? pattern;
  const bounds = pathBounds(path);
  const userSpace = attr('patternUnits') === 'userSpaceOnUse';
  const fraction = (v: string | undefined): number => (v === undefined ? 0 : v.trim().endsWith('%') ? parseFloat(v) / 100 : parseFloat(v) || 0);
  const tile: Rect = userSpace
    ? { x: length(attr('x'), viewport.width), y: length(attr('y'), viewport.height), width: length(attr('width'), viewport.width), height: length(attr('height'), viewport.height) }
    : { x: bounds.x + fraction(attr('x')) * bounds.width, y: bounds.y + fraction(attr('y')) * bounds.height, width: fraction(attr('width')) * bounds.width, height: fraction(attr('height')) * bounds.height };
  if (tile.width <= 0 || tile.height <= 0) return [];
  const transform = parseTransform(attr('patternTransform'));
  const inverse = invert(transform);
  if (inverse === undefined) return [];
  const viewBox = numbers(attr('viewBox'));
  let inner: Matrix;
  let innerViewport: Viewport;
  if (viewBox.length === 4) {
    inner = viewBoxMatrix(viewBox, attr('preserveAspectRatio'), tile.width, tile.height);
    innerViewport = { width: viewBox[2]!, height: viewBox[3]! };
  } else if (attr('patternContentUnits') === 'objectBoundingBox') {
    inner = [bounds.width, 0, 0, bounds.height, bounds.x - tile.x, bounds.y - tile.y];
    innerViewport = { width: 1, height: 1 };
  } else {
    inner = [1, 0, 0, 1, 0, 0];
    innerViewport = viewport;
  }
  const items = draw(content, innerViewport);
  if (items.length === 0) return [];
  const { i0, i1, j0, j1 } = tileRange(bounds, inverse, tile);
  if (i1 <= i0 || j1 <= j0) return [];
  // the tiles that reach the shape, in pattern space: one tile's content repeated by the viewer (pdf/tiling-pattern.ts)
  const area: Rect = { x: tile.x + i0 * tile.width, y: tile.y + j0 * tile.height, width: (i1 - i0) * tile.width, height: (j1 - j0) * tile.height };
  const cell: DisplayItem[] = [{ kind: 'push-transform', matrix: inner }, ...items, { kind: 'pop-transform' }];
  return [
    { kind: 'push-clip-path', path, evenOdd },
    { kind: 'push-transform', matrix: transform },
    { kind: 'tiles', rect: area, origin: { x: tile.x, y: tile.y }, size: { width: tile.width, height: tile.height }, step: { x: tile.width, y: tile.height }, items: cell },
    { kind: 'pop-transform' },
    { kind: 'pop-clip' },
  ];
}
