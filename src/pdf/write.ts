/**
 * The pdf stage's document (docs/design.md §2), driven page by page by pdf/writer.ts. One PDFKit page per display
 * page, sized in pt from px (× 0.75), with a base matrix that makes the content stream speak px
 * with y downwards; then links, the outline, attachments, the structure tree, XMP metadata, the
 * PDF/A output intent, encryption, and last the digital signature over the finished bytes.
 */
import { uncomposed } from '../paint/border-image.js';
import { randomBytes } from 'node:crypto';
import type { DisplayItem, PageDisplayList } from '../paint/display-list.js';
import type { Attachment, EncryptionOptions, FacturXOptions, Metadata, PdfAConformance, SignatureOptions } from '../options.js';
import { OctavoError, asOctavoError, assertNever } from '../errors.js';
import { PT_PER_PX } from '../geometry/types.js';
import type { Rect } from '../geometry/types.js';
import { embedAttachments } from './attachments.js';
import { ContentSink } from './content.js';
import type { DocumentResources, PageContext, PageResourceNames } from './context.js';
import { applyEncryption, headerVersion, isEncrypted } from './encryption.js';
import { facturXAttachment, facturXSchema } from './facturx.js';
import { fingerprintReplacer } from './fingerprint.js';
import type { FingerprintHeader } from './fingerprint.js';
import { createFontEmbedder } from './fonts.js';
import { closeScopes, fillPath, fillRect, popClip, popOpacity, pushClip, pushOpacity, strokePath } from './graphics.js';
import { createImageEmbedder, drawImage } from './images.js';
import { addLink } from './links.js';
import { MarkedContent } from './marked-content.js';
import type { DocumentInfo } from './metadata.js';
import { documentInfo } from './metadata.js';
import type { Bookmark } from './outline.js';
import { writeOutline } from './outline.js';
import { addOutputIntent, pdfaIdentification } from './pdfa.js';
import { collectOutput, fileId, hashOutput, openDocument, operatorBytes, setCatalogEntry, setFileId } from './pdfkit-document.js';
import type { PdfKitDocument, PdfKitPage, PdfRef } from './pdfkit-document.js';
import type { PendingSignature } from './signature.js';
import { addSignatureField, applySignature, createSignatureDictionary, writeAcroForm } from './signature.js';
import { loadSigner } from './signer.js';
import { StructureBuilder } from './structure.js';
import { drawGlyphs, pushClipGlyphs } from './text.js';
import { drawAlphaMask, drawShading, pushClipPath, pushTransform } from './shading.js';
import { drawTiles } from './tiling-pattern.js';
import { xmpPacket } from './xmp.js';

export interface WritePdfOptions {
  readonly metadata: Metadata;
  readonly encryption: EncryptionOptions | undefined;
  /** Identical input gives identical bytes: fixed dates, content-derived ID and random values. */
  readonly deterministic: boolean;
  /** Deflate content streams. */
  readonly compress: boolean;
  /** PDF/A-2b or -3b (the options were validated: no encryption). */
  readonly pdfa?: PdfAConformance | undefined;
  readonly attachments?: readonly Attachment[] | undefined;
  /** Factur-X invoice: PDF/A-3b, the XML attached, the fx: XMP schema. */
  readonly facturx?: FacturXOptions | undefined;
  /** Write the structure tree of begin-tag items (the display list must carry them). */
  readonly tagged?: boolean | undefined;
  readonly signature?: SignatureOptions | undefined;
  /** Reports what was drawn otherwise than asked (an SVG filter beyond the pixel budget: image-prep.ts). */
  readonly warn?: ((message: string) => void) | undefined;
}

/** A blank A4 page for a display list without pages (a PDF needs at least one). */
const EMPTY_PAGE: PageDisplayList = { width: 793.7, height: 1122.5, items: [] };

/** Everything decided before the first page is written. */
interface DocumentPlan {
  readonly options: WritePdfOptions;
  readonly info: DocumentInfo;
  readonly pdfa: PdfAConformance | undefined;
  readonly seed: Uint8Array | undefined;
}

/** What the fingerprint covers besides the pages: every option that shapes the bytes. */
export function fingerprintHeader(options: WritePdfOptions): FingerprintHeader {
  return {
    metadata: options.metadata,
    encryption: options.encryption,
    compress: options.compress,
    output: { pdfa: options.pdfa, attachments: options.attachments, facturx: options.facturx, tagged: options.tagged, signature: options.signature },
  };
}

