/**
 * What a `details` element renders (HTML §4.11.1, §15.3.14): its first `summary` child, always,
 * and — only while it is open — the rest of its children after it. A browser renders it through a
 * shadow tree with a slot for that summary and one for the rest, whose content a closed `details`
 * does not render (Chromium's `::details-content`, `content-visibility: hidden`); text directly
 * inside is part of the rest. The summary's disclosure triangle is the UA stylesheet's.
 */
import type { DomElement, DomNode } from '../dom/types.js';
import { isElement } from '../dom/types.js';

/**
 * The child nodes a `details` element renders, in the order it renders them. `missingSummary` is
 * told of one without a `summary` (a browser makes one, "Details"; octavo does not).
 */
export function detailsChildren(element: DomElement, missingSummary: (details: DomElement) => void): readonly DomNode[] {
  const summary = element.children.find((node) => isElement(node) && node.name === 'summary');
  if (summary === undefined) missingSummary(element);
  if (element.attribs['open'] === undefined) return summary === undefined ? [] : [summary];
  if (summary === undefined || element.children[0] === summary) return element.children;
  return [summary, ...element.children.filter((node) => node !== summary)];
}
