/**
 * The pair reader (src/text/pair-positioning.ts) against fontkit laying the two glyphs out alone
 * (`laidOutPair`, what fast-layout.ts asked before): the same six values for every pair of
 * printable ASCII and Latin-1 glyphs a plan lets the fast path take, in every bundled font, in
 * fonts with class-based (format 2) and extension pair lookups, and in fonts kerned by the legacy
 * `kern` table; and, on fonts whose parsed tables are edited, fontkit's rules of which subtable
 * applies (a format 2 subtable that covers the first glyph ends the lookup, class 0 included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fastLayout } from '../../src/text/fast-layout.js';
import type { FontProgram } from '../../src/text/fontkit.js';
import { laidOutPair, layoutFeatureTags, parseFontBytes } from '../../src/text/fontkit.js';
import { readPairAdjustment, type PairPositioning } from '../../src/text/pair-positioning.js';
import { FIXTURES } from './helpers.js';

const BUNDLED = new URL('../../fonts/', import.meta.url);

function bundledFiles(): URL[] {
  const files: URL[] = [];
  for (const folder of ['liberation/', 'dejavu/']) {
    for (const file of readdirSync(new URL(folder, BUNDLED)).filter((name) => name.endsWith('.ttf'))) files.push(new URL(folder + file, BUNDLED));
  }
  return files;
}

const parse = (bytes: Uint8Array): FontProgram => parseFontBytes(bytes)[0]!;

/** Printable ASCII and Latin-1 (the soft hyphen, a default ignorable, is never laid out by the fast path). */
const CODE_POINTS: readonly number[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i).filter((cp) => cp !== 0xad),
];
const LATIN = /\p{Script=Latin}/u;

type Script = 'latn' | 'zzzz';

function positioningOf(program: FontProgram, script: Script, features: Readonly<Record<string, boolean>>): PairPositioning {
  const positioning = layoutFeatureTags(program, script, features, undefined)?.pairPositioning;
  expect(positioning).toBeDefined();
  return positioning!;
}

/** fontkit's adjustment of the pair laid out alone, as fast-layout.ts computes it from the positions. */
function fontkitValues(program: FontProgram, a: number, b: number, script: Script, features: Readonly<Record<string, boolean>>): number[] {
  const first = program.glyphForCodePoint(a);
  const second = program.glyphForCodePoint(b);
  const [p, q] = laidOutPair(program, [first, second], [a, b], { features, script, direction: undefined, language: undefined });
  return [p!.xAdvance - first.advanceWidth, p!.xOffset, p!.yOffset, q!.xAdvance - second.advanceWidth, q!.xOffset, q!.yOffset];
}

interface Comparison {
  readonly compared: number;
  readonly adjusted: number;
  readonly declined: number;
  readonly differing: readonly string[];
}

/**
 * Every ordered pair of `codePoints` a word of the plan can hold (Common only for the `zzzz`
 * plan) whose glyphs the fast path takes (fastLayout lays the two out: no lookup but pair
 * positioning touches them): the reader's values against fontkit's.
 */
function compare(program: FontProgram, script: Script, features: Readonly<Record<string, boolean>> = {}, codePoints: readonly number[] = CODE_POINTS): Comparison {
  const positioning = positioningOf(program, script, features);
  const candidates = script === 'zzzz' ? codePoints.filter((cp) => !LATIN.test(String.fromCharCode(cp))) : codePoints;
  let compared = 0;
  let adjusted = 0;
  let declined = 0;
  const differing: string[] = [];
  for (const a of candidates) {
    for (const b of candidates) {
      const text = String.fromCharCode(a, b);
      if (script === 'latn' && !LATIN.test(text)) continue; // a word without a Latin letter is laid out with the zzzz plan
      if (fastLayout(program, text, { features, direction: undefined, language: undefined }, { scale: 1 }) === undefined) continue;
      const read = readPairAdjustment(positioning, program.glyphForCodePoint(a).id, program.glyphForCodePoint(b).id);
      if (read === undefined) {
        declined++;
        continue;
      }
      compared++;
      const expected = fontkitValues(program, a, b, script, features);
      if (expected.some((value) => value !== 0)) adjusted++;
      if (read.some((value, i) => value !== expected[i])) differing.push(`${JSON.stringify(text)}: ${read.join(' ')} / fontkit ${expected.join(' ')}`);
    }
  }
  return { compared, adjusted, declined, differing };
}

/** A copy of an sfnt file whose table directory no longer names `tags` (fontkit then reads the font without them). */
function withoutTables(bytes: Uint8Array, ...tags: string[]): Uint8Array {
  const copy = Uint8Array.from(bytes);
  const view = new DataView(copy.buffer);
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...copy.subarray(at, at + 4));
    if (tags.includes(tag)) copy[at] = 'x'.charCodeAt(0); // 'GPOS' → 'xPOS'
  }
  return copy;
}

