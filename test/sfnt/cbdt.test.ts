/**
 * Colour bitmap readers. CBDT/CBLC (src/sfnt/cbdt.ts): glyphs of a font built here with each index subtable format
 * (1-5) and PNG data format (17-19) come back with their PNG and metrics; the largest strike wins;
 * arbitrary and corrupted bytes give a FontFormatError or nothing, never another exception.
 * sbix (src/sfnt/sbix.ts): PNG glyphs with their origin and hmtx advance, `dupe` glyphs, the
 * largest strike; the same property over corrupted bytes.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readColorBitmaps } from '../../src/sfnt/cbdt.js';
import { FontFormatError } from '../../src/sfnt/cursor.js';
import { readSbixBitmaps } from '../../src/sfnt/sbix.js';

const u8 = (v: number): number[] => [v & 0xff];
const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];
const u32 = (v: number): number[] => [(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];

/** An sfnt file with the given tables (no checksums: the reader does not read them). */
function sfnt(tables: Record<string, number[]>): Uint8Array {
  const tags = Object.keys(tables);
  const out: number[] = [...u32(0x00010000), ...u16(tags.length), ...u16(0), ...u16(0), ...u16(0)];
  let offset = 12 + 16 * tags.length;
  for (const tag of tags) {
    out.push(...[...tag].map((c) => c.charCodeAt(0)), ...u32(0), ...u32(offset), ...u32(tables[tag]!.length));
    offset += tables[tag]!.length;
  }
  for (const tag of tags) out.push(...tables[tag]!);
  return new Uint8Array(out);
}

const PNG_A = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3];
const PNG_B = [0x89, 0x50, 0x4e, 0x47, 9];
const SMALL = [20, 22, 1, 17, 24]; // height, width, bearingX, bearingY, advance
const BIG = [20, 22, 1, 17, 24, 0, 0, 0];

/** Glyph data of glyphs 5 and 6 in `imageFormat`, and their offsets in CBDT (after its 4-byte header). */
function glyphData(imageFormat: number, size?: number): { data: number[]; offsets: number[] } {
  const one = (png: number[]): number[] => {
    const glyph = [...(imageFormat === 17 ? SMALL : imageFormat === 18 ? BIG : []), ...u32(png.length), ...png];
    return size === undefined ? glyph : [...glyph, ...new Array<number>(size - glyph.length).fill(0)];
  };
  const a = one(PNG_A), b = one(PNG_B);
  return { data: [...a, ...b], offsets: [0, a.length, a.length + b.length] };
}

/** A font whose strike of `ppem` has glyphs 5 and 6 in one index subtable of `indexFormat`. */
function font(indexFormat: number, imageFormat: number, ppem = 109, extraStrike = false): Uint8Array {
  const fixed = indexFormat === 2 || indexFormat === 5 ? 24 : undefined;
  const { data, offsets } = glyphData(imageFormat, fixed);
  const header = [...u16(indexFormat), ...u16(imageFormat), ...u32(4)];
  const body: Record<number, number[]> = {
    1: offsets.flatMap(u32),
    2: [...u32(24), ...BIG],
    3: offsets.flatMap(u16),
    4: [...u32(2), ...u16(5), ...u16(offsets[0]!), ...u16(6), ...u16(offsets[1]!), ...u16(0), ...u16(offsets[2]!)],
    5: [...u32(24), ...BIG, ...u32(2), ...u16(5), ...u16(6)],
  };
  const strikes = extraStrike ? 2 : 1;
  const arrayOffset = 8 + 48 * strikes;
  const strike = (p: number): number[] => [...u32(arrayOffset), ...u32(0), ...u32(1), ...u32(0), ...new Array<number>(24).fill(0), ...u16(5), ...u16(6), ...u8(p), ...u8(p), ...u8(32), ...u8(1)];
  const cblc = [...u16(3), ...u16(0), ...u32(strikes), ...(extraStrike ? strike(20) : []), ...strike(ppem), ...u16(5), ...u16(6), ...u32(8), ...header, ...body[indexFormat]!];
  return sfnt({ CBDT: [...u16(3), ...u16(0), ...data], CBLC: cblc });
}