/** A PDF being written one page at a time: PDFKit's document and what its pages share. */
export interface OpenPdfDocument {
  readonly doc: PdfKitDocument;
  readonly plan: DocumentPlan;
  readonly output: Promise<Uint8Array>;
  readonly resources: DocumentResources;
  readonly structure: StructureBuilder | undefined;
  /** The content stream being written (marked content writes into it). */
  readonly sinks: { current: ContentSink };
  readonly signature: PendingSignature | undefined;
  readonly bookmarks: Bookmark[];
  readonly widthsPt: number[];
  readonly pageRefs: PdfRef[];
  /** Named destinations written so far (the first element of an id wins). */
  readonly destinations: Set<string>;
  /** A deterministic unencrypted document: the hash of its options and of the bytes written so far. */
  readonly identify: (() => Uint8Array) | undefined;
}

/**
 * Opens the PDF. `seed`: the fingerprint of a deterministic encrypted document (it seeds the
 * file identifier and the encryption keys). Other deterministic documents are identified by the
 * hash of their options and of the bytes of their pages, set when the document is closed; the
 * rest get a random identifier.
 */
export function openPdfDocument(options: WritePdfOptions, seed: Uint8Array | undefined): OpenPdfDocument {
  try {
    const pdfa = options.facturx !== undefined ? '3b' : options.pdfa;
    const plan: DocumentPlan = { options, info: documentInfo(options.metadata, options.deterministic), pdfa, seed };
    const doc = createDocument(plan);
    const output = collectOutput(doc);
    const identify = options.deterministic && seed === undefined
      ? hashOutput(doc, JSON.stringify({ version: headerVersion(options.encryption), ...fingerprintHeader(options) }, fingerprintReplacer))
      : undefined;
    // a render stopped before the end leaves the document unfinished: nothing waits for its bytes
    output.catch(() => undefined);
    const structure = options.tagged === true ? new StructureBuilder(plan.info.language) : undefined;
    const sinks: { current: ContentSink } = { current: new ContentSink() };
    const resources: DocumentResources = {
      doc,
      fonts: createFontEmbedder(doc),
      images: createImageEmbedder(doc),
      alphaStates: new Map(),
      masks: new Map(),
      shadings: new Map(),
      pathForms: new WeakMap(),
      pageNames: new WeakMap(),
      groups: 0,
      skipNotdef: plan.pdfa !== undefined,
      rgbOnly: plan.pdfa !== undefined,
      marks: structure === undefined ? undefined : new MarkedContent(structure, () => sinks.current),
    };
    const signature = options.signature === undefined ? undefined : startSignature(doc, plan, options.signature);
    return { doc, plan, output, resources, structure, sinks, signature, bookmarks: [], widthsPt: [], pageRefs: [], destinations: new Set(), identify };
  } catch (error) {
    throw asRenderError(error);
  }
}

/** Writes the next page (PDFKit ends it when the next one is added, or at the end); the bytes of operators written to its content stream. */
export function writeDocumentPage(open: OpenPdfDocument, page: PageDisplayList): number {
  const { doc, structure, resources } = open;
  const index = open.pageRefs.length;
  open.widthsPt.push(page.width * PT_PER_PX);
  const written = writePage(pageTarget(open), page, index);
  open.pageRefs.push(doc.page.dictionary);
  const options = open.plan.options.signature;
  if (open.signature !== undefined && index === signaturePageOf(options)) {
    const parent = structure?.formParent();
    const widget = addSignatureField({
      doc, page: doc.page, options: options!, pending: open.signature, fonts: resources.fonts,
      ...(parent === undefined ? {} : { structParent: parent.key }),
    });
    if (parent !== undefined) structure!.addAnnotation(parent.node, widget, index);
  }
  return written;
}

/**
 * The operators that draw more items onto a page written earlier (pdf/writer.ts), from a fresh
 * sink: they follow the page's own operators, whose graphics state they do not rely on.
 */
export function drawOnPage(open: OpenPdfDocument, page: PdfKitPage, display: { readonly width: number; readonly height: number; readonly bleed?: number; readonly items: readonly DisplayItem[] }, index: number): string {
  return drawItems(pageTarget(open), page, display, index);
}

