/**
 * A render's layout context (contract.ts `LayoutContext`): the services given, the
 * formatting-context table (dispatch.ts) and empty caches. The one module that joins them, so
 * that nothing else in layout imports the table.
 */
import type { CacheKey, LayoutCaches, LayoutContext, LayoutServices } from '../contract.js';
import { DISPATCH } from './dispatch.js';
import { MEASURED_INLINE } from '../block/inline-env.js';

export type { LayoutContext, LayoutServices } from '../contract.js';

export function createLayoutContext(services: LayoutServices): LayoutContext {
  return { ...services, dispatch: DISPATCH, caches: createCaches() };
}

function createCaches(): LayoutCaches {
  const made = new Map<CacheKey<unknown>, unknown>();
  const of = <T>(key: CacheKey<T>): T => {
    if (!made.has(key)) made.set(key, key.create());
    return made.get(key) as T;
  };
  return { of, inline: of(MEASURED_INLINE) };
}
