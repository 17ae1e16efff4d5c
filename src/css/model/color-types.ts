/** Colours as computed: concrete, or kept for the element that uses them (CSS Color 4/5). */

/** sRGB, channels 0-255, alpha 0-1. */
export interface Color {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
  /**
   * A `device-cmyk()` colour's own channels, 0-1 (CSS Color 5 §14): printed as DeviceCMYK where
   * the PDF allows it; r, g, b are its naive sRGB conversion, used everywhere else.
   */
  readonly cmyk?: readonly [number, number, number, number];
}

/**
 * A colour function with `currentcolor` among its arguments (CSS Color 5: `color-mix(in oklab,
 * currentColor 50%, transparent)`, `rgb(from currentColor r g b / 50%)`): like `currentcolor`, it
 * computes to itself and is resolved against the element's `color` where it is used
 * (css/values/color.ts `resolveColor`). `text` is the function as written, normalised.
 */
export interface CurrentColorExpression {
  readonly kind: 'currentcolor-expression';
  readonly text: string;
}

/** The used colour scheme (CSS Color Adjust 1 §2): which branch `light-dark()` and system colours take. */
export type ColorScheme = 'light' | 'dark';

/** `light-dark(<color>, <color>)` (CSS Color 5 §10); system colours with a dark value parse to one too. */
export interface LightDarkColor {
  readonly kind: 'light-dark';
  readonly light: SpecifiedColor;
  readonly dark: SpecifiedColor;
}

/**
 * A colour before it is resolved for an element: concrete, `currentcolor`, an expression over it,
 * or a choice by colour scheme.
 */
export type SpecifiedColor = Color | 'currentcolor' | CurrentColorExpression | LightDarkColor;
