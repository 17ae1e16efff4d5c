/**
 * The CFF subsetter (pdf/subset/cff.ts): a subset's charstrings draw what the source's glyphs
 * draw. The subset's `CFF ` table is put back into the source's sfnt in place of its own and
 * parsed by fontkit, whose glyph i must have the path of the i-th glyph included — subroutines
 * and all. Inconsolata (bwip-js's copy: a CFF font with local subroutines, not CID-keyed) and
 * Noto Sans CJK JP (CID-keyed, 18 font DICTs, 28,516 subroutines in one) when installed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOctavoSubset } from '../../src/pdf/subset/index.js';
import { createEngine } from '../../src/api.js';
import { parseFontBytes } from '../../src/text/fontkit.js';
import { CffFormatError, OP, indexItem, readCff, readCffTable } from '../../src/sfnt/cff.js';
import { createCffSubset } from '../../src/pdf/subset/cff.js';
import { copiedTable, writeSfnt } from '../../src/sfnt/write.js';
import { rawTableBytes } from '../../src/text/fontkit-internals.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { parseCollection, parseFont, type FkFont } from './subset-fixture.js';

const require = createRequire(import.meta.url);
const INCONSOLATA = join(require.resolve('bwip-js').replace(/[\\/]dist[\\/].*$/, ''), 'fonts', 'Inconsolata.otf');
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const OTTO = 0x4f54544f;

/** The source's tables with `cff` as its CFF table, parsed by fontkit. */
function withCff(source: FkFont, cff: Uint8Array): FkFont {
  const tags = Object.keys((source as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables);
  const tables = tags.map((tag) => copiedTable(tag, tag === 'CFF ' ? cff : rawTableBytes(source, tag)!));
  return parseFont(writeSfnt(tables, OTTO));
}

function expectSamePaths(source: FkFont, text: string): Uint8Array {
  const glyphs = source.layout(text).glyphs.map((g) => g.id);
  const octavo = createOctavoSubset(source);
  expect(octavo?.format).toBe('cff');
  const subset = octavo!.subset;
  const ids = glyphs.map((id) => subset.includeGlyph(id));
  const cff = subset.encode();
  const parsed = withCff(source, cff);
  for (let i = 0; i < glyphs.length; i++) {
    expect(parsed.getGlyph(ids[i]!).path.toSVG(), `glyph ${glyphs[i]}`).toBe(source.getGlyph(glyphs[i]!).path.toSVG());
  }
  return cff;
}

describe('CFF subsets', () => {
  it.skipIf(!existsSync(INCONSOLATA))('draws every glyph as the source does (a font with local subroutines)', () => {
    const source = parseFont(readFileSync(INCONSOLATA));
    const cff = expectSamePaths(source, 'The quick brown fox {jumps} over 0123456789 & @#%$*');
    // the source's 78 subroutines, the unused ones a bare return
    const read = readCff(cff);
    const subrs = read.fontDicts[0]!.localSubrs!;
    expect(subrs.count).toBe(78);
    const kept = Array.from({ length: subrs.count }, (_, i) => indexItem(subrs, i)).filter((s) => !(s.length === 1 && s[0] === 11));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(78);
  });

  it.skipIf(!installedFamilies().has('noto sans cjk jp'))('draws every glyph as the source does (CID-keyed, glyphs of several font DICTs)', () => {
    const source = parseCollection(readFileSync(NOTO_CJK))[0]!;
    const cff = expectSamePaths(source, '請求書 吾輩は猫である。名前はまだ無い。ABC abc 123 「括弧」、¥12,345');
    const read = readCff(cff);
    expect(read.fontDicts.length).toBeGreaterThan(1);
    // only the font DICTs the glyphs use, each glyph's the one its source glyph had
    expect(read.charStrings.count).toBe(new Set(source.layout('請求書 吾輩は猫である。名前はまだ無い。ABC abc 123 「括弧」、¥12,345').glyphs.map((g) => g.id)).size + 1);
  });

  it.skipIf(!existsSync(INCONSOLATA))('reads a damaged table or refuses it with a CffFormatError or RangeError, and writes what it read', () => {
    const source = parseFont(readFileSync(INCONSOLATA));
    const table = rawTableBytes(source, 'CFF ')!;
    const glyphs = source.layout('Damaged {fonts} 0123').glyphs.map((g) => g.id);
    const runs = Number(process.env['FUZZ_RUNS'] ?? 200);
    const seed = process.env['FUZZ_SEED'] === undefined ? 7 : Number(process.env['FUZZ_SEED']);
    fc.assert(fc.property(fc.array(fc.record({ at: fc.nat(), nearStart: fc.boolean(), value: fc.nat(255) }), { minLength: 1, maxLength: 6 }), (edits) => {
      const bytes = table.slice();
      for (const edit of edits) bytes[edit.at % (edit.nearStart ? 200 : bytes.length)] = edit.value;
      let face;
      try {
        face = readCff(bytes);
      } catch (error) {
        if (error instanceof CffFormatError || error instanceof RangeError) return;
        throw error;
      }
      const subset = createCffSubset(face, source);
      for (const id of glyphs) if (id < face.charStrings.count) subset.includeGlyph(id);
      expect(subset.encode().length).toBeGreaterThan(0);
    }), { numRuns: runs, seed });
  });
});

describe('loading a CFF font', () => {
  it.skipIf(!installedFamilies().has('noto sans cjk jp'))('reads each CFF table of a collection once, for all the faces that share it', () => {
    const faces = parseFontBytes(readFileSync(NOTO_CJK));
    expect(faces.length).toBeGreaterThan(1);
    const reads = faces.map((face) => readCffTable(rawTableBytes(face, 'CFF ')!));
    // Noto Sans CJK: ten faces (Sans and Sans Mono, five regions each) over one CFF table
    expect(new Set(reads).size).toBe(1);
    expect(reads[0]!.charStrings.count).toBeGreaterThan(60_000);
  });

  it.skipIf(!existsSync(INCONSOLATA))('checks the table with octavo’s reader: a charset past the table loads and draws (fontkit’s subsetter refused it)', async () => {
    const bytes = new Uint8Array(readFileSync(INCONSOLATA));
    const table = rawTableBytes(parseFontBytes(bytes)[0]!, 'CFF ')!;
    // the top DICT's charset operand, written as a 5-byte integer: point it past the table's end
    const charset = readCff(table).topEntries.find((e) => e.operator === OP.charset)!;
    expect(charset.bytes[0]).toBe(29);
    const at = table.byteOffset - bytes.byteOffset + indexOfBytes(table, charset.bytes);
    const damaged = bytes.slice();
    damaged.set([29, 0, 0x7f, 0xff, 0xff], at);
    expect(() => parseFontBytes(damaged)).not.toThrow();
    const engine = createEngine({});
    const rendered = await engine.renderDetailed({
      template: '<style>@font-face { font-family: Damaged; src: url(https://fonts.test/font.otf) } p { font: 20px Damaged }</style><p>Hello {fonts}</p>',
      resources: { load: () => Promise.resolve(damaged) },
    });
    expect(rendered.diagnostics).toEqual([]);
    const again = await engine.renderDetailed({
      template: '<style>@font-face { font-family: Sound; src: url(https://fonts.test/font.otf) } p { font: 20px Sound }</style><p>Hello {fonts}</p>',
      resources: { load: () => Promise.resolve(bytes) },
    });
    // the same glyphs drawn from the same subset: the PDFs differ only where the font is named
    expect(rendered.pdf.length).toBe(again.pdf.length);
  });

  it.skipIf(!existsSync(INCONSOLATA))('refuses a CFF font with fewer charstrings than glyphs when it loads', () => {
    // maxp's glyph count raised by one: glyph ids run past the CharStrings INDEX (a fuzzed font's
    // subset read past it, a RangeError; fontkit's subsetter threw on such a glyph as the PDF was written)
    const bytes = new Uint8Array(readFileSync(INCONSOLATA));
    const source = parseFontBytes(bytes)[0]!;
    expect(createOctavoSubset(source)?.format).toBe('cff');
    const maxp = rawTableBytes(source, 'maxp')!;
    const at = maxp.byteOffset - bytes.byteOffset + 4;
    const damaged = bytes.slice();
    damaged[at + 1] = damaged[at + 1]! + 1;
    expect(() => parseFontBytes(damaged)).toThrow(/its CFF table has \d+ charstrings for \d+ glyphs/);
  });

  it.skipIf(!existsSync(INCONSOLATA))('leaves a table octavo’s reader refuses to fontkit’s subsetter, which refuses it here too', () => {
    const bytes = new Uint8Array(readFileSync(INCONSOLATA));
    const table = rawTableBytes(parseFontBytes(bytes)[0]!, 'CFF ')!;
    const charStringsAt = readCff(table).topEntries.find((e) => e.operator === OP.charStrings)!.operands[0]!;
    const damaged = bytes.slice();
    // the CharStrings INDEX's offset size: 0 is none of 1-4
    damaged[table.byteOffset - bytes.byteOffset + charStringsAt + 2] = 0;
    const damagedTable = rawTableBytes(parseFont(damaged), 'CFF ')!;
    expect(() => readCff(damagedTable)).toThrow(CffFormatError);
    expect(() => parseFontBytes(damaged)).toThrow(/Not a CFF Font/);
  });
});

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  for (let i = 0; i + needle.length <= haystack.length; i++) if (needle.every((b, k) => haystack[i + k] === b)) return i;
  throw new Error('not found');
}

