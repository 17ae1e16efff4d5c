/**
 * The PNG chunk reader (src/raster/png-chunks.ts): a sound file's chunks in order with their data
 * and CRC; a truncated chunk, a length past the end or a huge length end the walk with one chunk
 * marked cut short that holds only the file's bytes; a file of nothing but its signature has no
 * chunks. Over arbitrary and damaged bytes it never throws, never reads past the file, and always
 * ends.
 */
import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { pngChunks, readPngHeader } from '../../src/raster/png-chunks.js';
import { png } from '../resources/image-bytes.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const u32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const types = (bytes: Uint8Array): string[] => [...pngChunks(bytes)].map((c) => c.type + (c.cutShort ? ' (cut short)' : ''));

describe('pngChunks', () => {
  test('a sound PNG: IHDR, IDAT, IEND with their data and right CRCs', () => {
    const file = png(3, 2);
    const chunks = [...pngChunks(file)];
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.map((c) => c.at)).toEqual([8, 33, 33 + 12 + chunks[1]!.length]);
    for (const chunk of chunks) {
      expect(chunk.cutShort).toBe(false);
      if (!chunk.cutShort) expect(crc32(chunk.crcInput)).toBe(chunk.crc);
      expect(chunk.data.length).toBe(chunk.length);
    }
    expect(chunks[0]!.length).toBe(13);
    expect(readPngHeader(file)).toEqual({ width: 3, height: 2, bitDepth: 8, colourType: 2, interlace: 0 });
  });

  test('a file cut inside a chunk ends with that chunk, cut short, holding the bytes there are', () => {
    const file = png(3, 2);
    const idatAt = 33;
    const cut = file.subarray(0, idatAt + 8 + 5);
    expect(types(cut)).toEqual(['IHDR', 'IDAT (cut short)']);
    const last = [...pngChunks(cut)][1]!;
    expect(last.data.length).toBe(5);
    expect(last.length).toBeGreaterThan(5);
    // the CRC alone missing: cut short too
    expect(types(file.subarray(0, file.length - 2))).toEqual(['IHDR', 'IDAT', 'IEND (cut short)']);
  });

  test('a length past the end of the file, or a huge one, ends the walk at that chunk', () => {
    const file = Uint8Array.from([...SIGNATURE, ...u32(1000), ...[...'tEXt'].map((c) => c.charCodeAt(0)), 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(types(file)).toEqual(['tEXt (cut short)']);
    expect([...pngChunks(file)][0]!.data).toEqual(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]));
    const huge = Uint8Array.from([...SIGNATURE, ...u32(0xffffffff), 0x49, 0x44, 0x41, 0x54, 0, 0, 0, 0]);
    expect(types(huge)).toEqual(['IDAT (cut short)']);
    expect([...pngChunks(huge)][0]!.data.length).toBe(4);
  });

  test('no chunks: the signature alone, fewer than 8 bytes after it, an empty array', () => {
    expect(types(Uint8Array.from(SIGNATURE))).toEqual([]);
    expect(types(Uint8Array.from([...SIGNATURE, 0, 0, 0, 0, 0x49, 0x45, 0x4e]))).toEqual([]);
    expect(types(new Uint8Array())).toEqual([]);
    expect(readPngHeader(Uint8Array.from(SIGNATURE))).toBeUndefined();
  });

  test('zero-length chunks follow one another', () => {
    const empty = (type: string): number[] => [...u32(0), ...[...type].map((c) => c.charCodeAt(0)), ...u32(crc32(Buffer.from(type, 'latin1')))];
    expect(types(Uint8Array.from([...SIGNATURE, ...empty('aaAA'), ...empty('bbBB'), ...empty('IEND')]))).toEqual(['aaAA', 'bbBB', 'IEND']);
  });

  test('an IHDR cut after its width and height still gives them; before, nothing', () => {
    const file = png(1200, 7);
    expect(readPngHeader(file.subarray(0, 24))).toEqual({ width: 1200, height: 7, bitDepth: undefined, colourType: undefined, interlace: undefined });
    expect(readPngHeader(file.subarray(0, 23))).toBeUndefined();
  });
});

describe('pngChunks over damaged bytes (property)', () => {
  /** Every chunk given lies inside the file, they follow one another, and only the last may be cut short. */
  function checkWalk(bytes: Uint8Array): void {
    let expectedAt = 8;
    const chunks = [...pngChunks(bytes)];
    chunks.forEach((chunk, i) => {
      expect(chunk.at).toBe(expectedAt);
      expect(chunk.data.byteOffset - bytes.byteOffset + chunk.data.length).toBeLessThanOrEqual(bytes.length);
      expect(chunk.data.length).toBeLessThanOrEqual(chunk.length);
      if (chunk.cutShort) expect(i).toBe(chunks.length - 1);
      else expectedAt = chunk.at + 12 + chunk.length;
    });
    expect(chunks.length).toBeLessThanOrEqual(Math.max(0, (bytes.length - 8) / 8));
  }

  test('arbitrary bytes after a signature', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (tail) => {
      checkWalk(Uint8Array.from([...SIGNATURE, ...tail]));
      readPngHeader(Uint8Array.from([...SIGNATURE, ...tail]));
    }), { numRuns: 500 });
  });

  test('a sound PNG with bytes changed and its end cut', () => {
    const valid = png(5, 4);
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { maxLength: 8 }), fc.nat(valid.length), (changes, cut) => {
      const bytes = valid.slice(0, cut);
      for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
      checkWalk(bytes);
    }), { numRuns: 500 });
  });
});
