/**
 * The OpenType MATH reader (src/sfnt/math-table.ts): the constants and vertical variants of a
 * table built here come back as written, and DejaVu Math TeX Gyre's where it is installed; arbitrary and
 * corrupted bytes give a FontFormatError or no table, never another exception.
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FontFormatError } from '../../src/sfnt/cursor.js';
import { MATH_VALUE_CONSTANTS, readMathTable } from '../../src/sfnt/math-table.js';

const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];

/** A MATH table: constants numbered 1, 2, 3…; glyphs 10 and 20 with two variants each (coverage `format`). */
function mathTable(format: 1 | 2): Uint8Array {
  const constants = [...u16(71), ...u16(50), ...u16(1300), ...u16(1500), ...MATH_VALUE_CONSTANTS.flatMap((_, i) => [...u16(i + 1), ...u16(0)]), ...u16(60)];
  const header = 10;
  const constantsAt = header;
  const variantsAt = constantsAt + constants.length;
  // MathVariants: overlap, vertical coverage, horizontal coverage, counts, two construction offsets
  const variantsHeader = 10 + 2 * 2;
  const coverage = format === 1 ? [...u16(1), ...u16(2), ...u16(10), ...u16(20)] : [...u16(2), ...u16(2), ...u16(10), ...u16(10), ...u16(0), ...u16(20), ...u16(20), ...u16(1)];
  const coverageAt = variantsHeader;
  const construction = (first: number): number[] => [...u16(0), ...u16(2), ...u16(first), ...u16(1000), ...u16(first + 1), ...u16(1500)];
  const firstAt = coverageAt + coverage.length;
  const secondAt = firstAt + 12;
  const variants = [...u16(50), ...u16(coverageAt), ...u16(0), ...u16(2), ...u16(0), ...u16(firstAt), ...u16(secondAt), ...coverage, ...construction(100), ...construction(200)];
  return new Uint8Array([...u16(1), ...u16(0), ...u16(constantsAt), ...u16(0), ...u16(variantsAt), ...constants, ...variants]);
}

describe('MATH table', () => {
  test.each([1, 2] as const)('reads the constants and the vertical variants (coverage format %i)', (format) => {
    const table = readMathTable(mathTable(format))!;
    expect(table.constants.scriptPercentScaleDown).toBe(71);
    expect(table.constants.scriptScriptPercentScaleDown).toBe(50);
    expect(table.constants.displayOperatorMinHeight).toBe(1500);
    expect(table.constants.mathLeading).toBe(1);
    expect(table.constants.axisHeight).toBe(2);
    expect(table.constants.radicalKernAfterDegree).toBe(MATH_VALUE_CONSTANTS.length);
    expect(table.constants.radicalDegreeBottomRaisePercent).toBe(60);
    expect(table.verticalVariants(10)).toEqual([{ glyph: 100, advance: 1000 }, { glyph: 101, advance: 1500 }]);
    expect(table.verticalVariants(20)).toEqual([{ glyph: 200, advance: 1000 }, { glyph: 201, advance: 1500 }]);
    expect(table.verticalVariants(15)).toEqual([]);
  });

  const installed = '/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf';
  test.skipIf(!existsSync(installed))('reads DejaVu Math TeX Gyre (fonts-dejavu-extra): its constants and the radical sign of seven sizes', () => {
    const bytes = readFileSync(installed);
    let table: Uint8Array | undefined;
    for (let i = 0; i < bytes.readUInt16BE(4); i++) {
      const at = 12 + 16 * i;
      if (bytes.toString('latin1', at, at + 4) === 'MATH') table = bytes.subarray(bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 8) + bytes.readUInt32BE(at + 12));
    }
    const math = readMathTable(table!)!;
    expect(math.constants.axisHeight).toBe(275);
    expect(math.constants.scriptPercentScaleDown).toBe(80);
    expect(math.constants.fractionRuleThickness).toBe(64);
    expect(math.constants.radicalDegreeBottomRaisePercent).toBe(55);
    // glyph 4139 is √: the glyph itself, then six larger ones
    expect(math.verticalVariants(4139).map((v) => v.advance)).toEqual([875, 1107, 1459, 1811, 2163, 2515, 2867]);
  });

  test('refuses arbitrary bytes with a FontFormatError or no table', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), fc.array(fc.nat(400)), (bytes, glyphs) => {
      try {
        const table = readMathTable(bytes);
        for (const glyph of glyphs) table?.verticalVariants(glyph);
      } catch (error) {
        if (!(error instanceof FontFormatError)) throw error;
      }
    }), { numRuns: 500 });
  });

  test('refuses corrupted tables with a FontFormatError or no table', () => {
    const valid = mathTable(2);
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }), fc.nat(valid.length), (changes, cut) => {
      const bytes = valid.slice(0, Math.max(4, cut));
      for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
      try {
        const table = readMathTable(bytes);
        for (const glyph of [10, 20, 100]) table?.verticalVariants(glyph);
      } catch (error) {
        if (!(error instanceof FontFormatError)) throw error;
      }
    }), { numRuns: 1000 });
  });
});
