/**
 * The table grid (CSS2 §17.5, HTML §4.9.12 "forming a table"): rows in display order (the first
 * header group first, the first footer group last), every cell in its slot with its spans, and the
 * column and column-group boxes of each column. `rowspan="0"` and spans past the last row of their
 * group end with the group; `colspan` adds columns.
 */
import type { TableBox, TableCellBox, TableColumnBox, TableColumnGroupBox, TableRowBox, TableRowGroupBox } from '../../boxes/types.js';
import { exactLength } from '../../exact-length.js';

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
  /** The cell covering each slot, row-major: `slots[row][column]`. */
  readonly slots: readonly (readonly (GridCell | undefined)[])[];
  /** Cells spanning several rows, in row order (then column order), and the largest such span. */
  readonly rowSpanning: readonly GridCell[];
  readonly longestRowSpan: number;
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
  const slots: (GridCell | undefined)[][] = [];
  const rowSpanning: GridCell[] = [];
  let columnCount = 0;
  for (const group of groups) {
    const start = rows.length;
    const end = start + group.rows.length;
    for (let r = start; r < end; r++) slots[r] = [];
    // a loop, not forEach with a closure: a closure made per call loses its optimised code at each full GC
    for (let i = 0; i < group.rows.length; i++) {
      const row = group.rows[i]!;
      const r = start + i;
      const cells: GridCell[] = [];
      let column = 0;
      for (const cell of row.cells) {
        while (slots[r]![column] !== undefined) column++;
        const rowSpan = cell.rowSpan === 0 ? end - r : Math.min(cell.rowSpan, end - r);
        const placed: GridCell = { cell, row: r, column, rowSpan, colSpan: cell.colSpan };
        // overlapping cells (an error in HTML): the slot stays with the cell that took it first
        for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < cell.colSpan; dc++) slots[r + dr]![column + dc] ??= placed;
        cells.push(placed);
        if (rowSpan > 1) rowSpanning.push(placed);
        column += cell.colSpan;
        columnCount = Math.max(columnCount, column);
      }
      rows.push({ box: row, group, firstInGroup: i === 0, lastInGroup: i === group.rows.length - 1, cells: exactLength(cells), collapsed: row.style.visibility === 'collapse' || group.style.visibility === 'collapse' });
    }
    for (let r = start; r < end; r++) columnCount = Math.max(columnCount, slots[r]!.length);
  }
  const { columns, columnGroups } = declaredColumns(table);
  columnCount = Math.max(columnCount, columns.length);
  // the grid lives as long as the table's layout: its per-row arrays are exact-length copies (exact-length.ts),
  // and a row whose slots are its own cells in order (no spans) shares its cells' array: a long table's
  // grid held a second array per row (35,000 rows: 2.8 MB)
  const rowSlots: (readonly (GridCell | undefined)[])[] = [];
  for (let r = 0; r < slots.length; r++) {
    const row = slots[r]!;
    row.length = columnCount;
    const cells = rows[r]!.cells;
    rowSlots.push(sameSlots(row, cells) ? cells : exactLength(row));
  }
  const collapsedColumns = Array.from({ length: columnCount }, (_, c) => columns[c]?.style.visibility === 'collapse' || columnGroups[c]?.style.visibility === 'collapse');
  return {
    columnCount, rows, columns, columnGroups, collapsedColumns, slots: rowSlots, rowSpanning,
    longestRowSpan: rowSpanning.reduce((longest, cell) => Math.max(longest, cell.rowSpan), 1),
    headerRows: header?.rows.length ?? 0,
    footerRows: footer?.rows.length ?? 0,
  };
}

/** Whether a row's slots hold exactly its cells, one each, in order (the slots of a row without spans). */
function sameSlots(slots: readonly (GridCell | undefined)[], cells: readonly GridCell[]): boolean {
  if (slots.length !== cells.length) return false;
  for (let c = 0; c < slots.length; c++) if (slots[c] !== cells[c]) return false;
  return true;
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
