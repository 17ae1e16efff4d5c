/**
 * Column widths (CSS Tables 3 §3.7-3.9; CSS2 §17.5.2). `table-layout: auto`: every column gets a
 * min-content and max-content width from its cells (spanning cells spread what their columns lack
 * over them), a percentage or a fixed width from `<col>` or cells, and the table's width is shared
 * by interpolating between the sizing guesses (all at min-content; percentages honoured; fixed
 * widths honoured; all at max-content), the excess going to auto columns first.
 * `table-layout: fixed` with a table width: `<col>` widths and the first row's cells only.
 */
import type { ComputedStyle } from '../../css/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import { contentSizesOnce } from '../intrinsic.js';
import { resolveSize } from '../box-model.js';
import type { GridCell } from './grid.js';
import type { TablePlan } from './plan.js';
import { cellBox, verticalCellContent, verticalCellOwnLength } from './plan.js';
import type { VerticalFlow } from './plan.js';
import { verticalRootIntrinsicSizes } from '../orthogonal.js';

/** Tables' columns' min-/max-content widths, measured only when auto layout needs them. */
const COLUMNS = cacheKey('tableColumns', () => new WeakMap<TablePlan, readonly ColumnSpec[]>());

/** What a column asks for (border-box widths of its cells, spacing excluded). */
export interface ColumnSpec {
  readonly min: number;
  readonly max: number;
  /** A percentage width (0-100) from a cell or `<col>`. */
  readonly percent: number | undefined;
  /** A length width was given (by a cell or `<col>`). */
  readonly fixed: boolean;
}

interface MutableSpec {
  min: number;
  max: number;
  percent: number | undefined;
  fixed: boolean;
}

/** Fixed horizontal edges of a box (percentages of an unknown width count as 0, as browsers measure). */
function fixedEdgesX(style: ComputedStyle): number {
  return style.borderLeftWidth + style.borderRightWidth + fixedPadding(style.paddingLeft) + fixedPadding(style.paddingRight);
}

const fixedPadding = (v: ComputedStyle['paddingLeft']): number => (typeof v === 'number' ? v : 0);

/**
 * A cell's border-box min/max, with its width: a length caps the max (but never below the min); a
 * length `max-width` caps both, as in Blink (a `white-space: nowrap; max-width: 160px` cell of a
 * long text is sized as 160px of content, and its text cut by `text-overflow`).
 */
function cellSizes(plan: TablePlan, cell: GridCell, ctx: LayoutContext): { min: number; max: number; percent: number | undefined; fixed: boolean } {
  const box = cellBox(plan, cell);
  const style = box.style;
  const edges = fixedEdgesX(style);
  const vertical = verticalCellContent(box);
  const widthEdges = vertical === undefined ? edges : orthogonalWidthEdges(style);
  const borderBox = (size: number): number => (style.boxSizing === 'border-box' ? size : size + widthEdges);
  const content = (vertical === undefined ? undefined : verticalCellSizes(vertical, box.style, ctx)) ?? contentSizesOnce(box, ctx);
  let min = content.minContent + edges;
  let max = content.maxContent + edges;
  if (typeof style.minWidth === 'number') min = Math.max(min, borderBox(style.minWidth));
  const limit = typeof style.maxWidth === 'number' ? borderBox(style.maxWidth) : Infinity;
  min = Math.min(min, limit);
  const width = style.width;
  if (typeof width === 'number') {
    max = Math.max(min, Math.min(borderBox(width), limit));
    return { min, max, percent: undefined, fixed: true };
  }
  max = Math.max(min, Math.min(max, limit));
  return { min, max, percent: percentOf(width), fixed: false };
}

/**
 * What Chromium 156 adds to a vertical cell's `width` to make its column's width: the padding
 * along the cell's own inline axis (top and bottom), not its left and right padding — a rotated
 * header `th { writing-mode: vertical-rl; width: 6mm; padding: 1.5mm .5mm }` asks for 6mm + 3mm.
 * Its content's own width (its lines and left and right padding) still counts as its minimum.
 */
function orthogonalWidthEdges(style: ComputedStyle): number {
  return style.borderLeftWidth + style.borderRightWidth + fixedPadding(style.paddingTop) + fixedPadding(style.paddingBottom);
}

/**
 * A vertical cell with a `height` of its own: its lines wrap at that height (layout/orthogonal.ts,
 * the cell's height its containing block's) when it is laid out, so it is as wide as that makes
 * it — as in Chromium, `writing-mode: vertical-rl; height: 40px` on "Total hours worked" is
 * three lines, three lines wide. Undefined for other cells (measured as any block).
 */
