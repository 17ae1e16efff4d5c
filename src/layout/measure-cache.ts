/**
 * Measuring runs of `layoutBox` (`mode: 'measure'`, at the origin, on no page) cached per render
 * by the sizes asked for. Flex and grid containers measure an item before they lay it out, and a
 * nested container measures its own items inside each of those runs: without the cache, nested
 * grids laid the innermost out 2^depth times (18 levels took 6 s, 100 ran for ever).
 */
import type { LayoutBox } from '../boxes/types.js';
import type { LayoutContext, LayoutInput, LayoutOutput } from './contract.js';
import { cacheKey, layoutBox } from './contract.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';
import { countLayoutWork } from './relayout-budget.js';

/** What a measuring run may vary: every field of the input but its position, page and surroundings. */
export type MeasureInput = Omit<LayoutInput, 'mode' | 'x' | 'y' | 'strut' | 'fragmentainer' | 'exclusions' | 'markerAscent'>;

const MEASURES = cacheKey('measures', () => new WeakMap<LayoutBox, Map<string, LayoutOutput>>());

/**
 * The box measured with `sizes` (laid out once per render for each distinct set of sizes). The
 * lookup is written out rather than through box-memo.ts: it runs for every measure of every flex
 * item and cell, and a closure per call there made the invoice 10 % slower.
 */
export function measured(box: LayoutBox, sizes: MeasureInput, ctx: LayoutContext): LayoutOutput {
  const key = `${sizes.available}|${sizes.containingWidth}|${sizes.containingHeight}|${sizes.containingDirection}|${sizes.containingAlign}|${sizes.fixedWidth}|${sizes.fixedHeight}|${sizes.fixedHeightIndefinite}|${sizes.formattingContextRoot}|${sizes.autoHeight}|${sizes.stretchedHeight}|${sizes.flexedHeight}|${sizes.positionedPlacedByCaller}`;
  const byBox = ctx.caches.of(MEASURES);
  let cache = byBox.get(box);
  if (cache === undefined) {
    cache = new Map();
    byBox.set(box, cache);
  }
  const cached = cache.get(key);
  countLayoutWork();
  if (cached !== undefined) return cached;
  const laid = measuredAfresh(box, sizes, ctx);
  cache.set(key, laid);
  return laid;
}

/** The box measured with `sizes`, not cached: for a box whose measure depends on more than `sizes` (a subgrid, on its parent's tracks). */
export function measuredAfresh(box: LayoutBox, sizes: MeasureInput, ctx: LayoutContext): LayoutOutput {
  // one literal, every field in one order: inputs of one shape whoever measures
  const laid = layoutBox(box, {
    mode: 'measure', available: sizes.available, containingWidth: sizes.containingWidth, containingHeight: sizes.containingHeight,
    containingDirection: sizes.containingDirection, containingAlign: sizes.containingAlign,
    fixedWidth: sizes.fixedWidth, fixedHeight: sizes.fixedHeight, fixedHeightIndefinite: sizes.fixedHeightIndefinite,
    formattingContextRoot: sizes.formattingContextRoot, autoHeight: sizes.autoHeight, stretchedHeight: sizes.stretchedHeight, flexedHeight: sizes.flexedHeight, positionedPlacedByCaller: sizes.positionedPlacedByCaller,
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('a measuring run cannot be pushed');
  return laid;
}
