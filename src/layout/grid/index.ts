/**
 * Grid layout (CSS Grid 1): a grid container's box — its width like a block's (or fixed from
 * outside for `inline-grid`, floats and positioned boxes), its grid sized (sizing.ts), its tracks
 * spread by `justify-content`/`align-content` (§10.5), each item laid out in its area and aligned
 * (items.ts, page-items.ts), absolutely positioned children with the container's padding box as
 * containing block when it is positioned, and its rows fragmented across pages (fragment.ts).
 */
import type { FlexBox } from '../../boxes/types.js';
import type { BoxFragment } from '../types.js';
import type { BreakToken, LayoutContext, LayoutInput, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { extendsToEnd, sizingStyle } from '../contract.js';
import { boxMemo, memoized } from '../box-memo.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from '../margins.js';
import { contentHeightFromRatio, withRatioWidth } from '../aspect-ratio.js';
import { clampHeight, containerMetrics, definiteContentHeight, marginOrZero } from '../box-model.js';
import { isContainingBlockForAbsolute } from '../positioned.js';
import type { GridLines } from './absolute.js';
import { layoutInGridArea } from './absolute.js';
import { forcedBreakOf } from '../break-token.js';
import { distributeContent } from './align.js';
import { sizeGrid, spanSize } from './sizing.js';
import type { SizedGrid } from './sizing.js';
import { rowsEnd } from './fragment.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';
import { providedTracks } from './subgrid.js';
import type { GridRun, Tracks } from './page-items.js';
import { layoutPage } from './page-items.js';

/**
 * Start of each track and the extra space content distribution puts between tracks, once per
 * sized axis and free space: a grid is laid out once per page, and a grid of a million rows
 * (items spanning a thousand rows each) made each page cost the whole grid.
 */
function trackStarts(sizes: readonly number[], gap: number, free: number, value: string, direction: 'ltr' | 'rtl'): readonly number[] {
  let known = STARTS.get(sizes);
  if (known === undefined) STARTS.set(sizes, (known = new Map()));
  const key = `${gap}|${free}|${value}|${direction}`;
  let starts = known.get(key);
  if (starts === undefined) known.set(key, (starts = computeTrackStarts(sizes, gap, free, value, direction)));
  return starts;
}

/** Track starts by the sized axis (its sizes array, made once per sized grid) and the rest of the inputs. */
const STARTS = new WeakMap<readonly number[], Map<string, readonly number[]>>();

function computeTrackStarts(sizes: readonly number[], gap: number, free: number, value: string, direction: 'ltr' | 'rtl'): number[] {
  const { offset, between } = distributeContent(value, free, sizes.length, direction);
  const starts: number[] = [];
  let position = offset;
  for (const size of sizes) {
    starts.push(position);
    position += size + gap + between;
  }
  starts.push(position - gap - between);
  return starts;
}

interface ContainerBox {
  readonly contentWidth: number;
  readonly marginLeft: number;
  readonly border: BoxFragment['border'];
  readonly padding: BoxFragment['padding'];
  /** Definite content height, if any. */
  readonly height: number | undefined;
  readonly edgesY: number;
}

function containerBox(box: FlexBox, input: LayoutInput): ContainerBox {
  const style = sizingStyle(box, input);
  const { h, border, padding, edgesX, edgesY } = containerMetrics(style, withRatioWidth(style, input));
  const definite = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY)
    : definiteContentHeight(style, input.containingHeight, edgesY) ?? contentHeightFromRatio(style, h.contentWidth + edgesX, { x: edgesX, y: edgesY });
  const height = definite === undefined ? undefined : clampHeight(style, definite, input.containingHeight, edgesY);
  return { contentWidth: h.contentWidth, marginLeft: h.marginLeft, border, padding, height, edgesY };
}

/**
 * The grid's tracks, sized once per render for what they depend on: a grid split over pages is laid
 * out once per page, and sizing every page's tracks again over all its items made a grid of n
 * items on n/30 pages cost n² (3,000 cards: 3.3 s; 91 pages, each measuring 3,000 items).
 */
const SIZED = boxMemo<FlexBox, SizedGrid>('grid sizes');

