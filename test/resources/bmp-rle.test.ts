/**
 * RLE8 and RLE4 bitmaps (src/resources/bmp-rle.ts): every run is held inside the image before Skia
 * decodes it, and arbitrary bytes after a valid header end decoded or damaged — never a crash, a
 * hang or an exception. The property runs 10 × FUZZ_RUNS times (default 6, as the other fuzz
 * files: a case here costs a tenth of a render); `npm run fuzz` runs many more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePixels } from '../../src/resources/decode.js';
import { readRasterHeader } from '../../src/resources/raster-headers.js';
import { rleDamage } from '../../src/resources/bmp-rle.js';

const RUNS = 10 * Number(process.env['FUZZ_RUNS'] ?? 6);
const PALETTE = [[255, 0, 0], [0, 0, 255]] as const; // index 0 red, 1 blue

/** A bottom-up (or, with a negative height, top-down) RLE bitmap of a two-colour palette. */
function rleBmp(image: { width: number; height: number; bitCount: 4 | 8 }, stream: readonly number[]): Uint8Array {
  const offset = 14 + 40 + PALETTE.length * 4;
  const bytes = Buffer.alloc(offset + stream.length);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(offset, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(image.width, 18);
  bytes.writeInt32LE(image.height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(image.bitCount, 28);
  bytes.writeUInt32LE(image.bitCount === 8 ? 1 : 2, 30); // BI_RLE8, BI_RLE4
  bytes.writeUInt32LE(stream.length, 34);
  bytes.writeUInt32LE(PALETTE.length, 46);
  PALETTE.forEach(([r, g, b], index) => bytes.set([b, g, r, 0], 54 + index * 4));
  bytes.set(stream, offset);
  return new Uint8Array(bytes);
}

const RLE8 = { width: 4, height: 2, bitCount: 8 } as const;
/** Bottom row: 2 red, 2 blue (a run each); top row: blue, red, blue, red (absolute), end of bitmap. */
const VALID8 = [2, 0, 2, 1, 0, 0, 0, 4, 1, 0, 1, 0, 0, 0, 0, 1];

const damage = (stream: readonly number[], image: { width: number; height: number; bitCount: 4 | 8 } = RLE8): string | undefined => {
  const result = readRasterHeader(rleBmp(image, stream), 'bmp');
  return result.ok ? undefined : result.reason;
};

describe('RLE bitmaps', () => {
  it('decodes a sound RLE8 and RLE4 bitmap', async () => {
    const decoded = await decodePixels(rleBmp(RLE8, VALID8), 'bmp', 1_000_000);
    expect(decoded).toMatchObject({ kind: 'decoded', width: 4, height: 2 });
    // RLE4: a run of 4 pixels alternating 0 and 1, end of line; an absolute run of 3 (2 bytes), end of bitmap
    const rle4 = rleBmp({ width: 4, height: 2, bitCount: 4 }, [4, 0x01, 0, 0, 0, 3, 0x10, 0x10, 0, 1]);
    expect(readRasterHeader(rle4, 'bmp')).toMatchObject({ ok: true });
    expect(await decodePixels(rle4, 'bmp', 1_000_000)).toMatchObject({ kind: 'decoded', width: 4, height: 2 });
  });

  it('refuses runs and deltas outside the image, and data cut short', () => {
    expect(damage(VALID8)).toBeUndefined();
    expect(damage([5, 0, 0, 1])).toBe('an RLE run past the end of its row');
    expect(damage([0, 5, 1, 1, 1, 1, 1, 0, 0, 1])).toBe('an RLE run past the end of its row'); // absolute
    expect(damage([0, 0, 0, 0, 1, 0])).toBe('an RLE run below the last row');
    expect(damage([0, 0, 0, 0, 0, 0])).toBe('more RLE rows than the bitmap has');
    expect(damage([0, 2, 1, 2])).toBe('an RLE delta outside the bitmap');
    expect(damage([0, 2, 5, 0])).toBe('an RLE delta outside the bitmap');
    expect(damage([0, 2, 1])).toBe('an RLE delta cut short by the end of the file');
    expect(damage([0, 4, 1, 0])).toBe('an RLE run cut short by the end of the file');
    expect(damage([2, 0, 2])).toBe('an RLE code cut short by the end of the file');
    expect(damage([2, 0, 2, 1])).toBeUndefined(); // no end of bitmap: the rest is blank, as decoders do
    expect(damage(VALID8, { ...RLE8, height: -2 })).toBe('a top-down RLE bitmap');
    // RLE4 counts pixels, two to a byte: 3 pixels take 2 bytes
    expect(damage([0, 3, 0x10], { width: 4, height: 1, bitCount: 4 })).toBe('an RLE run cut short by the end of the file');
  });

  it('walks the runs, not the pixels, of a large declared image', () => {
    // 30,000 × 1,000 pixels declared, ~850 rows of 117 runs of 255 pixels each: one step per run
    const stream = Array.from({ length: 100_000 }, (_, index) => (index % 118 === 117 ? [0, 0] : [255, 1])).flat();
    expect(rleDamage(Uint8Array.from(stream), 0, { width: 30_000, height: 1_000, bitCount: 8 })).toBeUndefined();
    expect(rleDamage(Uint8Array.from(stream), 0, { width: 29_000, height: 1_000, bitCount: 8 })).toBe('an RLE run past the end of its row');
  });

  it('decodes arbitrary data after a valid RLE header or calls it damaged, never throws', async () => {
    const image = fc.record({ width: fc.integer({ min: 1, max: 64 }), height: fc.integer({ min: 1, max: 64 }), bitCount: fc.constantFrom(4 as const, 8 as const) });
    await fc.assert(fc.asyncProperty(image, fc.uint8Array({ maxLength: 600 }), async (size, stream) => {
      const bytes = rleBmp(size, [...stream]);
      const result = await decodePixels(bytes, 'bmp', 1_000_000);
      expect(['decoded', 'damaged']).toContain(result.kind);
      if (result.kind === 'decoded') expect(result).toMatchObject({ width: size.width, height: size.height });
    }), { numRuns: RUNS, seed: Number(process.env['FUZZ_SEED'] ?? 0) });
  }, 120_000);
});
