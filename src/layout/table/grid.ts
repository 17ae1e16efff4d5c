/**
 * The table grid (CSS2 §17.5, HTML §4.9.12 "forming a table"): rows in display order (the first
 * header group first, the first footer group last), every cell in its slot with its spans, and the
 * column and column-group boxes of each column. `rowspan="0"` and spans past the last row of their
 * group end with the group; `colspan` adds columns.
 */
import type { TableBox, TableCellBox, TableColumnBox, TableColumnGroupBox, TableRowBox, TableRowGroupBox } from '../../boxes/types.js';
import { exactLength } from '../../exact-length.js';
import { firstEndingAfter } from '../intervals.js';

export interface GridCell {
  readonly cell: TableCellBox;
  readonly row: number;
  readonly column: number;
  readonly rowSpan: number;
  readonly colSpan: number;
}

export interface GridRow {
  readonly box: TableRowBox;
  readonly group: TableRowGroupBox;
  /** First / last row of its group (for row-group borders and backgrounds). */
  readonly firstInGroup: boolean;
  readonly lastInGroup: boolean;
  /** Cells that start in this row, in column order. */
  readonly cells: readonly GridCell[];
  /** `visibility: collapse` on the row or its group: the row takes no height (CSS 2.1 §17.5.5). */
  readonly collapsed: boolean;
}

export interface TableGrid {
  readonly columnCount: number;
  readonly rows: readonly GridRow[];
  /** The `<col>` and `<colgroup>` of each column (undefined past the declared ones). */
  readonly columns: readonly (TableColumnBox | undefined)[];
  readonly columnGroups: readonly (TableColumnGroupBox | undefined)[];
  /** `visibility: collapse` on each column's `<col>` or `<colgroup>`: the column takes no width (CSS 2.1 §17.5.5). */
  readonly collapsedColumns: readonly boolean[];
  /** Rows of the header group (repeated on every page), at the start; rows of the footer group at the end. */
  readonly headerRows: number;
  readonly footerRows: number;
  /** The cells covering each row's slots (`cellAt` finds one). */
  readonly slots: readonly SlotRow[];
  /** Cells spanning several rows, in row order (then column order), and the largest such span. */
  readonly rowSpanning: readonly GridCell[];
  readonly longestRowSpan: number;
}

/**
 * One row's covered slots: column intervals [starts[i], ends[i]) in order, each with the cell
 * covering it, or, for a row of its own cells without spans (most rows of a long table), its cells
 * list alone, each covering its own columns. Intervals, not a slot per column: one cell of
 * `colspan=1000 rowspan=0` over 35,000 rows made 35 million slots, a staircase of such cells
 * 600 rows long 180 million (4.3 GB, the process killed).
 */
export type SlotRow = readonly GridCell[] | { readonly starts: readonly number[]; readonly ends: readonly number[]; readonly cells: readonly GridCell[] };

/** The cell covering slot (`row`, `column`), if any. */
export function cellAt(grid: TableGrid, row: number, column: number): GridCell | undefined {
  const slots = grid.slots[row];
  if (slots === undefined) return undefined;
  if ('starts' in slots) {
    const i = firstEndingAfter(slots.ends, column);
    return i < slots.starts.length && slots.starts[i]! <= column ? slots.cells[i] : undefined;
  }
  // a row of its own cells: each covers its own columns, in order (the same search over cell ends)
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const cell = slots[middle]!;
    if (cell.column + cell.colSpan > column) high = middle;
    else low = middle + 1;
  }
  const cell = slots[low];
  return cell !== undefined && cell.column <= column ? cell : undefined;
}

/** A row's slots while the grid is formed: disjoint sorted intervals, the first cell to cover a slot keeping it. */
class SlotIntervals {
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly cells: GridCell[] = [];

  /** Where the row's covered slots end. */
  get end(): number {
    return this.ends.length === 0 ? 0 : this.ends[this.ends.length - 1]!;
  }

  /** The first slot at or after `column` no cell covers. */
  firstFree(column: number): number {
    for (let i = firstEndingAfter(this.ends, column); i < this.starts.length && this.starts[i]! <= column; i++) column = this.ends[i]!;
    return column;
  }

  /** Gives `cell` the slots of [start, end) no cell covers yet (overlapping cells, an HTML error, keep the first). */
  cover(start: number, end: number, cell: GridCell): void {
    let i = firstEndingAfter(this.ends, start);
    let at = start;
    while (at < end) {
      if (i < this.starts.length && this.starts[i]! <= at) {
        at = this.ends[i]!;
        i++;
        continue;
      }
      const gapEnd = i < this.starts.length ? Math.min(end, this.starts[i]!) : end;
      this.starts.splice(i, 0, at);
      this.ends.splice(i, 0, gapEnd);
      this.cells.splice(i, 0, cell);
      i++;
      at = gapEnd;
    }
  }

