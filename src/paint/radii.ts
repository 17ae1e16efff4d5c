/**
 * The radii of a painted fragment's corners (CSS Backgrounds 3 §5, the numbers in
 * css/values/radii.ts): the corners a fragment keeps when it is split (CSS Fragmentation 3 §5.4).
 */
import type { ComputedStyle } from '../css/types.js';
import type { KeptCorners, Radii } from '../css/values/radii.js';
import { ALL_CORNERS, NO_RADII, borderRadii, isSquare } from '../css/values/radii.js';
import type { PlacedBox } from './placed.js';

/**
 * Every corner of the style is square whatever the box: a radius whose horizontal or vertical
 * value is 0 is none (§5.1), which is what fittedRadii would find. Nearly every box (each cell of a
 * long table) has none: this skips resolving four corners, their lists, the kept corners and the rectangle.
 */
function hasSquareCorners(style: ComputedStyle): boolean {
  return isSquare(style.borderTopLeftRadius) && isSquare(style.borderTopRightRadius) && isSquare(style.borderBottomRightRadius) && isSquare(style.borderBottomLeftRadius);
}

/** Corners kept by a fragment of a box split by a page or line break (CSS Fragmentation 3 §5.4, slice). */
function keptCorners(f: PlacedBox): KeptCorners {
  // an inline box's fragment is rounded on the sides that carry its edges (layout decided: slice or clone)
  if (f.inlineEdges !== undefined) {
    const { left, right } = f.inlineEdges;
    return { topLeft: left, bottomLeft: left, topRight: right, bottomRight: right };
  }
  // box-decoration-break: clone rounds every fragment as a whole box
  if (f.style.boxDecorationBreak === 'clone') return ALL_CORNERS;
  return { topLeft: !f.continuedBefore, topRight: !f.continuedBefore, bottomLeft: !f.continuedAfter, bottomRight: !f.continuedAfter };
}

/** The border-edge radii of a fragment (they depend on its size, not on where it is). */
export function outerRadii(f: PlacedBox): Radii {
  if (hasSquareCorners(f.style)) return NO_RADII;
  return borderRadii(f.style, { x: 0, y: 0, width: f.width, height: f.height }, keptCorners(f));
}

/** The length of a rounded rectangle's outline (each corner a quarter ellipse, Ramanujan's approximation). */
export function roundedPerimeter(rect: { readonly width: number; readonly height: number }, radii: Radii): number {
  let length = 2 * (rect.width + rect.height);
  for (let i = 0; i < 8; i += 2) {
    const a = radii[i]!;
    const b = radii[i + 1]!;
    if (a <= 0 || b <= 0) continue;
    length += (Math.PI / 4) * (3 * (a + b) - Math.sqrt((3 * a + b) * (a + 3 * b))) - a - b;
  }
  return length;
}