describe('readColorBitmaps', () => {
  for (const [indexFormat, imageFormat] of [[1, 17], [1, 18], [3, 17], [4, 18], [2, 19], [5, 19]] as const) {
    test(`index format ${indexFormat}, image format ${imageFormat}`, () => {
      const bitmaps = readColorBitmaps(font(indexFormat, imageFormat))!;
      expect(bitmaps.ppem).toBe(109);
      expect(bitmaps.glyph(5)).toEqual({ png: new Uint8Array(PNG_A), height: 20, width: 22, bearingX: 1, bearingY: 17, advance: 24, ppem: 109 });
      expect([...bitmaps.glyph(6)!.png]).toEqual(PNG_B);
      expect(bitmaps.glyph(4)).toBeUndefined();
      expect(bitmaps.glyph(7)).toBeUndefined();
    });
  }

  test('the largest strike is read', () => {
    expect(readColorBitmaps(font(1, 17, 109, true))!.ppem).toBe(109);
  });

  test('a font without CBDT has no colour bitmaps', () => {
    expect(readColorBitmaps(sfnt({ head: [0, 1, 0, 0] }))).toBeUndefined();
  });

  test('a glyph whose data lies outside CBDT is a FontFormatError', () => {
    const bytes = font(1, 17);
    const broken = bytes.slice(0, bytes.length - 3);
    expect(() => readColorBitmaps(broken)).toThrow(FontFormatError);
  });

  test('arbitrary and corrupted bytes: a FontFormatError or a result, never another exception', () => {
    const valid = font(1, 17);
    const corrupted = fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 }), fc.nat(valid.length)).map(([at, value, cut]) => {
      const bytes = valid.slice(0, Math.max(cut, 12));
      if (at < bytes.length) bytes[at] = value;
      return bytes;
    });
    fc.assert(fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), corrupted), (bytes) => {
      try {
        const bitmaps = readColorBitmaps(bytes);
        for (const id of [0, 5, 6, 0xffff]) bitmaps?.glyph(id);
      } catch (error) {
        if (!(error instanceof FontFormatError)) throw error;
      }
    }), { numRuns: 2000 });
  });
});

/** A PNG signature and IHDR chunk of `width` × `height` (all the reader looks at) and a tail. */
const png = (width: number, height: number): number[] => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32(13), ...[...'IHDR'].map((c) => c.charCodeAt(0)), ...u32(width), ...u32(height), 8, 6, 0, 0, 0];

/** Four glyphs: 0 empty, 1 a PNG, 2 a dupe of 1, 3 a JPEG; strikes of 20 and 160 ppem; 2048 units per em. */
function sbixFont(): Uint8Array {
  const glyph = (type: string, body: number[]): number[] => [...u16(3), ...u16(0xfffe), ...[...type].map((c) => c.charCodeAt(0)), ...body];
  const datas = [[], glyph('png ', png(136, 128)), glyph('dupe', u16(1)), glyph('jpg ', [1, 2, 3])];
  const strike = (ppem: number): number[] => {
    const offsets: number[] = [];
    let at = 4 + 4 * 5;
    for (const data of datas) { offsets.push(at); at += data.length; }
    offsets.push(at);
    return [...u16(ppem), ...u16(72), ...offsets.flatMap(u32), ...datas.flat()];
  };
  const small = strike(20), large = strike(160);
  const sbix = [...u16(1), ...u16(1), ...u32(2), ...u32(16), ...u32(16 + small.length), ...small, ...large];
  const head = [...new Array<number>(18).fill(0), ...u16(2048), ...new Array<number>(34).fill(0)];
  const hhea = [...new Array<number>(34).fill(0), ...u16(2)];
  const hmtx = [...u16(1000), ...u16(0), ...u16(2550), ...u16(0), ...u16(0), ...u16(0)];
  return sfnt({ head, hhea, hmtx, maxp: [...u32(0x5000), ...u16(4)], sbix });
}

describe('readSbixBitmaps', () => {
  test('PNG glyphs of the largest strike, with origin and advance; dupes followed; other formats skipped', () => {
    const bitmaps = readSbixBitmaps(sbixFont())!;
    expect(bitmaps.ppem).toBe(160);
    const one = bitmaps.glyph(1)!;
    expect({ ...one, png: one.png.length }).toEqual({ png: png(136, 128).length, width: 136, height: 128, bearingX: 3, bearingY: 126, advance: (2550 * 160) / 2048, ppem: 160 });
    expect(bitmaps.glyph(2)!.png).toEqual(one.png);
    expect(bitmaps.glyph(0)).toBeUndefined();
    expect(bitmaps.glyph(3)).toBeUndefined();
    expect(bitmaps.glyph(4)).toBeUndefined();
  });

  test('a font without sbix has none', () => {
    expect(readSbixBitmaps(font(1, 17))).toBeUndefined();
  });

  test('corrupted bytes: a FontFormatError or a result, never another exception', () => {
    const valid = sbixFont();
    fc.assert(fc.property(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 }), fc.nat(valid.length), (at, value, cut) => {
      const bytes = valid.slice(0, Math.max(cut, 12));
      if (at < bytes.length) bytes[at] = value;
      try {
        const bitmaps = readSbixBitmaps(bytes);
        for (const id of [0, 1, 2, 3, 0xffff]) bitmaps?.glyph(id);
      } catch (error) {
        if (!(error instanceof FontFormatError)) throw error;
      }
    }), { numRuns: 2000 });
  });
});
