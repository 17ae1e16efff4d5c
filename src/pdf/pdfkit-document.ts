/**
 * The one place that touches PDFKit. PDFKit's document is a mixin object with underscore-private
 * state; this file names every internal octavo relies on (PDFKIT_INTERNALS, checked against the
 * installed PDFKit by test/pdf/pdfkit-internals.test.ts) and hands the rest of pdf/ a small typed
 * surface (the PNG images' internals, listed here too, are used in pdfkit-png.ts). Everything
 * octavo writes goes through PDFKit references (`doc.ref()`, the page content stream), so PDFKit's
 * security handler encrypts every stream and string.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { BufferedHash } from './buffered-hash.js';
import { OutputCollector } from './output-collector.js';

/** What a PDFKit internal is, as `internalKind` names it. */
export type InternalKind = 'function' | 'object' | 'array' | 'bytes' | 'number' | 'null';

/** One PDFKit internal (a member not in PDFKit's documentation) octavo reads, sets or replaces. */
export interface PdfKitInternal {
  /** The object that has it: a document, one of its pages, an indirect object (`doc.ref()`), an embedded font, the security handler or its class, the outline, an image. */
  readonly owner: 'document' | 'page' | 'reference' | 'font' | 'font subset' | 'security' | 'security class' | 'outline' | 'image' | 'png';
  readonly member: string;
  readonly kind: InternalKind;
  /** What octavo does with it. */
  readonly use: string;
}

