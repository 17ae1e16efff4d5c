/**
 * Where each id landed (CSS GCPM 3 §2, `target-counter(attr(href url), page)`): the `page`
 * counter of the page on which the element's first box starts, for the next layout pass.
 */
import type { Fragment, PageLayout } from '../types.js';
import { pageCounterValues } from './page-counters.js';

export function idPages(pages: readonly PageLayout[]): Map<string, readonly number[]> {
  const counters = pageCounterValues(pages.map((page) => page.pageStyle.style));
  const result = new Map<string, readonly number[]>();
  const visit = (fragment: Fragment, page: number): void => {
    if (fragment.kind !== 'box' && fragment.kind !== 'line') return;
    if (fragment.kind === 'box') {
      const id = fragment.box.element?.attribs['id'];
      if (id !== undefined && id !== '' && !result.has(id)) result.set(id, [counters[page]!.get('page') ?? page + 1]);
    }
    for (const child of fragment.children) visit(child, page);
  };
  pages.forEach((page, index) => page.children.forEach((fragment) => visit(fragment, index)));
  return result;
}

/**
 * The number of each footnote, in the order of their calls, where `@page` rules reset or set the
 * `footnote` counter (CSS GCPM 3 §2.5, boxes/page-footnotes.ts): a page whose rule does starts
 * again from its value, and every call on it adds one. Undefined where no page touches it.
 */
export function footnoteNumbers(pages: readonly PageLayout[]): number[] | undefined {
  const restarts = pages.map((page) => {
    const { counterReset, counterSet } = page.pageStyle.style;
    return [...counterReset, ...counterSet].filter((change) => change.name === 'footnote').at(-1)?.value;
  });
  if (restarts.every((value) => value === undefined)) return undefined;
  const numbers: number[] = [];
  const seen = new Set<unknown>();
  let value = 0;
  const visit = (fragment: Fragment): void => {
    if (fragment.kind !== 'box' && fragment.kind !== 'line') return;
    if (fragment.kind === 'box' && fragment.box.pseudo === 'footnote-call' && !seen.has(fragment.box)) {
      seen.add(fragment.box);
      numbers.push(++value);
    }
    for (const child of fragment.children) visit(child);
  };
  pages.forEach((page, index) => {
    value = restarts[index] ?? value;
    page.children.forEach(visit);
  });
  return numbers;
}
