/** A decoded image's pixels as deflated RGB and alpha streams, read from the canvas a band of rows at a time. */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PixelSource } from '../../src/resources/pixel-streams.js';
import { pixelStreams } from '../../src/resources/pixel-streams.js';

/** A canvas whose pixel (x, y) is RGBA (x, y, x + y, alpha(x, y)), recording the bands read. */
function source(width: number, height: number, alpha: (x: number, y: number) => number): PixelSource & { bands: number[][] } {
  const bands: number[][] = [];
  return {
    bands,
    getImageData(x, y, w, h) {
      bands.push([x, y, w, h]);
      const data = new Uint8ClampedArray(w * h * 4);
      for (let row = 0; row < h; row++) for (let col = 0; col < w; col++) {
        const at = (row * w + col) * 4;
        data.set([(x + col) & 0xff, (y + row) & 0xff, (x + col + y + row) & 0xff, alpha(x + col, y + row)], at);
      }
      return { data };
    },
  };
}

describe('pixelStreams', () => {
  it('writes RGB samples row by row and no alpha for an opaque image', async () => {
    const streams = await pixelStreams(source(3, 2, () => 255), 3, 2);
    expect([...inflateSync(streams.rgb)]).toEqual([0, 0, 0, 1, 0, 1, 2, 0, 2, 0, 1, 1, 1, 1, 2, 2, 1, 3]);
    expect(streams.alpha).toBeUndefined();
  });

  it('keeps the alpha samples when one pixel is not opaque', async () => {
    const streams = await pixelStreams(source(2, 2, (x, y) => (x === 1 && y === 1 ? 128 : 255)), 2, 2);
    expect([...inflateSync(streams.alpha!)]).toEqual([255, 255, 255, 128]);
  });

  it('reads a wide image a few rows at a time, in order', async () => {
    // 600,000 px × 4 bytes a row: one row a band (4 MB)
    const canvas = source(600_000, 3, (x, y) => (y === 2 && x === 599_999 ? 0 : 255));
    const streams = await pixelStreams(canvas, 600_000, 3);
    expect(canvas.bands).toEqual([[0, 0, 600_000, 1], [0, 1, 600_000, 1], [0, 2, 600_000, 1]]);
    const rgb = inflateSync(streams.rgb);
    expect(rgb.length).toBe(600_000 * 3 * 3);
    expect([...rgb.subarray(600_000 * 3, 600_000 * 3 + 3)]).toEqual([0, 1, 1]); // the second row's first pixel
    const alpha = inflateSync(streams.alpha!);
    expect(alpha.length).toBe(1_800_000);
    expect(alpha[1_799_999]).toBe(0);
    expect(alpha.subarray(0, 1_799_999).every((a) => a === 255)).toBe(true);
  });
});
