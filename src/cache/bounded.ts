/**
 * The one cache of the engine: a bounded least-recently-used map, registered by name so that the
 * bench (and anyone curious) can list every cache with its size, bound, hits and misses
 * (`cacheStats`).
 *
 * Why LRU: a document's working set (its words, declaration lists, class lists…) is far below
 * each bound, so eviction only happens in long-lived engines that see many templates; there LRU
 * keeps what the current documents use, where "clear when full" dropped the whole working set at
 * once and rebuilt it. The cost of a hit is one Map lookup and relinking one node (no allocation).
 *
 * How: a Map from key to a node of a doubly linked list kept in order of use (most recent at the
 * tail). A hit moves its node to the tail, an insert past the capacity drops the head. The list,
 * not the Map's insertion order, keeps the order: re-inserting on every hit and reading
 * `keys().next()` to evict walks over the holes V8 leaves at the front of a Map after deletes,
 * and that cost a tenth of the time of shaping new words.
 */
import { startupSnapshot } from 'node:v8';

interface Node<K, V> {
  readonly key: K;
  value: V;
  previous: Node<K, V> | undefined;
  next: Node<K, V> | undefined;
}

/** The caches of one name: one per engine or per font for some, one per process for others. */
interface CacheFamily {
  readonly bound: number;
  hits: number;
  misses: number;
  /** The sizes of its live caches, one cell each. */
  readonly cells: Set<SizeCell>;
}

/** A cache's entry count, kept where the family can read it without holding the cache or its entries. */
interface SizeCell {
  readonly size: number;
}

const families = new Map<string, CacheFamily>();

/**
 * Forgets a cache's cell once the cache is collected. Not a WeakRef to each cache: a WeakRef made
 * holds its target until the microtask queue empties, and a caller that renders in a loop of
 * awaits resolved as microtasks (resources given as promises, `for (…) await engine.render(…)`)
 * never lets it empty — every font's and every font set's caches, made as the loop met them,
 * stayed alive with all they held (a font's parsed program, ~0.6 MB a font). Made on first use and
 * not while the CLI's startup snapshot is built: V8 cannot write a FinalizationRegistry into one
 * (the caches made then live as long as the process anyway).
 */
let collected: FinalizationRegistry<{ readonly family: CacheFamily; readonly cell: SizeCell }> | undefined;

function forgetWhenCollected(cache: object, family: CacheFamily, cell: SizeCell): void {
  if (startupSnapshot.isBuildingSnapshot()) return;
  collected ??= new FinalizationRegistry(({ family: of, cell: held }) => of.cells.delete(held));
  collected.register(cache, { family, cell });
}

function familyOf(name: string, bound: number): CacheFamily {
  let family = families.get(name);
  if (family === undefined) {
    family = { bound, hits: 0, misses: 0, cells: new Set() };
    families.set(name, family);
  }
  return family;
}

export interface CacheStats {
  readonly name: string;
  /** Live caches of this name (one per engine, font… for caches that are not per process). */
  readonly instances: number;
  /** Entries held, over its live caches. */
  readonly size: number;
  /** Entries one cache holds at most. */
  readonly bound: number;
  readonly hits: number;
  readonly misses: number;
}

