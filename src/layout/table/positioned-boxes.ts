/**
 * Absolutely positioned boxes inside a table, placed once the table has sized what contains them
 * (CSS2 §10.1, CSS Position 3 §2.1). A positioned cell holds those of its content in its final
 * padding box: after its row stretched it, the rows it spans and the table's `height` grew it, and
 * its content moved by `vertical-align` (their static positions move with the content). The others
 * go to the nearest positioned row, then row group, around their cell: its box on the page is its
 * rows' height from the first column's left edge to the last one's right edge (CSS 2.1 §9.3.1
 * leaves it undefined; what Chromium does). What none of them holds escapes the table.
 */
import type { TableRowBox, TableRowGroupBox } from '../../boxes/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { Escaping, LayoutContext } from '../contract.js';
import { offsetFragment } from '../fragment.js';
import { isContainingBlockForAbsolute, placePositionedDescendants, waitsForContainingBlock } from '../positioned.js';
import type { PlacedRow } from './paginate.js';
import type { LaidCell, TableColumnsLayout } from './rows.js';
import type { TablePlan } from './plan.js';
import type { Escaped } from './escape.js';
import { escape } from './escape.js';

/** A positioned row or row group, with what waits for it on the page and the rows (in the table's frame) that place it. */
interface WaitingRows {
  readonly escaped: Escaped;
  top: number;
  bottom: number;
}

/** What a page of the table passes on: out of the table, or to its positioned rows and row groups (made on first use). */
export interface PositionedOnPage {
  readonly plan: TablePlan;
  readonly columns: TableColumnsLayout;
  readonly ctx: LayoutContext;
  readonly escaped: Escaped;
  waiting: Map<TableRowBox | TableRowGroupBox, WaitingRows> | undefined;
}

/**
 * What escaped a cell's content (in the cell's frame), the cell placed as `fragment` in the table's
 * frame with its content moved down by `shift`: placed in the cell when it is their containing
 * block; the rest waits for the positioned row or row group around it (`row`: where the cell is
 * on this page) or escapes. Returns the cell's fragment with what it placed.
 */
export function placeCellPositioned(into: PositionedOnPage, laid: LaidCell & { readonly output: Escaping }, fragment: BoxFragment, row: PlacedRow, shift: number): BoxFragment {
  const moved: Escaped = { positioned: [], pageContent: [] };
  escape(moved, laid.output.positioned, laid.output.pageContent, fragment.x, row.y + shift);
  const placed = placePositionedDescendants(fragment, moved, into.ctx);
  const rows = into.plan.grid.rows[laid.cell.row]!;
  const container = isContainingBlockForAbsolute(rows.box.style) ? rows.box : isContainingBlockForAbsolute(rows.group.style) ? rows.group : undefined;
  if (container === undefined || !waitsForContainingBlock(placed)) {
    append(into.escaped, placed);
    return placed.fragment;
  }
  const waiting = (into.waiting ??= new Map());
  let entry = waiting.get(container);
  if (entry === undefined) waiting.set(container, entry = { escaped: { positioned: [], pageContent: [] }, top: row.y, bottom: row.y + row.height });
  else {
    entry.top = Math.min(entry.top, row.y);
    entry.bottom = Math.max(entry.bottom, row.y + row.height);
  }
  append(entry.escaped, placed);
  return placed.fragment;
}

/**
 * The boxes waiting for positioned rows and row groups, placed in those boxes on this page (the
 * rows of the page that belong to each, with the row of the cells they came from); the fragments
 * are in the table's frame, to follow the cells.
 */
export function placeRowsPositioned(into: PositionedOnPage, rows: readonly PlacedRow[]): Fragment[] {
  const waiting = into.waiting;
  if (waiting === undefined) return [];
  const grid = into.plan.grid;
  const { left, right } = columnsExtent(into.columns);
  const out: Fragment[] = [];
  for (const [box, entry] of waiting) {
    let { top, bottom } = entry;
    for (const row of rows) {
      const of = grid.rows[row.laid.index]!;
      if (of.box !== box && of.group !== box) continue;
      top = Math.min(top, row.y);
      bottom = Math.max(bottom, row.y + row.height);
    }
    const rect: BoxFragment = {
      kind: 'box', box, style: box.style, x: left, y: top, width: right - left, height: bottom - top,
      border: NO_SIDES, padding: NO_SIDES, children: [], continuedBefore: false, continuedAfter: false,
    };
    const placed = placePositionedDescendants(rect, entry.escaped, into.ctx);
    for (const child of placed.fragment.children) out.push(offsetFragment(child, left, top));
    append(into.escaped, placed);
  }
  return out;
}

/**
 * A positioned table (its wrapper carries `position`, CSS2 §17.4) holds what its rows and captions
 * pass on in the wrapper's box — captions included — taken inside the table box's borders on this
 * page: where Chromium places them (CSS2 would take the wrapper's box, which has no border). The
 * dispatch then finds nothing left to place in the wrapper.
 */
export function placeTablePositioned(wrapper: BoxFragment, table: BoxFragment, escaping: Escaping, ctx: LayoutContext): { fragment: BoxFragment } & Escaping {
  if (!isContainingBlockForAbsolute(wrapper.style) || !waitsForContainingBlock(escaping)) return { fragment: wrapper, ...escaping };
  const placed = placePositionedDescendants({ ...wrapper, border: table.border }, escaping, ctx);
  return { ...placed, fragment: { ...placed.fragment, border: wrapper.border } };
}

/** From the left edge of the leftmost visible column to the right edge of the rightmost one. */
function columnsExtent(columns: TableColumnsLayout): { left: number; right: number } {
  let left = Infinity;
  let right = -Infinity;
  for (let c = 0; c < columns.widths.length; c++) {
    if (columns.collapsed[c] === true) continue;
    const x = columns.x[c] ?? 0;
    left = Math.min(left, x);
    right = Math.max(right, x + (columns.widths[c] ?? 0));
  }
  return left === Infinity ? { left: 0, right: 0 } : { left, right };
}

function append(into: Escaped, from: Escaping): void {
  for (const p of from.positioned) into.positioned.push(p);
  for (const p of from.pageContent) into.pageContent.push(p);
}