function sizedGrid(box: FlexBox, on: { width: number; height: number | undefined; containing: string; edgesY: number }, fitHeight: (rowsHeight: number) => number, ctx: LayoutContext): SizedGrid {
  const given = providedTracks(box, ctx);
  const subgrid = given === undefined ? '' : `|${given.columns?.sizes.join()}/${given.columns?.gap}|${given.rows?.sizes.join()}/${given.rows?.gap}`;
  return memoized(ctx, SIZED, box, `${on.width}|${on.height}|${on.containing}|${on.edgesY}${subgrid}`, () => sizeGrid(box, on.width, on.height, fitHeight, ctx));
}

export function layoutGrid(box: FlexBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = sizingStyle(box, input);
  const c = containerBox(box, input);
  const continued = resume !== undefined;
  // (the sizes `fitHeight` depends on are in the key: the style's height limits follow the containing block and autoHeight)
  const on = { width: c.contentWidth, height: c.height, containing: `${input.containingWidth}|${input.containingHeight}|${input.autoHeight ?? false}`, edgesY: c.edgesY };
  const sized = sizedGrid(box, on, (rowsHeight) => clampHeight(style, rowsHeight, input.containingHeight, c.edgesY), ctx);
  const usedHeight = spanSize(sized.rows, 0, sized.rows.length, sized.rowGap);
  const contentHeight = sized.contentHeight;
  const columnStarts = trackStarts(sized.columns, sized.columnGap, c.contentWidth - spanSize(sized.columns, 0, sized.columns.length, sized.columnGap), style.justifyContent, style.direction);
  const rowStarts = trackStarts(sized.rows, sized.rowGap, contentHeight - usedHeight, style.alignContent, 'ltr');

  const marginTop = continued ? 0 : marginOrZero(style.marginTop, input.containingWidth);
  const discard = input.fragmentainer?.discardTopMargins === true && input.fragmentainer.atTop;
  const top = input.y + collapsedMargin(discard ? EMPTY_STRUT : addMargin(input.strut, marginTop));
  const borderTop = continued ? 0 : c.border.top;
  const paddingTop = continued ? 0 : c.padding.top;
  const contentTop = borderTop + paddingTop;
  const room = input.fragmentainer === undefined ? undefined : input.fragmentainer.bottom - top - contentTop;
  const contentLeft = c.border.left + c.padding.left;
  const run: GridRun = { box, mode: input.mode, ctx };
  const tracks: Tracks = { sized, columnStarts, rowStarts, contentLeft, contentTop, contentWidth: c.contentWidth };
  const laid = layoutPage(run, tracks, { resume, room, atTop: input.fragmentainer?.atTop ?? true, discardTopMargins: input.fragmentainer?.discardTopMargins ?? true });
  if (laid === undefined) return { kind: 'pushed' };
  const { items, page, pageHeight, breakToken } = laid;
  const { children, positioned, pageContent, first, last } = items;

  const broken = breakToken !== undefined;
  const borderBottom = broken ? 0 : c.border.bottom;
  const paddingBottom = broken ? 0 : c.padding.bottom;
  const x = input.x + c.marginLeft;
  // broken, it extends to the page end (as Chromium prints it)
  const height = broken && extendsToEnd(input.fragmentainer) ? Math.max(contentTop + pageHeight, input.fragmentainer.bottom - top) : contentTop + pageHeight + paddingBottom + borderBottom;
  const onGrid = input.mode === 'layout' ? outOfFlowChildren(box, sized, { x, top, paddingLeft: c.border.left, paddingTop: borderTop, paddingRight: contentLeft + c.contentWidth + c.padding.right }, positioned, pageContent) : [];
  const fragment: BoxFragment = boxFragment({
    box, style, x, y: top,
    width: c.contentWidth + c.border.left + c.border.right + c.padding.left + c.padding.right,
    height,
    border: { top: borderTop, right: c.border.right, bottom: borderBottom, left: c.border.left },
    padding: { top: paddingTop, right: c.padding.right, bottom: paddingBottom, left: c.padding.left },
    children, continuedBefore: continued, continuedAfter: broken,
  });
  // Children were placed relative to the container; pending boxes move into the input's frame.
  const toInput = <P extends PendingPositioned>(p: P): P => ({ ...p, staticX: p.staticX + x, staticY: p.staticY + top, staticRight: p.staticRight + x });
  // Column lines are measured from the inline-start border edge (the right one in rtl).
  const rtl = style.direction === 'rtl';
  const startBorder = rtl ? c.border.right : c.border.left;
  const contentStart = startBorder + (rtl ? c.padding.right : c.padding.left);
  // the lines' places, for positioned children only: a grid of a million rows is laid out once per page
  const lines: GridLines | undefined = onGrid.length === 0 ? undefined : {
    rtl,
    columnStarts: lineStarts(columnStarts, sized.columns).map((v) => contentStart + v),
    columnEnds: lineEnds(columnStarts, sized.columns).map((v) => contentStart + v),
    rowStarts: lineStarts(rowStarts, sized.rows).map((v) => contentTop + v - page.shift + page.top),
    rowEnds: lineEnds(rowStarts, sized.rows).map((v) => contentTop + v - page.shift + page.top),
    padding: { start: startBorder, top: borderTop, end: fragment.width - (rtl ? c.border.left : c.border.right), bottom: fragment.height - borderBottom },
  };
  const inAreas = lines === undefined ? [] : onGrid.map((p) => layoutInGridArea(p, sized.grid, lines, fragment, ctx));
  const withAreas = inAreas.length === 0 ? fragment : withBoxFields(fragment, { children: [...fragment.children, ...inAreas.map((a) => a.fragment)] });
  const escaping = { positioned: positioned.map(toInput), pageContent: [...pageContent.map(toInput), ...inAreas.flatMap((a) => a.pageContent)] };
  return {
    kind: 'placed', fragment: withAreas, endY: top + height,
    strut: addMargin(EMPTY_STRUT, broken ? 0 : marginOrZero(style.marginBottom, input.containingWidth)),
    resolvedAt: top,
    baselines: { first, last },
    breakToken,
    forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions,
    positioned: escaping.positioned,
    pageContent: escaping.pageContent,
  };
}

