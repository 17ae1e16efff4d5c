/**
 * Interactive items, in tree order: a link per fragment of an `a[href]` (its border box), a named
 * destination per element id (where `href="#id"` links go), and a bookmark per element with a
 * `bookmark-level` (h1-h6 in the UA sheet) on the page where it starts, titled by its
 * `bookmark-label` (evaluated when the box tree is built; default: the element's text).
 */
import type { BoxFragment, Fragment } from '../layout/types.js';
import type { DisplayItem } from './display-list.js';

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
  const level = f.style.bookmarkLevel;
  if (level !== 'none' && !f.continuedBefore) {
    const title = f.style.bookmarkLabel.map((item) => (item.kind === 'string' ? item.value : '')).join('');
    if (title !== '') items.push({ kind: 'bookmark', level, title, y: f.y, open: f.style.bookmarkState === 'open' });
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
