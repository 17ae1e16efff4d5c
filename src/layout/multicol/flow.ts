/**
 * A multi-column container's content on one page (CSS Multi-column Layout 1 §6, §8): its
 * segments one below the other — rows of columns for the column sets, spanners across the
 * content box — from where the last page left off, until the page is full, a forced page break
 * ends it, or the content is done.
 */
import type { BlockBox, BlockLevelBox } from '../../boxes/types.js';
import type { CollapsedBorderSegment, Fragment } from '../types.js';
import type { Baselines, BreakToken, ForcedBreak, Fragmentainer, LayoutContext, LayoutInput, PageContent, PendingPositioned } from '../contract.js';
import { EMPTY_STRUT, collapsedMargin } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { layoutBox } from '../contract.js';
import { avoidsAtEdge, avoidsBreak, forcedBreakOf } from '../break-token.js';
import type { ColumnGeometry } from './columns.js';
import type { Segment } from './segments.js';
import { containerToken, resumePoint, segmentsOf } from './segments.js';
import { withNestedSpannersLifted } from './nested-spanners.js';
import type { ColumnRow } from './column-row.js';
import { rowExtras, withBrokenBoxesToColumnEnd } from './column-row.js';
import { forcedKind } from '../break-token.js';
import { planRow } from './balance.js';
import { columnRules } from './rules.js';
import { legacyAlign } from '../box-model.js';
import { appendAll } from '../../append-all.js';

export interface FlowInput {
  readonly mode: LayoutInput['mode'];
  readonly contentX: number;
  readonly contentWidth: number;
  readonly contentTop: number;
  /** The container's content height limit (`height`, `max-height`), undefined when none. */
  readonly cap: number | undefined;
  readonly containingHeight: number | undefined;
  readonly page: Fragmentainer | undefined;
  readonly geometry: ColumnGeometry;
}

