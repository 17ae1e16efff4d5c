import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { isUprightInMixed } from '../../src/text/vertical-orientation.js';

const DATA = new URL('../../data/unicode/VerticalOrientation.txt', import.meta.url);

/** Each code point's value in Unicode's file (read here independently of the generator); R where the file says nothing. */
function valuesFromFile(): string[] {
  const values = new Array<string>(0x110000).fill('R');
  for (const line of readFileSync(DATA, 'utf8').split('\n')) {
    const match = /^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*(U|R|Tu|Tr)\b/.exec(line);
    if (match === null) continue;
    const first = parseInt(match[1]!, 16);
    const last = match[2] === undefined ? first : parseInt(match[2], 16);
    for (let cp = first; cp <= last; cp++) values[cp] = match[3]!;
  }
  return values;
}

describe('Vertical_Orientation (UAX #50) from data/unicode/VerticalOrientation.txt', () => {
  it('keeps Unicode\'s licence header with the data', () => {
    expect(readFileSync(DATA, 'utf8')).toMatch(/^# VerticalOrientation-\d+\.txt\n# Date: .*\n# © \d{4} Unicode®, Inc\./);
  });

  it('sets upright exactly the U, Tu and Tr code points of the file, for every code point', () => {
    const values = valuesFromFile();
    const disagreeing: string[] = [];
    for (let cp = 0; cp < values.length; cp++) {
      if (isUprightInMixed(cp) !== (values[cp] !== 'R')) disagreeing.push(`U+${cp.toString(16).toUpperCase()} ${values[cp]}`);
    }
    expect(disagreeing.slice(0, 20)).toEqual([]);
  });

  it('reads the characters of a Japanese line as the file says', () => {
    const upright = (text: string): boolean[] => [...text].map((char) => isUprightInMixed(char.codePointAt(0)!));
    // 縦 U, 、 Tu, 「 Tr, ー Tr, Ａ (fullwidth) U, A R, 1 R, ｱ (halfwidth) R, — R
    expect(upright('縦、「ーＡA1ｱ—')).toEqual([true, true, true, true, true, false, false, false, false]);
  });

  it('is the table scripts/vertical-orientation.mjs writes (not edited by hand)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/vertical-orientation.mjs', '--check'], { cwd: new URL('../..', import.meta.url), stdio: 'pipe' })).not.toThrow();
  });
});
