/**
 * The table box's fragment on one page: its cells, each moved by its relative offsets and those
 * of its row and row group (relative-parts.ts), after the background layers that show through
 * them (layers.ts). In the collapsing model the table carries its collapsed border segments,
 * painted over the cells.
 */
import type { BoxFragment } from '../types.js';
import type { Baselines, LayoutContext, PageContent, PendingPositioned } from '../contract.js';
import { waitsForContainingBlock } from '../positioned.js';
import { offsetFragment } from '../fragment.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { GridCell } from './grid.js';
import type { PlacedRow, RowsOnPage } from './paginate.js';
import { splitRowOf } from './paginate.js';
import type { LaidCell, LaidRow, TableColumnsLayout } from './rows.js';
import { cellWidth, cellX, contentShift, placeCell, rowsExtent, stretchedVerticalCell } from './rows.js';
import { collapsedSegments } from './segments.js';
import { escape } from './escape.js';
import type { PositionedOnPage } from './positioned-boxes.js';
import { placeCellPositioned, placeRowsPositioned } from './positioned-boxes.js';
import type { PlacedCell } from './layers.js';
import { tableChildren } from './layers.js';
import type { OffsetFrame } from './relative-parts.js';
import { cellOffset, offsetFrame } from './relative-parts.js';
import { boxFragment } from '../fragment-records.js';

