/**
 * Rows (CSS2 §17.5.3, CSS Tables 3 §3.10): each cell of a row laid out at its column width; the
 * row as tall as its tallest cell, its `height`, and what its baseline-aligned cells need (their
 * first baselines line up, §17.5.3); a cell spanning rows makes its last row tall enough. Cells
 * are then stretched to their rows and their content aligned by `vertical-align` (top, middle,
 * bottom, baseline) — one offset per child, nothing copied deeper.
 */
import type { Rect } from '../../geometry/types.js';
import type { BlockBox } from '../../boxes/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { ComputedStyle, VerticalAlign } from '../../css/types.js';
import type { BoxFragment } from '../types.js';
import type { BreakToken, LayoutContext, LayoutOutput } from '../contract.js';
import { layoutBox } from '../contract.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment, placedBox } from '../fragment.js';
import { resolveSize } from '../box-model.js';
import type { GridCell } from './grid.js';
import type { TablePlan } from './plan.js';
import { autoHeightCellBox, cellBox, verticalCellAt, verticalCellContent } from './plan.js';
import { cellHeightQuirk } from '../quirks.js';
import { boxFragment } from '../fragment-records.js';

/** Used column geometry, relative to the table's border box. */
export interface TableColumnsLayout {
  readonly x: readonly number[];
  readonly widths: readonly number[];
  /** The table's content width (percentages in cells). */
  readonly contentWidth: number;
  /** Columns run right to left (`direction: rtl`). */
  readonly rtl: boolean;
  /** Columns with `visibility: collapse` (no width, no spacing). */
  readonly collapsed: readonly boolean[];
}

/** The x of a cell's left edge: its first column's, or in a right-to-left table its last one's (collapsed columns skipped). */
export function cellX(columns: TableColumnsLayout, cell: GridCell): number {
  const first = cell.column;
  const last = cell.column + cell.colSpan - 1;
  const step = columns.rtl ? -1 : 1;
  for (let c = columns.rtl ? last : first; c >= first && c <= last; c += step) {
    if (columns.collapsed[c] !== true) return columns.x[c] ?? 0;
  }
  return columns.x[first] ?? 0;
}

