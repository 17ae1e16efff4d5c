/**
 * An immutable list that shares one array with the lists it was appended from. Block flow keeps
 * each child's state before it (to step back to on a break), so a copy per appended item made a
 * block of n positioned children cost n² time and memory (20,000 absolutely positioned boxes:
 * 14 s and over 2 GB). Appending to the newest list pushes onto the shared array; appending to an
 * older one (after a step back) copies its part first.
 */
import { appendAll } from '../append-all.js';

export class SharedList<T> {
  private constructor(private readonly items: T[], readonly length: number) {}

  static empty<T>(): SharedList<T> {
    return new SharedList<T>([], 0);
  }

  append(more: readonly T[]): SharedList<T> {
    if (more.length === 0) return this;
    const items = this.items.length === this.length ? this.items : this.items.slice(0, this.length);
    appendAll(items, more);
    return new SharedList(items, items.length);
  }

  /** The items from `from` on, as a new array. */
  slice(from = 0): T[] {
    return this.items.slice(from, this.length);
  }
}
