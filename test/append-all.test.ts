/**
 * The loops that stand in for spreads of a list as arguments (src/append-all.ts): they take lists
 * far longer than a call takes arguments, and give what the spread gave on short ones.
 */
import { describe, expect, it } from 'vitest';
import { appendAll, fromCharCodes, fromCodePoints, maxOf, minOf } from '../src/append-all.js';

/** 300,000 elements: past the ~100k arguments a spread puts on the stack. */
const LONG = 300_000;
const long = Array.from({ length: LONG }, (_, i) => (i * 7919) % LONG);

describe('appendAll', () => {
  it(`appends ${LONG.toLocaleString('en')} elements in order to the same list`, () => {
    const target = [-1];
    expect(appendAll(target, long)).toBe(target);
    expect(target).toHaveLength(LONG + 1);
    expect(target[0]).toBe(-1);
    expect(target[1]).toBe(long[0]);
    expect(target[LONG]).toBe(long[LONG - 1]);
  });
});

describe('minOf and maxOf', () => {
  it(`find the least and the greatest of ${LONG.toLocaleString('en')} numbers`, () => {
    expect(minOf(long)).toBe(0);
    expect(maxOf(long)).toBe(LONG - 1);
  });

  it('give what Math.min and Math.max give on no numbers, NaN and signed zeros', () => {
    const cases: number[][] = [[], [3], [2, -5, 9], [1, Number.NaN, 0], [Number.NaN], [0, -0], [-0, 0], [-0], [Infinity, -Infinity]];
    for (const values of cases) {
      expect(Object.is(minOf(values), Math.min(...values)), `minOf(${values.join()})`).toBe(true);
      expect(Object.is(maxOf(values), Math.max(...values)), `maxOf(${values.join()})`).toBe(true);
    }
  });

  it('give the value asked for when there are no numbers', () => {
    expect(minOf([], 0)).toBe(0);
    expect(maxOf([], 0)).toBe(0);
    expect(maxOf([-3], 0)).toBe(-3);
  });
});

describe('fromCharCodes and fromCodePoints', () => {
  it(`build strings of ${LONG.toLocaleString('en')} code units and code points`, () => {
    const units = Array.from({ length: LONG }, (_, i) => 0x41 + (i % 26));
    const text = fromCharCodes(units);
    expect(text).toHaveLength(LONG);
    expect(text.slice(0, 3)).toBe('ABC');
    expect(text.slice(-1)).toBe(String.fromCharCode(units[LONG - 1]!));
    const astral = fromCodePoints(Array.from({ length: LONG }, () => 0x1f600));
    expect(astral).toHaveLength(2 * LONG);
    expect(astral.slice(-2)).toBe('😀');
  });

  it('read a range of bytes as latin-1, as String.fromCharCode did', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x49, 0x48, 0x44, 0x52, 0xff]);
    expect(fromCharCodes(bytes, 4, 8)).toBe('IHDR');
    expect(fromCharCodes(bytes.subarray(0, 4))).toBe(String.fromCharCode(0x89, 0x50, 0x4e, 0x47));
    expect(fromCharCodes(bytes, 8)).toBe('\u00ff');
    expect(fromCharCodes([])).toBe('');
  });

  it('refuse a value that is not a code point, as String.fromCodePoint does', () => {
    expect(() => fromCodePoints([0x41, 0x110000])).toThrow(RangeError);
  });
});
