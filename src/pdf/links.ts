/**
 * Link annotations (ISO 32000-1 §12.5.6.5, URI actions §12.6.4.7): one /Link per display-list
 * link item, its /Rect the fragment's border box converted from px to the page's pt space.
 */
import type { Rect } from '../geometry/types.js';
import type { PdfKitDocument } from './pdfkit-document.js';

/** Only URI schemes a reader can follow safely; `javascript:` and friends are dropped. */
const ALLOWED_SCHEME = /^(https?|mailto|tel|ftp):/i;

export function isLinkable(url: string): boolean {
  return ALLOWED_SCHEME.test(url.trim());
}

/** Adds a URI link annotation on the current page (PDFKit maps the rect through the page's base matrix). */
export function addLink(doc: PdfKitDocument, rect: Rect, url: string): void {
  if (rect.width <= 0 || rect.height <= 0 || !isLinkable(url)) return;
  doc.link(rect.x, rect.y, rect.width, rect.height, url.trim());
}
