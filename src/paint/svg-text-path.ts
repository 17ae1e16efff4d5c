/**
 * `<textPath>` (SVG 2 §11.8.2): glyphs laid out along a path instead of a straight baseline.
 * Each glyph's middle is placed at its advance distance (plus `startOffset`) along the path,
 * turned to the path's direction there; glyphs whose middle falls off the path are not drawn.
 * The path is flattened to lines (curves in FLATTEN steps) to measure distances.
 */
import type { DisplayItem, PathSegment } from './display-list.js';

const FLATTEN = 24;

interface Polyline {
  readonly points: readonly (readonly [number, number])[];
  /** Distance from the start at each point. */
  readonly at: readonly number[];
}

/**
 * The path as one polyline. A moveto adds no length (SVG 2 §9.6.1: distance along a path counts
 * the drawn segments only), so the jump to a later subpath — `M60,60 m-44,0 a…`, the usual circle
 * for a seal's text — is a zero-length step the text does not run along.
 */
export function flatten(path: readonly PathSegment[]): Polyline {
  const points: [number, number][] = [];
  const moves = new Set<number>();
  let start: [number, number] = [0, 0];
  for (const s of path) {
    const last = points[points.length - 1] ?? start;
    if (s.op === 'move') {
      start = [s.x, s.y];
      moves.add(points.length);
      points.push(start);
    } else if (s.op === 'line') points.push([s.x, s.y]);
    else if (s.op === 'close') points.push(start);
    else {
      const [x0, y0] = last;
      for (let i = 1; i <= FLATTEN; i++) {
        const t = i / FLATTEN;
        const u = 1 - t;
        points.push([
          u * u * u * x0 + 3 * u * u * t * s.x1 + 3 * u * t * t * s.x2 + t * t * t * s.x,
          u * u * u * y0 + 3 * u * u * t * s.y1 + 3 * u * t * t * s.y2 + t * t * t * s.y,
        ]);
      }
    }
  }
  const at: number[] = [];
  let total = 0;
  points.forEach((p, i) => {
    if (i > 0 && !moves.has(i)) total += Math.hypot(p[0] - points[i - 1]![0], p[1] - points[i - 1]![1]);
    at.push(total);
  });
  return { points, at };
}

/** The point and direction (radians) at distance `d` along the polyline; undefined off its ends. */
export function pointAt(line: Polyline, d: number): { x: number; y: number; angle: number } | undefined {
  const { points, at } = line;
  if (points.length < 2 || d < 0 || d > at[at.length - 1]!) return undefined;
  let i = 1;
  while (i < at.length - 1 && (at[i]! < d || at[i]! === at[i - 1]!)) i++;
  const [x0, y0] = points[i - 1]!;
  const [x1, y1] = points[i]!;
  const span = at[i]! - at[i - 1]!;
  const t = span > 0 ? Math.min(1, Math.max(0, (d - at[i - 1]!) / span)) : 0;
  return { x: x0 + (x1 - x0) * t, y: y0 + (y1 - y0) * t, angle: Math.atan2(y1 - y0, x1 - x0) };
}

/** The path's length. */
export const pathLength = (line: Polyline): number => line.at[line.at.length - 1] ?? 0;

/**
 * Glyph items laid out on a straight baseline (x = distance along the path, y = offset from it)
 * moved onto `line`: one item per glyph under its own transform.
 */
export function onPath(items: readonly DisplayItem[], line: Polyline, startOffset: number): DisplayItem[] {
  const out: DisplayItem[] = [];
  for (const item of items) {
    if (item.kind !== 'glyphs') continue;
    let x = item.x;
    item.glyphs.forEach((glyph, i) => {
      const advance = item.advances[i] ?? glyph.advance;
      const where = pointAt(line, startOffset + x + advance / 2);
      x += advance;
      if (where === undefined) return;
      const cos = Math.cos(where.angle);
      const sin = Math.sin(where.angle);
      out.push(
        { kind: 'push-transform', matrix: [cos, sin, -sin, cos, where.x, where.y] },
        { ...item, x: -advance / 2, y: item.y, glyphs: [glyph], advances: [advance] },
        { kind: 'pop-transform' },
      );
    });
  }
  return out;
}
