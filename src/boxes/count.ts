/** The box tree's limits, checked once the tree is built: its size (limits.maxBoxes) and its forced page breaks (limits.maxPages). */
import type { Box, BoxTree } from './types.js';
import { someBox } from './types.js';
import { limitExceeded } from '../limits.js';

/**
 * Refuses a box tree with more than `maxBoxes` boxes, counted without recursion over every kind
 * (table parts, flex and grid items, out-of-flow boxes and markers included).
 */
export function checkBoxCount(tree: BoxTree, maxBoxes: number): void {
  someBox(tree.root, countBox, { count: 0, maxBoxes });
}

function countBox(_box: Box, counted: { count: number; readonly maxBoxes: number }): boolean {
  if (++counted.count > counted.maxBoxes) throw limitExceeded('maxBoxes', counted.maxBoxes, `the document generates more than ${counted.maxBoxes} boxes`);
  return false;
}

/** Break values that force a page break (CSS Fragmentation 3 §3.1; `always` is the legacy `page`). */
const PAGE_BREAKS: ReadonlySet<string> = new Set(['page', 'always', 'all', 'left', 'right', 'recto', 'verso']);

/**
 * Refuses, before layout, a document whose forced page breaks alone make more than `maxPages`
 * pages: each gap between in-flow siblings of block flow (from the root down) with a forced page
 * break before or after starts a new page, and no two such gaps are the same place. Breaks
 * elsewhere (in flex items, table cells, floats) are left to layout, so this never over-counts:
 * 100,000 `page-break-after: always` paragraphs are refused at once instead of after 1,000 pages.
 */
export function checkForcedPageBreaks(tree: BoxTree, maxPages: number): void {
  const stack: Box[] = [tree.root];
  let pages = 1;
  while (stack.length > 0) {
    const box = stack.pop()!;
    if (box.kind !== 'block' || box.inlineContent) continue;
    let previous: Box | undefined;
    for (const child of box.children) {
      if (child.kind === 'out-of-flow') continue; // floats, positioned, running and footnote boxes: the tree's placeholders
      if (previous !== undefined && (PAGE_BREAKS.has(previous.style.breakAfter) || PAGE_BREAKS.has(child.style.breakBefore)) && ++pages > maxPages) {
        throw limitExceeded('maxPages', maxPages, `the document's forced page breaks make more than ${maxPages} pages`);
      }
      previous = child;
      stack.push(child);
    }
  }
}
