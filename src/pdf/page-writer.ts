/**
 * The PDF written page by page, as the pages are painted (render.ts), so that a long document
 * holds the display list of one page at a time instead of all of them: each page's content
 * stream is compressed and written to the output at once.
 *
 * A page may be kept open for items painted only once the document is complete (margin boxes
 * with `counter(pages)`): its own content stream is written now, and the later items become a
 * second content stream (ISO 32000-1 §7.7.3.3: /Contents may be an array, read as one stream);
 * its dictionary and resources are written with them.
 *
 * What still needs the whole document:
 * - a deterministic encrypted document: its keys are seeded from the fingerprint of its display
 *   list before the first stream is encrypted, so it goes through writePdf (other deterministic
 *   documents are identified by the hash of their bytes, known at the end);
 * - upscaled pixelated images are enlarged asynchronously (pixelated.ts): from the first page that
 *   has one, pages are held and written at the end.
 */
import type { DisplayItem, PageDisplayList } from '../paint/display-list.js';
import { isEncrypted } from './encryption.js';
import { needsPixelation, pixelateUpscaled } from './pixelated.js';
import type { PdfKitPage } from './pdfkit-document.js';
import { detachPage, endDetachedPage } from './pdfkit-document.js';
import type { OpenPdfDocument, WritePdfOptions } from './write.js';
import { asRenderError, closePdfDocument, drawOnPage, openPdfDocument, writeDocumentPage } from './write.js';

/** A page written with its own content stream, waiting for the items painted later. */
interface OpenPage {
  readonly page: PdfKitPage;
  readonly width: number;
  readonly height: number;
  /** PDFKit's matrix on this page (annotations added later go through it). */
  readonly ctm: number[];
}

/** A page not written yet (a pixelated image on it or before it), with the items painted later. */
interface HeldPage {
  readonly display: PageDisplayList;
  later: readonly DisplayItem[];
}

/** Whether a document can be written page by page (else: writePdf with the whole display list). */
export function writableByPage(options: WritePdfOptions): boolean {
  return !(options.deterministic && isEncrypted(options.encryption));
}

export class PdfPageWriter {
  private readonly open: OpenPdfDocument;
  private readonly waiting = new Map<number, OpenPage>();
  private readonly held: HeldPage[] = [];
  private count = 0;

  constructor(options: WritePdfOptions) {
    if (!writableByPage(options)) throw new Error('page writer: a deterministic encrypted document needs its fingerprint before its first page');
    this.open = openPdfDocument(options, undefined);
  }

  /** Pages written (or held) so far. */
  get pages(): number {
    return this.count;
  }

  /** Writes the next page; with `later`, its content is completed by finishPage. */
  page(display: PageDisplayList, later: boolean): void {
    const index = this.count++;
    if (this.held.length > 0 || needsPixelation(display)) {
      this.held.push({ display, later: [] });
      return;
    }
    try {
      this.write(display);
      if (!later) return;
      const doc = this.open.doc;
      const page = detachPage(doc);
      page.content.end();
      this.waiting.set(index, { page, width: display.width, height: display.height, ctm: [...doc._ctm] });
    } catch (error) {
      throw asRenderError(error);
    }
  }

  /** The items of page `index` painted once the document is complete; ends the page. */
  finishPage(index: number, items: readonly DisplayItem[]): void {
    const firstHeld = this.count - this.held.length;
    if (index >= firstHeld) {
      this.held[index - firstHeld]!.later = items;
      return;
    }
    const open = this.waiting.get(index);
    if (open === undefined) throw new Error(`page writer: page ${index} is not open`);
    this.waiting.delete(index);
    try {
      if (items.length > 0) this.drawLater(open, items, index);
      endDetachedPage(open.page);
    } catch (error) {
      throw asRenderError(error);
    }
  }

  /** A second content stream on an open page, drawn with the page current in PDFKit (links go through its matrix). */
  private drawLater(open: OpenPage, items: readonly DisplayItem[], index: number): void {
    const doc = this.open.doc;
    const [current, ctm] = [doc.page, doc._ctm];
    doc.page = open.page;
    doc._ctm = open.ctm;
    try {
      const content = drawOnPage(this.open, open.page, { width: open.width, height: open.height, items }, index);
      open.page.dictionary.data['Contents'] = [open.page.content, content];
    } finally {
      doc.page = current;
      doc._ctm = ctm;
    }
  }

  /** Writes the held pages and the document-level objects; the PDF's bytes. */
  async end(): Promise<Uint8Array> {
    if (this.waiting.size > 0) throw new Error(`page writer: ${this.waiting.size} page(s) still open`);
    if (this.held.length > 0) {
      const pages = this.held.map(({ display, later }) => (later.length === 0 ? display : { ...display, items: [...display.items, ...later] }));
      this.held.length = 0;
      for (const page of (await pixelateUpscaled({ pages })).pages) this.write(page);
    }
    return closePdfDocument(this.open);
  }

  private write(display: PageDisplayList): void {
    writeDocumentPage(this.open, display);
  }
}

