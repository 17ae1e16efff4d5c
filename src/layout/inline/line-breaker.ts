/**
 * Greedy line breaking (CSS Text 3 §5): fill each line with pieces up to the last break
 * opportunity that fits. A word that does not fit is first hyphenated if it can be (§5.4), then
 * broken where `word-break: break-all` allows it inside words (§5.2); a line without any
 * opportunity may break inside a word anywhere (`overflow-wrap`, `word-break: break-word`, §5.5),
 * and otherwise the piece overflows its line. Spaces (and letter-spacing) at the end of
 * a line collapse or hang (§4.1.3, §8.2), so they do not count against the width. Preserved
 * tabs advance to the next tab stop (§4.2). Inline boxes with `box-decoration-break: clone`
 * (CSS Fragmentation 3 §5.4) repeat their start edge on every line they continue on and owe
 * their end edge on every line they break on: a line only ends where its content and those
 * owed edges fit.
 */
import type { Piece } from './pieces.js';
import { continuesLongWord } from './pieces.js';
import type { TextPiece } from './measure.js';
import { resolveTab } from './measure.js';
import { lineEndTrim, lineEndTrimmed, lineEndTrimming, lineStartTrimmed, trimsLineStart } from './spacing-trim.js';
import type { LineHang } from './hanging-punctuation.js';
import { NO_HANG, endHang, startHang } from './hanging-punctuation.js';
import type { Splitter } from './split.js';
import { mayBreakAnywhere } from './split.js';
import type { InlineResume } from './resume.js';
import { breakAllBehind } from './break-all-back.js';

export interface LinePieces {
  /** The line's pieces in logical order (split words appear as their parts). */
  readonly pieces: readonly Piece[];
  readonly forcedBreak: boolean;
  /** The punctuation hanging outside the line at its start and end (hanging-punctuation.ts): not counted for fit, alignment or justification. */
  readonly hang: LineHang;
}

export interface BreakEnv {
  /** Room for the line. */
  readonly available: number;
  /** Position of the line's start from the content box's start edge (tab stops). */
  readonly offset: number;
  readonly splitter: Splitter;
  /** The cloned boxes open at the line's start: their start edges (repeated) and end edges (owed while they stay open). */
  readonly cloned: ClonedEdges;
  /** The line is a block's first or follows a forced break (`text-spacing-trim: space-first` keeps its start). */
  readonly firstOrAfterForcedBreak?: boolean;
  /** The line is its element's first (`hanging-punctuation: first`). */
  readonly firstLine?: boolean;
  /** Punctuation may hang (`hanging-punctuation`): in a left-to-right paragraph. */
  readonly mayHang?: boolean;
}

export interface ClonedEdges {
  readonly start: number;
  readonly end: number;
}

export const NO_CLONED_EDGES: ClonedEdges = { start: 0, end: 0 };

const EPSILON = 1e-6;

/** Width that does not count at the end of a line. */
export function hangingWidth(piece: Piece): number {
  return piece.kind === 'text' ? piece.trailingSpace + piece.endSpacing : 0;
}

/** Whether no text is on the line yet (only inline boxes' starts). A loop: it runs for the pieces of every first line. */
function startsLine(line: readonly Piece[]): boolean {
  for (let i = 0; i < line.length; i++) if (line[i]!.kind === 'text') return false;
  return true;
}

/** The piece at a resume position: the tail of a split piece, or the piece itself. */
function pieceAt(pieces: readonly Piece[], at: InlineResume, index: number): Piece {
  return index === at.index && at.tail !== undefined ? at.tail : pieces[index]!;
}