/** Every PDFKit internal octavo uses, all in this file. */
export const PDFKIT_INTERNALS: readonly PdfKitInternal[] = [
  { owner: 'document', member: '_root', kind: 'object', use: 'catalog entries: /AF, /OutputIntents, /AcroForm, /StructTreeRoot, /MarkInfo, /Metadata' },
  { owner: 'document', member: '_id', kind: 'bytes', use: 'the file identifier, set from the content or at random' },
  { owner: 'document', member: '_security', kind: 'null', use: 'the security handler, installed by pdf/encryption.ts (null until then)' },
  { owner: 'document', member: '_font', kind: 'object', use: 'the font doc.font() made current' },
  { owner: 'document', member: '_fontCount', kind: 'number', use: 'the id of a font made for a second face with the same PostScript name' },
  { owner: 'document', member: '_fontFamilies', kind: 'object', use: 'registering that font, so that PDFKit writes it at the end' },
  { owner: 'document', member: '_ctm', kind: 'array', use: 'the matrix of a page kept open, for links added to it later' },
  { owner: 'document', member: '_pageBuffer', kind: 'array', use: 'taking a page out, to keep it open' },
  { owner: 'document', member: '_pageBufferStart', kind: 'number', use: 'the same' },
  { owner: 'document', member: '_imageCount', kind: 'number', use: "the label of an image PDFKit does not open: a PNG opened again from an earlier document's parse (reopenPng), decoded pixels (decoded-image.ts)" },
  { owner: 'document', member: 'push', kind: 'function', use: 'the bytes written, taken where PDFKit pushes them into its stream' },
  { owner: 'document', member: '_write', kind: 'function', use: 'wrapped: a string written is made bytes natively (the same bytes)' },
  { owner: 'document', member: 'endMetadata', kind: 'function', use: 'replaced: octavo writes the XMP packet' },
  { owner: 'document', member: 'endMarkings', kind: 'function', use: 'replaced: octavo writes the structure tree' },
  { owner: 'document', member: 'endAcroForm', kind: 'function', use: 'replaced: octavo writes the AcroForm' },
  { owner: 'document', member: 'spotColors', kind: 'object', use: 'the colour spaces of a page kept open, when it ends' },
  { owner: 'page', member: 'dictionary', kind: 'object', use: 'the page object: /Contents, /Tabs, /TrimBox, /BleedBox, /Rotate, its reference' },
  { owner: 'page', member: 'resources', kind: 'object', use: 'fonts, images and graphics states drawn on the page' },
  { owner: 'page', member: 'content', kind: 'object', use: 'the page content stream, written by octavo' },
  { owner: 'reference', member: 'buffer', kind: 'array', use: "a stream's bytes until it ends: compressed by octavo for content streams (endDeflated)" },
  { owner: 'page', member: 'annotations', kind: 'array', use: "the page's /Annots (links in structure order)" },
  { owner: 'page', member: '_setTabOrder', kind: 'function', use: 'ending a page kept open as PDFPage.end() does' },
  { owner: 'font', member: 'subset', kind: 'object', use: "octavo's TrueType or CFF subset, given to the font as it is made (embeddedFont) or put in place before the first glyph" },
  { owner: 'font', member: 'unicode', kind: 'array', use: 'the ToUnicode entries of each subset glyph' },
  { owner: 'font', member: 'widths', kind: 'array', use: 'the /W entries of each subset glyph' },
  { owner: 'font', member: 'scale', kind: 'number', use: 'font units to 1/1000 em' },
  { owner: 'font', member: 'embed', kind: 'function', use: "replaced by the embedding of octavo's subset (pdf/font-embed.ts)" },
  { owner: 'font subset', member: 'glyphs', kind: 'array', use: "fontkit's subset glyph ids: a glyph added a second time, for a second ToUnicode entry" },
  { owner: 'security', member: 'encryptionKey', kind: 'bytes', use: 'the file key, for the AES-256 (R6) entries octavo computes' },
  { owner: 'security', member: 'getEncryptFn', kind: 'function', use: 'wrapped: seeded random bytes for a deterministic document' },
  { owner: 'security', member: 'dictionary', kind: 'object', use: 'the /Encrypt dictionary' },
  { owner: 'security class', member: 'create', kind: 'function', use: 'a security handler for the encryption options' },
  { owner: 'security class', member: 'generateRandomWordArray', kind: 'function', use: 'replaced while seeded bytes are drawn' },
  { owner: 'outline', member: 'outlineData', kind: 'object', use: 'the entries of an outline item' },
  { owner: 'outline', member: 'dictionary', kind: 'object', use: 'the outline item object' },
  { owner: 'image', member: 'obj', kind: 'null', use: 'the image XObject, made by embed()' },
  { owner: 'image', member: 'image', kind: 'object', use: "png-js's parse of a PNG, kept to open the same file again without parsing it (reopenPng)" },
  { owner: 'image', member: 'imgData', kind: 'bytes', use: 'the same: the image data of that parse' },
  { owner: 'image', member: 'embed', kind: 'function', use: 'writing the image before it is drawn' },
  { owner: 'image', member: 'finalize', kind: 'function', use: 'wrapped: the pixels PDFKit decoded and compressed again, kept for the next document; the end of the image\'s turn to decode' },
  { owner: 'image', member: 'splitAlphaChannel', kind: 'function', use: 'wrapped: started in the image\'s turn (one PNG of a document decoded at a time); replaced when those pixels are kept: a PNG with an alpha channel' },
  { owner: 'image', member: 'loadIndexedAlphaChannel', kind: 'function', use: 'the same: a palette PNG with transparency; replaced below 8 bits a pixel, whose packed indices PDFKit reads a byte each (pdfkit-png.ts fixIndexedAlpha)' },
  { owner: 'image', member: 'decodeData', kind: 'function', use: 'the same: an interlaced PNG' },
  { owner: 'png', member: 'decodePixels', kind: 'function', use: 'replaced per parse for a non-interlaced PNG: the same pixels, unfiltered in a tight loop, and packed rows below 8 bits a pixel (pdfkit-png.ts fastDecodePixels)' },
  { owner: 'png', member: 'imgData', kind: 'bytes', use: 'the same: the compressed image data it inflates' },
  { owner: 'png', member: 'pixelBitlength', kind: 'number', use: 'the same: bits per pixel' },
  { owner: 'png', member: 'transparency', kind: 'object', use: "the alpha of each palette entry (its `indexed`), for a palette PNG's soft mask below 8 bits a pixel (fixIndexedAlpha)" },
  { owner: 'png', member: 'interlaceMethod', kind: 'number', use: 'the same: only a non-interlaced image is decoded by octavo' },
];

