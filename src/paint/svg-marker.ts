/**
 * SVG markers (SVG 2 §11.6): the vertices of a path with their directions (§11.6.2), and the
 * placement of a `<marker>` at one: `orient` (an angle, `auto`, `auto-start-reverse`),
 * `markerUnits` (scaled by the stroke width or not), `refX`/`refY`, `viewBox` and
 * `preserveAspectRatio` onto `markerWidth` × `markerHeight`, clipped to that viewport unless
 * `overflow` is visible.
 */
import type { DomElement } from '../dom/types.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import type { Matrix } from '../geometry/matrix.js';
import { length, numbers } from '../css/values/svg-units.js';
import { multiply } from '../geometry/matrix.js';
import { svgAngle, viewBoxMatrix } from './svg-geometry.js';

/** A path vertex and the angles (radians) of the path coming in and going out, when there are. */
export interface Vertex {
  readonly x: number;
  readonly y: number;
  inAngle?: number;
  outAngle?: number;
}

/** The direction of a vector, undefined when it has no length. */
function direction(dx: number, dy: number): number | undefined {
  return Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9 ? undefined : Math.atan2(dy, dx);
}

/** Directions at the start and end of a segment from (px, py). */
function segmentDirections(s: PathSegment, px: number, py: number, sx: number, sy: number): { start: number | undefined; end: number | undefined; x: number; y: number } {
  if (s.op === 'curve') {
    const start = direction(s.x1 - px, s.y1 - py) ?? direction(s.x2 - px, s.y2 - py) ?? direction(s.x - px, s.y - py);
    const end = direction(s.x - s.x2, s.y - s.y2) ?? direction(s.x - s.x1, s.y - s.y1) ?? direction(s.x - px, s.y - py);
    return { start, end, x: s.x, y: s.y };
  }
  const [x, y] = s.op === 'close' ? [sx, sy] : s.op === 'move' ? [px, py] : [s.x, s.y];
  const d = direction(x - px, y - py);
  return { start: d, end: d, x, y };
}

/** The vertices of a path, in order (each subpath's start, then each segment's end). */
export function pathVertices(path: readonly PathSegment[]): Vertex[] {
  const out: Vertex[] = [];
  let px = 0;
  let py = 0;
  let start = -1;
  for (const s of path) {
    if (s.op === 'move') {
      out.push({ x: s.x, y: s.y });
      start = out.length - 1;
      [px, py] = [s.x, s.y];
      continue;
    }
    if (start < 0) {
      out.push({ x: px, y: py });
      start = 0;
    }
    const first = out[start]!;
    const d = segmentDirections(s, px, py, first.x, first.y);
    const last = out[out.length - 1]!;
    last.outAngle ??= d.start ?? last.inAngle;
    const vertex: Vertex = { x: d.x, y: d.y };
    const inAngle = d.end ?? last.inAngle ?? last.outAngle;
    if (inAngle !== undefined) vertex.inAngle = inAngle;
    out.push(vertex);
    [px, py] = [d.x, d.y];
    if (s.op === 'close') {
      // a closed subpath: its start comes in along the closing segment, its end goes out along the first
      if (vertex.inAngle !== undefined) first.inAngle = vertex.inAngle;
      if (first.outAngle !== undefined) vertex.outAngle = first.outAngle;
    }
  }
  return out;
}

/** The angle bisecting a vertex's in and out directions (or the one it has), radians. */
export function autoAngle(v: Vertex): number {
  if (v.inAngle === undefined) return v.outAngle ?? 0;
  if (v.outAngle === undefined) return v.inAngle;
  return Math.atan2(Math.sin(v.inAngle) + Math.sin(v.outAngle), Math.cos(v.inAngle) + Math.cos(v.outAngle));
}

/** A `refX`/`refY`: a number in the marker's content units, or left/center/right (top/center/bottom) of its viewBox. */
function reference(value: string | undefined, start: number, size: number, low: string, high: string): number {
  const v = value?.trim();
  if (v === low) return start;
  if (v === 'center') return start + size / 2;
  if (v === high) return start + size;
  return v?.endsWith('%') === true ? start + (parseFloat(v) / 100) * size : length(v, size);
}

export type MarkerPosition = 'start' | 'mid' | 'end';

/** A marker's content as svg-render.ts draws it, and its computed `overflow` (resources/svg-style.ts). */
export interface MarkerContent {
  readonly items: DisplayItem[];
  readonly overflow: 'visible' | 'hidden';
}

/**
 * The items of `marker` drawn at `vertex`: its content mapped into place, clipped to its viewport
 * unless its overflow is visible. `strokeWidth` scales it when markerUnits is strokeWidth (the default).
 */
export function placeMarker(marker: DomElement, vertex: Vertex, position: MarkerPosition, strokeWidth: number, { items: content, overflow }: MarkerContent): DisplayItem[] {
  const a = marker.attribs;
  const width = length(a['markerWidth'], 100, 3);
  const height = length(a['markerHeight'], 100, 3);
  if (width <= 0 || height <= 0 || content.length === 0) return [];
  const orient = (a['orient'] ?? '0').trim();
  let angle = orient === 'auto' || orient === 'auto-start-reverse' ? autoAngle(vertex) : svgAngle(orient);
  if (orient === 'auto-start-reverse' && position === 'start') angle += Math.PI;
  const scale = a['markerUnits'] === 'userSpaceOnUse' ? 1 : strokeWidth;
  const box = numbers(a['viewBox']);
  const viewBox = box.length === 4 && box[2]! > 0 && box[3]! > 0 ? box : undefined;
  const fit = viewBoxMatrix(viewBox, a['preserveAspectRatio'], width, height);
  const rx = reference(a['refX'], viewBox?.[0] ?? 0, viewBox?.[2] ?? width, 'left', 'right');
  const ry = reference(a['refY'], viewBox?.[1] ?? 0, viewBox?.[3] ?? height, 'top', 'bottom');
  const refX = fit[0] * rx + fit[4];
  const refY = fit[3] * ry + fit[5];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place: Matrix = multiply(multiply([1, 0, 0, 1, vertex.x, vertex.y], [cos * scale, sin * scale, -sin * scale, cos * scale, 0, 0]), [1, 0, 0, 1, -refX, -refY]);
  const inner: DisplayItem[] = [{ kind: 'push-transform', matrix: fit }, ...content, { kind: 'pop-transform' }];
  const clipped: DisplayItem[] = overflow === 'visible' ? inner : [{ kind: 'push-clip', rect: { x: 0, y: 0, width, height } }, ...inner, { kind: 'pop-clip' }];
  return [{ kind: 'push-transform', matrix: place }, ...clipped, { kind: 'pop-transform' }];
}
