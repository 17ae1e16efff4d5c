/** Computed values of text properties with a structure of their own. */

/** `paint-order` (CSS Fill and Stroke 3 §6.1, SVG 2 §13.7): the three layers, first painted first. */
export type PaintLayer = 'fill' | 'stroke' | 'markers';
export type PaintOrder = readonly [PaintLayer, PaintLayer, PaintLayer];

/** `hyphenate-limit-chars` (CSS Text 4 §7.3): `auto` is Chromium's 5, 2 and 2. */
export interface HyphenateLimitChars {
  readonly word: number | 'auto';
  readonly before: number | 'auto';
  readonly after: number | 'auto';
}
