/**
 * The formatting-context table: for each formatting context one entry `{ layout, intrinsicSizes }`
 * (contract.ts `FormattingContext`), and the one place that chooses the entry of a box
 * (`formattingContextOf`, an exhaustive switch on its kind). Block children, atomic inlines,
 * floats, positioned boxes, the page root and margin boxes all come through `layoutBox`; asking
 * for min-content or max-content (`input.available`) is the same call in measuring mode. The
 * context carries the table (`ctx.dispatch`, context.ts), so formatting contexts reach each other
 * only through it. A new formatting context is one new entry here (and its case in the choice).
 */
import type { BlockBox, FlexBox, LayoutBox, MathBox, ReplacedBox, TableWrapperBox } from '../../boxes/types.js';
import { layoutMath, mathIntrinsicSizes } from '../math/index.js';
import type { BreakToken, Dispatch, FormattingContext, IntrinsicSizes, LayoutContext, LayoutInput, LayoutResult } from '../contract.js';
import { cacheKey } from '../contract.js';
import { whereIs } from '../where-is.js';
import { layoutBlock } from '../block/index.js';
import { blockIntrinsicSizes } from '../block/intrinsic.js';
import { layoutBlockReplaced, replacedIntrinsicSizes } from '../block/replaced.js';
import { layoutFlex } from '../flex/index.js';
import { flexIntrinsicSizes } from '../flex/intrinsic.js';
import { layoutGrid } from '../grid/index.js';
import { gridIntrinsicSizes } from '../grid/sizing.js';
import { isMulticol, layoutMulticol } from '../multicol/index.js';
import { multicolIntrinsicSizes } from '../multicol/intrinsic.js';
import { layoutTable, tableIntrinsicSizes } from '../table/index.js';
import { measureIntrinsic } from '../intrinsic.js';
import { placePositionedDescendants, waitsForContainingBlock, withRelativeOffset } from '../positioned.js';
import { stitchedPlacement } from '../stitched-block.js';
import { assertNever } from '../../errors.js';
import { boxEdges, resolveSize } from '../box-model.js';
import { withKeywordSizes } from '../size-keywords.js';
import { initialContainingHeight, isVerticalRoot, layoutVerticalRoot, verticalRootIntrinsicSizes } from '../orthogonal.js';
import { countLayoutWork, withinRelayouts } from '../relayout-budget.js';
import type { BoxFragment } from '../types.js';
import { mayCallForVerticalBar, mayPrintScrollbars, resumedWithScrollbars, scrollbarsNotPrinted, scrollbarRoomAcross, withScrollbarsCalledFor, withSureScrollbars } from '../scrollbars.js';
import { measuredAfresh } from '../measure-cache.js';
import { contentBottom } from '../fragment.js';

/** The formatting contexts (CSS Display 3 §2), each for the boxes that establish it. */
interface FormattingContexts {
  readonly block: FormattingContext<BlockBox>;
  readonly multicol: FormattingContext<BlockBox>;
  readonly replaced: FormattingContext<ReplacedBox>;
  readonly flex: FormattingContext<FlexBox>;
  readonly grid: FormattingContext<FlexBox>;
  readonly table: FormattingContext<TableWrapperBox>;
  readonly math: FormattingContext<MathBox>;
}

const FORMATTING_CONTEXTS: FormattingContexts = {
  block: { layout: (box, input, ctx, resume) => layoutBlock(box, box, input, ctx, resume), intrinsicSizes: blockIntrinsicSizes },
  multicol: { layout: layoutMulticol, intrinsicSizes: multicolIntrinsicSizes },
  replaced: { layout: layoutBlockReplaced, intrinsicSizes: replacedIntrinsicSizes },
  flex: { layout: layoutFlex, intrinsicSizes: flexIntrinsicSizes },
  grid: { layout: layoutGrid, intrinsicSizes: gridIntrinsicSizes },
  table: { layout: layoutTable, intrinsicSizes: tableIntrinsicSizes },
  math: { layout: layoutMath, intrinsicSizes: mathIntrinsicSizes },
};

