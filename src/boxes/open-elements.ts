/**
 * The elements the box tree is building, outermost first (the root, then each element buildElement
 * is inside of), and the record boxes keep of each (BoxElement): every box of an element is made
 * while it is being built, so these are all the records asked for. A stack, not a Map by element:
 * a Map's insertion and lookups for each element were ~6 % of the front stages' profile on a long table.
 */
import type { BoxElement } from './types.js';
import type { DomDocument, DomElement } from '../dom/types.js';
import type { SourceLocation } from '../errors.js';

export class OpenElements {
  private readonly elements: DomElement[] = [];
  private readonly records: (BoxElement & { orderEnd: number })[] = [];
  /** The tree order the next element opened takes (BoxElement.order). */
  private nextOrder = 0;

  /**
   * Starts building `element`: makes the record boxes keep of it (the same one for all its boxes:
   * later stages compare them), whose parent is the record of the element being built around it
   * (elements that generate no box of their own, `display: contents`, are built too), so the chain
   * reaches the root.
   */
  open(element: DomElement, keepDom: boolean): BoxElement {
    const records = this.records;
    const parent = records.length > 0 && this.elements[records.length - 1] === element.parent ? records[records.length - 1] : undefined;
    this.elements.push(element);
    const order = this.nextOrder++;
    const record = { name: element.name, attribs: element.attribs, parent, dom: keepDom ? element : undefined, sourceOffset: element.startIndex, order, orderEnd: order };
    records.push(record);
    return record;
  }

  /** Ends the innermost element: its descendants are built, its ::after comes next in tree order. */
  close(): void {
    this.elements.pop();
    this.records.pop()!.orderEnd = this.nextOrder++;
  }

  /** The record of `element`, which is being built: found from the innermost element out, nearly always the first. */
  recordOf(element: DomElement): BoxElement {
    const open = this.elements;
    for (let i = open.length - 1; i >= 0; i--) if (open[i] === element) return this.records[i]!;
    throw new Error(`internal: a box of <${element.name}> made while it is not being built`);
  }
}

/**
 * The tree's `locate`: the source's line index and name only, so that the DOM goes once the tree
 * is built. Made outside buildBoxTree: a closure made there shares that function's context, which
 * holds the walk (the DOM, the styled document, the element records' Map) as long as the tree lives.
 */
export function sourceLocator(dom: DomDocument): (element: BoxElement) => SourceLocation {
  const { locate: lineAt, sourceName: file } = dom;
  return (element) => (element.sourceOffset === null ? { file } : { file, ...lineAt(element.sourceOffset) });
}
