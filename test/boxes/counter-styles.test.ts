/** Predefined counter styles (CSS Counter Styles 3 §6) and list marker text (CSS Lists 3 §3.1). */
import { describe, expect, it } from 'vitest';
import { formatCounter, isKnownCounterStyle, markerText } from '../../src/boxes/counter-styles.js';

describe('formatCounter', () => {
  it.each([
    ['decimal', [1, 9, 10, 123, 0, -7], ['1', '9', '10', '123', '0', '-7']],
    ['decimal-leading-zero', [1, 9, 10, 123, 0, -7], ['01', '09', '10', '123', '00', '-07']],
    ['lower-roman', [1, 4, 9, 14, 40, 90, 400, 1994, 3999], ['i', 'iv', 'ix', 'xiv', 'xl', 'xc', 'cd', 'mcmxciv', 'mmmcmxcix']],
    ['upper-roman', [3, 8, 49, 2024], ['III', 'VIII', 'XLIX', 'MMXXIV']],
    ['lower-alpha', [1, 2, 26, 27, 52, 53, 702, 703], ['a', 'b', 'z', 'aa', 'az', 'ba', 'zz', 'aaa']],
    ['upper-alpha', [1, 26, 28], ['A', 'Z', 'AB']],
    ['lower-latin', [3], ['c']],
    ['upper-latin', [3], ['C']],
    ['lower-greek', [1, 2, 24, 25], ['α', 'β', 'ω', 'αα']],
    ['disc', [1, 2, -3], ['•', '•', '•']],
    ['circle', [1], ['◦']],
    ['square', [1], ['▪']],
    ['disclosure-open', [1], ['▾']],
    ['disclosure-closed', [1], ['▸']],
  ] as const)('%s', (style, values, expected) => {
    expect(values.map((v) => formatCounter(v, style))).toEqual(expected);
  });

  it('falls back to decimal outside a style\'s range (§3.1.4) and for unknown styles (§3.1)', () => {
    expect(formatCounter(0, 'lower-roman')).toBe('0');
    expect(formatCounter(4000, 'upper-roman')).toBe('4000');
    expect(formatCounter(-1, 'lower-alpha')).toBe('-1');
    expect(formatCounter(0, 'lower-greek')).toBe('0');
    expect(formatCounter(5, 'no-such-style')).toBe('5');
    expect(formatCounter(5, 'none')).toBe('');
    expect(isKnownCounterStyle('lower-greek')).toBe(true);
    expect(isKnownCounterStyle('none')).toBe(true);
    expect(isKnownCounterStyle('klingon')).toBe(false);
  });
});

describe('markerText', () => {
  it('adds ". " to numeric and alphabetic styles and " " to symbols', () => {
    expect(markerText(3, 'decimal')).toBe('3. ');
    expect(markerText(3, 'upper-roman')).toBe('III. ');
    expect(markerText(3, 'lower-alpha')).toBe('c. ');
    expect(markerText(3, 'disc')).toBe('• ');
    expect(markerText(3, 'square')).toBe('▪ ');
    expect(markerText(3, 'none')).toBe('');
  });
});
