/**
 * Inline formatting context (CSS Inline 3, CSS Text 3, CSS Writing Modes 3 §2.4): items ->
 * measured pieces -> lines of pieces -> line boxes. Pieces are measured once per box and width
 * (measured.ts); line breaking measures again only the words it splits. Lines are built one at a
 * time from a resume position, so each may get its own width (floats beside it) and pagination
 * resumes from a position rather than from pre-built lines.
 */
import type { InlineBox, InlineFlowBox } from '../../boxes/types.js';
import { appendAll } from '../../append-all.js';
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
import { CONTENT_START, sameResume } from './resume.js';
import { PRETTY_LINES, optimalBreaks } from './optimal-breaks.js';
import { cellGluesImages, hasLineHeightQuirk } from '../quirks.js';
import { withRubyRoom } from './ruby-line.js';
import { textIndentOfLine } from './text-indent.js';

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
  /** Where its content starts in the line box (lineIndent): negative for a hanging `text-indent`. */
  readonly indent: number;
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

/**
 * A ruby annotation overhangs the text before its pair (block/atomic.ts), but at the start of a
 * line there is none: the pair keeps its whole width there, as in Chromium 156.
 */
function overhangAtLineStart(measured: MeasuredInline, at: InlineResume): number {
  if (at.tail !== undefined) return 0;
  let i = at.index;
  while (measured.pieces[i]?.kind === 'open' && measured.pieces[i]!.width === 0) i++;
  const piece = measured.pieces[i];
  return piece?.kind === 'atomic' ? piece.overhangStart ?? 0 : 0;
}

/**
 * Where the content of the line that starts at `at` starts: `text-indent` (CSS Text 3 §8.1) —
 * the first line's, or with `each-line` also a line after a forced break's; `hanging` indents
 * every other line instead — and a ruby annotation's overhang given back at the line's start.
 */
function lineIndent(style: InlineFlowBox['style'], measured: MeasuredInline, at: InlineResume, contentWidth: number): number {
  const first = at.index === 0 && at.tail === undefined;
  const afterBreak = at.tail === undefined && afterForcedBreak(measured.pieces[at.index - 1]);
  const overhang = measured.bidi.paragraphLevel % 2 === 1 ? 0 : overhangAtLineStart(measured, at);
  return textIndentOfLine(style.textIndent, first, afterBreak, contentWidth) + overhang;
}

/** Where the line that starts at `at` breaks in `room`, before it is built: its pieces, the next line's start, the cloned edges on it. */
interface BrokenPieces {
  readonly line: LinePieces;
  /** With the inline boxes open there. */
  readonly next: InlineResume;
  readonly openAtStart: readonly InlineBox[];
  readonly onLine: ClonedEdges;
  readonly indent: number;
}

function breakAt(box: InlineFlowBox, measured: MeasuredInline, at: InlineResume, room: LineRoom): BrokenPieces {
  const first = at.index === 0 && at.tail === undefined;
  const rtl = measured.bidi.paragraphLevel % 2 === 1;
  const indent = lineIndent(box.style, measured, at, room.contentWidth);
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
  return { line, next: { index: next.index, tail: next.tail, open: openAtEnd }, openAtStart, onLine, indent };
}

/** Lays out the line that starts at `at`, in `room` (the first from the ::first-line content, when the box has one). */
export function layoutLine(box: InlineFlowBox, measured: MeasuredInline, at: InlineResume, room: LineRoom, env: InlineEnv): InlineLine {
  if (box.firstLine !== undefined && at.index === 0 && at.tail === undefined) {
    const line = styledFirstLine(box.firstLine, measured, room, env);
    if (line !== undefined) return line;
  }
  return layoutOneLine(box, measured, at, room, env);
}

/**
 * The first line laid out from the ::first-line content (boxes/first-line.ts), ending where the
 * box's own content resumes: the same pieces, styled otherwise, so the same index (a word split
 * at the line's end is split again in the own content at the same place). Undefined when the two
 * do not match piece for piece (a `text-transform` that changed the words): the line is then laid
 * out from the box's own content.
 */
function styledFirstLine(content: InlineFlowBox, measured: MeasuredInline, room: LineRoom, env: InlineEnv): InlineLine | undefined {
  const styled = measuredInline(content, room.contentWidth, env, measured.containingHeight);
  const line = layoutOneLine(content, styled, CONTENT_START, room, env);
  const next = resumeIn(line.next, styled, measured);
  if (next === undefined) return undefined;
  return {
    empty: line.empty, width: line.width, height: line.height, baseline: line.baseline, children: line.children, start: CONTENT_START,
    next, pieces: line.pieces, cloned: line.cloned, hang: line.hang, indent: line.indent,
  };
}