/** The kind of a value, as PDFKIT_INTERNALS lists it. */
export function internalKind(value: unknown): InternalKind | 'other' {
  if (value === null) return 'null';
  if (typeof value === 'function') return 'function';
  if (typeof value === 'number') return 'number';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Uint8Array) return 'bytes';
  return typeof value === 'object' ? 'object' : 'other';
}

/** The installed PDFKit's version (for messages about its internals). */
export function pdfKitVersion(): string {
  try {
    const main = createRequire(import.meta.url).resolve('pdfkit');
    return (JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'of unknown version';
  }
}

/** Fails loudly when an internal octavo patches is missing: a PDFKit upgrade changed what this file relies on. */
export function requireInternal(owner: PdfKitInternal['owner'], object: object, member: string, kind: InternalKind): void {
  const actual = internalKind((object as Record<string, unknown>)[member]);
  if (actual !== kind) {
    throw new Error(`pdfkit ${pdfKitVersion()}: ${owner}.${member} is ${actual}, octavo needs a ${kind} (see PDFKIT_INTERNALS in pdf/pdfkit-document.ts)`);
  }
}

/** The next label PDFKit's own `openImage` would give (`I1`, `I2` …), for an image octavo opens itself. */
export function nextImageLabel(doc: PdfKitDocument): string {
  requireInternal('document', doc, '_imageCount', 'number');
  return `I${++(doc as unknown as { _imageCount: number })._imageCount}`;
}

/** An indirect object (`n 0 R`) as PDFKit models it. */
export interface PdfRef {
  readonly id: number;
  data: Record<string, unknown>;
  /** Deflate the stream (PDFKit's document default unless set to false before writing). */
  compress: boolean;
  write(chunk: string | Uint8Array): void;
  end(chunk?: string | Uint8Array): void;
}

/** PDFKit's EmbeddedFont: a fontkit font, its subset, and the width / ToUnicode tables it embeds at the end. */
export interface PdfKitEmbeddedFont {
  id: string;
  readonly font: PdfKitFontProgram;
  /**
   * fontkit's subset (`font.createSubset()`), or octavo's (pdf/subset/) put in its place before
   * any glyph is added: `embed()` writes `subset.encode()` as /FontFile2 (/FontFile3 when it has `cff`).
   */
  subset: PdfKitFontSubset;
  /** Subset glyph id -> code points (written as the ToUnicode CMap). */
  readonly unicode: number[][];
  /** Subset glyph id -> advance in 1/1000 em (written as /W). */
  readonly widths: number[];
  /** 1000 / unitsPerEm */
  readonly scale: number;
  /** In 1/1000 em. */
  readonly ascender: number;
  readonly descender: number;
  readonly document: PdfKitDocument;
  /** The Type 0 font dictionary, made by the first ref(). */
  readonly dictionary: PdfRef | null | undefined;
  ref(): PdfRef;
  /** Writes the font's objects when the document ends (pdf/font-embed.ts replaces it for octavo's subsets). */
  embed(): void;
}

/** What PDFKit's EmbeddedFont asks of its subset. */
export interface PdfKitFontSubset {
  includeGlyph(glyphId: number): number;
  encode(): Uint8Array;
  /** Adds the glyph again under a new subset id (octavo's subsets; fontkit's through fontkitGlyphCopy). */
  includeCopy?(glyphId: number): number;
}

/**
 * Adds `glyphId` to fontkit's subset (the font's own, not replaced) under a new subset id, the
 * same outline: a glyph two characters share (U+2010 and U+2011 in many fonts) then gets a
 * ToUnicode entry per character.
 */
export function fontkitGlyphCopy(font: PdfKitEmbeddedFont, glyphId: number): number {
  requireInternal('font subset', font.subset, 'glyphs', 'array');
  const glyphs = (font.subset as unknown as { glyphs: number[] }).glyphs;
  glyphs.push(glyphId);
  return glyphs.length - 1;
}

/** What octavo asks of a parsed fontkit font (FontFace.program). */
export interface PdfKitFontProgram {
  readonly postscriptName: string;
  getGlyph(glyphId: number): { readonly advanceWidth: number };
  layout(text: string): unknown;
}

/** PDFKit's image objects (JPEG / PNGImage), created by `openImage`. */
export interface PdfKitImage {
  readonly label: string;
  readonly width: number;
  readonly height: number;
  /** EXIF orientation (JPEG only), 1-8. */
  readonly orientation?: number;
  obj: PdfRef | null;
  embed(doc: PdfKitDocument): void;
}

export interface PdfKitPage {
  readonly width: number;
  readonly height: number;
  readonly dictionary: PdfRef;
  readonly resources: PdfRef;
  readonly content: PdfRef;
  readonly fonts: Record<string, PdfRef>;
  readonly xobjects: Record<string, PdfRef>;
  readonly ext_gstates: Record<string, PdfRef>;
  /** The page's /Annots. */
  readonly annotations: PdfRef[];
}

export interface PdfKitOutline {
  readonly dictionary: PdfRef;
  /** The item's dictionary entries (written when the document ends). */
  readonly outlineData: Record<string, unknown>;
  addItem(title: string, options: { pageNumber: number; top: number; left: number; expanded: boolean }): PdfKitOutline;
}

/** PDFKit's standard security handler (PDFSecurity), reached through a document instance. */
export interface PdfKitSecurity {
  readonly dictionary: PdfRef;
  getEncryptFn(objectId: number, generation: number): ((bytes: Uint8Array) => Uint8Array) | null;
  end(): void;
}

export interface PdfKitSecurityClass {
  create(doc: PdfKitDocument, options: PdfKitSecurityOptions): PdfKitSecurity | null;
  generateRandomWordArray(bytes: number): Uint8Array;
}

export interface PdfKitSecurityOptions {
  userPassword?: string;
  ownerPassword?: string;
  permissions: PdfKitPermissions;
  pdfVersion: PdfVersion;
}

export interface PdfKitPermissions {
  printing?: 'highResolution' | 'lowResolution';
  modifying?: boolean;
  copying?: boolean;
  annotating?: boolean;
  fillingForms?: boolean;
  contentAccessibility?: boolean;
  documentAssembly?: boolean;
}

export type PdfVersion = '1.3' | '1.4' | '1.5' | '1.6' | '1.7' | '1.7ext3';

/** The PDFKit document as octavo uses it outside this file (its internals are reached through the functions below). */
export interface PdfKitDocument {
  readonly page: PdfKitPage;
  readonly outline: PdfKitOutline;
  /** Deflate streams (the `compress` option). */
  readonly compress: boolean;
  /** 1 for PDF/A-1 and PDF/UA documents PDFKit made (it then writes each font's CIDSet). */
  readonly subset?: number;
  ref(data?: Record<string, unknown>): PdfRef;
  /** Adds a file specification to the catalog's /Names /EmbeddedFiles name tree (kept sorted). */
  addNamedEmbeddedFile(name: string, filespec: PdfRef): void;
  addPage(options: { size: [number, number]; margin: number }): PdfKitDocument;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): PdfKitDocument;
  font(program: object): PdfKitDocument;
  openImage(bytes: Uint8Array): PdfKitImage;
  link(x: number, y: number, width: number, height: number, url: string, options?: Record<string, unknown>): PdfKitDocument;
  /** A link annotation whose action goes to a named destination. */
  goTo(x: number, y: number, width: number, height: number, name: string, options?: Record<string, unknown>): PdfKitDocument;
  /** A named destination on the current page; `top` is in pt from the page's top (PDFKit flips it). */
  addNamedDestination(name: string, type: 'XYZ', left: number, top: number, zoom: null): void;
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end', listener: () => void): void;
  on(event: 'error', listener: (error: unknown) => void): void;
  emit(event: 'error', error: unknown): boolean; // fails the output (collectOutput): a PNG whose decoding failed in its turn
  end(): void;
}

