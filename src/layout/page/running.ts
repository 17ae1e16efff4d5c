/**
 * Running content of each page (CSS GCPM 3 §1): the named strings (`string-set`), running
 * elements (`position: running(name)`) and document counters that the page-margin boxes of a page
 * show. Assignments are taken in document order from the fragments of each page.
 *
 * Policies (§1.1): `first` is the first assignment on the page, else the value the page starts
 * with; `start` the value the page starts with, unless an assignment is the page's first content;
 * `last` the last assignment on the page, else the value the page starts with; `first-except` is
 * empty on a page with an assignment, else the value it starts with. Document counters read in a
 * margin box (`counter(chapter)`) follow `first`: the value after the first change on the page.
 */
import type { BlockLevelBox, BoxElement } from '../../boxes/types.js';
import type { DocumentRecords } from '../../boxes/references.js';
import type { ComputedStyle, RunningPolicy } from '../../css/types.js';
import type { Fragment, PageLayout } from '../types.js';
import type { PageContent } from '../contract.js';

/** One name's values on a page. */
interface Values<T> {
  /** The value the page starts with (the last assignment of an earlier page). */
  readonly entry: T | undefined;
  readonly assigned: readonly T[];
  /** The first assignment is the page's first element (no text, image or box with height before it). */
  readonly atStart: boolean;
}

export interface RunningContent {
  string(name: string, policy: RunningPolicy): string;
  element(name: string, policy: RunningPolicy): BlockLevelBox | undefined;
  /** Document counters for `counter()`/`counters()` in margin boxes (outermost value first). */
  readonly counters: ReadonlyMap<string, readonly number[]>;
}

function pick<T>(values: Values<T> | undefined, policy: RunningPolicy): T | undefined {
  if (values === undefined) return undefined;
  const { entry, assigned } = values;
  switch (policy) {
    case 'first': return assigned[0] ?? entry;
    case 'start': return values.atStart ? assigned[0] : entry;
    case 'last': return assigned[assigned.length - 1] ?? entry;
    case 'first-except': return assigned.length > 0 ? undefined : entry;
  }
}

/**
 * An event on a page, in document order: the page's first content (for `start`), or an element
 * with records (its style, not the fragment: events outlive the page's fragments
 * when pages are painted as they are laid out).
 */
export type RunningEvent = { readonly kind: 'content' } | { readonly kind: 'element'; readonly element: BoxElement; readonly style: ComputedStyle };

const CONTENT: RunningEvent = { kind: 'content' };

/**
 * The events of one page that runningContent reads: the first content, and the elements that
 * set named strings or counters (they are kept for every page until the margin boxes are laid
 * out, so a long document keeps none for the rest of its content).
 */
export function pageEvents(page: PageLayout, records: DocumentRecords | undefined): RunningEvent[] {
  // no element sets a string or counter: runningContent reads the first content only for a string
  // set on the page, so there is nothing to find, and no walk over every fragment of the page
  if (records === undefined || (records.strings.size === 0 && records.counters.size === 0)) return [];
  const walk = new EventWalk(records);
  for (const fragment of page.children) walk.visit(fragment);
  return walk.events;
}

/**
 * The walk over one page's fragments. A class, not a closure made per page: V8 keeps a closure's
 * optimised code only while a closure of it lives, so the per-page `visit` was compiled again.
 */
class EventWalk {
  readonly events: RunningEvent[] = [];
  private content = false;

  constructor(private readonly records: DocumentRecords) {}

  visit(fragment: Fragment): void {
    if (fragment.kind === 'text' || fragment.kind === 'image') {
      this.mark();
      return;
    }
    if (fragment.kind === 'box' && fragment.box.element !== undefined && fragment.box.pseudo === undefined && !fragment.continuedBefore && hasRecords(fragment.box.element, this.records)) {
      this.events.push({ kind: 'element', element: fragment.box.element, style: fragment.style });
    }
    for (const child of fragment.children) this.visit(child);
    // a box that ends before the next element, with some height, is content before it: the
    // element is not the page's first (GCPM 3 §1.1; margins above the first element do not count)
    if (fragment.kind === 'box' && fragment.height > 0) this.mark();
  }

