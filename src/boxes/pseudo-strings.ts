/**
 * `string-set` with `content(before)`, `content(after)` or `content(marker)` (CSS GCPM 3 §1.1):
 * the string value of the element's ::before, ::after or ::marker — its generated text, counters
 * and quotes as they print there (`h1::before { content: "Chapter " counter(chapter) }` with
 * `h1 { string-set: title content(before) " " content(text) }` gives "Chapter 2 Tools"), as
 * WeasyPrint sets it. Those pseudo-elements are generated after the element's own counters are
 * applied, so the rest of the value is evaluated where the element is (as every `string-set`)
 * and the pseudo-elements' texts are filled in once they are built.
 */
import type { ContentItem, StringSet } from '../css/types.js';
import type { DomElement } from '../dom/types.js';
import type { DocumentRecords, NamedString } from './references.js';
import type { Box, BoxElement } from './types.js';

export type PseudoPart = 'before' | 'after' | 'marker';

/** A named string's value: texts evaluated at the element, and the pseudo-elements' texts to come. */
type Piece = string | { readonly part: PseudoPart };

function pseudoPartOf(item: ContentItem): PseudoPart | undefined {
  if (item.kind !== 'content') return undefined;
  return item.part === 'before' || item.part === 'after' || item.part === 'marker' ? item.part : undefined;
}

/** Whether a `string-set` reads a pseudo-element's text. */
function readsPseudoText(sets: readonly StringSet[]): boolean {
  return sets.some((set) => set.items.some((item) => pseudoPartOf(item) !== undefined));
}

/** The elements of the box-tree walk whose named strings wait for their pseudo-elements. */
export class PseudoStrings {
  private readonly pending = new Map<DomElement, PendingStrings>();

  /** `source`: the record of an element being built (open-elements.ts). */
  constructor(private readonly records: DocumentRecords, private readonly source: (element: DomElement) => BoxElement) {}

  /** An element's `string-set`, recorded already with its other items (references.ts): waits if it reads a pseudo-element. */
  expect(element: DomElement, sets: readonly StringSet[], text: (items: readonly ContentItem[]) => string): void {
    if (readsPseudoText(sets)) this.pending.set(element, new PendingStrings(sets, text));
  }

  /** The boxes a pseudo-element of `element` generated. */
  capture(element: DomElement, part: PseudoPart, boxes: readonly Box[]): void {
    this.pending.get(element)?.capture(part, boxes);
  }

  /** `built`, the element's boxes, once its named strings are recorded with its pseudo-elements' texts. */
  settled<T>(element: DomElement, built: T): T {
    const pending = this.pending.get(element);
    if (pending === undefined) return built;
    this.pending.delete(element);
    this.records.strings.set(this.source(element), pending.values());
    return built;
  }
}

/**
 * The named strings of one element, waiting for its pseudo-elements. `text` evaluates content
 * items at the element; the items of one set share its quote depth (`open-quote … close-quote`).
 */
class PendingStrings {
  private readonly sets: readonly { readonly name: string; readonly pieces: readonly Piece[] }[];
  private readonly texts = new Map<PseudoPart, string>();

  constructor(sets: readonly StringSet[], text: (items: readonly ContentItem[]) => string) {
    this.sets = sets.map((set) => {
      const pieces: Piece[] = [];
      let run: ContentItem[] = [];
      for (const item of set.items) {
        const part = pseudoPartOf(item);
        if (part === undefined) { run.push(item); continue; }
        if (run.length > 0) pieces.push(text(run));
        run = [];
        pieces.push({ part });
      }
      if (run.length > 0) pieces.push(text(run));
      return { name: set.name, pieces };
    });
  }

  /** The text of a pseudo-element of the element, from the boxes its content generated. */
  capture(part: PseudoPart, boxes: readonly Box[]): void {
    this.texts.set(part, boxes.map(textOfBox).join(''));
  }

  /** The values, with the texts of the pseudo-elements the element generated (none: empty). */
  values(): NamedString[] {
    return this.sets.map((set) => ({
      name: set.name,
      value: set.pieces.map((piece) => (typeof piece === 'string' ? piece : this.texts.get(piece.part) ?? '')).join(''),
    }));
  }
}

function textOfBox(box: Box): string {
  if (box.kind === 'text') return box.text;
  if (box.kind === 'inline' || box.kind === 'block') return (box.children as readonly Box[]).map(textOfBox).join('');
  return '';
}
