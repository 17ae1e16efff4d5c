/**
 * The lines of a block container with inline content (CSS Inline 3 §2), placed one under the
 * other, each as wide as the floats beside it allow (CSS2 §9.5), with the floats that stand in
 * the content placed as their line is laid out (§9.5.1: beside the current line when it still
 * has room, else below it), and broken between lines at the page end honouring `orphans` and
 * `widows` (CSS Fragmentation 3 §4.4). Resumes from a position in the content, not from lines.
 */
import { appendAll } from '../../append-all.js';
import type { InlineFlowBox, OutOfFlowBox } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import type { BreakToken, FloatResume, LayoutContext, PageContent, PendingPositioned } from '../contract.js';
import { bottomAt } from '../contract.js';
import type { BlockFrame, ChildrenResult } from './flow.js';
import { EMPTY_STRUT, collapsedMargin } from '../margins.js';
import type { InlineLine } from '../inline/index.js';
import type { ContentLines } from '../inline/index.js';
import { contentLines, lineContentWidth, lineFragment } from '../inline/index.js';
import type { MeasuredInline } from '../inline/measured.js';
import { measuredInline } from '../inline/measured.js';
import type { InlineResume } from '../inline/resume.js';
import { CONTENT_START } from '../inline/resume.js';
import { inlineMetrics } from '../inline/vertical-align.js';
import { inlineEnv } from './inline-env.js';
import type { ExclusionSpace } from '../exclusions.js';
import { floatsIntrude, nextFloatBottom } from '../exclusions.js';
import { belowClearedFloats, lineInBand } from './line-band.js';
import { layoutFloat } from './float.js';
import { letterTop } from '../inline/initial-letter.js';
import { belowMarker } from './marker.js';
import { findBox, inLine, isInlineLevel } from './line-positions.js';

/** A line placed in the block's flow frame, with the flow state after it (to roll back to). */
interface PlacedLine {
  readonly line: InlineLine;
  readonly fragment: Fragment;
  readonly y: number;
  /** The state with the floats placed beside the line (before those waiting below it). */
  readonly beside: LinesState;
  readonly after: LinesState;
}

interface LinesState {
  readonly exclusions: ExclusionSpace;
  /** Floats placed so far (fragments in the flow frame). */
  readonly floats: readonly Fragment[];
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
  /** Floats of a line that had no room beside it, waiting below it. */
  readonly waiting: readonly OutOfFlowBox[];
  /** Floats that continue on the next page (split by the page end, or with no room left on it). */
  readonly parallel: readonly FloatResume[];
}

/** The lists of a state with nothing in them (states are never changed in place: each step makes new lists). */
const NONE: readonly never[] = Object.freeze([]);

interface LinesFlow {
  readonly frame: BlockFrame;
  readonly box: InlineFlowBox;
  readonly measured: MeasuredInline;
  readonly ctx: LayoutContext;
  /** Height a line is assumed to have before it is laid out (the strut's). */
  readonly strutHeight: number;
  /** Floats of this content already placed (their anchors are skipped when a line is laid out again). */
  readonly placedFloats: Set<OutOfFlowBox>;
  /** Nothing is on the page yet: a line must be placed even if it overflows. */
  readonly atTop: boolean;
  /** Where the first line goes: a float placed lower (below a line, beside a later one) has content above it. */
  readonly firstLineTop: number;
  /** The ascent an outside list marker asks of the first line (contract.ts `markerAscent`); undefined when resumed. */
  readonly markerAscent: number | undefined;
}

/**
 * The block's lines on this page. Content laid out from its start with no float beside it and
 * nothing out of flow standing in it, whose lines all fit (most paragraphs, every table cell of
 * a long table) is stacked directly (`stackedLines`); the rest goes the general way.
 */
