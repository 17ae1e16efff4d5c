/**
 * Grid item placement (CSS Grid 1 §8): line-based placement against the explicit grid's line
 * numbers and names (§8.3), conflict handling (§8.3.2), and the auto-placement algorithm
 * (§8.5) with sparse or dense packing. Works on one abstract "row-major" grid: for
 * `grid-auto-flow: column` the caller swaps the axes, so cursor logic is written once.
 */
import type { GridLine } from '../../css/types.js';
import { maxOf } from '../../append-all.js';
import { firstEndingAfter } from '../intervals.js';

/**
 * The limited grid (CSS Grid 1 "Clamping Overlarge Grids", #overlarge-grids): UAs may clamp
 * the grid to a UA-defined size; octavo keeps at most this many explicit tracks (a longer
 * `repeat()` is cut) and this many implicit tracks on each side of them. Lines past it are
 * clamped to its edge and an area placed wholly outside it becomes its last track on that side.
 * Chromium keeps 10,000 (the lines -10000…10000 the spec suggests), and so does octavo: the
 * occupancy below costs one interval per row an area spans, not one cell per track.
 */
export const MAX_GRID_TRACKS = 10000;
const MAX_LINE = MAX_GRID_TRACKS;
/** Implicit tracks the auto-placement cursor may add after the explicit grid (see placeItems). */
export const MAX_AUTO_TRACKS = 100_000;

/** One axis of the explicit grid: its track count and the line numbers (1-based) of each name. */
export interface AxisLines {
  readonly explicitTracks: number;
  readonly names: ReadonlyMap<string, readonly number[]>;
}

/** An item's placement properties on one axis. */
export interface LinePair {
  readonly start: GridLine;
  readonly end: GridLine;
}

/** A resolved span on an axis: definite lines (1-based, may be <= 0 for implicit tracks before), or auto with a span. */
export type AxisPlacement = { readonly kind: 'definite'; readonly start: number; readonly end: number } | { readonly kind: 'auto'; readonly span: number };

/** The `count`th line named `name` from `from` going in `direction`; implicit lines past the explicit grid all have the name. */
function namedLine(axis: AxisLines, name: string, count: number, from: number, direction: 1 | -1): number {
  const lines = axis.names.get(name) ?? [];
  const last = axis.explicitTracks + 1;
  let found = 0;
  if (direction === 1) {
    for (const line of lines) if (line > from && ++found === count) return line;
    return Math.max(from, last) + (count - found);
  }
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]! < from && ++found === count) return lines[i]!;
  return Math.min(from, 1) - (count - found);
}

/** A definite line of `<integer>? <custom-ident>?` (§8.3.1); `edge` picks `-start`/`-end` for a lone name. */
function definiteLine(axis: AxisLines, line: Extract<GridLine, { kind: 'line' }>, edge: 'start' | 'end'): number {
  const last = axis.explicitTracks + 1;
  if (line.name === undefined) return line.line > 0 ? line.line : last + 1 + line.line;
  if (line.line === 0) {
    const area = axis.names.get(`${line.name}-${edge}`);
    if (area !== undefined && area.length > 0) return area[0]!;
  }
  const n = line.line === 0 ? 1 : line.line;
  return n > 0 ? namedLine(axis, line.name, n, 0, 1) : namedLine(axis, line.name, -n, last + 1, -1);
}

function clampLine(line: number, axis: AxisLines): number {
  return Math.max(-MAX_LINE, Math.min(axis.explicitTracks + 1 + MAX_LINE, line));
}

/** A definite area clamped into the limited grid: its span cut at the edge, or its last track when wholly outside. */
function clampArea(placement: AxisPlacement, axis: AxisLines): AxisPlacement {
  if (placement.kind !== 'definite') return placement;
  const first = -MAX_LINE;
  const last = axis.explicitTracks + 1 + MAX_LINE;
  if (placement.start >= last) return { kind: 'definite', start: last - 1, end: last };
  if (placement.end <= first) return { kind: 'definite', start: first, end: first + 1 };
  return { kind: 'definite', start: Math.max(first, placement.start), end: Math.min(last, placement.end) };
}

/** Resolves one axis of an item's placement (§8.3.1, with the conflict handling of §8.3.2), clamped into the limited grid. */
export function resolveAxis(axis: AxisLines, pair: LinePair): AxisPlacement {
  return clampArea(resolveLines(axis, pair), axis);
}

