/**
 * Where boxes standing in a line are: an atomic inline's fragment after the line placed it, the
 * static position of an out-of-flow box in its line (CSS2 §10.3.7, CSS Position 3 §4.1).
 */
import { maxOf, minOf } from '../../append-all.js';
import type { Display } from '../../css/types.js';
import type { PendingPositioned } from '../contract.js';
import type { Fragment } from '../types.js';

/** Where the fragment of `box` is in the frame of `fragment`'s parent (offsets accumulated). */
export function findBox(fragment: Fragment, box: unknown, originX: number, originY: number): { x: number; y: number } | undefined {
  if (fragment.kind === 'box' && fragment.box === box) return { x: originX + fragment.x, y: originY + fragment.y };
  if (fragment.kind !== 'box' && fragment.kind !== 'line') return undefined;
  for (const child of fragment.children) {
    const found = findBox(child, box, originX + fragment.x, originY + fragment.y);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function isInlineLevel(display: Display | undefined): boolean {
  return display !== undefined && display.startsWith('inline');
}

/**
 * The static position of an inline-level box in its line: after the line's content before it
 * (measured in logical order from the line's start edge; bidi reordering is not followed).
 */
export function inLine(line: Fragment, before: number, direction: 'ltr' | 'rtl'): Omit<PendingPositioned, 'placeholder'> {
  const rtl = direction === 'rtl';
  const children = line.kind === 'line' ? line.children : [];
  const start = children.length === 0 ? (rtl ? line.width : 0) : rtl ? maxOf(children.map((c) => c.x + c.width)) : minOf(children.map((c) => c.x));
  const x = line.x + (rtl ? start - before : start + before);
  return { staticX: x, staticY: line.y, staticRight: x, staticDirection: direction, staticRect: 'line' };
}
