/**
 * The edges `text-box-edge` names (CSS Inline 3 §4.2) in a font's metrics: how far above and below
 * the baseline a trimmed line or inline box reaches. Chromium's ascent and descent are whole
 * pixels; its cap height and x-height are not.
 */
import type { TextEdgeOver, TextEdgeUnder } from '../../css/types.js';
import type { ScaledFontMetrics } from '../../text/types.js';

/** Height above the baseline a trimmed first line (or inline box) keeps. */
export function overEdge(edge: TextEdgeOver, font: ScaledFontMetrics): number {
  switch (edge) {
    case 'text': return Math.round(font.ascent);
    case 'cap': return font.capHeight;
    case 'ex': return font.xHeight;
  }
}

/** Depth below the baseline a trimmed last line (or inline box) keeps. */
export function underEdge(edge: TextEdgeUnder, font: ScaledFontMetrics): number {
  switch (edge) {
    case 'text': return Math.round(font.descent);
    case 'alphabetic': return 0;
  }
}