/** Fills one line from `at`; returns its pieces and where the next line starts. */
export function breakLine(pieces: readonly Piece[], at: InlineResume, env: BreakEnv): { line: LinePieces; next: InlineResume } {
  const { available, offset } = env;
  const line: Piece[] = [];
  let used = env.cloned.start;
  // end edges of the cloned boxes open after the current piece
  let owed = env.cloned.end;
  let lastBreak = -1; // index in `line` after which the line may end
  let searchedBehind = -1; // the pieces of `line` up to this index have no break-all opportunity left (break-all-back.ts)
  const fill: LineFill = { line, count: pieces.length, mayHang: env.mayHang === true, relievedToFit: undefined, startHanging: 0 };
  // what the last text piece frees when it ends the line (its end hanging or trimmed)
  let endFree = 0;
  for (let j = at.index; j < pieces.length; j++) {
    let piece = pieceAt(pieces, at, j);
    if (piece.kind === 'text' && piece.tab !== undefined) piece = resolveTab(piece, offset + used);
    else if (piece.kind === 'text' && trimsLineStart(piece.style.textSpacingTrim, env.firstOrAfterForcedBreak ?? false) && startsLine(line)) piece = lineStartTrimmed(piece);
    else if (piece.kind === 'open' || piece.kind === 'close') owed += owedChange(piece);
    // (startHang is 0 without `hanging-punctuation: first`: the line is not searched for text then)
    const hangsAtStart = piece.kind === 'text' && env.mayHang === true && env.firstLine === true && piece.style.hangingPunctuation.first && startsLine(line) ? startHang(piece) : 0;
    if (hangsAtStart > 0) fill.startHanging = hangsAtStart;
    const hang = piece.kind === 'text' && env.mayHang === true ? endHang(piece, piece.style.hangingPunctuation.last && endsContent(pieces, j)) : undefined;
    const always = hang?.always === true ? hang.width : 0;
    // the width the line takes if it ends after this piece; box ends and spaces leave the text before them at its end
    const width = used - (endsText(piece) ? 0 : endFree) + piece.width - hangsAtStart - hangingWidth(piece) + owed;
    const fitsWhole = width - always <= available + EPSILON;
    // a stop that may hang frees its whole width, a closing mark that may be trimmed half of it
    const relief = fitsWhole || piece.kind !== 'text' ? 0 : hang !== undefined ? hang.width : lineEndTrim(piece);
    const fits = fitsWhole || (relief > 0 && width - relief <= available + EPSILON);
    if (fits && !fitsWhole) fill.relievedToFit = piece;
    if (!fits && piece.kind === 'text') {
      const room = available - used - owed + hangsAtStart;
      // the later of a hyphenation and of what `word-break: break-all` adds inside words; then, nothing
      // before on the line, an emergency break anywhere, or else the word up to its first break-all point
      const inWord = later(hyphenate(piece, room, env.splitter), splitAtLastFit(piece, env.splitter.breakAllPoints(piece), room, env.splitter, false));
      const anywhere = lastBreak < 0 && mayBreakAnywhere(piece);
      const first = lastBreak < 0 && line.every((p) => p.width === 0);
      const split = inWord ?? (anywhere
        ? splitAtLastFit(piece, env.splitter.graphemePoints(piece), room, env.splitter, first)
        : first ? splitAtFirst(piece, env.splitter.breakAllPoints(piece, true), env.splitter) : undefined);
      if (split !== undefined) {
        line.push(split[0]);
        return finishLine(fill, false, { index: j, tail: split[1] });
      }
      // not one grapheme fits after the piece before, cut from the same long word (pieces.ts): break between them
      if (lastBreak < 0 && continuesLongWord(line[line.length - 1], piece) && mayBreakAnywhere(piece)) return finishLine(fill, false, { index: j, tail: undefined });
    }
    if (!fits && !(piece.kind === 'text' && piece.tab !== undefined)) {
      // a break-all opportunity behind this piece (not a tab, which hangs), after the last ordinary one (searched once per piece: those before failed already)
      const behind = breakAllBehind(line, piece, lastBreak, searchedBehind, env.splitter);
      searchedBehind = line.length;
      if (behind !== undefined) {
        const index = j - (line.length - behind.keep);
        line.length = behind.keep;
        if (behind.split !== undefined) line.push(behind.split[0]);
        return finishLine(fill, false, { index, tail: behind.split?.[1] ?? (index === at.index ? at.tail : undefined) });
      }
    }
    if (!fits && lastBreak >= 0 && !closesAfterBreak(line, lastBreak, piece)) {
      const kept = line.length - (lastBreak + 1);
      line.length = lastBreak + 1;
      const index = j - kept;
      return finishLine(fill, false, { index, tail: index === at.index ? at.tail : undefined });
    }
    line.push(piece);
    used += piece.width - hangsAtStart;
    if (endsText(piece)) endFree = fitsWhole ? always : relief;
    if (piece.forcedBreakAfter) {
      const end = endOfClosingRun(pieces, j + 1);
      for (let k = j + 1; k < end; k++) line.push(pieces[k]!);
      return finishLine(fill, true, { index: end, tail: undefined });
    }
    if (piece.breakAfter) {
      lastBreak = line.length - 1;
      // An overflowing piece ends its line at its first opportunity.
      if (!fits) return finishLine(fill, false, { index: j + 1, tail: undefined });
    }
  }
  return finishLine(fill, false, { index: pieces.length, tail: undefined });
}

