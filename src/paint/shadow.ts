/**
 * `box-shadow` (CSS Backgrounds 3 §7.1): outer shadows under the background, drawn only outside
 * the border box; inset shadows over the background, inside the padding box. Spread grows or
 * shrinks the shape and its radii (§7.1.1); blur is a pre-blurred alpha mask (shadow-mask.ts).
 * The first shadow is on top, so they are painted last to first.
 */
import type { BoxShadow } from '../css/image-types.js';
import type { Rect, Sides } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import type { DisplayItem, PathSegment } from './display-list.js';
import { roundedRectPath } from './path.js';
import type { Radii } from '../css/values/radii.js';
import { insetRadii } from '../css/values/radii.js';
import { shadowMask } from './shadow-mask.js';
import { heldMaskArea, heldShadow } from './effect-lengths.js';

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: Math.max(0, rect.width + 2 * by), height: Math.max(0, rect.height + 2 * by) };
}

/** §7.1.1: radii grow with a positive spread (a square corner stays square) and shrink with a negative one. */
function spreadRadii(radii: Radii, spread: number): Radii {
  return radii.map((r) => (r > 0 ? Math.max(0, r + spread) : 0)) as unknown as Radii;
}

const offset = (rect: Rect, s: BoxShadow): Rect => ({ ...rect, x: rect.x + s.x, y: rect.y + s.y });

/** Everything but the (rounded) rect: a clip for what lies outside it. */
function outsideOf(rect: Rect, radii: Radii, margin: number): PathSegment[] {
  const far = grow(rect, margin);
  return [...roundedRectPath(far, [0, 0, 0, 0, 0, 0, 0, 0]), ...roundedRectPath(rect, radii)];
}

/** How far past the border box an outer shadow may paint, px: its offset, spread and blur (the mask reaches 1.5 blurs), with a margin. */
export function outerShadowReach(s: BoxShadow): number {
  return Math.abs(s.x) + Math.abs(s.y) + Math.abs(s.spread) + 2 * s.blur + 2;
}

function outerShadow(border: Rect, radii: Radii, s: BoxShadow): DisplayItem[] {
  const shape = grow(offset(border, s), s.spread);
  const shapeRadii = spreadRadii(radii, s.spread);
  if (s.color.a <= 0 || shape.width <= 0 || shape.height <= 0) return [];
  const clip: DisplayItem = { kind: 'push-clip-path', path: outsideOf(border, radii, outerShadowReach(s)), evenOdd: true };
  if (s.blur <= 0) return [clip, { kind: 'fill-path', path: roundedRectPath(shape, shapeRadii), color: s.color }, { kind: 'pop-clip' }];
  const area = heldMaskArea(grow(shape, 1.5 * s.blur));
  if (area === undefined) return [];
  const mask = shadowMask({ area, shape, radii: shapeRadii, blur: s.blur, invert: false });
  const blurOf = { path: roundedRectPath(shape, shapeRadii), evenOdd: false, sigma: s.blur / 2 };
  return [clip, { kind: 'alpha-mask', rect: area, color: s.color, mask, blurOf }, { kind: 'pop-clip' }];
}

function insetShadow(padding: Rect, radii: Radii, s: BoxShadow): DisplayItem[] {
  if (s.color.a <= 0 || padding.width <= 0 || padding.height <= 0) return [];
  const shape = grow(offset(padding, s), -s.spread);
  const shapeRadii = spreadRadii(radii, -s.spread);
  const clip: DisplayItem = { kind: 'push-clip', rect: padding, radii };
  if (s.blur <= 0) {
    const path = shape.width > 0 && shape.height > 0 ? outsideOf(shape, shapeRadii, Math.abs(s.x) + Math.abs(s.y) + padding.width + padding.height) : roundedRectPath(padding, radii);
    return [clip, { kind: 'fill-path', path, color: s.color, evenOdd: true }, { kind: 'pop-clip' }];
  }
  const area = heldMaskArea(grow(padding, 1.5 * s.blur));
  if (area === undefined) return [];
  const mask = shadowMask({ area, shape, radii: shapeRadii, blur: s.blur, invert: true });
  // the inverse of the shape: everything around it, far enough that the blur cannot reach its outer edge
  const around = shape.width > 0 && shape.height > 0 ? outsideOf(shape, shapeRadii, 3 * s.blur + padding.width + padding.height) : roundedRectPath(grow(padding, 3 * s.blur), radii);
  const blurOf = { path: around, evenOdd: true, sigma: s.blur / 2 };
  return [clip, { kind: 'alpha-mask', rect: area, color: s.color, mask, blurOf }, { kind: 'pop-clip' }];
}

function paddingBox(f: PlacedBox, border: Rect): Rect {
  const b: Sides = f.border;
  return { x: border.x + b.left, y: border.y + b.top, width: Math.max(0, border.width - b.left - b.right), height: Math.max(0, border.height - b.top - b.bottom) };
}

/** The outer shadows of `f`, its border box painted at `border` (placed.ts paintedBorderBox). */
export function paintOuterShadows(f: PlacedBox, border: Rect, radii: Radii): DisplayItem[] {
  const shadows = f.style.boxShadow;
  if (shadows.length === 0) return [];
  return [...shadows].reverse().filter((s) => !s.inset).flatMap((s) => outerShadow(border, radii, heldShadow(s)));
}

/** The inset shadows of `f`, its border box painted at `border`. */
export function paintInsetShadows(f: PlacedBox, border: Rect, radii: Radii): DisplayItem[] {
  const shadows = f.style.boxShadow;
  if (shadows.length === 0) return [];
  const inner = insetRadii(radii, f.border);
  return [...shadows].reverse().filter((s) => s.inset).flatMap((s) => insetShadow(paddingBox(f, border), inner, heldShadow(s)));
}
