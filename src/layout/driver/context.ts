/**
 * A render's layout context (contract.ts `LayoutContext`): the services given, the
 * formatting-context table (dispatch.ts) and empty caches. The one module that joins them, so
 * that nothing else in layout imports the table.
 */
import type { CacheKey, LayoutCaches, LayoutContext, LayoutServices, PageNames } from '../contract.js';
import type { BoxTree } from '../../boxes/types.js';
import { DISPATCH } from './dispatch.js';
import { MEASURED_INLINE } from '../block/inline-env.js';

export type { LayoutContext, LayoutServices } from '../contract.js';

/**
 * Every layout function reads this record, so it keeps one map from render to render: built by
 * `Object.assign`, not by `{ ...services, dispatch, caches }` — on Node 20's V8 an object spread
 * followed by more keys gets a new map on every call once its site is warm (a fresh transition
 * each time), so the functions optimised for one render's context deoptimised ("wrong map") on a
 * later one and were compiled again, about a dozen of them per invoice process.
 */
export function createLayoutContext(services: LayoutServices, pageNames: PageNames | undefined, tree?: Pick<BoxTree, 'locate' | 'mode' | 'tablesInCells'>): LayoutContext {
  return Object.assign({}, services, { dispatch: DISPATCH, caches: new RenderCaches(), pageNames, locate: tree?.locate, documentMode: tree?.mode ?? 'no-quirks', tablesInCells: tree?.tablesInCells });
}

/**
 * The render's caches, made on first use. A class, not a closure per render: its `of` is compiled
 * once for the process (V8 keeps a closure's optimised code only while a closure of it lives).
 */
class RenderCaches implements LayoutCaches {
  private readonly made = new Map<CacheKey<unknown>, unknown>();
  readonly inline: LayoutCaches['inline'];

  constructor() {
    this.inline = this.of(MEASURED_INLINE);
  }

  of<T>(key: CacheKey<T>): T {
    let cache = this.made.get(key);
    if (cache === undefined && !this.made.has(key)) {
      cache = key.create();
      this.made.set(key, cache);
    }
    return cache as T;
  }
}
