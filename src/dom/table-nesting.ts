/**
 * A `<table>` start tag where a table is open and no cell or caption is (HTML §13.2.6.4.9, "in
 * table", "in table body", "in row" insertion modes) closes the open table first: the new table
 * follows it. htmlparser2 nests it inside the open table instead, so a template that forgets a
 * `</table>` would get one table inside the other's row. This moves each such table, and what
 * follows it inside the outer table, to after the outer table.
 */
import type { DomElement, DomNode, DomParent } from './types.js';
import { adopt, isElement } from './types.js';
import { appendAll } from '../append-all.js';

/** Table parts in which a `<table>` start tag closes the table (not cells or captions, which may hold tables). */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);

/** Whether a `<table>` opened inside `parent` is one that unnestTables moves (the parser tells it while building). */
export function isNestedTableStart(name: string, parent: DomParent | null): boolean {
  return name === 'table' && parent !== null && isElement(parent) && TABLE_PARTS.has(parent.name);
}

export function unnestTables(root: DomElement): void {
  const pending: DomElement[] = [root];
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (TABLE_PARTS.has(element.name)) {
      const nested = element.children.find((child) => isElement(child) && child.name === 'table');
      if (nested !== undefined) closeOuterTable(element, nested);
    }
    for (const child of element.children) if (isElement(child)) pending.push(child);
  }
}

/** Moves `nested` and everything after it up to the outer table's end to just after the outer table. */
function closeOuterTable(part: DomElement, nested: DomNode): void {
  const table = outerTable(part);
  const outer = table?.parent;
  if (table === undefined || outer === null || outer === undefined) return;
  const moved = takeFrom(part, part.children.indexOf(nested));
  for (let inner = part; inner !== table;) {
    const up = inner.parent as DomElement;
    appendAll(moved, takeFrom(up, up.children.indexOf(inner) + 1));
    inner = up;
  }
  const at = outer.children.indexOf(table) + 1;
  adopt(outer, [...outer.children.slice(0, at), ...moved, ...outer.children.slice(at)]);
}

/** The table `part` belongs to through table parts only (undefined: a stray part outside any table). */
function outerTable(part: DomElement): DomElement | undefined {
  for (let node: DomElement = part; ;) {
    if (node.name === 'table') return node;
    const up = node.parent;
    if (up === null || !isElement(up) || !TABLE_PARTS.has(up.name)) return undefined;
    node = up;
  }
}

/** Removes and returns the children of `parent` from `index` on. */
function takeFrom(parent: DomParent, index: number): DomNode[] {
  const taken = parent.children.slice(index);
  adopt(parent, parent.children.slice(0, index));
  return taken;
}
