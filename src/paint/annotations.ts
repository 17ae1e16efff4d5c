/**
 * Interactive items, in tree order: a link per fragment of an `a[href]` (its border box, or the
 * bounding box of where a transform draws it), a named
 * destination per element id (where `href="#id"` links go), and a bookmark per heading h1-h6 on
 * the page where it starts (CSS GCPM 3 §2 default bookmark levels).
 */
import type { DomElement } from '../dom/types.js';
import type { BoxFragment, Fragment } from '../layout/types.js';
import type { DisplayItem, Matrix } from './display-list.js';
import type { Rect } from '../geometry/types.js';
import { multiply } from '../svg/geometry.js';
import { fragmentTransform } from './effects.js';
import { transformedBounds } from './transform.js';

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

/** `rect` where it is drawn: the bounding box of its transformed corners (CSS Transforms 1 §6). */
function placed(rect: Rect, matrix: Matrix | undefined): Rect {
  return matrix === undefined ? rect : transformedBounds(matrix, rect);
}

function boxAnnotations(f: BoxFragment, matrix: Matrix | undefined): DisplayItem[] {
  const element = f.box.element;
  if (element === undefined || f.box.pseudo !== undefined) return [];
  const name = element.name.toLowerCase();
  const items: DisplayItem[] = [];
  const href = element.attribs['href'];
  if (name === 'a' && href !== undefined && href.trim() !== '' && f.style.visibility === 'visible' && f.width > 0 && f.height > 0) {
    items.push({ kind: 'link', rect: placed({ x: f.x, y: f.y, width: f.width, height: f.height }, matrix), url: href.trim(), element });
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

/** `matrix`: the transforms of the ancestors, composed (page px). */
export function collectAnnotations(fragments: readonly Fragment[], out: DisplayItem[] = [], matrix?: Matrix): DisplayItem[] {
  for (const fragment of fragments) {
    if (fragment.kind === 'box') {
      const own = fragmentTransform(fragment);
      const inner = own === undefined ? matrix : matrix === undefined ? own : multiply(matrix, own);
      out.push(...boxAnnotations(fragment, inner));
      collectAnnotations(fragment.children, out, inner);
    } else if (fragment.kind === 'line') {
      collectAnnotations(fragment.children, out, matrix);
    }
  }
  return out;
}
