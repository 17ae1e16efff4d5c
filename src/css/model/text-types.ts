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

export interface TextDecorationLine {
  readonly underline: boolean;
  readonly overline: boolean;
  readonly lineThrough: boolean;
}

/** The shape keywords of `text-emphasis-style` (CSS Text Decoration 3 §3.1). */
export type EmphasisShape = 'dot' | 'circle' | 'double-circle' | 'triangle' | 'sesame';

/**
 * `text-emphasis-style`, computed: no marks, a shape filled or open (`shape` undefined when only
 * `filled` or `open` was given: circle in horizontal text, sesame in vertical), or a string's first
 * grapheme cluster.
 */
export type TextEmphasisStyle =
  | 'none'
  | { readonly fill: 'filled' | 'open'; readonly shape: EmphasisShape | undefined }
  | { readonly string: string };

/** `text-emphasis-position`, computed (`over` alone is `over right`). */
export interface TextEmphasisPosition {
  readonly over: boolean;
  readonly right: boolean;
}

/**
 * CSS Inline 3 §6.1 `initial-letter`: how many lines the letter spans (`size`) and how many it
 * sinks into (`sink`: 1 for `raise`, the size floored when omitted or `drop`).
 */
export type InitialLetter = 'normal' | { readonly size: number; readonly sink: number };

/** CSS Text 3 `hanging-punctuation`: `none` is all false. */
export interface HangingPunctuation {
  readonly first: boolean;
  readonly end: 'none' | 'force' | 'allow';
  readonly last: boolean;
}

/** CSS Text 4 `text-spacing-trim` (`auto` computes to `normal`). */
export type TextSpacingTrim = 'normal' | 'space-all' | 'space-first' | 'trim-start' | 'trim-both' | 'trim-all';
