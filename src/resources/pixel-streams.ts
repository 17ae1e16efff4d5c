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

/**
 * What a walk over an image's bands does with each band after its alpha samples were taken: the
 * band's RGBA (its alpha as read) and whether all its pixels are opaque.
 */
export type BandVisitor = (top: number, rgba: Uint8ClampedArray, opaque: boolean) => Promise<void> | void;

/**
 * The alpha samples of the `width` × `height` pixels `band` reads, deflated — undefined when every
 * pixel is opaque —, a band of bandRows(width) rows at a time, each band then given to `visit`.
 */
export async function alphaStream(band: PixelBand, width: number, height: number, visit: BandVisitor): Promise<Uint8Array | undefined> {
  const alpha = compressor();
  const step = bandRows(width);
  let opaque = true;
  for (let top = 0; top < height; top += step) {
    const rgba = band(top, Math.min(step, height - top));
    const coverage = new Uint8Array(rgba.length / 4);
    let all = 0xff;
    for (let p = 0, s = 3; p < coverage.length; p++, s += 4) {
      const a = rgba[s]!;
      coverage[p] = a;
      all &= a;
    }
    if (all !== 0xff) opaque = false;
    await Promise.all([feed(alpha.stream, coverage), visit(top, rgba, all === 0xff)]);
  }
  alpha.stream.end();
  const coverage = await alpha.done;
  return opaque ? undefined : coverage;
}

/** A band visitor that deflates the bands' RGB samples, and the stream once the bands are done. */
export interface RgbDeflater {
  readonly visit: BandVisitor;
  done(): Promise<Uint8Array>;
}

export function rgbDeflater(): RgbDeflater {
  const rgb = compressor();
  return {
    visit: (_top, rgba) => {
      const colour = new Uint8Array((rgba.length / 4) * 3);
      for (let c = 0, s = 0; c < colour.length; c += 3, s += 4) {
        colour[c] = rgba[s]!;
        colour[c + 1] = rgba[s + 1]!;
        colour[c + 2] = rgba[s + 2]!;
      }
      return feed(rgb.stream, colour);
    },
    done: () => {
      rgb.stream.end();
      return rgb.done;
    },
  };
}

/** The `width` × `height` pixels `band` reads, as deflated RGB and alpha streams, a band of bandRows(width) rows at a time. */
export async function pixelStreams(band: PixelBand, width: number, height: number): Promise<PixelStreams> {
  const rgb = rgbDeflater();
  const alpha = await alphaStream(band, width, height, rgb.visit);
  return { rgb: await rgb.done(), rgbFilter: 'FlateDecode', alpha };
}
