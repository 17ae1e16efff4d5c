/**
 * Document outline (ISO 32000-1 §12.3.3): bookmark items (h1-h6 or `bookmark-level`) nest by
 * level — an item becomes the child of the nearest earlier item with a lower level — and each
 * points at its page with an /XYZ destination at the item's y.
 */
import { PT_PER_PX } from '../geometry/types.js';
import type { PdfKitDocument, PdfKitOutline } from './pdfkit-document.js';

export interface Bookmark {
  readonly level: number;
  readonly title: string;
  /** 0-based page index. */
  readonly page: number;
  /** px from the page top. */
  readonly y: number;
}

export function writeOutline(doc: PdfKitDocument, bookmarks: readonly Bookmark[], pageWidthsPt: readonly number[]): void {
  const open: { level: number; node: PdfKitOutline }[] = [];
  for (const bookmark of bookmarks) {
    while (open.length > 0 && open[open.length - 1]!.level >= bookmark.level) open.pop();
    const parent = open.length > 0 ? open[open.length - 1]!.node : doc.outline;
    // PDFKit writes /XYZ left = pageWidth - options.left and top = pageHeight - options.top
    const node = parent.addItem(bookmark.title, {
      pageNumber: bookmark.page,
      top: Math.max(0, bookmark.y) * PT_PER_PX,
      left: pageWidthsPt[bookmark.page] ?? 0,
      expanded: true,
    });
    open.push({ level: bookmark.level, node });
  }
}
