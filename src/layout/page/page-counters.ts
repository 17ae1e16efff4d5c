/**
 * Page-based counters (CSS Paged Media 3 §4.4 "Page-based counters", CSS Lists 3 §4.5): the
 * `page` counter of each page and the `pages` total, plus any other counter the page contexts
 * reset, increment or set.
 *
 * Each page starts with the counters of the page before it and applies the `counter-reset`,
 * `counter-increment` and `counter-set` of its `@page` context, in that order (CSS Lists 3 §4.5).
 * The `page` counter is incremented by 1 on every page unless the page context names it in one
 * of those properties (as WeasyPrint does): `@page :first { counter-reset: page 5 }` numbers the
 * first page 5 and the next one 6. `pages` cannot be changed: it is always the page count.
 */
import type { ComputedStyle, CounterChange } from '../../css/types.js';

export type PageCounters = ReadonlyMap<string, number>;

/** The counters in effect on each page, given the page context style of each page in order. */
export function pageCounterValues(pageStyles: readonly ComputedStyle[]): PageCounters[] {
  const result: PageCounters[] = [];
  let previous: PageCounters = new Map();
  for (const style of pageStyles) {
    const counters = new Map(previous);
    const reset = withoutPages(style.counterReset);
    const increment = withoutPages(style.counterIncrement);
    const set = withoutPages(style.counterSet);
    for (const change of reset) counters.set(change.name, change.value);
    const touchesPage = [reset, increment, set].some((changes) => changes.some((change) => change.name === 'page'));
    const increments = touchesPage ? increment : [{ name: 'page', value: 1 }, ...increment];
    for (const change of increments) counters.set(change.name, (counters.get(change.name) ?? 0) + change.value);
    for (const change of set) counters.set(change.name, change.value);
    counters.set('pages', pageStyles.length);
    result.push(counters);
    previous = counters;
  }
  return result;
}

function withoutPages(changes: readonly CounterChange[]): readonly CounterChange[] {
  return changes.some((change) => change.name === 'pages') ? changes.filter((change) => change.name !== 'pages') : changes;
}
