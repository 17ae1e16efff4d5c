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
  readonly caches: Set<WeakRef<BoundedCache<unknown, unknown>>>;
}

const families = new Map<string, CacheFamily>();

function familyOf(name: string, bound: number): CacheFamily {
  let family = families.get(name);
  if (family === undefined) {
    family = { bound, hits: 0, misses: 0, caches: new Set() };
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
    let instances = 0;
    for (const ref of family.caches) {
      const cache = ref.deref();
      if (cache === undefined) family.caches.delete(ref);
      else { instances++; size += cache.size; }
    }
    return { name, instances, size, bound: family.bound, hits: family.hits, misses: family.misses };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

export class BoundedCache<K, V> {
  private readonly map = new Map<K, Node<K, V>>();
  private head: Node<K, V> | undefined;
  private tail: Node<K, V> | undefined;
  private hitCount = 0;
  private missCount = 0;
  private readonly family: CacheFamily;
  /** Keys refused while full (`admitOnSecondMiss`), each with its slot in `refusedRing`. */
  private readonly refused: Map<K, number> | undefined;
  private readonly refusedRing: (K | undefined)[] | undefined;
  private refusedNext = 0;

  /**
   * `name` groups the caches of one purpose in `cacheStats` (e.g. `css.declaration-lists`).
   *
   * `admitOnSecondMiss`: once full, a new key is stored only when it was refused before (among the
   * last `capacity` refusals). A set of keys used over and over in the same order that is larger
   * than the bound (a long table's cells, rendered again) evicts every entry under plain LRU
   * before its next use, so that it never hits; refusing first-time keys keeps most of it.
   */
  constructor(name: string, private readonly capacity: number, options: { readonly admitOnSecondMiss?: boolean } = {}) {
    if (!(capacity >= 1)) throw new RangeError(`cache ${name}: its bound must be at least 1, got ${capacity}`);
    this.family = familyOf(name, capacity);
    this.refused = options.admitOnSecondMiss === true ? new Map() : undefined;
    this.refusedRing = options.admitOnSecondMiss === true ? new Array<K | undefined>(capacity).fill(undefined) : undefined;
    this.family.caches.add(new WeakRef(this as BoundedCache<unknown, unknown>));
  }

  get(key: K): V | undefined {
    const node = this.map.get(key);
    if (node === undefined) {
      this.missCount++;
      this.family.misses++;
      return undefined;
    }
    this.hitCount++;
    this.family.hits++;
    this.moveToTail(node);
    return node.value;
  }

  set(key: K, value: V): void {
    const existing = this.map.get(key);
    if (existing !== undefined) {
      existing.value = value;
      this.moveToTail(existing);
      return;
    }
    if (this.map.size >= this.capacity && this.head !== undefined) {
      if (this.refused !== undefined && !this.refused.delete(key)) {
        this.refuse(key);
        return;
      }
      const oldest = this.head;
      this.unlink(oldest);
      this.map.delete(oldest.key);
    }
    const node: Node<K, V> = { key, value, previous: undefined, next: undefined };
    this.append(node);
    this.map.set(key, node);
  }

  /** Drops one entry (e.g. a response that may no longer be stored). */
  delete(key: K): void {
    const node = this.map.get(key);
    if (node === undefined) return;
    this.unlink(node);
    this.map.delete(key);
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
    this.head = undefined;
    this.tail = undefined;
    this.refused?.clear();
    this.refusedRing?.fill(undefined);
  }

  /** Remembers a refused key in a ring of `capacity` slots, forgetting the oldest (no Map scan). */
  private refuse(key: K): void {
    const ring = this.refusedRing!;
    const slot = this.refusedNext;
    const previous = ring[slot];
    // the slot's key may have been admitted (deleted) and refused again since, in a newer slot
    if (previous !== undefined && this.refused!.get(previous) === slot) this.refused!.delete(previous);
    ring[slot] = key;
    this.refused!.set(key, slot);
    this.refusedNext = (slot + 1) % this.capacity;
  }

  private moveToTail(node: Node<K, V>): void {
    if (node === this.tail) return;
    this.unlink(node);
    this.append(node);
  }

  private unlink(node: Node<K, V>): void {
    if (node.previous === undefined) this.head = node.next;
    else node.previous.next = node.next;
    if (node.next === undefined) this.tail = node.previous;
    else node.next.previous = node.previous;
    node.previous = undefined;
    node.next = undefined;
  }

  private append(node: Node<K, V>): void {
    node.previous = this.tail;
    if (this.tail === undefined) this.head = node;
    else this.tail.next = node;
    this.tail = node;
  }
}
