/**
 * Sizing a grid (CSS Grid 1 §11.1): the grid built for the container's content box, its columns
 * sized from the items' width contributions, then its rows from the items' heights at their
 * column widths. Also the grid container's intrinsic widths (§5.2: the sum of its columns sized
 * under a min-content or max-content constraint).
 */
import type { FlexBox } from '../../boxes/types.js';
import type { ComputedStyle, GridBreadth, GridTrackSize, LengthPercentage } from '../../css/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { resolveMaxSize, resolveMinSize } from '../box-model.js';
import type { Grid, GridItem } from './grid.js';
import { OWN_TRACKS, buildGrid, gapOf, isSubgrid, subgridOn } from './grid.js';
import type { ContainerAlignment } from './items.js';
import { heightContribution, widthFollowsRows } from './items.js';
import { participates } from './baseline.js';
import type { GridSpace, SizingItem } from './track-sizing.js';
import { sizeTracks } from './track-sizing.js';
import type { FixedRows, ParentTracks } from './subgrid.js';
import { columnSizingItems, edgesOf, intoParent, providedTracks, subgridGap, subgridTracks, withSubgridTracks } from './subgrid.js';
import { appendAll } from '../../append-all.js';
import { withinRelayouts } from '../relayout-budget.js';

export interface SizedGrid {
  readonly grid: Grid;
  readonly columns: readonly number[];
  readonly rows: readonly number[];
  readonly columnGap: number;
  readonly rowGap: number;
  /** The grid's content height: the definite height, or the rows' (min-/max-height applied). */
  readonly contentHeight: number;
}

export function containerAlignment(style: ComputedStyle): ContainerAlignment {
  return { justifyItems: style.justifyItems, alignItems: style.alignItems, direction: style.direction };
}

const stretchy = (value: string): boolean => value === 'normal' || value === 'stretch';

/**
 * The grid of `box` with its columns sized for `width` (a content width, or an intrinsic
 * constraint), or a subgrid's as its parent gives them (its tracks, and the spans that place its
 * items). `knownRows`: the rows' sizes once sized (§11.1 step 3), else the fixed ones are known.
 */
function sizeColumns(box: FlexBox, width: GridSpace, height: number | undefined, ctx: LayoutContext, knownRows?: { readonly sizes: readonly number[]; readonly gap: number }): SizedColumns {
  const style = box.style;
  const given = providedTracks(box, ctx);
  const definiteWidth = typeof width === 'number' ? width : undefined;
  const columnGap = gapOf(style.columnGap, definiteWidth);
  const rowGap = gapOf(style.rowGap, height);
  const maxHeight = resolveMaxSize(style.maxHeight, undefined);
  const grid = buildGrid(box, {
    columns: { size: definiteWidth ?? finiteOrUndefined(resolveMaxSize(style.maxWidth, undefined)), minSize: positiveOrUndefined(resolveMinSize(style.minWidth, undefined)), gap: columnGap },
    rows: { size: height ?? finiteOrUndefined(maxHeight), minSize: positiveOrUndefined(resolveMinSize(style.minHeight, undefined)), gap: rowGap },
  }, given?.spans ?? OWN_TRACKS);
  if (given?.columns !== undefined) return { grid, columns: [...given.columns.sizes], columnGap: given.columns.gap };
  const items: SizingItem[] = [];
  const fixed = knownRows === undefined ? fixedRows(grid, rowGap, style) : { ...knownRows, container: containerAlignment(style) };
  const parent = { gap: columnGap, direction: style.direction, fixed };
  for (const item of grid.items) columnSizingItems(grid, item, parent, ctx, items);
  const columns = sizeTracks({ sizes: grid.columns, items, space: width, basis: definiteWidth, gap: columnGap, stretchAuto: stretchy(style.justifyContent) });
  return { grid, columns, columnGap };
}

/** The grid's rows of fixed size (`60px`, `minmax(60px, 60px)`), when it has one. */
function fixedRows(grid: Grid, gap: number, style: ComputedStyle): FixedRows | undefined {
  const sizes = grid.rows.map((row) => (row.kind === 'minmax' && typeof row.min === 'number' && row.min === row.max ? row.min : undefined));
  return sizes.some((size) => size !== undefined) ? { sizes, gap, container: containerAlignment(style) } : undefined;
}

