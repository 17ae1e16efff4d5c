import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKED_LAYOUT_TABLES, layoutTableDamage, type CheckedLayoutTable } from '../../src/sfnt/layout-table-check.js';

/** A table from 16-bit words (negative ones as two's complement) and 4-letter tags (two words). */
function table(...parts: readonly (number | string)[]): Uint8Array {
  const words: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') words.push((part.charCodeAt(0) << 8) | part.charCodeAt(1), (part.charCodeAt(2) << 8) | part.charCodeAt(3));
    else words.push(part & 0xffff);
  }
  const bytes = new Uint8Array(words.length * 2);
  words.forEach((word, i) => new DataView(bytes.buffer).setUint16(2 * i, word));
  return bytes;
}

/** `words` with word `index` (byte 2 × index) set to `value`. */
function patched(bytes: Uint8Array, index: number, ...values: number[]): Uint8Array {
  const copy = bytes.slice();
  values.forEach((value, i) => new DataView(copy.buffer).setUint16(2 * (index + i), value & 0xffff));
  return copy;
}

/**
 * A GSUB/GPOS table with one script (latn, a default LangSys with feature 0), one feature and one
 * lookup of `lookupType` whose one subtable (at byte 56, word 28) is `subtable`.
 */
function layoutTable(lookupType: number, ...subtable: readonly (number | string)[]): Uint8Array {
  return table(
    1, 0, 10, 30, 44, // @0 version 1.0, ScriptList, FeatureList, LookupList
    1, 'latn', 8, // @10 ScriptList: one record, its Script at +8
    4, 0, // @18 Script: default LangSys at +4, no other
    0, 0xffff, 1, 0, // @22 LangSys: feature 0
    1, 'kern', 8, // @30 FeatureList: one record, its Feature at +8
    0, 1, 0, // @38 Feature: lookup 0
    1, 4, // @44 LookupList: one lookup at +4
    lookupType, 0, 1, 8, // @48 Lookup: one subtable at +8
    ...subtable, // @56
  );
}

/** GPOS pair kerning: glyph 5 then glyph 6, xAdvance -50. */
const PAIR_POS = [
  1, 12, 4, 0, 1, 18, // @56 PairPos format 1: Coverage at +12, value formats 4 (xAdvance) and 0, one PairSet at +18
  1, 1, 5, // @68 Coverage format 1: glyph 5
  1, 6, -50, // @74 PairSet: glyph 6, xAdvance -50
] as const;
const GPOS = layoutTable(2, ...PAIR_POS);

/** GSUB ligature: glyphs 5 6 -> 9. */
const GSUB = layoutTable(4,
  1, 8, 1, 14, // @56 LigatureSubst: Coverage at +8, one LigatureSet at +14
  1, 1, 5, // @64 Coverage: glyph 5
  1, 4, // @70 LigatureSet: one Ligature at +4
  9, 2, 6, // @74 Ligature: glyph 9 from 2 components, the second 6
);

const GDEF = table(1, 0, 12, 0, 0, 0, /* @12 ClassDef format 2 */ 2, 1, 5, 6, 1);

const KERN = table(0, 1, /* subtable */ 0, 20, 0x0001, /* format 0 */ 1, 6, 0, 0, /* pair */ 5, 6, -50);

const damage = (tag: CheckedLayoutTable, bytes: Uint8Array): string | undefined => layoutTableDamage(tag, bytes);

