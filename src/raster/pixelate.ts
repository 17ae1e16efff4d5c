/**
 * Blocky upscaling for `image-rendering: pixelated` / `crisp-edges` in print: the PDF
 * /Interpolate false flag is only a hint, and viewers (poppler among them) smooth enlarged images
 * anyway. An image drawn larger than its pixels is therefore embedded enlarged by whole factors
 * with nearest-neighbour sampling (Skia), so that every viewer shows its pixels as blocks.
 */
import { decodeWithSkia, encodePng } from './skia.js';

/** No enlarged image above this many pixels (a tiny image drawn huge stays a hint). */
export const MAX_ENLARGED_PIXELS = 16_000_000;

/** PNG bytes of `bytes` (PNG or JPEG) enlarged `kx` × `ky` times by repeating pixels; undefined when unreadable. */
export async function enlargeNearest(bytes: Uint8Array, kx: number, ky: number): Promise<Uint8Array | undefined> {
  const decoded = await decodeWithSkia(bytes);
  if (decoded === undefined) return undefined;
  const { skia, image } = decoded;
  const width = image.width * kx;
  const height = image.height * ky;
  if (width <= 0 || height <= 0 || width * height > MAX_ENLARGED_PIXELS) return undefined;
  const surface = skia.createCanvas(width, height);
  const ctx = surface.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, 0, 0, width, height);
  return encodePng(surface);
}
