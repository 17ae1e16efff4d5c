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

/** `text-box-trim` (CSS Inline 3 §4.1): which sides of a block's first and last lines are trimmed. */
export type TextBoxTrim = 'none' | 'trim-start' | 'trim-end' | 'trim-both';
/** The edges Chromium 156 takes; CSS Inline 3's `ideographic` and `ideographic-ink` are invalid there, and here. */
export type TextEdgeOver = 'text' | 'cap' | 'ex';
export type TextEdgeUnder = 'text' | 'alphabetic';

/** `text-box-edge` (CSS Inline 3 §4.2): the font metrics a trimmed line keeps; `auto` computes to `text`. */
export interface TextBoxEdge {
  readonly over: TextEdgeOver;
  readonly under: TextEdgeUnder;
}