/** The rows' extent: from the left edge of the leftmost visible column to the right edge of the rightmost one. */
export function rowsExtent(columns: TableColumnsLayout): { left: number; right: number } {
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

export interface LaidCell {
  readonly cell: GridCell;
  readonly box: BlockBox;
  /** The cell's fragment at (0, 0), content not aligned yet; undefined for the empty rest of a cell that ended on an earlier page. */
  readonly output: LayoutOutput | undefined;
  /** Its border-box height: its content's, or its `height` when more. */
  readonly height: number;
  /** The height of its content with its padding and borders, which `vertical-align` places in its row. */
  readonly contentHeight: number;
  /** The first baseline from the border-box top, or the content-box bottom when the cell has no line. */
  readonly baseline: number;
  readonly continued: boolean;
  /** Where the cell's content resumes when the page cut it. */
  readonly breakToken: BreakToken | undefined;
  /** Where this page's part of the cell started (undefined: at the beginning). */
  readonly resumedFrom: BreakToken | undefined;
}

export interface LaidRow {
  readonly index: number;
  readonly height: number;
  readonly baseline: number | undefined;
  readonly cells: readonly LaidCell[];
  /** Where the row resumes when it was split by the fragmentainer. */
  readonly breakToken: BreakToken | undefined;
}

/** A cell's width: its columns' widths and the spacing between them (collapsed columns have neither). */
export function cellWidth(columns: TableColumnsLayout, cell: GridCell, spacing: number): number {
  let width = 0;
  let visible = 0;
  for (let c = cell.column; c < cell.column + cell.colSpan; c++) {
    if (columns.collapsed[c] === true) continue;
    width += columns.widths[c] ?? 0;
    visible++;
  }
  return width + spacing * Math.max(0, visible - 1);
}

const alignsOnBaseline = (value: VerticalAlign): boolean => value !== 'top' && value !== 'middle' && value !== 'bottom';

interface RowRequest {
  readonly plan: TablePlan;
  readonly columns: TableColumnsLayout;
  readonly index: number;
  readonly mode: 'layout' | 'measure';
  /** Room below the row's top when the row may be split (it alone does not fit a page), else undefined. */
  readonly splitAt: number | undefined;
  /** Per cell of the row (index in `row.cells`), where it resumes. */
  readonly resume: ReadonlyMap<number, BreakToken> | undefined;
}

/** Lays out the cells that start in a row and sizes the row (spanning cells are settled in `spanNeeds`). */
export function layoutRow(request: RowRequest, ctx: LayoutContext): LaidRow {
  return rowOf(request, ctx, true) as LaidRow;
}

/**
 * The row split at `splitAt` where it stands, below other content on the page: 'pushed' when a
 * cell's content cannot start in that room (a line or a box that cannot break is taller), as
 * Chromium 156 then moves the row to the next page rather than break inside it.
 */
export function splitRowInPlace(request: RowRequest & { readonly splitAt: number }, ctx: LayoutContext): LaidRow | 'pushed' {
  return rowOf(request, ctx, false);
}

function rowOf(request: RowRequest, ctx: LayoutContext, atTop: boolean): LaidRow | 'pushed' {
  const { plan, columns, index } = request;
  const row = plan.grid.rows[index]!;
  const cells: LaidCell[] = [];
  let tokens: { index: number; token: BreakToken }[] | undefined;
  const continued = request.resume !== undefined;
  for (let i = 0; i < row.cells.length; i++) {
    const cell = row.cells[i]!;
    const token = request.resume?.get(i);
    const laid = continued && token === undefined
      ? finishedCell(plan, cell)
      : cellOf({ plan, columns, cell, mode: request.mode, splitAt: request.splitAt, resume: token, continued }, cellBox(plan, cell), ctx, atTop);
    if (laid === 'pushed') return 'pushed';
    if (laid.breakToken !== undefined) (tokens ??= []).push({ index: i, token: laid.breakToken });
    cells.push(laid);
  }
  const own = resolveSize(row.box.style.height, undefined) ?? 0;
  let height = own;
  let baseline: number | undefined;
  let below = 0;
  for (const laid of cells) {
    if (laid.cell.rowSpan === 1) height = Math.max(height, laid.height);
    if (!laid.continued && laid.output !== undefined && alignsOnBaseline(laid.box.style.verticalAlign)) {
      baseline = Math.max(baseline ?? 0, laid.baseline);
      if (laid.cell.rowSpan === 1) below = Math.max(below, laid.height - laid.baseline);
    }
  }
  if (baseline !== undefined) height = Math.max(height, baseline + below);
  // a collapsed row is laid out (its cells still size the columns) but takes no height (CSS 2.1 §17.5.5)
  if (row.collapsed) return { index, height: 0, baseline: undefined, cells, breakToken: undefined };
  const breakToken = tokens !== undefined ? { kind: 'block' as const, box: plan.wrapper, children: tokens, next: row.cells.length } : undefined;
  return { index, height, baseline, cells, breakToken };
}

export interface CellRequest {
  readonly plan: TablePlan;
  readonly columns: TableColumnsLayout;
  readonly cell: GridCell;
  readonly mode: 'layout' | 'measure';
  /** Room below the cell's top when it may be split, else undefined. */
  readonly splitAt: number | undefined;
  readonly resume: BreakToken | undefined;
  /** The cell started on an earlier page. */
  readonly continued: boolean;
}

/** One cell laid out at its columns' width, at (0, 0). */
export function layoutCell(request: CellRequest, ctx: LayoutContext): LaidCell {
  return cellOf(request, cellBox(request.plan, request.cell), ctx, true) as LaidCell;
}

/** `box`, the cell's box, laid out; 'pushed' when it is not `atTop` of its page and its content cannot start there. */
function cellOf(request: CellRequest, box: BlockBox, ctx: LayoutContext, atTop: boolean): LaidCell | 'pushed' {
  return laidCell(request, { box, layoutAs: autoHeightCellBox(request.plan, box), atTop }, ctx);
}

/**
 * A cell of vertical writing mode (an orthogonal flow root) stretched to a slot `height` tall:
 * its lines run along the row's height, so Chromium lays them out again at that length, where
 * `text-align` places them (a column header `writing-mode: vertical-rl` centred by `th`'s
 * alignment, `text-align: end` at the bottom) and a line that wrapped at the cell's own height
 * may fit whole. The same cell otherwise.
 */
export function stretchedVerticalCell(request: Omit<CellRequest, 'cell' | 'continued' | 'resume' | 'splitAt'>, laid: LaidCell, height: number, ctx: LayoutContext): LaidCell {
  const output = laid.output;
  // a cell of its own `height` as tall as its row has its lines wrapped at that height, not laid along it yet
  const alongOwnHeight = laid.box.style.height !== 'auto';
  if (output === undefined || laid.continued || laid.breakToken !== undefined || laid.resumedFrom !== undefined || (height <= laid.contentHeight + 0.01 && !alongOwnHeight)) return laid;
  const flow = verticalCellContent(laid.box);
  if (flow === undefined) return laid;
  const f = output.fragment;
  const length = Math.max(0, height - f.border.top - f.border.bottom - f.padding.top - f.padding.bottom);
  const at = verticalCellAt(request.plan, laid.box, flow, length);
  return laidCell({ ...request, cell: laid.cell, continued: false, resume: undefined, splitAt: undefined }, { box: laid.box, layoutAs: at, atTop: true }, ctx) as LaidCell;
}

/**
 * `box` (the cell's box) laid out as `layoutAs` (it, or a variant of its style) at its columns'
 * width, at (0, 0); 'pushed' only when not `atTop`.
 */
function laidCell(request: CellRequest, { box, layoutAs, atTop }: { readonly box: BlockBox; readonly layoutAs: BlockBox; readonly atTop: boolean }, ctx: LayoutContext): LaidCell | 'pushed' {
  const { plan, columns, cell, continued } = request;
  const width = cellWidth(columns, cell, plan.spacing[0]);
  const laid = layoutBox(layoutAs, {
    mode: request.mode, available: width, fixedWidth: width,
    containingWidth: columns.contentWidth, containingHeight: undefined,
    x: 0, y: 0, strut: EMPTY_STRUT,
    // the rest of a cut cell starts with its margins truncated (CSS Fragmentation 3 §5.2)
    fragmentainer: request.splitAt === undefined && request.resume === undefined ? undefined
      : { bottom: request.splitAt ?? Infinity, atTop, discardTopMargins: continued },
    exclusions: NO_EXCLUSIONS,
    // its positioned boxes wait for its final size: the row stretches it (fragments.ts places them)
    positionedPlacedByCaller: true,
  }, ctx, request.resume);
  if (laid.kind !== 'placed') {
    if (!atTop) return 'pushed';
    throw new Error('a table cell at the top of a page is never pushed');
  }
  const f = laid.fragment;
  // a quirks-mode cell's height includes its padding and border (quirks.ts)
  const height = Math.max(f.height, givenHeight(cellHeightQuirk(box.style, ctx), f, verticalCellContent(box) !== undefined));
  const baseline = laid.baselines.first ?? height - f.border.bottom - f.padding.bottom;
  return { cell, box, output: laid, height, contentHeight: f.height, baseline, continued, breakToken: laid.breakToken, resumedFrom: request.resume };
}

/**
 * The border-box height a cell's own `height` asks for (a length; 0 for auto or a percentage). A
 * content-box vertical cell's adds the larger of its top and bottom and its left and right padding,
 * as Chromium 156 sizes it (`height: 70px; padding: 2px 10px` is 90px and its borders): the mirror
 * of the top and bottom padding its column takes (columns.ts).
 */
function givenHeight(style: ComputedStyle, f: BoxFragment, vertical: boolean): number {
  if (typeof style.height !== 'number') return 0;
  if (style.boxSizing === 'border-box') return style.height;
  const alongHeight = f.padding.top + f.padding.bottom;
  const padding = vertical ? Math.max(alongHeight, f.padding.left + f.padding.right) : alongHeight;
  return style.height + f.border.top + f.border.bottom + padding;
}

/** A cell whose content ended on an earlier page, where it still spans rows: its empty box. */
export function finishedCell(plan: TablePlan, cell: GridCell): LaidCell {
  return { cell, box: cellBox(plan, cell), output: undefined, height: 0, contentHeight: 0, baseline: 0, continued: true, breakToken: undefined, resumedFrom: undefined };
}

/** How far a cell's content moves within its slot to be aligned (contentShift). */
export interface ContentShift {
  readonly x: number;
  readonly y: number;
}

/**
 * How far the cell's content moves in a slot `height` tall to be aligned (CSS2 §17.5.4);
 * `rowBaseline` is its first row's baseline (from the row top). The rest of a cut cell stays at
 * the top, and so does a cell `cut` at the page end (its `middle` or `bottom` slot goes on past
 * the page: Chromium 156 starts it at the top). A cell of vertical writing mode aligns along its
 * own block axis, across the column (verticalCellShift).
 */
export function contentShift(laid: LaidCell, height: number, rowBaseline: number | undefined, cut = false): ContentShift {
  if (laid.output === undefined || laid.continued) return NO_SHIFT;
  const x = verticalCellShift(laid.box, laid.output);
  const free = height - laid.contentHeight;
  const align = cut && (laid.box.style.verticalAlign === 'middle' || laid.box.style.verticalAlign === 'bottom') ? 'top' : laid.box.style.verticalAlign;
  const y = align === 'middle' ? free / 2 : align === 'bottom' ? free
    : align !== 'top' && rowBaseline !== undefined ? Math.min(free, Math.max(0, rowBaseline - laid.baseline)) : 0;
  // most cells do not move: one shared record for them, none made per cell
  return x === 0 && y === 0 ? NO_SHIFT : { x, y };
}

const NO_SHIFT: ContentShift = { x: 0, y: 0 };

/**
 * A vertical cell's flow moved across its column by `vertical-align`, which aligns a cell's
 * content in the cell's block axis (CSS Tables 3 §3.9.4): there that axis runs across, from the
 * right for `*-rl` modes, from the left for `*-lr` ones; `top` and `baseline` (and the values
 * that act as it) at its start, `bottom` at its end, `middle` centred — a `vertical-rl` column
 * head is centred by `th`'s `vertical-align: middle`, as in Chromium.
 */
function verticalCellShift(box: BlockBox, output: LayoutOutput): number {
  const flow = verticalCellContent(box);
  const f = output.fragment;
  const placed = f.children[0];
  if (flow === undefined || f.children.length !== 1 || placed === undefined) return 0;
  const contentRight = f.width - f.border.right - f.padding.right;
  const free = contentRight - (placed.x + placed.width);
  const align = box.style.verticalAlign;
  const fromRight = flow.verticalRoot === 'vertical-rl' || flow.verticalRoot === 'sideways-rl';
  if (align === 'middle') return free / 2;
  if (align === 'bottom') return fromRight ? 0 : free;
  return fromRight ? free : 0;
}

/** The cell's fragment placed in its slot (x, y in the table's frame), stretched to the slot's height, its content moved by `shift` (contentShift). */
export function placeCell(laid: LaidCell, slot: Rect, shift: ContentShift): BoxFragment {
  const { x, y, height } = slot;
  const output = laid.output;
  if (output === undefined) return emptyContinuation(laid, slot);
  const f = output.fragment;
  const children = shift.x === 0 && shift.y === 0 ? f.children : f.children.map((child) => offsetFragment(child, shift.x, shift.y));
  return placedBox(f, x, y, Math.max(height, f.height), children);
}

/** What remains of a cell whose content ended on an earlier page: its box, continued, empty. */
function emptyContinuation(laid: LaidCell, slot: Rect): BoxFragment {
  const { x, y, width, height } = slot;
  const style = laid.box.style;
  return boxFragment({
    box: laid.box, style, x, y, width, height,
    border: { top: 0, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth },
    padding: NO_SIDES,
    children: [], continuedBefore: true, continuedAfter: false,
  });
}
