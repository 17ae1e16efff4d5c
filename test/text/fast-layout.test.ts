import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fastLayout, primePairs } from '../../src/text/fast-layout.js';
import { glyphAdvance, type GlyphAdvances } from '../../src/text/advance.js';
import type { FontProgram, LaidOutGlyph } from '../../src/text/fontkit.js';
import { layoutProgram, parseFontBytes } from '../../src/text/fontkit.js';
import { FIXTURES } from './helpers.js';

const BUNDLED = new URL('../../fonts/', import.meta.url);

function fonts(): { name: string; program: FontProgram }[] {
  const found: { name: string; program: FontProgram }[] = [];
  for (const folder of ['liberation/', 'dejavu/']) {
    for (const file of readdirSync(new URL(folder, BUNDLED)).filter((name) => name.endsWith('.ttf'))) {
      found.push({ name: file, program: parseFontBytes(readFileSync(new URL(folder + file, BUNDLED)))[0]! });
    }
  }
  for (const file of ['SourceSerif4-Regular.woff2', 'weasyprint.otf', 'weasyprint.woff']) {
    found.push({ name: file, program: parseFontBytes(readFileSync(new URL(file, FIXTURES)))[0]! });
  }
  return found;
}

/** Kerning pairs, ligature candidates, digits, punctuation, accented letters, Latin Extended. */
const WORDS = [
  'AV', 'AVATAR', 'To', 'Wave', 'Tyre', 'LT', "y'", 'fi', 'fl', 'ffi', 'office', 'affluent', 'fjord', 'ft',
  '1234.56', '2026-01-28', 'TX-100047', '11', '(1)', '"quoted"', 'a/b', '1/2', '3:45', '$99.99', '100%', '#42',
  'Café', 'naïve', 'Ærøskøbing', 'Straße', 'Łódź', 'Škoda', 'œuvre', 'ǅ', 'ıi', '«»', '¿Qué?', '×÷', 'µm', '°C',
  'Payment', 'received', 'customer', 'account', 'The', 'quick', 'brown', 'fox', 'jumps', 'over', 'lazy', 'dog.',
  'AWAY', 'Yo', 'P.', 'r,', 'Tj', 'VA', 'LY', 'F.', '  ', ' ', 'a b', '...', '--', '—', '½',
  // General Punctuation, Superscripts and Subscripts, Currency Symbols
  '€1,160.00', '€11,694.84', 'Dublin–', '–B', '“quoted”', 'it’s', '‘T’', 'wait…', '•', '‰', '5′', '‹a›', '₹500', '£/₤', 'x²⁵', 'aⁿ', 'H₂O',
  '\u2002', 'a\u2009b', '1\u202f000', '†‡', '‽', '⁂',
];

const FEATURE_SETS: Readonly<Record<string, boolean>>[] = [{}, { kern: true }, { kern: false }, { liga: false }, { tnum: true }, { smcp: true }, { onum: true, kern: true }];

const SIZE = 13.5;

/** fontkit's glyphs scaled to px as shape.ts scales them, and their total advance (summed in order). */
function reference(program: FontProgram, text: string, features: Readonly<Record<string, boolean>>, direction?: 'ltr', advances: GlyphAdvances = 'exact'): unknown {
  const scale = SIZE / program.unitsPerEm;
  const laid: readonly LaidOutGlyph[] = layoutProgram(program, text, { features, direction });
  let width = 0;
  const glyphs = laid.map((g) => {
    const advance = glyphAdvance(g.glyph.advanceWidth, g.position.xAdvance, scale, advances);
    width += advance;
    return [g.glyph.id, advance, g.position.xOffset * scale, g.position.yOffset * scale, [...g.codePoints]];
  });
  return { glyphs, width };
}

function fast(program: FontProgram, text: string, features: Readonly<Record<string, boolean>>, direction?: 'ltr' | 'rtl', advances: GlyphAdvances = 'exact'): unknown {
  const run = fastLayout(program, text, { features, direction, language: undefined }, { scale: SIZE / program.unitsPerEm, advances });
  if (run === undefined) return undefined;
  return { glyphs: run.glyphs.map((g) => [g.id, g.advance, g.xOffset, g.yOffset, [...g.codePoints]]), width: run.width };
}

