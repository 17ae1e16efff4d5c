/**
 * The lengths shadows and filters are painted with, held within ±1e9px: 50,000 times the largest
 * page (200in), so anything larger paints the same — a shadow spread over every page, or blurred
 * to nothing — while the sums painting makes of them (an area grown by 1.5 blurs, by the spread on
 * both sides) stay finite: `1e308px` overflowed to Infinity and made a mask NaN pixels wide, which
 * failed the PDF.
 */
import type { BoxShadow, FilterFunction } from '../css/image-types.js';
import type { Rect } from '../geometry/types.js';

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
  const left = Math.max(area.x, -MAX_EFFECT_LENGTH);
  const top = Math.max(area.y, -MAX_EFFECT_LENGTH);
  const right = Math.min(area.x + area.width, MAX_EFFECT_LENGTH);
  const bottom = Math.min(area.y + area.height, MAX_EFFECT_LENGTH);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : undefined;
}