/** The entry of the formatting context `box` establishes, handed to `use` with the box typed for it. */
function formattingContextOf<T>(box: LayoutBox, use: <B extends LayoutBox>(context: FormattingContext<B>, box: B) => T): T {
  const table = FORMATTING_CONTEXTS;
  switch (box.kind) {
    case 'block': return use(isMulticol(box.style) ? table.multicol : table.block, box);
    case 'replaced': return use(table.replaced, box);
    case 'flex': return use(table.flex, box);
    case 'grid': return use(table.grid, box);
    case 'table-wrapper': return use(table.table, box);
    case 'math': return use(table.math, box);
    default: return assertNever(box, 'box kind');
  }
}

/**
 * Layout work (layouts and measures looked up, relayout-budget.ts `countLayoutWork`) between two
 * looks at the render's time limit inside a page. Pages are the driver's
 * checkpoint; a page whose layout multiplies (a search inside a search, relayout-budget.ts) or
 * is merely huge would otherwise run past the limit until it ends, and an engine called in
 * process has no watchdog to stop it. A counter, not a clock read per box: 1,024 units are
 * well under a millisecond.
 */
const WORK_PER_TIME_CHECK = 1024;
let nextTimeCheck = WORK_PER_TIME_CHECK;

/**
 * A scroll container is laid out with the room its scrollbars take (scrollbars.ts): those it is
 * sure to print first, then again with those its overflowing content calls for.
 */
function layoutBoxByTable(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  if (!mayPrintScrollbars(box)) {
    if (box.style.overflowX === 'scroll' || box.style.overflowY === 'scroll') warnScrollbarsNotPrinted(box, ctx);
    return layoutWithinBars(box, input, ctx, resume);
  }
  const resumed = resumedWithScrollbars(box, resume);
  if (resumed !== undefined) return layoutWithinBars(resumed, input, ctx, resume);
  let barred = withSureScrollbars(box);
  let result = layoutWithinBars(barred, input, ctx, resume);
  for (let pass = 0; pass < 2 && result.kind === 'placed'; pass++) {
    const wider = withScrollbarsCalledFor(barred, result.fragment);
    if (wider === undefined) break;
    // each level of nested overflowing boxes doubles the layouts below it: counted, and bounded
    const again = withinRelayouts(ctx, 'scrollbars', box.element, () => layoutWithinBars(wider, input, ctx, resume));
    if (again === undefined) break;
    barred = wider;
    result = again;
  }
  return result;
}

const SCROLLBARS_WARNED = cacheKey('scrollbars not printed warned', () => ({ done: false }));

/** `overflow: scroll` where octavo prints no scrollbar yet (a vertical box, a table cell): said once per render, at the first. */
function warnScrollbarsNotPrinted(box: LayoutBox, ctx: LayoutContext): void {
  const warned = ctx.caches.of(SCROLLBARS_WARNED);
  if (warned.done || !scrollbarsNotPrinted(box)) return;
  warned.done = true;
  ctx.diagnostics.warn('css_unsupported', '`overflow: scroll` in a vertical writing mode or a table cell prints no scrollbar and keeps no room for one (Chromium prints them)', whereIs(ctx, box.element));
}

function layoutWithinBars(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const work = countLayoutWork();
  if (work >= nextTimeCheck) {
    nextTimeCheck = work + WORK_PER_TIME_CHECK;
    ctx.checkBudget?.();
  }
  if (typeof input.available !== 'number') return measureIntrinsic(box, input, input.available, ctx);
  if (isVerticalRoot(box)) return withRelativeOffset(box.style, input, withPositionedPlaced(layoutVerticalRoot(box, input, ctx), input, ctx));
  const sized = withKeywordSizes(box, input, ctx);
  if (resume === undefined && sized.fragmentainer !== undefined && clipsAtFixedHeight(box, sized)) return monolithic(box, sized, ctx);
  return withRelativeOffset(box.style, sized, layoutByContext(box, sized, ctx, resume));
}

/**
 * Content sizes of a box asked for as itself include the room of the scrollbars it is sure to
 * print (its caller adds its border and padding as its style gives them); a box with that room
 * in its padding already (scrollbars.ts) is measured as it is, its room counted by its padding.
 */
function contentSizesByTable(box: LayoutBox, ctx: LayoutContext, keep: boolean, containingHeight?: number): IntrinsicSizes {
  if (isVerticalRoot(box)) return verticalRootIntrinsicSizes(box, ctx, initialContainingHeight(ctx));
  const barred = withSureScrollbars(box);
  const sizes = formattingContextOf(barred, (context, typed) => context.intrinsicSizes(typed, ctx, keep, containingHeight));
  const shown = mayCallForVerticalBar(barred) ? barsShownAt(box, sizes.maxContent, ctx, containingHeight) : barred;
  if (shown === box) return sizes;
  const room = scrollbarRoomAcross(shown);
  return { minContent: sizes.minContent + room, maxContent: sizes.maxContent + room };
}

