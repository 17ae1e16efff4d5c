/**
 * CSS counters during the box-tree walk (CSS Lists 3 §4.4-4.5), kept as one stack of values per
 * counter name instead of a copied counter set per element.
 *
 * §4.4.1 "inheriting counters": an element gets its parent's counters, plus the counters of its
 * preceding sibling whose names the parent does not have, with the values of the element just
 * before it in tree order. So a counter an element instantiates (§4.5) is seen by
 * - its descendants and its following siblings (and theirs) when the parent has no counter of
 *   that name ("sibling-scoped": popped when the parent's children are done), e.g.
 *   `h1 { counter-reset: section }` numbering the h2 siblings that follow;
 * - only its descendants when the parent already has one ("element-scoped": popped when the
 *   element is done), e.g. `<span style="counter-reset: c 48">` inside a `c` scope.
 * A counter instantiated again by the same element or by a following sibling replaces it.
 *
 * The walk brackets every element and pseudo-element with `enterElement`/`leaveElement`, and
 * every list of children with `enterLevel`/`leaveLevel`.
 */
import type { CounterChange } from '../css/types.js';
import { DEFAULT_LIMITS } from '../options.js';
import { limitExceeded } from '../limits.js';

export class CounterState {
  private readonly values = new Map<string, number[]>();
  /** Per list of children being walked: the counters its elements created for their following siblings (allocated on demand). */
  private readonly levels: (Set<string> | undefined)[] = [undefined];
  /** Per element being walked: the counters only it and its descendants see (allocated on demand). */
  private readonly elements: (Set<string> | undefined)[] = [undefined];

  /**
   * `maxCounters` (limits.maxCounters) bounds the distinct counter names of a document: every
   * element that changes a counter records all counters in scope (references.ts), so 50,000
   * names on 200 elements would be 10 million records.
   */
  constructor(private readonly maxCounters: number = DEFAULT_LIMITS.maxCounters) {}

  enterLevel(): void {
    this.levels.push(undefined);
  }

  leaveLevel(): void {
    const siblingScoped = this.levels.pop();
    if (siblingScoped === undefined) return;
    for (const name of siblingScoped) this.values.get(name)?.pop();
  }

  enterElement(): void {
    this.elements.push(undefined);
  }

  leaveElement(): void {
    const scoped = this.elements.pop();
    if (scoped === undefined) return;
    for (const name of scoped) this.values.get(name)?.pop();
  }

  /** counter-reset: instantiate a counter (§4.5), replacing one of this element or a previous sibling. */
  reset(change: CounterChange): void {
    const stack = this.stackOf(change.name);
    const top = this.elements.length - 1;
    const element = this.elements[top];
    const levelTop = this.levels.length - 1;
    if (element?.has(change.name) === true || this.levels[levelTop]?.has(change.name) === true) {
      stack[stack.length - 1] = change.value;
      return;
    }
    stack.push(change.value);
    if (stack.length > 1) (this.elements[top] ??= new Set()).add(change.name);
    else (this.levels[levelTop] ??= new Set()).add(change.name);
  }

  increment(change: CounterChange): void {
    const stack = this.ensure(change.name);
    stack[stack.length - 1]! += change.value;
  }

  set(change: CounterChange): void {
    const stack = this.ensure(change.name);
    stack[stack.length - 1] = change.value;
  }

  /** The innermost value (0 for a counter nobody created: `counter()` does not instantiate one). */
  value(name: string): number {
    const stack = this.values.get(name);
    return stack === undefined || stack.length === 0 ? 0 : stack[stack.length - 1]!;
  }

  /** All values, outermost first, for `counters()`. */
  allValues(name: string): readonly number[] {
    const stack = this.values.get(name);
    return stack === undefined || stack.length === 0 ? [0] : [...stack];
  }

  /** Every counter in scope with all its values, outermost first (for cross-references and page-margin boxes). */
  snapshot(): ReadonlyMap<string, readonly number[]> {
    const result = new Map<string, readonly number[]>();
    for (const [name, stack] of this.values) if (stack.length > 0) result.set(name, [...stack]);
    return result;
  }

  has(name: string): boolean {
    return (this.values.get(name)?.length ?? 0) > 0;
  }

  /** §4.5: incrementing or setting a counter the element does not have instantiates it at 0 first. */
  private ensure(name: string): number[] {
    const stack = this.stackOf(name);
    if (stack.length === 0) this.reset({ name, value: 0 });
    return stack;
  }

  private stackOf(name: string): number[] {
    let stack = this.values.get(name);
    if (stack === undefined) {
      if (this.values.size >= this.maxCounters) {
        throw limitExceeded('maxCounters', this.maxCounters, `the document uses more than ${this.maxCounters} counter names (at '${name}')`);
      }
      stack = [];
      this.values.set(name, stack);
    }
    return stack;
  }
}
