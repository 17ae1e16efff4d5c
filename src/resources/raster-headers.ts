/**
 * Sizes of the raster formats decoded natively (Skia: decode.ts), read from their headers before
 * any decoder sees the bytes. A native decoder trusts what a header declares: a 40-byte GIF
 * declaring 65535×65535 ends the process with SIGILL, a WebP whose VP8X canvas is 16M×16M
 * segfaults. So every size the decoder might allocate for is read here (the GIF's logical screen
 * and every frame, WebP's canvas, frames and bitstreams, every ICO entry, every AVIF `ispe`), and a
 * header that is truncated or contradicts itself is refused as damaged.
 *
 * - GIF 89a §18 (logical screen descriptor), §20 (image descriptor), §15 (data sub-blocks).
 * - WebP container (RFC 9649 §2.5-2.7): VP8 frame header, VP8L header, VP8X canvas, ANMF frames.
 * - BMP: BITMAPFILEHEADER + BITMAPCOREHEADER (12 bytes) or BITMAPINFOHEADER and its successors
 *   (40, 52, 56, 108, 124 bytes; OS/2 64); a negative height is a top-down bitmap. RLE8 and RLE4
 *   pixel data is walked through (bmp-rle.ts): every run must stay inside the image.
 * - TIFF 6.0 §2: both byte orders, the first IFD's ImageWidth (256) and ImageLength (257).
 * - ICO/CUR: every directory entry; an entry that is a PNG is read from its IHDR, a DIB from its header.
 * - AVIF (ISO/IEC 23008-12 §6.5.3): every `ispe` of `meta/iprp/ipco`.
 */

import { rleDamage } from './bmp-rle.js';
import { fromCharCodes } from '../append-all.js';

export type RasterFormat = 'gif' | 'webp' | 'bmp' | 'tiff' | 'ico' | 'avif';

export interface RasterSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The image's own size and the largest the decoder may allocate for, or why the header cannot be
 * trusted (with the largest size read before the fault, so an oversized damaged file is still
 * refused as oversized).
 */
export type HeaderResult =
  /** `lossy`: the pixels were stored lossily (a VP8 bitstream, AVIF), so storing them lossily again loses nothing a reader would see. */
  | { readonly ok: true; readonly size: RasterSize; readonly largest: RasterSize; readonly lossy: boolean }
  | { readonly ok: false; readonly reason: string; readonly largest?: RasterSize };

const u8 = (b: Uint8Array, at: number): number => b[at] ?? 0;
const u16le = (b: Uint8Array, at: number): number => u8(b, at) | (u8(b, at + 1) << 8);
const u16be = (b: Uint8Array, at: number): number => (u8(b, at) << 8) | u8(b, at + 1);
const u24le = (b: Uint8Array, at: number): number => u16le(b, at) + u8(b, at + 2) * 0x10000;
const u32le = (b: Uint8Array, at: number): number => u16le(b, at) + u16le(b, at + 2) * 0x10000;
const u32be = (b: Uint8Array, at: number): number => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const i32le = (b: Uint8Array, at: number): number => u32le(b, at) | 0;
const ascii = (b: Uint8Array, at: number, length: number): string => fromCharCodes(b.subarray(at, at + length));

class Damaged extends Error {}

/** Collects every size the file declares; the first one is the image's own. */
class Sizes {
  readonly all: RasterSize[] = [];
  /** Set by a reader that met lossily coded pixels. */
  lossy = false;
  add(width: number, height: number, what: string): void {
    if (!(width > 0 && height > 0)) throw new Damaged(`${what} declares a size of ${width}×${height}`);
    this.all.push({ width, height });
  }
  largest(): RasterSize | undefined {
    return this.all.length === 0 ? undefined : this.all.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  }
  result(): HeaderResult {
    const first = this.all[0];
    const largest = this.largest();
    if (first === undefined || largest === undefined) return { ok: false, reason: 'no image in the file' };
    return { ok: true, size: first, largest, lossy: this.lossy };
  }
}