/**
 * Absolutely positioned and fixed children wait for their containing block (added to
 * `positioned`/`pageContent` in the container's frame) with the content box's start as static
 * position; those of a positioned grid are returned (in the input's frame), to be laid out in
 * the grid area their lines name (else the padding box) and aligned there by their self-alignment.
 */
function outOfFlowChildren(
  box: FlexBox, sized: SizedGrid, frame: { x: number; top: number; paddingLeft: number; paddingTop: number; paddingRight: number },
  positioned: PendingPositioned[], pageContent: PageContent[],
): PendingPositioned[] {
  const style = box.style;
  const onGrid: PendingPositioned[] = [];
  for (const child of sized.grid.outOfFlow) {
    // The static position is the padding box's start, as if the box were the only item of a grid spanning it (§9.2).
    const pending = { placeholder: child, staticX: frame.paddingLeft, staticY: frame.paddingTop, staticRight: frame.paddingRight, staticDirection: style.direction };
    if (child.scheme === 'absolute' && isContainingBlockForAbsolute(style)) {
      onGrid.push({ ...pending, staticX: pending.staticX + frame.x, staticY: pending.staticY + frame.top, staticRight: pending.staticRight + frame.x });
    } else if (child.scheme === 'fixed') {
      pageContent.push({ kind: 'fixed', ...pending });
    } else {
      positioned.push(pending);
    }
  }
  return onGrid;
}

/** Per grid line, where a track starting at it begins (the last line: where the grid ends). */
function lineStarts(starts: readonly number[], sizes: readonly number[]): number[] {
  return [...starts.slice(0, sizes.length), rowsEnd(starts, sizes, sizes.length)];
}

/** Per grid line, where a track ending at it ends (the first line: where the grid begins). */
function lineEnds(starts: readonly number[], sizes: readonly number[]): number[] {
  return [starts[0] ?? 0, ...sizes.map((_, i) => rowsEnd(starts, sizes, i + 1))];
}

export type { SizedGrid };
