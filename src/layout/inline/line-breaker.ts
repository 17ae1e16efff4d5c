/**
 * Greedy line breaking (CSS Text 3 §5): fill each line with pieces up to the last break
 * opportunity that fits. A word that does not fit is first hyphenated if it can be (§5.4), a
 * line without any opportunity may break inside a word (`overflow-wrap`, `word-break`, §5.2 and
 * §5.5), and otherwise the piece overflows its line. Spaces (and letter-spacing) at the end of
 * a line collapse or hang (§4.1.3, §8.2), so they do not count against the width. Preserved
 * tabs advance to the next tab stop (§4.2).
 */
import type { Piece } from './pieces.js';
import type { TextPiece } from './measure.js';
import { resolveTab } from './measure.js';
import type { Splitter } from './split.js';
import { mayBreakAnywhere } from './split.js';

export interface LinePieces {
  /** The line's pieces in logical order (split words appear as their parts). */
  readonly pieces: readonly Piece[];
  readonly forcedBreak: boolean;
}

export interface BreakEnv {
  /** Room for each line (the first line loses text-indent). */
  readonly available: (lineIndex: number) => number;
  /** Position of each line's start from the content box's start edge (tab stops). */
  readonly offset: (lineIndex: number) => number;
  readonly splitter: Splitter;
}

const EPSILON = 1e-6;

/** Width that does not count at the end of a line. */
export function hangingWidth(piece: Piece): number {
  return piece.kind === 'text' ? piece.trailingSpace + piece.endSpacing : 0;
}

export function breakLines(pieces: readonly Piece[], env: BreakEnv): LinePieces[] {
  const queue = pieces.slice();
  const lines: LinePieces[] = [];
  let start = 0;
  while (start < queue.length) {
    const result = nextLine(queue, start, lines.length, env);
    lines.push(result.line);
    start = result.next;
  }
  return lines;
}

/** Fills one line from queue[start]; split pieces replace their queue entry by their tail. */
function nextLine(queue: Piece[], start: number, lineIndex: number, env: BreakEnv): { line: LinePieces; next: number } {
  const available = env.available(lineIndex);
  const offset = env.offset(lineIndex);
  const line: Piece[] = [];
  let used = 0;
  let lastBreak = -1; // index in `line` after which the line may end
  const done = (forced: boolean, next: number): { line: LinePieces; next: number } => ({ line: { pieces: line, forcedBreak: forced }, next });
  for (let j = start; j < queue.length; j++) {
    let piece = queue[j]!;
    if (piece.kind === 'text' && piece.tab !== undefined) piece = resolveTab(piece, offset + used);
    const fits = used + piece.width - hangingWidth(piece) <= available + EPSILON;
    if (!fits && piece.kind === 'text') {
      const room = available - used;
      const hyphenated = hyphenate(piece, room, env.splitter);
      const split = hyphenated ?? (piece.style.wordBreak === 'break-all' || (lastBreak < 0 && mayBreakAnywhere(piece))
        ? splitAtGrapheme(piece, room, env.splitter, lastBreak < 0 && line.every((p) => p.width === 0))
        : undefined);
      if (split !== undefined) {
        line.push(split[0]);
        queue[j] = split[1];
        return done(false, j);
      }
    }
    if (!fits && lastBreak >= 0) {
      const kept = line.length - (lastBreak + 1);
      line.length = lastBreak + 1;
      return done(false, j - kept);
    }
    line.push(piece);
    used += piece.width;
    if (piece.forcedBreakAfter) return done(true, j + 1);
    if (piece.breakAfter) {
      lastBreak = line.length - 1;
      // An overflowing piece ends its line at its first opportunity.
      if (!fits) return done(false, j + 1);
    }
  }
  return done(false, queue.length);
}

/** The longest hyphenated head of the piece that fits in `room`, and the rest (CSS Text 3 §5.4). */
function hyphenate(piece: TextPiece, room: number, splitter: Splitter): readonly [TextPiece, TextPiece] | undefined {
  const points = splitter.hyphenationPoints(piece);
  for (let k = points.length - 1; k >= 0; k--) {
    const parts = splitter.split(piece, points[k]!, true);
    if (parts[0].width - parts[0].endSpacing <= room + EPSILON) return parts;
  }
  return undefined;
}

/**
 * The longest head ending at a grapheme boundary that fits (binary search: widths grow with the
 * boundary); with `force`, at least one grapheme so that the line makes progress.
 */
function splitAtGrapheme(piece: TextPiece, room: number, splitter: Splitter, force: boolean): readonly [TextPiece, TextPiece] | undefined {
  const points = splitter.graphemePoints(piece);
  if (points.length === 0) return undefined;
  let low = 0;
  let high = points.length - 1;
  let best: readonly [TextPiece, TextPiece] | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const parts = splitter.split(piece, points[mid]!, false);
    if (parts[0].width - parts[0].endSpacing <= room + EPSILON) {
      best = parts;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return best ?? (force ? splitter.split(piece, points[0]!, false) : undefined);
}
