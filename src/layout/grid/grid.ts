/**
 * A grid container's grid (CSS Grid 1 §7-8): its items in order-modified document order,
 * placed in the explicit and implicit grid, with the sizing functions of every track. Auto-fit
 * tracks left empty are removed, which collapses them and their gutters (§7.2.3.2). A subgrid's
 * grid (CSS Grid 2 §9) has as many tracks as it spans in its parent on each subgridded axis and
 * no implicit ones there: its items' areas are clamped into it.
 */
import type { BlockLevelBox, FlexBox, OutOfFlowBox } from '../../boxes/types.js';
import type { GridTrackSize, LengthPercentage } from '../../css/types.js';
import { isSubgridTemplate } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';
import type { Area, AxisPlacement, PlacementInput } from './placement.js';
import { placeItems, resolveAxis } from './placement.js';
import type { ExplicitAxis, RepeatRoom } from './template.js';
import { explicitAxis, trackSizeAt } from './template.js';

export type GridItemBox = Exclude<BlockLevelBox, OutOfFlowBox>;

export type GridAxis = 'columns' | 'rows';

/** Whether an item is a grid whose tracks on `axis` are its parent grid's (`grid-template-*: subgrid`). */
export function subgridOn(box: GridItemBox, axis: GridAxis): box is FlexBox {
  if (box.kind !== 'grid') return false;
  // a contained grid is an independent formatting context: `subgrid` is used as `none` (CSS Grid 2 §9)
  // — a card that is a query container (`container-type`) lays out its own tracks, as in Chromium
  const contain = box.style.contain;
  if (contain.layout || contain.paint || contain.size || contain.inlineSize) return false;
  return isSubgridTemplate(axis === 'columns' ? box.style.gridTemplateColumns : box.style.gridTemplateRows);
}

export function isSubgrid(box: GridItemBox): box is FlexBox {
  return subgridOn(box, 'columns') || subgridOn(box, 'rows');
}

/** A subgridded axis as the parent grid gives it: the tracks it spans, and the parent's names of the lines there (1-based in the subgrid). */
export interface SubgridAxis {
  readonly count: number;
  readonly names: ReadonlyMap<string, readonly number[]>;
}

/** A subgrid's subgridded axes (undefined: the axis is its own). */
export interface SubgridSpans {
  readonly columns: SubgridAxis | undefined;
  readonly rows: SubgridAxis | undefined;
}

export const OWN_TRACKS: SubgridSpans = { columns: undefined, rows: undefined };

export interface GridItem {
  readonly box: GridItemBox;
  readonly area: Area;
}

export interface Grid {
  readonly items: readonly GridItem[];
  /** Absolutely positioned and fixed children (their containing block is the container or above). */
  readonly outOfFlow: readonly OutOfFlowBox[];
  readonly columns: readonly GridTrackSize[];
  readonly rows: readonly GridTrackSize[];
  /** The explicit axes and the implicit tracks before them, to resolve absolutely positioned children's lines. */
  readonly columnAxis: ExplicitAxis;
  readonly rowAxis: ExplicitAxis;
  readonly columnOffset: number;
  readonly rowOffset: number;
}

/** A `row-gap`/`column-gap` against the content size on its axis (a percentage of an indefinite size is 0). */
export function gapOf(value: LengthPercentage | 'normal', basis: number | undefined): number {
  if (value === 'normal') return 0;
  if (typeof value !== 'number' && basis === undefined) return 0;
  return Math.max(0, resolveLength(value, basis ?? 0));
}

/** In-flow items sorted by `order` (stable); a floated child is a grid item like any other (float does not apply, §6). */
function itemBoxes(box: FlexBox): { items: GridItemBox[]; outOfFlow: OutOfFlowBox[] } {
  const items: GridItemBox[] = [];
  const outOfFlow: OutOfFlowBox[] = [];
  for (const child of box.children) {
    if (child.kind !== 'out-of-flow') items.push(child);
    else if (child.scheme === 'float') items.push(child.box as GridItemBox);
    else outOfFlow.push(child);
  }
  return { items: items.map((item, i) => ({ item, i })).sort((a, b) => a.item.style.order - b.item.style.order || a.i - b.i).map((e) => e.item), outOfFlow };
}