function verticalCellSizes(flow: VerticalFlow, style: ComputedStyle, ctx: LayoutContext): IntrinsicSizes | undefined {
  const length = verticalCellOwnLength(style);
  return length === undefined ? undefined : verticalRootIntrinsicSizes(flow, ctx, length);
}

export function columnSpecs(plan: TablePlan, ctx: LayoutContext): readonly ColumnSpec[] {
  const cached = ctx.caches.of(COLUMNS).get(plan);
  if (cached !== undefined) return cached;
  const grid = plan.grid;
  const columns: MutableSpec[] = Array.from({ length: grid.columnCount }, (_, c) => columnOwnSpec(plan, c));
  const spanning: GridCell[] = [];
  // the max-content of the cells without a width, which a column given one leaves out (below)
  const autoMax = new Float64Array(grid.columnCount);
  for (const row of grid.rows) {
    for (const cell of row.cells) {
      if (cell.colSpan > 1) {
        spanning.push(cell);
        continue;
      }
      const sizes = cellSizes(plan, cell, ctx);
      const column = columns[cell.column]!;
      column.min = Math.max(column.min, sizes.min);
      if (sizes.fixed) column.max = Math.max(column.max, sizes.max);
      else autoMax[cell.column] = Math.max(autoMax[cell.column]!, sizes.max);
      if (sizes.fixed && column.percent === undefined) column.fixed = true;
      if (sizes.percent !== undefined) column.percent = Math.max(column.percent ?? 0, sizes.percent);
    }
  }
  // A column with a width (a cell's or a <col>'s) is as wide as that at most, its other cells'
  // max-content left out but not their min-content (Blink's Column::Encompass): a header cell of
  // `width: 100px` keeps a column of long sentences 100px wide, the sentences wrapping
  columns.forEach((column, c) => {
    column.max = Math.max(column.fixed ? column.max : Math.max(column.max, autoMax[c]!), column.min);
  });
  spanning.sort((a, b) => a.colSpan - b.colSpan);
  for (const cell of spanning) spreadSpanningCell(columns, cell, cellSizes(plan, cell, ctx), plan.spacing[0]);
  limitPercentages(columns);
  ctx.caches.of(COLUMNS).set(plan, columns);
  return columns;
}

/** A `<col>` (or its group's) width. */
function columnOwnSpec(plan: TablePlan, column: number): MutableSpec {
  const spec: MutableSpec = { min: 0, max: 0, percent: undefined, fixed: false };
  const width = (plan.grid.columns[column] ?? plan.grid.columnGroups[column])?.style.width ?? 'auto';
  if (typeof width === 'number') {
    spec.min = 0;
    spec.max = width;
    spec.fixed = true;
  } else {
    spec.percent = percentOf(width);
  }
  return spec;
}

/** A width's percentage when it is one (not a calc() with one), else undefined. */
function percentOf(width: ComputedStyle['width']): number | undefined {
  return typeof width === 'object' && width.kind === 'percent' ? width.value : undefined;
}

/**
 * Spreads what a spanning cell needs over the columns it spans, as Blink does (CSS Tables 3
 * §3.9.3.2): its percentage first (what it asks beyond its columns' own, to the columns without
 * one, in proportion to their max-content widths), then its min-content and its max-content
 * widths each shared by the same distribution as the table's width (`distributeAuto`), a column
 * raised to its share when that is more. So a `colspan=3` banner image of 620px over columns of
 * `width=180`, `20` and `420` leaves them 180, 20 and 420 wide (their widths are the
 * specified-size guess, which it fills), where a share in proportion to max-content widths of
 * what their min-content widths lack made the first 212px and its neighbours narrower.
 */
function spreadSpanningCell(columns: MutableSpec[], cell: GridCell, sizes: { min: number; max: number; percent: number | undefined; fixed: boolean }, spacing: number): void {
  const spanned = columns.slice(cell.column, cell.column + cell.colSpan);
  const inner = spacing * (cell.colSpan - 1);
  if (sizes.percent !== undefined) {
    const given = spanned.reduce((sum, c) => sum + (c.percent ?? 0), 0);
    const rest = spanned.filter((c) => c.percent === undefined);
    const weight = rest.reduce((sum, c) => sum + c.max, 0);
    const surplus = sizes.percent - given;
    if (surplus > 0) for (const c of rest) c.percent = surplus * (weight > 0 ? c.max / weight : 1 / rest.length);
  }
  const mins = distributeAuto(spanned, Math.max(0, sizes.min - inner));
  spanned.forEach((c, i) => { c.min = Math.max(c.min, mins[i]!); });
  // a spanning cell without a width of its own does not grow columns of a width past it
  const maxes = distributeAuto(spanned, Math.max(0, sizes.max - inner), sizes.fixed);
  spanned.forEach((c, i) => { c.max = Math.max(c.min, c.max, maxes[i]!); });
}

