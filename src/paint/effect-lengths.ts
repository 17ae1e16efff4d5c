/**
 * The lengths shadows and filters are painted with, held within ±1e9px: 50,000 times the largest
 * page (200in), so anything larger paints the same — a shadow spread over every page, or blurred
 * to nothing — while the sums painting makes of them (an area grown by 1.5 blurs, by the spread on
 * both sides) stay finite: `1e308px` overflowed to Infinity and made a mask NaN pixels wide, which
 * failed the PDF.
 */
import type { BoxShadow, FilterFunction } from '../css/image-types.js';
import type { Rect } from '../geometry/types.js';
import { intersectRects } from '../geometry/rect.js';

const MAX_EFFECT_LENGTH = 1e9;

export function heldEffectLength(px: number): number {
  return Math.max(-MAX_EFFECT_LENGTH, Math.min(MAX_EFFECT_LENGTH, px));
}

/** A box or text shadow with its offsets, blur and spread held. */
export function heldShadow<S extends Pick<BoxShadow, 'x' | 'y' | 'blur'> & { readonly spread?: number }>(shadow: S): S {
  const held = { ...shadow, x: heldEffectLength(shadow.x), y: heldEffectLength(shadow.y), blur: heldEffectLength(shadow.blur) };
  return shadow.spread === undefined ? held : { ...held, spread: heldEffectLength(shadow.spread) };
}

/** A filter function with its lengths held (`blur()`'s radius, `drop-shadow()`'s offsets and blur). */
export function heldFilterFunction(f: FilterFunction): FilterFunction {
  if (f.kind === 'blur') return { ...f, radius: heldEffectLength(f.radius) };
  if (f.kind === 'drop-shadow') return heldShadow(f);
  return f;
}

/**
 * The part of a blur mask's area within ±1e9px, undefined when none is (or it is NaN): shapes
 * 1e308px wide (a path's coordinates, a box's width) grown by a blur overflow to Infinity too.
 */
export function heldMaskArea(area: Rect): Rect | undefined {
  const held = intersectRects(area, EFFECT_BOUNDS);
  return held.width > 0 && held.height > 0 ? held : undefined;
}

const EFFECT_BOUNDS: Rect = { x: -MAX_EFFECT_LENGTH, y: -MAX_EFFECT_LENGTH, width: 2 * MAX_EFFECT_LENGTH, height: 2 * MAX_EFFECT_LENGTH };