function pageTarget(open: OpenPdfDocument): PageWriter {
  open.sinks.current = new ContentSink();
  return { resources: open.resources, structure: open.structure, bookmarks: open.bookmarks, destinations: open.destinations, sink: open.sinks.current };
}

function signaturePageOf(options: SignatureOptions | undefined): number {
  return options?.visible === undefined ? 0 : options.visible.page - 1;
}

/** Writes the document-level objects, ends the document and applies the signature. */
export async function closePdfDocument(open: OpenPdfDocument): Promise<Uint8Array> {
  const { doc, plan, structure, signature } = open;
  try {
    if (open.pageRefs.length === 0) writeDocumentPage(open, EMPTY_PAGE);
    const pages = open.pageRefs.length;
    if (signaturePageOf(plan.options.signature) >= pages) {
      throw new OctavoError('invalid_options', `invalid option signature.visible.page: the document has ${pages} page${pages === 1 ? '' : 's'}`);
    }
    // the pages make the rest (fonts, outline, structure), the options the metadata
    if (open.identify !== undefined) setFileId(doc, open.identify().slice(0, 16));
    writeOutline(doc, open.bookmarks, open.widthsPt);
    finishDocument(doc, plan, { structure, pageRefs: open.pageRefs, signature });
    doc.end();
  } catch (error) {
    throw asRenderError(error);
  }
  try {
    const pdf = await open.output;
    return signature === undefined ? pdf : applySignature(pdf, signature);
  } catch (error) {
    throw asRenderError(error);
  }
}

function createDocument(plan: DocumentPlan): PdfKitDocument {
  const { info, options, seed } = plan;
  const doc = openDocument({
    compress: options.compress,
    pdfVersion: headerVersion(options.encryption),
    info: info.info,
    language: info.language,
    displayTitle: info.displayTitle,
  });
  // file identifier: from the content when deterministic, else random (PDFKit hashes the date)
  setFileId(doc, seed !== undefined ? seed.slice(0, 16) : new Uint8Array(randomBytes(16)));
  if (isEncrypted(options.encryption)) applyEncryption(doc, options.encryption, seed);
  return doc;
}

function startSignature(doc: PdfKitDocument, plan: DocumentPlan, options: SignatureOptions): PendingSignature {
  const signer = loadSigner(options.p12, options.passphrase);
  const signingTime = plan.info.info['CreationDate'] as Date;
  return createSignatureDictionary(doc, options, signer, signingTime);
}

interface Finish {
  readonly structure: StructureBuilder | undefined;
  readonly pageRefs: readonly PdfRef[];
  readonly signature: PendingSignature | undefined;
}

/** Catalog-level objects written once the pages are done. */
function finishDocument(doc: PdfKitDocument, plan: DocumentPlan, finish: Finish): void {
  const { options, info } = plan;
  const date = info.info['CreationDate'] as Date;
  const attachments = [...(options.facturx === undefined ? [] : [facturXAttachment(options.facturx)]), ...(options.attachments ?? [])];
  embedAttachments(doc, attachments, { date, encrypted: isEncrypted(options.encryption) });
  finish.structure?.write(doc, finish.pageRefs);
  if (finish.signature !== undefined) writeAcroForm(doc, finish.signature);
  if (plan.pdfa !== undefined) addOutputIntent(doc);
  writeXmp(doc, plan);
}

