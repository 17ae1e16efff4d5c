/**
 * Coverage of filled polygons (non-zero winding) on a grid of device pixels: four sample rows
 * per pixel row, each span adding its exact horizontal extent. What a blurred text shadow's
 * mask starts from (text-shadow.ts) before shadow-mask.ts blurs it.
 */
import type { Rect } from '../geometry/types.js';
import { checkPaintBudget } from './work-budget.js';

export type Point = { readonly x: number; readonly y: number };

const ROWS_PER_PIXEL = 4;

/**
 * Coverage 0-1 of `polygons` (px) over `area` sampled `scale` device pixels per px, row by row.
 * The edges are sorted by their top and kept in an active list, so a sample row visits only the
 * edges that cross it: a line of 2,000 words has 400,000 edges, and each row read them all.
 */
export function polygonCoverage(polygons: readonly (readonly Point[])[], area: Rect, scale: number, width: number, height: number): Float32Array {
  checkPaintBudget();
  const out = new Float32Array(width * height);
  const edges = edgesOf(polygons, area, scale).sort((a, b) => a.top - b.top);
  const active: Edge[] = [];
  // the crossings of a sample row, upward and downward edges apart: two numeric sorts, then a merge
  const ups = new Float64Array(edges.length);
  const downs = new Float64Array(edges.length);
  let next = 0;
  for (let row = 0; row < height; row++) {
    for (let sub = 0; sub < ROWS_PER_PIXEL; sub++) {
      const y = row + (sub + 0.5) / ROWS_PER_PIXEL;
      while (next < edges.length && edges[next]!.top <= y) active.push(edges[next++]!);
      let kept = 0;
      let up = 0;
      let down = 0;
      for (const e of active) {
        if (e.bottom <= y) continue;
        active[kept++] = e;
        // top <= y < bottom: the edge crosses this sample row
        const x = e.x0 + ((y - e.y0) * (e.x1 - e.x0)) / (e.y1 - e.y0);
        if (e.y1 > e.y0) ups[up++] = x;
        else downs[down++] = x;
      }
      active.length = kept;
      fillRow(out, row * width, width, ups.subarray(0, up).sort(), downs.subarray(0, down).sort());
    }
  }
  return out;
}

/** Adds the spans where the winding number is not zero, walking the sorted crossings from the left. */
function fillRow(out: Float32Array, base: number, width: number, ups: Float64Array, downs: Float64Array): void {
  let i = 0;
  let j = 0;
  let winding = 0;
  let from = 0;
  while (i < ups.length || j < downs.length) {
    const upward = j >= downs.length || (i < ups.length && ups[i]! <= downs[j]!);
    const x = upward ? ups[i++]! : downs[j++]!;
    if (winding !== 0) addSpan(out, base, width, from, x);
    winding += upward ? 1 : -1;
    from = x;
  }
}

interface Edge { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number; readonly top: number; readonly bottom: number }

/** The polygons' edges in device pixels of the grid (horizontal edges dropped: they cross no sample row). */
function edgesOf(polygons: readonly (readonly Point[])[], area: Rect, scale: number): Edge[] {
  const edges: Edge[] = [];
  for (const polygon of polygons) {
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      if (a.y === b.y) continue;
      const y0 = (a.y - area.y) * scale;
      const y1 = (b.y - area.y) * scale;
      edges.push({ x0: (a.x - area.x) * scale, y0, x1: (b.x - area.x) * scale, y1, top: Math.min(y0, y1), bottom: Math.max(y0, y1) });
    }
  }
  return edges;
}

function addSpan(out: Float32Array, base: number, width: number, from: number, to: number): void {
  const x0 = Math.max(0, from);
  const x1 = Math.min(width, to);
  if (x1 <= x0) return;
  const weight = 1 / ROWS_PER_PIXEL;
  const first = Math.floor(x0);
  const last = Math.min(width - 1, Math.floor(x1));
  if (first === last) {
    out[base + first]! += (x1 - x0) * weight;
    return;
  }
  out[base + first]! += (first + 1 - x0) * weight;
  for (let col = first + 1; col < last; col++) out[base + col]! += weight;
  if (last < width) out[base + last]! += (x1 - last) * weight;
}

/** A rectangle as a polygon (a decoration line). */
export function rectPolygon(rect: Rect): Point[] {
  return [{ x: rect.x, y: rect.y }, { x: rect.x + rect.width, y: rect.y }, { x: rect.x + rect.width, y: rect.y + rect.height }, { x: rect.x, y: rect.y + rect.height }];
}

/** The bounding box of polygons (undefined: none, or no points). */
export function boundsOf(polygons: readonly (readonly Point[])[]): Rect | undefined {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const polygon of polygons) {
    for (const p of polygon) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return minX <= maxX ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : undefined;
}
