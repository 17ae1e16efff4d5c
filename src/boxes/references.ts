/**
 * What paged media needs to know about elements (CSS GCPM 3): the named strings an element sets
 * (`string-set`), the counters as of an element that has an id or changes a counter (for
 * `target-counter()` and for `counter()` in page-margin boxes), and the text of an element
 * (`content()`, `target-text()`). Recorded during the box-tree walk, where counters are known.
 *
 * Cross-references to later elements and to page numbers are resolved from what the previous
 * pass recorded (`PassResults`): the first pass prints what it can, and layout/driver/passes.ts lays the
 * document out again while the printed values change.
 */
import type { ComputedStyle, ContentItem, ContentPart, StringSet, TargetRef } from '../css/types.js';
import type { DomElement, DomNode } from '../dom/types.js';
import { isElement, isText } from '../dom/types.js';
import type { CounterState } from './counters.js';
import type { BoxElement } from './types.js';
import { FOOTNOTE_LOOKUP, footnoteSettled } from './page-footnotes.js';

export interface NamedString {
  readonly name: string;
  readonly value: string;
}

export interface DocumentRecords {
  /** Named strings set by each element that has `string-set`. */
  readonly strings: Map<BoxElement, readonly NamedString[]>;
  /** Counters after the element's own changes (outermost value first), for elements with an id or counter changes. */
  readonly counters: Map<BoxElement, ReadonlyMap<string, readonly number[]>>;
  /** Elements by id (the first one wins, as for HTML fragment links): the DOM element for its text, and its boxes' record. */
  readonly ids: Map<string, { readonly dom: DomElement; readonly element: BoxElement }>;
  /** What the content asked of the previous pass, and the values it got (to know when to lay out again). */
  readonly lookups: string[];
}

/** What a finished pass knows: the records of its box tree and the page counter of each id's page. */
export interface PassResults {
  readonly records: DocumentRecords;
  /** The `page` counter values (as `counters()` lists them) of the page each id starts on. */
  readonly pages: ReadonlyMap<string, readonly number[]>;
  /** Each footnote's number on its page, in document order, where `@page` rules restart them (page-footnotes.ts). */
  readonly footnotes?: readonly number[] | undefined;
}

/**
 * The records a tree without cross-references keeps: it is laid out once, and its ids (DOM
 * elements, whose text a next pass's `target-text()` reads) would keep the whole DOM alive.
 */
export function withoutPassState(records: DocumentRecords): DocumentRecords {
  return records.lookups.length > 0 || records.ids.size === 0 ? records : { ...records, ids: new Map() };
}

export function emptyRecords(): DocumentRecords {
  return { strings: new Map(), counters: new Map(), ids: new Map(), lookups: [] };
}

/** Records an element after its counter changes: its id, its counters when they matter. */
export function recordElement(records: DocumentRecords, dom: DomElement, element: BoxElement, style: ComputedStyle, counters: CounterState): void {
  const id = element.attribs['id'];
  if (id !== undefined && id !== '' && !records.ids.has(id)) records.ids.set(id, { dom, element });
  const changes = style.counterReset.length + style.counterIncrement.length + style.counterSet.length;
  if ((id !== undefined && id !== '') || changes > 0 || style.display === 'list-item') records.counters.set(element, counters.snapshot());
}

/** The named strings an element sets, evaluated with `text` for the items of `content` (strings, counters, `content()`...). */
export function recordStrings(records: DocumentRecords, element: BoxElement, sets: readonly StringSet[], text: (items: readonly ContentItem[]) => string): void {
  records.strings.set(element, sets.map((set) => ({ name: set.name, value: text(set.items) })));
}

/** The text content of an element, white space collapsed (`content(text)`, CSS GCPM 3 §1.1). */
export function elementText(element: DomElement, part: ContentPart): string {
  if (part === 'before' || part === 'after' || part === 'marker') return '';
  const text = textOf(element).replace(/\s+/g, ' ').trim();
  return part === 'first-letter' ? [...text].slice(0, 1).join('') : text;
}

function textOf(node: DomNode): string {
  if (isText(node)) return node.data;
  if (!isElement(node)) return '';
  return node.children.map(textOf).join('');
}

/** The id a cross-reference points to, on `element`: `attr(href url)` or `url(#id)`; undefined for other documents. */
export function targetId(target: TargetRef, element: DomElement | undefined): string | undefined {
  const url = target.kind === 'url' ? target.url : element?.attribs[target.name];
  if (url === undefined) return undefined;
  const hash = url.indexOf('#');
  if (hash < 0) return undefined;
  try {
    return decodeURIComponent(url.slice(hash + 1));
  } catch {
    return url.slice(hash + 1);
  }
}

/** Resolves cross-references against the previous pass (or nothing, on the first). */
export interface TargetResolver {
  counter(id: string, name: string): readonly number[] | undefined;
  text(id: string, part: ContentPart): string;
}

export function targetResolver(records: DocumentRecords, previous: PassResults | undefined): TargetResolver {
  return {
    counter(id, name) {
      const value = name === 'page' ? previous?.pages.get(id) : countersOf(records, previous, id)?.get(name);
      records.lookups.push(`${id}\u0000${name}\u0000${value?.join('.') ?? ''}`);
      return value;
    },
    text(id, part) {
      const target = records.ids.get(id) ?? previous?.records.ids.get(id);
      const value = target === undefined ? '' : elementText(target.dom, part);
      records.lookups.push(`${id}\u0000#${part}\u0000${value}`);
      return value;
    },
  };
}

/** Counters of an element: this pass's when it has been walked already, else the previous pass's. */
function countersOf(records: DocumentRecords, previous: PassResults | undefined, id: string): ReadonlyMap<string, readonly number[]> | undefined {
  const here = records.ids.get(id);
  if (here !== undefined) return records.counters.get(here.element);
  const before = previous?.records.ids.get(id);
  return before === undefined ? undefined : previous?.records.counters.get(before.element);
}

/** Whether a next pass would print what this one printed: every cross-reference gives the value it got. */
export function referencesSettled(results: PassResults): boolean {
  const probe = targetResolver({ ...results.records, lookups: [] }, results);
  return results.records.lookups.every((key) => {
    if (key.startsWith(FOOTNOTE_LOOKUP)) return footnoteSettled(key, results);
    const [id, name] = key.split('\u0000') as [string, string];
    const now = name.startsWith('#') ? probe.text(id, name.slice(1) as ContentPart) : probe.counter(id, name)?.join('.') ?? '';
    return key === `${id}\u0000${name}\u0000${now}`;
  });
}
