/**
 * The table box's fragment on one page: the cells, after the background layers that show through
 * them (column groups, columns, row groups, rows: CSS2 §17.5.1), so tree order is paint order. In
 * the collapsing model the table carries its collapsed border segments, painted over the cells.
 */
import type { Box } from '../../boxes/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { Rect } from '../../geometry/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment, CollapsedBorderSegment, Fragment } from '../types.js';
import type { Baselines, LayoutContext, PageContent, PendingPositioned } from '../contract.js';
import { waitsForContainingBlock } from '../positioned.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { GridCell, TableGrid } from './grid.js';
import type { PlacedRow, RowsOnPage } from './paginate.js';
import { splitRowOf } from './paginate.js';
import type { LaidCell, TableColumnsLayout } from './rows.js';
import { cellWidth, cellX, contentShift, placeCell } from './rows.js';
import { collapsedSegments } from './segments.js';
import { escape } from './escape.js';
import type { PositionedOnPage } from './positioned-boxes.js';
import { placeCellPositioned, placeRowsPositioned } from './positioned-boxes.js';

interface PlacedCell {
  readonly cell: GridCell;
  readonly fragment: BoxFragment;
}

export interface TableFragment {
  readonly fragment: BoxFragment;
  /** From the table fragment's top. */
  readonly baselines: Baselines;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

function paints(style: ComputedStyle): boolean {
  return style.visibility === 'visible' && (style.backgroundColor.a > 0 || style.backgroundImage.some((image) => image !== 'none'));
}

function plainFragment(box: Box, x: number, y: number, width: number, height: number): BoxFragment {
  return { kind: 'box', box, style: box.style, x, y, width, height, border: NO_SIDES, padding: NO_SIDES, children: [], continuedBefore: false, continuedAfter: false };
}

/** The table box on one page, `at.y` below the wrapper's top (after the captions above it); `at.continued`: it started on an earlier page. */
export function tableFragment(plan: TablePlan, geometry: TableGeometry, page: RowsOnPage, at: { readonly y: number; readonly continued: boolean }, ctx: LayoutContext): TableFragment {
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
  const height = page.contentBottom + padding.bottom + border.bottom;
  const children: Fragment[] = [];
  const escaped = { positioned: [] as PendingPositioned[], pageContent: [] as PageContent[] };
  const cells: PlacedCell[] = [];
  const baselines = { first: undefined as number | undefined, last: undefined as number | undefined };
  // a loop and a module-level function, not closures made per call: those lose their optimised code at each full GC
  const onPage: CellsOnPage = { plan, columns, rows, cells, escaped, waiting: undefined, ctx };
  for (let position = 0; position < rows.length; position++) {
    const row = rows[position]!;
    for (const cell of row.carried) placeOnPage(onPage, cell, row, position);
    for (const cell of row.laid.cells) placeOnPage(onPage, cell, row, position);
    if (plan.grid.rows[row.laid.index]!.collapsed) continue;
    const baseline = row.laid.baseline ?? row.laid.cells.find((c) => c.output !== undefined)?.baseline;
    if (baseline !== undefined) {
      baselines.first ??= row.y + baseline;
      baselines.last = row.y + baseline;
    }
  }
  children.push(...backgroundLayers(plan, cells), ...cells.map((c) => c.fragment));
  if (onPage.waiting !== undefined) children.push(...placeRowsPositioned(onPage, rows));
  const fragment: BoxFragment = {
    kind: 'box', box: plan.table, style: plan.tableStyle, x: 0, y, width: geometry.width, height,
    border, padding, children, continuedBefore: continued, continuedAfter: broken,
    ...(plan.collapse ? { collapsedBorders: collapsedSegments(plan, geometry, rows, { continued, broken, resumedRow: page.resumedRow, splitRow: splitRowOf(page.breakToken)?.index }) as readonly CollapsedBorderSegment[] } : {}),
  };
  return { fragment, baselines, positioned: escaped.positioned, pageContent: escaped.pageContent };
}

/** What tableFragment places its cells into. */
interface CellsOnPage extends PositionedOnPage {
  readonly rows: readonly PlacedRow[];
  readonly cells: PlacedCell[];
}

function placeOnPage(into: CellsOnPage, cell: LaidCell, row: PlacedRow, position: number): void {
  const { plan, columns } = into;
  // nothing of a collapsed row or column is drawn (CSS 2.1 §17.5.5)
  if (plan.grid.rows[cell.cell.row]!.collapsed || !hasVisibleColumn(columns, cell.cell)) return;
  // a carried cell spans from this row to its last row
  const height = spanExtent(into.rows, position, cell.cell.row + cell.cell.rowSpan - row.laid.index);
  const x = cellX(columns, cell.cell);
  const shift = contentShift(cell, height, row.laid.baseline);
  const fragment = placeCell(cell, { x, y: row.y, width: cellWidth(columns, cell.cell, plan.spacing[0]), height }, shift);
  const output = cell.output;
  // what escaped the content waits for the cell's final box, or a positioned row around it
  if (output !== undefined && waitsForContainingBlock(output)) {
    into.cells.push({ cell: cell.cell, fragment: placeCellPositioned(into, { ...cell, output }, fragment, row, shift) });
    return;
  }
  into.cells.push({ cell: cell.cell, fragment });
  if (output !== undefined) escape(into.escaped, output.positioned, output.pageContent, x, row.y + shift);
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

/**
 * CSS2 §17.5.1: the backgrounds of column groups, columns, row groups and rows show through
 * transparent cells, each layer over the one before, inside each cell's box only (never in the
 * border spacing). One fragment per layer box that paints, over the whole area of its cells on
 * the page, so that one gradient or image spans a row group as in browsers; in the separated
 * model it paints only inside its cells. `border-radius` does not apply to these internal boxes
 * (CSS Backgrounds 3 §5.3; browsers ignore it in both models): a rounded `<thead>` is square.
 */
function backgroundLayers(plan: TablePlan, cells: readonly PlacedCell[]): BoxFragment[] {
  const out: BoxFragment[] = [];
  for (let layer = 0; layer < LAYERS; layer++) {
    const cellsOf = new Map<Box, Rect[]>();
    for (const { cell, fragment: f } of cells) {
      const box = layerBox(plan.grid, cell, layer);
      if (box === undefined || !paints(box.style)) continue;
      const rects = cellsOf.get(box);
      const rect = { x: f.x, y: f.y, width: f.width, height: f.height };
      if (rects === undefined) cellsOf.set(box, [rect]);
      else rects.push(rect);
    }
    for (const [box, rects] of cellsOf) out.push(layerFragment(box, rects, !plan.collapse));
  }
  return out;
}

/** Column groups, columns, row groups, rows: the layers under the cells, bottom first. */
const LAYERS = 4;

/** The box of layer `layer` over a cell (a switch, not a list of closures made per page). */
function layerBox(grid: TableGrid, cell: GridCell, layer: number): Box | undefined {
  switch (layer) {
    case 0: return grid.columnGroups[cell.column];
    case 1: return grid.columns[cell.column];
    case 2: return grid.rows[cell.row]!.group;
    default: return grid.rows[cell.row]!.box;
  }
}

const SQUARE: ComputedStyle['borderTopLeftRadius'] = [0, 0];

function layerFragment(box: Box, cells: readonly Rect[], clipToCells: boolean): BoxFragment {
  const x = Math.min(...cells.map((r) => r.x));
  const y = Math.min(...cells.map((r) => r.y));
  const width = Math.max(...cells.map((r) => r.x + r.width)) - x;
  const height = Math.max(...cells.map((r) => r.y + r.height)) - y;
  const style = { ...box.style, borderTopLeftRadius: SQUARE, borderTopRightRadius: SQUARE, borderBottomRightRadius: SQUARE, borderBottomLeftRadius: SQUARE };
  const relative = cells.map((r) => ({ ...r, x: r.x - x, y: r.y - y }));
  // onto the fresh fragment, not spread from it with keys after (a new hidden class per call on Node 20)
  return Object.assign(plainFragment(box, x, y, width, height), { style }, clipToCells ? { backgroundOnlyIn: relative } : {});
}
