/**
 * A bounded least-recently-used map. JS Maps iterate in insertion order, so re-inserting on a hit
 * keeps the oldest entry first; eviction drops from the front.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`LRU capacity must be at least 1, got ${capacity}`);
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) {
      this.missCount++;
      return undefined;
    }
    this.hitCount++;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
  }

  get size(): number {
    return this.map.size;
  }

  /** Hits and misses since creation (for benchmarks and tests). */
  get stats(): { readonly hits: number; readonly misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  clear(): void {
    this.map.clear();
  }
}
