/**
 * `sibling-index()` and `sibling-count()` (CSS Values 5 §9), as Chromium 156 substitutes them: the
 * element's position among its parent's element children (from 1) and their number, as integers
 * in any property — `width: calc(sibling-index() * 20px)`, `hsl(calc(sibling-index() * 40) 70%
 * 50%)` for a legend's colours. Like `attr()` they are read per element at computed-value time, so
 * a style that reads them is not shared with the siblings (cascade.ts).
 */
import type { DomElement } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { replaceCalls } from './text-scan.js';

export interface SiblingPosition {
  /** From 1. */
  readonly index: number;
  readonly count: number;
}

/** Whether a value calls either function (it is then substituted per element). */
export const SIBLING_FUNCTION = /(?:^|[^\w-])sibling-(?:index|count)\(/i;

/** The value with both functions replaced by their integers; undefined when one has arguments (invalid). */
export function substituteSiblings(text: string, position: SiblingPosition): string | undefined {
  const nameAt = (source: string, i: number): number => {
    if ((source[i] !== 's' && source[i] !== 'S') || (i > 0 && /[\w-]/.test(source[i - 1]!))) return 0;
    const match = /^sibling-(index|count)\(/i.exec(source.slice(i, i + 14));
    return match === null ? 0 : match[0].length;
  };
  return replaceCalls(text, nameAt, ({ at, inner }) => {
    if (inner.trim() !== '') return undefined;
    const count = /^sibling-count/i.test(text.slice(at, at + 13));
    // kept apart from what touches it, as a substituted token is
    return `/**/${count ? position.count : position.index}/**/`;
  });
}

/** Positions of a parent's element children, made once per parent and render (n siblings cost n, not n²). */
export function siblingPositions(): (element: DomElement) => SiblingPosition {
  const byParent = new WeakMap<object, Map<DomElement, number>>();
  return (element) => {
    const parent = element.parent;
    if (parent === null) return { index: 1, count: 1 };
    let indexes = byParent.get(parent);
    if (indexes === undefined) {
      indexes = new Map();
      for (const child of parent.children) if (isElement(child)) indexes.set(child, indexes.size + 1);
      byParent.set(parent, indexes);
    }
    return { index: indexes.get(element) ?? 1, count: indexes.size };
  };
}