/** Every cache of the process by name, with its size, bound, hits and misses (counted since start). */
export function cacheStats(): CacheStats[] {
  return [...families].map(([name, family]) => {
    let size = 0;
    for (const cell of family.cells) size += cell.size;
    return { name, instances: family.cells.size, size, bound: family.bound, hits: family.hits, misses: family.misses };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

/** A cache entry in the order of use. */
interface OrderNode {
  previous: OrderNode | undefined;
  next: OrderNode | undefined;
}

/**
 * What every bounded cache keeps whatever its keys: the list in order of use, the counters, and
 * the ring of keys refused while full (`admitOnSecondMiss`), whose slots the subclass's own index
 * of refused keys points into.
 */
abstract class OrderedEntries<N extends OrderNode, R> {
  protected head: N | undefined;
  protected tail: N | undefined;
  protected hitCount = 0;
  protected missCount = 0;
  protected readonly family: CacheFamily;
  protected readonly refusedRing: (R | undefined)[] | undefined;
  private refusedNext = 0;

  constructor(name: string, protected readonly capacity: number, admitOnSecondMiss: boolean) {
    if (!(capacity >= 1)) throw new RangeError(`cache ${name}: its bound must be at least 1, got ${capacity}`);
    this.family = familyOf(name, capacity);
    this.refusedRing = admitOnSecondMiss ? new Array<R | undefined>(capacity).fill(undefined) : undefined;
  }

  /** Lists the cache in its family by `cell` (made by the subclass, which its fields are not yet when this constructor runs). */
  protected track(cell: SizeCell): void {
    this.family.cells.add(cell);
    forgetWhenCollected(this, this.family, cell);
  }

  abstract get size(): number;

  /** Hits and misses since creation (for benchmarks and tests). */
  get stats(): { readonly hits: number; readonly misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  protected miss(): void {
    this.missCount++;
    this.family.misses++;
  }

  protected hit(node: N): void {
    this.hitCount++;
    this.family.hits++;
    this.moveToTail(node);
  }

  /** Puts `refused` in the next slot of the ring, returning the one it overwrites with that slot (to forget it). */
  protected ringPush(refused: R): { readonly previous: R | undefined; readonly slot: number } {
    const ring = this.refusedRing!;
    const slot = this.refusedNext;
    const previous = ring[slot];
    ring[slot] = refused;
    this.refusedNext = (slot + 1) % this.capacity;
    return { previous, slot };
  }

  protected clearOrder(): void {
    this.head = undefined;
    this.tail = undefined;
    this.refusedRing?.fill(undefined);
  }

  protected moveToTail(node: N): void {
    if (node === this.tail) return;
    this.unlink(node);
    this.append(node);
  }

  protected unlink(node: N): void {
    if (node.previous === undefined) this.head = node.next as N | undefined;
    else node.previous.next = node.next;
    if (node.next === undefined) this.tail = node.previous as N | undefined;
    else node.next.previous = node.previous;
    node.previous = undefined;
    node.next = undefined;
  }

  protected append(node: N): void {
    node.previous = this.tail;
    if (this.tail === undefined) this.head = node;
    else this.tail.next = node;
    this.tail = node;
  }
}

/**
 * `name` groups the caches of one purpose in `cacheStats` (e.g. `css.declaration-lists`).
 *
 * `admitOnSecondMiss`: once full, a new key is stored only when it was refused before (among the
 * last `capacity` refusals). A set of keys used over and over in the same order that is larger
 * than the bound (a long table's cells, rendered again) evicts every entry under plain LRU
 * before its next use, so that it never hits; refusing first-time keys keeps most of it.
 */
export interface BoundedCacheOptions<V = unknown, K = unknown> {
  readonly admitOnSecondMiss?: boolean;
  /**
   * A second bound, on the sum of `weigh(value)` over the entries (e.g. bytes held): the oldest
   * entries are dropped until a new one fits, and a value heavier than the bound alone is not
   * stored. Not combined with `admitOnSecondMiss` (which refuses by count only).
   */
  readonly maxWeight?: number;
  readonly weigh?: (value: V) => number;
  /**
   * Told of each entry that leaves the cache — dropped for room, by `delete` or `keepNewest` — but
   * not of one `set` again nor of `clear`: what other caches hold for it can go too.
   */
  readonly onDrop?: (key: K, value: V) => void;
}

export class BoundedCache<K, V> extends OrderedEntries<Node<K, V>, K> {
  private readonly map = new Map<K, Node<K, V>>();
  /** The map's size, for the family: not the map itself, which would keep the entries alive until the cache's finalizer runs. */
  private readonly entries = { size: 0 };
  /** Keys refused while full (`admitOnSecondMiss`), each with its slot in the ring. */
  private readonly refused: Map<K, number> | undefined;
  private readonly maxWeight: number;
  private readonly weigh: ((value: V) => number) | undefined;
  private readonly onDrop: ((key: K, value: V) => void) | undefined;
  private totalWeight = 0;

  constructor(name: string, capacity: number, options: BoundedCacheOptions<V, K> = {}) {
    super(name, capacity, options.admitOnSecondMiss === true);
    this.track(this.entries);
    this.onDrop = options.onDrop;
    this.refused = options.admitOnSecondMiss === true ? new Map() : undefined;
    this.maxWeight = options.maxWeight ?? Infinity;
    this.weigh = options.weigh;
    if ((options.maxWeight === undefined) !== (options.weigh === undefined)) throw new RangeError(`cache ${name}: maxWeight and weigh go together`);
    if (this.weigh !== undefined && this.refused !== undefined) throw new RangeError(`cache ${name}: maxWeight is not combined with admitOnSecondMiss`);
  }

  /** The sum of the entries' weights (0 without `weigh`). */
  get weight(): number {
    return this.totalWeight;
  }

  get(key: K): V | undefined {
    const node = this.map.get(key);
    if (node === undefined) {
      this.miss();
      return undefined;
    }
    this.hit(node);
    return node.value;
  }

  set(key: K, value: V): void {
    if (this.weigh !== undefined) {
      this.setWeighed(key, value, this.weigh(value));
      return;
    }
    const existing = this.map.get(key);
    if (existing !== undefined) {
      existing.value = value;
      this.moveToTail(existing);
      return;
    }
    if (this.map.size >= this.capacity && this.head !== undefined) {
      if (this.refused !== undefined && !this.refused.delete(key)) {
        const { previous, slot } = this.ringPush(key);
        // the slot's key may have been admitted (deleted) and refused again since, in a newer slot
        if (previous !== undefined && this.refused.get(previous) === slot) this.refused.delete(previous);
        this.refused.set(key, slot);
        return;
      }
      const oldest = this.head;
      this.unlink(oldest);
      this.map.delete(oldest.key);
      this.onDrop?.(oldest.key, oldest.value);
    }
    const node: Node<K, V> = { key, value, previous: undefined, next: undefined };
    this.append(node);
    this.map.set(key, node);
    this.entries.size = this.map.size;
  }

  /** Drops the least recently used entries until at most `count` are left. */
  keepNewest(count: number): void {
    while (this.map.size > count && this.head !== undefined) this.delete(this.head.key);
  }

  /** Drops one entry (e.g. a response that may no longer be stored). */
  delete(key: K): void {
    const node = this.remove(key);
    if (node !== undefined) this.onDrop?.(key, node.value);
  }

  /** Takes the key's entry out, without telling `onDrop` (a value `set` again is replaced, not dropped). */
  private remove(key: K): Node<K, V> | undefined {
    const node = this.map.get(key);
    if (node === undefined) return undefined;
    this.unlink(node);
    this.map.delete(key);
    this.entries.size = this.map.size;
    if (this.weigh !== undefined) this.totalWeight -= this.weigh(node.value);
    return node;
  }

  /** `set` under a weight bound: drops the oldest entries (the key's own first) until the value fits. */
  private setWeighed(key: K, value: V, weight: number): void {
    this.remove(key);
    if (weight > this.maxWeight) return;
    while (this.head !== undefined && (this.map.size >= this.capacity || this.totalWeight + weight > this.maxWeight)) this.delete(this.head.key);
    const node: Node<K, V> = { key, value, previous: undefined, next: undefined };
    this.append(node);
    this.map.set(key, node);
    this.entries.size = this.map.size;
    this.totalWeight += weight;
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
    this.entries.size = this.map.size;
    this.refused?.clear();
    this.totalWeight = 0;
    this.clearOrder();
  }
}

interface PairNode<A, B, V> {
  readonly first: A;
  readonly second: B;
  value: V;
  previous: PairNode<A, B, V> | undefined;
  next: PairNode<A, B, V> | undefined;
}

/**
 * A BoundedCache keyed by two keys, one entry per pair: for keys that would otherwise be
 * concatenated per lookup (a shaped text: the request's key and the text). The first key's map
 * finds a small map by the second: no key string is built, flattened and hashed again per
 * lookup. Same bound (entries), order of use, counters and `admitOnSecondMiss` as BoundedCache.
 */
export class BoundedPairCache<A, B, V> extends OrderedEntries<PairNode<A, B, V>, { readonly first: A; readonly second: B }> {
  private readonly maps = new Map<A, Map<B, PairNode<A, B, V>>>();
  /** The entry count, the family's cell. */
  private readonly entries = { size: 0 };
  private readonly refused: Map<A, Map<B, number>> | undefined;

  constructor(name: string, capacity: number, options: Pick<BoundedCacheOptions, 'admitOnSecondMiss'> = {}) {
    super(name, capacity, options.admitOnSecondMiss === true);
    this.track(this.entries);
    this.refused = options.admitOnSecondMiss === true ? new Map() : undefined;
  }

  get(first: A, second: B): V | undefined {
    const node = this.maps.get(first)?.get(second);
    if (node === undefined) {
      this.miss();
      return undefined;
    }
    this.hit(node);
    return node.value;
  }

  set(first: A, second: B, value: V): void {
    let inner = this.maps.get(first);
    const existing = inner?.get(second);
    if (existing !== undefined) {
      existing.value = value;
      this.moveToTail(existing);
      return;
    }
    if (this.entries.size >= this.capacity && this.head !== undefined) {
      if (this.refused !== undefined && !this.forgetRefusal(first, second)) {
        const { previous, slot } = this.ringPush({ first, second });
        if (previous !== undefined && this.refused.get(previous.first)?.get(previous.second) === slot) this.forgetRefusal(previous.first, previous.second);
        let refusedOfFirst = this.refused.get(first);
        if (refusedOfFirst === undefined) {
          refusedOfFirst = new Map();
          this.refused.set(first, refusedOfFirst);
        }
        refusedOfFirst.set(second, slot);
        return;
      }
      this.dropOldest();
      inner = this.maps.get(first);
    }
    if (inner === undefined) {
      inner = new Map();
      this.maps.set(first, inner);
    }
    const node: PairNode<A, B, V> = { first, second, value, previous: undefined, next: undefined };
    this.append(node);
    inner.set(second, node);
    this.entries.size++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the least recently used entries until at most `count` are left. */
  keepNewest(count: number): void {
    while (this.entries.size > count && this.head !== undefined) this.dropOldest();
  }

  /** Drops every entry whose first key `drop` says: those of a face or a set of fonts no longer kept. */
  deleteWhereFirst(drop: (first: A) => boolean): void {
    for (const [first, inner] of this.maps) {
      if (!drop(first)) continue;
      for (const node of inner.values()) this.unlink(node);
      this.entries.size -= inner.size;
      this.maps.delete(first);
    }
  }

  private dropOldest(): void {
    const oldest = this.head!;
    this.unlink(oldest);
    this.remove(oldest.first, oldest.second);
  }

  clear(): void {
    this.maps.clear();
    this.entries.size = 0;
    this.refused?.clear();
    this.clearOrder();
  }

  private remove(first: A, second: B): void {
    const inner = this.maps.get(first)!;
    inner.delete(second);
    if (inner.size === 0) this.maps.delete(first);
    this.entries.size--;
  }

  /** Whether the pair was refused before (and forgets it). */
  private forgetRefusal(first: A, second: B): boolean {
    const inner = this.refused!.get(first);
    if (inner === undefined || !inner.delete(second)) return false;
    if (inner.size === 0) this.refused!.delete(first);
    return true;
  }
}
