/**
 * Block-level children in normal flow, one after the other (CSS2 §9.4.1), with the floats of
 * the formatting context (float.ts, §9.5), clearance (§9.5.2), formatting context roots placed
 * beside floats (§9.5), absolutely positioned boxes left at their static position (§10.3.7),
 * and page breaks between children (CSS Fragmentation 3 §4).
 */
import type { BlockBox, BlockFlowBox, BlockLevelBox, LayoutBox, OutOfFlowBox } from '../../boxes/types.js';
import type { BreakValue } from '../../css/types.js';
import type { Fragment } from '../types.js';
import { SharedList } from '../shared-list.js';
import type { Baselines, BreakToken, Fragmentainer, LayoutContext, LayoutInput, LayoutOutput, PageContent, PendingPositioned } from '../contract.js';
import { bottomAt, fragmentainerAt, layoutBox } from '../contract.js';
import { establishesBfc, isMulticol } from '../formatting-context-root.js';
import { isScrollingOverflow } from '../../css/properties/display.js';
import type { MarginStrut } from '../margins.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from '../margins.js';
import type { ExclusionSpace } from '../exclusions.js';
import { clearSides, floatsBottom, freeBand, hasFloatFrom, hasFloatsBeside, nextFloatBottom } from '../exclusions.js';
import { legacyAlign, marginOrZero } from '../box-model.js';
import { avoidsAtEdge, avoidsBreak, combinedBreak, forcedBreakAtEnd, forcedBreakOf } from '../break-token.js';
import { layoutFloat } from './float.js';
import { pageNameChanges } from '../page/page-names.js';

/** A block container being laid out: where its content box is, and the flow state its children start from. */
export interface BlockFrame {
  readonly box: BlockBox;
  readonly contentX: number;
  readonly contentWidth: number;
  readonly containingHeight: number | undefined;
  readonly mode: LayoutInput['mode'];
  /** Where the children start, before `strut`. */
  readonly y: number;
  readonly strut: MarginStrut;
  readonly fragmentainer: Fragmentainer | undefined;
  readonly exclusions: ExclusionSpace;
  /** The ascent an outside list marker asks of the first line (contract.ts `markerAscent`), if the frame holds that line. */
  readonly markerAscent?: number | undefined;
}

