/**
 * Greedy line breaking (CSS Text 3 §5): fill each line with pieces up to the last break
 * opportunity that fits; a piece that fits nowhere overflows its line. Spaces at the end of a
 * line collapse or hang (§4.1.3), so they do not count against the width.
 */
import type { Piece } from './pieces.js';

export interface LineRange {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly forcedBreak: boolean;
}

const EPSILON = 1e-6;

/** `availableWidth(lineIndex)` is the room of each line (the first line loses text-indent). */
export function breakLines(pieces: readonly Piece[], availableWidth: (lineIndex: number) => number): LineRange[] {
  const lines: LineRange[] = [];
  let start = 0;
  while (start < pieces.length) {
    const line = nextLine(pieces, start, availableWidth(lines.length));
    lines.push(line);
    start = line.end;
  }
  return lines;
}

function nextLine(pieces: readonly Piece[], start: number, available: number): LineRange {
  let used = 0;
  let lastBreak = -1;
  for (let j = start; j < pieces.length; j++) {
    const piece = pieces[j]!;
    const trailing = piece.kind === 'text' ? piece.trailingSpace : 0;
    const fits = used + piece.width - trailing <= available + EPSILON;
    if (!fits && lastBreak >= start) {
      return { start, end: lastBreak + 1, forcedBreak: false };
    }
    used += piece.width;
    if (piece.forcedBreakAfter) return { start, end: j + 1, forcedBreak: true };
    if (piece.breakAfter) lastBreak = j;
  }
  return { start, end: pieces.length, forcedBreak: false };
}