export function layoutLines(frame: BlockFrame, box: InlineFlowBox, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  // nothing inside: no line, and the margins collapse through (CSS2 §8.3.1) — what the general
  // way ends in, without measuring nothing (a page of empty spacer divs)
  if (box.children.length === 0 && resume === undefined) return emptyResult(frame, { exclusions: frame.exclusions, floats: NONE, positioned: NONE, pageContent: NONE, waiting: NONE, parallel: NONE });
  const env = inlineEnv(ctx);
  const measured = measuredInline(box, frame.contentWidth, env, frame.containingHeight);
  if (resume === undefined && !floatsReachLines(frame.exclusions, frame, Math.min(frame.y, frame.y + collapsedMargin(frame.strut))) && !measured.standing.anything) {
    const lines = linesThatAllFit(frame, contentLines(box, frame.contentWidth, env, frame.containingHeight), box.style.widows);
    if (lines !== undefined) return stackedLines(frame, lines);
  }
  return placedLines(frame, box, ctx, resume);
}

/**
 * `layoutLines` the general way: floats beside the lines, out-of-flow boxes standing in them, a
 * resume position, lines that do not all fit on the page (orphans, widows, pushed blocks).
 */
export function placedLines(frame: BlockFrame, box: InlineFlowBox, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  const env = inlineEnv(ctx);
  const measured = measuredInline(box, frame.contentWidth, env, frame.containingHeight);
  const inline = resume?.kind === 'inline' ? resume : undefined;
  // the inline formatting context reads back the position it wrote (contract.ts InlinePosition)
  const start = (inline?.at as InlineResume | undefined) ?? CONTENT_START;
  const continued = inline?.floats ?? [];
  const top = resume === undefined ? letterTop(box, frame.y + collapsedMargin(frame.strut), frame.exclusions, ctx) : frame.y + collapsedMargin(frame.strut);
  const flow: LinesFlow = {
    frame, box, measured, ctx, strutHeight: inlineMetrics(box.style, env, measured.lang).lineHeight, placedFloats: new Set(),
    atTop: (frame.fragmentainer?.atTop ?? true) && continued.length === 0, firstLineTop: top,
    markerAscent: resume === undefined ? frame.markerAscent : undefined,
  };
  // Floats split by the previous page end continue first, at the top (CSS Fragmentation 3 §4.3).
  const initial = continueFloats(flow, continued, top, { exclusions: frame.exclusions, floats: NONE, positioned: NONE, pageContent: NONE, waiting: NONE, parallel: NONE });
  const laid = placeLines(flow, start, top, initial);
  if (!laid.lines.some(hasContent)) {
    // Only out-of-flow boxes, or nothing: the margins collapse through (CSS2 §8.3.1).
    const state = laid.lines[laid.lines.length - 1]?.after ?? initial;
    const end = { index: measured.pieces.length, tail: undefined };
    return { ...emptyResult(frame, state), fragments: state.floats, breakToken: inlineToken(box, end, state.parallel, true) };
  }
  // At the top of the page (floats continued beside it are no break opportunity: as Chromium) the
  // first line stays even when it overflows, unless floats push it off the page.
  const pageTop = frame.fragmentainer?.atTop ?? true;
  const pushedDown = pageTop && laid.lines.length > 0 ? floatsPushingFirstLine(flow, laid.lines[0]!, start) : undefined;
  const offPage = pushedDown !== undefined || (!flow.atTop && laid.lines[0] !== undefined && startsOffPage(flow, laid.lines[0]));
  const { count, violating, widowed } = linesThatFit(flow, laid.lines, start, pageTop && !offPage);
  if (count === 0 && initial.floats.length > 0) {
    // No line fits beside the floats that continue: they alone go on this page.
    return { ...emptyResult(frame, initial), fragments: initial.floats, breakToken: inlineToken(box, start, initial.parallel, false) };
  }
  if (count === 0 && pushedDown !== undefined) {
    // The floats beside the first line push it past the page end: they alone go on this page.
    return { ...emptyResult(frame, pushedDown.state), fragments: pushedDown.state.floats, breakToken: inlineToken(box, pushedDown.at, pushedDown.state.parallel, false) };
  }
  if (count === 0) return { ...emptyResult(frame, initial), pushed: true };
  // (loops over the kept lines, not copies of the list: this runs for every table cell)
  const last = laid.lines[count - 1]!;
  const state = last.after;
  const end = last.line.next;
  const fragments: Fragment[] = [];
  let firstKept = -1;
  let lastKept = -1;
  for (let i = 0; i < count; i++) {
    const placed = laid.lines[i]!;
    fragments.push(placed.fragment);
    if (placed.line.empty) continue;
    if (firstKept < 0) firstKept = i;
    lastKept = i;
  }
  appendAll(fragments, state.floats);
  return {
    fragments,
    endY: last.y + last.line.height,
    strut: EMPTY_STRUT,
    resolvedAt: top,
    breakToken: violatingIf(inlineToken(box, end, state.parallel, end.index >= measured.pieces.length), { violating, widowed }),
    pushed: false,
    exclusions: state.exclusions,
    // lines that hold nothing (only collapsed spaces, a float's placeholder) give no baseline
    baselines: firstKept < 0 ? { first: undefined, last: undefined } : { first: baselineOf(laid.lines[firstKept]!), last: baselineOf(laid.lines[lastKept]!) },
    positioned: state.positioned,
    pageContent: state.pageContent,
  };
}

