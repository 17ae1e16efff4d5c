/**
 * Grid items in their areas (CSS Grid 1 §6, §11.5; CSS Box Alignment 3 §6): their
 * contributions to track sizes, measured through `layoutBox` (min-/max-content widths; the
 * height for a given width), and their size and position in the area — stretched, or
 * fit-content and aligned by `justify-self`/`align-self`, with auto margins absorbing free space.
 * Every run of an item, measured or laid out, is a formatting context root (§6.1,
 * `formattingContextRoot`): its children's margins stay inside it and its floats are its own.
 */
import type { ComputedStyle } from '../../css/types.js';
import type { BreakToken, Fragmentainer, LayoutContext, LayoutInput, LayoutOutput } from '../contract.js';
import { layoutBox } from '../contract.js';
import type { MeasureInput } from '../measure-cache.js';
import { measured, measuredAfresh } from '../measure-cache.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { clampHeight, hasNaturalWidth, isAutoHeight, isSizeKeyword, marginOrZero, resolveMaxSize, resolveMinSize, resolveSize, usedBorder, usedPadding } from '../box-model.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { ratioOf } from '../aspect-ratio.js';
import { widthFollowsPercentHeight } from '../replaced.js';
import type { GridItemBox } from './grid.js';
import { isSubgrid, subgridOn } from './grid.js';
import { selfOffset, stretches, usedSelf } from './align.js';
import { participates } from './baseline.js';
import { initialContainingHeight, isVerticalRoot, verticalRootIntrinsicSizes, verticalRootMinContentHeight } from '../orthogonal.js';

/** The container's values items inherit alignment from. */
export interface ContainerAlignment {
  readonly justifyItems: string;
  readonly alignItems: string;
  readonly direction: 'ltr' | 'rtl';
}

function horizontalMargins(style: ComputedStyle, basis: number): number {
  return marginOrZero(style.marginLeft, basis) + marginOrZero(style.marginRight, basis);
}

function verticalMargins(style: ComputedStyle, basis: number): number {
  return marginOrZero(style.marginTop, basis) + marginOrZero(style.marginBottom, basis);
}

function edges(style: ComputedStyle, basis: number, axis: 'x' | 'y'): number {
  const b = usedBorder(style);
  const p = usedPadding(style, basis);
  return axis === 'x' ? b.left + b.right + p.left + p.right : b.top + b.bottom + p.top + p.bottom;
}

/**
 * An item's min-/max-content width contributions (margin box), measured through the contract.
 * `rows`: the height of its area when its rows have fixed sizes, and the container's alignment:
 * an item stretched in them has that height before its columns are sized: the images at
 * percentage heights in its lines count at the width they are drawn at, a vertical item's lines
 * wrap at that height (as Chromium, §11.1's estimate of the rows for orthogonal items).
 */
export function widthContributions(box: GridItemBox, ctx: LayoutContext, rows?: { readonly height: number; readonly container: ContainerAlignment }): { minContent: number; maxContent: number; minimum: number | undefined } {
  const fixedHeight = rows !== undefined && (stretchesInRows(box, rows.container) || ratioSpansRows(box)) ? clampSize(box.style, rows.height - verticalMargins(box.style, 0), rows.height, 'y') : undefined;
  // an image's percentage height is of its area, stretched or not (a logo at `height: 100%` in a 60px row)
  const containingHeight = fixedHeight !== undefined || box.kind === 'replaced' ? rows?.height : undefined;
  const margins = horizontalMargins(box.style, 0);
  if (containingHeight !== undefined && isVerticalRoot(box) && box.style.width === 'auto') {
    const lines = verticalRootIntrinsicSizes(box, ctx, containingHeight);
    const edgesX = edges(box.style, 0, 'x');
    return { minContent: lines.minContent + edgesX + margins, maxContent: lines.maxContent + edgesX + margins, minimum: minimumSize(box, 'x', 0, margins) };
  }
  const measure = (available: 'min-content' | 'max-content'): number => measured(box, { available, containingWidth: 0, containingHeight, fixedHeight, formattingContextRoot: true }, ctx).fragment.width;
  const minContent = measure('min-content') + margins;
  // A definite width is the item's minimum as well (its specified size suggestion, §6.6).
  const minimum = typeof box.style.width === 'number' ? minContent : minimumSize(box, 'x', 0, margins);
  return { minContent, maxContent: measure('max-content') + margins, minimum };
}