/** The XMP metadata stream (never compressed, so archivers can find it; PDF/A requires no filter). */
function writeXmp(doc: PdfKitDocument, plan: DocumentPlan): void {
  const values = plan.info.info;
  const text = (key: string): string | undefined => (typeof values[key] === 'string' ? values[key] : undefined);
  const date = values['CreationDate'] as Date;
  const packet = xmpPacket({
    ...optional('title', text('Title')),
    ...optional('author', text('Author')),
    ...optional('subject', text('Subject')),
    ...optional('keywords', text('Keywords')),
    ...optional('language', plan.info.language),
    creator: text('Creator') ?? 'octavo',
    producer: text('Producer') ?? 'octavo',
    creationDate: date,
    modificationDate: (values['ModDate'] as Date | undefined) ?? date,
    documentId: Buffer.from(fileId(doc)).toString('hex'),
    ...(plan.pdfa === undefined ? {} : { pdfa: pdfaIdentification(plan.pdfa) }),
    ...(plan.options.facturx === undefined ? {} : { extensions: [facturXSchema(plan.options.facturx)] }),
  });
  const ref = doc.ref({ Type: 'Metadata', Subtype: 'XML' });
  ref.compress = false;
  ref.end(new Uint8Array(Buffer.from(packet, 'utf8')));
  setCatalogEntry(doc, 'Metadata', ref);
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

interface PageWriter {
  readonly resources: DocumentResources;
  readonly structure: StructureBuilder | undefined;
  readonly bookmarks: Bookmark[];
  /** Named destinations written so far (the first element of an id wins). */
  readonly destinations: Set<string>;
  readonly sink: ContentSink;
}

function writePage(writer: PageWriter, display: PageDisplayList, index: number): number {
  const doc = writer.resources.doc;
  const bleed = display.bleed ?? 0;
  doc.addPage({ size: [(display.width + 2 * bleed) * PT_PER_PX, (display.height + 2 * bleed) * PT_PER_PX], margin: 0 });
  // PDFKit's page starts with a y flip to top-left origin in pt; scale that to px
  doc.transform(PT_PER_PX, 0, 0, PT_PER_PX, 0, 0);
  if (bleed > 0) {
    // the sheet is the page box and its bleed area (CSS Paged Media 3 §7.2): the page box is where it is trimmed
    doc.transform(1, 0, 0, 1, bleed, bleed);
    const [w, h, b] = [display.width * PT_PER_PX, display.height * PT_PER_PX, bleed * PT_PER_PX];
    doc.page.dictionary.data['TrimBox'] = [b, b, b + w, b + h];
    doc.page.dictionary.data['BleedBox'] = [0, 0, w + 2 * b, h + 2 * b];
  }
  // `page-orientation`: the viewer turns the page; its content and links stay as laid out
  if (display.rotate !== undefined) doc.page.dictionary.data['Rotate'] = display.rotate;
  // annotations in structure order (PDF/UA-1 §7.18.3)
  if (writer.resources.marks !== undefined) doc.page.dictionary.data['Tabs'] = 'S';
  const operators = drawItems(writer, doc.page, display, index);
  if (operators === '') return 0;
  const bytes = operatorBytes(operators);
  doc.page.content.write(bytes);
  return bytes.length;
}

/** The resource names a page has given, shared by its content streams (DocumentResources.pageNames). */
function pageNamesOf(resources: DocumentResources, page: PdfKitPage): PageResourceNames {
  let names = resources.pageNames.get(page);
  if (names === undefined) resources.pageNames.set(page, names = { softMasks: 0, shadings: new Map(), pathForms: new Map() });
  return names;
}

/** The operators of one content stream of a page (the page's own, or one added to it later). */
function drawItems(writer: PageWriter, page: PdfKitPage, display: { readonly width: number; readonly height: number; readonly bleed?: number; readonly items: readonly DisplayItem[] }, index: number): string {
  const { resources } = writer;
  const ctx: PageContext = {
    resources,
    page,
    sink: writer.sink,
    width: display.width,
    height: display.height,
    bleed: display.bleed ?? 0,
    scopes: [],
    marks: resources.marks,
    names: pageNamesOf(resources, page),
  };
  resources.marks?.beginPage(index, page.dictionary);
  for (const item of display.items) drawItem(ctx, item, index, writer);
  resources.marks?.endStream();
  closeScopes(ctx);
  return ctx.sink.finish();
}

/**
 * In a tagged PDF, untagged painting is wrapped as an artifact first (`marks.beforePaint`), and
 * clip and group operators are never inside an automatic artifact sequence (`beforeStructure`).
 * A statement before each painting call, not a wrapper taking a callback: a closure per display
 * item (tens of thousands per long table) was most of this function's garbage.
 */
function drawItem(ctx: PageContext, item: DisplayItem, pageIndex: number, writer: PageWriter): void {
  const marks = ctx.marks;
  switch (item.kind) {
    case 'fill-rect':
      marks?.beforePaint();
      return fillRect(ctx, item.rect, item.color);
    case 'fill-path':
      marks?.beforePaint();
      return fillPath(ctx, item.path, item.color, item.evenOdd ?? false);
    case 'stroke-path':
      marks?.beforePaint();
      return strokePath(ctx, item.path, { color: item.color, width: item.width, dash: item.dash, lineCap: item.lineCap, lineJoin: item.lineJoin, miterLimit: item.miterLimit, dashOffset: item.dashOffset });
    case 'glyphs':
      marks?.beforePaint();
      return drawGlyphs(ctx, item);
    case 'image':
      // a frame left uncomposed (image-prep.ts did not see it) is drawn tile by tile
      if (item.compose !== undefined) return uncomposed(item).forEach((part) => drawItem(ctx, part, pageIndex, writer));
      // an SVG filter Skia could not draw (image-prep.ts made no copy): the element unfiltered
      if (item.rasterize !== undefined && item.image.format === 'svg') return item.rasterize.unrasterized.forEach((part) => drawItem(ctx, part, pageIndex, writer));
      marks?.beforePaint();
      return drawImage(ctx, item.rect, item.image, item.interpolate);
    case 'tiles':
      marks?.beforePaint();
      return drawTiles(ctx, item, (cell, tile) => { for (const part of tile) drawItem(cell, part, pageIndex, writer); });
    case 'shading':
      marks?.beforePaint();
      return drawShading(ctx, item.rect, item.shading);
    case 'alpha-mask':
      marks?.beforePaint();
      return drawAlphaMask(ctx, item.rect, item.color, item.mask);
    case 'push-clip-glyphs':
      marks?.beforeStructure();
      return pushClipGlyphs(ctx, item.runs);
    case 'push-clip-path':
      marks?.beforeStructure();
      return pushClipPath(ctx, item.path, item.evenOdd ?? false);
    case 'push-transform':
      marks?.beforeStructure();
      return pushTransform(ctx, item.matrix);
    case 'pop-transform':
      marks?.beforeStructure();
      return popClip(ctx);
    case 'push-clip':
      marks?.beforeStructure();
      return pushClip(ctx, item.rect, item.radii);
    case 'pop-clip':
      marks?.beforeStructure();
      return popClip(ctx);
    case 'push-opacity': {
      const mask = item.mask;
      const drawn = mask === undefined ? undefined : { luminance: mask.luminance, draw: () => { for (const m of mask.items) drawItem(ctx, m, pageIndex, writer); } };
      return pushOpacity(ctx, item.opacity, drawn, item.blend, item.isolated);
    }
    case 'pop-opacity':
      return popOpacity(ctx);
    case 'link':
      return addLink(ctx.resources.doc, item, writer.structure, pageIndex, sheetOf(ctx));
    case 'bookmark':
    case 'destination':
      return addPlace(ctx, item, pageIndex, writer);
    case 'begin-tag':
      marks?.beginTag(item.element, item.part);
      return;
    case 'begin-artifact':
      marks?.beginArtifact(item.type);
      return;
    case 'end-marked':
      marks?.endMarked();
      return;
    default:
      assertNever(item, 'display item');
  }
}

/** A bookmark (written with the outline at the end) or a named destination, placed on the sheet. */
function addPlace(ctx: PageContext, item: Extract<DisplayItem, { kind: 'bookmark' | 'destination' }>, pageIndex: number, writer: PageWriter): void {
  const x = item.x === undefined ? undefined : onSheet(item.x, ctx.width, ctx.bleed);
  const y = onSheet(item.y, ctx.height, ctx.bleed);
  if (item.kind === 'bookmark') {
    writer.bookmarks.push({ level: item.level, title: item.title, page: pageIndex, y, ...(x === undefined ? {} : { x }), open: item.open });
  } else if (!writer.destinations.has(item.name)) {
    writer.destinations.add(item.name);
    ctx.resources.doc.addNamedDestination(item.name, 'XYZ', (x ?? 0) * PT_PER_PX, y * PT_PER_PX, null);
  }
}

/** The sheet (the page box and its bleed) in page px. */
function sheetOf(ctx: PageContext): Rect {
  return { x: -ctx.bleed, y: -ctx.bleed, width: ctx.width + 2 * ctx.bleed, height: ctx.height + 2 * ctx.bleed };
}

/**
 * A page coordinate (px, along a page side of `extent`) as a place on the sheet for a bookmark or
 * a destination to show: from the sheet's edge, within it. A box moved off the page (`top: 1e25px`,
 * `scale(1e30)`) is shown at the nearest edge; its coordinate was a number PDF cannot write.
 */
function onSheet(coordinate: number, extent: number, bleed: number): number {
  const sheet = coordinate + bleed;
  return Number.isFinite(sheet) ? Math.min(Math.max(0, sheet), extent + 2 * bleed) : 0;
}

export function asRenderError(error: unknown): OctavoError {
  return asOctavoError(error, 'write the PDF');
}