/**
 * The lines of content laid out from its start when each fits where it falls (or there is no
 * page) and at least one is not empty: what `placeLines` and `linesThatFit` keep there — every
 * line, none pushed, none held back for orphans or widows; undefined when they would decide.
 */
function linesThatAllFit(frame: BlockFrame, content: ContentLines, widows: number): readonly InlineLine[] | undefined {
  const page = frame.fragmentainer;
  // placeLines stops laying lines out `widows` lines past the page end, which lines within the
  // tolerance of `linesThatFit` may be (zero-height lines at the page end): left to it
  const lookahead = Math.max(1, widows);
  let y = frame.y + collapsedMargin(frame.strut);
  let past = 0;
  let anything = false;
  // (line by line: a listing longer than the page is laid out only as far as the page end)
  for (let i = 0; ; i++) {
    const line = content.line(i);
    if (line === undefined) break;
    anything ||= !line.empty;
    if (page === undefined) continue;
    if (past > lookahead) return undefined;
    const bottom = bottomAt(page, y);
    const end = y + line.height;
    if (end > bottom + 0.01) return undefined;
    if (end > bottom) past++;
    y = end;
  }
  return anything ? content.all() : undefined;
}

/** Lines that all go on the page, one under the other: the fragments and baselines `placedLines` gives them, without its states. */
function stackedLines(frame: BlockFrame, lines: readonly InlineLine[]): ChildrenResult {
  const top = frame.y + collapsedMargin(frame.strut);
  const fragments = new Array<Fragment>(lines.length);
  let y = top;
  let first: number | undefined;
  let last: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (first === undefined && !line.empty) y += belowMarker(frame.markerAscent, line);
    fragments[i] = lineFragment(line, frame.contentX, y);
    if (!line.empty) {
      first ??= y + line.baseline;
      last = y + line.baseline;
    }
    y += line.height;
  }
  return {
    fragments, endY: y, strut: EMPTY_STRUT, resolvedAt: top, breakToken: undefined, pushed: false,
    exclusions: frame.exclusions, baselines: { first, last }, positioned: NONE, pageContent: NONE,
  };
}

function hasContent(placed: PlacedLine): boolean {
  return !placed.line.empty;
}

function baselineOf(placed: PlacedLine): number {
  return placed.y + placed.line.baseline;
}

/** Where the content resumes: at `at`, after the floats that continue; undefined when all is done. */
function inlineToken(box: InlineFlowBox, at: InlineResume, floats: readonly FloatResume[], complete: boolean): BreakToken | undefined {
  if (complete && floats.length === 0) return undefined;
  return { kind: 'inline', box, at, ...(floats.length > 0 ? { floats } : {}), ...(complete ? { atBlockEnd: true } : {}) };
}