function resolveLines(axis: AxisLines, pair: LinePair): AxisPlacement {
  const start = pair.start;
  let end = pair.end;
  if (typeof start === 'object' && start.kind === 'span' && typeof end === 'object' && end.kind === 'span') end = 'auto';
  const startLine = typeof start === 'object' && start.kind === 'line' ? clampLine(definiteLine(axis, start, 'start'), axis) : undefined;
  const endLine = typeof end === 'object' && end.kind === 'line' ? clampLine(definiteLine(axis, end, 'end'), axis) : undefined;
  if (startLine !== undefined && endLine !== undefined) {
    if (startLine === endLine) return { kind: 'definite', start: startLine, end: startLine + 1 };
    return { kind: 'definite', start: Math.min(startLine, endLine), end: Math.max(startLine, endLine) };
  }
  if (startLine !== undefined) {
    if (typeof end === 'object' && end.kind === 'span') {
      const stop = end.name === undefined ? startLine + end.count : namedLine(axis, end.name, end.count, startLine, 1);
      return { kind: 'definite', start: startLine, end: stop };
    }
    return { kind: 'definite', start: startLine, end: startLine + 1 };
  }
  if (endLine !== undefined) {
    if (typeof start === 'object' && start.kind === 'span') {
      const from = start.name === undefined ? endLine - start.count : namedLine(axis, start.name, start.count, endLine, -1);
      return { kind: 'definite', start: from, end: endLine };
    }
    return { kind: 'definite', start: endLine - 1, end: endLine };
  }
  // Auto placement: a named span counts as span 1 (§8.3.1).
  const span = typeof start === 'object' && start.kind === 'span' ? start : typeof end === 'object' && end.kind === 'span' ? end : undefined;
  return { kind: 'auto', span: span === undefined || span.name !== undefined ? 1 : Math.min(span.count, MAX_LINE) };
}

/** An item's area in the abstract grid, as 0-based track indices (end exclusive). */
export interface Area {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

export interface PlacementInput {
  readonly rows: AxisPlacement;
  readonly columns: AxisPlacement;
}

export interface PlacementResult {
  /** Per input item, its area (0-based tracks of the final grid). */
  readonly areas: readonly Area[];
  readonly rowCount: number;
  readonly columnCount: number;
  /** How many implicit tracks precede the explicit grid on each axis. */
  readonly rowOffset: number;
  readonly columnOffset: number;
}

/** Occupied cells, grown as needed. */
/**
 * The cells items occupy, as sorted disjoint column intervals per row: an area costs one interval
 * per row it spans, whatever its width, so a hostile span across the whole limited grid
 * (10,000 × 10,000 tracks) stays small; a check is a binary search per row.
 */
class Occupancy {
  /** Per row (an index of the limited grid): starts and ends of disjoint, sorted, non-adjacent intervals [start, end). */
  private readonly rows: ({ starts: number[]; ends: number[] } | undefined)[] = [];

  fits(row: number, column: number, rowSpan: number, columnSpan: number): boolean {
    for (let r = row; r < row + rowSpan; r++) {
      const line = this.rows[r];
      if (line === undefined) continue;
      const i = firstEndingAfter(line.ends, column);
      if (i < line.starts.length && line.starts[i]! < column + columnSpan) return false;
    }
    return true;
  }

  /** Whether `row` is filled from column 0 to `columns` (its intervals are merged: one covers it). */
  isFull(row: number, columns: number): boolean {
    const line = this.rows[row];
    return line !== undefined && line.starts[0]! <= 0 && line.ends[0]! >= columns;
  }

