/**
 * The collapsing border model (CSS2 §17.6.2): every edge of the grid gets one border, the winner
 * of the borders of the cells, rows, row groups, columns, column groups and the table that meet
 * there (§17.6.2.1: `hidden` wins, then the wider, then the style in the order double, solid,
 * dashed, dotted, ridge, outset, groove, inset, then the origin in the order cell, row, row group,
 * column, column group, table; on a tie the one further left / higher wins).
 */
import type { Box, TableBox } from '../../boxes/types.js';
import type { BorderStyle, Color, ComputedStyle } from '../../css/types.js';
import type { Side } from '../../geometry/types.js';
import type { TableGrid } from './grid.js';

export interface CollapsedBorder {
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
}

interface Candidate extends CollapsedBorder {
  /** 6 cell, 5 row, 4 row group, 3 column, 2 column group, 1 table. */
  readonly origin: number;
}

export const NO_BORDER: CollapsedBorder = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };

const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 10, double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0,
};

const SIDE_KEYS: Record<Side, { width: 'borderTopWidth' | 'borderRightWidth' | 'borderBottomWidth' | 'borderLeftWidth'; style: 'borderTopStyle' | 'borderRightStyle' | 'borderBottomStyle' | 'borderLeftStyle'; color: 'borderTopColor' | 'borderRightColor' | 'borderBottomColor' | 'borderLeftColor' }> = {
  top: { width: 'borderTopWidth', style: 'borderTopStyle', color: 'borderTopColor' },
  right: { width: 'borderRightWidth', style: 'borderRightStyle', color: 'borderRightColor' },
  bottom: { width: 'borderBottomWidth', style: 'borderBottomStyle', color: 'borderBottomColor' },
  left: { width: 'borderLeftWidth', style: 'borderLeftStyle', color: 'borderLeftColor' },
};

function candidate(style: ComputedStyle, side: Side, origin: number): Candidate {
  const keys = SIDE_KEYS[side];
  return { width: style[keys.width], style: style[keys.style], color: style[keys.color], origin };
}

/** Whether `a` beats `b` (a comes first: further left / higher, so it wins ties). */
function beats(a: Candidate, b: Candidate): boolean {
  if (a.style === 'hidden' || b.style === 'hidden') return a.style === 'hidden';
  if (a.style === 'none' || b.style === 'none') return b.style === 'none';
  if (a.width !== b.width) return a.width > b.width;
  if (a.style !== b.style) return STYLE_RANK[a.style] > STYLE_RANK[b.style];
  return a.origin >= b.origin;
}

function winner(candidates: readonly Candidate[]): CollapsedBorder {
  let best: Candidate | undefined;
  for (const c of candidates) if (best === undefined || !beats(best, c)) best = c;
  if (best === undefined || best.style === 'hidden' || best.style === 'none' || best.width === 0) return NO_BORDER;
  return { width: best.width, style: best.style, color: best.color };
}

/** The edge between grid rows `above` and `below` (either absent at the table's edge) over `column`. */
export function horizontalEdge(grid: TableGrid, table: TableBox, above: number | undefined, below: number | undefined, column: number): CollapsedBorder {
  if (above !== undefined && below !== undefined) {
    const cell = grid.slots[above]![column];
    if (cell !== undefined && cell === grid.slots[below]![column]) return NO_BORDER; // inside a row-spanning cell
  }
  const list: Candidate[] = [];
  const add = (box: Box | undefined, side: Side, origin: number): void => {
    if (box !== undefined) list.push(candidate(box.style, side, origin));
  };
  if (above !== undefined) {
    const row = grid.rows[above]!;
    add(grid.slots[above]![column]?.cell.content, 'bottom', 6);
    add(row.box, 'bottom', 5);
    if (row.lastInGroup || below === undefined || grid.rows[below]?.group !== row.group) add(row.group, 'bottom', 4);
  }
  if (below !== undefined) {
    const row = grid.rows[below]!;
    add(grid.slots[below]![column]?.cell.content, 'top', 6);
    add(row.box, 'top', 5);
    if (row.firstInGroup || above === undefined || grid.rows[above]?.group !== row.group) add(row.group, 'top', 4);
  }
  if (above === undefined || below === undefined) {
    const side = above === undefined ? 'top' : 'bottom';
    add(grid.columns[column], side, 3);
    add(grid.columnGroups[column], side, 2);
    add(table, side, 1);
  }
  return winner(list);
}

/** The edge on grid line `line` (0 = the table's start edge) in row `row`. */
export function verticalEdge(grid: TableGrid, table: TableBox, row: number, line: number): CollapsedBorder {
  const list: Candidate[] = [];
  const add = (box: Box | undefined, side: Side, origin: number): void => {
    if (box !== undefined) list.push(candidate(box.style, side, origin));
  };
  const slots = grid.slots[row]!;
  const left = line > 0 ? slots[line - 1] : undefined;
  const right = line < grid.columnCount ? slots[line] : undefined;
  if (left !== undefined && left === right) return NO_BORDER; // inside a spanning cell
  add(left?.cell.content, 'right', 6);
  add(right?.cell.content, 'left', 6);
  const rowBox = grid.rows[row]!;
  if (line === 0 || line === grid.columnCount) {
    const side = line === 0 ? 'left' : 'right';
    add(rowBox.box, side, 5);
    add(rowBox.group, side, 4);
  }
  if (line > 0) {
    add(grid.columns[line - 1], 'right', 3);
    if (line === grid.columnCount || grid.columnGroups[line] !== grid.columnGroups[line - 1]) add(grid.columnGroups[line - 1], 'right', 2);
  }
  if (line < grid.columnCount) {
    add(grid.columns[line], 'left', 3);
    if (line === 0 || grid.columnGroups[line] !== grid.columnGroups[line - 1]) add(grid.columnGroups[line], 'left', 2);
  }
  if (line === 0) add(table, 'left', 1);
  if (line === grid.columnCount) add(table, 'right', 1);
  return winner(list);
}

/** Every vertical edge of every row: `[row][line]`. */
export function verticalEdges(grid: TableGrid, table: TableBox): CollapsedBorder[][] {
  return grid.rows.map((_, r) => Array.from({ length: grid.columnCount + 1 }, (__, line) => verticalEdge(grid, table, r, line)));
}