/** The floats continued from the previous page, placed at the top in order. */
function continueFloats(flow: LinesFlow, continued: readonly FloatResume[], top: number, state: LinesState): LinesState {
  let next = state;
  for (const float of continued) {
    flow.placedFloats.add(float.placeholder);
    const placed = placeFloatAt(flow, float.placeholder, top, next, { resume: float.token, atTop: flow.frame.fragmentainer?.atTop ?? true });
    next = placed?.state ?? { ...next, parallel: [...next.parallel, float] };
  }
  return next;
}

function emptyResult(frame: BlockFrame, state: LinesState): ChildrenResult {
  return {
    fragments: [], endY: frame.y, strut: frame.strut, resolvedAt: undefined, breakToken: undefined, pushed: false,
    exclusions: state.exclusions, baselines: { first: undefined, last: undefined }, positioned: state.positioned, pageContent: state.pageContent,
  };
}

/**
 * Lays lines out from `start` until the content ends or, when paginating, `widows` lines past
 * the page end (enough to choose the break).
 */
function placeLines(flow: LinesFlow, start: InlineResume, top: number, initial: LinesState): { lines: PlacedLine[] } {
  const { frame, measured } = flow;
  const lines: PlacedLine[] = [];
  const page = frame.fragmentainer;
  const lookahead = Math.max(1, flow.box.style.widows);
  const cached = cachedLines(flow, start, top, initial);
  let at = start;
  let y = top;
  let state = initial;
  let past = 0;
  let markerAscent = flow.markerAscent;
  while (at.index < measured.pieces.length && past <= lookahead) {
    const next = cached?.lines.line(cached.from + lines.length);
    let placed = next !== undefined ? { line: next, x: 0, y, state } : lineAt(flow, at, y, state);
    if (markerAscent !== undefined && !placed.line.empty) {
      const down = belowMarker(markerAscent, placed.line);
      markerAscent = undefined;
      // (laid out again lower: floats beside it may leave another width there)
      if (down > 0) placed = next !== undefined ? { ...placed, y: y + down } : lineAt(flow, at, placed.y + down, state);
    }
    state = placed.state;
    const fragment = lineFragment(placed.line, frame.contentX + placed.x, placed.y);
    const afterLine = anchorsOfLine(flow, placed.line, fragment, state.waiting.length === 0 ? state : { ...state, waiting: NONE });
    const waiting = state.waiting.length === 0 ? afterLine.waiting : [...state.waiting, ...afterLine.waiting];
    const belowLine = waiting.length === 0 && afterLine.waiting.length === 0 ? afterLine : placeWaiting(flow, waiting, placed.y + placed.line.height, afterLine);
    state = belowLine;
    lines.push({ line: placed.line, fragment, y: placed.y, beside: placed.state, after: state });
    at = placed.line.next;
    y = belowClearedFloats(flow.box, placed.line, placed.y + placed.line.height, state.exclusions);
    if (page !== undefined && y > bottomAt(page, placed.y)) past++;
  }
  return { lines };
}

/** Whether a float of `space` reaches the frame's content column below `top` (exclusions.ts floatsIntrude). */
function floatsReachLines(space: ExclusionSpace, frame: BlockFrame, top: number): boolean {
  return space.count > 0 && floatsIntrude(space, top, frame.contentX, frame.contentX + frame.contentWidth);
}

/**
 * Content no float reaches below `top` (and holding none): the lines at the full width, laid out
 * once per width (cache), and where the one starting at the resume position is.
 */
function cachedLines(flow: LinesFlow, start: InlineResume, top: number, state: LinesState): { lines: ContentLines; from: number } | undefined {
  if (flow.measured.standing.floats || floatsReachLines(state.exclusions, flow.frame, top)) return undefined;
  const lines = contentLines(flow.box, flow.frame.contentWidth, inlineEnv(flow.ctx), flow.frame.containingHeight);
  const from = lines.indexOf(start);
  return from < 0 ? undefined : { lines, from };
}

/**
 * The line starting at `at` as near to `y` as it fits: in the band the floats leave free, moved
 * down past floats while its content does not fit beside them; a float standing in the line is
 * placed beside it when the line still has room for it, and the line laid out again.
 */
