/**
 * A flex container (CSS Flexbox 1): its box (width as a block, or fixed from outside; height from
 * its lines unless definite), its items laid out by the flex algorithm (plan.ts), placed
 * (place.ts) and fragmented across pages (paginate.ts), and the result of the layout-core
 * contract: baselines from its first and last lines (§8.5), absolutely positioned children at
 * the content box's start (§4.1).
 */
import type { FlexBox, LayoutBox } from '../../boxes/types.js';
import type { Baselines, BreakToken, LayoutContext, LayoutInput, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { extendsToEnd, sizingStyle } from '../contract.js';
import { boxMemo, memoized } from '../box-memo.js';
import { EMPTY_STRUT, addMargin } from '../margins.js';
import { clampHeight, containerMetrics, definiteContentHeight, marginOrZero, resolveMaxSize, resolveMinSize, toContentSize } from '../box-model.js';
import { forcedBreakOf } from '../break-token.js';
import { slicedContainer } from '../fragment.js';
import { containerStart } from '../container-start.js';
import { contentHeightFromRatio, withRatioWidth } from '../aspect-ratio.js';
import { flexAxes, usedGap } from './axes.js';
import type { FlexEnv } from './env.js';
import { baselineAligned } from './env.js';
import { collectItems, flexItem } from './items.js';
import { absoluteStaticOffset } from './absolute.js';
import type { ContainerLimits } from './plan.js';
import { planFlex } from './plan.js';
import type { FlexPlan } from './plan.js';
import type { PlacedItem } from './place.js';
import type { FlowResult } from './paginate.js';
import { contentEnd, forcesBreak, placeAll, placeFragmented } from './paginate.js';

/**
 * The container's lines and items' sizes, planned once per render for what they depend on (the
 * sizes, the containing block, autoHeight): a container split over pages is laid out once per
 * page, and planning all its items again each time made a long column of n items cost n² (3,000
 * items on 300 pages: 4.4 s).
 */
const PLANS = boxMemo<FlexBox, FlexPlan>('flex plans');

export function layoutFlex(box: FlexBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = sizingStyle(box, input);
  const continued = resume !== undefined;
  const cw = input.containingWidth;
  const metrics = containerMetrics(style, withRatioWidth(style, input));
  const { h, border, padding, edgesX, edgesY } = metrics;
  const specifiedHeight = definiteContentHeight(style, input.containingHeight, edgesY) ?? contentHeightFromRatio(style, h.contentWidth + edgesX, { x: edgesX, y: edgesY });
  const definiteHeight = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY)
    : specifiedHeight === undefined ? undefined : clampHeight(style, specifiedHeight, input.containingHeight, edgesY);
  // A flexed height from outside may be no definite size for the items' percentages (§9.8).
  const percentHeight = input.fixedHeightIndefinite === true ? undefined : definiteHeight;
  const env = flexEnv(box, h.contentWidth, definiteHeight, percentHeight, ctx);
  const { boxes, positioned } = collectItems(box);
  const key = `${h.contentWidth}|${definiteHeight}|${percentHeight}|${input.containingWidth}|${input.containingHeight}|${input.autoHeight ?? false}|${edgesY}`;
  const plan = memoized(ctx, PLANS, box, key, () => {
    const items = boxes.map((item, i) => flexItem(item, i, env.axes, { containingWidth: h.contentWidth, containingHeight: percentHeight }, ctx));
    return planFlex(items, env, containerLimits(box, input, edgesY, env), style);
  });

  const { page, borderTop, top } = containerStart(style, input, metrics, continued);
  const origin = { mode: input.mode, x: input.x + h.marginLeft + border.left + padding.left, y: borderTop + top.border + top.padding };
  const innerHeight = env.axes.row ? plan.innerCross : plan.innerMain;
  const fits = page === undefined || input.mode === 'measure' || (!continued && origin.y + innerHeight + padding.bottom + border.bottom <= (input.fragmentainer?.bottom ?? Infinity) + 0.01 && !forcesBreak(plan));
  let flow: FlowResult = fits ? { placed: placeAll(plan, env, origin), breakToken: undefined, pushed: false } : placeFragmented(box, plan, env, origin, { page, resume });
  if (flow.pushed) return { kind: 'pushed' };

  // Its items done on this page, a definite height that runs past the page end breaks there and
  // goes on over the next pages, as a block's does (Chromium prints a cover of 11in on 10in pages so).
  const consumedBefore = resume?.kind === 'block' ? resume.consumed ?? 0 : 0;
  const heightGoesOn = !fits && flow.breakToken === undefined && definiteHeight !== undefined && extendsToEnd(input.fragmentainer)
    && origin.y + definiteHeight - consumedBefore > input.fragmentainer.bottom - (style.boxDecorationBreak === 'clone' ? padding.bottom + border.bottom : 0) + 0.01;
  if (heightGoesOn) flow = { ...flow, breakToken: { kind: 'block', box, children: [], next: box.children.length } };
  const broken = flow.breakToken !== undefined;
  const placedHeight = fits ? innerHeight : contentEnd(flow.placed, env, origin.y);
  // broken, it extends to the page end (as Chromium prints it), above the bottom edges it clones
  const clonedEdges = style.boxDecorationBreak === 'clone' ? padding.bottom + border.bottom : 0;
  // a definite height spans the fragments (CSS Fragmentation 3 §4.4): the last one takes what the earlier ones left of it
  const consumed = consumedBefore;
  const carried = continued && !broken && definiteHeight !== undefined ? Math.max(placedHeight, definiteHeight - consumed) : placedHeight;
  const contentHeight = broken && extendsToEnd(input.fragmentainer) ? Math.max(placedHeight, input.fragmentainer.bottom - origin.y - clonedEdges) : carried;
  const x = input.x + h.marginLeft;
  const fragment = slicedContainer(box, metrics, { x, y: borderTop, contentHeight }, flow.placed.map((p) => p.fragment), { continued, broken });
  const statics = (child: LayoutBox): { x: number; y: number } => absoluteStaticOffset(child, env, { main: plan.innerMain, cross: plan.innerCross }, style.justifyContent);
  const escaping = escapingBoxes(flow.placed, positioned, origin, statics, input.mode);
  const endY = borderTop + fragment.height;
  return {
    kind: 'placed', fragment, endY,
    strut: addMargin(EMPTY_STRUT, broken ? 0 : marginOrZero(style.marginBottom, cw)), resolvedAt: borderTop,
    baselines: containerBaselines(flow.placed, env, borderTop),
    // what the fragments took so far: for a definite height, and for stretched items of a row split across pages (paginate.ts)
    breakToken: flow.breakToken?.kind === 'block' ? { ...flow.breakToken, consumed: consumed + contentHeight } : flow.breakToken,
    forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions, positioned: escaping.positioned, pageContent: escaping.pageContent,
  };
}

