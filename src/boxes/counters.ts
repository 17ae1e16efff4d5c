/**
 * Counter scopes during the box-tree walk (CSS Lists 3 §4.4-4.5). A counter created by
 * `counter-reset` lives for the element, its descendants and its following siblings; the walk
 * calls `enterLevel`/`leaveLevel` around each list of siblings.
 */
import type { CounterChange } from '../css/types.js';

export class CounterState {
  private readonly values = new Map<string, number[]>();
  private readonly levels: Set<string>[] = [new Set()];

  enterLevel(): void {
    this.levels.push(new Set());
  }

  leaveLevel(): void {
    const created = this.levels.pop();
    if (created === undefined) return;
    for (const name of created) this.values.get(name)?.pop();
  }

  /** counter-reset: a new counter, or the sibling's own one replaced (§4.5 "instantiate"). */
  reset(change: CounterChange): void {
    const level = this.levels[this.levels.length - 1]!;
    const stack = this.stackOf(change.name);
    if (level.has(change.name) && stack.length > 0) stack[stack.length - 1] = change.value;
    else {
      stack.push(change.value);
      level.add(change.name);
    }
  }

  increment(change: CounterChange): void {
    const stack = this.ensure(change.name);
    stack[stack.length - 1]! += change.value;
  }

  set(change: CounterChange): void {
    const stack = this.ensure(change.name);
    stack[stack.length - 1] = change.value;
  }

  /** The innermost value (0 for a counter nobody created: §4.5 creates one on the fly). */
  value(name: string): number {
    const stack = this.values.get(name);
    return stack === undefined || stack.length === 0 ? 0 : stack[stack.length - 1]!;
  }

  /** All values, outermost first, for `counters()`. */
  allValues(name: string): readonly number[] {
    const stack = this.values.get(name);
    return stack === undefined || stack.length === 0 ? [0] : [...stack];
  }

  has(name: string): boolean {
    return (this.values.get(name)?.length ?? 0) > 0;
  }

  private ensure(name: string): number[] {
    const stack = this.stackOf(name);
    if (stack.length === 0) this.reset({ name, value: 0 });
    return stack;
  }

  private stackOf(name: string): number[] {
    let stack = this.values.get(name);
    if (stack === undefined) {
      stack = [];
      this.values.set(name, stack);
    }
    return stack;
  }
}