/**
 * An item measured for its grid. A subgrid's layout depends on the tracks its parent gives it,
 * which the measure cache's key does not hold: it is measured afresh each time.
 */
function measureItem(box: GridItemBox, sizes: MeasureInput, ctx: LayoutContext): LayoutOutput {
  return isSubgrid(box) ? measuredAfresh(box, sizes, ctx) : measured(box, sizes, ctx);
}

/** The outer size from a definite min-width/min-height, 0 for a scroll container; undefined for the automatic minimum (§6.6). */
function minimumSize(box: GridItemBox, axis: 'x' | 'y', basis: number | undefined, margins: number): number | undefined {
  const style = box.style;
  const min = axis === 'x' ? style.minWidth : style.minHeight;
  const size = resolveSize(min, basis);
  const edge = edges(style, basis ?? 0, axis);
  if (size !== undefined) return (style.boxSizing === 'border-box' ? Math.max(size, edge) : size + edge) + margins;
  const overflow = axis === 'x' ? style.overflowX : style.overflowY;
  return overflow !== 'visible' ? edge + margins : undefined;
}

/** The border-box width an item gets in an area `areaWidth` wide (stretched, else fit-content). */
export function itemWidth(box: GridItemBox, areaWidth: number, container: ContainerAlignment, ctx: LayoutContext): number | undefined {
  const style = box.style;
  // Replaced boxes and boxes with an aspect ratio size themselves (from a definite height, CSS Sizing 4 §5.2).
  if (sizesItself(box) || (ratioOf(style) !== undefined && style.width === 'auto')) return undefined;
  // A subgrid fills the columns it spans, whatever its size and alignment (CSS Grid 2 §9 item 1).
  if (subgridOn(box, 'columns')) return Math.max(0, areaWidth - horizontalMargins(style, areaWidth));
  const justify = usedSelf(style.justifySelf, container.justifyItems);
  const autoMargin = style.marginLeft === 'auto' || style.marginRight === 'auto';
  if ((style.width === 'auto' || hasNaturalWidth(box)) && !autoMargin && stretches(justify, ratioOf(style) !== undefined)) {
    const stretched = areaWidth - horizontalMargins(style, areaWidth);
    return clampSize(style, stretched, areaWidth, 'x');
  }
  return shrinkToFitWidth(box, areaWidth, ctx);
}

/** A border-box size held within min-/max-width or -height (`basis` for percentages). */
function clampSize(style: ComputedStyle, size: number, basis: number | undefined, axis: 'x' | 'y'): number {
  const edge = edges(style, basis ?? 0, axis);
  const toBorder = (value: number): number => (style.boxSizing === 'border-box' ? value : value + edge);
  const max = resolveMaxSize(axis === 'x' ? style.maxWidth : style.maxHeight, basis);
  const min = resolveMinSize(axis === 'x' ? style.minWidth : style.minHeight, basis);
  return Math.max(Math.min(size, max === Infinity ? Infinity : toBorder(max)), toBorder(min), edge);
}

/**
 * The item's margin-box height for a given area width (its row contribution, §11.5), and its
 * first baseline from the margin-box top (the border-box bottom when it has none, §10.8).
 */
