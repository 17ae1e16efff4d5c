import { describe, expect, it } from 'vitest';
import { FontFormatError } from '../../src/sfnt/cursor.js';
import { advanceHeight, readVerticalMetrics, topSideBearing } from '../../src/sfnt/vertical-metrics.js';

/** A `vhea` of version 1.1 (36 bytes) listing `longMetrics` long metrics. */
function vhea(longMetrics: number): Uint8Array {
  const bytes = new Uint8Array(36);
  bytes.set([0x00, 0x01, 0x10, 0x00]); // version 1.1 (0x00011000), the one fontkit 2.0.4 misreads
  bytes[34] = longMetrics >> 8;
  bytes[35] = longMetrics & 0xff;
  return bytes;
}

const words = (...values: number[]): Uint8Array => new Uint8Array(values.flatMap((v) => [(v >> 8) & 0xff, v & 0xff]));

describe('vhea/vmtx/VORG reader (src/sfnt/vertical-metrics.ts)', () => {
  it('reads long metrics, the bearings after them, and VORG origins', () => {
    // two long metrics (1000/880, 2000/-20 as two's complement), then one bearing alone (50)
    const tables = readVerticalMetrics(vhea(2), words(1000, 880, 2000, 0xffec, 50), words(1, 0, 880, 1, 7, 1380))!;
    expect([advanceHeight(tables, 0), advanceHeight(tables, 1), advanceHeight(tables, 2)]).toEqual([1000, 2000, 2000]);
    expect([topSideBearing(tables, 1), topSideBearing(tables, 2), topSideBearing(tables, 3)]).toEqual([-20, 50, undefined]);
    expect(tables.origins?.byDefault).toBe(880);
    expect(tables.origins?.byGlyph.get(7)).toBe(1380);
  });

  it('has no metrics without vhea or vmtx, or with none listed', () => {
    expect(readVerticalMetrics(undefined, words(1000, 0), undefined)).toBeUndefined();
    expect(readVerticalMetrics(vhea(1), undefined, undefined)).toBeUndefined();
    expect(readVerticalMetrics(vhea(0), words(1000, 0), undefined)).toBeUndefined();
  });

  it('fails with a FontFormatError, not garbage, on truncated tables', () => {
    expect(() => readVerticalMetrics(vhea(3), words(1000, 0), undefined)).toThrow(FontFormatError);
    expect(() => readVerticalMetrics(vhea(1), words(1000, 0), words(1, 0, 880, 2, 7))).toThrow(FontFormatError);
    expect(() => readVerticalMetrics(new Uint8Array(20), words(1000, 0), undefined)).toThrow(FontFormatError);
  });
});