describe('pair positioning read from the tables', () => {
  it.each(bundledFiles().map((url) => [url.pathname.split('/').pop()!, url]))('gives fontkit\'s values for every ASCII and Latin-1 pair of %s', (_name, url) => {
    const program = parse(readFileSync(url));
    const latin = compare(program, 'latn');
    const common = compare(program, 'zzzz');
    expect(latin.differing).toEqual([]);
    expect(common.differing).toEqual([]);
    expect(latin.declined + common.declined).toBe(0);
    expect(latin.compared).toBeGreaterThan(25_000);
    expect(common.compared).toBeGreaterThan(4_000);
  });

  it('reads class-based (format 2) and extension pair lookups as fontkit applies them', () => {
    for (const file of ['weasyprint.otf', 'SourceSerif4-Regular.woff2', 'fira-sans-latin-400-normal.woff2']) {
      const program = parse(new Uint8Array(readFileSync(new URL(file, FIXTURES))));
      for (const script of ['latn', 'zzzz'] as const) {
        const result = compare(program, script);
        expect(result.differing, `${file} ${script}`).toEqual([]);
        expect(result.declined, `${file} ${script}`).toBe(0);
        expect(result.compared, `${file} ${script}`).toBeGreaterThan(2_000);
      }
    }
    // the extension lookups of Fira Sans (type 9 around PairPos format 2) kern thousands of Latin pairs
    const fira = parse(new Uint8Array(readFileSync(new URL('fira-sans-latin-400-normal.woff2', FIXTURES))));
    expect(compare(fira, 'latn').adjusted).toBeGreaterThan(1_000);
  });

  it('applies nothing that kerning turned off would, and the kern table where the script\'s GPOS has no kern feature', () => {
    const sans = parse(readFileSync(new URL('liberation/LiberationSans-Regular.ttf', BUNDLED)));
    for (const script of ['latn', 'zzzz'] as const) {
      const off = compare(sans, script, { kern: false });
      expect(off.differing).toEqual([]);
      expect(off.adjusted).toBe(0);
    }
    // Liberation's default script (the zzzz plan's) has no GPOS features: fontkit kerns it with the kern table
    expect(positioningOf(sans, 'zzzz', {}).kernTable).toBeDefined();
    expect(positioningOf(sans, 'latn', {}).kernTable).toBeUndefined();
    expect(compare(sans, 'zzzz', {}, [...'1.,-/7()'].map((c) => c.charCodeAt(0))).adjusted).toBeGreaterThan(0);
  });

  it('reads the kern table of a font without GPOS, and of one without any OpenType layout table', () => {
    const bytes = new Uint8Array(readFileSync(new URL('liberation/LiberationSerif-Regular.ttf', BUNDLED)));
    for (const program of [parse(withoutTables(bytes, 'GPOS')), parse(withoutTables(bytes, 'GPOS', 'GSUB', 'GDEF'))]) {
      expect(positioningOf(program, 'latn', {}).kernTable).toBeDefined();
      const result = compare(program, 'latn');
      expect(result.differing).toEqual([]);
      expect(result.declined).toBe(0);
      expect(result.adjusted).toBeGreaterThan(50);
      expect(compare(program, 'latn', { kern: false }).adjusted).toBe(0);
    }
  });
});

