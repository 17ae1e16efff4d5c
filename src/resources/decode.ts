/**
 * Raster formats PDF cannot embed as they are (GIF — first frame —, WebP, BMP, AVIF): decoded
 * with Skia through @napi-rs/canvas (already shipped for previews) and re-encoded as PNG, which
 * keeps the alpha channel. Decoding happens once per resource URL per render.
 */
import { loadSkia } from '../raster/skia.js';
export type DecodableFormat = 'gif' | 'webp' | 'bmp' | 'avif';

export const DECODABLE: ReadonlySet<string> = new Set<DecodableFormat>(['gif', 'webp', 'bmp', 'avif']);

const u16le = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);

/**
 * Header checks before Skia sees the bytes: it can abort the process on some truncated files
 * (a GIF of zero size), so only plausible ones are decoded.
 */
function plausible(bytes: Uint8Array): boolean {
  const tag = String.fromCharCode(...bytes.subarray(0, 4));
  if (tag === 'GIF8') return bytes.length >= 26 && u16le(bytes, 6) > 0 && u16le(bytes, 8) > 0;
  if (tag === 'RIFF') return bytes.length >= 30 && u16le(bytes, 4) + u16le(bytes, 6) * 0x10000 + 8 <= bytes.length;
  return bytes.length >= 32;
}

/** PNG bytes and size of an image, or undefined when Skia cannot read it. */
export async function decodeToPng(bytes: Uint8Array): Promise<{ png: Uint8Array; width: number; height: number } | undefined> {
  if (!plausible(bytes)) return undefined;
  const canvas = await loadSkia();
  let image: InstanceType<typeof canvas.Image>;
  try {
    image = await canvas.loadImage(Buffer.from(bytes));
  } catch {
    return undefined;
  }
  const { width, height } = image;
  if (width <= 0 || height <= 0) return undefined;
  const surface = canvas.createCanvas(width, height);
  surface.getContext('2d').drawImage(image, 0, 0);
  return { png: new Uint8Array(await surface.encode('png')), width, height };
}
