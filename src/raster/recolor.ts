/**
 * A raster image's pixels rewritten by a function of its non-premultiplied RGBA bytes (the CSS
 * colour-matrix filters, paint/color-matrix.ts), decoded and re-encoded as PNG with Skia.
 */
import { decodeWithSkia, encodePng } from './skia.js';

/** PNG bytes of `bytes` (PNG or JPEG) with `recolor` applied to its RGBA pixels; undefined when unreadable. */
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
  return encodePng(surface);
}
