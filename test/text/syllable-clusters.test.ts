/**
 * The syllables fontkit's Indic and Universal shapers draw in several glyphs, with their
 * characters in logical order: what the PDF writer puts in ActualText spans so that a reph, a
 * vowel sign before a conjunct or a split vowel extract as typed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { syllableClusters } from '../../src/text/syllable-clusters.js';
import { layoutProgram, parseFontBytes } from '../../src/text/fontkit.js';
import { FONTKIT_INTERNALS } from '../../src/text/fontkit-internals.js';
import type { GlyphRecord } from '../../src/text/fontkit-internals.js';

/** A record standing for these code points in this syllable. */
const record = (syllable: number | undefined, ...codePoints: number[]): GlyphRecord => ({ codePoints, shaperInfo: syllable === undefined ? undefined : { syllable } });

describe('syllable clusters from shaping records', () => {
  it('gives a reordered syllable its characters in logical order', () => {
    // शर्मा: logical श | र ् म ा; drawn श | म ा र्
    const logical = [record(1, 0x936), record(2, 0x930), record(2, 0x94d), record(2, 0x92e), record(2, 0x93e)];
    const drawn = [record(1, 0x936), record(2, 0x92e), record(2, 0x93e), record(2, 0x930, 0x94d)];
    expect([...syllableClusters(drawn, logical, 'शर्मा')!]).toEqual([[1, { glyphs: 3, text: 'र्मा' }]]);
  });

  it('gives a split vowel back as the one character the text has', () => {
    // কো: the shaper decomposed ো into ে and া, drawn on either side of ক
    const logical = [record(1, 0x995), record(1, 0x9c7), record(1, 0x9be), record(2, 0x9a5)];
    const drawn = [record(1, 0x9c7), record(1, 0x995), record(1, 0x9be), record(2, 0x9a5)];
    expect([...syllableClusters(drawn, logical, 'কোথ')!]).toEqual([[0, { glyphs: 3, text: 'কো' }]]);
  });

  it('leaves a syllable found in two places, one glyph syllables and runs without syllables alone', () => {
    const logical = [record(1, 0x915), record(1, 0x93f), record(2, 0x924)];
    expect([...syllableClusters([record(1, 0x93f), record(2, 0x924), record(1, 0x915)], logical, 'कित') ?? []]).toEqual([]);
    expect([...syllableClusters([record(1, 0x915), record(2, 0x924)], [record(1, 0x915), record(2, 0x924)], 'कत') ?? []]).toEqual([]);
    expect(syllableClusters([record(undefined, 0x66)], [record(undefined, 0x66)], 'f')).toBeUndefined();
    expect(syllableClusters([record(1, 0x915)], null, 'क')).toBeUndefined();
  });
});

/** The installed file of a family, or undefined. */
function installedFile(family: string): string | undefined {
  try {
    const file = execFileSync('fc-match', ['--format', '%{file}', `${family}:style=Regular`], { encoding: 'utf8' });
    return file.includes(family.replaceAll(' ', '')) ? file : undefined;
  } catch {
    return undefined;
  }
}

const DEVANAGARI = installedFile('Noto Sans Devanagari');
const skipped = DEVANAGARI === undefined ? ' — SKIPPED: Noto Sans Devanagari not installed (fonts-noto-core; .ci/run installs it)' : '';

describe.skipIf(DEVANAGARI === undefined)(`syllables from fontkit's Indic shaper${skipped}`, () => {
  it('marks the syllables of a Hindi word drawn in several glyphs', () => {
    const [program] = parseFontBytes(readFileSync(DEVANAGARI!));
    const member = FONTKIT_INTERNALS.find((internal) => internal.member === 'GlyphInfo#shaperInfo.syllable')!;
    expect(member.present(program as never)).toBe(true);
    const laid = layoutProgram(program!, 'शर्मा स्थिति', { features: {} });
    const clusters = laid.flatMap((glyph, at) => (glyph.cluster === undefined ? [] : [{ at, ...glyph.cluster }]));
    expect(clusters.map((cluster) => cluster.text)).toEqual(['र्मा', 'स्थि', 'ति']);
    // each starts where its glyphs are, and they stand for its characters
    for (const cluster of clusters) {
      const drawn = laid.slice(cluster.at, cluster.at + cluster.glyphs).flatMap((glyph) => glyph.codePoints);
      expect(String.fromCodePoint(...drawn).split('').sort()).toEqual(cluster.text.split('').sort());
    }
  });
});
