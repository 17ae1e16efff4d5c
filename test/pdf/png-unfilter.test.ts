/**
 * octavo unfilters a non-interlaced PNG's rows itself (src/pdf/pdfkit-png.ts fastDecodePixels):
 * png-js's loop took ~20–80 ms for a logo in a fresh process. The pixels must be png-js's, for
 * every filter type, whole bytes per pixel from 1 (grey) to 8 (16-bit RGBA).
 */
import { deflateSync } from 'node:zlib';
// @ts-expect-error -- png-js (PDFKit's PNG reader) ships no types: its parse is used as PDFKit uses it
import PNG from 'png-js';
import { describe, expect, it } from 'vitest';
import { fastDecodePixels, unfilter } from '../../src/pdf/pdfkit-png.js';

/** Seeded bytes (a linear congruential generator): the same test data on every run. */
function bytes(count: number, seed: number): Uint8Array {
  const out = new Uint8Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

/** Image data of `height` rows, row r with filter type r % 5, the rest random. */
function filteredRows(width: number, height: number, bytesPerPixel: number, seed: number): Uint8Array {
  const rowLength = width * bytesPerPixel;
  const data = bytes(height * (rowLength + 1), seed);
  for (let row = 0; row < height; row++) data[row * (rowLength + 1)] = row % 5;
  return data;
}

interface Parse { width: number; height: number; imgData: Uint8Array; pixelBitlength: number; interlaceMethod: number; transparency: object; decodePixels(fn: (pixels: Uint8Array) => void): void }

function parseOf(data: Uint8Array, width: number, height: number, bytesPerPixel: number): Parse {
  const parse = Object.create((PNG as unknown as { prototype: object }).prototype) as Parse;
  Object.assign(parse, { width, height, imgData: deflateSync(data), pixelBitlength: bytesPerPixel * 8, interlaceMethod: 0, transparency: {} });
  return parse;
}

const decoded = (parse: Parse): Promise<Uint8Array> => new Promise((resolve) => parse.decodePixels(resolve));

describe('PNG rows unfiltered by octavo', () => {
  it.each([1, 2, 3, 4, 6, 8])('gives png-js\'s pixels at %i bytes a pixel, every filter type', async (bytesPerPixel) => {
    const [width, height] = [7, 23];
    const data = filteredRows(width, height, bytesPerPixel, bytesPerPixel);
    const theirs = await decoded(parseOf(data, width, height, bytesPerPixel));
    expect(unfilter(data, width * bytesPerPixel, height, bytesPerPixel)).toEqual(theirs);
    const ours = parseOf(data, width, height, bytesPerPixel);
    fastDecodePixels(ours);
    expect(Object.hasOwn(ours, 'decodePixels')).toBe(true);
    expect(await decoded(ours)).toEqual(theirs);
  });

  it('leaves data that is not exactly the rows, and interlaced images, to png-js', async () => {
    const data = filteredRows(5, 4, 4, 9);
    expect(unfilter(data.subarray(0, data.length - 1), 20, 4, 4)).toBeUndefined();
    const short = parseOf(data.subarray(0, data.length - 3), 5, 4, 4);
    const theirs = await decoded(parseOf(data.subarray(0, data.length - 3), 5, 4, 4));
    fastDecodePixels(short);
    expect(await decoded(short)).toEqual(theirs);
    const interlaced = parseOf(data, 5, 4, 4);
    interlaced.interlaceMethod = 1;
    fastDecodePixels(interlaced);
    expect(Object.hasOwn(interlaced, 'decodePixels')).toBe(false);
  });

  it('throws png-js\'s error for an unknown filter type', () => {
    const data = filteredRows(3, 2, 3, 1);
    data[0] = 7;
    expect(() => unfilter(data, 9, 2, 3)).toThrow('Invalid filter algorithm: 7');
  });
});