/** The document's internals (PDFKIT_INTERNALS), for this file only. */
interface DocumentInternals {
  page: PdfKitPage;
  /** The current transformation matrix, which annotations' rectangles go through (set per page). */
  _ctm: number[];
  _id: Uint8Array;
  _security: PdfKitSecurity | null;
  _font: PdfKitEmbeddedFont;
  _fontCount: number;
  _fontFamilies: Record<string, PdfKitEmbeddedFont>;
  /** The document catalog. */
  readonly _root: PdfRef;
}

function internals(doc: PdfKitDocument): DocumentInternals {
  return doc as unknown as DocumentInternals;
}

/** Sets an entry of the document catalog (written when the document ends). */
export function setCatalogEntry(doc: PdfKitDocument, key: string, value: unknown): void {
  internals(doc)._root.data[key] = value;
}

/** The file identifier (ISO 32000-1 §14.4): PDFKit writes it as both elements of /ID. */
export function fileId(doc: PdfKitDocument): Uint8Array {
  return internals(doc)._id;
}

export function setFileId(doc: PdfKitDocument, id: Uint8Array): void {
  internals(doc)._id = id;
}

/** Installs the security handler that encrypts every object written from now on. */
export function setSecurity(doc: PdfKitDocument, security: PdfKitSecurity): void {
  requireInternal('document', doc, '_security', 'null');
  internals(doc)._security = security;
}

