/**
 * Paint reads the fragments of a page in their parents' frames, as layout made them (docs/architecture.md,
 * "Fragment frames"): the walk (stacking.ts, annotations.ts) resolves positions as it descends — a
 * fragment's page x is its `x` plus its parent's page x — and hands a box's painters the page
 * position of its border box beside the fragment. The painters take the fragment without its own
 * `x` and `y`, so that none reads a position in its parent's frame by mistake.
 */
import type { Rect } from '../geometry/types.js';
import type { BoxFragment } from '../layout/types.js';

/** A box fragment as its painters see it: its page position (x, y) is passed beside it. */
export type PlacedBox = Omit<BoxFragment, 'x' | 'y'>;

/** The border box of `f`, its top-left corner at (x, y) on the page. */
export function borderBoxAt(f: PlacedBox, x: number, y: number): Rect {
  return { x, y, width: f.width, height: f.height };
}
