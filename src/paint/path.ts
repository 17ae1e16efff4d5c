/**
 * Path geometry for painting: rectangles, rounded rectangles (quarter ellipses as one cubic
 * Bézier each) and the region of one border side between two nested rounded rectangles, split
 * at the corners in proportion to the adjacent border widths (CSS Backgrounds 3 §4.4, §5.4).
 */
import type { PathSegment } from './display-list.js';
import type { Rect, Side, Sides } from '../geometry/types.js';
import type { Radii } from '../css/values/radii.js';
import { hasRadii } from '../css/values/radii.js';
import type { Matrix } from '../geometry/matrix.js';
import { transformPoint } from '../geometry/matrix.js';

/** Cubic approximation constant of a quarter circle. */
export const KAPPA = 0.5522847498;

interface Point {
  readonly x: number;
  readonly y: number;
}
type Cubic = readonly [Point, Point, Point, Point];

export function rectPath(rect: Rect): PathSegment[] {
  const { x, y, width: w, height: h } = rect;
  return [
    { op: 'move', x, y },
    { op: 'line', x: x + w, y },
    { op: 'line', x: x + w, y: y + h },
    { op: 'line', x, y: y + h },
    { op: 'close' },
  ];
}

/** Clockwise corner curves of a rounded rect: tl, tr, br, bl (each from the previous side to the next). */
function cornerCurves(rect: Rect, radii: Radii): readonly [Cubic, Cubic, Cubic, Cubic] {
  const [tlh, tlv, trh, trv, brh, brv, blh, blv] = radii;
  const { x, y } = rect;
  const r = x + rect.width;
  const b = y + rect.height;
  const k = 1 - KAPPA;
  return [
    [{ x, y: y + tlv }, { x, y: y + tlv * k }, { x: x + tlh * k, y }, { x: x + tlh, y }],
    [{ x: r - trh, y }, { x: r - trh * k, y }, { x: r, y: y + trv * k }, { x: r, y: y + trv }],
    [{ x: r, y: b - brv }, { x: r, y: b - brv * k }, { x: r - brh * k, y: b }, { x: r - brh, y: b }],
    [{ x: x + blh, y: b }, { x: x + blh * k, y: b }, { x, y: b - blv * k }, { x, y: b - blv }],
  ];
}

function isPoint(curve: Cubic): boolean {
  return curve[0].x === curve[3].x && curve[0].y === curve[3].y;
}

function curveTo(curve: Cubic): PathSegment {
  return { op: 'curve', x1: curve[1].x, y1: curve[1].y, x2: curve[2].x, y2: curve[2].y, x: curve[3].x, y: curve[3].y };
}

/** `path` with every point moved by `m`. */
export function mappedPath(path: readonly PathSegment[], m: Matrix): PathSegment[] {
  return path.map((segment) => {
    if (segment.op === 'close') return segment;
    const [x, y] = transformPoint(m, segment.x, segment.y);
    if (segment.op !== 'curve') return { op: segment.op, x, y };
    const [x1, y1] = transformPoint(m, segment.x1, segment.y1);
    const [x2, y2] = transformPoint(m, segment.x2, segment.y2);
    return { op: 'curve', x1, y1, x2, y2, x, y };
  });
}

export function roundedRectPath(rect: Rect, radii: Radii): PathSegment[] {
  if (!hasRadii(radii)) return rectPath(rect);
  const corners = cornerCurves(rect, radii);
  const path: PathSegment[] = [{ op: 'move', x: corners[0][3].x, y: corners[0][3].y }];
  for (const corner of [corners[1], corners[2], corners[3], corners[0]]) {
    path.push({ op: 'line', x: corner[0].x, y: corner[0].y });
    if (!isPoint(corner)) path.push(curveTo(corner));
  }
  path.push({ op: 'close' });
  return path;
}