/** The file encryption key of a security handler (for the AES-256 entries octavo computes). */
export function securityFileKey(security: PdfKitSecurity): Uint8Array {
  requireInternal('security', security, 'encryptionKey', 'bytes');
  return (security as unknown as { encryptionKey: Uint8Array }).encryptionKey;
}

/**
 * PDFKit's font for a parsed fontkit font: its own, even where PDFKit would reuse an earlier font
 * with the same PostScript name. When PDFKit makes the font it calls `font.createSubset()`; asked
 * then, `ownSubset` gives octavo's subset in its place (fontkit's when it has none): fontkit's CFF
 * subsetter decodes the whole `CFF ` table for it (every charstring's place: 110,000 in a CJK
 * face), to be replaced at once — and throws when fontkit cannot decode a table octavo's reader
 * accepts. A font PDFKit already has asks for nothing.
 */
export function embeddedFont(doc: PdfKitDocument, program: PdfKitFontProgram, ownSubset: () => PdfKitFontSubset | undefined = () => undefined): PdfKitEmbeddedFont {
  return withSubset(program, ownSubset, () => {
    doc.font(program);
    const own = internals(doc);
    const font = own._font;
    if (font.font === program) return font;
    // this face needs its own (another face over the same name, e.g. a synthetic bold)
    const EmbeddedFont = font.constructor as new (d: PdfKitDocument, p: PdfKitFontProgram, id: string) => PdfKitEmbeddedFont;
    const made = new EmbeddedFont(doc, program, `F${++own._fontCount}`);
    own._fontFamilies[made.id] = made;
    return made;
  });
}

/** Runs `make` with `program.createSubset` answering `ownSubset()`, or fontkit's own when that is undefined, then puts fontkit's back. */
function withSubset<T>(program: PdfKitFontProgram, ownSubset: () => PdfKitFontSubset | undefined, make: () => T): T {
  const target = program as unknown as { createSubset(): PdfKitFontSubset };
  const own = Object.getOwnPropertyDescriptor(target, 'createSubset');
  const fontkits = target.createSubset;
  Object.defineProperty(target, 'createSubset', { value: () => ownSubset() ?? fontkits.call(target), configurable: true, writable: true });
  try {
    return make();
  } finally {
    if (own === undefined) delete (target as { createSubset?: unknown }).createSubset;
    else Object.defineProperty(target, 'createSubset', own);
  }
}