function font(all: readonly { name: string; program: FontProgram }[], name: string): FontProgram {
  return all.find((entry) => entry.name === name)!.program;
}

/**
 * Lays out every pair of printable ASCII and `extra` characters both ways, expecting fontkit's
 * glyphs from the fast path wherever it takes the pair: how many pairs there were, and how many it took.
 */
function comparePairs(program: FontProgram, extra: readonly number[]): { pairs: number; taken: number } {
  const chars: string[] = [];
  for (let cp = 0x21; cp < 0x7f; cp++) chars.push(String.fromCharCode(cp));
  for (const cp of extra) chars.push(String.fromCharCode(cp));
  let taken = 0;
  for (const a of chars) {
    for (const b of chars) {
      const quick = fast(program, a + b, { kern: true });
      if (quick === undefined) continue;
      taken++;
      expect(quick, a + b).toEqual(reference(program, a + b, { kern: true }));
    }
  }
  return { pairs: chars.length * chars.length, taken };
}

describe('fast layout', () => {
  const all = fonts();

  it('gives the glyphs, advances, offsets and code points fontkit gives, or declines', () => {
    let taken = 0;
    let declined = 0;
    for (const { name, program } of all) {
      for (const features of FEATURE_SETS) {
        for (const word of WORDS) {
          for (const direction of [undefined, 'ltr'] as const) {
            const quick = fast(program, word, features, direction);
            if (quick === undefined) {
              declined++;
              continue;
            }
            taken++;
            expect(quick, `${name} ${JSON.stringify(features)} "${word}"`).toEqual(reference(program, word, features, direction));
            // whole-px advances (text/advance.ts) come out the same on both paths
            expect(fast(program, word, features, direction, 'whole-px'), `${name} whole px "${word}"`).toEqual(reference(program, word, features, direction, 'whole-px'));
          }
        }
      }
    }
    // Both paths are exercised: most words are fast, ligatures and marks are not.
    expect(taken).toBeGreaterThan(declined);
    expect(declined).toBeGreaterThan(0);
  });

  it('takes kerning pairs fast and keeps the kerning', () => {
    const serif = font(all, 'LiberationSerif-Regular.ttf');
    const scale = SIZE / serif.unitsPerEm;
    const a = serif.glyphForCodePoint(0x41);
    const av = fastLayout(serif, 'AV', { features: { kern: true }, direction: undefined, language: undefined }, { scale })!;
    expect(av.glyphs[0]!.id).toBe(a.id);
    expect(av.glyphs[0]!.advance).toBeLessThan(a.advanceWidth * scale - 0.5);
    const apart = fastLayout(serif, 'AV', { features: { kern: false }, direction: undefined, language: undefined }, { scale })!;
    expect(apart.glyphs[0]!.advance).toBe(a.advanceWidth * scale);
  });

  it('leaves format characters, separators and the fraction slash of General Punctuation to fontkit', () => {
    const sans = font(all, 'LiberationSans-Regular.ttf');
    // fontkit hides default ignorables, and shapes digits around a fraction slash as a fraction
    for (const word of ['a\u200bb', 'a\u200db', 'x\u200e', 'a\u2028b', 'a\u2029b', 'a\u202eb', 'a\u2060b', 'a\u2066b', '1\u20442', 'a\u2065b']) {
      expect(fast(sans, word, {}), JSON.stringify(word)).toBeUndefined();
    }
    expect(fast(sans, '€1,160.00', {})).toBeDefined();
  });

  it('leaves ligatures, right-to-left, Arabic, Hebrew, marks, emoji and soft hyphens to fontkit', () => {
    const dejavu = font(all, 'DejaVuSans.ttf');
    expect(fast(dejavu, 'office', {})).toBeUndefined(); // the "ffi"/"fi" ligatures
    expect(fast(dejavu, 'abc', {}, 'rtl')).toBeUndefined();
    expect(fast(dejavu, 'مرحبا', {})).toBeUndefined();
    expect(fast(dejavu, 'שלום', {})).toBeUndefined();
    expect(fast(dejavu, 'e\u0301', {})).toBeUndefined();
    expect(fast(dejavu, 'ok\u{1F600}', {})).toBeUndefined();
    expect(fast(dejavu, 'hy\u00adphen', {})).toBeUndefined();
    expect(fast(dejavu, 'text', {})).toBeDefined();
  });

  it('matches fontkit on every pair of the accepted characters of Liberation Sans', () => {
    const compared = comparePairs(font(all, 'LiberationSans-Regular.ttf'), [
      0xc9, 0xe9, 0xf1, 0xfc, 0x141, 0x153, 0xa0, 0xb5, 0xd7,
      0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x2020, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x20a3, 0x2074,
    ]);
    expect(compared.taken).toBeGreaterThan(compared.pairs * 0.9);
  });

  it('takes i and j fast where a contextual lookup changes them only before a mark (DejaVu ccmp)', () => {
    const dejavu = font(all, 'DejaVuSans.ttf');
    for (const word of ['line', 'listing;', 'injoin', 'Ij', 'ij', 'i.j']) {
      expect(fast(dejavu, word, {}), word).toEqual(reference(dejavu, word, {}));
    }
    // before a combining mark, i becomes dotless: fontkit's
    expect(fast(dejavu, 'i\u0307', {})).toBeUndefined();
    // the first glyph of a ligature stays fontkit's
    expect(fast(dejavu, 'fi', {})).toBeUndefined();
  });

  it('matches fontkit on every pair of the accepted characters of DejaVu Sans it takes', () => {
    const compared = comparePairs(font(all, 'DejaVuSans.ttf'), [0xe9, 0xef, 0x131, 0x133, 0x141, 0x153, 0x2013, 0x2019, 0x201c, 0x2026, 0x20ac, 0x20bd, 0x2032, 0x2070]);
    expect(compared.taken).toBeGreaterThan(compared.pairs * 0.8);
  });

  it('reads the lookups inside extension lookups (GSUB type 7, GPOS type 9) as fontkit applies them', () => {
    // DejaVu Sans with every lookup moved into an Extension lookup, edited before its first layout
    const program = parseFontBytes(readFileSync(new URL('dejavu/DejaVuSans.ttf', BUNDLED)))[0]!;
    interface EditableLookup { lookupType: number; subTables: object[] }
    for (const [tag, extensionType] of [['GSUB', 7], ['GPOS', 9]] as const) {
      const lookups = (program as unknown as Record<string, { lookupList: { length: number; get(index: number): EditableLookup } }>)[tag]!.lookupList;
      for (let index = 0; index < lookups.length; index++) {
        const lookup = lookups.get(index);
        lookup.subTables = lookup.subTables.map((extension) => ({ version: 1, lookupType: lookup.lookupType, extension }));
        lookup.lookupType = extensionType;
      }
    }
    let taken = 0;
    for (const word of WORDS) {
      const quick = fast(program, word, {});
      if (quick === undefined) continue;
      taken++;
      expect(quick, word).toEqual(reference(program, word, {}));
    }
    expect(taken).toBeGreaterThan(WORDS.length / 2);
    expect(fast(program, 'office', {})).toBeUndefined(); // its ligature, inside an extension, is still seen
    expect(fast(program, 'AVATAR', {})).toEqual(reference(program, 'AVATAR', {}));
  });

  it('primes the pairs of the plans a font has without changing what it lays out', () => {
    const file = new URL('liberation/LiberationSerif-Italic.ttf', BUNDLED);
    const primed = parseFontBytes(readFileSync(file))[0]!;
    const plain = parseFontBytes(readFileSync(file))[0]!;
    const features = { kern: true };
    fast(primed, 'Warm', features); // makes the Latin plan, which priming fills
    primePairs(primed, 'AVTWaeoy.,1 ');
    for (const word of WORDS) expect(fast(primed, word, features)).toEqual(fast(plain, word, features));
    for (const word of ['AV', 'Ta', 'We', 'y.', 'o,']) expect(fast(primed, word, features)).toEqual(reference(plain, word, features));
  });
});
