/**
 * The table's used width and its columns' positions (CSS2 §17.5.2, CSS Tables 3 §3.9): the
 * width from `width` (never below the minimum the cells and captions need) or, when auto, the
 * max-content width held to the room available; then the columns share it.
 */
import type { Sides } from '../../geometry/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import type { ComputedStyle, SizeKeyword } from '../../css/types.js';
import { isSizeKeyword, resolveMaxSize, resolveMinSize, resolveSize, usedPadding } from '../box-model.js';
import { fitContent } from '../size-keywords.js';
import { columnSpecs, columnsIntrinsic, distributeAuto, distributeFixed } from './columns.js';
import type { TablePlan } from './plan.js';
import type { TableColumnsLayout } from './rows.js';

export interface TableGeometry {
  /** The table box's border-box width. */
  readonly width: number;
  readonly border: Sides;
  readonly padding: Sides;
  readonly columns: TableColumnsLayout;
}

/** Padding applies to the table only in the separated model (CSS2 §17.6.2: collapsing tables have none). */
export function tablePadding(plan: TablePlan, containingWidth: number): Sides {
  return plan.collapse ? NO_SIDES : usedPadding(plan.table.style, containingWidth);
}

function spacingTotal(plan: TablePlan): number {
  const columns = plan.grid.columnCount;
  return columns > 0 ? plan.spacing[0] * (columns + 1) : 0;
}

function edgesX(plan: TablePlan, padding: Sides): number {
  return plan.border.left + plan.border.right + padding.left + padding.right;
}

/** The table box's border-box min-content and max-content widths (CSS Tables 3 §3.9.1), captions included. */
export function tableIntrinsicWidths(plan: TablePlan, ctx: LayoutContext): IntrinsicSizes {
  const padding = tablePadding(plan, 0);
  const fixed = edgesX(plan, padding) + spacingTotal(plan);
  const columns = columnsIntrinsic(columnSpecs(plan, ctx), ctx.tablesInCells?.has(plan.table) !== true);
  let min = columns.min + fixed;
  let max = Math.max(min, columns.max + fixed);
  const style = plan.table.style;
  if (typeof style.width === 'number') {
    const specified = style.boxSizing === 'border-box' ? style.width : style.width + edgesX(plan, padding);
    min = Math.max(min, specified);
    max = min;
  }
  min = Math.max(min, captionsMinimum(plan, ctx));
  return { minContent: min, maxContent: Math.max(max, min) };
}

/** The table is never narrower than its captions' min-content width. */
function captionsMinimum(plan: TablePlan, ctx: LayoutContext): number {
  let min = 0;
  for (const caption of plan.wrapper.captions) min = Math.max(min, outerIntrinsicSizes(caption, ctx).minContent);
  return min;
}

/** A width keyword as the table's border-box width, from its intrinsic widths and the room its margins leave. */
function keywordTableWidth(keyword: SizeKeyword, intrinsic: IntrinsicSizes, room: number): number {
  if (keyword === 'stretch') return Math.max(0, room);
  if (keyword === 'min-content') return intrinsic.minContent;
  if (keyword === 'max-content') return intrinsic.maxContent;
  return fitContent(intrinsic, room);
}

/**
 * A table's last geometry and what it was computed from: a table laid out page by page asks again
 * on every page with the same room (a table of 600,000 columns over 125 pages spent 10 s sharing
 * out the same widths again), and an equal geometry lets the rows laid out ahead be reused.
 */
const GEOMETRY = cacheKey('tableGeometry', () => new WeakMap<TablePlan, { room: number; containingWidth: number; fixedWidth: number | undefined; geometry: TableGeometry }>());

/**
 * Lays the columns out in `room` (the containing block less the table's margins); `fixedWidth`
 * is a border-box width decided from outside (shrink-to-fit).
 */
export function tableGeometry(plan: TablePlan, room: number, containingWidth: number, fixedWidth: number | undefined, ctx: LayoutContext): TableGeometry {
  const memo = ctx.caches.of(GEOMETRY);
  const last = memo.get(plan);
  if (last !== undefined && last.room === room && last.containingWidth === containingWidth && last.fixedWidth === fixedWidth) return last.geometry;
  const geometry = computeGeometry(plan, room, containingWidth, fixedWidth, ctx);
  memo.set(plan, { room, containingWidth, fixedWidth, geometry });
  return geometry;
}

function computeGeometry(plan: TablePlan, room: number, containingWidth: number, fixedWidth: number | undefined, ctx: LayoutContext): TableGeometry {
  const style = plan.table.style;
  const padding = tablePadding(plan, containingWidth);
  const edges = edgesX(plan, padding);
  const toBorderBox = (size: number): number => (style.boxSizing === 'border-box' ? size : size + edges);
  const specified = resolveSize(style.width, containingWidth);
  // fixed layout never measures cell content (CSS2 §17.5.2.1): its minimum is its columns' sum, added below
  const fixedLayout = style.tableLayout === 'fixed' && specified !== undefined;
  const intrinsic = fixedLayout ? undefined : tableIntrinsicWidths(plan, ctx);
  // an auto width is fit-content (CSS2 §17.5.2.2); the keywords name the table's own sizes (CSS Sizing 3 §3.2)
  const keyword = (value: ComputedStyle['width'] | ComputedStyle['maxWidth']): number | undefined =>
    (isSizeKeyword(value) ? keywordTableWidth(value, intrinsic ?? { minContent: 0, maxContent: 0 }, room) : undefined);
  let width = fixedWidth ?? keyword(style.width) ?? (specified !== undefined ? toBorderBox(specified) : keywordTableWidth('fit-content', intrinsic ?? { minContent: 0, maxContent: 0 }, room));
  const max = resolveMaxSize(style.maxWidth, containingWidth);
  width = Math.min(width, keyword(style.maxWidth) ?? (max === Infinity ? Infinity : toBorderBox(max)));
  width = Math.max(width, keyword(style.minWidth) ?? toBorderBox(resolveMinSize(style.minWidth, containingWidth)), intrinsic?.minContent ?? captionsMinimum(plan, ctx));

  const spacing = plan.spacing[0];
  const assignable = Math.max(0, width - edges - spacingTotal(plan));
  const widths = fixedLayout ? distributeFixed(plan, assignable) : distributeAuto(columnSpecs(plan, ctx), assignable);
  const used = widths.reduce((a, b) => a + b, 0);
  if (used > assignable) width += used - assignable;
  // collapsed columns are sized as if visible, then give up their width and spacing: the table narrows (CSS 2.1 §17.5.5)
  const collapsed = plan.grid.collapsedColumns;
  const x: number[] = [];
  // from the start edge: the right one in a right-to-left table, mirrored below
  const rtl = style.direction === 'rtl';
  let at = (rtl ? plan.border.right + padding.right : plan.border.left + padding.left) + (widths.length > 0 ? spacing : 0);
  widths.forEach((w, c) => {
    x.push(at);
    if (collapsed[c] === true) {
      width -= w + spacing;
      widths[c] = 0;
    } else {
      at += w + spacing;
    }
  });
  // right-to-left tables put their first column on the right (CSS2 §17.5.2)
  if (rtl) widths.forEach((w, c) => (x[c] = width - x[c]! - w));
  return { width, border: plan.border, padding, columns: { x, widths, collapsed, contentWidth: width - edges, rtl } };
}