  private mark(): void {
    if (!this.content) this.events.push(CONTENT);
    this.content = true;
  }
}

function hasRecords(element: BoxElement, records: DocumentRecords): boolean {
  return records.strings.has(element) || records.counters.has(element);
}

/**
 * The running content of every page, given the running elements each page's flow produced and
 * the events of each page (taken from the pages' fragments unless given).
 */
export function runningContent(
  pages: readonly PageLayout[], running: readonly (readonly PageContent[])[], records: DocumentRecords | undefined,
  events: readonly (readonly RunningEvent[])[] = pages.map((page) => pageEvents(page, records)),
): RunningContent[] {
  const seen = new Set<BoxElement>();
  let strings = new Map<string, string>();
  let elements = new Map<string, BlockLevelBox>();
  let counters: ReadonlyMap<string, readonly number[]> = new Map();
  return pages.map((page, index) => {
    const assignedStrings = new Map<string, Values<string>>();
    const firstCounters = new Map<string, readonly number[]>();
    let content = false;
    for (const event of events[index] ?? []) {
      if (event.kind === 'content') { content = true; continue; }
      const { element } = event;
      if (records === undefined || seen.has(element)) continue;
      seen.add(element);
      for (const set of records.strings.get(element) ?? []) {
        const values = assignedStrings.get(set.name) ?? { entry: strings.get(set.name), assigned: [], atStart: !content };
        assignedStrings.set(set.name, { ...values, assigned: [...values.assigned, set.value] });
      }
      const snapshot = records.counters.get(element);
      if (snapshot === undefined) continue;
      const style = event.style;
      for (const change of [...style.counterReset, ...style.counterIncrement, ...style.counterSet]) {
        const value = snapshot.get(change.name);
        if (value !== undefined && !firstCounters.has(change.name)) firstCounters.set(change.name, value);
      }
      counters = snapshot;
    }
    const pageRunning = running[index] ?? [];
    const assignedElements = new Map<string, Values<BlockLevelBox>>();
    for (const item of pageRunning) {
      const { placeholder } = item;
      const name = typeof placeholder.style.position === 'object' ? placeholder.style.position.running : '';
      const values = assignedElements.get(name) ?? { entry: elements.get(name), assigned: [], atStart: item.staticY <= page.margins.top + 0.5 };
      assignedElements.set(name, { ...values, assigned: [...values.assigned, placeholder.box] });
    }
    const [entryStrings, entryElements] = [strings, elements];
    const result: RunningContent = {
      string: (name, policy) => pick(assignedStrings.get(name) ?? { entry: entryStrings.get(name), assigned: [], atStart: false }, policy) ?? '',
      element: (name, policy) => pick(assignedElements.get(name) ?? { entry: entryElements.get(name), assigned: [], atStart: false }, policy),
      counters: new Map([...entryCounters(counters, firstCounters)]),
    };
    strings = withLast(strings, assignedStrings);
    elements = withLast(elements, assignedElements);
    return result;
  });
}

/** The counters after the page, overridden by the first value each changed counter had on it. */
function entryCounters(after: ReadonlyMap<string, readonly number[]>, first: ReadonlyMap<string, readonly number[]>): Map<string, readonly number[]> {
  const merged = new Map(after);
  for (const [name, value] of first) merged.set(name, value);
  return merged;
}

function withLast<T>(values: Map<string, T>, assigned: ReadonlyMap<string, Values<T>>): Map<string, T> {
  if (assigned.size === 0) return values;
  const next = new Map(values);
  for (const [name, { assigned: list }] of assigned) if (list.length > 0) next.set(name, list[list.length - 1]!);
  return next;
}
