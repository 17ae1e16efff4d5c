/**
 * A raster image's pixels rewritten by a function of its non-premultiplied RGBA bytes (colour
 * filters, paint/color-matrix.ts), decoded and re-encoded with Skia: a JPEG (opaque) as a JPEG of
 * high quality (or a PNG, under a megapixel, when that is smaller), the rest as PNG. A recoloured
 * photo as PNG was 3× the JPEG's bytes and cost the PDF writer a decode of every pixel in
 * JavaScript (PDFKit's PNG reader): 5 s for a 6-megapixel photo.
 */
import { LOSSLESS_COMPARED_BELOW, decodeWithSkia, encodePng } from './skia.js';

/** Quality of a recoloured JPEG (Skia's scale, 0-100): a second lossy pass that adds no visible artefact. */
const JPEG_QUALITY = 92;

const isJpeg = (bytes: Uint8Array): boolean => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** `bytes` (PNG or JPEG) with `recolor` applied to its RGBA pixels, in the same format; undefined when unreadable. */
export async function recolorPixels(bytes: Uint8Array, recolor: (rgba: Uint8ClampedArray) => void): Promise<Uint8Array | undefined> {
  const decoded = await decodeWithSkia(bytes);
  if (decoded === undefined) return undefined;
  const { skia, image } = decoded;
  const { width, height } = image;
  if (width <= 0 || height <= 0) return undefined;
  const surface = skia.createCanvas(width, height);
  const ctx = surface.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const pixels = ctx.getImageData(0, 0, width, height);
  recolor(pixels.data);
  ctx.putImageData(pixels, 0, 0);
  if (!isJpeg(bytes)) return encodePng(surface);
  let jpeg: Uint8Array;
  try {
    jpeg = new Uint8Array(await surface.encode('jpeg', JPEG_QUALITY));
  } catch {
    return encodePng(surface);
  }
  if (width * height >= LOSSLESS_COMPARED_BELOW) return jpeg;
  // a small one's flat colours (a logo, a two-colour swatch) often make a smaller PNG, without the
  // second pass's ringing at their hard edges, which a magnified small image shows
  const png = await encodePng(surface);
  return png !== undefined && png.byteLength <= jpeg.byteLength ? png : jpeg;
}

/** The format of bytes a copy was made as: what recolorPixels and the other raster steps write. */
export function copyFormat(bytes: Uint8Array): 'jpeg' | 'png' {
  return isJpeg(bytes) ? 'jpeg' : 'png';
}
