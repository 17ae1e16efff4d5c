/**
 * `hanging-punctuation` (CSS Text 3 §9.2): a punctuation mark at a line's edge may hang outside
 * the line box — it is drawn, but not counted when the line's content is measured for fit,
 * alignment and justification. `first`: an opening bracket or quote starting the element's first
 * line hangs before the start edge. `force-end`: a stop or comma ending any line hangs past the end
 * edge; `allow-end`: only where the line would not fit otherwise. `last`: a closing bracket or
 * quote ending the element's last line hangs. Left-to-right text only: the glyph is the piece's
 * first or last in logical order, which is also its visual edge there.
 */
import type { TextPiece } from './measure.js';

/** The stops and commas that may hang at a line end (§9.2). */
const STOPS_AND_COMMAS = new Set([0x2c, 0x2e, 0x60c, 0x6d4, 0x3001, 0x3002, 0xff0c, 0xff0e, 0xfe50, 0xfe51, 0xfe52, 0xff61, 0xff64]);
/** Apostrophe and quotation mark: quotes at either edge besides the Unicode categories. */
const ASCII_QUOTES = new Set([0x27, 0x22]);
const OPENING = /[\p{Ps}\p{Pf}\p{Pi}]/u;
const CLOSING = /[\p{Pe}\p{Pf}\p{Pi}]/u;

/** What hangs at each end of a line, in px (0: nothing). */
export interface LineHang {
  readonly start: number;
  readonly end: number;
}

export const NO_HANG: LineHang = { start: 0, end: 0 };

function isQuoteOr(codePoint: number | undefined, category: RegExp): boolean {
  return codePoint !== undefined && (ASCII_QUOTES.has(codePoint) || category.test(String.fromCodePoint(codePoint)));
}

/** The width of the opening bracket or quote that starts the piece, when `first` lets it hang on the element's first line; 0 otherwise. */
export function startHang(piece: TextPiece): number {
  if (!piece.style.hangingPunctuation.first) return 0;
  const run = piece.runs[0];
  const glyph = run?.run.glyphs[0];
  if (run === undefined || glyph === undefined || run.trailing || run.level % 2 === 1 || glyph.codePoints.length !== 1) return 0;
  return isQuoteOr(glyph.codePoints[0], OPENING) ? run.advances[0]! : 0;
}

/**
 * The mark that ends the piece (before the spaces that hang or go at a line end) and may hang
 * there: its width, and whether it always hangs (`force-end`, `last` on the last line) or only to
 * make the line fit (`allow-end`); undefined when none may.
 */
export function endHang(piece: TextPiece, lastLine: boolean): { readonly width: number; readonly always: boolean } | undefined {
  const { end, last } = piece.style.hangingPunctuation;
  if (end === 'none' && !last) return undefined;
  let index = piece.runs.length - 1;
  while (index >= 0 && piece.runs[index]!.trailing) index--;
  const run = piece.runs[index];
  const glyph = run?.run.glyphs[run.run.glyphs.length - 1];
  if (run === undefined || glyph === undefined || run.level % 2 === 1 || glyph.codePoints.length !== 1) return undefined;
  const codePoint = glyph.codePoints[0]!;
  const width = run.advances[run.advances.length - 1]!;
  if (end !== 'none' && STOPS_AND_COMMAS.has(codePoint)) return { width, always: end === 'force' };
  if (last && lastLine && isQuoteOr(codePoint, CLOSING)) return { width, always: true };
  return undefined;
}
