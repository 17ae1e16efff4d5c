/**
 * Footnotes numbered per page (CSS GCPM 3 §2.5): `@page { counter-reset: footnote }` restarts the
 * `footnote` counter on every page its rule matches, so the first note of each page is 1 again
 * (as Prince numbers them; a book's "footnotes restart on each page"). The number a call prints
 * depends on the page it lands on, so it is a cross-reference to the layout: the first pass
 * numbers the notes through the document, and each next pass (layout/driver/passes.ts) numbers
 * every note as the page its call fell on in the pass before says, until the numbers settle.
 */
import type { PageRule } from '../css/types.js';
import type { CounterState } from './counters.js';
import type { DocumentRecords, PassResults } from './references.js';

/** A lookup key's start (references.ts `lookups`): the k-th footnote's number. */
export const FOOTNOTE_LOOKUP = '\u0001footnote';

const NAMES_FOOTNOTE = /(^|[\s,])footnote(\s|$)/i;

/** Whether an `@page` rule resets or sets the `footnote` counter (the page style, computed at layout, gives the values). */
export function pagesNumberFootnotes(rules: readonly PageRule[]): boolean {
  return rules.some((rule) => rule.declarations.some((d) => (d.property === 'counter-reset' || d.property === 'counter-set') && NAMES_FOOTNOTE.test(d.value)));
}

/** The footnotes of one box-tree walk, counted in document order. */
export class PageFootnotes {
  private count = 0;

  constructor(private readonly records: DocumentRecords, private readonly previous: PassResults | undefined) {}

  /** A footnote element whose `footnote` counter was just incremented: its number on its page, as the last pass found it. */
  number(counters: CounterState): void {
    const index = this.count++;
    const value = this.previous?.footnotes?.[index];
    if (value !== undefined) counters.set({ name: 'footnote', value });
    this.records.lookups.push(`${FOOTNOTE_LOOKUP}\u0000${index}\u0000${counters.value('footnote')}`);
  }
}

/** Whether a lookup key of a footnote's number gives the number the pass found (the key's own when it found none). */
export function footnoteSettled(key: string, results: PassResults): boolean {
  const [, index, value] = key.split('\u0000') as [string, string, string];
  const now = results.footnotes?.[Number(index)];
  return now === undefined || String(now) === value;
}