/**
 * `breakLine` of a content's first line when all of it fits there (a table cell's text, a short
 * paragraph): every piece is text with nothing the line's ends change — no tab, no forced break,
 * no punctuation that may hang, no mark trimmed at a line's start or on every line's end — and each
 * fits with what comes before it, so the greedy fill takes them all and settles nothing at the
 * end. Undefined when that is not so (the general fill decides).
 */
export function wholeContentLine(pieces: readonly Piece[], available: number): { line: LinePieces; next: InlineResume } | undefined {
  let used = 0;
  for (let j = 0; j < pieces.length; j++) {
    const piece = pieces[j]!;
    if (piece.kind !== 'text' || piece.tab !== undefined || piece.forcedBreakAfter) return undefined;
    const style = piece.style;
    const hanging = style.hangingPunctuation;
    if (hanging.first || hanging.end !== 'none' || hanging.last) return undefined;
    if (trimsLineStart(style.textSpacingTrim, true) || lineEndTrimming(style.textSpacingTrim) === 'always') return undefined;
    // what breakLine's fill counts for the line ending after this piece (its end spaces and letter-spacing hang)
    if (used + piece.width - hangingWidth(piece) > available + EPSILON) return undefined;
    used += piece.width;
  }
  // the content's list itself: nothing changes a line's list once it is made
  return { line: { pieces, forcedBreak: false, hang: NO_HANG }, next: { index: pieces.length, tail: undefined } };
}

/** A line being filled: its pieces and what settling its end reads (one record per line, not a closure). */
interface LineFill {
  readonly line: Piece[];
  /** How many pieces the content has. */
  readonly count: number;
  readonly mayHang: boolean;
  /** The piece that fits only with its end relieved: its closing mark trimmed (text-spacing-trim) or its stop hanging (allow-end). */
  relievedToFit: Piece | undefined;
  /** The width of the opening mark hanging before the line's start (hanging-punctuation: first). */
  startHanging: number;
}

/** The line filled, with its end settled (`lineEnd`), and where the next one starts. */
function finishLine(fill: LineFill, forced: boolean, next: InlineResume): { line: LinePieces; next: InlineResume } {
  const end = lineEnd(fill, next.index >= fill.count);
  return { line: { pieces: fill.line, forcedBreak: forced, hang: fill.startHanging === 0 && end === 0 ? NO_HANG : { start: fill.startHanging, end } }, next };
}

