/** Min-content and max-content inline sizes of inline content (CSS Sizing 3 §5.1). */
import type { Piece } from './pieces.js';

export interface IntrinsicSizes {
  readonly minContent: number;
  readonly maxContent: number;
}

export function inlineIntrinsicSizes(pieces: readonly Piece[]): IntrinsicSizes {
  let maxContent = 0;
  let minContent = 0;
  let line = 0;
  let chunk = 0;
  for (const piece of pieces) {
    const trailing = piece.kind === 'text' ? piece.trailingSpace : 0;
    line += piece.width;
    chunk += piece.width;
    // Trailing spaces hang at a break, so they count neither for min- nor max-content.
    if (piece.breakAfter) minContent = Math.max(minContent, chunk - trailing);
    if (piece.forcedBreakAfter) maxContent = Math.max(maxContent, line - trailing);
    if (piece.breakAfter) chunk = 0;
    if (piece.forcedBreakAfter) line = 0;
  }
  const last = pieces[pieces.length - 1];
  const trailing = last !== undefined && last.kind === 'text' ? last.trailingSpace : 0;
  minContent = Math.max(minContent, chunk - trailing);
  maxContent = Math.max(maxContent, line - trailing, minContent);
  return { minContent, maxContent };
}
