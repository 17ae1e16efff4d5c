/**
 * Which glyph pairs a font can position together (pair-interaction.ts): layout shapes a pair
 * across pieces only where this says it may differ from the two shaped apart.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFontBytes, type FontProgram } from '../../src/text/fontkit.js';
import { mayInteract } from '../../src/text/pair-interaction.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const open = (path: string, family?: string): FontProgram => {
  const programs = parseFontBytes(new Uint8Array(readFileSync(path)));
  return (family === undefined ? programs[0] : programs.find((p) => (p as unknown as { familyName: string }).familyName === family))!;
};
const glyph = (program: FontProgram, char: string): number => program.glyphForCodePoint(char.codePointAt(0)!).id;

describe('glyph pairs a font may position together', () => {
  it('finds the kerning pairs of a font with GPOS pair positioning, and every pair of one with a kern table', () => {
    const serif = open(new URL('../../fonts/liberation/LiberationSerif-Regular.ttf', import.meta.url).pathname);
    expect(mayInteract(serif, glyph(serif, ' '), glyph(serif, 'T'))).toBe(true);
    expect(mayInteract(serif, glyph(serif, 'A'), glyph(serif, 'V'))).toBe(true);
  });

  it.skipIf(!installedFamilies().has('noto sans cjk jp'))('leaves out Han characters, which Noto Sans CJK does not kern, and keeps its kana', () => {
    const file = execFileSync('fc-match', ['-f', '%{file}', 'Noto Sans CJK JP:style=Regular'], { encoding: 'utf8' });
    const cjk = open(file, 'Noto Sans CJK JP');
    expect(mayInteract(cjk, glyph(cjk, '所'), glyph(cjk, '記'))).toBe(false);
    expect(mayInteract(cjk, glyph(cjk, 'い'), glyph(cjk, 'て'))).toBe(true);
  });
});