function finiteOrUndefined(value: number): number | undefined {
  return Number.isFinite(value) ? value : undefined;
}

function positiveOrUndefined(value: number): number | undefined {
  return value > 0 ? value : undefined;
}

/** Width of an item's area: its columns and the gaps between them. */
export function spanSize(sizes: readonly number[], start: number, end: number, gap: number): number {
  let size = 0;
  for (let i = start; i < end; i++) size += sizes[i] ?? 0;
  return size + gap * Math.max(0, end - start - 1);
}

/**
 * Sizes the whole grid for a content box `width` wide; `height` is the definite content height,
 * or undefined: then rows take their content's size, the grid's height follows from them
 * (`fitHeight`: min-/max-height applied), and rows are sized again against that height to lay
 * the grid out when it matters: percentage rows and gaps (§7.2.1: a percentage of an indefinite
 * size is auto for the grid's own size, then resolved against it), flexible rows (as Chromium;
 * it also makes them fill a min-height or fit a max-height, §11.7) and auto rows stretched to a
 * min-height (§11.8).
 */
export function sizeGrid(box: FlexBox, width: number, height: number | undefined, fitHeight: (rowsHeight: number) => number, ctx: LayoutContext): SizedGrid {
  const sized = sizeColumns(box, width, height, ctx);
  const given = providedTracks(box, ctx)?.rows;
  if (given !== undefined) {
    const rows = [...given.sizes];
    return { ...sized, rows, rowGap: given.gap, contentHeight: height ?? fitHeight(spanSize(rows, 0, rows.length, given.gap)) };
  }
  const first = { ...sized, ...sizeRows(box, sized, height, fitHeight, ctx) };
  // §11.1 steps 3-4: a vertical item's width, or a ratio's, follows the height of its rows, which
  // column sizing only estimated (fixed rows alone): columns again at the rows' sizes, then rows.
  // Nested, each pass measures the inner grids at new widths: a search the page's allowance bounds.
  const alignment = containerAlignment(box.style);
  if (!first.grid.items.some((item) => widthFollowsRows(item.box, alignment))) return first;
  return withinRelayouts(ctx, 'grid sizing', box.element, () => {
    const resized = sizeColumns(box, width, height, ctx, { sizes: first.rows, gap: first.rowGap });
    if (resized.columns.every((size, i) => size === first.columns[i])) return first;
    return { ...resized, ...sizeRows(box, resized, height, fitHeight, ctx) };
  }) ?? first;
}

interface SizedColumns {
  readonly grid: Grid;
  readonly columns: number[];
  readonly columnGap: number;
}

/** `sizeGrid`'s rows at the sized columns. */
function sizeRows(box: FlexBox, sized: SizedColumns, height: number | undefined, fitHeight: (rowsHeight: number) => number, ctx: LayoutContext): { rows: number[]; rowGap: number; contentHeight: number } {
  const style = box.style;
  const { grid, columns, columnGap } = sized;
  const parent: ParentTracks = { grid, columns: { sizes: columns, gap: columnGap }, rows: undefined, direction: style.direction };
  const rowItems = rowSizingItems(parent, { gap: gapOf(style.rowGap, height), alignment: containerAlignment(style) }, ctx);
  const sizeRowsAt = (basis: number | undefined): { rows: number[]; rowGap: number } => {
    const rowGap = gapOf(style.rowGap, basis);
    return { rows: sizeTracks({ sizes: grid.rows, items: rowItems, space: basis ?? 'indefinite', basis, gap: rowGap, stretchAuto: stretchy(style.alignContent) }), rowGap };
  };
  const atHeight = sizeRowsAt(height);
  const rowsHeight = spanSize(atHeight.rows, 0, atHeight.rows.length, atHeight.rowGap);
  const contentHeight = height ?? fitHeight(rowsHeight);
  const again = height === undefined && (contentHeight !== rowsHeight || typeof style.rowGap === 'object' || grid.rows.some(dependsOnGridSize));
  const final = again ? sizeRowsAt(contentHeight) : atHeight;
  return { rows: final.rows, rowGap: final.rowGap, contentHeight };
}

/**
 * The items' contributions to the row sizes (§11.5): their heights at the widths of their
 * columns, with the baseline shims; a row subgrid's items' instead (CSS Grid 2 §9), recursively.
 */