/** The box as laid out (measured) at its max-content width, with the scrollbars its content calls for there. */
function barsShownAt(box: LayoutBox, maxContent: number, ctx: LayoutContext, containingHeight: number | undefined): LayoutBox {
  const width = maxContent + boxEdges(box.style, 0).x;
  // not kept: the content sizes that ask are kept, and a page of such boxes would hold every run
  const laid = measuredAfresh(box, { available: width, containingWidth: width, containingHeight, fixedWidth: width }, ctx);
  return laid.fragment.box as LayoutBox;
}

/** The table as the layout context carries it (context.ts). */
export const DISPATCH: Dispatch = { layoutBox: layoutBoxByTable, contentSizes: contentSizesByTable };

/** Lays out or measures a box (the entry point of document.ts); the same as contract.ts `layoutBox`. */
export { layoutBox } from '../contract.js';

/**
 * A box that clips its overflow in the block axis and has a definite height never grows with its
 * content: what runs past its end is clipped, so the page must not continue it either. A block
 * container breaks at the page end like any block and drops what its content has past its
 * height (block/index.ts `endsClippedHere`), as Chromium prints it; a flex or grid container is
 * laid out whole, as monolithic content (CSS Fragmentation 3 §4.1), and moves to the next page
 * when it does not fit (unless nothing precedes it there) — unless its content stays inside its
 * height: then it breaks as any flex or grid container does (monolithic).
 */
function clipsAtFixedHeight(box: LayoutBox, input: LayoutInput): boolean {
  const style = box.style;
  return box.kind !== 'replaced' && box.kind !== 'table-wrapper' && box.kind !== 'block' && style.overflowY !== 'visible'
    && resolveSize(style.height, input.containingHeight) !== undefined;
}

function monolithic(box: LayoutBox, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const page = input.fragmentainer!;
  const laid = withRelativeOffset(box.style, input, layoutByContext(box, { ...input, fragmentainer: undefined }, ctx, undefined));
  if (laid.kind !== 'placed' || laid.endY <= page.bottom + 0.01) return laid;
  // content that stays inside the height leaves nothing to clip: the container breaks as one
  // that does not clip, as Chromium breaks a fixed-height card that crosses the page end
  if ((box.kind === 'flex' || box.kind === 'grid') && !overflowsPaddingBox(laid.fragment)) return withRelativeOffset(box.style, input, layoutByContext(box, input, ctx, undefined));
  return page.atTop ? laid : { kind: 'pushed' };
}

/** Whether anything inside the fragment reaches below its padding box (what `overflow` would clip there). */
function overflowsPaddingBox(fragment: BoxFragment): boolean {
  return contentBottom(fragment) > fragment.height - fragment.border.bottom + 0.01;
}

function layoutByContext(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  return withPositionedPlaced(formattingContextOf(box, (context, typed) => context.layout(typed, input, ctx, resume)), input, ctx, resume);
}

/**
 * Once any formatting context has laid a box out: if the box is a containing block for absolutely
 * (or fixed) positioned boxes, it lays out those its content passed up (positioned.ts), once, here
 * — unless the caller sizes the box further and places them itself (`positionedPlacedByCaller`).
 */
function withPositionedPlaced(result: LayoutResult, input: LayoutInput, ctx: LayoutContext, resume?: BreakToken): LayoutResult {
  if (result.kind !== 'placed' || input.positionedPlacedByCaller === true) return result;
  // a positioned block broken across pages places by offsets in its fragments stitched together (stitched-block.ts)
  const stitched = input.mode === 'layout' ? stitchedPlacement(result.fragment, result, resume, result.breakToken, ctx) : undefined;
  if (stitched !== undefined) {
    const placed = placePositionedDescendants(result.fragment, stitched.escaping, ctx, stitched.stitching);
    return { ...result, fragment: placed.fragment, positioned: placed.positioned, pageContent: placed.pageContent };
  }
  if (!waitsForContainingBlock(result)) return result;
  const placed = placePositionedDescendants(result.fragment, result, ctx);
  return { ...result, fragment: placed.fragment, positioned: placed.positioned, pageContent: placed.pageContent };
}
