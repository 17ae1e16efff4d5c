import { describe, expect, it } from 'vitest';
import { BIDI_CONTROL, embeddingLevels, firstStrongLevel, mayNeedBidi, mirroredCodePoint } from '../../src/text/bidi.js';
import { visualOrder } from '../../src/layout/inline/bidi.js';

describe('bidi (UAX #9 through bidi-js)', () => {
  it('detects text that needs the algorithm', () => {
    expect(mayNeedBidi('plain ASCII and Ünïcödé')).toBe(false);
    expect(mayNeedBidi('a שלום')).toBe(true);
    expect(mayNeedBidi('مرحبا')).toBe(true);
    expect(mayNeedBidi(`x${BIDI_CONTROL.RLO}y`)).toBe(true);
  });

  it('resolves levels: numbers in right-to-left text, explicit overrides and isolates', () => {
    expect([...embeddingLevels('אב 12', 'rtl')]).toEqual([1, 1, 1, 2, 2]);
    expect([...embeddingLevels('ab אב', 'ltr')]).toEqual([0, 0, 0, 1, 1]);
    expect([...embeddingLevels(`a${BIDI_CONTROL.RLO}bc${BIDI_CONTROL.PDF}`, 'ltr')].slice(2, 4)).toEqual([1, 1]);
    expect([...embeddingLevels(`${BIDI_CONTROL.LRI}ab${BIDI_CONTROL.PDI}!`, 'rtl')]).toEqual([1, 2, 2, 1, 1]);
  });

  it('resolves a paragraph once per direction: the same levels come back for the same text', () => {
    const text = `שלום ${'עולם '.repeat(20)}abc 123`;
    const rtl = embeddingLevels(text, 'rtl');
    expect(embeddingLevels(text, 'rtl')).toBe(rtl);
    const ltr = embeddingLevels(text, 'ltr');
    expect(ltr).not.toBe(rtl);
    expect([ltr[0], rtl[0], ltr[text.length - 1], rtl[text.length - 1]]).toEqual([1, 1, 0, 2]);
    // a text one character longer is resolved for itself
    expect(embeddingLevels(`${text}!`, 'rtl')).toHaveLength(text.length + 1);
  });

  it('finds the first strong direction (P2-P3)', () => {
    expect(firstStrongLevel('123 אבג abc')).toBe(1);
    expect(firstStrongLevel('123 abc אבג')).toBe(0);
  });

  it('mirrors brackets (L4)', () => {
    expect(mirroredCodePoint(0x28)).toBe(0x29);
    expect(mirroredCodePoint(0xab)).toBe(0xbb);
    expect(mirroredCodePoint(0x61)).toBeUndefined();
  });

  it('reorders runs by level (L2)', () => {
    expect(visualOrder([0, 0, 0])).toEqual([0, 1, 2]);
    expect(visualOrder([0, 1, 1, 0])).toEqual([0, 2, 1, 3]);
    expect(visualOrder([1, 2, 2, 1])).toEqual([3, 1, 2, 0]);
    expect(visualOrder([1, 1, 2, 3, 3, 1])).toEqual([5, 2, 4, 3, 1, 0]);
  });
});
