/**
 * Digital signatures (ISO 32000-1 §12.8, §12.7.4.5 signature fields): a /Sig dictionary whose
 * /ByteRange and /Contents are placeholders while PDFKit writes the file, a signature field
 * (a widget annotation merged with its field, invisible or with an appearance) in the catalog's
 * /AcroForm with /SigFlags 3, and, once the bytes exist, the byte range and the detached PKCS#7
 * signature over everything but /Contents written into the placeholders. The signature covers
 * the whole file: nothing is appended after it.
 */
import { PT_PER_PX } from '../geometry/types.js';
import type { SignatureOptions } from '../options.js';
import { num } from './content.js';
import type { FontEmbedder } from './fonts.js';
import type { PdfKitDocument, PdfKitPage, PdfRef } from './pdfkit-document.js';
import { rawToken, setCatalogEntry } from './pdfkit-document.js';
import type { Signer } from './signer.js';
import { signDetached } from './signer.js';
import { maxOf } from '../append-all.js';

/** Ten digits per ByteRange number: files up to 9.3 GB. */
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';
const BYTE_RANGE_KEY = '/ByteRange ';

export interface PendingSignature {
  readonly signer: Signer;
  readonly signingTime: Date;
  readonly dictionary: PdfRef;
  readonly fields: PdfRef[];
}

/** The /Sig dictionary with placeholders (written at once; its place in the file does not matter). */
export function createSignatureDictionary(doc: PdfKitDocument, options: SignatureOptions, signer: Signer, signingTime: Date): PendingSignature {
  const data: Record<string, unknown> = {
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: rawToken(BYTE_RANGE_PLACEHOLDER),
    // a byte string is written as <hex> and never encrypted (§7.6.1: signature Contents stay clear)
    Contents: new Uint8Array(signer.maxSignatureLength),
    M: signingTime,
    Name: new String(options.name ?? signer.commonName),
  };
  if (options.reason !== undefined) data['Reason'] = new String(options.reason);
  if (options.location !== undefined) data['Location'] = new String(options.location);
  if (options.contactInfo !== undefined) data['ContactInfo'] = new String(options.contactInfo);
  data['Prop_Build'] = { App: { Name: 'octavo' } };
  const dictionary = doc.ref(data);
  dictionary.end();
  return { signer, signingTime, dictionary, fields: [] };
}

export interface SignatureFieldInput {
  readonly doc: PdfKitDocument;
  readonly page: PdfKitPage;
  readonly options: SignatureOptions;
  readonly pending: PendingSignature;
  readonly fonts: FontEmbedder;
  /** /StructParent of the widget in a tagged PDF. */
  readonly structParent?: number;
}

/**
 * The signature field's widget on `page`: zero-sized and hidden from view when invisible, else at
 * the given CSS px rectangle with an appearance naming the signer, date, reason and location.
 */
export function addSignatureField(input: SignatureFieldInput): PdfRef {
  const { doc, page, options, pending } = input;
  const visible = options.visible;
  const rect = visible === undefined ? [0, 0, 0, 0] : pdfRect(page, visible.rect);
  const width = rect[2]! - rect[0]!;
  const height = rect[3]! - rect[1]!;
  const appearance = doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, width, height], Resources: {} });
  appearance.end(visible === undefined ? undefined : appearanceContent(appearance, input, width, height));
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    T: new String(`Signature${pending.fields.length + 1}`),
    V: pending.dictionary,
    // Print | Locked (PDF/A needs Print on every annotation)
    F: 4 | 128,
    Rect: rect,
    P: page.dictionary,
    AP: { N: appearance },
    ...(input.structParent === undefined ? {} : { StructParent: input.structParent, TU: new String('Digital signature') }),
  });
  widget.end();
  page.annotations.push(widget);
  pending.fields.push(widget);
  return widget;
}