function placementOf(item: GridItemBox, rows: ExplicitAxis, columns: ExplicitAxis, spans: SubgridSpans): PlacementInput {
  const style = item.style;
  return {
    rows: clampedTo(spans.rows, resolveAxis(rows, { start: style.gridRowStart, end: style.gridRowEnd })),
    columns: clampedTo(spans.columns, resolveAxis(columns, { start: style.gridColumnStart, end: style.gridColumnEnd })),
  };
}

/** A definite area on a subgridded axis clamped into the subgrid's tracks before placement, so auto-placement sees where it lands (as Chromium). */
function clampedTo(axis: SubgridAxis | undefined, placement: AxisPlacement): AxisPlacement {
  if (axis === undefined || placement.kind !== 'definite') return placement;
  const [start, end] = clampSpan(placement.start - 1, placement.end - 1, axis.count);
  return { kind: 'definite', start: start + 1, end: end + 1 };
}

/** Tracks [start, end) clamped into `count` tracks: cut at the edge, or the last track on the side an area wholly outside is. */
function clampSpan(start: number, end: number, count: number): [number, number] {
  if (start >= count) return [count - 1, count];
  if (end <= 0) return [0, 1];
  return [Math.max(0, start), Math.min(count, end)];
}

const swap = (p: PlacementInput): PlacementInput => ({ rows: p.columns, columns: p.rows });

/**
 * Builds the grid of `box` for a content box of `rooms` (which decide the auto-repeat counts);
 * `spans` gives a subgrid's track counts on its subgridded axes.
 */
export function buildGrid(box: FlexBox, rooms: { readonly columns: RepeatRoom; readonly rows: RepeatRoom }, spans: SubgridSpans): Grid {
  const style = box.style;
  const columnAxis = explicitAxis(style.gridTemplateColumns, style.gridTemplateAreas, { axis: 'columns', room: rooms.columns, subgrid: spans.columns }, style.gridAutoColumns);
  const rowAxis = explicitAxis(style.gridTemplateRows, style.gridTemplateAreas, { axis: 'rows', room: rooms.rows, subgrid: spans.rows }, style.gridAutoRows);
  const { items, outOfFlow } = itemBoxes(box);
  const inputs = items.map((item) => placementOf(item, rowAxis, columnAxis, spans));
  const byColumn = style.gridAutoFlow.startsWith('column');
  const dense = style.gridAutoFlow.endsWith('dense');
  const unclamped = byColumn
    ? transpose(placeItems(inputs.map(swap), columnAxis.explicitTracks, rowAxis.explicitTracks, dense))
    : placeItems(inputs, rowAxis.explicitTracks, columnAxis.explicitTracks, dense);
  const placed = clampToSubgrid(unclamped, spans);
  let areas = placed.areas;
  let columns = Array.from({ length: placed.columnCount }, (_, i) => trackSizeAt(columnAxis, style.gridAutoColumns, placed.columnOffset, i));
  let rows = Array.from({ length: placed.rowCount }, (_, i) => trackSizeAt(rowAxis, style.gridAutoRows, placed.rowOffset, i));
  const emptyColumns = collapsedTracks(columnAxis, placed.columnOffset, areas.map((a) => [a.columnStart, a.columnEnd]));
  const emptyRows = collapsedTracks(rowAxis, placed.rowOffset, areas.map((a) => [a.rowStart, a.rowEnd]));
  if (emptyColumns.size > 0 || emptyRows.size > 0) {
    const columnIndex = renumber(columns.length, emptyColumns);
    const rowIndex = renumber(rows.length, emptyRows);
    columns = columns.filter((_, i) => !emptyColumns.has(i));
    rows = rows.filter((_, i) => !emptyRows.has(i));
    areas = areas.map((a) => ({ rowStart: rowIndex[a.rowStart]!, rowEnd: rowIndex[a.rowEnd]!, columnStart: columnIndex[a.columnStart]!, columnEnd: columnIndex[a.columnEnd]! }));
  }
  return {
    items: items.map((item, i) => ({ box: item, area: areas[i]! })), outOfFlow, columns, rows,
    columnAxis, rowAxis, columnOffset: placed.columnOffset, rowOffset: placed.rowOffset,
  };
}

