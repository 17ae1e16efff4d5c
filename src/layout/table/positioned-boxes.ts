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
import type { ContentShift, LaidCell, TableColumnsLayout } from './rows.js';
import { rowsExtent } from './rows.js';
import type { TablePlan } from './plan.js';
import type { Escaped } from './escape.js';
import { escape } from './escape.js';
import type { OffsetFrame } from './relative-parts.js';
import { partOffset } from './relative-parts.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';

/** A positioned row or row group, with what waits for it on the page and the rows (in the table's frame) that place it. */
interface WaitingRows {
  readonly escaped: Escaped;
  /** The row group around a waiting row (its offset moves the row too). */
  readonly group: TableRowGroupBox | undefined;
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
  /** Set when parts of the table move by relative offsets: a row or row group moves what it holds. */
  readonly offsets: OffsetFrame | undefined;
}

/**
 * What escaped a cell's content (in the cell's frame), the cell placed as `fragment` in the table's
 * frame with its content moved by `shift`: placed in the cell when it is their containing
 * block; the rest waits for the positioned row or row group around it (`row`: where the cell is
 * on this page) or escapes. Returns the cell's fragment with what it placed.
 */
export function placeCellPositioned(into: PositionedOnPage, laid: LaidCell & { readonly output: Escaping }, fragment: BoxFragment, row: PlacedRow, shift: ContentShift): BoxFragment {
  const moved: Escaped = { positioned: [], pageContent: [] };
  escape(moved, laid.output.positioned, laid.output.pageContent, fragment.x + shift.x, row.y + shift.y);
  const placed = placePositionedDescendants(fragment, moved, into.ctx);
  const rows = into.plan.grid.rows[laid.cell.row]!;
  const container = isContainingBlockForAbsolute(rows.box.style) ? rows.box : isContainingBlockForAbsolute(rows.group.style) ? rows.group : undefined;
  if (container === undefined || !waitsForContainingBlock(placed)) {
    append(into.escaped, placed);
    return placed.fragment;
  }
  const waiting = (into.waiting ??= new Map());
  let entry = waiting.get(container);
  if (entry === undefined) waiting.set(container, entry = { escaped: { positioned: [], pageContent: [] }, group: container === rows.box ? rows.group : undefined, top: row.y, bottom: row.y + row.height });
  else {
    entry.top = Math.min(entry.top, row.y);
    entry.bottom = Math.max(entry.bottom, row.y + row.height);
  }
  append(entry.escaped, placed);
  return placed.fragment;
}

/**
 * The boxes waiting for positioned rows and row groups, placed in those boxes on this page (the
 * rows of the page that belong to each, with the row of the cells they came from, moved by the
 * box's relative offset); the fragments are in the table's frame, to follow the cells, by box.
 */
export function placeRowsPositioned(into: PositionedOnPage, rows: readonly PlacedRow[]): Map<TableRowBox | TableRowGroupBox, Fragment[]> {
  const out = new Map<TableRowBox | TableRowGroupBox, Fragment[]>();
  const waiting = into.waiting;
  if (waiting === undefined) return out;
  const grid = into.plan.grid;
  const extent = rowsExtent(into.columns);
  for (const [box, entry] of waiting) {
    const { dx, dy } = into.offsets === undefined ? NO_OFFSET : partOffset(into.offsets, box, entry.group);
    const left = extent.left + dx;
    const right = extent.right + dx;
    let { top, bottom } = entry;
    for (const row of rows) {
      const of = grid.rows[row.laid.index]!;
      if (of.box !== box && of.group !== box) continue;
      top = Math.min(top, row.y);
      bottom = Math.max(bottom, row.y + row.height);
    }
    top += dy;
    bottom += dy;
    const rect: BoxFragment = boxFragment({
      box, style: box.style, x: left, y: top, width: right - left, height: bottom - top,
      border: NO_SIDES, padding: NO_SIDES, children: [], continuedBefore: false, continuedAfter: false,
    });
    // static positions move with the rows
    const pending = dx === 0 && dy === 0 ? entry.escaped : movedBy(entry.escaped, dx, dy);
    const placed = placePositionedDescendants(rect, pending, into.ctx);
    out.set(box, placed.fragment.children.map((child) => offsetFragment(child, left, top)));
    append(into.escaped, placed);
  }
  return out;
}

const NO_OFFSET = { dx: 0, dy: 0 };

function movedBy(escaped: Escaped, dx: number, dy: number): Escaped {
  const moved: Escaped = { positioned: [], pageContent: [] };
  escape(moved, escaped.positioned, escaped.pageContent, dx, dy);
  return moved;
}

/**
 * A positioned table (its wrapper carries `position`, CSS2 §17.4) holds what its rows and captions
 * pass on in the wrapper's box — captions included — taken inside the table box's borders on this
 * page: where Chromium places them (CSS2 would take the wrapper's box, which has no border). The
 * dispatch then finds nothing left to place in the wrapper.
 */
export function placeTablePositioned(wrapper: BoxFragment, table: BoxFragment, escaping: Escaping, ctx: LayoutContext): { fragment: BoxFragment } & Escaping {
  if (!isContainingBlockForAbsolute(wrapper.style) || !waitsForContainingBlock(escaping)) return { fragment: wrapper, ...escaping };
  const placed = placePositionedDescendants(withBoxFields(wrapper, { border: table.border }), escaping, ctx);
  return { ...placed, fragment: withBoxFields(placed.fragment, { border: wrapper.border }) };
}

function append(into: Escaped, from: Escaping): void {
  for (const p of from.positioned) into.positioned.push(p);
  for (const p of from.pageContent) into.pageContent.push(p);
}
