/**
 * The paint stage (DESIGN.md §2): laid-out pages in, one display list per page out. Per page
 * (CSS Paged Media 3 §3.3, CSS2 Appendix E): the page box's background over the whole page and
 * its border, the canvas background (root or body, CSS Backgrounds 3 §2.11.2) over the page
 * box's padding box, the document flow as the root stacking context, then the margin boxes;
 * links and bookmarks last, in tree order. With `tagged`, text and images are wrapped in
 * begin-tag items naming their element, and margin boxes (running headers, page numbers) are
 * Pagination artifacts (ISO 32000-1 §14.8.2.2).
 */
import type { Rect, Sides } from '../geometry/types.js';
import type { PageLayout } from '../layout/types.js';
import { collectAnnotations } from './annotations.js';
import { canvasBackground, paintBackgroundColor } from './background.js';
import { paintBorder } from './border.js';
import type { DisplayItem, DocumentDisplayList, PageDisplayList } from './display-list.js';
import { borderRadii, insetRadii } from './radii.js';
import { paintFragments, paintStackingContext } from './stacking.js';
import type { PaintOptions } from './stacking.js';

export interface PaintDocumentOptions {
  /** Emit the marked-content items a tagged PDF needs (default false). */
  readonly tagged?: boolean;
}

export function paintDocument(pages: readonly PageLayout[], options: PaintDocumentOptions = {}): DocumentDisplayList {
  return { pages: pages.map((page) => paintPage(page, options)) };
}

function inset(rect: Rect, by: Sides): Rect {
  return {
    x: rect.x + by.left,
    y: rect.y + by.top,
    width: Math.max(0, rect.width - by.left - by.right),
    height: Math.max(0, rect.height - by.top - by.bottom),
  };
}

export function paintPage(page: PageLayout, paint: PaintDocumentOptions = {}): PageDisplayList {
  const items: DisplayItem[] = [];
  const style = page.pageStyle.style;
  const pageRect: Rect = { x: 0, y: 0, width: page.width, height: page.height };
  const pageBox = inset(pageRect, page.margins);
  const borders: Sides = { top: style.borderTopWidth, right: style.borderRightWidth, bottom: style.borderBottomWidth, left: style.borderLeftWidth };
  const radii = borderRadii(style, pageBox);
  // the page background covers the whole page, margins included
  items.push(...paintBackgroundColor(style.backgroundColor, pageRect, [0, 0, 0, 0, 0, 0, 0, 0]));
  items.push(...paintBorder({ rect: pageBox, widths: borders, style, radii }));
  const canvas = canvasBackground(page.children);
  if (canvas !== undefined) items.push(...paintBackgroundColor(canvas.color, inset(pageBox, borders), insetRadii(radii, borders)));
  const options: PaintOptions = { canvasSource: canvas?.source, tagged: paint.tagged === true };
  for (const fragment of page.children) {
    items.push(...(fragment.kind === 'box' ? paintStackingContext(fragment, options) : paintFragments([fragment], options)));
  }
  const marginOptions: PaintOptions = { canvasSource: canvas?.source };
  const margins: DisplayItem[] = [];
  for (const fragment of page.marginBoxes) {
    margins.push(...(fragment.kind === 'box' ? paintStackingContext(fragment, marginOptions) : paintFragments([fragment], marginOptions)));
  }
  if (paint.tagged === true && margins.length > 0) items.push({ kind: 'begin-artifact', type: 'Pagination' }, ...margins, { kind: 'end-marked' });
  else items.push(...margins);
  items.push(...collectAnnotations(page.children), ...collectAnnotations(page.marginBoxes));
  return { width: page.width, height: page.height, items };
}
