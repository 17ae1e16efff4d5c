/**
 * Rows a table lays out the same way on its next page, kept from one page to the next: the header
 * and footer rows (repeated on every page) and the last body row laid out on a page, which is the
 * row that did not fit there and starts the next one. A row laid out without a fragmentainer
 * depends only on its columns and the run's mode, so it is reused for the same ones.
 */
import type { LayoutContext } from '../contract.js';
import { cacheKey } from '../contract.js';
import type { LaidRow, TableColumnsLayout } from './rows.js';
import type { TablePlan } from './plan.js';

/** Rows laid out on one page that the next lays out the same. */
const ROWS_AHEAD = cacheKey('tableRowsAhead', () => new WeakMap<TablePlan, RowsAhead>());

interface KeptRow {
  readonly index: number;
  readonly columns: TableColumnsLayout;
  readonly mode: 'layout' | 'measure';
  readonly laid: LaidRow;
}

/** Per table and render (the layout caches): at most its header and footer rows and one body row. */
export class RowsAhead {
  private readonly repeated = new Map<number, KeptRow>();
  private body: KeptRow | undefined;

  constructor(private readonly plan: TablePlan) {}

  get(index: number, columns: TableColumnsLayout, mode: 'layout' | 'measure'): LaidRow | undefined {
    const kept = this.isRepeated(index) ? this.repeated.get(index) : this.body;
    return kept !== undefined && kept.index === index && kept.mode === mode && sameColumns(kept.columns, columns) ? kept.laid : undefined;
  }

  keep(index: number, columns: TableColumnsLayout, mode: 'layout' | 'measure', laid: LaidRow): void {
    const kept = { index, columns, mode, laid };
    if (this.isRepeated(index)) this.repeated.set(index, kept);
    else this.body = kept;
  }

  private isRepeated(index: number): boolean {
    const grid = this.plan.grid;
    return index < grid.headerRows || index >= grid.rows.length - grid.footerRows;
  }
}

export function rowsAhead(plan: TablePlan, ctx: LayoutContext): RowsAhead {
  let rows = ctx.caches.of(ROWS_AHEAD).get(plan);
  if (rows === undefined) {
    rows = new RowsAhead(plan);
    ctx.caches.of(ROWS_AHEAD).set(plan, rows);
  }
  return rows;
}

/** The same column geometry (each page computes its own, equal unless the page's width differs). */
function sameColumns(a: TableColumnsLayout, b: TableColumnsLayout): boolean {
  if (a === b) return true;
  if (a.contentWidth !== b.contentWidth || a.rtl !== b.rtl || a.widths.length !== b.widths.length) return false;
  for (let c = 0; c < a.widths.length; c++) if (a.widths[c] !== b.widths[c] || a.x[c] !== b.x[c]) return false;
  return true;
}
