import { describe, expect, test } from 'vitest';
import { createFontSubset, subsetFallbackReason, type Hinting } from '../../src/pdf/subset/index.js';
import { fontBytes, parseCollection, parseFont, sumWords, table, tableDirectory, toCollection, toWoff, type FkFont } from './subset-fixture.js';

const LIBERATION = 'fonts/liberation/LiberationSans-Regular.ttf';
const DEJAVU = 'fonts/dejavu/DejaVuSans.ttf';
const TEXT = 'Zürich – 12 € fluffy Office, São Paulo! Ǻngström ǻ {[()]} @#%&*';

const fonts = new Map<string, FkFont>();
function font(file: string): FkFont {
  let parsed = fonts.get(file);
  if (parsed === undefined) {
    parsed = parseFont(fontBytes(file));
    fonts.set(file, parsed);
  }
  return parsed;
}

function subsetOf(source: FkFont, glyphIds: readonly number[], hinting: Hinting = 'keep') {
  const subset = createFontSubset(source, { hinting });
  if (subset === undefined) throw new Error(`not subset here: ${subsetFallbackReason(source)}`);
  const ids = glyphIds.map((id) => subset.includeGlyph(id));
  const bytes = subset.encode();
  return { subset, ids, bytes, parsed: parseFont(bytes) };
}

const textGlyphs = (source: FkFont, text: string): number[] => source.layout(text).glyphs.map((g) => g.id);

/** Every included glyph draws and advances as in the source font. */
function expectSameGlyphs(source: FkFont, parsed: FkFont, glyphs: readonly number[]): void {
  expect(parsed.numGlyphs).toBe(glyphs.length);
  glyphs.forEach((sourceId, subsetId) => {
    const original = source.getGlyph(sourceId);
    const copy = parsed.getGlyph(subsetId);
    expect(copy.advanceWidth, `advance of glyph ${sourceId}`).toBe(original.advanceWidth);
    expect(copy.path.toSVG(), `outline of glyph ${sourceId}`).toBe(original.path.toSVG());
    expect(copy._getMetrics().leftBearing, `bearing of glyph ${sourceId}`).toBe(original._getMetrics().leftBearing);
  });
}

/** The checksums, alignment and directory fields a font validator (and qpdf/pdffonts consumers) rely on. */
function expectValidSfnt(bytes: Uint8Array): void {
  const directory = tableDirectory(bytes);
  expect(directory.version).toBe(0x00010000);
  const count = directory.tables.length;
  const power = 2 ** Math.floor(Math.log2(count));
  expect(directory.searchRange).toBe(power * 16);
  expect(directory.entrySelector).toBe(Math.log2(power));
  expect(directory.rangeShift).toBe(count * 16 - power * 16);
  const tags = directory.tables.map((t) => t.tag);
  expect(tags).toEqual([...tags].sort());
  // tables are 4-byte aligned, after the directory, without overlaps
  let end = 12 + 16 * count;
  for (const t of [...directory.tables].sort((a, b) => a.offset - b.offset)) {
    expect(t.offset % 4, `${t.tag} alignment`).toBe(0);
    expect(t.offset).toBeGreaterThanOrEqual(end);
    end = t.offset + t.length;
  }
  expect(bytes.length).toBe(Math.ceil(end / 4) * 4);
  for (const t of directory.tables) {
    const head = t.tag === 'head' ? new Uint8Array(bytes.subarray(t.offset, t.offset + t.length)) : undefined;
    if (head !== undefined) head.fill(0, 8, 12); // head's checksum is taken with checkSumAdjustment = 0
    expect(head !== undefined ? sumWords(head, 0, head.length) : sumWords(bytes, t.offset, t.length), `${t.tag} checksum`).toBe(t.checksum);
  }
  expect(sumWords(bytes, 0, bytes.length)).toBe(0xb1b0afba);
}