  mark(area: Area): void {
    for (let r = area.rowStart; r < area.rowEnd; r++) {
      let line = this.rows[r];
      if (line === undefined) this.rows[r] = line = { starts: [], ends: [] };
      const first = firstEndingAfter(line.ends, area.columnStart - 1);
      let last = first;
      while (last < line.starts.length && line.starts[last]! <= area.columnEnd) last++;
      const start = Math.min(area.columnStart, line.starts[first] ?? area.columnStart);
      const end = Math.max(area.columnEnd, last > first ? line.ends[last - 1]! : area.columnEnd);
      if (last - first === 1) {
        // merged with one interval (an item beside the last one in its row, mostly): in place
        line.starts[first] = start;
        line.ends[first] = end;
      } else {
        line.starts.splice(first, last - first, start);
        line.ends.splice(first, last - first, end);
      }
    }
  }
}

/** Tracks [start, start + count) cut at the limited grid's end `limit`, or its last track when wholly past it. */
function withinLimit(start: number, count: number, limit: number): [number, number] {
  return start >= limit ? [limit - 1, limit] : [start, Math.min(limit, start + count)];
}

const span = (p: AxisPlacement): number => (p.kind === 'definite' ? p.end - p.start : p.span);

/**
 * Places items on a row-major grid (§8.5): `rows` is the axis new tracks are added to as the
 * cursor advances, `columns` the axis the cursor runs along. `explicitColumns`/`explicitRows`
 * size the explicit grid.
 */
export function placeItems(items: readonly PlacementInput[], explicitRows: number, explicitColumns: number, dense: boolean): PlacementResult {
  // Implicit tracks before the explicit grid come from definite negative positions (§7.5).
  let rowOffset = 0;
  let columnOffset = 0;
  let columnCount = explicitColumns;
  for (const item of items) {
    if (item.rows.kind === 'definite') rowOffset = Math.max(rowOffset, 1 - item.rows.start);
    if (item.columns.kind === 'definite') {
      columnOffset = Math.max(columnOffset, 1 - item.columns.start);
      columnCount = Math.max(columnCount, item.columns.end - 1);
    }
  }
  columnCount += columnOffset;
  for (const item of items) if (item.columns.kind === 'auto') columnCount = Math.max(columnCount, item.columns.span);
  const toRows = (p: Extract<AxisPlacement, { kind: 'definite' }>): [number, number] => [p.start - 1 + rowOffset, p.end - 1 + rowOffset];
  const toColumns = (p: Extract<AxisPlacement, { kind: 'definite' }>): [number, number] => [p.start - 1 + columnOffset, p.end - 1 + columnOffset];

  // The auto-placement cursor stops too, but further out: a long report laid out as a grid passes
  // 10,000 rows (octavo's 1,000 pages hold ~100,000; Chromium stacks even 150 items spanning 10,000
  // rows each), while 3,000 items spanning 10,000 rows made 30 million rows (49 s, 4.5 GB). Past
  // its last line an area is cut at the edge, or put in its last track.
  const rowLimit = rowOffset + explicitRows + MAX_AUTO_TRACKS;
  const columnLimit = columnOffset + explicitColumns + MAX_AUTO_TRACKS;
  const areas: (Area | undefined)[] = items.map(() => undefined);
  const occupied = new Occupancy();
  const place = (index: number, area: Area): void => {
    areas[index] = area;
    occupied.mark(area);
  };
  // 1. Items with a definite position on both axes.
  items.forEach((item, i) => {
    if (item.rows.kind !== 'definite' || item.columns.kind !== 'definite') return;
    const [rowStart, rowEnd] = toRows(item.rows);
    const [columnStart, columnEnd] = toColumns(item.columns);
    place(i, { rowStart, rowEnd, columnStart, columnEnd });
  });
  // 2. Items locked to a row: the first columns in that row that are free (past earlier ones when sparse).
  const rowCursors = new Map<number, number>();
  items.forEach((item, i) => {
    if (item.rows.kind !== 'definite' || item.columns.kind !== 'auto') return;
    const [rowStart, rowEnd] = toRows(item.rows);
    const width = item.columns.span;
    let column = dense ? 0 : rowCursors.get(rowStart) ?? 0;
    while (column < columnLimit && !occupied.fits(rowStart, column, rowEnd - rowStart, width)) column++;
    const [columnStart, columnEnd] = withinLimit(column, width, columnLimit);
    place(i, { rowStart, rowEnd, columnStart, columnEnd });
    rowCursors.set(rowStart, columnEnd);
    columnCount = Math.max(columnCount, columnEnd);
  });
  // 4. The remaining items, with the auto-placement cursor. Dense packing starts each search at
  // the first row not yet full, not at row 0: no item fits in a full row, and searching the rows
  // every earlier item filled made 30,000 items cost 27 s.
  let cursorRow = 0;
  let cursorColumn = 0;
  let firstOpenRow = 0;
  items.forEach((item, i) => {
    if (areas[i] !== undefined) return;
    while (dense && occupied.isFull(firstOpenRow, columnCount)) firstOpenRow++;
    const height = span(item.rows);
    if (item.columns.kind === 'definite') {
      const [columnStart, columnEnd] = toColumns(item.columns);
      if (dense) cursorRow = firstOpenRow;
      else if (columnStart < cursorColumn) cursorRow++;
      while (cursorRow < rowLimit && !occupied.fits(cursorRow, columnStart, height, columnEnd - columnStart)) cursorRow++;
      cursorColumn = columnStart;
      const [rowStart, rowEnd] = withinLimit(cursorRow, height, rowLimit);
      place(i, { rowStart, rowEnd, columnStart, columnEnd });
      return;
    }
    const width = item.columns.span;
    if (dense) { cursorRow = firstOpenRow; cursorColumn = 0; }
    while (cursorRow < rowLimit) {
      if (cursorColumn + width > columnCount) { cursorRow++; cursorColumn = 0; continue; }
      if (occupied.fits(cursorRow, cursorColumn, height, width)) break;
      cursorColumn++;
    }
    // past the last row, the cursor wraps along it: the implicit columns do not grow
    if (cursorColumn + width > columnCount) cursorColumn = 0;
    const [rowStart, rowEnd] = withinLimit(cursorRow, height, rowLimit);
    place(i, { rowStart, rowEnd, columnStart: cursorColumn, columnEnd: cursorColumn + width });
    cursorColumn += width;
  });
  const placed = areas as Area[];
  const rowCount = Math.max(explicitRows + rowOffset, maxOf(placed.map((a) => a.rowEnd)));
  columnCount = Math.max(columnCount, maxOf(placed.map((a) => a.columnEnd)));
  return { areas: placed, rowCount, columnCount, rowOffset, columnOffset };
}
