/**
 * The pdf stage's one writer: each page is written as soon as it is painted (render.ts), so that a
 * long document holds the display list of one page at a time; each content stream is compressed
 * and written to the output once its page is complete.
 *
 * A page whose margin boxes are painted once the document is complete (`counter(pages)`) is kept
 * open: its own operators are written into its content stream now, which stays open (its bytes
 * held, up to OPEN_CONTENT_BUDGET for all such pages) so that its margin boxes join it; past the
 * budget the stream is ended at once and the margin boxes become a second content stream
 * (ISO 32000-1 §7.7.3.3: /Contents may be an array, read as one stream). Its dictionary and
 * resources are written with its margin boxes.
 *
 * Pages are held back only where the bytes need what comes later:
 * - a deterministic encrypted document: its keys are seeded from the fingerprint of every page's
 *   display list before the first stream is encrypted, so all its pages are held, and each is
 *   written complete at the end (other deterministic documents are identified by the hash of their
 *   bytes, known at the end);
 * - images whose pixels change (filtered or upscaled pixelated ones) are copied asynchronously (image-prep.ts): from the first page that
 *   has one, pages are held and written at the end, each in one content stream;
 * - a document that comes whole (layout buffered it: its pages are in memory already) is held and
 *   written at the end too, its images enlarged first: PDFKit splits a PNG's alpha channel
 *   asynchronously and numbers the soft mask when it is done, so the bytes depend on which pages
 *   are written before the enlarging is awaited.
 */
import type { DisplayItem, DocumentDisplayList, PageDisplayList, PaintedMargins, PaintedPage, PaintedPart } from '../paint/display-list.js';
import { completePage } from '../paint/display-list.js';
import { isEncrypted } from './encryption.js';
import { fingerprint } from './fingerprint.js';
import { needsImagePrep, prepareImages } from './image-prep.js';
import type { OpenPdfDocument, WritePdfOptions } from './write.js';
import { asRenderError, closePdfDocument, drawOnPage, fingerprintHeader, openPdfDocument, writeDocumentPage } from './write.js';
import type { OpenPage } from './pdfkit-document.js';
import { drawOnOpenPage, keepPageOpen, endOpenPage } from './pdfkit-document.js';

export type { WritePdfOptions } from './write.js';

/** A page not written yet (an image to prepare on it or before it), with the items painted later. */
interface HeldPage {
  readonly display: PageDisplayList;
  later: readonly DisplayItem[];
}

/** A page written and kept open for its margin boxes, and the bytes of its content stream held open. */
interface WaitingPage {
  readonly open: OpenPage;
  readonly heldBytes: number;
}

/**
 * How many bytes of operators the pages waiting for their margin boxes may hold in open content
 * streams (~115 pages of a long table). Within it, a page's margin boxes join its own content
 * stream, one stream a page as a page written at once has (a second stream was one more
 * compression and one more object a page); past it, pages end their stream when written and their
 * margin boxes become a second one, so that a very long document holds no more than this.
 */
const OPEN_CONTENT_BUDGET = 4 * 1024 * 1024;

/** A page of a document held whole (deterministic encryption), and its margin boxes once painted. */
interface WholePage {
  readonly page: PaintedPage;
  margins?: PaintedMargins;
}

export class PdfWriter {
  private readonly options: WritePdfOptions;
  /** The PDF being written; undefined until a deterministic encrypted document, held whole, ends. */
  private readonly open: OpenPdfDocument | undefined;
  /** The pages of a document held whole (deterministic encryption, or one that comes whole). */
  private whole: WholePage[] | undefined;
  private readonly waiting = new Map<number, WaitingPage>();
  private readonly held: HeldPage[] = [];
  private count = 0;
  /** Operator bytes of the content streams kept open for margin boxes (at most openContentBudget). */
  private heldContentBytes = 0;

  /** `openContentBudget`: how many bytes of content streams may wait open for their margin boxes (tests set it). */
  constructor(options: WritePdfOptions, private readonly openContentBudget = OPEN_CONTENT_BUDGET) {
    this.options = options;
    // a deterministic encrypted document needs its fingerprint before its first page
    const seeded = options.deterministic && isEncrypted(options.encryption);
    this.open = seeded ? undefined : openPdfDocument(options, undefined);
    this.whole = seeded ? [] : undefined;
  }

