/**
 * The directionality of an element (HTML §3.2.6.4), for `:dir()` and the direction of `dir=auto`
 * elements: from the nearest `dir=ltr`/`rtl`, or for `dir=auto` (and a `<bdi>` without a valid
 * `dir`, whose `dir` defaults to auto) from the first strong character of its text — not looking
 * into `<bdi>`, `<script>`, `<style>`, `<textarea>` or descendants with a `dir` of their own —,
 * the parent's where it has none.
 */
import type { DomElement, DomNode } from './types.js';

export type Directionality = 'ltr' | 'rtl';

const LETTER = /\p{L}/u;

/** Whether a letter's code point is in the right-to-left blocks (Hebrew to Mandaic, their presentation forms, RTL SMP blocks). */
function isRightToLeftBlock(cp: number): boolean {
  return (cp >= 0x0590 && cp <= 0x08ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfefe)
    || (cp >= 0x10800 && cp <= 0x10fff) || (cp >= 0x1e800 && cp <= 0x1efff);
}

/**
 * The direction of the first strong character of a text (UAX #9 P2), undefined when it has none:
 * letters are strong (R or AL in the right-to-left blocks, L elsewhere); digits, punctuation,
 * marks and spaces are not. (bidi-js is reached from src/text/ only, which imports this folder.)
 */
function firstStrongDirection(text: string): Directionality | undefined {
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    return isRightToLeftBlock(char.codePointAt(0)!) ? 'rtl' : 'ltr';
  }
  return undefined;
}

const SKIPPED = new Set(['bdi', 'script', 'style', 'textarea']);

function isElement(node: DomNode | null | undefined): node is DomElement {
  return node !== null && node !== undefined && (node.type === 'tag' || node.type === 'script' || node.type === 'style');
}

function dirOf(element: DomElement): 'ltr' | 'rtl' | 'auto' | undefined {
  const dir = element.attribs['dir']?.trim().toLowerCase();
  if (dir === 'ltr' || dir === 'rtl' || dir === 'auto') return dir;
  return element.name === 'bdi' ? 'auto' : undefined;
}

/** The first strong direction of the element's text, skipping what HTML skips (undefined: none). */
function textDirection(element: DomElement): Directionality | undefined {
  for (const child of element.children as readonly DomNode[]) {
    if (child.type === 'text') {
      const found = firstStrongDirection((child as { data: string }).data);
      if (found !== undefined) return found;
    } else if (isElement(child) && !SKIPPED.has(child.name) && child.attribs['dir'] === undefined) {
      const found = textDirection(child);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function directionalityOf(element: DomElement): Directionality {
  for (let e: DomElement | null = element; e !== null; e = isElement(e.parent as DomNode | null) ? (e.parent as DomElement) : null) {
    const dir = dirOf(e);
    if (dir === 'ltr' || dir === 'rtl') return dir;
    if (dir === 'auto') {
      const found = textDirection(e);
      if (found !== undefined) return found;
    }
  }
  return 'ltr';
}
