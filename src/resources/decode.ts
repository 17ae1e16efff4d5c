/**
 * Raster formats PDF cannot embed as they are (GIF — first frame —, WebP, BMP, AVIF) and
 * interlaced PNGs: decoded with Skia through @napi-rs/canvas (already shipped for previews) and
 * re-encoded as PNG, which keeps the alpha channel. Decoding happens once per resource URL per render.
 *
 * Skia is native code that trusts the sizes a header declares, so nothing reaches it before its
 * header was read here (raster-headers.ts) and every size it declares is under the pixel limit.
 */
import { MAX_PNG_SIDE, encodePng, loadSkia } from '../raster/skia.js';
import { readImageInfo } from './image-info.js';
import type { HeaderResult, RasterFormat, RasterSize } from './raster-headers.js';
import { readRasterHeader } from './raster-headers.js';

/**
 * Not TIFF (Skia segfaults on CPython's test TIFF) nor ICO (a single flipped bit in an embedded
 * PNG's data segfaults Skia's ICO decoder, found by fuzzing): their headers are read, their
 * pixels never decoded.
 */
export type DecodableFormat = Exclude<RasterFormat, 'tiff' | 'ico'>;

export const DECODABLE: ReadonlySet<string> = new Set<DecodableFormat>(['gif', 'webp', 'bmp', 'avif']);

export type DecodeResult =
  | { readonly kind: 'decoded'; readonly png: Uint8Array; readonly width: number; readonly height: number }
  /** The header is truncated or inconsistent, or Skia could not read the rest. */
  | { readonly kind: 'damaged'; readonly reason: string }
  /** Some size the file declares is over `maxPixels`: nothing was decoded. */
  | { readonly kind: 'too-large'; readonly size: RasterSize };

function header(bytes: Uint8Array, format: DecodableFormat | 'png'): HeaderResult {
  if (format !== 'png') return readRasterHeader(bytes, format);
  const info = readImageInfo(bytes);
  return info === undefined ? { ok: false, reason: 'no PNG header' } : { ok: true, size: info, largest: info };
}

/** PNG bytes and size of an image of `format`, decoded only when its header is sound and small enough. */
export async function decodeToPng(bytes: Uint8Array, format: DecodableFormat | 'png', maxPixels: number): Promise<DecodeResult> {
  const read = header(bytes, format);
  if (read.largest !== undefined && read.largest.width * read.largest.height > maxPixels) return { kind: 'too-large', size: read.largest };
  if (!read.ok) return { kind: 'damaged', reason: read.reason };
  const canvas = await loadSkia();
  let image: InstanceType<typeof canvas.Image>;
  try {
    image = await canvas.loadImage(Buffer.from(bytes));
  } catch {
    return { kind: 'damaged', reason: 'the decoder could not read it' };
  }
  const { width, height } = image;
  if (width <= 0 || height <= 0) return { kind: 'damaged', reason: 'the decoder found no pixels' };
  if (width * height > maxPixels) return { kind: 'too-large', size: { width, height } };
  // libpng refuses to write a side over a million pixels (a fuzzed WebP canvas of 2,000,000×10 failed the whole render)
  if (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) return { kind: 'damaged', reason: `a ${width}×${height} image, wider or taller than the ${MAX_PNG_SIDE} px it can be re-encoded at` };
  const surface = canvas.createCanvas(width, height);
  surface.getContext('2d').drawImage(image, 0, 0);
  const png = await encodePng(surface);
  return png === undefined ? { kind: 'damaged', reason: 'its pixels could not be re-encoded as PNG' } : { kind: 'decoded', png, width, height };
}
