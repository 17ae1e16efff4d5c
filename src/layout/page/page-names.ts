/**
 * Named pages (CSS Paged Media 3 §6, CSS Fragmentation 3 §3.1): the used `page` value of each
 * block-level box (`auto` takes its parent's), its start and end page values (those of its first
 * and last in-flow child, its own for a box without block-level children), the forced break
 * between two siblings whose page values differ, and the name of the page a break token resumes on.
 */
import type { BlockLevelBox, Box, LayoutBox } from '../../boxes/types.js';
import type { BreakToken, PageNames, PageSpan } from '../contract.js';
import type { Stylesheet } from '../../css/stylesheet.js';
import { namesPages, pageEnvironment } from '../../css/page-environment.js';

export type { PageNames, PageSpan } from '../contract.js';

/** Page values of every in-flow block-level box under `root`; undefined when no box names a page. */
export function pageNamesOf(root: LayoutBox): PageNames | undefined {
  // most documents name no page: one look at each box instead of a span for each
  if (!namesAPage(root)) return undefined;
  const names: PageNames = new WeakMap();
  const visit = (box: BlockLevelBox, parentUsed: string): PageSpan | undefined => {
    if (box.kind === 'out-of-flow') return undefined;
    const used = box.style.page === 'auto' ? parentUsed : box.style.page;
    const spans = blockChildren(box).map((child) => visit(child, used)).filter((s): s is PageSpan => s !== undefined);
    const span = { start: spans[0]?.start ?? used, end: spans[spans.length - 1]?.end ?? used };
    names.set(box, span);
    return span;
  };
  visit(root, '');
  return names;
}

/** Whether a box `pageNamesOf` visits names a page (the same boxes: in flow, down block flow). */
function namesAPage(root: LayoutBox): boolean {
  const stack: Box[] = [root];
  while (stack.length > 0) {
    const box = stack.pop()!;
    if (box.kind === 'out-of-flow') continue;
    if (box.style.page !== 'auto' && box.style.page !== '') return true;
    for (const child of blockChildren(box)) stack.push(child);
  }
  return false;
}

/** Block-level children laid out in block flow (flex and grid items and table contents are leaves here). */
function blockChildren(box: Box): readonly BlockLevelBox[] {
  return box.kind === 'block' && !box.inlineContent ? box.children : [];
}

/** Class A break between siblings (CSS Paged Media 3 §6.1.1): the end page value of one differs from the start value of the next. */
export function pageNameChanges(names: PageNames | undefined, before: BlockLevelBox, after: BlockLevelBox): boolean {
  if (names === undefined) return false;
  const a = names.get(before);
  const b = names.get(after);
  return a !== undefined && b !== undefined && a.end !== b.start;
}

/**
 * The name of the page that starts at `token` (the root's start value for the first page): the
 * start page value of the first box the page resumes or starts.
 */
export function pageNameAt(names: PageNames | undefined, root: LayoutBox, token: BreakToken | undefined): string | undefined {
  if (names === undefined) return undefined;
  let box: Box = root;
  let current = token;
  while (current !== undefined && current.kind === 'block') {
    const children = blockChildren(current.box);
    const resumed = current.children[0];
    const child = resumed !== undefined ? children[resumed.index] : children[current.next];
    if (child === undefined) break;
    box = child;
    current = resumed?.token;
  }
  const span = names.get(box) ?? (current !== undefined ? names.get(current.box) : undefined);
  return span?.start === '' || span === undefined ? undefined : span.start;
}

/**
 * The name of the document's first page when its `@page` rules give viewport units another page
 * area than the unnamed first page's (css/page.ts pageEnvironment: the document is styled again
 * with it); undefined otherwise, and without a look at the boxes when no rule names a page.
 */
export function viewportPageName(sheets: readonly Stylesheet[], root: LayoutBox): string | undefined {
  if (!namesPages(sheets)) return undefined;
  const name = pageNameAt(pageNamesOf(root), root, undefined);
  if (name === undefined) return undefined;
  const unnamed = pageEnvironment(sheets);
  const named = pageEnvironment(sheets, name);
  return named.viewportWidth !== unnamed.viewportWidth || named.viewportHeight !== unnamed.viewportHeight ? name : undefined;
}
