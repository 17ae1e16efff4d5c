/**
 * An image's alpha channel (what `shape-outside: url()` wraps lines around, CSS Shapes 1 §5):
 * PNG and JPEG decoded by Skia, SVG drawn by Skia's SVG renderer at its intrinsic size. Large
 * images are read at most MAX_SIDE pixels on a side: a float area needs no finer rows.
 */
import { loadSized } from './skia.js';

export interface AlphaChannel {
  readonly width: number;
  readonly height: number;
  /** One byte per pixel, row by row. */
  readonly alpha: Uint8Array;
}

const MAX_SIDE = 1024;

/** The alpha of `bytes` drawn at its size (`width` × `height` px, scaled down to MAX_SIDE); undefined when Skia cannot read it. */
export async function alphaChannel(bytes: Uint8Array, width: number, height: number): Promise<AlphaChannel | undefined> {
  if (!(width > 0 && height > 0)) return undefined;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const loaded = await loadSized(bytes, w, h);
  if (loaded === undefined) return undefined;
  const { skia, image } = loaded;
  const canvas = skia.createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, w, h);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[4 * i + 3]!;
  return { width: w, height: h, alpha };
}
