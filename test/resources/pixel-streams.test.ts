/** A decoded image's pixels as deflated RGB and alpha streams, read from the canvas a band of rows at a time. */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PixelBand } from '../../src/resources/pixel-streams.js';
import { bandRows, pixelStreams } from '../../src/resources/pixel-streams.js';

/** An image `width` px wide whose pixel (x, y) is RGBA (x, y, x + y, alpha(x, y)), recording the bands read as [top, rows]. */
function source(width: number, alpha: (x: number, y: number) => number): { band: PixelBand; bands: number[][] } {
  const bands: number[][] = [];
  const band: PixelBand = (top, rows) => {
    bands.push([top, rows]);
    const data = new Uint8ClampedArray(width * rows * 4);
    for (let row = 0; row < rows; row++) for (let x = 0; x < width; x++) {
      const y = top + row;
      data.set([x & 0xff, y & 0xff, (x + y) & 0xff, alpha(x, y)], (row * width + x) * 4);
    }
    return data;
  };
  return { band, bands };
}

describe('pixelStreams', () => {
  it('writes RGB samples row by row and no alpha for an opaque image', async () => {
    const streams = await pixelStreams(source(3, () => 255).band, 3, 2);
    expect([...inflateSync(streams.rgb)]).toEqual([0, 0, 0, 1, 0, 1, 2, 0, 2, 0, 1, 1, 1, 1, 2, 2, 1, 3]);
    expect(streams.alpha).toBeUndefined();
  });

  it('keeps the alpha samples when one pixel is not opaque', async () => {
    const streams = await pixelStreams(source(2, (x, y) => (x === 1 && y === 1 ? 128 : 255)).band, 2, 2);
    expect([...inflateSync(streams.alpha!)]).toEqual([255, 255, 255, 128]);
  });

  it('reads bands of 4 MB of RGBA, the last one shorter', async () => {
    const image = source(1000, () => 255); // 1,048 rows of 4,000 bytes a band
    await pixelStreams(image.band, 1000, 2100);
    expect(image.bands).toEqual([[0, 1048], [1048, 1048], [2096, 4]]);
  });

  it('reads a wide image a few rows at a time, in order', async () => {
    // 600,000 px × 4 bytes a row: one row a band (4 MB)
    const image = source(600_000, (x, y) => (y === 2 && x === 599_999 ? 0 : 255));
    expect(bandRows(600_000)).toBe(1);
    const streams = await pixelStreams(image.band, 600_000, 3);
    expect(image.bands).toEqual([[0, 1], [1, 1], [2, 1]]);
    const rgb = inflateSync(streams.rgb);
    expect(rgb.length).toBe(600_000 * 3 * 3);
    expect([...rgb.subarray(600_000 * 3, 600_000 * 3 + 3)]).toEqual([0, 1, 1]); // the second row's first pixel
    const alpha = inflateSync(streams.alpha!);
    expect(alpha.length).toBe(1_800_000);
    expect(alpha[1_799_999]).toBe(0);
    expect(alpha.subarray(0, 1_799_999).every((a) => a === 255)).toBe(true);
  });
});
