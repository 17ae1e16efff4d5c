/**
 * Paint reads the fragments of a page in their parents' frames, as layout made them (docs/architecture.md,
 * "Fragment frames"): the walk (stacking.ts, annotations.ts) resolves positions as it descends — a
 * fragment's page x is its `x` plus its parent's page x — and hands a box's painters the page
 * position of its border box beside the fragment. The painters take the fragment without its own
 * `x` and `y`, so that none reads a position in its parent's frame by mistake.
 */
import type { Rect } from '../geometry/types.js';
import type { Matrix } from '../geometry/matrix.js';
import { PaintedRect } from './fill-rect.js';
import type { BoxFragment } from '../layout/types.js';

/** A box fragment as its painters see it: its page position (x, y) is passed beside it. */
export type PlacedBox = Omit<BoxFragment, 'x' | 'y'>;

/** The border box of `f`, its top-left corner at (x, y) on the page. */
export function borderBoxAt(f: PlacedBox, x: number, y: number): Rect {
  return { x, y, width: f.width, height: f.height };
}

/**
 * Where a box's decoration is painted (docs/architecture.md, "Painting on whole pixels"): Chromium
 * prints with a device pixel of one CSS px and paints a box's backgrounds, borders, outlines,
 * shadows, column rules, collapsed table borders and replaced images on its rect snapped to whole
 * pixels as Blink's `ToPixelSnappedRect` does — each edge rounded, half up:
 * x' = round(x), width' = round(x + width) − x'. Layout keeps the exact positions; text is not snapped.
 *
 * `frame`, when given, is a quarter turn from the painter's frame to the page (a vertical flow's
 * turned frame, layout/orthogonal.ts): the edges are snapped where they fall on the page, as
 * Chromium, which lays vertical flows out unturned, snaps them. Inside an author's transform
 * otherwise, the rect is snapped in the box's own frame before the transform, as Chromium does.
 */
export function snappedRect(x: number, y: number, width: number, height: number, frame?: Matrix): Rect {
  if (frame !== undefined) return snappedInTurn(x, y, width, height, frame);
  const left = snap(x);
  const top = snap(y);
  // a class instance, not a literal: one per collapsed border segment of a long table (fill-rect.ts)
  return new PaintedRect(left, top, atLeastAPixel(snap(x + width) - left, width), atLeastAPixel(snap(y + height) - top, height));
}

/** The snapped start and end of a span from `start`, `size` long (negative: leftwards or upwards). */
function snappedEdges(start: number, size: number): [number, number] {
  const from = snap(start);
  return [from, from + atLeastAPixel(snap(start + size) - from, size)];
}

/**
 * A snapped size, never 0 where the exact one is more than 4/64px (Blink's SnapSizeToPixel): a
 * 0.65px fraction bar or a 0.4px rule whose edges round to the same pixel still paints one pixel.
 */
function atLeastAPixel(snapped: number, size: number): number {
  return snapped === 0 && Math.abs(size) > 4 / 64 ? Math.sign(size) : snapped;
}

/** The border box of `f` at (x, y) as its decoration is painted: snapped to whole pixels (snappedRect). */
export function paintedBorderBox(f: PlacedBox, x: number, y: number, frame?: Matrix): Rect {
  return snappedRect(x, y, f.width, f.height, frame);
}

/**
 * A coordinate rounded half up to a whole pixel, taken first to Blink's layout unit (1/64 px) so
 * that a sum meant to be x.5 that floating point left at x.49999… rounds as the exact one does.
 */
export function snap(v: number): number {
  return Math.round(Math.round(v * 64) / 64);
}

/** Whether `m` turns by a quarter turn (x to ±y, y to ∓x, no scale): what snappedRect's `frame` can be. */
export function isQuarterTurn(m: Matrix): boolean {
  const e = 1e-9;
  return Math.abs(m[0]) < e && Math.abs(m[3]) < e && Math.abs(Math.abs(m[1]) - 1) < e && Math.abs(Math.abs(m[2]) - 1) < e;
}

/** snappedRect in a quarter-turned frame: the frame's x is the page's y (y = b·x + f), its y the page's x (x = c·y + e). */
function snappedInTurn(x: number, y: number, width: number, height: number, frame: Matrix): Rect {
  const b = Math.sign(frame[1]);
  const c = Math.sign(frame[2]);
  const e = frame[4];
  const f = frame[5];
  // the edges snapped on the page, then taken back to the frame
  const [x0, x1] = snappedEdges(b * x + f, b * width).map((edge) => (edge - f) * b) as [number, number];
  const [y0, y1] = snappedEdges(c * y + e, c * height).map((edge) => (edge - e) * c) as [number, number];
  return new PaintedRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
}