function need(bytes: Uint8Array, end: number, what: string): void {
  if (end > bytes.length) throw new Damaged(`truncated ${what}`);
}

/** Skips GIF data sub-blocks starting at `at`; the offset after the block terminator. */
function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let position = at;
  for (;;) {
    need(bytes, position + 1, 'GIF data block');
    const length = u8(bytes, position);
    position += 1 + length;
    if (length === 0) return position;
  }
}

function gif(bytes: Uint8Array, sizes: Sizes): void {
  need(bytes, 13, 'GIF header');
  if (!/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) throw new Damaged('not a GIF87a/GIF89a header');
  sizes.add(u16le(bytes, 6), u16le(bytes, 8), 'the GIF logical screen');
  const packed = u8(bytes, 10);
  let at = 13 + ((packed & 0x80) !== 0 ? 3 * (2 << (packed & 7)) : 0);
  let frames = 0;
  // the canvas the decoder allocates: as wide as the screen or the widest frame, as tall as the tallest
  // (a 13,848-px screen over a 62,736-px frame aborted Skia, npm run fuzz)
  const canvas = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  while (at < bytes.length) {
    const introducer = u8(bytes, at);
    if (introducer === 0x3b) break; // trailer
    if (introducer === 0x21) {
      need(bytes, at + 2, 'GIF extension');
      // a graphic control extension is one 4-byte block and its terminator (GIF89a §23): Skia's
      // decoder segfaulted on one of another size or followed by more blocks (npm run fuzz)
      if (u8(bytes, at + 1) === 0xf9 && (u8(bytes, at + 2) !== 4 || u8(bytes, at + 7) !== 0)) throw new Damaged('a GIF graphic control extension that is not one 4-byte block');
      at = skipSubBlocks(bytes, at + 2);
    } else if (introducer === 0x2c) {
      need(bytes, at + 10, 'GIF image descriptor');
      const left = u16le(bytes, at + 1);
      const top = u16le(bytes, at + 3);
      const width = u16le(bytes, at + 5);
      const height = u16le(bytes, at + 7);
      sizes.add(width, height, 'a GIF frame');
      sizes.add(left + width, top + height, 'a GIF frame placed'); // the decoder may size a frame buffer to its far corner
      canvas.width = Math.max(canvas.width, left + width);
      canvas.height = Math.max(canvas.height, top + height);
      const local = u8(bytes, at + 9);
      at += 10 + ((local & 0x80) !== 0 ? 3 * (2 << (local & 7)) : 0);
      need(bytes, at + 1, 'GIF image data');
      at = skipSubBlocks(bytes, at + 1);
      frames++;
    } else {
      throw new Damaged(`unknown GIF block 0x${introducer.toString(16)}`);
    }
  }
  if (frames === 0) throw new Damaged('a GIF without any frame');
  sizes.add(canvas.width, canvas.height, 'the GIF canvas its frames need');
}

/**
 * VP8 key frame header (RFC 6386 §9.1): a frame tag (key frame bit, version, show-frame bit, first
 * partition size on 19 bits), the start code, then 14-bit width and height. A first partition
 * longer than the chunk, a version over 3 and a frame not to be shown each made Skia's decoder
 * segfault (found by fuzzing).
 */
function vp8(bytes: Uint8Array, at: number, length: number): RasterSize {
  if (length < 10 || u8(bytes, at + 3) !== 0x9d || u8(bytes, at + 4) !== 0x01 || u8(bytes, at + 5) !== 0x2a) throw new Damaged('a VP8 frame without its start code');
  const tag = u8(bytes, at) | (u8(bytes, at + 1) << 8) | (u8(bytes, at + 2) << 16);
  if ((tag & 1) !== 0) throw new Damaged('a VP8 bitstream that does not start with a key frame');
  const version = (tag >>> 1) & 7;
  if (version > 3) throw new Damaged(`a VP8 frame of version ${version} (0 to 3 are defined)`);
  if ((tag & 0x10) === 0) throw new Damaged('a VP8 key frame not to be shown');
  const firstPartition = tag >>> 5;
  if (firstPartition > length - 10) throw new Damaged(`a VP8 first partition of ${firstPartition} bytes in a frame of ${length}`);
  return { width: u16le(bytes, at + 6) & 0x3fff, height: u16le(bytes, at + 8) & 0x3fff };
}

