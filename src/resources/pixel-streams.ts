/**
 * A decoded image's pixels as the two streams a PDF image XObject takes (ISO 32000-1 §8.9.5,
 * §11.6.5.3): 8-bit RGB samples and an 8-bit soft mask, each deflated once. Read a band of rows
 * at a time, so that no copy of the whole image exists beside the decoder's own (a 548-byte GIF
 * may declare 34 million pixels: 135 MB as RGBA).
 */
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';
import type { Deflate } from 'node:zlib';

/** The unpremultiplied RGBA pixels of `rows` rows from `top` (a 2D context's getImageData). */
export type PixelBand = (top: number, rows: number) => Uint8ClampedArray;

export interface PixelStreams {
  /** RGB samples, row by row: zlib-deflated (/FlateDecode) or a baseline JPEG (/DCTDecode, decode.ts). */
  readonly rgb: Uint8Array;
  readonly rgbFilter: 'FlateDecode' | 'DCTDecode';
  /** Alpha samples, deflated; undefined when every pixel is opaque. */
  readonly alpha: Uint8Array | undefined;
}

/** About this many bytes of RGBA are read from the canvas at a time. */
const BAND_BYTES = 4 * 1024 * 1024;

/** The rows of a band of an image `width` px wide (at least one). */
export function bandRows(width: number): number {
  return Math.max(1, Math.floor(BAND_BYTES / (width * 4)));
}

/** Whether every pixel `band` reads is opaque, a band of bandRows(width) rows at a time. */
export function isOpaque(band: PixelBand, width: number, height: number): boolean {
  const step = bandRows(width);
  for (let top = 0; top < height; top += step) {
    const rgba = band(top, Math.min(step, height - top));
    for (let s = 3; s < rgba.length; s += 4) if (rgba[s] !== 0xff) return false;
  }
  return true;
}

/** A deflate stream and the compressed bytes it has written. */
function compressor(): { readonly stream: Deflate; readonly done: Promise<Uint8Array> } {
  const stream = createDeflate();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = once(stream, 'end').then(() => new Uint8Array(Buffer.concat(chunks)));
  // handled when awaited; until then a failed stream must not be an unhandled rejection
  done.catch(() => undefined);
  return { stream, done };
}

/** Writes `chunk`, waiting while the stream's buffer is full (else every band would be queued at once). */
async function feed(stream: Deflate, chunk: Uint8Array): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** The `width` × `height` pixels `band` reads, as deflated RGB and alpha streams, a band of bandRows(width) rows at a time. */
export async function pixelStreams(band: PixelBand, width: number, height: number): Promise<PixelStreams> {
  const rgb = compressor();
  const alpha = compressor();
  const step = bandRows(width);
  let opaque = true;
  for (let top = 0; top < height; top += step) {
    const rows = Math.min(step, height - top);
    const rgba = band(top, rows);
    const pixels = width * rows;
    const colour = new Uint8Array(pixels * 3);
    const coverage = new Uint8Array(pixels);
    let all = 0xff;
    for (let p = 0, c = 0, s = 0; p < pixels; p++, s += 4, c += 3) {
      colour[c] = rgba[s]!;
      colour[c + 1] = rgba[s + 1]!;
      colour[c + 2] = rgba[s + 2]!;
      const a = rgba[s + 3]!;
      coverage[p] = a;
      all &= a;
    }
    if (all !== 0xff) opaque = false;
    await Promise.all([feed(rgb.stream, colour), feed(alpha.stream, coverage)]);
  }
  rgb.stream.end();
  alpha.stream.end();
  const [colour, coverage] = await Promise.all([rgb.done, alpha.done]);
  return { rgb: colour, rgbFilter: 'FlateDecode', alpha: opaque ? undefined : coverage };
}
