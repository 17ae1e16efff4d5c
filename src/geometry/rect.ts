/** Rectangles (CSS px, y down): where two meet, and whether they meet at all. */
import type { Rect } from './types.js';

/** The part of `a` inside `b`: an empty rect (no width or height) when they do not meet. */
export function intersectRects(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) };
}

/** Whether `a` and `b` share no area (touching edges share none). */
export function rectsApart(a: Rect, b: Rect): boolean {
  return a.x >= b.x + b.width || a.x + a.width <= b.x || a.y >= b.y + b.height || a.y + a.height <= b.y;
}

/** The smallest rectangle holding both (the other when one is undefined). */
export function unionOfRects(a: Rect | undefined, b: Rect | undefined): Rect | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
