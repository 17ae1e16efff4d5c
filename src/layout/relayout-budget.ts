/**
 * A page's allowance of layout done again only to search for a better break or size: the
 * block-end edges' retry (block/index.ts), column balancing's probes (multicol/balance.ts), a
 * grid's second sizing pass (grid/sizing.ts) and a scroll container laid out again with the
 * scrollbar its content calls for (driver/dispatch.ts: 30 nested overflowing `overflow: auto`
 * boxes made 2^30 layouts). Each lays a subtree out again, and a search
 * inside a search multiplies: 60 nested padded blocks ending at a page end made 2^60 retries,
 * 8 nested multi-column boxes 24^8 probes, 240 nested grids each sized twice measured their
 * innermost at 240 widths. The documents people write search a few boxes per page (the
 * gallery: 8 block-end retries in all), so the allowance is counted in boxes laid out again —
 * what a search costs — and renewed on each page; past it the search stops with what it has,
 * with one warning at the box where it ran out. (The render's time limit is checked inside a
 * page too, every 1,024 units of layout work: driver/dispatch.ts.)
 */
import type { BoxElement } from '../boxes/types.js';
import type { Fragment } from './types.js';
import type { LayoutContext } from './contract.js';
import { cacheKey } from './contract.js';
import { whereIs } from './where-is.js';

/** Boxes laid out (or measures looked up) again on one page, at most (a few seconds of layout at most in the deepest nests; a page of a dense table is under 2,000). */
export const MAX_RELAID_BOXES = 100_000;

/** What searches: the message of its warning. */
export type Search = 'block-end edges' | 'column balancing' | 'grid sizing' | 'scrollbars';

const GIVEN_UP: Readonly<Record<Search, string>> = {
  'block-end edges': 'a box whose bottom padding or border does not fit the page keeps its first layout (the edges may run past the page end)',
  'column balancing': 'multi-column boxes keep the most balanced columns found so far',
  'grid sizing': 'grids keep the columns sized before their rows (an aspect-ratio or vertical item may be narrower than its rows ask)',
  scrollbars: 'a scroll container whose content overflows keeps its layout without the scrollbar it calls for (neither drawn nor given room)',
};

/**
 * Layout work done in this thread: each layout (driver/dispatch.ts) and each measure looked up
 * (measure-cache.ts; a grid sized again looks each item up, which costs more than the few layouts
 * it may miss). A search's cost is the difference across it; layout is synchronous, so no other
 * render's work falls between the two reads.
 */
let workDone = 0;

/** Counts one unit of layout work; the count so far. */
export function countLayoutWork(): number {
  return ++workDone;
}

interface Allowance {
  left: number;
  readonly warned: Set<Search>;
}

const ALLOWANCE = cacheKey<Allowance>('relayout allowance', () => ({ left: MAX_RELAID_BOXES, warned: new Set() }));

/** A new page: a new allowance (the driver calls this before laying each page out). */
export function renewRelayouts(ctx: LayoutContext): void {
  ctx.caches.of(ALLOWANCE).left = MAX_RELAID_BOXES;
}

/**
 * What laying `fragments` out again costs: one for the search, one per fragment in them and below,
 * counted up to past the allowance (the walk costs no more than a page may spend).
 */
export function relayoutCost(fragments: readonly Fragment[]): number {
  let count = 1;
  const stack: (readonly Fragment[])[] = [fragments];
  while (stack.length > 0 && count <= MAX_RELAID_BOXES) {
    for (const fragment of stack.pop()!) {
      count++;
      if ((fragment.kind === 'box' || fragment.kind === 'line') && fragment.children.length > 0) stack.push(fragment.children);
    }
  }
  return count;
}

/**
 * Runs `search` when the page's allowance is not spent, then takes the work it did from it (less
 * what the searches inside it took already); undefined when the allowance was spent before.
 */
export function withinRelayouts<T>(ctx: LayoutContext, search: Search, element: BoxElement | undefined, run: () => T): T | undefined {
  if (!spendRelayout(ctx, search, element, 1)) return undefined;
  const allowance = ctx.caches.of(ALLOWANCE);
  const work = workDone;
  const left = allowance.left;
  const result = run();
  spendRelayout(ctx, search, element, Math.max(0, workDone - work - (left - allowance.left)));
  return result;
}

/**
 * Takes `cost` (relayoutCost) from the page's allowance: false (and a warning, once per render
 * and search) when too little is left.
 */
export function spendRelayout(ctx: LayoutContext, search: Search, element: BoxElement | undefined, cost: number): boolean {
  const allowance = ctx.caches.of(ALLOWANCE);
  if (cost <= allowance.left) {
    allowance.left -= cost;
    return true;
  }
  allowance.left = 0;
  if (!allowance.warned.has(search)) {
    allowance.warned.add(search);
    ctx.diagnostics.warn('layout', `${search}: ${MAX_RELAID_BOXES} boxes were laid out again on one page in search of better breaks or sizes (nested boxes multiply the search): from here on, ${GIVEN_UP[search]}`, whereIs(ctx, element));
  }
  return false;
}
