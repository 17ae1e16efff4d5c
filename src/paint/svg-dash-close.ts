/**
 * A dash that runs across the start of a closed subpath is one dash, its corner joined (Skia's
 * dasher, so Chromium). A PDF viewer strokes it as two dashes with caps that meet there: a
 * notch at a rectangle's corner, a hairline across a donut chart's arc. Such a subpath is drawn
 * as its dashed middle (an open subpath with its own dash phase) and the dash across its start,
 * cut from the path and stroked solid through the corner.
 */
import type { PathSegment } from './display-list.js';
import type { Dashes } from './svg-dashes.js';
import { splitCubic } from './path.js';

/** A part of a stroke: its path and its dashes (undefined: solid). */
export interface StrokePiece {
  readonly path: PathSegment[];
  readonly dashes: Dashes | undefined;
}

type Point = readonly [number, number];
/** A drawn segment from `from`, its length, and for a curve the length reached at each of its steps. */
interface Span { readonly from: Point; readonly seg: Exclude<PathSegment, { op: 'move' | 'close' }>; readonly length: number; readonly at?: readonly number[] }

const STEPS = 24;

/** The stroke of `path` with `dashes`, its closed subpaths' dashes across their start joined. */
export function dashedPieces(path: PathSegment[], dashes: Dashes | undefined): StrokePiece[] {
  if (dashes === undefined || !path.some((s) => s.op === 'close')) return [{ path, dashes }];
  const period = dashes.dash.reduce((a, b) => a + b, 0);
  const kept: PathSegment[] = [];
  const pieces: StrokePiece[] = [];
  const solid: PathSegment[] = [];
  for (const sub of subpaths(path)) {
    const spans = sub[sub.length - 1]!.op === 'close' ? spansOf(sub) : undefined;
    const total = spans?.reduce((a, s) => a + s.length, 0) ?? 0;
    const first = total > 0 ? dashAt(dashes, period, dashes.dashOffset) : undefined;
    const last = first !== undefined ? dashAt(dashes, period, dashes.dashOffset + total) : undefined;
    if (spans === undefined || first === undefined || last === undefined || last.done === 0) {
      for (const s of sub) kept.push(s);
      continue;
    }
    if (first.left + last.done >= total) {
      for (const s of sub) solid.push(s); // one dash all round: a closed, joined, solid outline
      continue;
    }
    const across = slice(spans, total - last.done, total);
    for (const s of slice(spans, 0, first.left).slice(1)) across.push(s);
    for (const s of across) solid.push(s);
    pieces.push({ path: slice(spans, first.left, total - last.done), dashes: { dash: dashes.dash, dashOffset: dashes.dashOffset + first.left } });
  }
  if (pieces.length === 0 && solid.length === 0) return [{ path, dashes }];
  if (kept.length > 0) pieces.unshift({ path: kept, dashes });
  if (solid.length > 0) pieces.push({ path: solid, dashes: undefined });
  return pieces;
}

/** Where `distance` along the pattern falls in a dash: how much of it is behind and how much is left; undefined in a gap. */
function dashAt(dashes: Dashes, period: number, distance: number): { done: number; left: number } | undefined {
  let phase = ((distance % period) + period) % period;
  for (let i = 0; i < dashes.dash.length; i++) {
    const length = dashes.dash[i]!;
    if (phase < length) return i % 2 === 0 ? { done: phase, left: length - phase } : undefined;
    phase -= length;
  }
  return undefined;
}

function subpaths(path: readonly PathSegment[]): PathSegment[][] {
  const out: PathSegment[][] = [];
  for (const s of path) {
    if (s.op === 'move' || out.length === 0) out.push([]);
    out[out.length - 1]!.push(s);
  }
  return out;
}

/** A closed subpath's drawn segments, its closing line included. */
function spansOf(sub: readonly PathSegment[]): Span[] | undefined {
  const head = sub[0];
  if (head?.op !== 'move') return undefined;
  const start: Point = [head.x, head.y];
  let at: Point = start;
  const spans: Span[] = [];
  for (const s of sub.slice(1)) {
    const seg = s.op === 'close' ? { op: 'line' as const, x: start[0], y: start[1] } : s;
    if (seg.op === 'move') return undefined;
    const to: Point = [seg.x, seg.y];
    if (seg.op === 'line') spans.push({ from: at, seg, length: Math.hypot(to[0] - at[0], to[1] - at[1]) });
    else spans.push(curveSpan(at, seg));
    at = to;
  }
  return spans;
}

function curveSpan(from: Point, seg: Extract<PathSegment, { op: 'curve' }>): Span {
  const at: number[] = [0];
  let last = from;
  for (let i = 1; i <= STEPS; i++) {
    const p = cubicPoint(from, seg, i / STEPS);
    at.push(at[i - 1]! + Math.hypot(p[0] - last[0], p[1] - last[1]));
    last = p;
  }
  return { from, seg, length: at[STEPS]!, at };
}

function cubicPoint(p0: Point, c: Extract<PathSegment, { op: 'curve' }>, t: number): Point {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
    u * u * u * p0[1] + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
  ];
}

/** A curve's parameter at `d` along it (linear between its measured steps). */
function curveT(span: Span, d: number): number {
  const at = span.at!;
  let i = 1;
  while (i < STEPS && at[i]! < d) i++;
  const step = at[i]! - at[i - 1]!;
  return (i - 1 + (step > 0 ? Math.min(1, Math.max(0, (d - at[i - 1]!) / step)) : 0)) / STEPS;
}

/** The part of the spans from `from` to `to` along them, as an open subpath. */
function slice(spans: readonly Span[], from: number, to: number): PathSegment[] {
  const out: PathSegment[] = [];
  let start = 0;
  for (const span of spans) {
    const end = start + span.length;
    if (end > from && start < to) {
      const a = Math.max(0, from - start);
      const b = Math.min(span.length, to - start);
      const piece = part(span, a, b);
      if (out.length === 0) out.push({ op: 'move', x: piece.from[0], y: piece.from[1] });
      out.push(piece.seg);
    }
    start = end;
  }
  return out;
}

/** A span cut to the distances `a` to `b` along it. */
function part(span: Span, a: number, b: number): { from: Point; seg: Span['seg'] } {
  const { from, seg } = span;
  if (seg.op === 'line') {
    const k = (d: number): Point => (span.length > 0 ? [from[0] + (seg.x - from[0]) * d / span.length, from[1] + (seg.y - from[1]) * d / span.length] : from);
    const to = k(b);
    return { from: k(a), seg: { op: 'line', x: to[0], y: to[1] } };
  }
  const t0 = a > 0 ? curveT(span, a) : 0;
  const t1 = b < span.length ? curveT(span, b) : 1;
  return subCurve(from, seg, t0, t1);
}

/** The cubic between parameters t0 and t1 (de Casteljau: split at t1, then the head at t0 / t1). */
function subCurve(p0: Point, c: Extract<PathSegment, { op: 'curve' }>, t0: number, t1: number): { from: Point; seg: Span['seg'] } {
  const head = splitCubic([{ x: p0[0], y: p0[1] }, { x: c.x1, y: c.y1 }, { x: c.x2, y: c.y2 }, { x: c.x, y: c.y }], t1)[0];
  const tail = splitCubic(head, t1 > 0 ? t0 / t1 : 0)[1];
  return { from: [tail[0].x, tail[0].y], seg: { op: 'curve', x1: tail[1].x, y1: tail[1].y, x2: tail[2].x, y2: tail[2].y, x: tail[3].x, y: tail[3].y } };
}