function lineAt(flow: LinesFlow, at: InlineResume, y: number, state: LinesState): { line: InlineLine; x: number; y: number; state: LinesState } {
  const { frame } = flow;
  let top = y;
  let current = state;
  for (;;) {
    const { band, line } = lineInBand(flow, at, top, current.exclusions);
    const width = band.right - band.left;
    // the indent counts: a hanging one gives the content room that a float beside the line has not taken
    const overflows = line.indent + lineContentWidth(line.pieces, line.cloned, line.hang) > width + 0.01 && width < frame.contentWidth;
    const below = overflows ? nextFloatBottom(current.exclusions, top, Math.max(flow.strutHeight, line.height)) : undefined;
    if (below !== undefined) {
      top = below;
      continue;
    }
    const float = floatBesideLine(flow, line, band, top, current);
    if (float !== undefined) {
      current = float;
      continue;
    }
    return { line, x: band.left - frame.contentX, y: top, state: current };
  }
}

/**
 * The first unplaced float in the line, placed at the line's top if it fits beside the content
 * before it (the line is then laid out again, narrower); undefined when there is none or it waits.
 * A float before any of the line's content is placed where it goes, lower than the line's top
 * too (below the floats it clears or does not fit beside), and the line laid out beside it, as
 * Chromium places such leading floats: nothing earlier on the line holds it below the line.
 */
function floatBesideLine(flow: LinesFlow, line: InlineLine, band: { left: number; right: number }, top: number, state: LinesState): LinesState | undefined {
  let used = line.indent + line.cloned.start;
  // spaces before the float hang: they need no room beside it
  let hanging = 0;
  let contentBefore = false;
  for (const piece of [...line.pieces, ...anchorsAtLineEnd(flow, line)]) {
    if (piece.kind === 'anchor' && piece.box.scheme === 'float' && !flow.placedFloats.has(piece.box)) {
      const float = placeFloatAt(flow, piece.box, top, state);
      if (float === undefined) return undefined;
      const fits = !contentBefore || (float.width + used - hanging <= band.right - band.left + 0.01 && float.y <= top + 0.01);
      if (!fits) return undefined;
      flow.placedFloats.add(piece.box);
      return float.state;
    }
    contentBefore ||= piece.kind === 'atomic' || (piece.kind === 'text' && piece.width - piece.trailingSpace > 0);
    used += piece.width;
    if (piece.kind === 'text') hanging = piece.width - piece.trailingSpace > 0 ? piece.trailingSpace + piece.endSpacing : hanging + piece.width;
    else if (piece.kind !== 'anchor') hanging = 0;
  }
  return undefined;
}

/**
 * The anchors right after a line that ends at a soft wrap: a float met there is met while the line
 * still has room (CSS2 §9.5.1: its top is that line's top when it fits beside it, as in browsers).
 */
function anchorsAtLineEnd(flow: LinesFlow, line: InlineLine): InlineLine['pieces'] {
  const pieces = flow.measured.pieces;
  if (line.next.tail !== undefined || line.pieces[line.pieces.length - 1]?.forcedBreakAfter !== false) return [];
  let end = line.next.index;
  while (end < pieces.length && pieces[end]!.kind === 'anchor') end++;
  return pieces.slice(line.next.index, end);
}