/** Puts `subset` in place of the font's own before any glyph is added, and `embed` in place of its embed(). */
export function replaceFontSubset(font: PdfKitEmbeddedFont, subset: PdfKitFontSubset, embed: () => void): void {
  requireInternal('font', font, 'subset', 'object');
  requireInternal('font', font, 'embed', 'function');
  font.subset = subset;
  font.embed = embed;
}

export interface OpenDocumentOptions {
  readonly compress: boolean;
  readonly pdfVersion: PdfVersion;
  readonly info: Readonly<Record<string, string | Date>>;
  readonly language: string | undefined;
  readonly displayTitle: boolean;
}

/** A PDFKit document without a first page, default font or security handler (pdf/encryption.ts adds one). */
export function openDocument(options: OpenDocumentOptions): PdfKitDocument {
  const pdfkitOptions: Record<string, unknown> = {
    autoFirstPage: false,
    bufferPages: false,
    // no default Helvetica: octavo only embeds the faces it draws with
    font: null,
    compress: options.compress,
    pdfVersion: options.pdfVersion,
    info: { ...options.info },
    displayTitle: options.displayTitle,
  };
  if (options.language !== undefined) pdfkitOptions['lang'] = options.language;
  const doc = new UnstreamedDocument(pdfkitOptions) as unknown as PdfKitDocument;
  // octavo writes the XMP packet, the structure tree and the AcroForm itself (pdf/xmp.ts,
  // pdf/structure.ts, pdf/signature.ts); PDFKit's versions would write them a second time
  for (const method of ['endMetadata', 'endMarkings', 'endAcroForm']) {
    requireInternal('document', doc, method, 'function');
    (doc as unknown as Record<string, unknown>)[method] = () => undefined;
  }
  return doc;
}

type PdfKitConstructor = new (opts: Record<string, unknown>) => { push(chunk: Uint8Array | null): boolean; _write(data: string | Uint8Array): void };

/**
 * PDFKit's document with its bytes kept out of its Readable stream. The stream would queue a
 * `process.nextTick` for every push (the first one in PDFKit's own constructor), and a caller
 * that awaits renders in a loop never lets the event loop run them: each queued tick would keep its
 * whole document alive until the loop ends. The bytes written before collectOutput takes over (the
 * header) wait in `early`.
 */
class UnstreamedDocument extends (PDFDocument as unknown as PdfKitConstructor) {
  // declared, not initialized: a field initializer would run after PDFKit's constructor wrote the header
  declare early: Uint8Array[] | undefined;

  override push(chunk: Uint8Array | null): boolean {
    if (chunk !== null) (this.early ??= []).push(chunk);
    return true;
  }

  /**
   * PDFKit writes every object header, dictionary and the xref table as a string, converted
   * into bytes one character at a time (`fromBinaryString`: ~850 strings a 47-page report);
   * operatorBytes is the same conversion done natively.
   */
  override _write(data: string | Uint8Array): void {
    super._write(typeof data === 'string' ? operatorBytes(data) : data);
  }
}

/** A page written and kept open for items drawn later (pdf/writer.ts). */
export interface OpenPage {
  readonly page: PdfKitPage;
  readonly width: number;
  readonly height: number;
  /** PDFKit's matrix on this page (annotations added later go through it). */
  readonly ctm: number[];
  /** The page's content stream is not ended: the items drawn later are appended to it. */
  readonly contentOpen: boolean;
}

/**
 * Keeps the page just written open: takes it out of PDFKit's page buffer, so that adding the next
 * page or ending the document does not end it. With `contentOpen`, its content stream stays open
 * too (PDFKit holds its bytes until it ends: nothing is compressed or written yet), so that the
 * items drawn later join it in one stream, as a page written at once has; otherwise it is ended
 * now, and they become a second stream. The caller ends it with endOpenPage.
 */
