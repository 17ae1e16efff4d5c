/**
 * Min-content and max-content inline sizes of inline content (CSS Sizing 3 §5.1, CSS Text 3
 * §5.4-5.5): the min-content size takes every soft wrap opportunity, including hyphenation
 * opportunities, those `word-break: break-all` adds inside words and, for `overflow-wrap:
 * anywhere` and `word-break: break-word`, every grapheme boundary; the max-content size only
 * forced breaks. Hanging spaces count for neither; the
 * edges inline boxes with `box-decoration-break: clone` repeat on each line count for both.
 *
 * `text-indent` counts on the lines it indents that start the content or follow a forced break,
 * as in Chromium 156 (its line breaker starts such a line at the indent in both modes): at
 * min-content, on the first word of such a line only — the lines soft wraps start there are not
 * indented, not even with `hanging`. A percentage resolves against the indefinite width as 0. A
 * line of floats alone is not indented.
 */
import type { OutOfFlowBox } from '../../boxes/types.js';
import type { TextIndent } from '../../css/model/types.js';
import type { IntrinsicSizes } from '../contract.js';
import type { Piece } from './pieces.js';
import { continuesLongWord } from './pieces.js';
import type { TextPiece } from './measure.js';
import { resolveTab } from './measure.js';
import type { Splitter } from './split.js';
import { graphemesCountForMinContent } from './split.js';
import { endOfClosingRun, hangingWidth } from './line-breaker.js';
import { lineEndTrim, lineEndTrimming, lineStartTrimmed, trimsLineStart } from './spacing-trim.js';
import { textIndentOfLine } from './text-indent.js';

export type { IntrinsicSizes };

/** `glueImages`: quirks mode's table cell width calculation quirk (cellGluesImages). */
export function inlineIntrinsicSizes(pieces: readonly Piece[], splitter: Splitter, anchorSizes: (box: OutOfFlowBox) => IntrinsicSizes, textIndent: TextIndent, glueImages = false): IntrinsicSizes {
  // the indent of the line being summed, added at its first piece that is not a float's
  let indent = textIndentOfLine(textIndent, true, false, 0);
  let maxContent = 0;
  let minContent = 0;
  let line = 0;
  let chunk = 0;
  // `box-decoration-break: clone` boxes open here: every line they continue on starts with their
  // start edges and every line they break on ends with their end edges (as line-breaker.ts)
  const cloned = new ClonedOpen();
  // no text yet on the max-content line (it starts the block or follows a forced break) / on the min-content one
  let lineStart = true;
  let chunkStart = true;
  for (let i = 0; i < pieces.length; i++) {
    const original = pieces[i]!;
    const piece = original.kind === 'text' && original.tab !== undefined ? resolveTab(original, line) : original;
    const hang = endWidth(piece);
    // A leader's pattern fills the free space of its line (GCPM 3 §4): it asks for none of its own,
    // so a shrink-to-fit box (a float, a table cell) is as wide as the rest of its content.
    const leaderPattern = piece.kind === 'text' && piece.parent?.leader === true;
    if (indent !== 0 && piece.kind !== 'anchor') {
      line += indent;
      chunk += indent;
      indent = 0;
    }
    if (leaderPattern) {
      // nothing
    } else if (piece.kind === 'text') {
      if (graphemesCountForMinContent(piece) && continuesLongWord(pieces[i - 1], piece)) { // a grapheme boundary
        minContent = Math.max(minContent, chunk + cloned.end);
        chunk = cloned.start;
      }
      const inner = innerBreaks(piece, splitter);
      if (inner !== undefined) {
        // The first part joins what comes before, the last part starts a new chunk.
        minContent = Math.max(minContent, chunk + inner.first + cloned.end, inner.widest + cloned.start + cloned.end);
        chunk = cloned.start + inner.last;
      } else {
        chunk += piece.width - (chunkStart ? startTrim(piece, lineStart) : 0);
      }
      if (lineStart) line -= startTrim(piece, true);
      lineStart = false;
      chunkStart = false;
    } else if (piece.kind === 'anchor') {
      // a float takes its own line at min-content and sits beside the text at max-content; a
      // margin box made negative by its margins adds nothing, as in Chromium (Bootstrap's
      // .form-check-inline pulls its floated input into its padding by margin-left: -1.5em)
      const float = anchorSizes(piece.box);
      minContent = Math.max(minContent, float.minContent);
      line += Math.max(0, float.maxContent);
    } else if (piece.kind === 'atomic' && piece.contributions !== undefined) {
      chunk += piece.contributions.minContent;
      line += piece.contributions.maxContent - piece.width;
    } else {
      chunk += piece.width;
      if (piece.kind === 'open' || piece.kind === 'close') cloned.update(piece);
    }
    if (!leaderPattern) line += piece.width;
    if (piece.forcedBreakAfter) {
      // the ends of inline boxes right after a forced break are on its line (line-breaker.ts)
      const end = endOfClosingRun(pieces, i + 1);
      for (const close of pieces.slice(i + 1, end)) {
        chunk += close.width;
        line += close.width;
        if (close.kind === 'close') cloned.update(close);
      }
      i = end - 1;
    }
    const breakAfter = piece.breakAfter && !(glueImages && (isImage(piece) || isImage(pieces[i + 1])));
    if (breakAfter) minContent = Math.max(minContent, chunk - hang + cloned.end);
    if (piece.forcedBreakAfter) maxContent = Math.max(maxContent, line - hang + cloned.end);
    if (breakAfter) chunk = cloned.start;
    if (piece.forcedBreakAfter) line = cloned.start;
    if (breakAfter) chunkStart = true;
    if (piece.forcedBreakAfter) lineStart = true;
    if (piece.forcedBreakAfter) indent = textIndentOfLine(textIndent, false, true, 0);
  }
  const last = pieces[pieces.length - 1];
  const hang = last !== undefined ? endWidth(last) : 0;
  minContent = Math.max(minContent, chunk - hang);
  maxContent = Math.max(maxContent, line - hang, minContent);
  return { minContent, maxContent };
}

