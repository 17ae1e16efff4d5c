/**
 * Document outline (ISO 32000-1 §12.3.3): bookmark items (h1-h6 or `bookmark-level`) nest by
 * level — an item becomes the child of the nearest earlier item with a lower level — and each
 * points at its page with an /XYZ destination at the item's y (and x, for a turned box).
 */
import { PT_PER_PX } from '../geometry/types.js';
import type { PdfKitDocument, PdfKitOutline } from './pdfkit-document.js';

export interface Bookmark {
  readonly level: number;
  readonly title: string;
  /** 0-based page index. */
  readonly page: number;
  /** px from the sheet's top, on the sheet (write.ts `onSheet`). */
  readonly y: number;
  /** px from the sheet's left edge, on the sheet, for a turned box (0 otherwise). */
  readonly x?: number;
  /** Whether its children are shown (`bookmark-state: open`). */
  readonly open: boolean;
}

interface Item {
  readonly open: boolean;
  readonly node: PdfKitOutline;
  readonly kids: Item[];
}

export function writeOutline(doc: PdfKitDocument, bookmarks: readonly Bookmark[], pageWidthsPt: readonly number[]): void {
  const roots: Item[] = [];
  const open: { level: number; item: Item }[] = [];
  for (const bookmark of bookmarks) {
    while (open.length > 0 && open[open.length - 1]!.level >= bookmark.level) open.pop();
    const parent = open.length > 0 ? open[open.length - 1]!.item : undefined;
    // PDFKit writes /XYZ left = pageWidth - options.left and top = pageHeight - options.top
    const node = (parent?.node ?? doc.outline).addItem(bookmark.title, {
      pageNumber: bookmark.page,
      top: bookmark.y * PT_PER_PX,
      left: (pageWidthsPt[bookmark.page] ?? 0) - (bookmark.x ?? 0) * PT_PER_PX,
      expanded: false, // /Count is set below: PDFKit counts only the children of open items
    });
    const item: Item = { open: bookmark.open, node, kids: [] };
    (parent?.kids ?? roots).push(item);
    open.push({ level: bookmark.level, item });
  }
  for (const item of roots) setCount(item);
}

/**
 * ISO 32000-1 §12.3.3 /Count: an open item counts its visible descendants, a closed one the
 * negative of those that would be visible if it were opened. Returns what the item shows to its parent.
 */
function setCount(item: Item): number {
  const inside = item.kids.reduce((total, kid) => total + 1 + setCount(kid), 0);
  if (inside > 0) item.node.outlineData['Count'] = item.open ? inside : -inside;
  return item.open ? inside : 0;
}
