/**
 * Interactive items, in tree order: a link per fragment of an `a[href]` (its border box), a named
 * destination per element id (where `href="#id"` links go), and a bookmark per heading h1-h6 on
 * the page where it starts (CSS GCPM 3 §2 default bookmark levels).
 */
import type { DomElement } from '../dom/types.js';
import type { BoxFragment, Fragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';

const HEADING = /^h([1-6])$/;

/** The text content of an element, white space collapsed. */
export function textContent(element: DomElement): string {
  const parts: string[] = [];
  const visit = (node: { type: string; data?: string; children?: readonly unknown[] }): void => {
    if (node.type === 'text' && node.data !== undefined) parts.push(node.data);
    if (node.children !== undefined) for (const child of node.children) visit(child as typeof node);
  };
  visit(element as unknown as { type: string; children: readonly unknown[] });
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function boxAnnotations(f: BoxFragment): DisplayItem[] {
  const element = f.box.element;
  if (element === undefined || f.box.pseudo !== undefined) return [];
  const name = element.name.toLowerCase();
  const items: DisplayItem[] = [];
  const href = element.attribs['href'];
  if (name === 'a' && href !== undefined && href.trim() !== '' && f.style.visibility === 'visible' && f.width > 0 && f.height > 0) {
    items.push({ kind: 'link', rect: { x: f.x, y: f.y, width: f.width, height: f.height }, url: href.trim(), element });
  }
  const id = element.attribs['id'];
  if (id !== undefined && id !== '' && !f.continuedBefore) items.push({ kind: 'destination', name: id, y: f.y });
  const heading = HEADING.exec(name);
  if (heading !== null && !f.continuedBefore) {
    const title = textContent(element);
    if (title !== '') items.push({ kind: 'bookmark', level: Number(heading[1]), title, y: f.y });
  }
  return items;
}

export function collectAnnotations(fragments: readonly Fragment[], out: DisplayItem[] = []): DisplayItem[] {
  for (const fragment of fragments) {
    if (fragment.kind === 'box') {
      out.push(...boxAnnotations(fragment));
      collectAnnotations(fragment.children, out);
    } else if (fragment.kind === 'line') {
      collectAnnotations(fragment.children, out);
    }
  }
  return out;
}
