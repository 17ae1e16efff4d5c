/**
 * Everything about a TrueType face that does not depend on the document, read once per font
 * program and kept in a WeakMap: the raw tables, the glyph offsets (`loca`), the horizontal
 * metrics (`hmtx`), and each glyph's record as it is first used. A document's subset then only
 * concatenates glyph bytes and writes the small tables that carry counts.
 */
import { i16, u16, u32 } from '../../sfnt/binary.js';
import { readLoca } from '../../sfnt/loca.js';
import { readGlyph, readGlyphWithoutInstructions, type GlyphRecord } from './glyf.js';
import { readRawTables, type HintingTag } from './source.js';
import { variedGlyphRecord } from './varied-glyph.js';
import { glyphOutlineCommands, noteDamagedGlyph } from '../../text/fontkit.js';

/**
 * Whether the subset keeps the TrueType instructions (fpgm, prep, cvt and each glyph's own).
 * 'keep' is what the pdf stage uses: PDF 1.7 lists cvt, fpgm and prep among the tables a
 * TrueType program carries, and hinting viewers (Acrobat on Windows) use them for small text.
 * 'drop' leaves out about 60% of a hinted face's compressed bytes (Liberation Sans: 10.4 -> 4.1 KB
 * for an invoice's glyphs); poppler (pdftoppm, pdftocairo) and pdf.js on Node's Skia canvas, which
 * do not hint, render it pixel-identically.
 */
export type Hinting = 'keep' | 'drop';

export interface TrueTypeFace {
  readonly numGlyphs: number;
  /** The source `head`, `hhea` and `maxp` tables (copied and patched per subset). */
  readonly head: Uint8Array;
  readonly hhea: Uint8Array;
  readonly maxp: Uint8Array;
  /** The hinting tables the font has, copied unchanged when hinting is kept. */
  readonly hintingTables: ReadonlyMap<HintingTag, Uint8Array>;
  /** Advance width and left side bearing of a glyph (font units). */
  advance(glyphId: number): number;
  bearing(glyphId: number): number;
  /** The glyph record of `glyphId` (cached). */
  glyph(glyphId: number, hinting: Hinting): GlyphRecord;
}

export type TrueTypeFaceResult = { readonly ok: true; readonly face: TrueTypeFace } | { readonly ok: false; readonly reason: string };

const faces = new WeakMap<object, TrueTypeFaceResult>();

/** The face of a parsed font program, read on first use. */
export function trueTypeFace(program: object): TrueTypeFaceResult {
  let result = faces.get(program);
  if (result === undefined) {
    result = readFace(program);
    faces.set(program, result);
  }
  return result;
}

/** head: the magic number (offset 12) and indexToLocFormat (offset 50). */
const HEAD_MAGIC = 0x5f0f3cf5;
const HEAD_SIZE = 54;
const HHEA_SIZE = 36;
const MAXP_MIN_SIZE = 6;

function readFace(program: object): TrueTypeFaceResult {
  const raw = readRawTables(program);
  if (!raw.ok) return raw;
  const { head, hhea, maxp, loca, glyf, hmtx } = raw.tables.required;
  if (head.length < HEAD_SIZE || u32(head, 12) !== HEAD_MAGIC) return { ok: false, reason: 'bad head table' };
  if (hhea.length < HHEA_SIZE || maxp.length < MAXP_MIN_SIZE) return { ok: false, reason: 'bad hhea or maxp table' };
  const numGlyphs = u16(maxp, 4);
  if (numGlyphs === 0) return { ok: false, reason: 'no glyphs' };
  const offsets = readLoca(loca, i16(head, 50), numGlyphs, glyf.length);
  if (offsets === undefined) return { ok: false, reason: 'bad loca table' };
  const metrics = readHmtx(hmtx, u16(hhea, 34), numGlyphs);
  if (metrics === undefined) return { ok: false, reason: 'bad hmtx table' };
  const varied = variedFace(program, { numGlyphs, head, hhea, maxp });
  if (varied !== undefined) return { ok: true, face: varied };
  const kept: (GlyphRecord | undefined)[] = [];
  const stripped: (GlyphRecord | undefined)[] = [];
  const face: TrueTypeFace = {
    numGlyphs,
    head,
    hhea,
    maxp,
    hintingTables: raw.tables.hinting,
    advance: (glyphId) => metrics.advances[glyphId]!,
    bearing: (glyphId) => metrics.bearings[glyphId]!,
    glyph(glyphId, hinting) {
      const cache = hinting === 'keep' ? kept : stripped;
      let record = cache[glyphId];
      if (record === undefined) {
        const bytes = glyf.subarray(offsets[glyphId]!, offsets[glyphId + 1]!);
        record = hinting === 'keep' ? readGlyph(bytes) : readGlyphWithoutInstructions(bytes);
        if (record.bytes.length === 0 && bytes.length > 0) noteDamagedGlyph(program, glyphId, 'its glyf data runs past its bytes');
        cache[glyphId] = record;
      }
      return record;
    },
  };
  return { ok: true, face };
}

/** What fontkit's instance of a variable font (`getVariation`) answers for a glyph. */
interface VariationInstance {
  readonly variationCoords?: unknown;
  getGlyph(id: number): { readonly advanceWidth: number; readonly bbox: { readonly minX: number } };
}

/**
 * A variable font's instance: its glyphs and advances are the varied ones (gvar, HVAR), not the
 * stored ones; its hints, made for the default outlines, are left out. Undefined for other fonts.
 */
function variedFace(program: object, tables: Pick<TrueTypeFace, 'numGlyphs' | 'head' | 'hhea' | 'maxp'>): TrueTypeFace | undefined {
  const instance = program as VariationInstance;
  if (instance.variationCoords == null) return undefined;
  const records: (GlyphRecord | undefined)[] = [];
  const metric = (value: number): number => (Number.isFinite(value) ? Math.round(value) : 0);
  return {
    ...tables,
    hintingTables: new Map(),
    advance: (glyphId) => Math.max(0, metric(instance.getGlyph(glyphId).advanceWidth)),
    bearing: (glyphId) => metric(instance.getGlyph(glyphId).bbox.minX),
    glyph(glyphId) {
      records[glyphId] ??= variedGlyphRecord(glyphOutlineCommands(program, glyphId));
      return records[glyphId];
    },
  };
}

/**
 * hmtx (OpenType "hmtx — Horizontal Metrics"): numberOfHMetrics (advance, lsb) pairs, then left
 * side bearings only; glyphs past the pairs repeat the last advance. A table cut short of its
 * bearings gives the missing ones as 0.
 */
function readHmtx(hmtx: Uint8Array, numberOfHMetrics: number, numGlyphs: number): { advances: Uint16Array; bearings: Int16Array } | undefined {
  if (numberOfHMetrics === 0 || hmtx.length < numberOfHMetrics * 4) return undefined;
  const longMetrics = Math.min(numberOfHMetrics, numGlyphs);
  const advances = new Uint16Array(numGlyphs);
  const bearings = new Int16Array(numGlyphs);
  for (let i = 0; i < longMetrics; i++) {
    advances[i] = u16(hmtx, i * 4);
    bearings[i] = i16(hmtx, i * 4 + 2);
  }
  const lastAdvance = advances[longMetrics - 1]!;
  const start = numberOfHMetrics * 4;
  for (let i = longMetrics; i < numGlyphs; i++) {
    advances[i] = lastAdvance;
    const at = start + (i - longMetrics) * 2;
    bearings[i] = at + 2 <= hmtx.length ? i16(hmtx, at) : 0;
  }
  return { advances, bearings };
}
