import type { PageContext } from '../../css/types.js';

/** The context page `index` is styled with; the first page is a right page in a left-to-right document (CSS Paged Media 3 §4.1). */
export function pageContextAt(index: number, blank = false): PageContext {
  return { index, side: index % 2 === 0 ? 'right' : 'left', blank };
}
