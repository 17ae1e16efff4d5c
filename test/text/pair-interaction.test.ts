/**
 * Which glyph pairs a font can position together (pair-interaction.ts): layout shapes a pair
 * across pieces only where this says it may differ from the two shaped apart.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layoutProgram, parseFontBytes, type FontProgram } from '../../src/text/fontkit.js';
import { mayInteract, pairLaidOutAsLatin } from '../../src/text/pair-interaction.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const open = (path: string, family?: string): FontProgram => {
  const programs = parseFontBytes(new Uint8Array(readFileSync(path)));
  return (family === undefined ? programs[0] : programs.find((p) => (p as unknown as { familyName: string }).familyName === family))!;
};
const glyph = (program: FontProgram, char: string): number => program.glyphForCodePoint(char.codePointAt(0)!).id;

describe('glyph pairs a font may position together', () => {
  it('finds the kerning pairs of a font with GPOS pair positioning', () => {
    const serif = open(new URL('../../fonts/liberation/LiberationSerif-Regular.ttf', import.meta.url).pathname);
    expect(mayInteract(serif, glyph(serif, ' '), glyph(serif, 'T'), true)).toBe(true);
    expect(mayInteract(serif, glyph(serif, 'A'), glyph(serif, 'V'), true)).toBe(true);
  });

  it.skipIf(!installedFamilies().has('noto sans cjk jp'))('leaves out Han characters, which Noto Sans CJK does not kern, and keeps its kana', () => {
    const file = execFileSync('fc-match', ['-f', '%{file}', 'Noto Sans CJK JP:style=Regular'], { encoding: 'utf8' });
    const cjk = open(file, 'Noto Sans CJK JP');
    expect(mayInteract(cjk, glyph(cjk, '所'), glyph(cjk, '記'), false)).toBe(false);
    expect(mayInteract(cjk, glyph(cjk, 'い'), glyph(cjk, 'て'), false)).toBe(true);
  });
});

/** fontkit's advances of `text` laid out alone, summed (what a pair is compared with). */
function width(program: FontProgram, text: string, features: Readonly<Record<string, boolean>>): number {
  return layoutProgram(program, text, { features }).reduce((sum, laid) => sum + laid.position.xAdvance, 0);
}

describe('pairs of a font with a kern table and GPOS kerning', () => {
  const bundled = (file: string): FontProgram => open(new URL(`../../fonts/${file}`, import.meta.url).pathname);
  const chars = [...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)), 'é', '€', '–', '’'];
  const NO_FEATURES: Readonly<Record<string, boolean>> = {};
  const NO_KERNING: Readonly<Record<string, boolean>> = { kern: false };

  it('leaves out only pairs fontkit lays out as it lays out their glyphs apart, most Latin pairs among them', () => {
    for (const file of ['liberation/LiberationSans-Regular.ttf', 'liberation/LiberationSerif-Bold.ttf', 'dejavu/DejaVuSans.ttf']) {
      const program = bundled(file);
      let apart = 0;
      for (const a of chars) {
        for (const b of chars) {
          if (mayInteract(program, glyph(program, a), glyph(program, b), pairLaidOutAsLatin(a + b))) continue;
          apart++;
          for (const features of [NO_FEATURES, NO_KERNING]) {
            expect(width(program, a + b, features), `${file} "${a}${b}"`).toBe(width(program, a, features) + width(program, b, features));
          }
        }
      }
      expect(apart, file).toBeGreaterThan(2000);
    }
    const sans = bundled('liberation/LiberationSans-Regular.ttf');
    expect(mayInteract(sans, glyph(sans, 'n'), glyph(sans, 'o'), true)).toBe(false);
    // digits alone are laid out in DFLT, which has no GPOS kern: the kern table applies
    expect(mayInteract(sans, glyph(sans, '1'), glyph(sans, '1'), false)).toBe(true);
  });

  it('keeps every pair when no language system fontkit can land on kerns through GPOS', () => {
    const sans = bundled('liberation/LiberationSans-Regular.ttf');
    // the same font with its GPOS `kern` features renamed before its first layout: fontkit kerns with its kern table
    const features = (sans as unknown as { GPOS: { featureList: { tag: string }[] } }).GPOS.featureList;
    for (const record of features) if (record.tag === 'kern') record.tag = 'xern';
    expect(mayInteract(sans, glyph(sans, 'n'), glyph(sans, 'o'), true)).toBe(true);
    expect(width(sans, 'AV', NO_FEATURES)).not.toBe(width(sans, 'A', NO_FEATURES) + width(sans, 'V', NO_FEATURES));
  });

  it('finds the script fontkit lays a pair out in', () => {
    expect(pairLaidOutAsLatin('n ')).toBe(true);
    expect(pairLaidOutAsLatin(' n')).toBe(true);
    expect(pairLaidOutAsLatin('1,')).toBe(false);
    expect(pairLaidOutAsLatin('€1')).toBe(false);
    expect(pairLaidOutAsLatin('αa')).toBe(false);
    expect(pairLaidOutAsLatin('\u0301a')).toBe(true);
  });
});
