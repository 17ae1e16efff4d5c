/**
 * The pdf stage: a display list in, PDF bytes out (DESIGN.md §2). One PDFKit page per display
 * page, sized in pt from px (× 0.75), with a base matrix that makes the content stream speak px
 * with y downwards; then links, the outline, metadata and encryption.
 */
import { randomBytes } from 'node:crypto';
import type { DisplayItem, DocumentDisplayList, PageDisplayList } from '../paint/display-list.js';
import type { EncryptionOptions, Metadata } from '../options.js';
import { OctavoError, assertNever } from '../errors.js';
import { PT_PER_PX } from '../geometry/types.js';
import { ContentSink } from './content.js';
import type { DocumentResources, PageContext } from './context.js';
import { applyEncryption, headerVersion, isEncrypted } from './encryption.js';
import { fingerprint } from './fingerprint.js';
import { createFontEmbedder } from './fonts.js';
import { closeScopes, fillPath, fillRect, popClip, popOpacity, pushClip, pushOpacity, strokePath } from './graphics.js';
import { createImageEmbedder, drawImage } from './images.js';
import { addLink } from './links.js';
import { documentInfo } from './metadata.js';
import type { Bookmark } from './outline.js';
import { writeOutline } from './outline.js';
import { collectOutput, openDocument } from './pdfkit-document.js';
import type { PdfKitDocument } from './pdfkit-document.js';
import { drawGlyphs } from './text.js';

export interface WritePdfOptions {
  readonly metadata: Metadata;
  readonly encryption: EncryptionOptions | undefined;
  /** Identical input gives identical bytes: fixed dates, content-derived ID and random values. */
  readonly deterministic: boolean;
  /** Deflate content streams. */
  readonly compress: boolean;
}

/** A blank A4 page for a display list without pages (a PDF needs at least one). */
const EMPTY_PAGE: PageDisplayList = { width: 793.7, height: 1122.5, items: [] };

export async function writePdf(display: DocumentDisplayList, options: WritePdfOptions): Promise<Uint8Array> {
  let output: Promise<Uint8Array>;
  try {
    const seed = options.deterministic
      ? fingerprint({ display, metadata: options.metadata, encryption: options.encryption, compress: options.compress })
      : undefined;
    const doc = createDocument(options, seed);
    output = collectOutput(doc);
    writeDocument(doc, display.pages.length > 0 ? display.pages : [EMPTY_PAGE]);
    doc.end();
  } catch (error) {
    throw asRenderError(error);
  }
  try {
    return await output;
  } catch (error) {
    throw asRenderError(error);
  }
}

function createDocument(options: WritePdfOptions, seed: Uint8Array | undefined): PdfKitDocument {
  const info = documentInfo(options.metadata, options.deterministic);
  const doc = openDocument({
    compress: options.compress,
    pdfVersion: headerVersion(options.encryption),
    info: info.info,
    language: info.language,
    displayTitle: info.displayTitle,
  });
  // file identifier: from the content when deterministic, else random (PDFKit hashes the date)
  doc._id = seed !== undefined ? seed.slice(0, 16) : new Uint8Array(randomBytes(16));
  if (isEncrypted(options.encryption)) applyEncryption(doc, options.encryption, seed);
  return doc;
}

function writeDocument(doc: PdfKitDocument, pages: readonly PageDisplayList[]): void {
  const resources: DocumentResources = {
    doc,
    fonts: createFontEmbedder(doc),
    images: createImageEmbedder(doc),
    alphaStates: new Map(),
    groups: 0,
  };
  const bookmarks: Bookmark[] = [];
  const widthsPt: number[] = [];
  pages.forEach((page, index) => {
    widthsPt.push(page.width * PT_PER_PX);
    writePage(resources, page, index, bookmarks);
  });
  writeOutline(doc, bookmarks, widthsPt);
}

function writePage(resources: DocumentResources, display: PageDisplayList, index: number, bookmarks: Bookmark[]): void {
  const doc = resources.doc;
  doc.addPage({ size: [display.width * PT_PER_PX, display.height * PT_PER_PX], margin: 0 });
  // PDFKit's page starts with a y flip to top-left origin in pt; scale that to px
  doc.transform(PT_PER_PX, 0, 0, PT_PER_PX, 0, 0);
  const ctx: PageContext = {
    resources,
    page: doc.page,
    sink: new ContentSink(),
    width: display.width,
    height: display.height,
    scopes: [],
  };
  for (const item of display.items) drawItem(ctx, item, index, bookmarks);
  closeScopes(ctx);
  const operators = ctx.sink.finish();
  if (operators !== '') ctx.page.content.write(operators);
}

function drawItem(ctx: PageContext, item: DisplayItem, pageIndex: number, bookmarks: Bookmark[]): void {
  switch (item.kind) {
    case 'fill-rect':
      return fillRect(ctx, item.rect, item.color);
    case 'fill-path':
      return fillPath(ctx, item.path, item.color, item.evenOdd ?? false);
    case 'stroke-path':
      return strokePath(ctx, item.path, { color: item.color, width: item.width, dash: item.dash, lineCap: item.lineCap });
    case 'glyphs':
      return drawGlyphs(ctx, item);
    case 'image':
      return drawImage(ctx, item.rect, item.image);
    case 'push-clip':
      return pushClip(ctx, item.rect, item.radii);
    case 'pop-clip':
      return popClip(ctx);
    case 'push-opacity':
      return pushOpacity(ctx, item.opacity);
    case 'pop-opacity':
      return popOpacity(ctx);
    case 'link':
      return addLink(ctx.resources.doc, item.rect, item.url);
    case 'bookmark':
      bookmarks.push({ level: item.level, title: item.title, page: pageIndex, y: item.y });
      return;
    default:
      assertNever(item, 'display item');
  }
}

function asRenderError(error: unknown): OctavoError {
  if (error instanceof OctavoError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new OctavoError('render_error', `could not write the PDF: ${message}`, { cause: error });
}