export function keepPageOpen(doc: PdfKitDocument, size: { readonly width: number; readonly height: number }, contentOpen: boolean): OpenPage {
  const buffer = doc as unknown as { _pageBuffer: PdfKitPage[]; _pageBufferStart: number };
  requireInternal('document', doc, '_pageBufferStart', 'number');
  const page = buffer._pageBuffer.pop();
  if (page !== doc.page) throw new Error(`pdfkit ${pdfKitVersion()}: the current page is not the last one in document._pageBuffer`);
  buffer._pageBufferStart++;
  if (!contentOpen) endDeflated(page.content);
  return { page, width: size.width, height: size.height, ctm: [...internals(doc)._ctm], contentOpen };
}

/**
 * Runs `draw` (which returns operators) with the open page current in PDFKit, and adds them to
 * the page: to its content stream when that is open (ISO 32000-1 §7.7.3.3 reads an array of
 * streams as their concatenation, so the page shows the same either way), else as a second
 * stream in its /Contents.
 */
export function drawOnOpenPage(doc: PdfKitDocument, open: OpenPage, draw: () => string): void {
  const state = internals(doc);
  const [current, ctm] = [state.page, state._ctm];
  state.page = open.page;
  state._ctm = open.ctm;
  try {
    const operators = draw();
    if (open.contentOpen) {
      if (operators !== '') open.page.content.write(operatorBytes(operators));
      return;
    }
    const content = doc.ref();
    if (operators !== '') content.write(operatorBytes(operators));
    endDeflated(content);
    open.page.dictionary.data['Contents'] = [open.page.content, content];
  } finally {
    state.page = current;
    state._ctm = ctm;
  }
}

/** Ends an open page as PDFKit's PDFPage.end() does (its content stream last, unless ended already). */
export function endOpenPage({ page, contentOpen }: OpenPage): void {
  const own = page as unknown as { _setTabOrder(): void; document: { spotColors: Record<string, unknown> } };
  requireInternal('page', page, '_setTabOrder', 'function');
  requireInternal('document', own.document, 'spotColors', 'object');
  own._setTabOrder();
  page.dictionary.end();
  const resources = page.resources.data;
  const colorSpaces = (resources['ColorSpace'] ?? {}) as Record<string, unknown>;
  for (const color of Object.values(own.document.spotColors)) colorSpaces[(color as { id: string }).id] = color;
  resources['ColorSpace'] = colorSpaces;
  page.resources.end();
  if (contentOpen) endDeflated(page.content);
}

/** The smallest and largest output buffer endDeflated gives zlib (Node's default is the largest). */
const DEFLATE_CHUNK = { min: 1024, max: 16 * 1024 } as const;

/**
 * Ends a stream PDFKit would compress (a page's content stream, or its margin boxes' stream) with
 * its bytes compressed here, by the same deflate, with an output buffer sized from the input: PDFKit's
 * deflateSync gives every stream Node's 16 KiB buffer, which the compressed bytes are a view into
 * until the output copies them. A long table's margin boxes, written after its last page when
 * little else is allocated (no GC runs), left ~860 of them (14 MB) at the peak of the render.
 * The bytes are the same (zlib's output does not depend on the buffer it is written into), and
 * PDFKit encrypts them as before (finalize: compressed, then encrypted).
 */
function endDeflated(ref: PdfRef): void {
  requireInternal('reference', ref, 'buffer', 'array');
  const own = ref as unknown as { buffer: Uint8Array[] };
  if (ref.compress && own.buffer.length > 0) {
    own.buffer = [deflatedStream(own.buffer.length === 1 ? own.buffer[0]! : Buffer.concat(own.buffer))];
    // write() set /Filter already (after /Length, as PDFKit orders them); finalize() sets /Length to the compressed size
    ref.compress = false;
  }
  ref.end();
}