describe('TrueType subsetter', () => {
  for (const file of [LIBERATION, DEJAVU]) {
    for (const hinting of ['keep', 'drop'] as const) {
      test(`${file.split('/').pop()}, hinting ${hinting}: outlines and advances survive, ids in inclusion order`, () => {
        const source = font(file);
        const glyphs = textGlyphs(source, TEXT);
        const { subset, ids, bytes, parsed } = subsetOf(source, glyphs, hinting);
        // .notdef first, then first-use order: the ids PDFKit writes as CIDs
        const unique = [...new Set(glyphs.filter((id) => id !== 0))];
        expect(subset.glyphs.slice(0, unique.length + 1)).toEqual([0, ...unique]);
        expect(ids).toEqual(glyphs.map((id) => subset.glyphs.indexOf(id)));
        expectSameGlyphs(source, parsed, subset.glyphs);
        expectValidSfnt(bytes);
      });
    }
  }

  test('a composite glyph keeps its components, nested ones too, renumbered after the text glyphs', () => {
    const source = font(DEJAVU);
    const aRingAcute = source.glyphForCodePoint(0x1fb); // ǻ = å (itself composite) + acute
    const sourceComponents = aRingAcute._decode()!.components!.map((c) => c.glyphID);
    expect(sourceComponents.length).toBeGreaterThan(1);
    const { subset, parsed } = subsetOf(source, [aRingAcute.id]);
    expect(subset.glyphs[1]).toBe(aRingAcute.id);
    // the components come after the glyph the text used, so CIDs 0..1 stay dense for /W
    expect(subset.glyphs.length).toBeGreaterThan(2 + sourceComponents.length - 1);
    const copy = parsed.getGlyph(1)._decode()!;
    expect(copy.numberOfContours).toBeLessThan(0);
    expect(copy.components!.map((c) => subset.glyphs[c.glyphID])).toEqual(sourceComponents);
    const nested = source.getGlyph(sourceComponents[0]!)._decode()!;
    expect(nested.numberOfContours).toBeLessThan(0); // å is composite too: its parts were pulled in
    for (const part of nested.components!) expect(subset.glyphs).toContain(part.glyphID);
    expectSameGlyphs(source, parsed, subset.glyphs);
  });

  test('a glyph used directly and as a component is stored once', () => {
    const source = font(LIBERATION);
    const e = source.glyphForCodePoint(0x65).id;
    const eAcute = source.glyphForCodePoint(0xe9);
    expect(eAcute._decode()!.components!.map((c) => c.glyphID)).toContain(e);
    const { subset, parsed } = subsetOf(source, [eAcute.id, e]);
    expect(subset.glyphs.filter((id) => id === e)).toHaveLength(1);
    expect(subset.glyphs.indexOf(e)).toBe(2);
    expect(parsed.getGlyph(1)._decode()!.components![0]!.glyphID).toBe(2);
  });

  test('hinting kept: cvt, fpgm and prep are the source bytes and glyph instructions stay', () => {
    const bytes = fontBytes(LIBERATION);
    const source = font(LIBERATION);
    const glyphs = textGlyphs(source, TEXT);
    const { bytes: kept, parsed } = subsetOf(source, glyphs, 'keep');
    for (const tag of ['cvt ', 'fpgm', 'prep']) expect(Buffer.from(table(kept, tag)!).equals(Buffer.from(table(bytes, tag)!)), tag).toBe(true);
    const a = source.glyphForCodePoint(0x5a).id; // Z: a hinted simple glyph
    expect(source.getGlyph(a)._decode()!.instructions!.length).toBeGreaterThan(0);
    expect(parsed.getGlyph(glyphs.indexOf(a) + 1)._decode()!.instructions).toEqual(source.getGlyph(a)._decode()!.instructions);
  });

  test('hinting dropped: no hinting tables, no glyph instructions, same outlines, a third of the size', () => {
    const source = font(LIBERATION);
    const glyphs = textGlyphs(source, TEXT);
    const kept = subsetOf(source, glyphs, 'keep');
    const { subset, bytes, parsed } = subsetOf(source, glyphs, 'drop');
    expect(tableDirectory(bytes).tables.map((t) => t.tag)).toEqual(['glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp']);
    for (let id = 0; id < parsed.numGlyphs; id++) {
      const glyph = parsed.getGlyph(id)._decode();
      if (glyph !== null && glyph.numberOfContours >= 0) expect(glyph.instructions).toEqual([]);
    }
    expectSameGlyphs(source, parsed, subset.glyphs);
    expect(bytes.length).toBeLessThan(kept.bytes.length / 2);
  });

  test('the whole of DejaVu Sans needs the long loca format; a small subset gets the short one', () => {
    const source = font(DEJAVU);
    const all = Array.from({ length: source.numGlyphs }, (_, id) => id);
    const { bytes, parsed } = subsetOf(source, all, 'drop');
    expect(parsed.head.indexToLocFormat).toBe(1);
    expect(parsed.numGlyphs).toBe(source.numGlyphs);
    for (let id = 0; id < source.numGlyphs; id += 97) {
      expect(parsed.getGlyph(id).path.toSVG()).toBe(source.getGlyph(id).path.toSVG());
      expect(parsed.getGlyph(id).advanceWidth).toBe(source.getGlyph(id).advanceWidth);
    }
    expectValidSfnt(bytes);
    expect(subsetOf(source, textGlyphs(source, 'small')).parsed.head.indexToLocFormat).toBe(0);
  });

  test('glyphs past hhea.numberOfHMetrics take the last advance and their own bearing', () => {
    const source = font(DEJAVU);
    const last = source.numGlyphs - 1;
    expect(source.hhea.numberOfMetrics).toBeLessThan(last);
    const { subset, parsed } = subsetOf(source, [last, source.hhea.numberOfMetrics - 1, 3]);
    expectSameGlyphs(source, parsed, subset.glyphs);
  });

  test('an empty glyph last in glyf (a space) reads back: glyf is never the last table', () => {
    const source = font(LIBERATION);
    const space = source.glyphForCodePoint(0x20).id;
    const { bytes, parsed } = subsetOf(source, [source.glyphForCodePoint(0x61).id, space]);
    const tables = tableDirectory(bytes).tables;
    const glyf = tables.find((t) => t.tag === 'glyf')!;
    expect(Math.max(...tables.map((t) => t.offset))).toBeGreaterThan(glyf.offset);
    expect(parsed.getGlyph(2).advanceWidth).toBe(source.getGlyph(space).advanceWidth);
    expect(parsed.getGlyph(2).path.toSVG()).toBe('');
  });

  test('WOFF fonts are subset from their inflated tables', () => {
    const woff = parseFont(toWoff(fontBytes(LIBERATION)));
    expect(woff.type).toBe('WOFF');
    const glyphs = textGlyphs(font(LIBERATION), TEXT); // same font: shaping the WOFF would only be slower
    const { subset, bytes, parsed } = subsetOf(woff, glyphs);
    expectSameGlyphs(font(LIBERATION), parsed, subset.glyphs);
    expectValidSfnt(bytes);
  });

  test('a font inside a collection (TTC) is read at its own, file-absolute table offsets', () => {
    const [liberation, dejavu] = parseCollection(toCollection([fontBytes(LIBERATION), fontBytes(DEJAVU)]));
    for (const [member, file] of [[liberation!, LIBERATION], [dejavu!, DEJAVU]] as const) {
      const { subset, bytes, parsed } = subsetOf(member, textGlyphs(font(file), TEXT));
      expectSameGlyphs(font(file), parsed, subset.glyphs);
      expectValidSfnt(bytes);
    }
  });

  test('each document gets its own numbering over the face cached once', () => {
    const source = font(LIBERATION);
    const first = subsetOf(source, textGlyphs(source, 'abc'));
    const second = subsetOf(source, textGlyphs(source, 'cba'));
    expect(first.subset.glyphs.slice(1)).toEqual([...second.subset.glyphs.slice(1)].reverse());
    expectSameGlyphs(source, second.parsed, second.subset.glyphs);
  });

  test('a glyph id outside the font is refused', () => {
    const subset = createFontSubset(font(LIBERATION))!;
    expect(() => subset.includeGlyph(font(LIBERATION).numGlyphs)).toThrow(RangeError);
    expect(() => subset.includeGlyph(-1)).toThrow(RangeError);
  });

  test('writes a glyph whose data runs past its bytes as an empty glyph, not bytes a viewer must guess at', () => {
    const bytes = new Uint8Array(fontBytes(LIBERATION));
    const source = parseFont(bytes);
    const o = source.glyphForCodePoint(0x6f).id;
    const a = source.glyphForCodePoint(0x61).id;
    const offsets = (source as unknown as { loca: { offsets: number[] } }).loca.offsets;
    const glyf = tableDirectory(bytes).tables.find((t) => t.tag === 'glyf')!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // "o": its instruction length made 0xffff, its flags and coordinates run past its bytes; "a": one contour end past its points' data
    const start = glyf.offset + offsets[o]!;
    view.setUint16(start + 10 + 2 * view.getInt16(start), 0xffff);
    const startA = glyf.offset + offsets[a]!;
    view.setUint16(startA + 10 + 2 * (view.getInt16(startA) - 1), 0x7fff);
    for (const hinting of ['keep', 'drop'] as const) {
      const { parsed, ids } = subsetOf(parseFont(bytes), [o, a, 0x24], hinting);
      const lengths = (parsed as unknown as { loca: { offsets: number[] } }).loca.offsets;
      expect(ids.map((id) => lengths[id + 1]! - lengths[id]!).map((length) => length > 0)).toEqual([false, false, true]);
      expect(ids.map((id) => parsed.getGlyph(id).path.toSVG())).toEqual(['', '', font(LIBERATION).getGlyph(0x24).path.toSVG()]);
    }
  });

  test("fonts it cannot read are left to fontkit's subsetter", () => {
    const woff2Like = { type: 'WOFF2', directory: { tables: { glyf: { length: 4 } } }, stream: { pos: 0 }, _getTableStream: () => null };
    expect(createFontSubset(woff2Like)).toBeUndefined();
    expect(subsetFallbackReason(woff2Like)).toMatch(/WOFF2/);
    const cff = { type: 'TTF', directory: { tables: { 'CFF ': { length: 4 } } }, stream: { pos: 0 }, _getTableStream: () => null };
    expect(subsetFallbackReason(cff)).toBe('CFF outlines');
    // a font without fontkit's table access is a changed fontkit, never a silent fallback
    expect(() => subsetFallbackReason({ layout: () => undefined })).toThrow(/fontkit TTFFont#_getTableStream is missing/);
    expect(subsetFallbackReason(font(LIBERATION))).toBeUndefined();
  });
});
