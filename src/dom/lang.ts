/**
 * The language an element says it is in (HTML §3.2.6.2): its own `lang` (or `xml:lang`), else its
 * nearest ancestor's; '' when none says. Tags are compared lower-cased.
 */
import type { DomElement, DomParent } from './types.js';
import { isElement } from './types.js';

/** The element's own language attribute, lower-cased; undefined when it has none. */
export function ownLang(attribs: Readonly<Record<string, string>>): string | undefined {
  return (attribs['lang'] ?? attribs['xml:lang'])?.trim().toLowerCase();
}

/** The language of a DOM element (uncached: generated quotes ask it once per quote). */
export function elementLang(element: DomElement): string {
  for (let node: DomParent | null = element; node !== null && isElement(node); node = node.parent) {
    const own = ownLang(node.attribs);
    if (own !== undefined) return own;
  }
  return '';
}

