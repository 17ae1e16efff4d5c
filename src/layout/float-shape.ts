/**
 * A float's float area for the lines beside it (CSS Shapes 1 §2, §4): its `shape-outside` in the
 * flow frame, grown by `shape-margin`. The lines wrap around it (exclusions.ts, freeLineBand),
 * which also clips it to the float's margin box; other floats and the blocks that avoid floats
 * still stand clear of the margin box, as §2 says (float positioning is not affected).
 *
 * Each area answers one question: how far it reaches towards the lines over a band [top, bottom]
 * — its right-most x for a left float, its left-most x for a right one — or that the band misses it
 * (an empty float area has no effect on a line, §2).
 */
import type { Point, Rect, Sides } from '../geometry/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { Radii } from '../css/values/radii.js';
import { NO_RADII, borderRadii, fittedRadii } from '../css/values/radii.js';
import { resolveLength } from '../css/values/length.js';
import { referenceRect, resolveShape } from '../css/values/shape-geometry.js';
import type { ResolvedShape } from '../css/values/shape-geometry.js';
import type { Box, BoxElement } from '../boxes/types.js';
import type { LayoutContext } from './contract.js';
import { whereIs } from './where-is.js';
import type { ImageArea } from './float-image-shape.js';
import { imageArea, imageReach } from './float-image-shape.js';

export type FloatArea =
  /** A rounded rectangle (an inset, a circle, an ellipse, a box), already grown by the shape margin. */
  | { readonly kind: 'rounded-rect'; readonly rect: Rect; readonly radii: Radii }
  /** A polygon and the shape margin around it (the area is every point within `margin` of the polygon). */
  | { readonly kind: 'polygon'; readonly points: readonly Point[]; readonly margin: number }
  | ImageArea;

const MAX_POLYGON_POINTS = 10_000;

/** What a float area is made from: the float's border box in the flow frame and its used sides. */
export interface FloatEdges {
  readonly borderBox: Rect;
  readonly border: Sides;
  readonly padding: Sides;
  readonly margin: Sides;
  /** Percentages of `shape-margin` resolve against it (§4.3). */
  readonly containingWidth: number;
}

/**
 * The float area of a float laid out whole; undefined where its lines wrap around its margin box:
 * no `shape-outside`, an image that did not load (warned as a resource), or what is not honoured
 * yet (warned here).
 */
export function floatArea(box: Box, edges: FloatEdges, ctx: LayoutContext): FloatArea | undefined {
  const style = box.style;
  const outside = style.shapeOutside;
  if (outside === 'none') return undefined;
  const unsupported = (what: string): undefined => unhonouredShape(what, box.element, ctx);
  if (style.writingMode !== 'horizontal-tb') return unsupported('in a vertical writing mode');
  if (outside.kind === 'shape') {
    // each line beside the float looks at every edge: a polygon of more points is not worth its time
    if (outside.shape?.kind === 'polygon' && outside.shape.points.length > MAX_POLYGON_POINTS) return unsupported(`with more than ${MAX_POLYGON_POINTS.toLocaleString('en')} polygon points`);
    return shapeArea(style, edges);
  }
  if (outside.image.kind !== 'url') return unsupported('with a gradient');
  const image = ctx.images.get(outside.image.url);
  if (image?.alpha === undefined) return undefined;
  return imageArea(image.alpha, imageRect(box, edges, image), style.shapeImageThreshold, Math.max(0, resolveLength(style.shapeMargin, edges.containingWidth)));
}

/**
 * Where the shape's image lies, as Chromium 156 places it: over an image element's content box
 * (stretched, as the element draws its own image), else at its own size at the margin box's
 * top-left corner (§4.1 would stretch it over the content box).
 */
function imageRect(box: Box, edges: FloatEdges, image: { readonly width: number; readonly height: number }): Rect {
  const reference = referenceRect({ ...edges, radii: NO_RADII }, box.kind === 'replaced' ? 'content-box' : 'margin-box').rect;
  return box.kind === 'replaced' ? reference : { x: reference.x, y: reference.y, width: image.width, height: image.height };
}

/** Warns that a float's `shape-outside` is not honoured `what` (its lines wrap around its margin box); undefined. */
export function unhonouredShape(what: string, element: BoxElement | undefined, ctx: LayoutContext): undefined {
  ctx.diagnostics.warn('css_unsupported', `\`shape-outside\` ${what} is not honoured yet: the float's lines wrap around its margin box`, whereIs(ctx, element));
  return undefined;
}

/** The float area of a basic shape or box value; undefined for `none` and for images. */
function shapeArea(style: ComputedStyle, edges: FloatEdges): FloatArea | undefined {
  const outside = style.shapeOutside;
  if (outside === 'none' || outside.kind !== 'shape') return undefined;
  const box = referenceRect({ ...edges, radii: NO_RADII }, outside.box).rect;
  // a box value keeps the border box's radii, fitted to the smaller or larger box: Chromium 156
  // neither shrinks them inside the border (CSS Backgrounds 3 §5.2) nor grows them outside (§4.1)
  const shape: ResolvedShape = outside.shape === undefined ? { kind: 'rounded-rect', rect: box, radii: refitted(borderRadii(style, edges.borderBox), box) } : resolveShape(outside.shape, box);
  const margin = Math.max(0, resolveLength(style.shapeMargin, edges.containingWidth));
  if (shape.kind === 'polygon') return { kind: 'polygon', points: shape.points, margin };
  if (margin === 0) return shape;
  // grown as Chromium grows it: the rectangle by the margin on every side, each radius by the margin
  const { rect, radii } = shape;
  return {
    kind: 'rounded-rect',
    rect: { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin },
    radii: radii.map((r) => r + margin) as unknown as Radii,
  };
}

