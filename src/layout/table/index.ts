/**
 * Table layout (CSS2 §17, CSS Tables 3, CSS Fragmentation 3 §4.4 for tables): the wrapper box
 * with its captions above and below the table box; the table's rows paginated row by row — a row
 * that does not fit the rest of the page breaks there, its cells in parallel, where they can
 * (else it moves to the next page whole), the header group repeats at the top and the footer
 * group at the bottom of every page the table spans.
 */
import type { BlockBox, TableWrapperBox } from '../../boxes/types.js';
import { NO_SIDES } from '../../geometry/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { BreakToken, IntrinsicSizes, LayoutContext, LayoutInput, LayoutOutput, LayoutResult } from '../contract.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from '../margins.js';
import { blockHorizontalMetrics, marginOrZero, resolveSize } from '../box-model.js';
import { forcedBreakOf } from '../break-token.js';
import { extendsToEnd, layoutBox } from '../contract.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import type { TablePlan } from './plan.js';
import { tablePlan } from './plan.js';
import type { TableGeometry } from './geometry.js';
import { tableGeometry, tableIntrinsicWidths } from './geometry.js';
import { paginateRows } from './paginate.js';
import type { PlacedRow, RowsOnPage } from './paginate.js';
import { tableFragment } from './fragments.js';
import type { Escaped } from './escape.js';
import { escape } from './escape.js';
import { placeTablePositioned } from './positioned-boxes.js';
import { boxFragment } from '../fragment-records.js';

export { tableIntrinsicWidths } from './geometry.js';

/** A table's min-/max-content widths (CSS 2.1 §17.5.2; the table entry of the table in dispatch.ts). */
export function tableIntrinsicSizes(box: TableWrapperBox, ctx: LayoutContext): IntrinsicSizes {
  return tableIntrinsicWidths(tablePlan(box, ctx), ctx);
}

export function layoutTable(box: TableWrapperBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const plan = tablePlan(box, ctx);
  const style = box.style;
  const cw = input.containingWidth;
  const available = typeof input.available === 'number' ? input.available : cw;
  const room = available - marginOrZero(style.marginLeft, cw) - marginOrZero(style.marginRight, cw);
  const geometry = tableGeometry(plan, room, cw, input.fixedWidth, ctx);
  const h = blockHorizontalMetrics(style, { containingWidth: cw, available, direction: input.containingDirection, align: input.containingAlign }, geometry.width);
  const page = input.fragmentainer;
  const continued = resume !== undefined;
  const ownTop = continued || (page?.discardTopMargins === true && page.atTop) ? 0 : marginOrZero(style.marginTop, cw);
  const top = input.y + collapsedMargin(addMargin(input.strut, ownTop));
  const x = input.x + h.marginLeft;

  const children: Fragment[] = [];
  const escaped: Escaped = { positioned: [], pageContent: [] };
  let y = 0;
  if (!continued) y = placeCaptions(plan, 'top', y, { children, escaped }, { geometry, input, ctx });
  const rows = paginateRows({
    plan, geometry, mode: input.mode, ctx, resume,
    // room for the table box, from its border-box top
    bottom: page === undefined ? Infinity : page.bottom - top - y,
    atTop: page === undefined || page.atTop,
    column: page?.column === true,
  });
  if (rows === 'pushed') return { kind: 'pushed' };
  const pageEnd = extendsToEnd(page) ? page.bottom - top - y : undefined;
  const stretched = input.fixedHeight === undefined || continued ? undefined : input.fixedHeight - y - bottomCaptionsHeight(plan, { geometry, input, ctx });
  const table = tableFragment(plan, geometry, withTableHeight(plan, geometry, rows, { containingHeight: input.containingHeight, stretched }, continued), { y, continued, pageEnd }, ctx);
  children.push(table.fragment);
  escape(escaped, table.positioned, table.pageContent, 0, y);
  y += table.fragment.height;
  const broken = rows.breakToken !== undefined;
  if (!broken) y = placeCaptions(plan, 'bottom', y, { children, escaped }, { geometry, input, ctx });
  // with no row to break between, it is as unsplittable as an empty block: past the page end it
  // moves to the next page (Chromium: the clearfix table after a last margin that does not fit)
  if (page !== undefined && !page.atTop && !continued && rows.rows.length === 0 && top + y > page.bottom + 0.01) return { kind: 'pushed' };

  const fragment: BoxFragment = boxFragment({
    box, style, x, y: top, width: geometry.width, height: y,
    border: NO_SIDES, padding: NO_SIDES,
    children, continuedBefore: continued, continuedAfter: broken,
  });
  const held = placeTablePositioned(fragment, table.fragment, inParentFrame(escaped, x, top), ctx);
  const firstRow = table.baselines.first;
  return {
    kind: 'placed', fragment: held.fragment,
    endY: top + y,
    strut: broken ? EMPTY_STRUT : addMargin(EMPTY_STRUT, marginOrZero(style.marginBottom, cw)),
    resolvedAt: top,
    baselines: {
      first: firstRow === undefined ? undefined : firstRow + table.fragment.y,
      last: table.baselines.last === undefined ? undefined : table.baselines.last + table.fragment.y,
    },
    breakToken: broken ? { kind: 'block', box, children: rows.breakToken!.children, next: rows.breakToken!.next, forced: rows.breakToken!.forced } : undefined,
    forcedBreakAfter: broken ? undefined : forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions,
    positioned: held.positioned,
    pageContent: held.pageContent,
  };
}

