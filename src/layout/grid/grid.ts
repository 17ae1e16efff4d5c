/**
 * A grid container's grid (CSS Grid 1 §7-8): its items in order-modified document order,
 * placed in the explicit and implicit grid, with the sizing functions of every track. Auto-fit
 * tracks left empty are removed, which collapses them and their gutters (§7.2.3.2).
 */
import type { BlockLevelBox, FlexBox, OutOfFlowBox } from '../../boxes/types.js';
import type { ComputedStyle, GridTrackSize } from '../../css/types.js';
import type { Area, AxisPlacement, PlacementInput } from './placement.js';
import { placeItems, resolveAxis } from './placement.js';
import type { ExplicitAxis, RepeatRoom } from './template.js';
import { explicitAxis, trackSizeAt } from './template.js';

export type GridItemBox = Exclude<BlockLevelBox, OutOfFlowBox>;

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

function placementOf(style: ComputedStyle, rows: ExplicitAxis, columns: ExplicitAxis): PlacementInput {
  return {
    rows: resolveAxis(rows, { start: style.gridRowStart, end: style.gridRowEnd }),
    columns: resolveAxis(columns, { start: style.gridColumnStart, end: style.gridColumnEnd }),
  };
}

const swap = (p: PlacementInput): PlacementInput => ({ rows: p.columns, columns: p.rows });

/** Builds the grid of `box` for a content box of `rooms` (which decide the auto-repeat counts). */
export function buildGrid(box: FlexBox, rooms: { readonly columns: RepeatRoom; readonly rows: RepeatRoom }): Grid {
  const style = box.style;
  const columnAxis = explicitAxis(style.gridTemplateColumns, style.gridTemplateAreas, 'columns', rooms.columns, style.gridAutoColumns);
  const rowAxis = explicitAxis(style.gridTemplateRows, style.gridTemplateAreas, 'rows', rooms.rows, style.gridAutoRows);
  const { items, outOfFlow } = itemBoxes(box);
  const inputs = items.map((item) => placementOf(item.style, rowAxis, columnAxis));
  const byColumn = style.gridAutoFlow.startsWith('column');
  const dense = style.gridAutoFlow.endsWith('dense');
  const placed = byColumn
    ? transpose(placeItems(inputs.map(swap), columnAxis.explicitTracks, rowAxis.explicitTracks, dense))
    : placeItems(inputs, rowAxis.explicitTracks, columnAxis.explicitTracks, dense);
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
