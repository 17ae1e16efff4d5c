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
