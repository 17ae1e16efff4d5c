/**
 * Image sniffing and intrinsic sizes read straight from the file headers (no decoder needed):
 * PNG's IHDR chunk (PNG spec §11.2.2), JPEG's SOFn frame header (ITU T.81 §B.2.2) and its EXIF
 * orientation (EXIF 2.3 tag 0x0112). A JPEG whose orientation turns it a quarter turn (5-8) is
 * displayed with width and height swapped (CSS Images 3 `image-orientation: from-image`), so the
 * intrinsic size reported is the displayed one; the PDF stage applies the same rotation.
 */
import { decodeText } from '../decode-text.js';
import { fromCharCodes } from '../append-all.js';
import { xmlRootName } from '../dom/xml-well-formed.js';
import { readPngHeader } from '../raster/png-chunks.js';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg' | 'bmp' | 'avif' | 'tiff' | 'ico' | 'unknown';

export interface ImageInfo {
  readonly format: 'png' | 'jpeg';
  /** Displayed size in px (after EXIF orientation). */
  readonly width: number;
  readonly height: number;
  /** EXIF orientation 1-8 (JPEG), 1 otherwise. */
  readonly orientation: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `length` bytes from `start` as Latin-1 text (a chunk type, a signature). */
export function ascii(bytes: Uint8Array, start: number, length: number): string {
  return fromCharCodes(bytes.subarray(start, start + length));
}

function u16(bytes: Uint8Array, at: number, littleEndian = false): number {
  const a = bytes[at] ?? 0;
  const b = bytes[at + 1] ?? 0;
  return littleEndian ? a | (b << 8) : (a << 8) | b;
}

function u32(bytes: Uint8Array, at: number, littleEndian = false): number {
  return littleEndian
    ? (u16(bytes, at, true) + u16(bytes, at + 2, true) * 0x10000)
    : (u16(bytes, at) * 0x10000 + u16(bytes, at + 2));
}

/** An ISO BMFF `ftyp` box naming AVIF among its brands (HEIC and video are not images octavo reads). */
function isAvifBrand(bytes: Uint8Array): boolean {
  const size = Math.min(u32(bytes, 0), bytes.length, 256);
  for (let at = 8; at + 4 <= size; at += 4) {
    if (at === 12) continue; // minor version
    const brand = ascii(bytes, at, 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** What the bytes are, by their magic numbers. */
export function sniffFormat(bytes: Uint8Array): ImageFormat {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (ascii(bytes, 4, 4) === 'ftyp' && isAvifBrand(bytes)) return 'avif';
  if (bytes[0] === 0 && bytes[1] === 0 && (bytes[2] === 1 || bytes[2] === 2) && bytes[3] === 0 && (bytes[4] ?? 0) + (bytes[5] ?? 0) > 0) return 'ico';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return 'tiff';
  return isSvgMarkup(bytes) ? 'svg' : 'unknown';
}

/**
 * XML whose root is `svg` (any prefix: `<svg:svg xmlns:svg=…>`), after whatever prolog its tool
 * writes: comments (Graphviz's after its doctype, a licence of any length), `<?xml-stylesheet?>`,
 * a doctype with an internal subset (Illustrator's). Read whole only when it starts with `<`.
 */
function isSvgMarkup(bytes: Uint8Array): boolean {
  if (!decodeText(bytes.subarray(0, 64), 'xml').trimStart().startsWith('<')) return false;
  // white space before the XML declaration is an error the SVG's parse reports (the image is broken)
  const name = xmlRootName(decodeText(bytes, 'xml').trimStart());
  return name !== undefined && name.slice(name.indexOf(':') + 1) === 'svg';
}

/** PNG: the IHDR chunk must come first; width and height are 4-byte big-endian. */
function pngInfo(bytes: Uint8Array): ImageInfo | undefined {
  const header = readPngHeader(bytes);
  if (header === undefined) return undefined;
  const { width, height } = header;
  return width > 0 && height > 0 ? { format: 'png', width, height, orientation: 1 } : undefined;
}

/** SOF markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The orientation tag of IFD0 in an APP1 "Exif" segment starting at `start` (segment data). */
function exifOrientation(bytes: Uint8Array, start: number, end: number): number {
  if (ascii(bytes, start, 6) !== 'Exif\0\0') return 1;
  const tiff = start + 6;
  const order = ascii(bytes, tiff, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const ifd = tiff + u32(bytes, tiff + 4, little);
  const count = u16(bytes, ifd, little);
  for (let entry = 0; entry < count; entry++) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > end) break;
    if (u16(bytes, at, little) === 0x0112) {
      const value = u16(bytes, at + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** A JPEG marker segment: its marker (the byte after 0xFF) and where its data lies in the file. */
export interface JpegSegment {
  readonly marker: number;
  /** The data's first byte (after the length field) and the byte past its end. */
  readonly start: number;
  readonly end: number;
}

/** SOS and EOI: the segments before the entropy-coded data end there. */
const END_OF_HEADERS = new Set([0xda, 0xd9]);

/**
 * The marker segments of a JPEG's headers (ITU T.81 §B.1.1.4), up to its first scan (SOS) or
 * EOI; it stops early where the file is not a well-formed sequence of segments.
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return;
    let marker = bytes[at + 1] ?? 0;
    while (marker === 0xff && at + 2 < bytes.length) { at++; marker = bytes[at + 1] ?? 0; } // fill bytes
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { at += 2; continue; } // no length
    if (END_OF_HEADERS.has(marker)) return;
    const length = u16(bytes, at + 2);
    if (length < 2) return;
    yield { marker, start: at + 4, end: Math.min(bytes.length, at + 2 + length) };
    at += 2 + length;
  }
}

/** The number of colour components a JPEG's frame header declares (1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK); undefined without one. */
export function jpegComponents(bytes: Uint8Array): number | undefined {
  for (const { marker, start, end } of jpegSegments(bytes)) {
    if (isStartOfFrame(marker)) return start + 5 < end ? bytes[start + 5] : undefined;
  }
  return undefined;
}

/** JPEG: walks the marker segments up to the frame header. */
function jpegInfo(bytes: Uint8Array): ImageInfo | undefined {
  let orientation = 1;
  for (const { marker, start: data, end } of jpegSegments(bytes)) {
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(bytes, data, end);
    if (isStartOfFrame(marker)) {
      const height = u16(bytes, data + 1);
      const width = u16(bytes, data + 3);
      if (width === 0 || height === 0 || data + 5 > bytes.length) return undefined;
      const quarterTurn = orientation >= 5;
      return { format: 'jpeg', width: quarterTurn ? height : width, height: quarterTurn ? width : height, orientation };
    }
  }
  return undefined;
}

/** Size and format of a PNG or JPEG; undefined when the bytes are not a readable one. */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  switch (sniffFormat(bytes)) {
    case 'png': return pngInfo(bytes);
    case 'jpeg': return jpegInfo(bytes);
    default: return undefined;
  }
}
