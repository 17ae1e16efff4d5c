/**
 * `word-break: break-all` opportunities behind the piece that overflows a line (CSS Text 3 §5.2),
 * when that piece has none that fits: at the start of a text that follows another without an
 * ordinary opportunity (`abcdefgh<span>ijklmn</span>`, a code block whose tokens are spans), or
 * inside a text piece already on the line (`abcdefg|h<span>.ijk</span>`: no break before the
 * stop). Chromium's line breaker looks back over the whole line for its last opportunity; the
 * pieces after the line's last ordinary opportunity (`lastBreak`) are searched from the end, the
 * first found is the latest, and it fits (the pieces before the overflowing one fit whole).
 */
import type { Piece } from './pieces.js';
import type { TextPiece } from './measure.js';
import type { Splitter } from './split.js';
import { wrapsLines } from './measure.js';
import { breakAllAddsBreak } from '../../text/break-all.js';

/** Where the line ends: after its first `keep` pieces, then the head of `split` when the break is inside the next one. */
export interface BreakBehind {
  readonly keep: number;
  readonly split?: readonly [TextPiece, TextPiece] | undefined;
}

/**
 * The latest break-all opportunity before `next` (the piece that overflows `line`) and after
 * `line[after]` (the last ordinary opportunity): inside the text pieces from `line[after + 1]` on,
 * or where one of them, or `next`, starts. Only the pieces after `line[searched]` are looked at
 * (those up to it were, for a piece before). Undefined when there is none.
 */
export function breakAllBehind(line: readonly Piece[], next: Piece, after: number, searched: number, splitter: Splitter): BreakBehind | undefined {
  for (let m = line.length; m > Math.max(after, searched); m--) {
    const piece = m === line.length ? next : line[m]!;
    if (piece.kind !== 'text') continue;
    if (m < line.length) {
      const points = splitter.breakAllPoints(piece);
      if (points.length > 0) return { keep: m, split: splitter.split(piece, points[points.length - 1]!, false) };
    }
    const start = startBreak(line, m, piece, after);
    if (start !== undefined) return { keep: start };
  }
  return undefined;
}

/**
 * Where the line may end before the text `piece` (at `line[m]`, or the overflowing one at the
 * line's end): after the text piece before it and the inline box ends that follow that, before
 * the inline box starts — when break-all allows a break between their characters.
 */
function startBreak(line: readonly Piece[], m: number, piece: TextPiece, after: number): number | undefined {
  if (piece.style.wordBreak !== 'break-all' || piece.tab !== undefined || piece.from === piece.to || !wrapsLines(piece.style.whiteSpace)) return undefined;
  let before = m - 1;
  while (before > after && (line[before]!.kind === 'open' || line[before]!.kind === 'close')) before--;
  const previous = line[before];
  if (before <= after || previous?.kind !== 'text' || previous.tab !== undefined || previous.to === previous.from) return undefined;
  if (!breakAllAddsBreak(lastAndFirst(previous, piece), endOfLastCodePoint(previous))) return undefined;
  let end = before + 1;
  while (end < m && line[end]!.kind === 'close') end++;
  return end;
}

/** The last code point of `previous`'s text and the first of `piece`'s, as one string. */
function lastAndFirst(previous: TextPiece, piece: TextPiece): string {
  const before = previous.item.text.slice(previous.to - endOfLastCodePoint(previous), previous.to);
  const code = piece.item.text.codePointAt(piece.from)!;
  return before + String.fromCodePoint(code);
}

/** The length of the last code point of the piece's text (2 for a surrogate pair). */
function endOfLastCodePoint(piece: TextPiece): number {
  const text = piece.item.text;
  const last = text.charCodeAt(piece.to - 1);
  return last >= 0xdc00 && last <= 0xdfff && piece.to - 2 >= piece.from && text.charCodeAt(piece.to - 2) >= 0xd800 && text.charCodeAt(piece.to - 2) <= 0xdbff ? 2 : 1;
}
