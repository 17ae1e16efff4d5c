/**
 * A render's allowance of layout done again only to look for a better break (the block-end
 * edges' retry, block/index.ts). Each retry lays a subtree out again in a smaller room, and a
 * retry inside a retry multiplies: 60 nested padded blocks ending at a page end made 2^60 of
 * them. The documents people write retry a few boxes at a few page ends (the gallery: 8 retries
 * in all), so the allowance is counted in fragments laid out again — what a retry costs — and
 * past it the first layout is kept, with one warning at the box where it ran out.
 */
import type { BoxElement } from '../boxes/types.js';
import type { Fragment } from './types.js';
import type { LayoutContext } from './contract.js';
import { cacheKey } from './contract.js';

/** Fragments one render may lay out again (about a second of layout; a page of a dense table is under 2,000). */
export const MAX_RELAID_FRAGMENTS = 200_000;

interface Allowance {
  left: number;
  warned: boolean;
}

const ALLOWANCE = cacheKey<Allowance>('relayout allowance', () => ({ left: MAX_RELAID_FRAGMENTS, warned: false }));

/**
 * Takes from the render's allowance what laying `fragments` out again costs: false (and a
 * warning, once per render) when too little is left.
 */
export function spendRelayout(ctx: LayoutContext, element: BoxElement | undefined, fragments: readonly Fragment[]): boolean {
  const allowance = ctx.caches.of(ALLOWANCE);
  const cost = 1 + countUpTo(fragments, allowance.left);
  if (cost <= allowance.left) {
    allowance.left -= cost;
    return true;
  }
  allowance.left = 0;
  if (!allowance.warned) {
    allowance.warned = true;
    const where = element === undefined || ctx.locate === undefined ? {} : ctx.locate(element);
    ctx.diagnostics.warn('layout', `breaks inside deeply nested boxes were searched again for ${MAX_RELAID_FRAGMENTS} fragments in this document: from here on, a box whose bottom padding or border does not fit the page keeps its first layout (the edges may run past the page end)`, where);
  }
  return false;
}

/** The fragments in `fragments` and below, counted up to `cap` (the walk costs no more than the allowance left). */
function countUpTo(fragments: readonly Fragment[], cap: number): number {
  let count = 0;
  const stack: (readonly Fragment[])[] = [fragments];
  while (stack.length > 0 && count <= cap) {
    for (const fragment of stack.pop()!) {
      count++;
      if ((fragment.kind === 'box' || fragment.kind === 'line') && fragment.children.length > 0) stack.push(fragment.children);
    }
  }
  return count;
}