/** Content of a block on one page, in the block's flow frame. */
export interface ChildrenResult {
  readonly fragments: readonly Fragment[];
  /** y after the last child's border box (before its pending margins). */
  readonly endY: number;
  readonly strut: MarginStrut;
  readonly resolvedAt: number | undefined;
  readonly breakToken: BreakToken | undefined;
  readonly pushed: boolean;
  readonly exclusions: ExclusionSpace;
  /** Absolute y of the first and last baselines in the content. */
  readonly baselines: Baselines;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

interface Placed {
  readonly fragments: readonly Fragment[];
  /** Loop state before this child, to step back when a break must move earlier. */
  readonly before: FlowState;
  readonly complete: boolean;
  /** In-flow content of this page: not a float, nor floats continued from the previous page. */
  readonly inFlow: boolean;
}

interface FlowState {
  readonly y: number;
  readonly strut: MarginStrut;
  readonly resolvedAt: number | undefined;
  readonly exclusions: ExclusionSpace;
  readonly baselines: Baselines;
  readonly positioned: SharedList<PendingPositioned>;
  readonly pageContent: SharedList<PageContent>;
  /** Children that continue on the next page beside the flow (CSS Fragmentation 3 §4.3): split floats, boxes whose floats continue. */
  readonly parallel: readonly ResumedChild[];
}

interface ResumedChild {
  readonly index: number;
  readonly token: BreakToken;
}

/** A child to lay out on this page, with where it resumes (undefined: from its start). */
interface Work {
  readonly index: number;
  readonly token: BreakToken | undefined;
}

export function layoutBlockChildren(frame: BlockFrame, box: BlockFlowBox, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  const children = box.children;
  const resumeBlock = resume?.kind === 'block' ? resume : undefined;
  const resumed = resumeBlock?.children ?? [];
  const next = resumeBlock?.next ?? 0;
  // The children that resume come first (split floats before the in-flow child they precede), then
  // those not started — told by position, not listed: a list of 100,000 items listed the rest of
  // its children on each of its pages
  const workCount = resumed.length + Math.max(0, children.length - next);
  const workAt = (k: number): Work => (k < resumed.length ? resumed[k]! : { index: next + k - resumed.length, token: undefined });
  const start = resumed[resumed.length - 1]?.index ?? next;
  const placed: Placed[] = [];
  let state: FlowState = {
    y: frame.y, strut: frame.strut, resolvedAt: undefined, exclusions: frame.exclusions,
    baselines: { first: undefined, last: undefined }, positioned: SharedList.empty(), pageContent: SharedList.empty(), parallel: [],
  };
  const result = (breakAt: number | undefined, child?: BreakToken, forced?: ReturnType<typeof forcedBreakOf>): ChildrenResult => ({
    fragments: placed.flatMap((p) => p.fragments), endY: state.y, strut: state.strut, resolvedAt: state.resolvedAt,
    breakToken: blockToken(box, state.parallel, breakAt, child, forced),
    pushed: false, exclusions: state.exclusions, baselines: state.baselines, positioned: state.positioned.slice(), pageContent: state.pageContent.slice(),
  });
  const pushed = (): ChildrenResult => ({ ...result(undefined), pushed: true });
  // what the children placed so far hold, kept as they are placed: searched per child, 100,000
  // empty blocks (none takes room) cost minutes
  const placedSoFar = { fragments: false, roomInFlow: false, room: false };

  let previous: Work | undefined;
  let chained = false;
  for (let k = 0; k < workCount; k++) {
    const current = workAt(k);
    const { index: i, token: childResume } = current;
    const child = children[i]!;
    const placedAny = state.resolvedAt !== undefined || placedSoFar.fragments;
    // floats before an in-flow child leave it at the top of the page: no break opportunity before it
    // (as Chromium); a float after floats is not at the top (it must not overflow the page there)
    // (an empty block that takes no room leaves it at the top too: Chromium does not break after it)
    const placedInFlow = state.resolvedAt !== undefined || (child.kind === 'out-of-flow' ? placedSoFar.room : placedSoFar.roomInFlow);
    if (previous !== undefined && endsHere(previous, children, i)) {
      const forced = forcedBreakBetween(children, i, frame.fragmentainer, ctx);
      if (forced !== undefined && frame.fragmentainer !== undefined) return result(i, undefined, forced);
    }
    if (k === 0 && resumeBlock === undefined && frame.fragmentainer !== undefined && !frame.fragmentainer.atTop
      && pageBreakKind(child.style.breakBefore, frame.fragmentainer) !== undefined) {
      return pushed();
    }
    // a child ends above the notes of the footnote calls before it (CSS GCPM 3 §2.5)
    const page = frame.fragmentainer;
    const atTop = page !== undefined && page.atTop && !placedInFlow && !belowEmptySiblings(child, state.strut, placedSoFar.fragments, frame);
    // every break before it on this page is to be avoided (see Fragmentainer.avoidedToTop)
    chained = page !== undefined && (atTop || (previous === undefined ? page.avoidedToTop === true : chained && avoidsBreakBetween(children[previous.index]!, child, page)));
    const fragmentainer = page === undefined ? undefined : {
      ...fragmentainerAt(page, state.y),
      atTop,
      discardTopMargins: page.discardTopMargins && !placedAny,
      avoidedToTop: chained ? true as const : undefined,
    };
    const lay = (room: Fragmentainer | undefined): ChildOutcome => (child.kind === 'out-of-flow'
      ? outOfFlow({ child, index: i, fragmentainer: room, resume: childResume }, frame, state, ctx)
      : inFlow({ child, index: i, fragmentainer: room, resume: childResume }, frame, state, ctx));
    const first = lay(fragmentainer);
    const narrower = roomForCallsInside(child, fragmentainer, first, state);
    const laid = narrower === undefined ? first : lay(narrower);
    if (laid.kind === 'pushed') {
      if (placed.length === 0 || !placedAny) return pushed();
      const stepBack = avoidStepBack(children, placed, i, start, frame.fragmentainer);
      // every break back to the first child placed here is to be avoided (the first's too, which avoidStepBack keeps)
      const avoidedToStart = stepBack === i - start - 1 && stepBack === placed.length - 1 && avoidsBreakBetween(children[start]!, children[start + 1]!, frame.fragmentainer);
      if (avoidedToStart && resumeBlock === undefined && movesWhole(placed, frame.fragmentainer)) return pushed();
      if (stepBack > 0 && !(avoidedToStart && everyBreakBeforeAvoided(frame.fragmentainer))) {
        const first = placed[placed.length - stepBack]!;
        placed.length -= stepBack;
        state = first.before;
        return result(i - stepBack);
      }
      return result(i);
    }
    previous = current;
    const inFlowContent = child.kind !== 'out-of-flow' && childResume?.atBlockEnd !== true;
    placed.push({ fragments: laid.fragments, before: state, complete: laid.breakToken === undefined, inFlow: inFlowContent });
    const takes = laid.fragments.some(takesRoom);
    placedSoFar.fragments ||= laid.fragments.length > 0;
    placedSoFar.room ||= takes;
    placedSoFar.roomInFlow ||= takes && inFlowContent;
    state = laid.state;
    if (laid.breakToken !== undefined) return result(i, laid.breakToken);
  }
  return result(undefined);
}

/** Does a placed fragment take room on the page (an empty block collapsed to nothing does not)? */
function takesRoom(fragment: Fragment): boolean {
  return fragment.kind !== 'box' || fragment.height > 0 || fragment.children.length > 0;
}

/**
 * A box that does not lay its content out in flow order (multi-column, flex, grid, table)
 * cannot narrow its room call by call inside: with footnote calls in it, it ends above the
 * notes of all of them (the fragmentainer to lay it out again with; undefined when it need not be).
 */
function roomForCallsInside(child: BlockLevelBox, page: Fragmentainer | undefined, outcome: ChildOutcome, before: FlowState): Fragmentainer | undefined {
  if (page?.limits === undefined || outcome.kind === 'pushed' || (child.kind === 'block' && !isMulticol(child.style))) return undefined;
  let lastCall = -Infinity;
  for (const content of outcome.state.pageContent.slice(before.pageContent.length)) {
    if (content.kind === 'footnote') lastCall = Math.max(lastCall, content.staticY);
  }
  const bottom = bottomAt(page, lastCall);
  return bottom < page.bottom - 0.01 ? { ...page, bottom } : undefined;
}

/**
 * The block's token: the children that continue beside the flow, then the in-flow child the
 * break is in (or before); undefined when all is done. With only parallel flows left, the
 * block's own content is complete (`atBlockEnd`).
 */
function blockToken(box: BlockFlowBox, parallel: readonly ResumedChild[], breakAt: number | undefined, child: BreakToken | undefined, forced: ReturnType<typeof forcedBreakOf>): BreakToken | undefined {
  if (breakAt === undefined) {
    return parallel.length === 0 ? undefined : { kind: 'block', box, children: parallel, next: box.children.length, atBlockEnd: true };
  }
  return {
    kind: 'block', box,
    children: child === undefined ? parallel : [...parallel, { index: breakAt, token: child }],
    next: child === undefined ? breakAt : breakAt + 1,
    ...(forced !== undefined ? { forced } : {}),
  };
}

/**
 * Did the previous item's in-flow content end on this page right before child `index` (so that a
 * forced break between them applies here)? Not when it only continued a split float or the
 * floats of a box that was complete already: that break was taken on an earlier page.
 */
function endsHere(previous: Work, children: readonly BlockLevelBox[], index: number): boolean {
  if (previous.index !== index - 1) return false;
  if (previous.token === undefined) return true;
  return children[previous.index]!.kind !== 'out-of-flow' && previous.token.atBlockEnd !== true;
}

type ChildOutcome =
  | { readonly kind: 'placed'; readonly fragments: readonly Fragment[]; readonly state: FlowState; readonly breakToken: BreakToken | undefined }
  | { readonly kind: 'pushed' };

/** A child to lay out: its index among its siblings, its fragmentainer and where it resumes. */
interface ChildStep<C extends BlockLevelBox> {
  readonly child: C;
  readonly index: number;
  readonly fragmentainer: Fragmentainer | undefined;
  readonly resume: BreakToken | undefined;
}

/** An in-flow block-level child: clearance, room beside floats, then its own layout. */
function inFlow(step: ChildStep<Exclude<BlockLevelBox, OutOfFlowBox>>, frame: BlockFrame, state: FlowState, ctx: LayoutContext): ChildOutcome {
  const { child, index, resume } = step;
  let flow = resume === undefined ? withClearance(child, frame, state) : state;
  // cleared down to the page end or past it, by floats on this page: it goes on the next page
  const clearedOff = step.fragmentainer?.atTop === true && flow.y > state.y && flow.y >= bottomAt(step.fragmentainer, flow.y) - 0.01;
  const fragmentainer = clearedOff ? { ...step.fragmentainer, atTop: false } : step.fragmentainer;
  // re-resolving the margins below moves the child, not the floats: one room for every attempt
  // the first line not placed yet may be in this child: an outside marker's ascent goes with it
  const markerAscent = resume === undefined && state.baselines.first === undefined ? frame.markerAscent : undefined;
  const room = { fragmentainer, exclusions: flow.exclusions, markerAscent };
  let laid = layoutBox(child, childInput(frame, room, flow.y, flow.strut), ctx, resume);
  if (laid.kind === 'placed' && resume === undefined && establishesBfc(child) && separatesFromAdjoiningFloats(flow, laid, frame)) {
    const at = flow.y + collapsedMargin(flow.strut);
    flow = { ...flow, y: at, strut: EMPTY_STRUT, resolvedAt: flow.resolvedAt ?? at };
    laid = layoutBox(child, childInput(frame, room, flow.y, flow.strut), ctx, resume);
  }
  if (laid.kind === 'placed' && establishesBfc(child) && hasFloatsBeside(flow.exclusions, laid.fragment.y, Math.max(laid.fragment.height, 0.02))) {
    const beside = besideFloats(child, frame, flow, (y, strut, x, available) => layoutBox(child, childInput(frame, room, y, strut, { x, available }), ctx, resume));
    laid = beside.laid;
    flow = beside.flow;
  }
  // (where every break before it is to be avoided too, the break inside is no worse: Chromium takes the latest)
  if (laid.kind === 'placed' && laid.breakToken !== undefined && !(fragmentainer?.atTop ?? true) && fragmentainer?.avoidedToTop !== true && isAvoidBreak(child.style.breakInside, fragmentainer)) {
    return { kind: 'pushed' };
  }
  if (laid.kind === 'pushed') return laid;
  const after = resume === undefined && laid.resolvedAt === undefined && clearsHere(child, frame, state, flow) ? afterClearedEmpty(flow, laid, marginOrZero(child.style.marginBottom, frame.contentWidth)) : afterChild(flow, laid);
  // Complete but for its floats: its siblings follow it on this page, its floats continue beside them.
  if (laid.breakToken?.atBlockEnd === true) {
    return { kind: 'placed', fragments: [laid.fragment], state: { ...after, parallel: [...after.parallel, { index, token: laid.breakToken }] }, breakToken: undefined };
  }
  return { kind: 'placed', fragments: [laid.fragment], state: after, breakToken: laid.breakToken };
}

interface ChildRoom {
  readonly fragmentainer: Fragmentainer | undefined;
  readonly exclusions: ExclusionSpace;
  readonly markerAscent: number | undefined;
}

/**
 * The input of an in-flow child at `y`, in `band` (the content box's width when not beside floats).
 * A function, not a closure made per child.
 */
function childInput(frame: BlockFrame, room: ChildRoom, y: number, strut: MarginStrut, band?: { readonly x: number; readonly available: number }): LayoutInput {
  return {
    mode: frame.mode, available: band?.available ?? frame.contentWidth, containingWidth: frame.contentWidth, containingHeight: frame.containingHeight,
    containingDirection: frame.box.style.direction, containingAlign: legacyAlign(frame.box.style), x: band?.x ?? frame.contentX, y, strut,
    fragmentainer: room.fragmentainer, exclusions: room.exclusions, markerAscent: room.markerAscent,
  };
}

/**
 * A child's last baseline as an inline-block around it takes it, in the flow's frame: a block
 * scroll container's is its bottom margin edge whatever it holds, as Chromium 156 aligns an inline-block
 * whose last child has `overflow: hidden` (its text's baseline or none, it sits on the line by
 * the child's bottom margin edge); another's is its own (undefined when it has none).
 */
function inlineBlockBaselineOf(laid: LayoutOutput): number | undefined {
  const { box, style, y, height } = laid.fragment;
  // a flex, grid or table scroll container keeps its own baseline (Chromium 156, measured)
  const scrolls = box.kind === 'block' && (isScrollingOverflow(style.overflowX) || isScrollingOverflow(style.overflowY));
  if (scrolls) return y + height + collapsedMargin(laid.strut);
  const own = laid.baselines.inlineBlockLast ?? laid.baselines.last;
  return own === undefined ? undefined : y + own;
}

/**
 * Floats placed while the margins above are still unresolved sit where those margins end. A
 * formatting context root that does not fit beside them there is pushed below them, and its top
 * margin no longer collapses with the margins above, so the floats stay where they are (as in
 * browsers; WPT new-fc-separates-from-float). One that fits keeps its collapsed margin.
 */
function separatesFromAdjoiningFloats(flow: FlowState, laid: LayoutOutput, frame: BlockFrame): boolean {
  if (flow.resolvedAt !== undefined) return false;
  const at = flow.y + collapsedMargin(flow.strut);
  if (laid.fragment.y <= at + 0.01 || !hasFloatFrom(flow.exclusions, at)) return false;
  const height = Math.max(laid.fragment.height, 0.02);
  if (!hasFloatsBeside(flow.exclusions, at, height)) return false;
  const band = freeBand(flow.exclusions, at, height, frame.contentX, frame.contentX + frame.contentWidth);
  return laid.fragment.width > band.right - band.left + 0.01;
}

function afterChild(state: FlowState, laid: LayoutOutput): FlowState {
  const top = laid.fragment.y;
  const first = laid.baselines.first === undefined ? undefined : top + laid.baselines.first;
  const last = laid.baselines.last === undefined ? undefined : top + laid.baselines.last;
  const inlineBlockLast = inlineBlockBaselineOf(laid);
  return {
    y: laid.endY,
    strut: laid.strut,
    resolvedAt: state.resolvedAt ?? laid.resolvedAt,
    exclusions: laid.exclusions,
    baselines: {
      first: state.baselines.first ?? first, last: last ?? state.baselines.last,
      inlineBlockLast: inlineBlockLast ?? state.baselines.inlineBlockLast ?? state.baselines.last,
    },
    positioned: state.positioned.append(laid.positioned),
    pageContent: state.pageContent.append(laid.pageContent),
    parallel: state.parallel,
  };
}

/**
 * Does an empty child's `clear` end the margins collapsing through it? With clearance; and, as
 * Chromium 156 lays it out, also when the cleared floats reach below the container's top plus the
 * margins pending above the child, though they end above the child itself: Chromium then fixes
 * the child's position to test for clearance, and the margins below it start again there (a
 * clearfix `<div style="clear: both">` under floats that ended above it).
 */
function clearsHere(child: LayoutBox, frame: BlockFrame, before: FlowState, flow: FlowState): boolean {
  const sides = clearSides(child.style.clear, frame.box.style.direction);
  if (sides === undefined) return false;
  if (flow.y !== before.y && flow.resolvedAt !== undefined) return true;
  const pending = collapsedMargin(addMargin(before.strut, marginOrZero(child.style.marginTop, frame.contentWidth)));
  return floatsBottom(before.exclusions, sides) > frame.y + pending + 0.01;
}

/**
 * An empty box with clearance that its margins collapse through: its top margin does not
 * collapse with what follows (CSS2 §8.3.1), the flow goes on from its border edge, below the floats.
 */
function afterClearedEmpty(state: FlowState, laid: LayoutOutput, marginBottom: number): FlowState {
  const after = afterChild(state, laid);
  return { ...after, y: laid.fragment.y, strut: addMargin(EMPTY_STRUT, marginBottom), resolvedAt: after.resolvedAt ?? laid.fragment.y };
}

/**
 * Clearance (CSS2 §9.5.2): when the child's border edge would sit above the floats it clears,
 * the margins above it are resolved and it starts below those floats.
 */
function withClearance(child: LayoutBox, frame: BlockFrame, state: FlowState): FlowState {
  const clear = clearSides(child.style.clear, frame.box.style.direction);
  if (clear === undefined) return state;
  const floats = floatsBottom(state.exclusions, clear);
  if (floats === -Infinity) return state;
  const marginTop = marginOrZero(child.style.marginTop, frame.contentWidth);
  const hypothetical = state.y + collapsedMargin(addMargin(state.strut, marginTop));
  const resolved = state.y + collapsedMargin(state.strut);
  // Floats placed while the margins above are unresolved sit where those margins end: a margin
  // that collapses with them would move them down too, so it never takes the child past them
  // (the clearance is then negative; WPT negative-clearance-after-adjoining-float).
  const adjoining = state.resolvedAt === undefined && hasFloatFrom(state.exclusions, resolved);
  if (hypothetical >= (adjoining ? floats + hypothetical - resolved : floats)) return state;
  return { ...state, y: floats - marginTop, strut: EMPTY_STRUT, resolvedAt: state.resolvedAt ?? resolved };
}

/**
 * A formatting context root's border box may not overlap the floats of its parent's context
 * (CSS2 §9.5): it goes beside them where it fits — its margins may reach under the floats —
 * else below the next float that ends.
 */
function besideFloats(
  child: LayoutBox, frame: BlockFrame, state: FlowState,
  lay: (y: number, strut: MarginStrut, x: number, available: number) => ReturnType<typeof layoutBox>,
): { laid: ReturnType<typeof layoutBox>; flow: FlowState } {
  const cw = frame.contentWidth;
  const margin = { top: marginOrZero(child.style.marginTop, cw), left: marginOrZero(child.style.marginLeft, cw), right: marginOrZero(child.style.marginRight, cw) };
  const cbLeft = frame.contentX;
  const cbRight = frame.contentX + cw;
  let flow = state;
  let top = state.y + collapsedMargin(addMargin(state.strut, margin.top));
  let height = 0;
  for (let attempt = 0; attempt <= state.exclusions.count; attempt++) {
    const band = freeBand(state.exclusions, top, height, cbLeft, cbRight);
    const floatLeft = band.left > cbLeft + 0.01;
    const floatRight = band.right < cbRight - 0.01;
    // Beside a float a negative margin does not widen the box past it (as Blink: margins apply
    // from the content edge, only positive ones narrow the band) and the room never goes below 0.
    const floated = floatLeft || floatRight;
    const left = floated ? Math.max(band.left, cbLeft + Math.max(0, margin.left)) : cbLeft + margin.left;
    const right = floated ? Math.min(band.right, cbRight - Math.max(0, margin.right)) : cbRight - margin.right;
    const available = Math.max(0, Math.max(0, right - left) + margin.left + margin.right);
    const laid = lay(flow.y, flow.strut, left - margin.left, available);
    if (laid.kind !== 'placed') return { laid, flow };
    const { x: borderX, width } = laid.fragment;
    const wide = floated
      ? width <= band.right - band.left + 0.01 && (!floatLeft || borderX >= band.left - 0.01) && (!floatRight || borderX + width <= band.right + 0.01)
      : width <= right - left + 0.01;
    const again = freeBand(state.exclusions, top, laid.fragment.height, cbLeft, cbRight);
    const same = again.left <= band.left + 0.01 && again.right >= band.right - 0.01;
    const next = nextFloatBottom(state.exclusions, top, Math.max(laid.fragment.height, 0.02));
    if ((wide && same) || next === undefined) return { laid, flow };
    if (wide && !same) {
      height = laid.fragment.height;
      continue;
    }
    flow = { ...flow, y: next - margin.top, strut: EMPTY_STRUT, resolvedAt: flow.resolvedAt ?? flow.y + collapsedMargin(flow.strut) };
    top = next;
    height = laid.fragment.height;
  }
  return { laid: lay(flow.y, flow.strut, cbLeft, cw), flow };
}

/**
 * A float is placed now (or the rest of a split one, at the top of the page); an absolutely
 * positioned or fixed box waits, with its static position.
 */
function outOfFlow(step: ChildStep<OutOfFlowBox>, frame: BlockFrame, state: FlowState, ctx: LayoutContext): ChildOutcome {
  const { child, index, fragmentainer, resume } = step;
  const staticY = state.y + collapsedMargin(state.strut);
  if (child.scheme !== 'float') {
    if (frame.mode === 'measure') return { kind: 'placed', fragments: [], state, breakToken: undefined };
    const pending = { placeholder: child, staticX: frame.contentX, staticY, staticRight: frame.contentX + frame.contentWidth, staticDirection: frame.box.style.direction, staticRect: 'block' as const };
    return {
      kind: 'placed', fragments: [], breakToken: undefined,
      state: child.scheme === 'absolute'
        ? { ...state, positioned: state.positioned.append([pending]) }
        : { ...state, pageContent: state.pageContent.append([{ kind: child.scheme, ...pending }]) },
    };
  }
  const float = layoutFloat(child, {
    minTop: staticY, left: frame.contentX, right: frame.contentX + frame.contentWidth, containingWidth: frame.contentWidth,
    containingHeight: frame.containingHeight, direction: frame.box.style.direction, exclusions: state.exclusions, fragmentainer, mode: frame.mode,
  }, ctx, resume);
  if (float === undefined) return { kind: 'pushed' };
  const parallel = float.breakToken === undefined ? state.parallel : [...state.parallel, { index, token: float.breakToken }];
  return {
    kind: 'placed', fragments: [float.fragment], breakToken: undefined,
    state: { ...state, exclusions: float.exclusions, positioned: state.positioned.append(float.positioned), pageContent: state.pageContent.append(float.pageContent), parallel },
  };
}

/** A forced break that applies here: a column break only in a column of a multi-column container (CSS Fragmentation 3 §3.1). */
function pageBreakKind(value: BreakValue, fragmentainer: Fragmentainer | undefined): ReturnType<typeof forcedBreakOf> {
  const kind = forcedBreakOf(value);
  return kind === 'column' && fragmentainer?.column !== true ? undefined : kind;
}

/**
 * The forced break before `children[i]`: its `break-before` combined with the previous sibling's
 * `break-after` (or its last child's, carried to its end; `combinedBreak`),
 * or a change of page name since the previous in-flow sibling — a watermark or a float between a
 * cover and the next section does not hide the change (Chromium breaks there; they stay before it).
 */
function forcedBreakBetween(children: readonly BlockLevelBox[], i: number, fragmentainer: Fragmentainer | undefined, ctx: LayoutContext): ReturnType<typeof forcedBreakOf> {
  const after = children[i]!;
  const forced = combinedBreak(forcedBreakAtEnd(children[i - 1]!, fragmentainer?.column === true), pageBreakKind(after.style.breakBefore, fragmentainer));
  if (forced !== undefined || ctx.pageNames === undefined || after.kind === 'out-of-flow') return forced;
  let before = i - 1;
  while (before > 0 && children[before]!.kind === 'out-of-flow') before--;
  return pageNameChanges(ctx.pageNames, children[before]!, after) ? 'page' : undefined;
}

function isAvoidBreak(value: BreakValue, fragmentainer: Fragmentainer | undefined): boolean {
  return avoidsBreak(value, fragmentainer?.column === true);
}

function avoidsBreakBetween(previous: BlockLevelBox, next: BlockLevelBox, fragmentainer: Fragmentainer | undefined): boolean {
  return avoidsAtEdge(previous, 'after', fragmentainer?.column === true) || avoidsAtEdge(next, 'before', fragmentainer?.column === true);
}

/**
 * Every break between the children placed on this page, and the one after them, is to be avoided
 * (a heading with `break-after: avoid` first in its section): the block moves whole, as Chromium
 * breaks before it — unless it is at the page top, where moving gains nothing, or every break
 * before it on the page is to be avoided too (then Chromium takes the latest).
 */
function movesWhole(placed: readonly Placed[], page: Fragmentainer | undefined): boolean {
  return page?.atTop === false && page.avoidedToTop !== true && placed[0]!.complete;
}

/**
 * Whether every break before the block on this page is to be avoided as well, back to the page
 * top: with those inside it, all are as bad, and Chromium takes the latest (before the child that
 * goes on) rather than stepping back.
 */
function everyBreakBeforeAvoided(page: Fragmentainer | undefined): boolean {
  return page !== undefined && (page.atTop || page.avoidedToTop === true);
}

/**
 * When child `index` must go to the next page but the break before it is to be avoided
 * (`break-after: avoid` on the previous sibling, e.g. a heading, or `break-before: avoid`),
 * move the break before the previous sibling, if that leaves something on this page.
 */
function avoidStepBack(children: readonly BlockLevelBox[], placed: readonly Placed[], index: number, start: number, fragmentainer: Fragmentainer | undefined): number {
  let steps = 0;
  while (index - steps - 1 > start && steps < placed.length - 1) {
    const avoid = avoidsBreakBetween(children[index - steps - 1]!, children[index - steps]!, fragmentainer);
    if (!avoid || !placed[placed.length - 1 - steps]!.complete) break;
    steps++;
  }
  return steps;
}

/**
 * Empty siblings placed before `child` on the page (taking no room) and margins that put its top
 * below the page's: Chromium 156 breaks before it there — one that cannot break moves to the next
 * page, its margins truncated — where, with no margins, it does not break after empty blocks.
 */
function belowEmptySiblings(child: BlockLevelBox, strut: MarginStrut, siblingsBefore: boolean, frame: BlockFrame): boolean {
  const page = frame.fragmentainer;
  if (!siblingsBefore || page === undefined || page.discardTopMargins || child.kind === 'out-of-flow') return false;
  return collapsedMargin(addMargin(strut, marginOrZero(child.style.marginTop, frame.contentWidth))) > 0;
}