export interface TableFragment {
  readonly fragment: BoxFragment;
  /** From the table fragment's top. */
  readonly baselines: Baselines;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

/**
 * The table box on one page, `at.y` below the wrapper's top (after the captions above it);
 * `at.continued`: it started on an earlier page; `at.pageEnd`: the room to the page end, which a
 * table broken there fills (as Chromium prints one with separate borders).
 */
export function tableFragment(plan: TablePlan, geometry: TableGeometry, page: RowsOnPage, at: { readonly y: number; readonly continued: boolean; readonly pageEnd: number | undefined }, ctx: LayoutContext): TableFragment {
  const { y, continued } = at;
  const rows = page.rows;
  const columns = geometry.columns;
  const broken = page.breakToken !== undefined;
  const slice = !plan.collapse;
  const border = {
    ...geometry.border,
    top: continued ? Math.max(0, page.topEdge - geometry.padding.top) : geometry.border.top,
    bottom: broken && slice ? 0 : geometry.border.bottom,
  };
  const padding = { ...geometry.padding, top: continued && slice ? 0 : geometry.padding.top, bottom: broken && slice ? 0 : geometry.padding.bottom };
  const contentHeight = page.contentBottom + padding.bottom + border.bottom;
  // with collapsed borders the rows draw the table's edges: Chromium ends such a table with them
  const height = broken && slice && at.pageEnd !== undefined ? Math.max(contentHeight, at.pageEnd) : contentHeight;
  const escaped = { positioned: [] as PendingPositioned[], pageContent: [] as PageContent[] };
  const cells: PlacedCell[] = [];
  const baselines = { first: undefined as number | undefined, last: undefined as number | undefined };
  // a loop and a module-level function, not closures made per call: those lose their optimised code at each full GC
  const offsets = plan.parts.offset ? partsFrame(plan, geometry) : undefined;
  const cut = page.breakToken === undefined ? undefined : { next: page.breakToken.next, split: splitRowOf(page.breakToken) !== undefined };
  const onPage: CellsOnPage = { plan, columns, rows, cells, escaped, waiting: undefined, ctx, offsets, cut };
  for (let position = 0; position < rows.length; position++) {
    const row = rows[position]!;
    for (const cell of row.carried) placeOnPage(onPage, cell, row, position);
    for (const cell of row.laid.cells) placeOnPage(onPage, cell, row, position);
    if (plan.grid.rows[row.laid.index]!.collapsed) continue;
    const baseline = row.laid.baseline ?? bottomContentEdge(row.laid);
    if (baseline !== undefined) {
      baselines.first ??= row.y + baseline;
      baselines.last = row.y + baseline;
    }
  }
  const children = tableChildren(plan, cells, onPage.waiting === undefined ? undefined : placeRowsPositioned(onPage, rows));
  const fragment: BoxFragment = boxFragment({
    box: plan.table, style: plan.tableStyle, x: 0, y, width: geometry.width, height,
    border, padding, children, continuedBefore: continued, continuedAfter: broken,
    collapsedBorders: plan.collapse ? collapsedSegments(plan, geometry, rows, { continued, broken, resumedRow: page.resumedRow, splitRow: splitRowOf(page.breakToken)?.index }) : undefined,
  });
  return { fragment, baselines, positioned: escaped.positioned, pageContent: escaped.pageContent };
}

/** What the offsets of the table's parts resolve against (relative-parts.ts). */
function partsFrame(plan: TablePlan, geometry: TableGeometry): OffsetFrame {
  const { left, right } = rowsExtent(geometry.columns);
  const { border, padding } = geometry;
  return offsetFrame(plan.tableStyle, { rows: right - left, content: geometry.columns.contentWidth }, border.top + border.bottom + padding.top + padding.bottom);
}

/** What tableFragment places its cells into. */
interface CellsOnPage extends PositionedOnPage {
  readonly rows: readonly PlacedRow[];
  readonly cells: PlacedCell[];
  /** Where the page breaks the table: the row it goes on at, and whether that row is split here. */
  readonly cut: { readonly next: number; readonly split: boolean } | undefined;
}

/**
 * Whether a cell goes on past the page end: it spans the row split there, or rows after the page's
 * last — Chromium 156 lays such a cell's content out from its top, whatever its `vertical-align`.
 */
function cutAtPageEnd(cut: CellsOnPage['cut'], cell: GridCell): boolean {
  if (cut === undefined) return false;
  const last = cell.row + cell.rowSpan - 1;
  return (cut.split ? cell.row <= cut.next : cell.row < cut.next) && last >= cut.next;
}

function placeOnPage(into: CellsOnPage, cell: LaidCell, row: PlacedRow, position: number): void {
  const { plan, columns } = into;
  // nothing of a collapsed row or column is drawn (CSS 2.1 §17.5.5)
  if (plan.grid.rows[cell.cell.row]!.collapsed || !hasVisibleColumn(columns, cell.cell)) return;
  // a carried cell spans from this row to its last row
  const height = spanExtent(into.rows, position, cell.cell.row + cell.cell.rowSpan - row.laid.index);
  cell = stretchedVerticalCell({ plan, columns, mode: 'layout' }, cell, height, into.ctx);
  const x = cellX(columns, cell.cell);
  const shift = contentShift(cell, height, row.laid.baseline, cutAtPageEnd(into.cut, cell.cell));
  const fragment = placeCell(cell, { x, y: row.y, width: cellWidth(columns, cell.cell, plan.spacing[0]), height }, shift);
  const output = cell.output;
  // what escaped the content waits for the cell's final box, or a positioned row around it
  if (output !== undefined && waitsForContainingBlock(output)) {
    into.cells.push({ cell: cell.cell, fragment: moved(into, cell.cell, placeCellPositioned(into, { ...cell, output }, fragment, row, shift)) });
    return;
  }
  into.cells.push({ cell: cell.cell, fragment: moved(into, cell.cell, fragment) });
  if (output !== undefined) escape(into.escaped, output.positioned, output.pageContent, x + shift.x, row.y + shift.y);
}

/**
 * The baseline of a row with no cell aligned by baseline (CSS 2.1 §17.5.3): the bottom content
 * edge of its lowest cell — an inline table of bottom-aligned cells sits on the line's baseline,
 * which KaTeX's superscripts and fractions (`.vlist-t`) are built on, as in Chromium.
 */
function bottomContentEdge(row: LaidRow): number | undefined {
  let bottom: number | undefined;
  for (const laid of row.cells) {
    const fragment = laid.output?.fragment;
    if (fragment === undefined || laid.continued || laid.cell.rowSpan !== 1) continue;
    bottom = Math.max(bottom ?? -Infinity, row.height - fragment.padding.bottom - fragment.border.bottom);
  }
  return bottom;
}

/** The cell's fragment moved by its offsets (with what it holds), its row's and its row group's. */
function moved(into: CellsOnPage, cell: GridCell, fragment: BoxFragment): BoxFragment {
  if (into.offsets === undefined) return fragment;
  const { dx, dy } = cellOffset(into.offsets, into.plan.grid, cell);
  return offsetFragment(fragment, dx, dy);
}

function hasVisibleColumn(columns: TableColumnsLayout, cell: GridCell): boolean {
  for (let c = cell.column; c < cell.column + cell.colSpan; c++) if (columns.collapsed[c] !== true) return true;
  return false;
}

/** The height of a cell spanning `span` rows from `rows[position]`, as far as they are on this page. */
function spanExtent(rows: readonly PlacedRow[], position: number, span: number): number {
  const start = rows[position]!;
  let end = start;
  for (let i = position + 1; i < rows.length && i < position + span; i++) {
    const next = rows[i]!;
    if (next.laid.index !== start.laid.index + (i - position)) break;
    end = next;
  }
  // a one-row cell's slot is its row's height itself: (y + height) - y is off by a rounding error,
  // which made every middle-aligned cell "shift" its content by ~1e-14 (a copy of each line)
  return end === start ? start.height : end.y + end.height - start.y;
}