/**
 * The end of the line's text (the ends of inline boxes, forced breaks, anchors and spaces may follow it):
 * the stop or closing quote that hangs there (`hanging-punctuation`, hanging-punctuation.ts), its
 * width returned; else the closing mark trimmed in place (CSS Text 4 §8.2, spacing-trim.ts) on
 * every line with `trim-both`. Either only where the line fits thanks to it (`relievedToFit`) but
 * for `force-end`, `last` and `trim-both`.
 */
function lineEnd(at: LineFill, lastLine: boolean): number {
  const line = at.line;
  let i = line.length - 1;
  while (i >= 0 && !endsText(line[i]!)) i--;
  const last = line[i];
  if (last === undefined || last.kind !== 'text') return 0;
  const hang = at.mayHang ? endHang(last, lastLine) : undefined;
  if (hang !== undefined) return hang.always || last === at.relievedToFit ? hang.width : 0;
  const trim = lineEndTrim(last);
  if (trim > 0 && (lineEndTrimming(last.style.textSpacingTrim) === 'always' || last === at.relievedToFit)) line[i] = lineEndTrimmed(last, trim);
  return 0;
}

/** Whether the piece may end a line's text: anything but the ends of inline boxes, breaks, anchors and spaces alone (they go or hang). */
function endsText(piece: Piece): boolean {
  if (piece.kind === 'text') return piece.tab !== undefined || piece.width > piece.trailingSpace;
  return piece.kind === 'atomic';
}

/**
 * Whether `piece` ends an inline box right after the line's last break opportunity, only box ends
 * between: the end edges (padding, border, margin) stay with the content before them, as in
 * Chromium, the opportunity moving past them — `<span style="padding-right: 10px">word </span>next`
 * keeps the span's padding on the line its word ends, past the line's end if it must, rather than
 * starting the next line with it.
 */
function closesAfterBreak(line: readonly Piece[], lastBreak: number, piece: Piece): boolean {
  if (piece.kind !== 'close') return false;
  for (let k = lastBreak + 1; k < line.length; k++) if (line[k]!.kind !== 'close') return false;
  return true;
}

/** Whether the text piece at `index` ends the content (only inline box ends, breaks, anchors and spaces follow it). */
function endsContent(pieces: readonly Piece[], index: number): boolean {
  for (let k = index + 1; k < pieces.length; k++) if (endsText(pieces[k]!)) return false;
  return true;
}

/**
 * Where the inline box ends right after a forced break stop: they stay on the line the break ends
 * (as browsers do), so that no line holds nothing but their end edges.
 */
export function endOfClosingRun(pieces: readonly Piece[], from: number): number {
  let end = from;
  while (end < pieces.length && pieces[end]!.kind === 'close') end++;
  return end;
}

/** How an inline box's start or end changes the end edges a line owes (cloned boxes only). */
function owedChange(piece: Extract<Piece, { kind: 'open' | 'close' }>): number {
  if (piece.clonedEnd === undefined) return 0;
  return piece.kind === 'open' ? piece.clonedEnd : -piece.clonedEnd;
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

/** The piece cut at the first of `points`, if any. */
function splitAtFirst(piece: TextPiece, points: readonly number[], splitter: Splitter): readonly [TextPiece, TextPiece] | undefined {
  return points.length === 0 ? undefined : splitter.split(piece, points[0]!, false);
}

/** Of two splits of a piece, the one with the longer head. */
function later(a: readonly [TextPiece, TextPiece] | undefined, b: readonly [TextPiece, TextPiece] | undefined): readonly [TextPiece, TextPiece] | undefined {
  if (a === undefined) return b;
  return b !== undefined && b[0].to > a[0].to ? b : a;
}

/**
 * The longest head ending at one of `points` (ascending) that fits (binary search: widths grow
 * with the point); with `force`, the head to the first point so that the line makes progress.
 */
function splitAtLastFit(piece: TextPiece, points: readonly number[], room: number, splitter: Splitter, force: boolean): readonly [TextPiece, TextPiece] | undefined {
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