  /** The row as kept: its own cells when they are exactly its intervals, else exact-length copies. */
  done(own: readonly GridCell[]): SlotRow {
    if (this.cells.length === own.length && own.every((cell, i) => this.cells[i] === cell && this.starts[i] === cell.column && this.ends[i] === cell.column + cell.colSpan)) return own;
    return { starts: exactLength(this.starts), ends: exactLength(this.ends), cells: exactLength(this.cells) };
  }

}

/** Row groups in display order: the first header group, the bodies (and other headers/footers) in order, the first footer group. */
function orderedGroups(table: TableBox): { groups: TableRowGroupBox[]; header: TableRowGroupBox | undefined; footer: TableRowGroupBox | undefined } {
  const header = table.rowGroups.find((group) => group.role === 'header');
  const footer = table.rowGroups.find((group) => group.role === 'footer');
  const bodies = table.rowGroups.filter((group) => group !== header && group !== footer);
  return { groups: [...(header ? [header] : []), ...bodies, ...(footer ? [footer] : [])], header, footer };
}

export function buildTableGrid(table: TableBox): TableGrid {
  const { groups, header, footer } = orderedGroups(table);
  const rows: GridRow[] = [];
  const slots: SlotIntervals[] = [];
  const rowSpanning: GridCell[] = [];
  let columnCount = 0;
  for (const group of groups) {
    const start = rows.length;
    const end = start + group.rows.length;
    for (let r = start; r < end; r++) slots[r] = new SlotIntervals();
    // a loop, not forEach with a closure: a closure made per call loses its optimised code at each full GC
    for (let i = 0; i < group.rows.length; i++) {
      const row = group.rows[i]!;
      const r = start + i;
      const cells: GridCell[] = [];
      let column = 0;
      for (const cell of row.cells) {
        column = slots[r]!.firstFree(column);
        const rowSpan = cell.rowSpan === 0 ? end - r : Math.min(cell.rowSpan, end - r);
        const placed: GridCell = { cell, row: r, column, rowSpan, colSpan: cell.colSpan };
        for (let dr = 0; dr < rowSpan; dr++) slots[r + dr]!.cover(column, column + cell.colSpan, placed);
        cells.push(placed);
        if (rowSpan > 1) rowSpanning.push(placed);
        column += cell.colSpan;
        columnCount = Math.max(columnCount, column);
      }
      rows.push({ box: row, group, firstInGroup: i === 0, lastInGroup: i === group.rows.length - 1, cells: exactLength(cells), collapsed: row.style.visibility === 'collapse' || group.style.visibility === 'collapse' });
    }
    for (let r = start; r < end; r++) columnCount = Math.max(columnCount, slots[r]!.end);
  }
  const { columns, columnGroups } = declaredColumns(table);
  columnCount = Math.max(columnCount, columns.length);
  // the grid lives as long as the table's layout: its per-row lists are exact-length copies (exact-length.ts),
  // and a row whose slots are its own cells in order (no spans) is its cells' list: a long table's
  // grid held a second array per row (35,000 rows: 2.8 MB)
  const rowSlots = slots.map((row, r) => row.done(rows[r]!.cells));
  const collapsedColumns = Array.from({ length: columnCount }, (_, c) => columns[c]?.style.visibility === 'collapse' || columnGroups[c]?.style.visibility === 'collapse');
  return {
    columnCount, rows, columns, columnGroups, collapsedColumns, slots: rowSlots, rowSpanning,
    longestRowSpan: rowSpanning.reduce((longest, cell) => Math.max(longest, cell.rowSpan), 1),
    headerRows: header?.rows.length ?? 0,
    footerRows: footer?.rows.length ?? 0,
  };
}

/** `<colgroup>`/`<col>`, each `span` columns wide (a group without columns spans its own `span`). */
function declaredColumns(table: TableBox): { columns: (TableColumnBox | undefined)[]; columnGroups: (TableColumnGroupBox | undefined)[] } {
  const columns: (TableColumnBox | undefined)[] = [];
  const columnGroups: (TableColumnGroupBox | undefined)[] = [];
  for (const group of table.columnGroups) {
    if (group.columns.length === 0) {
      for (let i = 0; i < group.span; i++) {
        columns.push(undefined);
        columnGroups.push(group);
      }
      continue;
    }
    for (const column of group.columns) {
      for (let i = 0; i < column.span; i++) {
        columns.push(column);
        columnGroups.push(group);
      }
    }
  }
  return { columns, columnGroups };
}

/**
 * The cells that start in an earlier row and still span row `row`, in row then column order:
 * found among the spanning cells of the `longestRowSpan` rows before it, not by a walk from the
 * first row (a long table asks on every page).
 */
export function cellsSpanningInto(grid: TableGrid, row: number): GridCell[] {
  const cells = grid.rowSpanning;
  const from = row - grid.longestRowSpan + 1;
  // first spanning cell starting at `from` or later (binary search: they are in row order)
  let low = 0;
  let high = cells.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cells[mid]!.row < from) low = mid + 1;
    else high = mid;
  }
  const out: GridCell[] = [];
  for (let i = low; i < cells.length && cells[i]!.row < row; i++) {
    const cell = cells[i]!;
    if (cell.row + cell.rowSpan - 1 >= row) out.push(cell);
  }
  return out;
}