/** Percentages past 100 % in total are cut (CSS Tables 3 §3.7.2.1). */
function limitPercentages(columns: MutableSpec[]): void {
  let total = 0;
  for (const column of columns) {
    if (column.percent === undefined) continue;
    column.percent = Math.max(0, Math.min(column.percent, 100 - total));
    total += column.percent;
  }
}

/**
 * The table's min-content and max-content widths of its columns (spacing excluded), as CSS
 * Tables 3 §3.9.1 figures them. `percentages`: a percentage column widens the max-content width
 * to what its share needs — not for a table inside a table cell, as in Blink (an email layout's
 * nested `width="100%"` table of two 50 % cells is as wide as its content there).
 */
export function columnsIntrinsic(columns: readonly ColumnSpec[], percentages = true): { min: number; max: number } {
  let min = 0;
  let max = 0;
  let percentTotal = 0;
  let rest = 0;
  let fromPercent = 0;
  for (const column of columns) {
    min += column.min;
    max += column.max;
    if (column.percent !== undefined && column.percent > 0) {
      percentTotal += column.percent;
      fromPercent = Math.max(fromPercent, (column.max * 100) / column.percent);
    } else {
      rest += column.max;
    }
  }
  if (!percentages) return { min, max };
  // columns beyond 100 % of percentages leave the others no share (all-percentage columns: nothing more to fit)
  if (percentTotal >= 100) fromPercent = Math.max(fromPercent, rest * 100);
  else if (percentTotal > 0) fromPercent = Math.max(fromPercent, (rest * 100) / (100 - percentTotal));
  return { min, max: Math.max(max, Math.min(fromPercent, 1e7)) };
}

/**
 * `table-layout: auto`: the used width of each column for `assignable` px (spacing excluded).
 * `growFixed`: width beyond every column's max-content may go to columns of a width when no auto
 * column takes it (a spanning cell's max-content without a width of its own may not).
 */
export function distributeAuto(columns: readonly ColumnSpec[], assignable: number, growFixed = true): number[] {
  const pct = (c: ColumnSpec): number => Math.max(c.min, ((c.percent ?? 0) * assignable) / 100);
  const guesses = [
    columns.map((c) => c.min),
    columns.map((c) => (c.percent !== undefined ? pct(c) : c.min)),
    columns.map((c) => (c.percent !== undefined ? pct(c) : c.fixed ? c.max : c.min)),
    columns.map((c) => (c.percent !== undefined ? pct(c) : c.max)),
  ];
  const sums = guesses.map((g) => g.reduce((a, b) => a + b, 0));
  if (assignable <= sums[0]!) return guesses[0]!;
  for (let i = 1; i < guesses.length; i++) {
    if (assignable <= sums[i]!) {
      const lo = guesses[i - 1]!;
      const hi = guesses[i]!;
      const t = sums[i]! === sums[i - 1]! ? 1 : (assignable - sums[i - 1]!) / (sums[i]! - sums[i - 1]!);
      return lo.map((w, c) => w + (hi[c]! - w) * t);
    }
  }
  return distributeExcess(columns, guesses[3]!, assignable - sums[3]!, growFixed);
}

/** Width beyond every column's max-content: to auto columns (by max-content), else fixed ones, else percentage ones (by percentage), else all. */
function distributeExcess(columns: readonly ColumnSpec[], widths: number[], excess: number, growFixed: boolean): number[] {
  const byWidth = (i: number): number => widths[i]!;
  // percentage columns grow by their percentages, as Blink grows them (not by their widths, which
  // a column's min-content may have raised above its percentage's share)
  const byPercent = (i: number): number => columns[i]!.percent ?? 0;
  const groups: [(c: ColumnSpec) => boolean, (i: number) => number][] = [
    [(c) => !c.fixed && c.percent === undefined && c.max > 0, byWidth],
    [(c) => !c.fixed && c.percent === undefined, byWidth],
    [(c) => growFixed && c.fixed && c.percent === undefined, byWidth],
    [(c) => c.percent !== undefined && c.percent > 0, byPercent],
    [(c) => growFixed || !c.fixed, byWidth],
  ];
  for (const [inGroup, share] of groups) {
    const members = columns.map((c, i) => (inGroup(c) ? i : -1)).filter((i) => i >= 0);
    if (members.length === 0) continue;
    const weight = members.reduce((sum, i) => sum + share(i), 0);
    const out = [...widths];
    for (const i of members) out[i] = widths[i]! + (weight > 0 ? (excess * share(i)) / weight : excess / members.length);
    return out;
  }
  return widths;
}