function placeFloatAt(
  flow: LinesFlow, box: OutOfFlowBox, minTop: number, state: LinesState, resuming?: { readonly resume: BreakToken | undefined; readonly atTop: boolean },
): { width: number; y: number; state: LinesState } | undefined {
  const resume = resuming?.resume;
  const atTop = resuming?.atTop ?? (flow.atTop && minTop <= flow.firstLineTop + 0.01);
  const { frame } = flow;
  const fragmentainer = frame.fragmentainer === undefined ? undefined : { ...frame.fragmentainer, atTop };
  const placed = layoutFloat(box, {
    minTop, left: frame.contentX, right: frame.contentX + frame.contentWidth, containingWidth: frame.contentWidth,
    containingHeight: frame.containingHeight, direction: frame.box.style.direction, exclusions: state.exclusions, fragmentainer, mode: frame.mode,
  }, flow.ctx, resume);
  if (placed === undefined) return undefined;
  return {
    width: placed.marginBox.width,
    y: placed.marginBox.y,
    state: {
      ...state,
      exclusions: placed.exclusions,
      floats: [...state.floats, placed.fragment],
      positioned: [...state.positioned, ...placed.positioned],
      pageContent: [...state.pageContent, ...placed.pageContent],
      parallel: placed.breakToken === undefined ? state.parallel : [...state.parallel, { placeholder: box, token: placed.breakToken }],
    },
  };
}

/**
 * Anchors of a line: floats not placed beside it wait below it; absolute and fixed boxes get
 * their static position (CSS2 §10.3.7, §10.6.4): one that was inline-level where it stands in
 * the line, at the line's top; one that was block-level at the line's start, below the content
 * of its line before it (where a block would go).
 */
function anchorsOfLine(flow: LinesFlow, line: InlineLine, fragment: Fragment, state: LinesState): LinesState {
  let next = state;
  let contentBefore = false;
  let before = line.cloned.start;
  const frame = flow.frame;
  for (const piece of line.pieces) {
    if (piece.kind !== 'anchor') {
      contentBefore ||= piece.kind === 'atomic' || (piece.kind === 'text' && piece.width - piece.trailingSpace > 0);
      before += piece.width;
      if (piece.kind === 'atomic' && piece.escaping !== undefined && frame.mode === 'layout') next = escapingFrom(piece, fragment, next);
      continue;
    }
    const box = piece.box;
    if (box.scheme === 'float') {
      if (!flow.placedFloats.has(box)) next = { ...next, waiting: [...next.waiting, box] };
    } else if (frame.mode === 'layout') {
      const pending = isInlineLevel(box.style.displayBeforeBlockify) ? inLine(fragment, before, frame.box.style.direction) : {
        staticX: frame.contentX, staticY: contentBefore ? fragment.y + line.height : fragment.y,
        staticRight: frame.contentX + frame.contentWidth, staticDirection: frame.box.style.direction, staticRect: 'line' as const,
      };
      next = box.scheme === 'absolute'
        ? { ...next, positioned: [...next.positioned, { placeholder: box, ...pending }] }
        : { ...next, pageContent: [...next.pageContent, { kind: box.scheme, placeholder: box, ...pending }] };
    }
  }
  return next;
}

/**
 * Positioned boxes inside an atomic inline whose containing block is above it: their static
 * positions move with the atomic inline to where the line put it.
 */
function escapingFrom(piece: Extract<InlineLine['pieces'][number], { kind: 'atomic' }>, line: Fragment, state: LinesState): LinesState {
  const at = findBox(line, piece.box, 0, 0);
  if (at === undefined || piece.escaping === undefined) return state;
  const dx = at.x - piece.fragment.x;
  const dy = at.y - piece.fragment.y;
  const shift = <P extends PendingPositioned>(p: P): P => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx, staticY: p.staticY + dy });
  return {
    ...state,
    positioned: [...state.positioned, ...piece.escaping.positioned.map(shift)],
    pageContent: [...state.pageContent, ...piece.escaping.pageContent.map(shift)],
  };
}

/** Floats that had no room beside their line, placed below it in order. */
function placeWaiting(flow: LinesFlow, waiting: readonly OutOfFlowBox[], y: number, state: LinesState): LinesState {
  let next: LinesState = { ...state, waiting: NONE };
  for (const box of waiting) {
    if (flow.placedFloats.has(box)) continue;
    const placed = placeFloatAt(flow, box, y, next);
    flow.placedFloats.add(box);
    // no room left on this page: it starts on the next one
    next = placed?.state ?? { ...next, parallel: [...next.parallel, { placeholder: box, token: undefined }] };
  }
  return next;
}