  /** Writes (or holds) what paint handed over: a page, the margin boxes of a page written earlier, or that the document comes whole. */
  add(part: PaintedPart): void {
    if (part.kind === 'page') this.page(part);
    else if (part.kind === 'margins') this.finishPage(part);
    else if (this.count > 0) throw new Error('pdf writer: a document comes whole before its first page');
    else this.whole ??= [];
  }

  private page(part: PaintedPage): void {
    const index = this.count++;
    if (this.whole !== undefined) {
      this.whole.push({ page: part });
      return;
    }
    if (this.open === undefined) throw new Error('pdf writer: no document');
    const display: PageDisplayList = completePage(part);
    if (this.held.length > 0 || needsImagePrep(display)) {
      this.held.push({ display, later: [] });
      return;
    }
    try {
      const bytes = writeDocumentPage(this.open, display);
      if (part.marginsLater) {
        // its content stream kept open (its bytes held) while the pages waiting hold little enough
        const contentOpen = this.heldContentBytes + bytes <= this.openContentBudget;
        if (contentOpen) this.heldContentBytes += bytes;
        this.waiting.set(index, { open: keepPageOpen(this.open.doc, display, contentOpen), heldBytes: contentOpen ? bytes : 0 });
      }
    } catch (error) {
      throw asRenderError(error);
    }
  }

  /** The margin boxes of page `index`, painted once the document is complete; ends the page. */
  private finishPage(part: PaintedMargins): void {
    const { index } = part;
    if (this.whole !== undefined) {
      this.whole[index]!.margins = part;
      return;
    }
    if (this.open === undefined) throw new Error('pdf writer: no document');
    const items = [...part.items, ...part.annotations];
    const firstHeld = this.count - this.held.length;
    if (index >= firstHeld) {
      this.held[index - firstHeld]!.later = items;
      return;
    }
    const waiting = this.waiting.get(index);
    if (waiting === undefined) throw new Error(`pdf writer: page ${index} is not open`);
    this.waiting.delete(index);
    this.heldContentBytes -= waiting.heldBytes;
    const { open } = waiting;
    const writing = this.open;
    try {
      // drawn with the page current in PDFKit: links go through its matrix
      if (items.length > 0) drawOnOpenPage(writing.doc, open, () => drawOnPage(writing, open.page, { width: open.width, height: open.height, items }, index));
      endOpenPage(open);
    } catch (error) {
      throw asRenderError(error);
    }
  }

  /** Writes the held pages and the document-level objects; the PDF's bytes. */
  async end(): Promise<Uint8Array> {
    if (this.whole !== undefined) return this.endWhole(this.whole);
    if (this.open === undefined) throw new Error('pdf writer: no document');
    if (this.waiting.size > 0) throw new Error(`pdf writer: ${this.waiting.size} page(s) still open`);
    if (this.held.length > 0) {
      // each held page in one content stream: its own items, then those painted later
      const pages = this.held.map(({ display, later }) => (later.length === 0 ? display : { ...display, items: [...display.items, ...later] }));
      this.held.length = 0;
      const pixelated = await prepareImages({ pages }, this.options.warn);
      try {
        for (const page of pixelated.pages) writeDocumentPage(this.open, page);
      } catch (error) {
        throw asRenderError(error);
      }
    }
    return closePdfDocument(this.open);
  }

  /**
   * A document held whole: each page complete, its images enlarged, then its pages written; the
   * fingerprint of a deterministic encrypted one seeds its file identifier and encryption keys.
   */
  private async endWhole(whole: WholePage[]): Promise<Uint8Array> {
    const display = await prepareImages({ pages: whole.map(({ page, margins }) => completePage(page, margins)) }, this.options.warn);
    this.whole = [];
    const open = this.open ?? openPdfDocument(this.options, fingerprint({ display, ...fingerprintHeader(this.options) }));
    try {
      for (const page of display.pages) writeDocumentPage(open, page);
    } catch (error) {
      throw asRenderError(error);
    }
    return closePdfDocument(open);
  }
}

/** A whole display list written through the writer: a document that comes whole, each page complete (tests and tools). */
export function writePdf(display: DocumentDisplayList, options: WritePdfOptions): Promise<Uint8Array> {
  const writer = new PdfWriter(options);
  writer.add({ kind: 'whole' });
  display.pages.forEach((page, index) => writer.add({ kind: 'page', index, width: page.width, height: page.height, ...(page.bleed === undefined ? {} : { bleed: page.bleed }), items: page.items, annotations: [], marginsLater: false }));
  return writer.end();
}