/** Edits of fontkit's parsed tables, made before the font's first plan: fontkit's layout and the reader then see the same edited tables. */
describe('pair positioning follows fontkit\'s subtable rules', () => {
  const LETTERS = [...'AVTWYLPFaoeyw.,'].map((c) => c.charCodeAt(0));
  const dejavu = (): FontProgram => parse(readFileSync(new URL('dejavu/DejaVuSans.ttf', BUNDLED)));

  interface EditableLookup { lookupType: number; subTables: object[] }
  const gposLookup = (program: FontProgram, index: number): EditableLookup =>
    (program as unknown as { GPOS: { lookupList: { get(index: number): EditableLookup } } }).GPOS.lookupList.get(index);
  /** DejaVu Sans's Latin kerning: its pair lookups (both format 2). */
  const kernLookups = (program: FontProgram): number[] => positioningOf(program, 'latn', {}).lookupIndexes.filter((index) => gposLookup(program, index).lookupType === 2);

  const glyph = (program: FontProgram, c: string): number => program.glyphForCodePoint(c.charCodeAt(0)).id;
  /** A format 1 PairPos subtable with one pair, as fontkit parses one. */
  const pairSubTable = (first: number, second: number, xAdvance: number): object => ({
    version: 1,
    coverage: { version: 1, glyphs: [first] },
    pairSets: { length: 1, get: (index: number) => (index === 0 ? [{ secondGlyph: second, value1: { xAdvance }, value2: { xPlacement: 7 } }] : undefined) },
  });

  /** How many pairs of LETTERS fontkit lays out otherwise in `program` than in `plain`: the edit matters. */
  function changedPairs(program: FontProgram, plain: FontProgram): number {
    let changed = 0;
    for (const a of LETTERS) {
      for (const b of LETTERS) {
        if (fontkitValues(program, a, b, 'latn', {}).join() !== fontkitValues(plain, a, b, 'latn', {}).join()) changed++;
      }
    }
    return changed;
  }

  function expectSame(program: FontProgram, edited: string): void {
    const result = compare(program, 'latn', {}, LETTERS);
    expect(result.differing, edited).toEqual([]);
    expect(result.declined, edited).toBe(0);
  }

  it('stops at a format 2 subtable that covers the first glyph, whatever the classes (a later subtable is not applied)', () => {
    const program = dejavu();
    const lookup = gposLookup(program, kernLookups(program)[0]!);
    const [a, v, x] = [glyph(program, 'A'), glyph(program, 'V'), glyph(program, 'x')];
    lookup.subTables.push(pairSubTable(a, v, 500), pairSubTable(a, x, 500));
    expectSame(program, 'format 1 after format 2');
    expect(fontkitValues(program, 0x41, 0x56, 'latn', {})[0]).toBeLessThan(0); // AV kerned by the classes, not +500
  });

  it('goes on past a format 1 subtable whose pair set lacks the second glyph, and stops at one that has it', () => {
    const program = dejavu();
    const lookup = gposLookup(program, kernLookups(program)[0]!);
    const [a, t, o] = [glyph(program, 'A'), glyph(program, 'T'), glyph(program, 'o')];
    lookup.subTables.unshift(pairSubTable(a, o, 300), pairSubTable(t, o, 900));
    expectSame(program, 'format 1 before format 2');
    expect(fontkitValues(program, 0x54, 0x6f, 'latn', {}).slice(0, 5)).toEqual([900, 0, 0, 0, 7]);
  });

  it('reads a pair lookup wrapped in an extension lookup (type 9)', () => {
    const program = dejavu();
    for (const index of kernLookups(program)) {
      const lookup = gposLookup(program, index);
      lookup.subTables = lookup.subTables.map((extension) => ({ version: 1, posFormat: 1, lookupType: 2, extension }));
      lookup.lookupType = 9;
    }
    expectSame(program, 'extension lookups');
    expect(compare(program, 'latn', {}, LETTERS).adjusted).toBeGreaterThan(10);
  });

  it('applies a lookup once per feature that lists it', () => {
    const program = dejavu();
    const [index] = kernLookups(program);
    const engine = (program as unknown as { _layoutEngine: { engine: { GPOSProcessor: { selectScript(script: string): void; features: Record<string, { lookupListIndexes: number[] }> } } } })._layoutEngine.engine;
    engine.GPOSProcessor.selectScript('latn');
    engine.GPOSProcessor.features['mark']!.lookupListIndexes.push(index!);
    expectSame(program, 'a kern lookup under mark too');
    expect(changedPairs(program, dejavu())).toBeGreaterThan(0);
  });

  it('adds the kern table\'s subtables as fontkit does: cross-stream ones skipped, an override one replacing the sum', () => {
    const bytes = withoutTables(new Uint8Array(readFileSync(new URL('liberation/LiberationSerif-Regular.ttf', BUNDLED))), 'GPOS');
    const program = parse(bytes);
    const kern = (program as unknown as { kern: { tables: { version: number; format: number; coverage: Record<string, boolean>; subtable: object }[] } }).kern;
    const [first] = kern.tables;
    kern.tables.push(
      { ...first!, coverage: { ...first!.coverage, crossStream: true } },
      { version: 0, format: 0, coverage: { horizontal: true, override: true }, subtable: { pairs: [{ left: glyph(program, 'T'), right: glyph(program, 'o'), value: 33 }] } },
      { ...first!, coverage: { ...first!.coverage } },
    );
    expectSame(program, 'kern subtables');
    const plain = parse(bytes);
    // the override leaves 33 for "To" and 0 for the others, the last subtable adds the font's kerning again
    expect(fontkitValues(program, 0x54, 0x6f, 'latn', {})[0]).toBe(33 + fontkitValues(plain, 0x54, 0x6f, 'latn', {})[0]!);
    expect(fontkitValues(program, 0x41, 0x56, 'latn', {})[0]).toBe(fontkitValues(plain, 0x41, 0x56, 'latn', {})[0]);
  });

  it('declines a subtable format fontkit does not read as pair positioning', () => {
    const program = dejavu();
    const lookup = gposLookup(program, kernLookups(program)[0]!);
    const [a] = [glyph(program, 'A')];
    lookup.subTables.unshift({ version: 3, coverage: { version: 1, glyphs: [a] } });
    const positioning = positioningOf(program, 'latn', {});
    expect(readPairAdjustment(positioning, a, glyph(program, 'V'))).toBeUndefined();
    expect(readPairAdjustment(positioning, glyph(program, 'V'), a)).toBeDefined();
  });
});