export function heightContribution(box: GridItemBox, areaWidth: number, container: ContainerAlignment, ctx: LayoutContext): { size: number; minContent: number; minimum: number | undefined; baseline: number } {
  const fixed = fixedBorderHeight(box, areaWidth, container);
  if (fixed !== undefined) {
    const outer = fixed + verticalMargins(box.style, areaWidth);
    return { size: outer, minContent: outer, minimum: outer, baseline: marginOrZero(box.style.marginTop, areaWidth) + fixed };
  }
  const result = measureItem(box, { available: areaWidth, containingWidth: areaWidth, containingHeight: undefined, fixedWidth: itemWidth(box, areaWidth, container, ctx), formattingContextRoot: true }, ctx);
  const margins = verticalMargins(box.style, areaWidth);
  const height = result.fragment.height;
  const minimum = typeof box.style.height === 'number' ? height + margins : minimumSize(box, 'y', undefined, margins);
  const baseline = result.fragment.y + (result.baselines.first ?? height);
  // a vertical writing-mode item's height is its inline size: its lines may wrap in less
  const minContent = isVerticalRoot(box) ? Math.min(height, verticalRootMinContentHeight(box, ctx, initialContainingHeight(ctx))) : height;
  return { size: height + margins, minContent: minContent + margins, minimum, baseline };
}

/**
 * The border-box height of a block or flex/grid container whose `height` is a length and whose
 * min-/max-height need no content, when its baseline is not asked for: what laying it out would
 * give at any width. Not measuring it keeps nested grids linear: each grid sized twice (§11.1
 * step 3) measured its items at two widths, and their items at two more each.
 */
function fixedBorderHeight(box: GridItemBox, areaWidth: number, container: ContainerAlignment): number | undefined {
  const style = box.style;
  if ((box.kind !== 'block' && box.kind !== 'flex' && box.kind !== 'grid') || typeof style.height !== 'number' || isSizeKeyword(style.minHeight) || isSizeKeyword(style.maxHeight)) return undefined;
  if (isSubgrid(box) || isVerticalRoot(box) || participates(style, container.alignItems)) return undefined;
  const edgesY = edges(style, areaWidth, 'y');
  return clampHeight(style, 0, undefined, edgesY) + edgesY;
}

/** `self-start`/`self-end` name the item's own sides: the container's start or end depending on the two directions. */
function selfSide(value: string, own: 'ltr' | 'rtl', container: 'ltr' | 'rtl'): string {
  const same = own === container;
  return value.replace(/\bself-start\b/, same ? 'start' : 'end').replace(/\bself-end\b/, same ? 'end' : 'start');
}

export interface PlacedItem {
  readonly output: LayoutOutput;
  /** Offset of the item's input frame from the area's top-left. */
  readonly dx: number;
  readonly dy: number;
}

/** The item's grid area (its height Infinity when the row is split across pages) and the container's alignment. */
export interface ItemArea {
  readonly area: { readonly width: number; readonly height: number };
  readonly container: ContainerAlignment;
}

/** The run the item is laid out in: its mode, the fragmentainer of a split row, and where the item resumes. */
export interface ItemRun {
  readonly mode: LayoutInput['mode'];
  readonly fragmentainer: Fragmentainer | undefined;
  readonly resume: BreakToken | undefined;
}

/**
 * A replaced box keeps its own size in its area; a checkbox or radio (no natural ratio) is stretched.
 */
function sizesItself(box: GridItemBox): boolean {
  return box.kind === 'replaced' && box.noNaturalRatio !== true;
}

/**
 * Whether the item is as tall as its area: `align-self` stretches it and its height is auto — an
 * image only when `stretch` is said (`normal` is `start` for it), its width then following its
 * ratio when auto (as Chromium).
 */
export function stretchesInRows(box: GridItemBox, container: ContainerAlignment): boolean {
  const style = box.style;
  const autoY = style.marginTop === 'auto' || style.marginBottom === 'auto';
  return isAutoHeight(style.height) && !autoY && stretches(usedSelf(style.alignSelf, container.alignItems), ratioOf(style) !== undefined || sizesItself(box));
}

/**
 * Whether the item's width contribution follows the height of its rows (§11.1 step 3): a vertical
 * item's lines wrap at it; an item of auto width stretched in its rows whose width its ratio gives,
 * or an image whose percentage height resolves against them (a logo at `height: 50%` in an auto
 * row its neighbour makes 104px tall: its column 108px wide, as Chromium's, not its natural 204).
 */
