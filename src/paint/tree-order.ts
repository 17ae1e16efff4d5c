/**
 * Positioned boxes in tree order (CSS2 Appendix E step 8). The paint walk meets them in fragment
 * order, where layout puts an absolutely positioned box after the in-flow content of its
 * containing block: a timeline's `ol::before` line would cover the `li::before` dots after it.
 */
import type { Box } from '../boxes/types.js';

/** Entries in tree order (stable; the list itself when the walk already met them so). */
export function inTreeOrder<E extends { readonly order: number }>(entries: readonly E[]): readonly E[] {
  for (let i = 1; i < entries.length; i++) {
    if (entries[i]!.order < entries[i - 1]!.order) return [...entries].sort((a, b) => a.order - b.order);
  }
  return entries;
}

/**
 * A box's place in tree order (BoxElement.order): an element, then its ::marker and ::before,
 * its descendants, its ::after. A box of no element (anonymous) keeps the place of what precedes it.
 */
export function treeOrderOf(box: Box, previous: number): number {
  const element = box.element;
  if (element === undefined) return previous;
  switch (box.pseudo) {
    case undefined: return element.order;
    case 'after': return element.orderEnd;
    case 'marker': return element.order + 0.25;
    default: return element.order + 0.5;
  }
}