function refitted(radii: Radii, rect: Rect): Radii {
  return fittedRadii([[radii[0], radii[1]], [radii[2], radii[3]], [radii[4], radii[5]], [radii[6], radii[7]]], rect);
}

/** How far `area` reaches towards the lines over [top, bottom]; undefined where the band misses it. */
export function areaReach(area: FloatArea, side: 'left' | 'right', top: number, bottom: number): number | undefined {
  switch (area.kind) {
    case 'rounded-rect': return roundedRectReach(area.rect, area.radii, side, top, bottom);
    case 'polygon': return polygonReach(area.points, area.margin, side, top, bottom);
    case 'image': return imageReach(area, side, top, bottom);
  }
}

const EPSILON = 0.01;

/**
 * A rounded rectangle's edge on the lines' side is straight between its two corners there and
 * curves away towards the top and bottom: the furthest reach over the band is at the band's y
 * nearest to the straight part.
 */
function roundedRectReach(rect: Rect, radii: Radii, side: 'left' | 'right', top: number, bottom: number): number | undefined {
  const rectBottom = rect.y + rect.height;
  if (rect.width <= 0 || rect.height <= 0 || bottom <= rect.y + EPSILON || top >= rectBottom - EPSILON) return undefined;
  const from = Math.max(top, rect.y);
  const to = Math.min(bottom, rectBottom);
  // the corners on the lines' side: [horizontal, vertical] radii at the top and at the bottom
  const [topH, topV, bottomH, bottomV] = side === 'left' ? [radii[2], radii[3], radii[4], radii[5]] : [radii[0], radii[1], radii[6], radii[7]];
  let inset = 0;
  if (to < rect.y + topV) inset = cornerInset(topH, topV, rect.y + topV - to);
  else if (from > rectBottom - bottomV) inset = cornerInset(bottomH, bottomV, from - (rectBottom - bottomV));
  return side === 'left' ? rect.x + rect.width - inset : rect.x + inset;
}

/** How far an elliptic corner's curve stands in from the box's side, `dy` from the corner's centre row. */
function cornerInset(h: number, v: number, dy: number): number {
  if (h <= 0 || v <= 0) return 0;
  const t = Math.min(1, dy / v);
  return h * (1 - Math.sqrt(1 - t * t));
}

/**
 * A polygon's reach: the furthest point of its edges inside the band (its interior reaches no
 * further than its edges). With a shape margin, each edge is a capsule — every point within the
 * margin of it — and its reach over the band is a concave function along the edge, maximised by a
 * golden-section search.
 */
function polygonReach(points: readonly Point[], margin: number, side: 'left' | 'right', top: number, bottom: number): number | undefined {
  if (points.length < 3 || Math.abs(signedArea(points)) < EPSILON) return undefined;
  const dir = side === 'left' ? 1 : -1;
  let best = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const span = clipToBand(a, b, top - margin, bottom + margin);
    if (span === undefined) continue;
    const reach = margin === 0 ? Math.max(dir * at(a, b, span[0]).x, dir * at(a, b, span[1]).x) : capsuleReach(a, b, span, margin, { dir, top, bottom });
    if (reach > best) best = reach;
  }
  return best === -Infinity ? undefined : dir * best;
}

function signedArea(points: readonly Point[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    area += a.x * b.y - b.x * a.y;
  }
  return area / 2;
}

function at(a: Point, b: Point, s: number): Point {
  return { x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s };
}

/** The part [s0, s1] of segment a→b whose y lies in [top, bottom]; undefined when none does. */
function clipToBand(a: Point, b: Point, top: number, bottom: number): [number, number] | undefined {
  const dy = b.y - a.y;
  if (Math.abs(dy) < 1e-9) return a.y > top - 1e-9 && a.y < bottom + 1e-9 && bottom - top > EPSILON ? [0, 1] : undefined;
  let s0 = (top - a.y) / dy;
  let s1 = (bottom - a.y) / dy;
  if (s0 > s1) [s0, s1] = [s1, s0];
  s0 = Math.max(0, s0);
  s1 = Math.min(1, s1);
  // an edge that only touches the band's top or bottom does not enter it
  if (s1 - s0 <= 1e-9 && !(Math.abs(dy) < 1e-9)) return undefined;
  return [s0, s1];
}

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** The furthest reach (times `dir`) of the disks of radius `margin` centred on a→b over [s0, s1] into the band. */
function capsuleReach(a: Point, b: Point, span: [number, number], margin: number, band: { dir: number; top: number; bottom: number }): number {
  const reach = (s: number): number => {
    const p = at(a, b, s);
    const d = p.y < band.top ? band.top - p.y : p.y > band.bottom ? p.y - band.bottom : 0;
    return band.dir * p.x + Math.sqrt(Math.max(0, margin * margin - d * d));
  };
  let [lo, hi] = span;
  let x1 = hi - GOLDEN * (hi - lo);
  let x2 = lo + GOLDEN * (hi - lo);
  let f1 = reach(x1);
  let f2 = reach(x2);
  for (let i = 0; i < 48 && hi - lo > 1e-7; i++) {
    if (f1 < f2) {
      lo = x1; x1 = x2; f1 = f2;
      x2 = lo + GOLDEN * (hi - lo); f2 = reach(x2);
    } else {
      hi = x2; x2 = x1; f2 = f1;
      x1 = hi - GOLDEN * (hi - lo); f1 = reach(x1);
    }
  }
  return Math.max(reach(span[0]), reach(span[1]), f1, f2);
}