function flexEnv(box: FlexBox, contentWidth: number, definiteHeight: number | undefined, percentHeight: number | undefined, ctx: LayoutContext): FlexEnv {
  const style = box.style;
  const axes = flexAxes(style);
  const columnGap = usedGap(style.columnGap, contentWidth);
  const rowGap = usedGap(style.rowGap, percentHeight);
  return {
    axes, ctx,
    space: { containingWidth: contentWidth, containingHeight: percentHeight },
    mainSize: axes.row ? contentWidth : definiteHeight,
    crossSize: axes.row ? definiteHeight : contentWidth,
    mainGap: axes.row ? columnGap : rowGap,
    crossGap: axes.row ? rowGap : columnGap,
    alignItems: style.alignItems,
  };
}

/** min-height/max-height of the container (content box), which hold an auto height. */
function containerLimits(box: FlexBox, input: LayoutInput, edgesY: number, env: FlexEnv): ContainerLimits {
  const style = sizingStyle(box, input);
  const min = toContentSize(resolveMinSize(style.minHeight, input.containingHeight), style, edgesY);
  const maxRaw = resolveMaxSize(style.maxHeight, input.containingHeight);
  const max = Math.max(min, maxRaw === Infinity ? Infinity : toContentSize(maxRaw, style, edgesY));
  return env.axes.row ? { minMain: 0, maxMain: Infinity, minCross: min, maxCross: max } : { minMain: min, maxMain: max, minCross: 0, maxCross: Infinity };
}

/**
 * What escapes the container: its items' positioned and fixed descendants, and its own
 * absolutely positioned children, whose static position is the content box's start (§4.1).
 */
function escapingBoxes(
  placed: readonly PlacedItem[], children: ReturnType<typeof collectItems>['positioned'], origin: { x: number; y: number },
  statics: (child: LayoutBox) => { x: number; y: number }, mode: LayoutInput['mode'],
): { positioned: PendingPositioned[]; pageContent: PageContent[] } {
  const positioned = placed.flatMap((p) => p.positioned);
  const pageContent = placed.flatMap((p) => p.pageContent);
  if (mode === 'measure') return { positioned, pageContent };
  for (const placeholder of children) {
    if (placeholder.box.kind === 'out-of-flow') continue;
    const at = statics(placeholder.box);
    // The static position is the margin box's top-left, aligned already (so read as ltr).
    const pending = { placeholder, staticX: origin.x + at.x, staticY: origin.y + at.y, staticRight: Infinity, staticDirection: 'ltr' as const };
    if (placeholder.scheme === 'fixed') pageContent.push({ kind: 'fixed', ...pending });
    else positioned.push(pending);
  }
  return { positioned, pageContent };
}

/**
 * The container's baselines (§8.5): from the first line's baseline-aligned item, else its first
 * item (a box without a baseline gives its border-box bottom); the last from the last line
 * (first and last from the top, as browsers do for `wrap-reverse`).
 */
function containerBaselines(placed: readonly PlacedItem[], env: FlexEnv, borderTop: number): Baselines {
  if (placed.length === 0) return { first: undefined, last: undefined };
  const pick = (candidates: readonly PlacedItem[]): PlacedItem => candidates.find((p) => baselineAligned(p.planned.item, env)) ?? candidates[0]!;
  // The first and last lines from the top: `wrap-reverse` stacks them upwards.
  const upwards = env.axes.row && env.axes.crossReverse;
  const firstLine = upwards ? placed[placed.length - 1]!.planned.line : placed[0]!.planned.line;
  const lastLine = upwards ? placed[0]!.planned.line : placed[placed.length - 1]!.planned.line;
  const first = pick(placed.filter((p) => p.planned.line === firstLine));
  const last = env.axes.row ? pick(placed.filter((p) => p.planned.line === lastLine)) : placed[placed.length - 1]!;
  const offset = (p: PlacedItem, value: number | undefined): number => p.fragment.y - borderTop + (value ?? p.fragment.height);
  return { first: offset(first, first.output.baselines.first), last: offset(last, last.output.baselines.last) };
}