export interface FlowResult {
  readonly fragments: readonly Fragment[];
  /** Column rules, in the input's frame. */
  readonly rules: readonly CollapsedBorderSegment[];
  readonly endY: number;
  readonly token: BreakToken | undefined;
  readonly pushed: boolean;
  readonly baselines: Baselines;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

interface State {
  y: number;
  placed: boolean;
  fragments: Fragment[];
  rules: CollapsedBorderSegment[];
  baselines: { first: number | undefined; last: number | undefined };
  positioned: PendingPositioned[];
  pageContent: PageContent[];
}

export function layoutMulticolFlow(container: BlockBox, input: FlowInput, ctx: LayoutContext, resume: BreakToken | undefined): FlowResult {
  // from here on, the container's children are its blocks cut around the spanners deeper in them (its break tokens index these)
  const box = withNestedSpannersLifted(container, ctx);
  const segments = segmentsOf(box, ctx);
  const start = resumePoint(segments, resume);
  const state: State = { y: input.contentTop, placed: false, fragments: [], rules: [], baselines: { first: undefined, last: undefined }, positioned: [], pageContent: [] };
  const done = (token: BreakToken | undefined, pushed = false): FlowResult => ({
    fragments: state.fragments, rules: state.rules, endY: state.y, token, pushed, baselines: state.baselines, positioned: state.positioned, pageContent: state.pageContent,
  });
  for (let s = start.segment; s < segments.length; s++) {
    const segment = segments[s]!;
    if (s > start.segment) {
      const forced = forcedBetween(segments[s - 1]!, segment, box);
      if (forced !== undefined) return done(tokenBefore(box, segment, forced));
    }
    const token = s === start.segment ? start.token : undefined;
    const outcome = segment.kind === 'spanner' ? spanner(box, { segment, token, resumed: resume !== undefined }, input, state, ctx) : columnSet(box, { segment, token, beforeSpanner: s + 1 < segments.length }, input, state, ctx);
    if (outcome === 'pushed') {
      const belowSpanner = s > start.segment && (avoidsBreakBefore(box, segments[s - 1]!, segment) || fitsBrokenAcross(box, { before: segments[s - 1]!, after: segment }, input, state, ctx));
      const movesWhole = !state.placed || (belowSpanner && !avoidsAtEdge(box, 'before', false));
      const movable = !(input.page?.atTop ?? true) && (!state.placed || input.page?.avoidedToTop !== true);
      return movesWhole && movable ? done(undefined, true) : done(tokenBefore(box, segment));
    }
    if (outcome !== undefined) return done(outcome);
  }
  return done(undefined);
}

type Outcome = BreakToken | 'pushed' | undefined;

/** Nothing is above the segment on this page: its first piece must be placed. */
function atTop(input: FlowInput, state: State): boolean {
  return input.page === undefined || (input.page.atTop && !state.placed);
}

/** A segment of the container, and where it resumes. */
interface SegmentAt<K extends Segment['kind']> {
  readonly segment: Extract<Segment, { kind: K }>;
  readonly token: BreakToken | undefined;
  /** A spanner follows the segment. */
  readonly beforeSpanner?: boolean;
  /** The container goes on from an earlier page here (it did not start on this one). */
  readonly resumed?: boolean;
}

function columnSet(box: BlockBox, at: SegmentAt<'columns'>, input: FlowInput, state: State, ctx: LayoutContext): Outcome {
  const { segment, token } = at;
  const page = input.page;
  const planned = planRow({ element: box.element, view: segment.view, geometry: input.geometry, resume: token }, {
    mode: input.mode, x: input.contentX, width: input.contentWidth, top: state.y, atTop: atTop(input, state), containerFirst: !state.placed,
    discardTopMargins: page !== undefined && page.discardTopMargins && !state.placed && token !== undefined && forcedKind(token) === undefined,
    rtl: box.style.direction === 'rtl',
  }, {
    room: page === undefined ? Infinity : Math.max(0, page.bottom - state.y),
    cap: input.cap === undefined ? undefined : Math.max(0, input.cap - (state.y - input.contentTop)),
    fill: box.style.columnFill,
    beforeSpanner: at.beforeSpanner === true,
  }, ctx);
  const row = planned.row;
  if (row.pushed) return 'pushed';
  addRow(state, row, planned.height, box, input);
  return row.token === undefined ? undefined : containerToken(box, segment, row.token);
}

function addRow(state: State, row: ColumnRow, height: number, box: BlockBox, input: FlowInput): void {
  const extras = rowExtras(row, 0);
  appendAll(state.fragments, input.mode === 'layout' ? withBrokenBoxesToColumnEnd(row.columns, height) : row.columns);
  appendAll(state.rules, columnRules(row, box.style, input.geometry, state.y, height));
  appendAll(state.positioned, extras.positioned);
  appendAll(state.pageContent, extras.pageContent);
  if (row.columns.length > 0) {
    state.baselines.first ??= extras.baselines.first;
    state.baselines.last = extras.baselines.last ?? state.baselines.last;
    state.placed = true;
  }
  state.y += height;
}

function spanner(box: BlockBox, at: SegmentAt<'spanner'>, input: FlowInput, state: State, ctx: LayoutContext): Outcome {
  const { segment, token } = at;
  const page = input.page;
  const top = atTop(input, state);
  const laid = layoutBox(segment.box, {
    mode: input.mode, available: input.contentWidth, containingWidth: input.contentWidth, containingHeight: input.containingHeight,
    containingDirection: box.style.direction, containingAlign: legacyAlign(box.style), x: input.contentX, y: state.y, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
    // a spanner opening a container that starts on this page keeps its top margin, as Chromium
    // prints it: the container is a formatting context, so the margin does not adjoin the break
    fragmentainer: page === undefined ? undefined : { bottom: page.bottom, atTop: top, discardTopMargins: page.discardTopMargins && !state.placed && at.resumed === true },
  }, ctx, token);
  if (laid.kind === 'pushed') return 'pushed';
  state.fragments.push(laid.fragment);
  appendAll(state.positioned, laid.positioned);
  appendAll(state.pageContent, laid.pageContent);
  if (laid.baselines.first !== undefined) state.baselines.first ??= laid.fragment.y + laid.baselines.first;
  if (laid.baselines.last !== undefined) state.baselines.last = laid.fragment.y + laid.baselines.last;
  state.placed = true;
  state.y = laid.endY + collapsedMargin(laid.strut);
  if (laid.breakToken === undefined) return undefined;
  return { kind: 'block', box, children: [{ index: segment.index, token: laid.breakToken }], next: segment.index + 1 };
}

/** The container's token before a segment not started yet. */
function tokenBefore(box: BlockBox, segment: Segment, forced?: ForcedBreak): BreakToken {
  return { kind: 'block', box, children: [], next: segment.kind === 'spanner' ? segment.index : segment.start, ...(forced !== undefined ? { forced } : {}) };
}

/**
 * Is the break before a row of columns that cannot start on this page to be avoided — a spanner
 * with `break-after: avoid` above it (a section's heading), or `break-before: avoid` on its first
 * box? Then the container moves to the next page whole, as Chromium 156 prints it (which also
 * moves what the columns above the spanner hold on this page).
 */
function avoidsBreakBefore(box: BlockBox, before: Segment, after: Segment): boolean {
  if (before.kind !== 'spanner' || after.kind !== 'columns' || box.inlineContent) return false;
  return avoidsAtEdge(before.box, 'after', false) || avoidsAtEdge(box.children[after.start]!, 'before', false);
}

/**
 * Does the first box of a row of columns below a spanner avoid breaks inside, and would it fit in
 * the room left if broken across the row's columns? Chromium 156 then moves the whole container to
 * the next page (breaking inside that box is as bad as breaking before the container, and earlier
 * wins); when even broken it would not fit, it breaks between the spanner and the row. Measured
 * over eight rooms and box heights: a 150px figure moves its section with 80px left in two
 * columns, not with 70px.
 */
function fitsBrokenAcross(box: BlockBox, { before, after }: { readonly before: Segment; readonly after: Segment }, input: FlowInput, state: State, ctx: LayoutContext): boolean {
  if (before.kind !== 'spanner' || after.kind !== 'columns' || box.inlineContent || input.page === undefined) return false;
  const first = box.children[after.start]!;
  if (first.kind === 'out-of-flow' || !avoidsBreak(first.style.breakInside, true)) return false;
  const width = input.geometry.width;
  const laid = layoutBox(first, {
    mode: 'measure', available: width, containingWidth: width, containingHeight: undefined, x: 0, y: 0, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS, fragmentainer: undefined,
  }, ctx, undefined);
  if (laid.kind !== 'placed') return false;
  const height = laid.endY + collapsedMargin(laid.strut);
  return height <= input.geometry.count * Math.max(0, input.page.bottom - state.y) + 0.01;
}

/** A forced page break between two segments (a column break there does nothing: the spanner ends the columns). */
function forcedBetween(before: Segment, after: Segment, box: BlockBox): ForcedBreak | undefined {
  if (box.inlineContent) return undefined;
  const last = before.kind === 'spanner' ? before.box : box.children[before.end - 1]!;
  const first = after.kind === 'spanner' ? after.box : box.children[after.start]!;
  return pageBreak(first.style.breakBefore) ?? pageBreak(last.style.breakAfter);
}

function pageBreak(value: BlockLevelBox['style']['breakBefore']): ForcedBreak | undefined {
  const kind = forcedBreakOf(value);
  return kind === 'column' ? undefined : kind;
}