function transpose(result: ReturnType<typeof placeItems>): ReturnType<typeof placeItems> {
  return {
    areas: result.areas.map((a) => ({ rowStart: a.columnStart, rowEnd: a.columnEnd, columnStart: a.rowStart, columnEnd: a.rowEnd })),
    rowCount: result.columnCount, columnCount: result.rowCount, rowOffset: result.columnOffset, columnOffset: result.rowOffset,
  };
}

/**
 * A subgrid has no implicit tracks on a subgridded axis (CSS Grid 2 §9): each area is clamped to
 * the explicit tracks the way an overlarge grid's are (its span cut at the edge, an area wholly
 * outside moved to the last track on that side).
 */
function clampToSubgrid(result: ReturnType<typeof placeItems>, spans: SubgridSpans): ReturnType<typeof placeItems> {
  if (spans.columns === undefined && spans.rows === undefined) return result;
  const clamp = (start: number, end: number, offset: number, count: number | undefined): [number, number] => (count === undefined ? [start, end] : clampSpan(start - offset, end - offset, count));
  const areas = result.areas.map((a) => {
    const [columnStart, columnEnd] = clamp(a.columnStart, a.columnEnd, result.columnOffset, spans.columns?.count);
    const [rowStart, rowEnd] = clamp(a.rowStart, a.rowEnd, result.rowOffset, spans.rows?.count);
    return { rowStart, rowEnd, columnStart, columnEnd };
  });
  return {
    areas,
    columnCount: spans.columns?.count ?? result.columnCount, columnOffset: spans.columns === undefined ? result.columnOffset : 0,
    rowCount: spans.rows?.count ?? result.rowCount, rowOffset: spans.rows === undefined ? result.rowOffset : 0,
  };
}

/**
 * The axis `item` spans in this grid as its subgrid takes it: the track count and the names of
 * the lines there, renumbered from the subgrid's first line (the other way round in `reversed`
 * columns). Names are those of the explicit grid and its areas (§9 item 3).
 */
export function subgridAxisOf(grid: Grid, item: GridItem, axis: GridAxis, reversed: boolean): SubgridAxis {
  const explicit = axis === 'columns' ? grid.columnAxis : grid.rowAxis;
  const offset = axis === 'columns' ? grid.columnOffset : grid.rowOffset;
  const start = axis === 'columns' ? item.area.columnStart : item.area.rowStart;
  const count = (axis === 'columns' ? item.area.columnEnd : item.area.rowEnd) - start;
  const names = new Map<string, number[]>();
  for (const [name, lines] of explicit.names) {
    const inside = lines.map((line) => line + offset - start).filter((line) => line >= 1 && line <= count + 1).map((line) => (reversed ? count + 2 - line : line));
    if (inside.length > 0) names.set(name, inside.sort((a, b) => a - b));
  }
  return { count, names };
}

/** Auto-fit tracks no item occupies (§7.2.3.2), as final track indices. */
function collapsedTracks(axis: ExplicitAxis, offset: number, spans: readonly (readonly [number, number])[]): Set<number> {
  const empty = new Set<number>();
  for (const explicit of axis.autoFit) {
    const index = explicit + offset;
    if (!spans.some(([start, end]) => start <= index && index < end)) empty.add(index);
  }
  return empty;
}

/** New line numbers once `removed` tracks are gone (line i -> lines before it that remain). */
function renumber(count: number, removed: ReadonlySet<number>): number[] {
  const lines: number[] = [0];
  for (let i = 0; i < count; i++) lines.push(lines[i]! + (removed.has(i) ? 0 : 1));
  return lines;
}

export type { AxisPlacement };
