/**
 * A content fingerprint for deterministic output: the PDF file identifier (ISO 32000-1 §14.4)
 * and the seed of every value that would otherwise be random, derived from everything that
 * shapes the bytes — the display list, the metadata and the encryption options.
 */
import { createHash } from 'node:crypto';
import type { DisplayItem, DocumentDisplayList } from '../paint/display-list.js';
import type { EncryptionOptions, Metadata } from '../options.js';
import type { FontFace } from '../text/types.js';
import type { LoadedImage } from '../resources/types.js';
import { BufferedHash } from './buffered-hash.js';

export interface FingerprintInput {
  readonly display: DocumentDisplayList;
  readonly metadata: Metadata;
  readonly encryption: EncryptionOptions | undefined;
  readonly compress: boolean;
  /** PDF/A, attachments, Factur-X, tagging and signature options (byte arrays enter as their SHA-256). */
  readonly output?: unknown;
}

/**
 * SHA-256 over a canonical serialisation; faces and images stand for themselves by name and id.
 * Only deterministic encrypted documents need it (their keys are seeded before the first byte is
 * written); other deterministic documents are identified by the hash of their options and of
 * their pages' bytes as they are written (write.ts, pdfkit-document.ts hashOutput).
 */
export function fingerprint(input: FingerprintInput): Uint8Array {
  const hash = new BufferedHash();
  hash.update(JSON.stringify({ metadata: input.metadata, encryption: input.encryption ?? null, compress: input.compress, output: input.output ?? null }, fingerprintReplacer));
  for (const page of input.display.pages) {
    hash.update(`page ${page.width} ${page.height}${page.bleed === undefined ? '' : ` bleed ${page.bleed}`}${page.rotate === undefined ? '' : ` rotate ${page.rotate}`}\n`);
    for (const item of page.items) {
      if (item.kind === 'glyphs') hashGlyphs(hash, item);
      else hash.update(PLAIN_KINDS.has(item.kind) ? JSON.stringify(item) : JSON.stringify(item, fingerprintReplacer));
    }
  }
  return new Uint8Array(hash.digest());
}

/** What the fingerprint covers besides the pages. */
export type FingerprintHeader = Omit<FingerprintInput, 'display'>;

/** Items of plain numbers and strings, for which the replacer changes nothing (and costs a call per value). */
const PLAIN_KINDS: ReadonlySet<string> = new Set([
  'fill-rect', 'fill-path', 'stroke-path', 'push-transform', 'pop-transform', 'push-clip', 'pop-clip',
  'push-clip-path', 'pop-opacity', 'shading', 'bookmark', 'destination', 'begin-artifact', 'end-marked',
]);

type GlyphItem = Extract<DisplayItem, { kind: 'glyphs' }>;

/**
 * Glyph runs are most of a document: they are hashed as numbers (ids, advances, offsets and
 * code points in one typed array) instead of through JSON, which made deterministic output
 * cost tens of milliseconds on long documents.
 */
function hashGlyphs(hash: BufferedHash, item: GlyphItem): void {
  const { glyphs, advances, face, ...rest } = item;
  hash.update(JSON.stringify({ ...rest, face: fingerprintReplacer('face', face) }));
  let size = 0;
  for (let i = 0; i < glyphs.length; i++) size += 5 + glyphs[i]!.codePoints.length;
  const numbers = scratch(size);
  let at = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i]!;
    numbers[at++] = glyph.id;
    numbers[at++] = advances[i] ?? 0;
    numbers[at++] = glyph.xOffset;
    numbers[at++] = glyph.yOffset;
    const codePoints = glyph.codePoints;
    numbers[at++] = codePoints.length;
    for (let c = 0; c < codePoints.length; c++) numbers[at++] = codePoints[c]!;
  }
  hash.update(new Uint8Array(numbers.buffer, 0, size * 8));
}

let scratchNumbers = new Float64Array(1024);

/** A reused buffer of at least `size` numbers (hashing is synchronous: one user at a time). */
function scratch(size: number): Float64Array {
  if (scratchNumbers.length < size) scratchNumbers = new Float64Array(Math.max(size, scratchNumbers.length * 2));
  return scratchNumbers;
}

/** JSON.stringify's replacer for options and items: byte arrays, faces, images and elements by name. */
export function fingerprintReplacer(key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return `sha256:${createHash('sha256').update(value).digest('hex')}`;
  // DOM elements (tagging, links) stand for themselves by name: the content around them is hashed anyway
  if (key === 'element' && isObject(value)) return (value as { name?: unknown }).name;
  if (key === 'face' && isObject(value)) {
    const face = value as unknown as FontFace;
    return `${face.postscriptName}|${face.id}|${face.weight}|${face.style}`;
  }
  if (key === 'image' && isObject(value)) {
    const image = value as unknown as LoadedImage;
    return `${image.id}|${image.width}x${image.height}`;
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
