/**
 * Relatively positioned cells, rows and row groups (CSS2 §9.4.3; CSS 2.1 §9.3.1 leaves them
 * undefined; what Chromium's tables do). Each moves visually — a row or row group with its cells,
 * a cell with its background, its borders in the separated model, its content and the absolutely
 * positioned boxes it or its row holds — and nothing else moves: the other cells keep their
 * places, rows are not resized, and collapsed borders stay where they are (they belong to the
 * table). The column, row and row-group backgrounds behind a moved cell follow it (layers.ts
 * takes them from the cells' boxes). A cell spanning rows moves with the row it starts in.
 *
 * Percentages, as Chromium resolves them: `left`/`right` of a cell or a row against the width of
 * the rows (first column's left edge to the last one's right edge), of a row group against the
 * table's content box; `top`/`bottom` of a cell against its row's `height` when that is a length,
 * of a row group against the table's content height when its `height` is a length, and otherwise
 * (a row's, always) they resolve to nothing and the box does not move vertically.
 */
import type { TableRowBox, TableRowGroupBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import { relativeOffset, resolveSize, toContentSize } from '../box-model.js';
import { isContainingBlockForAbsolute } from '../positioned.js';
import type { GridCell, TableGrid } from './grid.js';

/** What the table's rows, row groups and cells ask of the page: found once per table (plan.ts). */
export interface TableParts {
  /** Some row or row group is positioned, transformed or translucent: it paints as one layer with its cells (layers.ts). */
  readonly layered: boolean;
  /** Some cell, row or row group is relatively positioned with an offset. */
  readonly offset: boolean;
}

export function tableParts(grid: TableGrid): TableParts {
  let layered = false;
  let offset = false;
  let group: TableRowGroupBox | undefined;
  for (const row of grid.rows) {
    if (row.group !== group) {
      group = row.group;
      layered ||= isLayered(group.style);
      offset ||= hasOffset(group.style);
    }
    layered ||= isLayered(row.box.style);
    offset ||= hasOffset(row.box.style);
    for (const cell of row.cells) offset ||= hasOffset(cell.cell.style);
  }
  return { layered, offset };
}

/**
 * A row or row group that holds absolutely positioned boxes (positioned, transformed) or is
 * translucent is painted as a layer holding its cells, as Chromium paints it: its transform and
 * opacity apply to its cells too.
 */
export function isLayered(style: ComputedStyle): boolean {
  return isContainingBlockForAbsolute(style) || style.opacity < 1;
}

function hasOffset(style: ComputedStyle): boolean {
  return style.position === 'relative' && (style.top !== 'auto' || style.right !== 'auto' || style.bottom !== 'auto' || style.left !== 'auto');
}

/** What the offsets of a table's parts resolve against on a page. */
export interface OffsetFrame {
  /** From the first column's left edge to the last one's right edge. */
  readonly rowsWidth: number;
  readonly contentWidth: number;
  /** The table's content height when its `height` is a length. */
  readonly contentHeight: number | undefined;
  /** The table's direction: `right` wins in a right-to-left table. */
  readonly direction: 'ltr' | 'rtl';
}

/** `edges`: the table's vertical borders and padding. */
export function offsetFrame(tableStyle: ComputedStyle, widths: { readonly rows: number; readonly content: number }, edges: number): OffsetFrame {
  const height = resolveSize(tableStyle.height, undefined);
  return {
    rowsWidth: widths.rows,
    contentWidth: widths.content,
    contentHeight: height === undefined ? undefined : Math.max(0, toContentSize(height, tableStyle, edges)),
    direction: tableStyle.direction,
  };
}

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

/** How far a row or a row group moves, its group's offset included for a row. */
export function partOffset(frame: OffsetFrame, box: TableRowBox | TableRowGroupBox, group: TableRowGroupBox | undefined): Offset {
  if (box.kind === 'table-row-group') return relativeOffset(box.style, frame.contentWidth, frame.contentHeight, frame.direction);
  const own = relativeOffset(box.style, frame.rowsWidth, undefined, frame.direction);
  if (group === undefined) return own;
  const outer = partOffset(frame, group, undefined);
  return { dx: own.dx + outer.dx, dy: own.dy + outer.dy };
}

/** How far a cell moves: its own offset, its row's and its row group's. */
export function cellOffset(frame: OffsetFrame, grid: TableGrid, cell: GridCell): Offset {
  const row = grid.rows[cell.row]!;
  const own = relativeOffset(cell.cell.style, frame.rowsWidth, resolveSize(row.box.style.height, undefined), frame.direction);
  const outer = partOffset(frame, row.box, row.group);
  return { dx: own.dx + outer.dx, dy: own.dy + outer.dy };
}
