/**
 * A bounded least-recently-used map: a Map from key to a node of a doubly linked list kept in
 * order of use (most recent at the tail). A hit moves its node to the tail, an insert past the
 * capacity drops the head. The list, not the Map's insertion order, keeps the order: re-inserting
 * on every hit and reading `keys().next()` to evict walks over the holes V8 leaves at the front
 * of a Map after deletes, and that cost a tenth of the time of shaping new words.
 */
interface Node<K, V> {
  readonly key: K;
  value: V;
  previous: Node<K, V> | undefined;
  next: Node<K, V> | undefined;
}

export class LruCache<K, V> {
  private readonly map = new Map<K, Node<K, V>>();
  private head: Node<K, V> | undefined;
  private tail: Node<K, V> | undefined;
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`LRU capacity must be at least 1, got ${capacity}`);
  }

  get(key: K): V | undefined {
    const node = this.map.get(key);
    if (node === undefined) {
      this.missCount++;
      return undefined;
    }
    this.hitCount++;
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
      const oldest = this.head;
      this.unlink(oldest);
      this.map.delete(oldest.key);
    }
    const node: Node<K, V> = { key, value, previous: undefined, next: undefined };
    this.append(node);
    this.map.set(key, node);
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
