/**
 * The table box's fragment on one page. Its children come in the order their backgrounds paint
 * (CSS2 §17.5.1): column groups, columns, row groups, rows, then cells — each layer over the one
 * before; columns, groups and rows get a fragment only when they paint something. In the
 * collapsing model the table carries its collapsed border segments, painted over the cells.
 */
import type { Box } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment, CollapsedBorderSegment, Fragment } from '../types.js';
import type { Baselines, PageContent, PendingPositioned } from '../contract.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { PlacedRow, RowsOnPage } from './paginate.js';
import { cellWidth, placeCell } from './rows.js';
import { collapsedSegments } from './segments.js';
import { escape } from './escape.js';

export interface TableFragment {
  readonly fragment: BoxFragment;
  /** From the table fragment's top. */
  readonly baselines: Baselines;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

const NO_SIDES = { top: 0, right: 0, bottom: 0, left: 0 };

function paints(style: ComputedStyle): boolean {
  return style.visibility === 'visible' && (style.backgroundColor.a > 0 || style.backgroundImage.some((image) => image !== 'none'));
}

function plainFragment(box: Box, x: number, y: number, width: number, height: number): BoxFragment {
  return { kind: 'box', box, style: box.style, x, y, width, height, border: NO_SIDES, padding: NO_SIDES, children: [], continuedBefore: false, continuedAfter: false };
}

export function tableFragment(plan: TablePlan, geometry: TableGeometry, page: RowsOnPage, y: number, continued: boolean): TableFragment {
  const rows = page.rows;
  const columns = geometry.columns;
  const broken = page.breakToken !== undefined;
  const slice = !plan.collapse;
  const border = {
    ...geometry.border,
    top: continued && slice ? 0 : geometry.border.top,
    bottom: broken && slice ? 0 : geometry.border.bottom,
  };
  const padding = { ...geometry.padding, top: continued && slice ? 0 : geometry.padding.top, bottom: broken && slice ? 0 : geometry.padding.bottom };
  const height = page.contentBottom + padding.bottom + border.bottom;
  const children: Fragment[] = [];
  const escaped = { positioned: [] as PendingPositioned[], pageContent: [] as PageContent[] };
  const first = rows[0];
  const last = rows[rows.length - 1];
  const n = columns.widths.length;
  if (first !== undefined && last !== undefined && n > 0) {
    const left = columns.x[0]!;
    const right = columns.x[n - 1]! + columns.widths[n - 1]!;
    children.push(...columnFragments(plan, geometry, first.y, last.y + last.height - first.y));
    children.push(...groupFragments(plan, rows, left, right - left));
    for (const row of rows) {
      const box = plan.grid.rows[row.laid.index]!.box;
      if (paints(box.style)) children.push(plainFragment(box, left, row.y, right - left, row.height));
    }
  }
  const baselines = { first: undefined as number | undefined, last: undefined as number | undefined };
  rows.forEach((row, position) => {
    for (const cell of row.laid.cells) {
      const height = spanExtent(rows, position, cell.cell.rowSpan);
      const x = columns.x[cell.cell.column] ?? 0;
      const placed = placeCell(cell, x, row.y, cellWidth(columns, cell.cell, plan.spacing[0]), height, row.laid.baseline);
      children.push(placed);
      if (cell.output !== undefined) escape(escaped, cell.output.positioned, cell.output.pageContent, x, row.y);
    }
    const baseline = row.laid.baseline ?? row.laid.cells.find((c) => c.output !== undefined)?.baseline;
    if (baseline !== undefined) {
      baselines.first ??= row.y + baseline;
      baselines.last = row.y + baseline;
    }
  });
  const fragment: BoxFragment = {
    kind: 'box', box: plan.table, style: plan.tableStyle, x: 0, y, width: geometry.width, height,
    border, padding, children, continuedBefore: continued, continuedAfter: broken,
    ...(plan.collapse ? { collapsedBorders: collapsedSegments(plan, geometry, rows) as readonly CollapsedBorderSegment[] } : {}),
  };
  return { fragment, baselines, positioned: escaped.positioned, pageContent: escaped.pageContent };
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
  return end.y + end.height - start.y;
}

function columnFragments(plan: TablePlan, geometry: TableGeometry, top: number, height: number): BoxFragment[] {
  const grid = plan.grid;
  const columns = geometry.columns;
  const out: BoxFragment[] = [];
  /** Runs of columns that share a box: one fragment per run that paints. */
  const runs = (boxOf: (c: number) => Box | undefined): void => {
    for (let c = 0; c < grid.columnCount; c++) {
      const box = boxOf(c);
      let end = c;
      while (end + 1 < grid.columnCount && boxOf(end + 1) === box) end++;
      if (box !== undefined && paints(box.style)) {
        out.push(plainFragment(box, columns.x[c]!, top, columns.x[end]! + columns.widths[end]! - columns.x[c]!, height));
      }
      c = end;
    }
  };
  runs((c) => grid.columnGroups[c]);
  runs((c) => grid.columns[c]);
  return out;
}

/** One fragment per run of rows of the same group on the page. */
function groupFragments(plan: TablePlan, rows: readonly PlacedRow[], x: number, width: number): BoxFragment[] {
  const out: BoxFragment[] = [];
  const groupOf = (row: PlacedRow): Box => plan.grid.rows[row.laid.index]!.group;
  let i = 0;
  while (i < rows.length) {
    const group = groupOf(rows[i]!);
    let j = i;
    while (j + 1 < rows.length && groupOf(rows[j + 1]!) === group) j++;
    if (paints(group.style)) out.push(plainFragment(group, x, rows[i]!.y, width, rows[j]!.y + rows[j]!.height - rows[i]!.y));
    i = j + 1;
  }
  return out;
}