export function widthFollowsRows(box: GridItemBox, container: ContainerAlignment): boolean {
  if (isVerticalRoot(box) || ratioSpansRows(box)) return true;
  return box.kind === 'replaced' && box.style.width === 'auto' && (stretchesInRows(box, container) || widthFollowsPercentHeight(box.style));
}

/**
 * A box with an `aspect-ratio` and auto sizes: not stretched in its rows (`normal` is `start` for
 * it), but its column is sized by the width its ratio gives its area's height, as Chromium sizes
 * a 16/9 card in a 90px row (160px; its width then stretched to the column, its height from it).
 */
function ratioSpansRows(box: GridItemBox): boolean {
  const style = box.style;
  return box.kind !== 'replaced' && ratioOf(style) !== undefined && style.width === 'auto' && isAutoHeight(style.height);
}

/** Lays an item out in its area (x, y = 0 at the area's top-left) and aligns it there. */
export function layoutItemInArea(box: GridItemBox, place: ItemArea, run: ItemRun, ctx: LayoutContext): PlacedItem | undefined {
  const { area, container } = place;
  const { mode, fragmentainer, resume } = run;
  const style = box.style;
  const align = usedSelf(style.alignSelf, container.alignItems);
  // An item broken across pages (its area unbounded) keeps its content height (page-items.ts stretches its pieces).
  const stretchY = area.height !== Infinity && stretchesInRows(box, container);
  // A row subgrid fills the rows it spans (CSS Grid 2 §9 item 1).
  const fixedHeight = area.height !== Infinity && subgridOn(box, 'rows') ? Math.max(0, area.height - verticalMargins(style, area.width))
    : stretchY ? clampSize(style, area.height - verticalMargins(style, area.width), area.height, 'y') : undefined;
  const sizes = {
    available: area.width, containingWidth: area.width, containingHeight: area.height === Infinity ? undefined : area.height, containingDirection: 'ltr' as const,
    fixedWidth: itemWidth(box, area.width, container, ctx), fixedHeight, formattingContextRoot: true,
  };
  // a grid being measured measures its items: once per size, however deep grids nest
  const result = mode === 'measure' && fragmentainer === undefined && resume === undefined ? measureItem(box, sizes, ctx)
    : layoutBox(box, {
      mode, available: sizes.available, containingWidth: sizes.containingWidth, containingHeight: sizes.containingHeight, containingDirection: 'ltr',
      fixedWidth: sizes.fixedWidth, fixedHeight, formattingContextRoot: true, x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer, exclusions: NO_EXCLUSIONS,
    }, ctx, resume);
  if (result.kind !== 'placed') return undefined;
  const fragment = result.fragment;
  // Auto margins took the horizontal free space already (solved against the area's width).
  const autoX = style.marginLeft === 'auto' || style.marginRight === 'auto';
  const outerWidth = fragment.width + horizontalMargins(style, area.width);
  const justify = selfSide(usedSelf(style.justifySelf, container.justifyItems), style.direction, container.direction);
  const freeX = area.width - outerWidth;
  const logical = selfOffset(justify, freeX, container.direction);
  // In a right-to-left grid the start side is the right: offsets mirror (physical left/right were flipped by selfOffset).
  const dx = autoX ? 0 : container.direction === 'rtl' ? freeX - logical : logical;
  const freeY = area.height - fragment.height - verticalMargins(style, area.width);
  let dy: number;
  if (area.height === Infinity) dy = 0;
  else if (style.marginTop === 'auto' && style.marginBottom === 'auto') dy = Math.max(0, freeY) / 2;
  else if (style.marginTop === 'auto') dy = Math.max(0, freeY);
  else if (style.marginBottom === 'auto') dy = 0;
  else dy = selfOffset(selfSide(align, 'ltr', 'ltr'), freeY);
  return { output: result, dx, dy };
}
