/**
 * Cross-references (CSS GCPM 3 `target-counter()`, `target-text()`): values that only a layout
 * finds — the page an element lands on — printed in content laid out before it (a table of
 * contents). The first pass prints what the box tree knows; the document is laid out again, with a
 * box tree built from what the pass found, while the printed values change.
 */
import type { BoxTree } from '../../boxes/types.js';
import type { PassResults } from '../../boxes/references.js';
import { referencesSettled } from '../../boxes/references.js';
import type { PageLayout } from '../types.js';
import { footnoteNumbers, idPages } from '../page/targets.js';

/** Most layout passes: the first prints what it can, the others what the previous one found. */
const MAX_LAYOUT_PASSES = 3;

/** Whether the tree's cross-references print values only a layout finds. */
export function needsPasses(tree: BoxTree): boolean {
  return tree.records !== undefined && tree.records.lookups.length > 0;
}

export interface Passes {
  /** One layout pass: every page of the tree, complete (layout/driver/document.ts). */
  readonly layout: (tree: BoxTree) => PageLayout[];
  /** The box tree built again with what a pass found (render.ts: only it holds the DOM's styles). */
  readonly rebuild: ((previous: PassResults) => BoxTree) | undefined;
}

/** The pages of the last pass: laid out again while the cross-references print values the layout changes. */
export function layoutPasses(first: BoxTree, passes: Passes): PageLayout[] {
  let tree = first;
  let pages = passes.layout(tree);
  for (let pass = 1; pass < MAX_LAYOUT_PASSES && needsPasses(tree); pass++) {
    const results: PassResults = { records: tree.records!, pages: idPages(pages), footnotes: footnoteNumbers(pages) };
    if (referencesSettled(results) || passes.rebuild === undefined) break;
    tree = passes.rebuild(results);
    pages = passes.layout(tree);
  }
  return pages;
}