const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** de Casteljau split of a cubic at t. */
export function splitCubic(curve: Cubic, t: number): readonly [Cubic, Cubic] {
  const [p0, p1, p2, p3] = curve;
  const p01 = lerp(p0, p1, t);
  const p12 = lerp(p1, p2, t);
  const p23 = lerp(p2, p3, t);
  const p012 = lerp(p01, p12, t);
  const p123 = lerp(p12, p23, t);
  const mid = lerp(p012, p123, t);
  return [[p0, p01, p012, mid], [mid, p123, p23, p3]];
}

const reverse = (curve: Cubic): Cubic => [curve[3], curve[2], curve[1], curve[0]];

const SIDE_INDEX: Readonly<Record<Side, number>> = { top: 0, right: 1, bottom: 2, left: 3 };
const CLOCKWISE: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/** An edge of a border band: a rectangle and its radii. */
export interface Edge {
  readonly rect: Rect;
  readonly radii: Radii;
}

/**
 * The region of `side` between the `outer` and `inner` edges. Corner curves are split where the
 * two adjacent sides meet, at t = previous width / (previous + next width) — with square corners
 * that is the diagonal from the outer to the inner corner, so the region is a trapezoid.
 */
export function sideRegion(side: Side, outer: Edge, inner: Edge, widths: Sides): PathSegment[] {
  const index = SIDE_INDEX[side];
  // corner before the side (clockwise) has the same index in [tl, tr, br, bl] order
  const startCorner = index;
  const endCorner = (index + 1) % 4;
  const previous = CLOCKWISE[(index + 3) % 4]!;
  const next = CLOCKWISE[(index + 1) % 4]!;
  const ratio = (a: number, b: number): number => (a + b > 0 ? a / (a + b) : 0.5);
  const tStart = ratio(widths[previous], widths[side]);
  const tEnd = ratio(widths[side], widths[next]);
  const outerCurves = cornerCurves(outer.rect, outer.radii);
  const innerCurves = cornerCurves(inner.rect, inner.radii);
  const [, outerStart] = splitCubic(outerCurves[startCorner]!, tStart);
  const [outerEnd] = splitCubic(outerCurves[endCorner]!, tEnd);
  const [, innerStart] = splitCubic(innerCurves[startCorner]!, tStart);
  const [innerEnd] = splitCubic(innerCurves[endCorner]!, tEnd);
  const path: PathSegment[] = [{ op: 'move', x: outerStart[0].x, y: outerStart[0].y }];
  const follow = (curve: Cubic, first: boolean): void => {
    if (!first) path.push({ op: 'line', x: curve[0].x, y: curve[0].y });
    if (!isPoint(curve)) path.push(curveTo(curve));
  };
  follow(outerStart, true);
  follow(outerEnd, false);
  follow(reverse(innerEnd), false);
  follow(reverse(innerStart), false);
  path.push({ op: 'close' });
  return dropRepeatedPoints(path);
}

/** Removes `line`s to the point the path is already at (degenerate corners). */
function dropRepeatedPoints(path: PathSegment[]): PathSegment[] {
  const out: PathSegment[] = [];
  let at: Point | undefined;
  for (const segment of path) {
    if (segment.op === 'line' && at !== undefined && near(at, segment)) continue;
    out.push(segment);
    if (segment.op !== 'close') at = { x: segment.x, y: segment.y };
  }
  return out;
}

function near(a: Point, b: Point): boolean {
  return Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9;
}

/** The rectangle inset by a fraction of each side's width. */
export function insetBy(rect: Rect, widths: Sides, fraction: number): Rect {
  const left = widths.left * fraction;
  const top = widths.top * fraction;
  return {
    x: rect.x + left,
    y: rect.y + top,
    width: Math.max(0, rect.width - left - widths.right * fraction),
    height: Math.max(0, rect.height - top - widths.bottom * fraction),
  };
}

export function scaleSides(widths: Sides, fraction: number): Sides {
  return { top: widths.top * fraction, right: widths.right * fraction, bottom: widths.bottom * fraction, left: widths.left * fraction };
}