/** CSS px [x, y, w, h] from the page's top-left -> PDF [llx lly urx ury] in pt. */
function pdfRect(page: PdfKitPage, [x, y, w, h]: readonly [number, number, number, number]): number[] {
  const top = page.height - y * PT_PER_PX;
  return [x * PT_PER_PX, top - h * PT_PER_PX, (x + w) * PT_PER_PX, top].map((n) => Math.round(n * 1000) / 1000);
}

function appearanceLines(input: SignatureFieldInput): string[] {
  const { options, pending } = input;
  const date = pending.signingTime.toISOString().replace('T', ' ').slice(0, 19);
  return [
    `Digitally signed by ${options.name ?? pending.signer.commonName}`,
    `Date: ${date} UTC`,
    ...(options.reason === undefined ? [] : [`Reason: ${options.reason}`]),
    ...(options.location === undefined ? [] : [`Location: ${options.location}`]),
  ];
}

/** A thin frame and the signature's details, in the document's first font (no text without one). */
function appearanceContent(form: PdfRef, input: SignatureFieldInput, width: number, height: number): string {
  const ops = [`0.5 w 0.2 0.2 0.2 RG 0.25 0.25 ${num(width - 0.5)} ${num(height - 0.5)} re S`];
  const face = input.fonts.any();
  if (face !== undefined) {
    const lines = appearanceLines(input).map((text) => face.shape(text));
    const widest = Math.max(maxOf(lines.map((line) => line.width)), 1);
    const size = Math.max(2, Math.min(10, (height - 4) / (lines.length * 1.25), ((width - 6) * 1000) / widest));
    ops.push('0.1 0.1 0.1 rg', 'BT', `/${face.name} ${num(size)} Tf`, `${num(size * 1.25)} TL`, `3 ${num(height - 2 - size)} Td`);
    lines.forEach((line, i) => ops.push(`${i === 0 ? '' : 'T* '}<${line.hex}> Tj`));
    ops.push('ET');
    form.data['Resources'] = { Font: { [face.name]: face.ref() } };
  }
  return ops.join('\n');
}

/** The catalog's /AcroForm: the signature fields, SignaturesExist | AppendOnly. */
export function writeAcroForm(doc: PdfKitDocument, pending: PendingSignature): void {
  setCatalogEntry(doc, 'AcroForm', { Fields: pending.fields, SigFlags: 3 });
}

/** Finds `needle` (latin1) in `bytes`, searching from the end; -1 when absent. */
function lastIndexOf(bytes: Uint8Array, needle: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf(Buffer.from(needle, 'latin1'));
}

/**
 * Fills the placeholders of the written file: /ByteRange [0 a b c] around the /Contents hex
 * string, then the DER signature of those two ranges into /Contents (zero-padded).
 */
export function applySignature(pdf: Uint8Array, pending: PendingSignature): Uint8Array {
  const hexLength = pending.signer.maxSignatureLength * 2;
  const contentsStart = lastIndexOf(pdf, `/Contents <${'0'.repeat(hexLength)}>`);
  const rangeStart = lastIndexOf(pdf, `${BYTE_RANGE_KEY}${BYTE_RANGE_PLACEHOLDER}`);
  if (contentsStart < 0 || rangeStart < 0) throw new Error('signature placeholders not found in the written PDF');
  const out = new Uint8Array(pdf);
  const start = contentsStart + '/Contents '.length; // at '<'
  const end = start + hexLength + 2; // after '>'
  const range = `[0 ${start} ${end} ${out.length - end}]`;
  if (range.length > BYTE_RANGE_PLACEHOLDER.length) throw new Error('the PDF is too large to sign');
  out.set(Buffer.from(range.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), 'latin1'), rangeStart + BYTE_RANGE_KEY.length);
  const signature = signDetached(pending.signer, [out.subarray(0, start), out.subarray(end)], pending.signingTime);
  if (signature.length > pending.signer.maxSignatureLength) throw new Error('the signature does not fit its placeholder');
  out.set(Buffer.from(Buffer.from(signature).toString('hex').toUpperCase().padEnd(hexLength, '0'), 'latin1'), start + 1);
  return out;
}
