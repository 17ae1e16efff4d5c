/**
 * Subgrids (CSS Grid 2 §9): a grid item whose `grid-template-columns` or `-rows` is `subgrid`
 * takes the tracks it spans in its parent on that axis instead of sizing its own. The parent
 * sizes those tracks with the subgrid's items as if they were its own, the subgrid's margin,
 * border and padding (and half the difference of the two grids' gutters) added as extra margin
 * to the items at its edges (§9 items 5-6); then it gives each subgrid the sizes it spans, less
 * those edges, through `withSubgridTracks` while the subgrid is laid out or measured.
 */
import type { ComputedStyle } from '../../css/types.js';
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import type { FlexBox } from '../../boxes/types.js';
import type { Grid, GridAxis, GridItem, GridItemBox, SubgridSpans } from './grid.js';
import { buildGrid, gapOf, isSubgrid, subgridAxisOf, subgridOn } from './grid.js';
import type { ContainerAlignment } from './items.js';
import { widthContributions } from './items.js';
import type { SizingItem } from './track-sizing.js';
import { appendAll } from '../../append-all.js';

/** One axis of the tracks a parent gives its subgrid: sizes in the subgrid's own order, edges taken off, and the gutter between them. */
export interface AxisTracks {
  readonly sizes: readonly number[];
  readonly gap: number;
}

export interface SubgridTracks {
  readonly columns: AxisTracks | undefined;
  readonly rows: AxisTracks | undefined;
  /** The subgridded axes' counts and line names (given even while the sizes are not known). */
  readonly spans: SubgridSpans;
  /**
   * On a page the subgrid goes on to: told where its row `row` (the parent's first row not
   * started, in the subgrid's rows) starts there, below what it carried over from the page before,
   * which may need more than the parent's rest of a cut row: the parent's rows start no higher.
   */
  readonly rowStart?: { readonly row: number; readonly report: (top: number) => void } | undefined;
}

/** A parent grid's sized tracks, as its items are laid out in them. */
export interface ParentTracks {
  readonly grid: Grid;
  readonly columns: AxisTracks;
  /** Undefined while the rows are being sized. */
  readonly rows: AxisTracks | undefined;
  readonly direction: 'ltr' | 'rtl';
}

const PROVIDED = cacheKey('subgrid tracks', () => new Map<FlexBox, SubgridTracks>());

/** The tracks the parent gives `box` in the layout or measure running now; undefined: the box sizes its own. */
export function providedTracks(box: FlexBox, ctx: LayoutContext): SubgridTracks | undefined {
  return ctx.caches.of(PROVIDED).get(box);
}

/** Runs `run` (a layout or measure of `box`) with `tracks` given to the subgrid `box`. */
export function withSubgridTracks<T>(box: GridItemBox, tracks: SubgridTracks | undefined, ctx: LayoutContext, run: () => T): T {
  if (tracks === undefined || !isSubgrid(box)) return run();
  const given = ctx.caches.of(PROVIDED);
  const before = given.get(box);
  given.set(box, tracks);
  try {
    return run();
  } finally {
    if (before === undefined) given.delete(box);
    else given.set(box, before);
  }
}

/** The subgrid's margin, border and padding at the parent's start and end lines of `axis`. */
export function edgesOf(style: ComputedStyle, axis: GridAxis, parentDirection: 'ltr' | 'rtl', basis: number): { start: number; end: number } {
  const border = usedBorder(style);
  const padding = usedPadding(style, basis);
  if (axis === 'rows') {
    return { start: marginOrZero(style.marginTop, basis) + border.top + padding.top, end: marginOrZero(style.marginBottom, basis) + border.bottom + padding.bottom };
  }
  const left = marginOrZero(style.marginLeft, basis) + border.left + padding.left;
  const right = marginOrZero(style.marginRight, basis) + border.right + padding.right;
  return parentDirection === 'rtl' ? { start: right, end: left } : { start: left, end: right };
}

/** The subgrid's gutter: its own `*-gap`, or the parent's when `normal` (§9 item 5). */
export function subgridGap(style: ComputedStyle, axis: GridAxis, parentGap: number, basis: number | undefined): number {
  const value = axis === 'columns' ? style.columnGap : style.rowGap;
  return value === 'normal' ? parentGap : gapOf(value, basis);
}

/** A subgrid's columns run the other way when its direction is not its parent's. */
const reversedOn = (style: ComputedStyle, axis: GridAxis, parentDirection: 'ltr' | 'rtl'): boolean => axis === 'columns' && style.direction !== parentDirection;

/** The parent's tracks a subgrid spans on one axis, as the parent lays them out. */
interface Spanned {
  readonly sizes: readonly number[];
  readonly gap: number;
  readonly direction: 'ltr' | 'rtl';
}

function axisTracks(style: ComputedStyle, axis: GridAxis, spanned: Spanned, basis: number): AxisTracks {
  const { start, end } = edgesOf(style, axis, spanned.direction, basis);
  const gap = subgridGap(style, axis, spanned.gap, basis);
  const half = (gap - spanned.gap) / 2;
  const last = spanned.sizes.length - 1;
  const sizes = spanned.sizes.map((size, i) => Math.max(0, size - (i === 0 ? start : half) - (i === last ? end : half)));
  return { sizes: reversedOn(style, axis, spanned.direction) ? sizes.reverse() : sizes, gap };
}