/** What escaped the captions and the table, from the wrapper's frame into its parent's, where the wrapper is at (x, y) — the frame its static positions are read in. */
function inParentFrame(escaped: Escaped, x: number, y: number): Escaped {
  if (escaped.positioned.length === 0 && escaped.pageContent.length === 0) return escaped;
  const moved: Escaped = { positioned: [], pageContent: [] };
  escape(moved, escaped.positioned, escaped.pageContent, x, y);
  return moved;
}

/**
 * A table taller than its rows (`height`, CSS2 §17.5.3): the extra height goes to the body rows in
 * proportion to their heights (to all rows equally when they have none). Only for a table on one page.
 * `stretched`: the border-box height a flex or grid container stretches the table to (its wrapper's
 * less its captions), at least: the rows grow to it, as in Chromium, where the table is the item.
 */
function withTableHeight(plan: TablePlan, geometry: TableGeometry, rows: RowsOnPage, heights: { readonly containingHeight: number | undefined; readonly stretched: number | undefined }, continued: boolean): RowsOnPage {
  const style = plan.table.style;
  const specified = resolveSize(style.height, heights.containingHeight);
  if ((specified === undefined && heights.stretched === undefined) || continued || rows.breakToken !== undefined || rows.rows.length === 0) return rows;
  const edges = geometry.border.top + geometry.border.bottom + geometry.padding.top + geometry.padding.bottom;
  const wanted = Math.max(specified === undefined ? 0 : style.boxSizing === 'border-box' ? specified : specified + edges, heights.stretched ?? 0);
  const extra = wanted - (rows.contentBottom + geometry.padding.bottom + geometry.border.bottom);
  if (extra <= 0) return rows;
  const grid = plan.grid;
  const isBody = (row: PlacedRow): boolean => row.laid.index >= grid.headerRows && row.laid.index < grid.rows.length - grid.footerRows;
  const body = rows.rows.filter(isBody);
  const targets = body.length > 0 ? body : rows.rows;
  const total = targets.reduce((sum, row) => sum + row.height, 0);
  let shift = 0;
  const stretched = rows.rows.map((row) => {
    const grow = !targets.includes(row) ? 0 : total > 0 ? (extra * row.height) / total : extra / targets.length;
    const moved = { ...row, y: row.y + shift, height: row.height + grow };
    shift += grow;
    return moved;
  });
  return { ...rows, rows: stretched, contentBottom: rows.contentBottom + extra };
}

/** Captions (CSS2 §17.4) as wide as the table, stacked above or below it by `caption-side`; returns the y after them. */
/** What the captions are laid out into: the table's fragments and what escapes them. */
interface CaptionsOut {
  readonly children: Fragment[];
  readonly escaped: Escaped;
}

function placeCaptions(plan: TablePlan, side: 'top' | 'bottom', y: number, out: CaptionsOut, run: { readonly geometry: TableGeometry; readonly input: LayoutInput; readonly ctx: LayoutContext }): number {
  const { geometry, input, ctx } = run;
  const { escaped } = out;
  let at = y;
  for (const caption of plan.wrapper.captions) {
    if (caption.style.captionSide !== side) continue;
    const laid = layoutCaption(caption, geometry.width, at, input, ctx);
    out.children.push(laid.fragment);
    escape(escaped, laid.positioned, laid.pageContent, 0, 0);
    at = laid.endY + collapsedMargin(laid.strut);
  }
  return at;
}

/** The height the bottom captions take (laid out for it alone: they are placed after the table). */
function bottomCaptionsHeight(plan: TablePlan, run: { readonly geometry: TableGeometry; readonly input: LayoutInput; readonly ctx: LayoutContext }): number {
  if (!plan.wrapper.captions.some((caption) => caption.style.captionSide === 'bottom')) return 0;
  return placeCaptions(plan, 'bottom', 0, { children: [], escaped: { positioned: [], pageContent: [] } }, run);
}

function layoutCaption(caption: BlockBox, width: number, y: number, input: LayoutInput, ctx: LayoutContext): LayoutOutput {
  const laid = layoutBox(caption, {
    mode: input.mode, available: width, containingWidth: width, containingHeight: undefined,
    x: 0, y, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('a caption without a fragmentainer is never pushed');
  return laid;
}