function rowSizingItems(parent: ParentTracks, rows: { gap: number; alignment: ContainerAlignment }, ctx: LayoutContext): SizingItem[] {
  const items = parent.grid.items;
  const own = items.filter((item) => !subgridOn(item.box, 'rows'));
  const contributions = own.map((item) => {
    const width = spanSize(parent.columns.sizes, item.area.columnStart, item.area.columnEnd, parent.columns.gap);
    if (!isSubgrid(item.box)) return heightContribution(item.box, width, rows.alignment, ctx);
    return withSubgridTracks(item.box, subgridTracks(item, parent, width), ctx, () => heightContribution(item.box, width, rows.alignment, ctx));
  });
  const shims = baselineShims(own, contributions.map((c) => c.baseline), rows.alignment.alignItems);
  const result = own.map((item: GridItem, i): SizingItem => {
    const { size, minContent, minimum } = contributions[i]!;
    const shim = shims[i]!;
    return { start: item.area.rowStart, end: item.area.rowEnd, minContent: minContent + shim, maxContent: size + shim, minimum: minimum === undefined ? undefined : minimum + shim };
  });
  for (const item of items) {
    if (subgridOn(item.box, 'rows')) appendAll(result, intoParent(item, 'rows', { gap: rows.gap, direction: parent.direction }, subgridRowItems(item, parent, rows.gap, ctx)));
  }
  return result;
}

/** A row subgrid's items' row contributions in its own rows, at the widths of its columns (its parent's, or its own sized for its content box). */
function subgridRowItems(item: GridItem, parent: ParentTracks, parentRowGap: number, ctx: LayoutContext): SizingItem[] {
  const box = item.box as FlexBox;
  const width = spanSize(parent.columns.sizes, item.area.columnStart, item.area.columnEnd, parent.columns.gap);
  const { start, end } = edgesOf(box.style, 'columns', parent.direction, width);
  // (the tracks given hold the spans that place its items, and its columns when they are its parent's)
  const sized = withSubgridTracks(box, subgridTracks(item, parent, width), ctx, () => sizeColumns(box, Math.max(0, width - start - end), undefined, ctx));
  const own: ParentTracks = { grid: sized.grid, columns: { sizes: sized.columns, gap: sized.columnGap }, rows: undefined, direction: box.style.direction };
  return rowSizingItems(own, { gap: subgridGap(box.style, 'rows', parentRowGap, undefined), alignment: containerAlignment(box.style) }, ctx);
}

/**
 * The baseline shims of §11.5 step 2: items of one row that share its first baseline (a span of
 * one) contribute as if moved down to the lowest baseline of the row, so that the row holds them
 * once aligned (CSS Box Alignment 3 §9.3 moves them, baseline.ts).
 */
function baselineShims(items: readonly GridItem[], baselines: readonly number[], alignItems: string): number[] {
  const shares = (item: GridItem): boolean => item.area.rowEnd - item.area.rowStart === 1 && participates(item.box.style, alignItems);
  const lowest = new Map<number, number>();
  items.forEach((item, i) => {
    if (shares(item)) lowest.set(item.area.rowStart, Math.max(lowest.get(item.area.rowStart) ?? -Infinity, baselines[i]!));
  });
  return items.map((item, i) => (shares(item) ? lowest.get(item.area.rowStart)! - baselines[i]! : 0));
}

/** Whether a track's size depends on the grid's size on its axis: a percentage (or calc() with one) or a flexible size. */
function dependsOnGridSize(size: GridTrackSize): boolean {
  const depends = (value: GridBreadth | LengthPercentage): boolean => typeof value === 'object';
  return size.kind === 'fit-content' ? depends(size.limit) : depends(size.min) || depends(size.max);
}

/** The grid container's content-box min-/max-content widths (§5.2). */
export function gridIntrinsicSizes(box: FlexBox, ctx: LayoutContext): IntrinsicSizes {
  const size = (constraint: 'min-content' | 'max-content'): number => {
    const { columns, columnGap } = sizeColumns(box, constraint, undefined, ctx);
    return spanSize(columns, 0, columns.length, columnGap);
  };
  return { minContent: size('min-content'), maxContent: size('max-content') };
}