/** The tracks the parent gives a subgrid item on each of its subgridded axes (`basis`: the area's width, for percentages). */
export function subgridTracks(item: GridItem, parent: ParentTracks, basis: number): SubgridTracks | undefined {
  const box = item.box;
  if (!isSubgrid(box)) return undefined;
  const { area } = item;
  const style = box.style;
  const rows = parent.rows;
  return {
    columns: subgridOn(box, 'columns') ? axisTracks(style, 'columns', { sizes: parent.columns.sizes.slice(area.columnStart, area.columnEnd), gap: parent.columns.gap, direction: parent.direction }, basis) : undefined,
    rows: subgridOn(box, 'rows') && rows !== undefined ? axisTracks(style, 'rows', { sizes: rows.sizes.slice(area.rowStart, area.rowEnd), gap: rows.gap, direction: parent.direction }, basis) : undefined,
    spans: subgridSpans(parent.grid, item, parent.direction),
  };
}

/** A subgrid item's subgridded axes in `grid`: what places its items, while the tracks' sizes may not be known yet. */
function subgridSpans(grid: Grid, item: GridItem, direction: 'ltr' | 'rtl'): SubgridSpans {
  const box = item.box;
  return {
    columns: subgridOn(box, 'columns') ? subgridAxisOf(grid, item, 'columns', reversedOn(box.style, 'columns', direction)) : undefined,
    rows: subgridOn(box, 'rows') ? subgridAxisOf(grid, item, 'rows', false) : undefined,
  };
}

const UNSIZED_ROOM = { size: undefined, minSize: undefined, gap: 0 };

/** The grid of a subgrid item of `grid`, its items placed in the tracks it spans (sizes still unknown). */
function subgridOf(grid: Grid, item: GridItem, direction: 'ltr' | 'rtl'): Grid {
  return buildGrid(item.box as FlexBox, { columns: UNSIZED_ROOM, rows: UNSIZED_ROOM }, subgridSpans(grid, item, direction));
}

/**
 * Shifts contributions of a subgrid's items on `axis` (in the subgrid's tracks) into the
 * parent's tracks, each item at an edge of the subgrid growing by the subgrid's edge there and
 * each next to one of its gutters by half the gutters' difference.
 */
export function intoParent(item: GridItem, axis: GridAxis, parent: { gap: number; direction: 'ltr' | 'rtl' }, inner: readonly SizingItem[]): SizingItem[] {
  const style = item.box.style;
  const first = axis === 'columns' ? item.area.columnStart : item.area.rowStart;
  const span = (axis === 'columns' ? item.area.columnEnd : item.area.rowEnd) - first;
  const { start, end } = edgesOf(style, axis, parent.direction, 0);
  const half = (subgridGap(style, axis, parent.gap, undefined) - parent.gap) / 2;
  const reversed = reversedOn(style, axis, parent.direction);
  return inner.map((s) => {
    const from = reversed ? span - s.end : s.start;
    const to = reversed ? span - s.start : s.end;
    const extra = (from === 0 ? start : half) + (to === span ? end : half);
    return { start: first + from, end: first + to, minContent: s.minContent + extra, maxContent: s.maxContent + extra, minimum: s.minimum === undefined ? undefined : s.minimum + extra };
  });
}

/** A grid's rows of fixed size (a length; undefined for the others), known before its columns are sized. */
export interface FixedRows {
  readonly sizes: readonly (number | undefined)[];
  readonly gap: number;
  readonly container: ContainerAlignment;
}

/** The height of an item's rows when all have fixed sizes, with the container's alignment (items.ts `widthContributions`). */
function fixedArea(rows: FixedRows | undefined, item: GridItem): { readonly height: number; readonly container: ContainerAlignment } | undefined {
  if (rows === undefined) return undefined;
  const { rowStart, rowEnd } = item.area;
  let height = rows.gap * Math.max(0, rowEnd - rowStart - 1);
  for (let i = rowStart; i < rowEnd; i++) {
    const size = rows.sizes[i];
    if (size === undefined) return undefined;
    height += size;
  }
  return { height, container: rows.container };
}

/**
 * An item's contributions to its grid's column sizes: its own min-/max-content widths (at the
 * height of its area when its rows are `fixed`), or for a column subgrid its items' (recursively),
 * in the grid's tracks.
 */
export function columnSizingItems(grid: Grid, item: GridItem, parent: { gap: number; direction: 'ltr' | 'rtl'; fixed?: FixedRows | undefined }, ctx: LayoutContext, into: SizingItem[]): void {
  const box = item.box;
  if (!subgridOn(box, 'columns')) {
    const widths = widthContributions(box, ctx, fixedArea(parent.fixed, item));
    into.push({ start: item.area.columnStart, end: item.area.columnEnd, minContent: widths.minContent, maxContent: widths.maxContent, minimum: widths.minimum });
    return;
  }
  const own = { gap: subgridGap(box.style, 'columns', parent.gap, undefined), direction: box.style.direction };
  const subgrid = subgridOf(grid, item, parent.direction);
  const inner: SizingItem[] = [];
  for (const sub of subgrid.items) columnSizingItems(subgrid, sub, own, ctx, inner);
  appendAll(into, intoParent(item, 'columns', parent, inner));
}
