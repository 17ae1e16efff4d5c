/**
 * Inline formatting context (CSS Inline 3, CSS Text 3, CSS Writing Modes 3 §2.4): items ->
 * measured pieces -> lines of pieces -> line boxes. Pieces are measured once per box and width
 * (measured.ts); line breaking measures again only the words it splits. Lines are built one at a
 * time from a resume position, so each may get its own width (floats beside it) and pagination
 * resumes from a position rather than from pre-built lines.
 */
import type { InlineBox, InlineFlowBox } from '../../boxes/types.js';
import { resolveLength } from '../../css/values/length.js';
import type { MetricsEnv } from './vertical-align.js';
import type { InlineEnv, MeasuredInline } from './measured.js';
import { keptMeasuredInline, measuredInline, transientMeasuredInline } from './measured.js';
import { plainTextIntrinsicSizes } from './plain-text.js';
import type { ClonedEdges, LinePieces } from './line-breaker.js';
import { NO_CLONED_EDGES, breakLine, wholeContentLine } from './line-breaker.js';
import { clonedEdges } from './pieces.js';
import type { LineHang } from './hanging-punctuation.js';
import type { LaidOutLine } from './line-box.js';
import { buildLine } from './line-box.js';
import { ellipsizedContent, textOverflowAtEnd } from './ellipsis.js';
import type { IntrinsicSizes } from './intrinsic.js';
import { inlineIntrinsicSizes } from './intrinsic.js';
import type { InlineResume } from './resume.js';
import { CONTENT_START } from './resume.js';
import { balancedBreaks } from './balance.js';

export type { LaidOutLine } from './line-box.js';
export { lineFragment } from './line-box.js';
export type { InlineEnv } from './measured.js';

/** A line box with where it started and where the next one starts. */
export interface InlineLine extends LaidOutLine {
  readonly start: InlineResume;
  readonly next: InlineResume;
  readonly pieces: LinePieces['pieces'];
  /** The punctuation hanging at its start and end (hanging-punctuation.ts). */
  readonly hang: LineHang;
  /** The edges `box-decoration-break: clone` boxes repeat on the line besides its pieces: at its start, and at its end. */
  readonly cloned: ClonedEdges;
}

export interface LineRoom {
  /** Width of the line box (the content box, less the floats beside the line). */
  readonly width: number;
  /** Width of the content box (percentages, tab stops). */
  readonly contentWidth: number;
  /** Where the line breaks when that is short of `width` (`text-wrap-style: balance`); it is still aligned in `width`. */
  readonly breakWidth?: number;
}

function afterForcedBreak(piece: MeasuredInline['pieces'][number] | undefined): boolean {
  return piece?.forcedBreakAfter === true;
}

/** Lays out the line that starts at `at`, in `room`. */
export function layoutLine(box: InlineFlowBox, measured: MeasuredInline, at: InlineResume, room: LineRoom, env: MetricsEnv): InlineLine {
  const first = at.index === 0 && at.tail === undefined;
  const indent = first ? resolveLength(box.style.textIndent, room.contentWidth) : 0;
  const rtl = measured.bidi.paragraphLevel % 2 === 1;
  const openAtStart = at.open ?? openInlineBoxes(measured, at.index);
  const cloned = openAtStart.length === 0 ? NO_CLONED_EDGES
    : { start: clonedEdges(openAtStart, room.contentWidth, 'start'), end: clonedEdges(openAtStart, room.contentWidth, 'end') };
  // (a first line that holds the whole content needs no fill)
  const breakWidth = room.breakWidth ?? room.width;
  const { line, next } = (first && openAtStart.length === 0 ? wholeContentLine(measured.pieces, breakWidth - indent) : undefined) ?? breakLine(measured.pieces, at, {
    available: breakWidth - indent,
    offset: rtl ? 0 : indent,
    splitter: measured.splitter,
    cloned,
    firstOrAfterForcedBreak: first || (at.tail === undefined && afterForcedBreak(measured.pieces[at.index - 1])),
    firstLine: first,
    mayHang: !rtl,
  });
  const openAtEnd = openAfter(openAtStart, line.pieces);
  const end = openAtEnd.length === 0 ? 0 : clonedEdges(openAtEnd, room.contentWidth, 'end');
  const onLine = cloned.start === 0 && end === 0 ? NO_CLONED_EDGES : { start: cloned.start, end };
  const laid = buildLine({
    pieces: line.pieces,
    forcedBreak: line.forcedBreak,
    hang: line.hang,
    openAtStart,
    clonedEdges: onLine.start + onLine.end,
    rootStyle: box.style,
    paragraphLevel: measured.bidi.paragraphLevel,
    availableWidth: room.width,
    indent,
    isLastLine: next.index >= measured.pieces.length,
    containingWidth: room.contentWidth,
    text: env.text,
    metrics: env.metrics,
  });
  const overflowEnd = textOverflowAtEnd(box.style, rtl);
  const children = overflowEnd !== 'clip' && indent + lineContentWidth(line.pieces, onLine, line.hang) > room.width + 0.01
    ? ellipsizedContent(laid, { width: room.width, rtl }, overflowEnd, box.style, env.text)
    : laid.children;
  // field by field: spreading here took V8's slow generic copy (and once lost `empty`)
  return {
    empty: laid.empty, width: laid.width, height: laid.height, baseline: laid.baseline, children, start: at,
    next: { index: next.index, tail: next.tail, open: openAtEnd }, pieces: line.pieces, cloned: onLine, hang: line.hang,
  };
}