/**
 * VP8L header (WebP lossless §3): signature 0x2f, then width-1 and height-1 on 14 bits each, the
 * alpha hint and a 3-bit version that must be 0 (Skia's decoder segfaulted on version 1: found by fuzzing).
 */
function vp8l(bytes: Uint8Array, at: number, length: number): RasterSize {
  if (length < 5 || u8(bytes, at) !== 0x2f) throw new Damaged('a VP8L bitstream without its signature');
  const bits = u32le(bytes, at + 1);
  if (bits >>> 29 !== 0) throw new Damaged(`a VP8L bitstream of version ${bits >>> 29} (only 0 is defined)`);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/** What a WebP's chunks declare: its canvas (VP8X), whether it is animated (and has its ANIM chunk), its bitstreams and frames' far corners. */
interface WebpLayout {
  canvas?: RasterSize;
  animated: boolean;
  anim?: true;
  readonly bitstreams: RasterSize[];
  readonly frames: RasterSize[];
}

function webpChunks(bytes: Uint8Array, start: number, end: number, layout: WebpLayout, sizes: Sizes): void {
  let at = start;
  while (at + 8 <= end) {
    const fourcc = ascii(bytes, at, 4);
    const length = u32le(bytes, at + 4);
    const data = at + 8;
    need(bytes, data + length, `WebP ${fourcc} chunk`);
    if (data + length > end) throw new Damaged(`a WebP ${fourcc} chunk longer than its container`);
    // an odd chunk's padding byte cut off by the RIFF size: Skia's decoder segfaulted (FUZZ_SEED=8502)
    if (data + length + (length & 1) > end) throw new Damaged(`a WebP ${fourcc} chunk whose padding byte is outside its container`);
    if (fourcc === 'VP8 ' || fourcc === 'VP8L') {
      const size = fourcc === 'VP8 ' ? vp8(bytes, data, length) : vp8l(bytes, data, length);
      sizes.add(size.width, size.height, `the ${fourcc.trim()} bitstream`);
      layout.bitstreams.push(size);
      if (fourcc === 'VP8 ') sizes.lossy = true;
    } else if (fourcc === 'VP8X') {
      if (length < 10) throw new Damaged('a VP8X chunk shorter than 10 bytes');
      if ((u8(bytes, data) & 0xc1) !== 0) throw new Damaged('VP8X flags with reserved bits set');
      layout.canvas = { width: u24le(bytes, data + 4) + 1, height: u24le(bytes, data + 7) + 1 };
      layout.animated = (u8(bytes, data) & 0x02) !== 0;
      sizes.add(layout.canvas.width, layout.canvas.height, 'the VP8X canvas');
    } else if (fourcc === 'ANMF') {
      if (length < 16) throw new Damaged('an ANMF chunk shorter than 16 bytes');
      const frame = { width: u24le(bytes, data + 6) + 1, height: u24le(bytes, data + 9) + 1 };
      const corner = { width: u24le(bytes, data) * 2 + frame.width, height: u24le(bytes, data + 3) * 2 + frame.height };
      sizes.add(corner.width, corner.height, 'a WebP animation frame');
      layout.frames.push(corner);
      const inside: WebpLayout = { animated: false, bitstreams: [], frames: [] };
      webpChunks(bytes, data + 16, data + length, inside, sizes);
      // a frame's image is its size (Skia's decoder segfaulted on a bitstream of another: npm run fuzz)
      if (inside.bitstreams.length !== 1 || inside.bitstreams[0]!.width !== frame.width || inside.bitstreams[0]!.height !== frame.height) {
        throw new Damaged('a WebP animation frame whose image is not of its size');
      }
    } else if (fourcc === 'ANIM') {
      layout.anim = true;
    }
    at = data + length + (length & 1);
  }
  // fewer bytes than a chunk header after the last chunk: Skia's decoder segfaulted on them (npm run fuzz, seed 574765734)
  if (at < end) throw new Damaged(`${end - at} bytes after the last WebP chunk, too few for a chunk`);
}

/**
 * RIFF "WEBP" and its chunks; the sizes must agree (a still image's bitstream is its canvas, an
 * animation's frames lie inside it): Skia segfaulted on a VP8X canvas wider than its bitstream.
 */
function webp(bytes: Uint8Array, sizes: Sizes): void {
  need(bytes, 20, 'WebP header');
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') throw new Damaged('not a RIFF WEBP header');
  const end = u32le(bytes, 4) + 8;
  need(bytes, end, 'WebP file (RIFF size)');
  const layout: WebpLayout = { animated: false, bitstreams: [], frames: [] };
  webpChunks(bytes, 12, end, layout, sizes);
  const { canvas } = layout;
  if (canvas === undefined) {
    // the simple format is one VP8 or VP8L chunk (RFC 9649 §2.5-2.6); anything before it (an ALPH
    // chunk after a damaged VP8X) made Skia segfault
    if (layout.bitstreams.length !== 1 || !/^VP8[ L]$/.test(ascii(bytes, 12, 4))) throw new Damaged('a simple WebP that is not one VP8 or VP8L chunk');
    return;
  }
  if (layout.animated) {
    if (layout.frames.length === 0 || layout.bitstreams.length > 0) throw new Damaged('an animated WebP without frames, or with a still image');
    // Skia's decoder segfaulted on one without (npm run fuzz)
    if (layout.anim !== true) throw new Damaged('an animated WebP without its ANIM chunk');
    if (layout.frames.some((frame) => frame.width > canvas.width || frame.height > canvas.height)) throw new Damaged('a WebP frame outside its canvas');
  } else if (layout.bitstreams.length !== 1 || layout.bitstreams.some((size) => size.width !== canvas.width || size.height !== canvas.height)) {
    throw new Damaged('a WebP canvas of another size than its image');
  }
}

const BMP_HEADERS = new Set([12, 40, 52, 56, 64, 108, 124]);
/** OS/2 2.x's BITMAPINFOHEADER2: its compression 3 is Huffman 1D and 4 RLE24, which neither Skia nor octavo decodes. */
const OS2_INFO_HEADER = 64;

/** A DIB header at `at` (BMP after its 14-byte file header, or an ICO entry). */
function dib(bytes: Uint8Array, at: number, sizes: Sizes, halfHeight: boolean): { width: number; height: number; bitCount: number; compression: number; topDown: boolean } {
  need(bytes, at + 4, 'DIB header');
  const headerSize = u32le(bytes, at);
  if (!BMP_HEADERS.has(headerSize)) throw new Damaged(`a bitmap header of ${headerSize} bytes`);
  need(bytes, at + headerSize, 'DIB header');
  const core = headerSize === 12;
  const width = core ? u16le(bytes, at + 4) : i32le(bytes, at + 4);
  const rawHeight = core ? u16le(bytes, at + 6) : i32le(bytes, at + 8);
  const height = Math.abs(rawHeight) / (halfHeight ? 2 : 1);
  const bitCount = u16le(bytes, at + (core ? 10 : 14));
  const compression = core ? 0 : u32le(bytes, at + 16);
  if (![1, 2, 4, 8, 16, 24, 32].includes(bitCount)) throw new Damaged(`a bitmap of ${bitCount} bits per pixel`);
  checkCompression(bytes, at, headerSize, bitCount, compression);
  sizes.add(width, Math.ceil(height), 'the bitmap');
  return { width, height: Math.ceil(height), bitCount, compression, topDown: rawHeight < 0 };
}

/** Whether a mask is one run of set bits (or none). */
function contiguous(mask: number): boolean {
  if (mask === 0) return true;
  const shifted = mask / (mask & -mask); // without its trailing zeros
  return (shifted & (shifted + 1)) === 0;
}

/**
 * Compression and colour masks that agree with the pixel size: RGB, RLE8 at 8 bits, RLE4 at 4,
 * BITFIELDS at 16 or 32 with contiguous, disjoint masks. Fuzzing found Skia segfaulting on an
 * unknown compression and on overlapping masks, and on compression 3 in a 64-byte header
 * (FUZZ_SEED=8759): that is OS/2's BITMAPINFOHEADER2, where 3 is Huffman 1D, not BITFIELDS.
 */
function checkCompression(bytes: Uint8Array, at: number, headerSize: number, bitCount: number, compression: number): void {
  const allowed = compression === 0 || (compression === 1 && bitCount === 8) || (compression === 2 && bitCount === 4)
    || (compression === 3 && (bitCount === 16 || bitCount === 32) && headerSize !== OS2_INFO_HEADER);
  if (!allowed) throw new Damaged(headerSize === OS2_INFO_HEADER && compression === 3 ? 'bitmap compression 3 (Huffman 1D) in an OS/2 header' : `bitmap compression ${compression} at ${bitCount} bits per pixel`);
  if (compression !== 3) return;
  need(bytes, at + 52, 'bitmap colour masks');
  const masks = [u32le(bytes, at + 40), u32le(bytes, at + 44), u32le(bytes, at + 48), headerSize >= 56 ? u32le(bytes, at + 52) : 0];
  const limit = 2 ** bitCount;
  let seen = 0;
  for (const mask of masks) {
    if (!contiguous(mask) || mask >= limit || (Number(BigInt(seen) & BigInt(mask)) !== 0)) throw new Damaged('bitmap colour masks that overlap or are not contiguous');
    seen += mask;
  }
}

/** Where a BMP's pixel data may start at the earliest: after the headers, the BITFIELDS masks of a 40-byte header and the palette. */
function bmpPixelsStart(bytes: Uint8Array, bitCount: number, compression: number): number {
  const headerSize = u32le(bytes, 14);
  const core = headerSize === 12;
  const masks = headerSize === 40 && compression === 3 ? 12 : 0;
  const used = core ? 0 : u32le(bytes, 14 + 32);
  const colours = bitCount <= 8 ? (used > 0 ? Math.min(used, 2 ** bitCount) : 2 ** bitCount) : 0;
  return 14 + headerSize + masks + colours * (core ? 3 : 4);
}

function bmp(bytes: Uint8Array, sizes: Sizes): void {
  need(bytes, 26, 'BMP header');
  const pixels = u32le(bytes, 10);
  const { width, height, bitCount, compression, topDown } = dib(bytes, 14, sizes, false);
  if (pixels >= bytes.length) throw new Damaged('BMP pixel data beyond the end of the file');
  // fuzzing: pixel data said to start inside the headers, masks or palette segfaults Skia
  if (pixels < bmpPixelsStart(bytes, bitCount, compression)) throw new Damaged('BMP pixel data inside its headers or palette');
  if (compression === 0 || compression === 3) { // uncompressed rows: their bytes must all be there
    const rowBytes = Math.floor((bitCount * width + 31) / 32) * 4;
    need(bytes, pixels + rowBytes * height, 'BMP pixel data');
  } else { // RLE8 or RLE4 (checkCompression allows no other): every run inside the image
    if (topDown) throw new Damaged('a top-down RLE bitmap');
    const damage = rleDamage(bytes, pixels, { width, height, bitCount });
    if (damage !== undefined) throw new Damaged(damage);
  }
}

function tiff(bytes: Uint8Array, sizes: Sizes): void {
  need(bytes, 8, 'TIFF header');
  const little = ascii(bytes, 0, 2) === 'II';
  const u16 = little ? u16le : u16be;
  const u32 = little ? u32le : u32be;
  const ifd = u32(bytes, 4);
  need(bytes, ifd + 2, 'TIFF directory');
  const count = u16(bytes, ifd);
  need(bytes, ifd + 2 + count * 12, 'TIFF directory');
  let width = 0;
  let height = 0;
  for (let entry = 0; entry < count; entry++) {
    const at = ifd + 2 + entry * 12;
    const tag = u16(bytes, at);
    if (tag !== 256 && tag !== 257) continue;
    const type = u16(bytes, at + 2);
    const value = type === 3 ? u16(bytes, at + 8) : type === 4 ? u32(bytes, at + 8) : 0;
    if (tag === 256) width = value;
    else height = value;
  }
  sizes.add(width, height, 'the TIFF image');
}

function ico(bytes: Uint8Array, sizes: Sizes): void {
  need(bytes, 6, 'ICO header');
  const count = u16le(bytes, 4);
  if (count === 0) throw new Damaged('an icon file without any image');
  need(bytes, 6 + count * 16, 'ICO directory');
  for (let entry = 0; entry < count; entry++) {
    const at = 6 + entry * 16;
    const length = u32le(bytes, at + 8);
    const offset = u32le(bytes, at + 12);
    need(bytes, offset + length, 'ICO image');
    sizes.add(u8(bytes, at) || 256, u8(bytes, at + 1) || 256, 'an icon entry');
    if (ascii(bytes, offset + 1, 3) === 'PNG') {
      need(bytes, offset + 24, 'PNG icon header');
      sizes.add(u32be(bytes, offset + 16), u32be(bytes, offset + 20), 'a PNG icon');
    } else {
      dib(bytes, offset, sizes, true); // the height counts the AND mask too
    }
  }
}

/** ISO BMFF boxes between `start` and `end`, as [type, data start, data end]. */
function* boxes(bytes: Uint8Array, start: number, end: number): Generator<[string, number, number]> {
  let at = start;
  while (at + 8 <= end) {
    let size = u32be(bytes, at);
    let header = 8;
    if (size === 1) { size = u32be(bytes, at + 8) * 0x1_0000_0000 + u32be(bytes, at + 12); header = 16; }
    if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Damaged('an AVIF box longer than its container');
    yield [ascii(bytes, at + 4, 4), at + header, at + size];
    at += size;
  }
}

/** AVIF: AV1 intra frames, lossy but for the rare lossless file (which `ispe` does not tell apart). */
function avif(bytes: Uint8Array, sizes: Sizes): void {
  sizes.lossy = true;
  for (const [type, start, end] of boxes(bytes, 0, bytes.length)) {
    if (type !== 'meta') continue;
    for (const [child, childStart, childEnd] of boxes(bytes, start + 4, end)) { // meta is a full box
      if (child !== 'iprp') continue;
      for (const [container, from, to] of boxes(bytes, childStart, childEnd)) {
        if (container !== 'ipco') continue;
        for (const [property, at, propertyEnd] of boxes(bytes, from, to)) {
          if (property !== 'ispe') continue;
          if (propertyEnd - at < 12) throw new Damaged('an ispe box shorter than 12 bytes');
          sizes.add(u32be(bytes, at + 4), u32be(bytes, at + 8), 'an AVIF image');
        }
      }
    }
  }
}

const READERS: Readonly<Record<RasterFormat, (bytes: Uint8Array, sizes: Sizes) => void>> = { gif, webp, bmp, tiff, ico, avif };

/** Every size `bytes` declares (as `format`), or why its header cannot be trusted. Never throws. */
export function readRasterHeader(bytes: Uint8Array, format: RasterFormat): HeaderResult {
  const sizes = new Sizes();
  try {
    READERS[format](bytes, sizes);
  } catch (error) {
    if (!(error instanceof Damaged)) throw error;
    const largest = sizes.largest();
    return { ok: false, reason: error.message, ...(largest === undefined ? {} : { largest }) };
  }
  return sizes.result();
}
