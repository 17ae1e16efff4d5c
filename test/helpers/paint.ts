/** Painting laid-out pages complete, through the paint stage's one painter (paint/paint-page.ts). */
import type { PageLayout } from '../../src/layout/types.js';
import type { DocumentDisplayList, PageDisplayList } from '../../src/paint/display-list.js';
import { completePage } from '../../src/paint/display-list.js';
import type { PaintDocumentOptions } from '../../src/paint/paint-page.js';
import { createPagePainter } from '../../src/paint/paint-page.js';

/** A page with its margin boxes on it (as `engine.layout()` gives them), painted complete. */
export function paintPage(page: PageLayout, options: PaintDocumentOptions = {}): PageDisplayList {
  const part = createPagePainter(options)({ kind: 'page', page, marginsLater: false });
  if (part.kind !== 'page') throw new Error('the painter painted margin boxes for a page');
  return completePage(part);
}

export function paintDocument(pages: readonly PageLayout[], options: PaintDocumentOptions = {}): DocumentDisplayList {
  return { pages: pages.map((page) => paintPage(page, options)) };
}
