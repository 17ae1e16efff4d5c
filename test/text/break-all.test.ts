import LineBreaker from 'linebreak';
import { describe, expect, it } from 'vitest';
import { breakAllAddsBreak, breakAllPoints } from '../../src/text/break-all.js';

describe('word-break: break-all opportunities (Blink\'s kBreakAllLineBreakClassTable)', () => {
  it('reads the classes from the linebreak package\'s undocumented nextCharClass (its classes.js numbers)', () => {
    const classOf = (text: string): number => new LineBreaker(text).nextCharClass();
    // OP CL CP EX SY IS PR PO NU AL HL HY BA; AI, SA and XX come as AL
    expect(['{', '}', ')', '!', '/', '.', '$', '%', '1', 'a', '\u05d0', '-', '|'].map(classOf)).toEqual([0, 1, 2, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17]);
    expect(['\u00b7', '\u0e01', '\ue000'].map(classOf)).toEqual([12, 12, 12]);
  });

  it('adds breaks between letters and digits, before openers, hyphens and prefixes, after closers and stops', () => {
    expect(breakAllPoints('abc', 0, 3)).toEqual([1, 2]);
    // a|b|{"c|d: none after `{`, none around the quote
    expect(breakAllPoints('ab{"cd', 0, 6)).toEqual([1, 2, 5]);
    // after a stop, not before it; before a prefix, not after it; on both sides of a hyphen between digits
    expect(breakAllPoints('x.y', 0, 3)).toEqual([2]);
    expect(breakAllPoints('x$y', 0, 3)).toEqual([1]);
    expect(breakAllPoints('5-5', 0, 3)).toEqual([1, 2]);
    // Thai letters break among themselves and after Latin ones; the private use area and soft hyphens add nothing
    expect(breakAllPoints('a\u0e01\u0e32', 0, 3)).toEqual([1, 2]);
    expect(breakAllPoints('a\ue000b', 0, 3)).toEqual([]);
    expect(breakAllPoints('a\u00adb', 0, 3)).toEqual([]);
    // a surrogate pair stays whole: 𝐀 (U+1D400, AL) between letters
    expect(breakAllPoints('a\u{1d400}b', 0, 4)).toEqual([1, 3]);
    expect(breakAllAddsBreak('a\u{1d400}b', 2)).toBe(false);
    expect(breakAllAddsBreak('a\u{1d400}b', 3)).toBe(true);
  });
});
