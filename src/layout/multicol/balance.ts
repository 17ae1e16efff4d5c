/**
 * How tall a row of columns is (CSS Multi-column Layout 1 §7.1, §8): columns fill the room on
 * the page (or the container's own height) while the content continues; where it ends, and
 * `column-fill` is `balance`, the row takes the smallest height at which the rest fits in the
 * used number of columns — found by bisection over real layouts, each fitting layout tightening
 * the bound to the height its tallest column actually used, so the result is a content height.
 */
import type { BlockBox, BoxElement } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BreakToken, LayoutContext } from '../contract.js';
import type { ColumnGeometry } from './columns.js';
import type { ColumnRow, RowInput } from './column-row.js';
import { breaksAgainstOrphans, breaksInsideAvoiding, layoutColumnRow, rowContentHeight } from './column-row.js';
import { relayoutCost, spendRelayout } from '../relayout-budget.js';

/** Columns created past the used count where the container's height holds them (§8.2), at most. */
const MAX_OVERFLOW_COLUMNS = 1000;
/** Bisection stops when the bounds are this close (px); content heights differ by far more. */
const PRECISION = 0.25;
const MAX_PROBES = 24;

export interface RowLimits {
  /** Room left on the page for the row (Infinity without a page). */
  readonly room: number;
  /** The container's own height limit for the row, from `height` / `max-height` (undefined: none). */
  readonly cap: number | undefined;
  readonly fill: ComputedStyle['columnFill'];
  /** A spanner follows the row: its content is balanced whatever `column-fill` says (§7.1). */
  readonly beforeSpanner: boolean;
}

export interface PlannedRow {
  readonly row: ColumnRow;
  /** The column boxes' height. */
  readonly height: number;
}

type Lay = (height: number, maxColumns: number) => ColumnRow;

/** A column set: its content (a block view of the container's children), the columns' geometry and where it resumes. */
export interface ColumnSet {
  /** The multi-column container's element (for warnings). */
  readonly element: BoxElement | undefined;
  readonly view: BlockBox;
  readonly geometry: ColumnGeometry;
  readonly resume: BreakToken | undefined;
}

export function planRow(set: ColumnSet, base: Omit<RowInput, 'height' | 'maxColumns'>, limits: RowLimits, ctx: LayoutContext): PlannedRow {
  const { view, geometry, resume } = set;
  // Object.assign, not a spread followed by keys (a new hidden class per call on Node 20)
  const lay: Lay = (height, maxColumns) => layoutColumnRow(view, geometry, Object.assign({}, base, { height, maxColumns }), ctx, resume);
  // The container's height holds the columns: more go beside them, not to the next page (§8.2).
  const capped = limits.cap !== undefined && limits.cap <= limits.room;
  const height = Math.min(limits.room, limits.cap ?? Infinity);
  const fill = lay(height, capped || height === Infinity ? MAX_OVERFLOW_COLUMNS : geometry.count);
  const fixed = (row: ColumnRow): PlannedRow => ({ row, height: capped ? height : rowContentHeight(row) });
  if (fill.pushed || fill.token !== undefined || fill.forced !== undefined) return { row: fill, height: height === Infinity ? rowContentHeight(fill) : height };
  // Only the last fragment is balanced; `auto` fills columns in order where something limits them,
  // but not above a spanner: content before one is always balanced (§7.1), as in Chromium.
  if ((limits.fill === 'auto' && height !== Infinity && !limits.beforeSpanner) || fill.columns.length > geometry.count) return fixed(fill);
  // every probe lays out what `fill` holds: its cost counted once
  const cost = relayoutCost(fill.columns);
  const balanced = balance(lay, { fill, room: height }, geometry.count, () => spendRelayout(ctx, 'column balancing', set.element, cost));
  return capped && !limits.beforeSpanner ? { row: balanced.row, height } : balanced;
}

/**
 * The row of `count` columns that holds the rest of the content (`fill`, laid out in the `room`
 * the page leaves, holds it already), and its height. As Chromium balances: the content's height
 * over the column count first — when the content fits at that height, the columns are that tall,
 * whatever room the breaks leave at their bottoms (three paragraphs of 40, 40 and 20px with 8px
 * margins: 124 / 3 = 41.33px), or as tall as a piece that cannot break —, else the smallest
 * height at which it fits, found by bisection. `mayProbe` says whether another layout of it may
 * be made (relayout-budget.ts).
 */
function balance(lay: Lay, laid: { fill: ColumnRow; room: number }, count: number, mayProbe: () => boolean): PlannedRow {
  const { fill, room } = laid;
  // As Chromium balances, the columns are at least as tall as the tallest box that avoids breaks
  // inside, or as the room where one is taller: then the columns are filled, not balanced.
  if (breaksInsideAvoiding(fill.columns)) return { row: fill, height: rowContentHeight(fill) };
  let best = { row: fill, at: Infinity };
  let hi = rowContentHeight(fill);
  let lo = 0;
  const { total, unbroken } = contentHeight(lay, fill, mayProbe);
  for (let probe = 0; probe < MAX_PROBES && hi - lo > PRECISION; probe++) {
    const guess = total / count;
    // measured unbroken, the guess may exceed what the filled columns use (their breaks truncate margins), not the room
    const first = probe === 0 && guess > lo && (unbroken ? guess <= room : guess < hi);
    const h = first ? guess : (lo + hi) / 2;
    if (!mayProbe()) break;
    const row = lay(h, count);
    if (!fits(row)) {
      lo = h;
      continue;
    }
    const used = rowContentHeight(row);
    if (first && used <= h + PRECISION) return { row, height: h };
    if (used <= rowContentHeight(best.row)) best = { row, at: h };
    hi = Math.min(h, used);
  }
  // A piece taller than the probe made the columns taller: lay the content out at that height.
  const height = rowContentHeight(best.row);
  if (best.at < height - PRECISION && mayProbe()) {
    const again = lay(height, count);
    if (fits(again) && rowContentHeight(again) <= height) return { row: again, height: rowContentHeight(again) };
  }
  return { row: best.row, height };
}

/**
 * The content's height in one column, as Chromium measures it to balance: with the margins that
 * the filled columns' breaks truncate (four 80px boxes with 20px margins broken in a 300px room
 * are 400px, not 280 + 100). Laid out once more, unbounded, where `fill` broke between columns;
 * the filled columns' sum where a forced break stops that layout or no probe may be made.
 */
function contentHeight(lay: Lay, fill: ColumnRow, mayProbe: () => boolean): { total: number; unbroken: boolean } {
  const sum = { total: fill.columns.reduce((total, f) => total + f.height, 0), unbroken: false };
  if (fill.columns.length < 2 || !mayProbe()) return sum;
  const single = lay(Infinity, 1);
  return single.token === undefined && single.columns.length === 1 ? { total: single.columns[0]!.height, unbroken: true } : sum;
}

/**
 * The row holds the rest of the content, no box that avoids breaks inside broken between its
 * columns, and no column broken between lines against `orphans` or `widows` (a two-line paragraph
 * split one and one: Chromium makes the columns taller instead).
 */
const fits = (row: ColumnRow): boolean => !row.pushed && row.token === undefined && row.forced === undefined && !breaksInsideAvoiding(row.columns)
  && !breaksAgainstOrphans(row.outputs);