function isImage(piece: Piece | undefined): boolean {
  return piece?.kind === 'atomic' && piece.box.element?.name === 'img';
}

/**
 * Width `text-spacing-trim` trims from an opening bracket starting a line (line-breaker.ts):
 * `firstOrAfterForcedBreak` for a block's first line and one after a forced break.
 */
function startTrim(piece: TextPiece, firstOrAfterForcedBreak: boolean): number {
  return trimsLineStart(piece.style.textSpacingTrim, firstOrAfterForcedBreak) ? piece.width - lineStartTrimmed(piece).width : 0;
}

/** Width that does not count at the end of a line: hanging spaces, and the half of a closing mark `text-spacing-trim: trim-both` trims there. */
function endWidth(piece: Piece): number {
  const trimmed = piece.kind === 'text' && lineEndTrimming(piece.style.textSpacingTrim) === 'always' ? lineEndTrim(piece) : 0;
  return hangingWidth(piece) + trimmed;
}

/** The start and end edges of the cloned inline boxes open at a point of the content. */
class ClonedOpen {
  start = 0;
  end = 0;
  private readonly starts: number[] = [];

  /** After the start or end of an inline box (sliced boxes change nothing). */
  update(piece: Extract<Piece, { kind: 'open' | 'close' }>): void {
    const end = piece.clonedEnd;
    if (end === undefined) return;
    if (piece.kind === 'open') {
      this.starts.push(piece.width);
      this.start += piece.width;
      this.end += end;
    } else {
      this.start -= this.starts.pop() ?? 0;
      this.end -= end;
    }
  }
}

/** Widths of the parts of a piece cut at all its inner opportunities, or undefined when it has none. */
function innerBreaks(piece: TextPiece, splitter: Splitter): { first: number; last: number; widest: number } | undefined {
  const graphemes = graphemesCountForMinContent(piece);
  const breakAll = !graphemes && piece.style.wordBreak === 'break-all';
  const points = graphemes ? splitter.graphemePoints(piece) : breakAll ? splitter.breakAllPoints(piece, true) : splitter.hyphenationPoints(piece);
  if (points.length === 0) return undefined;
  const parts = splitter.splitAll(piece, points, !graphemes && !breakAll);
  const width = (index: number): number => {
    const part = parts[index]!;
    return index === parts.length - 1 ? part.width : part.width - part.endSpacing;
  };
  let widest = 0; // a loop, not Math.max(...): a long word has more parts than a call has arguments
  for (let index = 1; index < parts.length - 1; index++) widest = Math.max(widest, width(index));
  return { first: width(0), last: width(parts.length - 1), widest };
}