/**
 * The first line, at the top of a page, pushed to the page end or past it by the floats placed
 * beside it: those floats and where the content resumes (after their anchors at the line's start).
 * Undefined when the line starts on the page, or when a float of it that ends on this page is
 * anchored after other content (resuming would place it again).
 */
function floatsPushingFirstLine(flow: LinesFlow, first: PlacedLine, start: InlineResume): { state: LinesState; at: InlineResume } | undefined {
  if (!startsOffPage(flow, first) || first.beside.floats.length === 0) return undefined;
  const pieces = flow.measured.pieces;
  let at = start;
  while (at.tail === undefined && at.index < pieces.length) {
    const piece = pieces[at.index]!;
    if (piece.kind !== 'anchor' || !flow.placedFloats.has(piece.box)) break;
    at = { ...at, index: at.index + 1 };
  }
  const continuing = new Set(first.beside.parallel.map((f) => f.placeholder));
  for (let i = at.index; i < first.line.next.index; i++) {
    const piece = pieces[i]!;
    if (piece.kind === 'anchor' && piece.box.scheme === 'float' && flow.placedFloats.has(piece.box) && !continuing.has(piece.box)) return undefined;
  }
  return { state: first.beside, at };
}

/** Does the line start at the page end or below it (pushed down by floats)? */
function startsOffPage(flow: LinesFlow, line: PlacedLine): boolean {
  const page = flow.frame.fragmentainer;
  return page !== undefined && line.y >= bottomAt(page, line.y) - 0.01;
}

/** The token marked as breaking against orphans or widows (BreakToken `violating`). */
function violatingIf(token: BreakToken | undefined, { violating, widowed }: { readonly violating: boolean; readonly widowed: boolean }): BreakToken | undefined {
  if (token?.kind !== 'inline' || token.atBlockEnd === true) return token;
  return violating ? { ...token, violating: true } : widowed ? { ...token, widowed: true } : token;
}

/**
 * How many of the laid-out lines go on this page (0 = push the whole block to the next page).
 * `forced`: at the top of a page, at least the first line stays even when it overflows;
 * `violating`: that broke the lines against orphans or widows.
 */
function linesThatFit(flow: LinesFlow, lines: readonly PlacedLine[], start: InlineResume, forced: boolean): { count: number; violating: boolean; widowed: boolean } {
  const page = flow.frame.fragmentainer;
  if (page === undefined) return { count: lines.length, violating: false, widowed: false };
  let fit = 0;
  for (const placed of lines) {
    if (placed.y + placed.line.height > bottomAt(page, placed.y) + 0.01 && !(fit === 0 && forced)) break;
    fit++;
  }
  const complete = lines[lines.length - 1]?.line.next.index === flow.measured.pieces.length;
  if (fit >= lines.length && complete) return { count: fit, violating: false, widowed: false };
  const style = flow.box.style;
  const orphans = Math.max(1, style.orphans);
  const widows = Math.max(1, style.widows);
  const remaining = lines.length - fit;
  const fitting = fit;
  const fromStart = start.index === 0 && start.tail === undefined;
  // What is left of a paragraph, fewer lines than orphans + widows, has no break between lines
  // that honours both: Chromium then breaks after max(orphans, lines - widows) lines, which is the
  // orphans (a 3-line paragraph breaks 2 + 1, a 5-line one with orphans and widows 3 breaks 3 + 2;
  // so do the last lines of one that began in an earlier page or column)
  const widowsHonourable = !(complete && lines.length < orphans + widows && fit >= orphans);
  if (!widowsHonourable) fit = orphans;
  else if (complete && remaining < widows) fit -= widows - remaining;
  if (fit < orphans && fromStart) fit = 0;
  // At the top of a page no break honours them: break where the lines stop fitting (as Chromium)
  // rather than lay lines past the page end, where they would be cut off.
  if (fit <= 0) return { count: forced ? fitting : 0, violating: forced && fitting > 0, widowed: false };
  return { count: fit, violating: false, widowed: complete && remaining < widows && !widowsHonourable };
}
