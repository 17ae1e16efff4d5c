/**
 * Raster formats PDF cannot embed as they are (GIF — first frame —, WebP, BMP, AVIF) and
 * interlaced PNGs: decoded with Skia through @napi-rs/canvas (already shipped for previews) into
 * the deflated RGB and alpha streams an image XObject takes (pixel-streams.ts). They used to be
 * re-encoded as PNG for PDFKit, which decoded, unfiltered, split and compressed them again: a
 * 610-byte GIF declaring 34 million pixels took 2–7 s and 700 MB that way.
 *
 * The colours of pixels that were stored lossily (a VP8 WebP, AVIF) are stored as a JPEG
 * (jpegStreams): deflated, a 1.8 MB WebP photo of 12 MP made a 27 MB PDF (Chromium's: 24 MB).
 *
 * Skia is native code that trusts the sizes a header declares, so nothing reaches it before its
 * header was read here (raster-headers.ts) and every size it declares is under the pixel limit.
 * Decoded pixels are kept for the process by the file's content, so that a WebP logo on every
 * invoice is decoded once.
 */
import { BoundedCache } from '../cache/bounded.js';
import { sha1Hex } from '../cache/content-digest.js';
import { LOSSLESS_COMPARED_BELOW, MAX_PNG_SIDE, decodeWithSkia } from '../raster/skia.js';
import type { DecodedImage, Skia } from '../raster/skia.js';
import { readImageInfo } from './image-info.js';
import { inDecodeTurn } from './decode-turns.js';
import { alphaStream, bandRows, pixelStreams, rgbDeflater } from './pixel-streams.js';
import type { PixelStreams } from './pixel-streams.js';
import type { HeaderResult, RasterFormat, RasterSize } from './raster-headers.js';
import { readRasterHeader } from './raster-headers.js';
import type { DecodedPixels } from './types.js';

/**
 * Not TIFF (Skia segfaults on CPython's test TIFF) nor ICO (a single flipped bit in an embedded
 * PNG's data segfaults Skia's ICO decoder, found by fuzzing): their headers are read, their
 * pixels never decoded.
 */
export type DecodableFormat = Exclude<RasterFormat, 'tiff' | 'ico'>;

export const DECODABLE: ReadonlySet<string> = new Set<DecodableFormat>(['gif', 'webp', 'bmp', 'avif']);

export type DecodeResult =
  | { readonly kind: 'decoded'; readonly pixels: DecodedPixels; readonly width: number; readonly height: number }
  /** The header is truncated or inconsistent, or Skia could not read the rest. */
  | { readonly kind: 'damaged'; readonly reason: string }
  /** Some size the file declares is over `maxPixels`: nothing was decoded. */
  | { readonly kind: 'too-large'; readonly size: RasterSize };

type Decoded = Extract<DecodeResult, { kind: 'decoded' }>;

/** At most this many decoded images, and this many bytes of their streams, are kept. */
const MAX_KEPT_IMAGES = 16;
const MAX_KEPT_BYTES = 32 * 1024 * 1024;
const keptPixels = new BoundedCache<string, Decoded>('resources.decoded-pixels', MAX_KEPT_IMAGES, {
  maxWeight: MAX_KEPT_BYTES,
  weigh: ({ pixels }) => pixels.rgb.byteLength + (pixels.alpha?.byteLength ?? 0),
});

function header(bytes: Uint8Array, format: DecodableFormat | 'png'): HeaderResult {
  if (format !== 'png') return readRasterHeader(bytes, format);
  const info = readImageInfo(bytes);
  return info === undefined ? { ok: false, reason: 'no PNG header' } : { ok: true, size: info, largest: info, lossy: false };
}

/**
 * The pixels and size of an image of `format`, decoded only when its header is sound and small
 * enough; `key` is the file's content id (its SHA-1 unless the caller has it). Decoding takes
 * turns (decode-turns.ts); `checkBudget` throws when the render's time is spent.
 */
export async function decodePixels(bytes: Uint8Array, format: DecodableFormat | 'png', maxPixels: number, key = sha1Hex(bytes), checkBudget?: () => void): Promise<DecodeResult> {
  const read = header(bytes, format);
  if (read.largest !== undefined && read.largest.width * read.largest.height > maxPixels) return { kind: 'too-large', size: read.largest };
  if (!read.ok) return { kind: 'damaged', reason: read.reason };
  const kept = keptPixels.get(key);
  if (kept !== undefined) return kept.width * kept.height > maxPixels ? { kind: 'too-large', size: kept } : kept;
  const declared = read.largest ?? read.size;
  // a lossy image is drawn whole for its JPEG: twice its decoded pixels in memory, so twice the weight
  const weight = declared.width * declared.height * (read.lossy ? 2 : 1);
  const result = await inDecodeTurn(weight, checkBudget, () => decodeFile(bytes, format, maxPixels, read.lossy));
  if (result.kind === 'decoded') keptPixels.set(key, result);
  return result;
}