/** A position in `from`'s pieces as the same position in `to`'s, when the two have the same pieces. */
function resumeIn(at: InlineResume, from: MeasuredInline, to: MeasuredInline): InlineResume | undefined {
  if (from.pieces.length !== to.pieces.length) return undefined;
  for (let i = 0; i <= at.index && i < to.pieces.length; i++) if (from.pieces[i]!.kind !== to.pieces[i]!.kind) return undefined;
  if (at.tail === undefined) return { index: at.index, tail: undefined };
  const piece = to.pieces[at.index];
  if (at.tail.kind !== 'text' || piece === undefined || piece.kind !== 'text' || at.tail.from <= piece.from || at.tail.from >= piece.to) return undefined;
  return { index: at.index, tail: to.splitter.split(piece, at.tail.from, false)[1] };
}

function layoutOneLine(box: InlineFlowBox, measured: MeasuredInline, at: InlineResume, room: LineRoom, env: InlineEnv): InlineLine {
  const { line, next, openAtStart, onLine, indent } = breakAt(box, measured, at, room);
  const rtl = measured.bidi.paragraphLevel % 2 === 1;
  const built = buildLine({
    pieces: line.pieces,
    forcedBreak: line.forcedBreak,
    hang: line.hang,
    openAtStart,
    clonedEdges: onLine.start + onLine.end,
    rootStyle: box.lineStyle ?? box.style,
    blockStyle: box.lineStyle === undefined ? undefined : box.style,
    paragraphLevel: measured.bidi.paragraphLevel,
    availableWidth: room.width,
    indent,
    isLastLine: next.index >= measured.pieces.length,
    containingWidth: room.contentWidth,
    text: env.text,
    metrics: env.metrics,
    lang: measured.lang,
    lineHeightQuirk: hasLineHeightQuirk(env.documentMode),
  });
  const laid = withRubyRoom(built, line.pieces, box, env, at.index === 0 && at.tail === undefined);
  const overflowEnd = textOverflowAtEnd(box.containerStyle ?? box.style, rtl);
  const children = overflowEnd !== 'clip' && indent + lineContentWidth(line.pieces, onLine, line.hang) > room.width + 0.01
    ? ellipsizedContent(laid, { width: room.width, rtl }, overflowEnd, box.style, env.text)
    : laid.children;
  // field by field: spreading here took V8's slow generic copy (and once lost `empty`)
  return {
    empty: laid.empty, width: laid.width, height: laid.height, baseline: laid.baseline, children, start: at,
    next, pieces: line.pieces, cloned: onLine, hang: line.hang, indent,
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

/**
 * The lines of the content at one width, from its start, laid out as far as they are asked for
 * and kept (per width, with the measured pieces): a page of a long `<pre>` lays out its own lines
 * and the widows after them, not the lines of the thousand pages after it. Balanced and pretty
 * wrapping chooses breaks over the whole content: their lines are laid out all at once.
 */
export class ContentLines {
  private readonly built: InlineLine[] = [];
  /** Where the next line starts. */
  private at: InlineResume = CONTENT_START;

  constructor(
    private readonly box: InlineFlowBox,
    private readonly measured: MeasuredInline,
    private readonly width: number,
    private readonly env: InlineEnv,
  ) {
    if (box.style.textWrapStyle === 'balance' || box.style.textWrapStyle === 'pretty') {
      this.layOutTo(Number.POSITIVE_INFINITY);
      const lines = rebroken(box, measured, width, env, this.built);
      if (lines !== this.built) {
        this.built.length = 0;
        appendAll(this.built, lines);
      }
    }
  }

  /** The line at `i` (from 0), laid out if it was not; undefined past the last line. */
  line(i: number): InlineLine | undefined {
    if (i >= this.built.length) this.layOutTo(i + 1);
    return this.built[i];
  }

  /** How many lines are laid out so far. */
  get laidOut(): number {
    return this.built.length;
  }

  /** Every line. */
  all(): readonly InlineLine[] {
    this.layOutTo(Number.POSITIVE_INFINITY);
    return this.built;
  }

  /** The index of the line that starts at `start`, laying lines out as far as it; -1 when no line starts there (floats moved the breaks). */
  indexOf(start: InlineResume): number {
    const built = this.built;
    // lines start in content order: lay out until one starts past `start`'s piece
    while (!this.complete() && (built.length === 0 || built[built.length - 1]!.start.index <= start.index)) this.layOutTo(built.length + 1);
    let low = 0;
    let high = built.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (built[middle]!.start.index < start.index) low = middle + 1;
      else high = middle;
    }
    // (several lines start in one piece when a long word is cut)
    for (let i = low; i < built.length && built[i]!.start.index === start.index; i++) if (sameResume(built[i]!.start, start)) return i;
    return -1;
  }

  /** Whether every line is laid out. */
  private complete(): boolean {
    return this.at.index >= this.measured.pieces.length;
  }

  private layOutTo(count: number): void {
    while (this.built.length < count && !this.complete()) {
      const line = layoutLine(this.box, this.measured, this.at, { width: this.width, contentWidth: this.width }, this.env);
      this.built.push(line);
      this.at = line.next;
    }
  }
}

/** The content's lines at one width, from its start (kept per width: intrinsic sizing, float-free layout, every page of a paragraph). */
export function contentLines(box: InlineFlowBox, contentWidth: number, env: InlineEnv, containingHeight?: number | undefined): ContentLines {
  const measured = measuredInline(box, contentWidth, env, containingHeight);
  let lines = measured.lines !== undefined && measured.linesWidth === contentWidth ? measured.lines : measured.otherLines?.get(contentWidth);
  if (lines === undefined) {
    lines = new ContentLines(box, measured, contentWidth, env);
    if (measured.lines === undefined) {
      measured.lines = lines;
      measured.linesWidth = contentWidth;
    } else (measured.otherLines ??= new Map()).set(contentWidth, lines);
  }
  return lines;
}

/** Every line of the content at one width, from its start. */
export function layoutInlineContent(box: InlineFlowBox, contentWidth: number, env: InlineEnv): readonly InlineLine[] {
  return contentLines(box, contentWidth, env).all();
}

/**
 * The lines broken again where `text-wrap-style: balance` or `pretty` puts the breaks
 * (optimal-breaks.ts): all of them, or the last four of a paragraph whose greedy last line is one
 * word on less than a third of the line; else the greedy ones.
 */
function rebroken(box: InlineFlowBox, measured: MeasuredInline, contentWidth: number, env: InlineEnv, greedy: readonly InlineLine[]): readonly InlineLine[] {
  const balance = box.style.textWrapStyle === 'balance';
  const lineAt = (at: InlineResume, breakWidth: number): InlineLine => layoutLine(box, measured, at, { width: contentWidth, contentWidth, breakWidth }, env);
  const from = balance ? 0 : Math.max(0, greedy.length - PRETTY_LINES);
  if (!balance && !loneLastWord(greedy, contentWidth, lineAt)) return greedy;
  const start = from === 0 ? CONTENT_START : greedy[from - 1]!.next;
  let greedySlack = 0;
  for (let i = from; i < (balance ? greedy.length : greedy.length - 1); i++) {
    const line = greedy[i]!;
    const slack = contentWidth - lineIndent(box.style, measured, i === 0 ? CONTENT_START : greedy[i - 1]!.next, contentWidth) - lineContentWidth(line.pieces, line.cloned, line.hang);
    greedySlack += slack * slack;
  }
  const breaks = optimalBreaks({
    start,
    greedyLines: greedy.length - from,
    greedySlack,
    balance,
    pieceCount: measured.pieces.length,
    // only where each line would break: building it (glyph positions, bidi) is for the lines chosen
    lineAt: (at, breakWidth) => {
      const { line, next, onLine } = breakAt(box, measured, at, { width: contentWidth, contentWidth, breakWidth });
      return { next, contentWidth: lineContentWidth(line.pieces, onLine, line.hang), splitsPiece: next.tail !== undefined };
    },
    room: (at) => contentWidth - lineIndent(box.style, measured, at, contentWidth),
    fullWidth: contentWidth,
    linePenalty: box.style.textAlign === 'justify' ? 0 : 4 * contentWidth * box.style.fontSize,
  });
  if (breaks === undefined) return greedy;
  const lines = greedy.slice(0, from);
  let at = start;
  for (const { breakWidth } of breaks) {
    const line = lineAt(at, breakWidth);
    lines.push(line);
    at = line.next;
  }
  // the breaks were found with these very lines: anything else is a bug, and the greedy lines stand
  return at.index >= measured.pieces.length ? lines : greedy;
}

/** The greedy last line is one word (it cannot end sooner) on less than a third of the line: what `pretty` mends (Chromium's test). */
function loneLastWord(greedy: readonly InlineLine[], contentWidth: number, lineAt: (at: InlineResume, breakWidth: number) => InlineLine): boolean {
  const last = greedy[greedy.length - 1];
  if (last === undefined || greedy.length < 2) return false;
  const width = lineContentWidth(last.pieces, last.cloned, last.hang);
  if (width >= contentWidth / 3) return false;
  const shorter = lineAt(last.start, width - 0.01);
  return !(shorter.next.index > last.start.index && shorter.next.tail === undefined && lineContentWidth(shorter.pieces, shorter.cloned, shorter.hang) <= width - 0.01);
}

/**
 * With `keep: false` the measured pieces are not kept for layout (see `transientMeasuredInline`),
 * and plain text is not cut into pieces at all (plain-text.ts). `containingHeight`: the block's
 * content height when known before its width (else the one its own style sets).
 */
export function inlineContentIntrinsicSizes(box: InlineFlowBox, env: InlineEnv, keep = true, containingHeight?: number): IntrinsicSizes {
  if (!keep && keptMeasuredInline(box, 0, env) === undefined) {
    const plain = plainTextIntrinsicSizes(box, env);
    if (plain !== undefined) return plain;
  }
  const measured = keep ? measuredInline(box, 0, env, containingHeight) : transientMeasuredInline(box, 0, env);
  return inlineIntrinsicSizes(measured.pieces, measured.splitter, env.anchorSizes, box.style.textIndent, cellGluesImages(box.style, env.documentMode));
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