/** `bytes` deflated as PDFKit deflates a stream, in an output buffer about the size a content stream compresses to (an eighth). */
export function deflatedStream(bytes: Uint8Array): Uint8Array {
  return deflateSync(bytes, { chunkSize: Math.min(DEFLATE_CHUNK.max, Math.max(DEFLATE_CHUNK.min, bytes.length >> 3)) });
}

/**
 * Hashes every byte PDFKit writes from now on, after `header`; the returned function gives the
 * SHA-256 of what was written until it is called (once). A deterministic document is named by its
 * own bytes this way, without a second pass over its content (pdf/write.ts).
 */
export function hashOutput(doc: PdfKitDocument, header: string): () => Uint8Array {
  const hash = new BufferedHash().update(header);
  requireInternal('document', doc, 'push', 'function');
  const stream = doc as unknown as { push(chunk: Uint8Array | null): boolean };
  const push = stream.push;
  let open = true;
  stream.push = function (chunk) {
    if (open && chunk !== null) hash.update(chunk);
    return push.call(this, chunk);
  };
  return () => {
    open = false;
    return new Uint8Array(hash.digest());
  };
}

/**
 * Operator text as the bytes PDFKit makes of a string chunk (`PDFReference.write`,
 * `document._write`): each character's low byte, then a newline. PDFKit converts strings one
 * character at a time in JavaScript (~15 ms for the report's 45 pages); Buffer's latin1 encoding
 * is the same conversion done natively, so the bytes are identical.
 */
export function operatorBytes(operators: string): Uint8Array {
  const bytes = Buffer.allocUnsafe(operators.length + 1);
  bytes.write(operators, 0, 'latin1');
  bytes[operators.length] = 0x0a;
  return bytes;
}

/** A token PDFKit writes verbatim (e.g. a signature's /ByteRange placeholder). */
export function rawToken(text: string): object {
  // PDFObject.convert falls back to String(value) for objects that are not plain objects
  return { [Symbol.toStringTag]: 'PdfRaw', toString: () => text };
}

let securityClass: PdfKitSecurityClass | undefined;

/**
 * PDFKit does not export its security handler class; a throwaway document with a password
 * (never written anywhere) reveals it once per process.
 */
export function pdfKitSecurityClass(): PdfKitSecurityClass {
  if (securityClass === undefined) {
    const probe = internals(new UnstreamedDocument({ autoFirstPage: false, font: null, userPassword: 'probe', pdfVersion: '1.4' }) as unknown as PdfKitDocument);
    if (probe._security === null) throw new Error(`pdfkit ${pdfKitVersion()}: no document._security on a document with a password`);
    const found = (probe._security as unknown as { constructor: PdfKitSecurityClass }).constructor;
    for (const member of ['create', 'generateRandomWordArray']) requireInternal('security class', found, member, 'function');
    securityClass = found;
  }
  return securityClass;
}

/**
 * Collects the bytes PDFKit writes and resolves once the document is complete. They are taken
 * where PDFKit pushes them into its stream, as each object is written, and copied into one
 * growing buffer: a compressed stream is a view into zlib's output buffer (16 KiB or more even for
 * a few bytes), which the stream's queue would keep, per stream, until the end of the document.
 */
export function collectOutput(doc: PdfKitDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    requireInternal('document', doc, 'push', 'function');
    const stream = doc as unknown as { push(chunk: Uint8Array | null): boolean; early: Uint8Array[] | undefined };
    const collector = new OutputCollector(resolve);
    // a bound method, not a closure made per document: V8 keeps a closure's optimised code only
    // while a closure of it lives, so a fresh closure per render was compiled again after each full GC
    stream.push = collector.push.bind(collector);
    // the header, written by PDFKit's constructor (UnstreamedDocument)
    for (const chunk of stream.early ?? []) stream.push(chunk);
    stream.early = undefined;
    doc.on('error', reject);
  });
}