describe('layout table check: sound tables pass', () => {
  it.each([['GPOS', GPOS], ['GSUB', GSUB], ['GDEF', GDEF], ['kern', KERN]] as const)('%s', (tag, bytes) => {
    expect(damage(tag, bytes)).toBeUndefined();
  });

  const fontFiles = (folder: string): string[] => readdirSync(fileURLToPath(new URL(folder, import.meta.url)), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ttf|otf)$/.test(name)).map((name) => fileURLToPath(new URL(`${folder}${name}`, import.meta.url)));

  it('every table of the bundled fonts and the test fixtures', () => {
    const files = [...fontFiles('../../fonts/'), ...fontFiles('../fixtures/fonts/')];
    let checked = 0;
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < view.getUint16(4); i++) {
        const tag = String.fromCharCode(...bytes.subarray(12 + 16 * i, 16 + 16 * i));
        if (!(CHECKED_LAYOUT_TABLES as readonly string[]).includes(tag)) continue;
        const offset = view.getUint32(20 + 16 * i);
        expect(damage(tag as CheckedLayoutTable, bytes.subarray(offset, offset + view.getUint32(24 + 16 * i))), `${file} ${tag}`).toBeUndefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('layout table check: each kind of damage fails', () => {
  it.each([
    ['a ScriptList offset past the end (the high byte 0x6B)', patched(GPOS, 2, 0x6b0a), /^ScriptList offset 0x6B0A at byte 4 points beyond the table's end \(80 bytes\)$/],
    ['a Script offset past the end', patched(GPOS, 8, 0x100), /^Script offset 0x100 at byte 16 points beyond/],
    ['a LangSys feature count larger than the bytes left', patched(GPOS, 13, 500), /^LangSys feature indexes \(500 of 2 bytes at byte 28\) run past the table's end/],
    ['a FeatureList record count', patched(GPOS, 15, 20), /^FeatureRecords \(20 of 6 bytes at byte 32\) run past/],
    ['a Feature lookup count', patched(GPOS, 20, 30), /^Feature lookup indexes \(30 of 2 bytes/],
    ['a LookupList count', patched(GPOS, 22, 40), /^Lookup offsets \(40 of 2 bytes at byte 46\) run past/],
    ['a subtable offset past the end', patched(GPOS, 27, 500), /^lookup type 2 subtable offset 0x1F4 at byte 54 points beyond/],
    ['a lookup type that does not exist', patched(GPOS, 24, 12), /^GPOS lookup type 12 \(a subtable at byte 56\) does not exist$/],
    ['a Coverage count', patched(GPOS, 35, 100), /^Coverage glyphs \(100 of 2 bytes at byte 72\) run past/],
    ['a Coverage format fontkit cannot decode', patched(GPOS, 34, 3), /^Coverage at byte 68 has format 3, which fontkit cannot decode$/],
    ['a PairSet count', patched(GPOS, 37, 9), /^PairValueRecords \(9 of 4 bytes at byte 76\) run past/],
    ['a ValueRecord device offset past the end', patched(GPOS, 30, 0x40), /^Device offset 0xFFCE at byte 78 points beyond/],
    ['a version fontkit cannot decode', patched(GPOS, 0, 2), /^version 0x20000 is not 1.0 or 1.1$/],
  ])('GPOS: %s', (_, bytes, message) => {
    expect(damage('GPOS', bytes)).toMatch(message);
  });

  it('GPOS: Extension subtables that point past the end or to another Extension', () => {
    expect(damage('GPOS', layoutTable(9, 1, 2, 0, 0x1000))).toMatch(/^Extension subtable offset 0x1000 at byte 60 points beyond/);
    expect(damage('GPOS', layoutTable(9, 1, 9, 0, 8, 1, 9, 0, 0))).toMatch(/^Extension subtable at byte 56 points to another Extension$/);
    // a sound one: the pair positioning 8 bytes on, its offsets from its own start
    expect(damage('GPOS', layoutTable(9, 1, 2, 0, 8, ...PAIR_POS))).toBeUndefined();
  });

  it('GPOS: mark-to-base anchors, counted per mark class', () => {
    const markToBase = (classCount: number): Uint8Array => layoutTable(4,
      1, 12, 12, classCount, 18, 30, // @56 MarkBasePos: both coverages at +12, MarkArray at +18, BaseArray at +30
      1, 1, 5, // @68 Coverage
      1, 0, 6, // @74 MarkArray: class 0, anchor at +6
      1, 10, 20, // @80 Anchor format 1
      1, 4, // @86 BaseArray: one record, its anchor at +4
      1, 10, 600, // @90 Anchor
    );
    expect(damage('GPOS', markToBase(1))).toBeUndefined();
    expect(damage('GPOS', markToBase(6))).toMatch(/^BaseArray anchor offsets \(6 of 2 bytes at byte 88\) run past/);
  });

  it('GPOS: anchors off the format-1 fast path keep the checked path\'s verdicts', () => {
    const markToBase = layoutTable(4, 1, 12, 12, 1, 18, 30, 1, 1, 5, 1, 0, 6, 1, 10, 20, 1, 4, 1, 10, 600);
    expect(damage('GPOS', patched(markToBase, 44, 0))).toBeUndefined(); // a null base anchor
    expect(damage('GPOS', markToBase.slice(0, 94))).toMatch(/^Anchor at byte 92 runs past the table's end \(94 bytes\)$/);
    expect(damage('GPOS', patched(markToBase, 45, 5))).toMatch(/^Anchor at byte 90 has format 5, which fontkit cannot decode$/);
    expect(damage('GPOS', patched(markToBase, 44, 0x100))).toMatch(/^Anchor offset 0x100 at byte 88 points beyond/);
    // format 3 with a device 2 bytes short of its 6
    expect(damage('GPOS', table(...Array.from({ length: 45 }, (_, i) => new DataView(markToBase.buffer).getUint16(2 * i)), 3, 10, 600, 10, 0, 1, 2))).toMatch(/^Device at byte 100 runs past/);
  });

  it('GPOS: offsets that send the decoding over one structure again and again (within the table)', () => {
    // 3000 scripts share one Script whose default LangSys lists 3000 features: 24 KB decoded 3000 times
    const records = 3000;
    const scriptAt = 2 + 6 * records;
    const words: (number | string)[] = [1, 0, 10, 0, 0, records];
    for (let i = 0; i < records; i++) words.push('latn', scriptAt);
    words.push(4, 0, 0, 0xffff, records, ...new Array<number>(records).fill(0));
    expect(damage('GPOS', table(...words))).toMatch(/^decoding it reads more than 16 times its \d+ bytes/);
  });

  it.each([
    ['a Ligature component count', patched(GSUB, 38, 200), /^Ligature components \(199 of 2 bytes at byte 78\) run past/],
    ['a LigatureSet offset past the end', patched(GSUB, 31, 0x7000), /^LigatureSet offset 0x7000 at byte 62 points beyond/],
  ])('GSUB: %s', (_, bytes, message) => {
    expect(damage('GSUB', bytes)).toMatch(message);
  });

  it('GSUB: a chaining context rule whose lookahead count runs past the end', () => {
    const chain = (lookahead: number): Uint8Array => layoutTable(6,
      1, 8, 1, 14, // @56 ChainContext format 1: Coverage at +8, one rule set at +14
      1, 1, 5, // @64 Coverage
      1, 4, // @70 ChainRuleSet: one rule at +4
      0, 2, 6, lookahead, 7, 0, // @74 ChainRule: no backtrack, input 5 6, lookahead…, no lookups
    );
    expect(damage('GSUB', chain(1))).toBeUndefined();
    expect(damage('GSUB', chain(50))).toMatch(/^ChainContext rule lookahead \(50 of 2 bytes at byte 82\) run past/);
  });

  it.each([
    ['a version fontkit cannot decode', patched(GDEF, 1, 1), /^version 0x10001 is not 1.0, 1.2 or 1.3$/],
    ['a ClassDef format', patched(GDEF, 6, 7), /^ClassDef at byte 12 has format 7/],
    ['a ClassDef range count', patched(GDEF, 7, 10), /^ClassDef ranges \(10 of 6 bytes at byte 16\) run past/],
    ['an AttachList offset past the end', patched(GDEF, 3, 0x40), /^AttachList offset 0x40 at byte 6 points beyond/],
  ])('GDEF: %s', (_, bytes, message) => {
    expect(damage('GDEF', bytes)).toMatch(message);
  });

  it.each([
    ['a pair count larger than the bytes left', patched(KERN, 5, 1000), /^kern pairs \(1000 of 6 bytes at byte 18\) run past/],
    // fontkit moves to a subtable's start plus its length, backwards too: 65535 times over the same bytes
    ['a subtable length shorter than its header, with many subtables', patched(patched(KERN, 1, 0xffff), 3, 2), /^kern subtable 0 at byte 4 claims 2 bytes, less than its header$/],
    ['a second subtable past the end', patched(KERN, 1, 2), /^kern subtable 1 at byte 24 starts past the table's end/],
    ['a subtable format fontkit cannot decode', patched(KERN, 4, 0x0701), /^kern subtable at byte 4 has format 7/],
    ['a version fontkit cannot decode', patched(KERN, 0, 5), /^version 5 is not 0 or 1$/],
  ])('kern: %s', (_, bytes, message) => {
    expect(damage('kern', bytes)).toMatch(message);
  });

  it('kern: the last subtable may claim a short length (a 16-bit length cannot hold a large one)', () => {
    expect(damage('kern', patched(KERN, 3, 6))).toBeUndefined();
  });

  it('an empty or one-byte table fails without throwing', () => {
    for (const tag of CHECKED_LAYOUT_TABLES) {
      expect(damage(tag, new Uint8Array(0))).toMatch(/runs past the table's end \(0 bytes\)/);
      expect(damage(tag, new Uint8Array(1))).toMatch(/runs past the table's end \(1 bytes\)/);
    }
  });
});
