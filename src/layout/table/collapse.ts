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
import { cellAt } from './grid.js';
import { exactLength } from '../../exact-length.js';
import { cacheKey } from '../contract.js';

export interface CollapsedBorder {
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
}

export const NO_BORDER: CollapsedBorder = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } };

const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 10, double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0,
};

export type SideBorders = Readonly<Record<Side, CollapsedBorder>>;

/**
 * A style's border on each side, one record per style and render (kept through the layout
 * context, table/plan.ts): the cells of a column share their style, so a long table compares the
 * same few records instead of allocating one per edge and side.
 */
export const SIDE_BORDERS = cacheKey('collapsed side borders', () => new WeakMap<ComputedStyle, SideBorders>());

/** The table whose edges are resolved, and the render's side borders by style. */
export interface EdgeSource {
  readonly grid: TableGrid;
  readonly table: TableBox;
  readonly borders: WeakMap<ComputedStyle, SideBorders>;
}

/**
 * The hit alone: `EdgeContest.add` is inlined up to ten times into each edge function, and with it
 * this; the record building (a few times per table) stays out of those compiled graphs.
 */
function borderOn(style: ComputedStyle, side: Side, bordersOfStyle: WeakMap<ComputedStyle, SideBorders>): CollapsedBorder {
  return (bordersOfStyle.get(style) ?? newSideBorders(style, bordersOfStyle))[side];
}

function newSideBorders(style: ComputedStyle, bordersOfStyle: WeakMap<ComputedStyle, SideBorders>): SideBorders {
  const borders: SideBorders = {
    top: { width: style.borderTopWidth, style: style.borderTopStyle, color: style.borderTopColor },
    right: { width: style.borderRightWidth, style: style.borderRightStyle, color: style.borderRightColor },
    bottom: { width: style.borderBottomWidth, style: style.borderBottomStyle, color: style.borderBottomColor },
    left: { width: style.borderLeftWidth, style: style.borderLeftStyle, color: style.borderLeftColor },
  };
  bordersOfStyle.set(style, borders);
  return borders;
}

/** Whether `a` beats `b` (a comes first: further left / higher, so it wins ties); origins 6 cell, 5 row, 4 row group, 3 column, 2 column group, 1 table. */
function beats(a: CollapsedBorder, aOrigin: number, b: CollapsedBorder, bOrigin: number): boolean {
  if (a.style === 'hidden' || b.style === 'hidden') return a.style === 'hidden';
  if (a.style === 'none' || b.style === 'none') return b.style === 'none';
  if (a.width !== b.width) return a.width > b.width;
  if (a.style !== b.style) return STYLE_RANK[a.style] > STYLE_RANK[b.style];
  return aOrigin >= bOrigin;
}

/** The borders meeting on one edge, compared as they are added (in the order of the spec's tie rule). */
class EdgeContest {
  private best: CollapsedBorder | undefined;
  private bestOrigin = 0;

  constructor(private readonly borders: WeakMap<ComputedStyle, SideBorders>) {}

  add(box: Box | undefined, side: Side, origin: number): void {
    if (box === undefined) return;
    const border = borderOn(box.style, side, this.borders);
    if (this.best === undefined || !beats(this.best, this.bestOrigin, border, origin)) {
      this.best = border;
      this.bestOrigin = origin;
    }
  }

  winner(): CollapsedBorder {
    const best = this.best;
    return best === undefined || best.style === 'hidden' || best.style === 'none' || best.width === 0 ? NO_BORDER : best;
  }
}

/** The edge between grid rows `above` and `below` (either absent at the table's edge) over `column`. */
export function horizontalEdge(source: EdgeSource, above: number | undefined, below: number | undefined, column: number): CollapsedBorder {
  const { grid, table } = source;
  const upper = above === undefined ? undefined : cellAt(grid, above, column);
  const lower = below === undefined ? undefined : cellAt(grid, below, column);
  if (upper !== undefined && upper === lower) return NO_BORDER; // inside a row-spanning cell
  const contest = new EdgeContest(source.borders);
  if (above !== undefined) {
    const row = grid.rows[above]!;
    contest.add(upper?.cell.content, 'bottom', 6);
    contest.add(row.box, 'bottom', 5);
    if (row.lastInGroup || below === undefined || grid.rows[below]?.group !== row.group) contest.add(row.group, 'bottom', 4);
  }
  if (below !== undefined) {
    const row = grid.rows[below]!;
    contest.add(lower?.cell.content, 'top', 6);
    contest.add(row.box, 'top', 5);
    if (row.firstInGroup || above === undefined || grid.rows[above]?.group !== row.group) contest.add(row.group, 'top', 4);
  }
  if (above === undefined || below === undefined) {
    const side = above === undefined ? 'top' : 'bottom';
    contest.add(grid.columns[column], side, 3);
    contest.add(grid.columnGroups[column], side, 2);
    contest.add(table, side, 1);
  }
  return contest.winner();
}