/** Width of a line's content without the spaces and punctuation that hang at its ends: what must fit in its line box. */
export function lineContentWidth(pieces: LinePieces['pieces'], cloned: ClonedEdges, hang: LineHang): number {
  let width = cloned.start + cloned.end - hang.start - hang.end;
  for (const piece of pieces) width += piece.width;
  const last = pieces[pieces.length - 1];
  return last !== undefined && last.kind === 'text' ? width - last.trailingSpace - last.endSpacing : width;
}

/** Whether an inline box starts or ends among the pieces (a loop, not a closure made per line). */
function opensOrCloses(pieces: LinePieces['pieces']): boolean {
  for (let i = 0; i < pieces.length; i++) {
    const kind = pieces[i]!.kind;
    if (kind === 'open' || kind === 'close') return true;
  }
  return false;
}

/** The inline boxes still open after a line's pieces. */
function openAfter(open: readonly InlineBox[], pieces: LinePieces['pieces']): readonly InlineBox[] {
  if (!opensOrCloses(pieces)) return open;
  const stack = [...open];
  for (const piece of pieces) {
    if (piece.kind === 'open') stack.push(piece.box);
    else if (piece.kind === 'close') stack.pop();
  }
  return stack;
}

/** Every line of the content at one width, from its start (cached per width: intrinsic sizing, float-free layout). */
export function layoutInlineContent(box: InlineFlowBox, contentWidth: number, env: InlineEnv): readonly InlineLine[] {
  const measured = measuredInline(box, contentWidth, env);
  let lines = measured.lines !== undefined && measured.linesWidth === contentWidth ? measured.lines : measured.otherLines?.get(contentWidth);
  if (lines === undefined) {
    const built: InlineLine[] = [];
    let at = CONTENT_START;
    while (at.index < measured.pieces.length) {
      const line = layoutLine(box, measured, at, { width: contentWidth, contentWidth }, env);
      built.push(line);
      at = line.next;
    }
    lines = box.style.textWrapStyle === 'balance' ? balanced(box, measured, contentWidth, env, built) : built;
    if (measured.lines === undefined) {
      measured.lines = lines;
      measured.linesWidth = contentWidth;
    } else (measured.otherLines ??= new Map()).set(contentWidth, lines);
  }
  return lines;
}

/** The lines broken where `text-wrap-style: balance` puts the breaks (balance.ts), or the greedy ones. */
function balanced(box: InlineFlowBox, measured: MeasuredInline, contentWidth: number, env: InlineEnv, greedy: readonly InlineLine[]): readonly InlineLine[] {
  const indent = resolveLength(box.style.textIndent, contentWidth);
  const breaks = balancedBreaks({
    greedyEnds: greedy.map((line) => line.next),
    pieceCount: measured.pieces.length,
    lineAt: (at, breakWidth) => {
      const line = layoutLine(box, measured, at, { width: contentWidth, contentWidth, breakWidth }, env);
      return { next: line.next, contentWidth: lineContentWidth(line.pieces, line.cloned, line.hang), splitsPiece: line.next.tail !== undefined };
    },
    room: (first) => contentWidth - (first ? indent : 0),
    fullWidth: contentWidth,
    linePenalty: box.style.textAlign === 'justify' ? 0 : 4 * contentWidth * box.style.fontSize,
  });
  if (breaks === undefined) return greedy;
  const lines: InlineLine[] = [];
  let at = CONTENT_START;
  for (const { breakWidth } of breaks) {
    const line = layoutLine(box, measured, at, { width: contentWidth, contentWidth, breakWidth }, env);
    lines.push(line);
    at = line.next;
  }
  // the breaks were found with these very lines: anything else is a bug, and the greedy lines stand
  return at.index >= measured.pieces.length ? lines : greedy;
}

/**
 * With `keep: false` the measured pieces are not kept for layout (see `transientMeasuredInline`),
 * and plain text is not cut into pieces at all (plain-text.ts).
 */
export function inlineContentIntrinsicSizes(box: InlineFlowBox, env: InlineEnv, keep = true): IntrinsicSizes {
  if (!keep && keptMeasuredInline(box, 0, env) === undefined) {
    const plain = plainTextIntrinsicSizes(box, env);
    if (plain !== undefined) return plain;
  }
  const measured = keep ? measuredInline(box, 0, env) : transientMeasuredInline(box, 0, env);
  return inlineIntrinsicSizes(measured.pieces, measured.splitter, env.anchorSizes);
}

/** No inline box open (shared: every first line starts so, and nothing changes the list in place). */
const NONE_OPEN: readonly InlineBox[] = Object.freeze([]);

/** The inline boxes open before piece `index` (outermost first). */
function openInlineBoxes(measured: MeasuredInline, index: number): readonly InlineBox[] {
  if (index === 0) return NONE_OPEN;
  const stack: InlineBox[] = [];
  for (let i = 0; i < index; i++) {
    const piece = measured.pieces[i]!;
    if (piece.kind === 'open') stack.push(piece.box);
    else if (piece.kind === 'close') stack.pop();
  }
  return stack;
}