/** A decode of an image within the pixel limit takes well under a second; one that has not answered in this long is taken as stuck, and its turn given back. */
const DECODER_ANSWER_MS = 20_000;

/** What `promise` resolves to, or `late` when it has not settled within `ms`. */
async function answerWithin<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<L>((resolve) => { timer = setTimeout(() => resolve(late), ms); });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function decodeFile(bytes: Uint8Array, format: DecodableFormat | 'png', maxPixels: number, lossy: boolean): Promise<DecodeResult> {
  const decoded = await answerWithin(decodeWithSkia(bytes), DECODER_ANSWER_MS, 'stuck' as const);
  if (decoded === 'stuck') return { kind: 'damaged', reason: `the decoder did not answer within ${DECODER_ANSWER_MS / 1000} s` };
  if (decoded === undefined) return { kind: 'damaged', reason: 'the decoder could not read it' };
  const { skia, image } = decoded;
  const { width, height } = image;
  if (width <= 0 || height <= 0) return { kind: 'damaged', reason: 'the decoder found no pixels' };
  if (width * height > maxPixels) return { kind: 'too-large', size: { width, height } };
  // the same bound as every raster copy (a fuzzed WebP canvas of 2,000,000×10: no viewer draws it, copies could not be encoded)
  if (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) return { kind: 'damaged', reason: `a ${width}×${height} image, wider or taller than the ${MAX_PNG_SIDE} px octavo decodes` };
  let streams: PixelStreams;
  try {
    streams = await (lossy ? jpegStreams(skia, image) : deflatedStreams(skia, image));
  } catch {
    return { kind: 'damaged', reason: 'its pixels could not be read back or compressed' };
  }
  return { kind: 'decoded', pixels: { ...streams, mediaType: `image/${format}` }, width, height };
}

type SkiaImage = DecodedImage['image'];

/** The image's pixels deflated, drawn a band at a time on a canvas of one band: no second full-size copy of its pixels. */
function deflatedStreams(skia: Skia, image: SkiaImage): Promise<PixelStreams> {
  const { width, height } = image;
  const rows = Math.min(bandRows(width), height);
  const context = skia.createCanvas(width, rows).getContext('2d');
  const band = (top: number, count: number): Uint8ClampedArray => {
    context.clearRect(0, 0, width, rows);
    context.drawImage(image, 0, -top);
    return context.getImageData(0, 0, width, count).data;
  };
  return pixelStreams(band, width, height);
}

/** Skia's JPEG quality for pixels that were already stored lossily: no loss a reader would see, an eighth of the deflated size or less. */
const JPEG_QUALITY = 92;

/**
 * An image whose pixels were stored lossily, its colours as a baseline JPEG (/DCTDecode): the loss
 * of a second lossy coding at quality 92 is far below the first's. The image is drawn whole on a
 * canvas (Skia encodes a JPEG from a surface); a translucent one's alpha is taken a band at a time
 * into the deflated soft mask and the band written back opaque, so that the JPEG holds its colours
 * unpremultiplied, as the soft mask wants them (a JPEG has no alpha).
 */
async function jpegStreams(skia: Skia, image: SkiaImage): Promise<PixelStreams> {
  const { width, height } = image;
  const canvas = skia.createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  // under a megapixel the deflated samples are made in the same walk over the bands
  const deflater = width * height < LOSSLESS_COMPARED_BELOW ? rgbDeflater() : undefined;
  const alpha = await alphaStream((top, rows) => context.getImageData(0, top, width, rows).data, width, height, async (top, rgba, opaque) => {
    await deflater?.visit(top, rgba, opaque);
    if (opaque) return;
    for (let s = 3; s < rgba.length; s += 4) rgba[s] = 0xff;
    context.putImageData(new skia.ImageData(rgba, width, rgba.length / 4 / width), 0, top);
  });
  const jpeg: PixelStreams = { rgb: new Uint8Array(await canvas.encode('jpeg', JPEG_QUALITY)), rgbFilter: 'DCTDecode', alpha };
  if (deflater === undefined) return jpeg;
  const deflated = await deflater.done();
  return deflated.byteLength <= jpeg.rgb.byteLength ? { rgb: deflated, rgbFilter: 'FlateDecode', alpha } : jpeg;
}