/**
 * `table-layout: fixed` (CSS2 §17.5.2.1): `<col>` widths, then the first row's cells (a spanning
 * cell's width split evenly). A percentage is of the width the columns share, the border spacing
 * left out (as Chromium: a `width: 60%` cell of a 500px table spaced 4px is 290.4px wide and its
 * padding); a spanning cell's percentage is split into one for each column it spans, its padding
 * and border not added (Chromium 156: `colspan=2` at 40% of 492px makes two 98.4px columns, not
 * 100.4). The columns share the table's width as Chromium's fixed layout shares it: the columns
 * of a length first (the table is at least as wide as they are; with no auto column they grow to
 * fill what the percentages leave), then the percentages (shrunk in proportion to what is left:
 * a 64px prompt beside a `width: 100%` cell of a `width: 100%` table leaves that cell the rest,
 * as a JupyterLab export lays out every cell; grown when no auto column takes it), then the auto
 * columns equally; a column of width 0 stays 0 unless all are.
 */
export function distributeFixed(plan: TablePlan, assignable: number): number[] {
  const grid = plan.grid;
  const columns: FixedColumn[] = Array.from({ length: grid.columnCount }, (_, c) => {
    const width = (grid.columns[c] ?? grid.columnGroups[c])?.style.width ?? 'auto';
    const size = resolveSize(width, assignable);
    return size === undefined ? AUTO_COLUMN : { size, percent: percentOf(width) !== undefined };
  });
  for (const cell of grid.rows[0]?.cells ?? []) {
    const style = cellBox(plan, cell).style;
    const given = resolveSize(style.width, assignable);
    if (given === undefined) continue;
    const percent = percentOf(style.width) !== undefined;
    const border = style.boxSizing === 'border-box' ? given : given + fixedEdgesX(style);
    const each = cell.colSpan > 1 && percent ? given / cell.colSpan : (border - plan.spacing[0] * (cell.colSpan - 1)) / cell.colSpan;
    for (let c = cell.column; c < cell.column + cell.colSpan; c++) if (columns[c] === AUTO_COLUMN) columns[c] = { size: Math.max(0, each), percent };
  }
  return shareFixedWidths(columns, assignable);
}

interface FixedColumn { readonly size: number | undefined; readonly percent: boolean }
const AUTO_COLUMN: FixedColumn = { size: undefined, percent: false };

function shareFixedWidths(columns: readonly FixedColumn[], assignable: number): number[] {
  const isLength = (c: FixedColumn): boolean => !c.percent && c.size !== undefined && c.size > 0;
  const isZero = (c: FixedColumn): boolean => !c.percent && c.size === 0;
  let lengths = 0;
  let percents = 0;
  let percentColumns = 0;
  let autos = 0;
  let zeros = 0;
  for (const column of columns) {
    if (column.percent) { percents += column.size!; percentColumns++; }
    else if (isLength(column)) lengths += column.size!;
    else if (isZero(column)) zeros++;
    else autos++;
  }
  // the table is at least as wide as its columns of a length (their sum is its minimum)
  const target = Math.max(assignable, lengths);
  const widths = columns.map(() => 0);
  let assigned = 0;
  let last = -1;
  const lengthRoom = Math.max(0, target - percents);
  const lengthScale = lengths > 0 && lengths < lengthRoom && autos === 0 ? lengthRoom / lengths : 1;
  columns.forEach((column, c) => {
    if (!isLength(column)) return;
    widths[c] = column.size! * lengthScale;
    assigned += widths[c]!;
    last = c;
  });
  if (assigned < target) {
    const room = target - assigned;
    const percentScale = percents > 0 && (percents > room || (percents < room && autos === 0)) ? room / percents : 1;
    columns.forEach((column, c) => {
      if (!column.percent) return;
      widths[c] = percents > 0 ? column.size! * percentScale : autos === 0 ? room / percentColumns : 0;
      assigned += widths[c]!;
      last = c;
    });
    // zero-width columns take a share only when every column is one
    const sharing = zeros === columns.length ? zeros : autos;
    const share = sharing > 0 ? Math.max(0, target - assigned) / sharing : 0;
    columns.forEach((column, c) => {
      if (column.percent || isLength(column) || (isZero(column) && zeros !== columns.length)) return;
      widths[c] = share;
      assigned += share;
      last = c;
    });
  }
  // what rounding or an unfilled table leaves goes to the last column that took a width
  if (last >= 0) widths[last] = widths[last]! + (target - assigned);
  return widths;
}
