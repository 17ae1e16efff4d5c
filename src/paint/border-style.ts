/**
 * How each border style is drawn (CSS Backgrounds 3 §4.2), with the colour shading browsers use
 * for the 3D styles and WeasyPrint's dash lengths for dashed and dotted sides.
 */
import type { BorderStyle, Color } from '../css/types.js';
import type { Side } from '../geometry/types.js';

/**
 * Chromium's `Color::Dark()`: black becomes #545454; other colours are scaled so their brightest
 * channel drops by a third of full scale.
 */
export function darken(color: Color): Color {
  if (color.r === 0 && color.g === 0 && color.b === 0) return { r: 84, g: 84, b: 84, a: color.a };
  const v = Math.max(color.r, color.g, color.b) / (256 - 1e-5);
  const multiplier = Math.max(0, (v - 0.33) / v);
  return { r: Math.round(color.r * multiplier), g: Math.round(color.g * multiplier), b: Math.round(color.b * multiplier), a: color.a };
}

const isTopLeft = (side: Side): boolean => side === 'top' || side === 'left';

/** The colour of an `inset` / `outset` side: the shadowed sides are darkened. */
export function bevelColor(style: 'inset' | 'outset', side: Side, color: Color): Color {
  const shadowed = style === 'inset' ? isTopLeft(side) : !isTopLeft(side);
  return shadowed ? darken(color) : color;
}

/** Outer-half and inner-half colours of a `groove` / `ridge` side. */
export function grooveColors(style: 'groove' | 'ridge', side: Side, color: Color): readonly [Color, Color] {
  const outerDark = style === 'groove' ? isTopLeft(side) : !isTopLeft(side);
  return outerDark ? [darken(color), color] : [color, darken(color)];
}

/**
 * Dash period of a dashed / dotted side of length `length` (WeasyPrint): dashes of 3 × width,
 * dots of 1 × width, stretched so an odd number of segments fills the side and both ends are
 * painted.
 */
export function dashLength(style: 'dashed' | 'dotted', width: number, length: number): number {
  const nominal = style === 'dotted' ? width : 3 * width;
  if (nominal <= 0 || length <= 0) return nominal;
  const count = Math.round(length / nominal);
  const odd = count % 2 === 1 ? count : count - 1;
  return odd >= 1 ? length / odd : length;
}

/** Styles that paint nothing. */
export function isInvisible(style: BorderStyle): boolean {
  return style === 'none' || style === 'hidden';
}
