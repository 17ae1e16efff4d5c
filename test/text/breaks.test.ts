import { describe, expect, it } from 'vitest';
import { findBreakOpportunities } from '../../src/text/breaks.js';

const breaks = (text: string): string[] =>
  findBreakOpportunities(text).map((b) => `${b.index}${b.required ? '!' : ''}`);

describe('UAX #14 break opportunities', () => {
  it('breaks after spaces and hyphens, not at the end of the text', () => {
    expect(breaks('Hello world-wide web')).toEqual(['6', '12', '17']);
  });

  it('makes the break after a newline mandatory, including at the end of the text', () => {
    expect(breaks('a\nb')).toEqual(['2!']);
    expect(breaks('a\r\nb\n')).toEqual(['3!', '5!']);
    expect(breaks('a\u2028b')).toEqual(['2!']);
  });

  it('keeps numbers, punctuation and non-breaking spaces together', () => {
    expect(breaks('(abc) 1,000.5 $10')).toEqual(['6', '14']);
    expect(breaks('10\u00a0kg total')).toEqual(['6']);
    expect(breaks('end. Next')).toEqual(['5']);
  });

  it('breaks between ideographs and uses UTF-16 indices around astral characters', () => {
    expect(breaks('你好世界')).toEqual(['1', '2', '3']);
    expect(breaks('x 😀 y')).toEqual(['2', '5']);
  });

  it('allows a break before small kana and the prolonged sound mark after kana or Han (CSS Text 3 line-break: normal, as Chromium)', () => {
    // UAX #14 alone (CJ as NS, the strict rule) has no break before っ, ゃ, ッ or ー
    expect(breaks('あいうっえ')).toEqual(['1', '2', '3', '4']);
    expect(breaks('書ーき')).toEqual(['1', '2']);
    expect(breaks('キャッ')).toEqual(['1', '2']);
    // not after an opening bracket, nor after Latin
    expect(breaks('「っ')).toEqual([]);
    expect(breaks('aっ')).toEqual([]);
  });

  it('allows a break after a zero-width space and a soft hyphen', () => {
    expect(breaks('ab\u200bcd')).toEqual(['3']);
    expect(breaks('ab\u00adcd')).toEqual(['3']);
  });

  it('finds nothing in empty or unbreakable text', () => {
    expect(breaks('')).toEqual([]);
    expect(breaks('word')).toEqual([]);
  });
});
