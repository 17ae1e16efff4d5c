/**
 * Values computed once per render for a box and what they depend on (a string key): the layout
 * of a box split over pages, or measured again and again, asks for the same ones many times.
 */
import type { CacheKey, LayoutContext } from './contract.js';
import { cacheKey } from './contract.js';

/** A render's memo of one kind of value, by box and key. */
export type BoxMemo<B extends object, T> = CacheKey<WeakMap<B, Map<string, T>>>;

export function boxMemo<B extends object, T>(name: string): BoxMemo<B, T> {
  return cacheKey(name, () => new WeakMap<B, Map<string, T>>());
}

/** The value for `box` and `key`, computed the first time it is asked in this render. */
export function memoized<B extends object, T>(ctx: LayoutContext, memo: BoxMemo<B, T>, box: B, key: string, compute: () => T): T {
  const byBox = ctx.caches.of(memo);
  let cache = byBox.get(box);
  if (cache === undefined) {
    cache = new Map();
    byBox.set(box, cache);
  }
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}