/**
 * The edge on grid line `line` (0 = the table's start edge) in row `row`. The cell before a line
 * meets it with its end side, the one after with its start side: `right` and `left`, swapped in a
 * right-to-left table, whose first column is on the right (CSS2 §17.6.2.1's tie rule then favours
 * the cell further right: the one before, added first).
 */
export function verticalEdge(source: EdgeSource, row: number, line: number): CollapsedBorder {
  const { grid, table } = source;
  const [start, end]: readonly [Side, Side] = table.style.direction === 'rtl' ? RTL_SIDES : LTR_SIDES;
  const before = line > 0 ? cellAt(grid, row, line - 1) : undefined;
  const after = line < grid.columnCount ? cellAt(grid, row, line) : undefined;
  if (before !== undefined && before === after) return NO_BORDER; // inside a spanning cell
  const contest = new EdgeContest(source.borders);
  contest.add(before?.cell.content, end, 6);
  contest.add(after?.cell.content, start, 6);
  const rowBox = grid.rows[row]!;
  if (line === 0 || line === grid.columnCount) {
    const side = line === 0 ? start : end;
    contest.add(rowBox.box, side, 5);
    contest.add(rowBox.group, side, 4);
  }
  if (line > 0) {
    contest.add(grid.columns[line - 1], end, 3);
    if (line === grid.columnCount || grid.columnGroups[line] !== grid.columnGroups[line - 1]) contest.add(grid.columnGroups[line - 1], end, 2);
  }
  if (line < grid.columnCount) {
    contest.add(grid.columns[line], start, 3);
    if (line === 0 || grid.columnGroups[line] !== grid.columnGroups[line - 1]) contest.add(grid.columnGroups[line], start, 2);
  }
  if (line === 0) contest.add(table, start, 1);
  if (line === grid.columnCount) contest.add(table, end, 1);
  return contest.winner();
}

const LTR_SIDES = ['left', 'right'] as const;
const RTL_SIDES = ['right', 'left'] as const;

/** Every collapsed edge of a table, resolved once (cells' half borders, each page's segments). */
export interface CollapsedEdges {
  /** `[row][line]`: line 0 is the table's start edge. */
  readonly vertical: readonly (readonly CollapsedBorder[])[];
  /** `[line][column]`: line r is between rows r - 1 and r; line 0 is the table's top, the last line its bottom. */
  readonly horizontal: readonly (readonly CollapsedBorder[])[];
  /** Where they come from, for the edges between rows that are not adjacent (`edgesBetween`). */
  readonly source: EdgeSource;
}

export function collapsedEdges(source: EdgeSource): CollapsedEdges {
  const { grid } = source;
  const rows = grid.rows.length;
  const vertical: CollapsedBorder[][] = [];
  for (let r = 0; r < rows; r++) {
    const edges: CollapsedBorder[] = [];
    for (let line = 0; line <= grid.columnCount; line++) edges.push(verticalEdge(source, r, line));
    vertical.push(sharedEdges(vertical[r - 1], edges));
  }
  const horizontal: CollapsedBorder[][] = [];
  for (let line = 0; line <= rows; line++) horizontal.push(sharedEdges(horizontal[line - 1], edgesAcross(source, line > 0 ? line - 1 : undefined, line < rows ? line : undefined)));
  return { vertical, horizontal, source };
}

/**
 * `edges`, or the previous row's or line's array when it holds the same borders: the rows of a
 * long table mostly have the same edges, and these arrays live as long as the table's layout.
 */
function sharedEdges(previous: CollapsedBorder[] | undefined, edges: CollapsedBorder[]): CollapsedBorder[] {
  const same = previous !== undefined && previous.length === edges.length && previous.every((edge, i) => edge === edges[i]);
  return same ? previous : exactLength(edges);
}

/**
 * The edges between two rows shown one after the other (either absent at the table's edge): the
 * grid line between them when they are adjacent, else resolved here (a repeated header over the
 * first body row of a page, the edge that closes a page).
 */
export function edgesBetween(edges: CollapsedEdges, above: number | undefined, below: number | undefined): readonly CollapsedBorder[] {
  const rows = edges.source.grid.rows.length;
  if (above === undefined && below === 0) return edges.horizontal[0]!;
  if (below === undefined && above === rows - 1) return edges.horizontal[rows]!;
  if (above !== undefined && below === above + 1) return edges.horizontal[below]!;
  return edgesAcross(edges.source, above, below);
}

function edgesAcross(source: EdgeSource, above: number | undefined, below: number | undefined): CollapsedBorder[] {
  const edges: CollapsedBorder[] = [];
  for (let c = 0; c < source.grid.columnCount; c++) edges.push(horizontalEdge(source, above, below, c));
  return edges;
}
