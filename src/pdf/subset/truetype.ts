/**
 * A TrueType subset for one document (ISO 32000-1 §9.9 embedded font programs, §9.7.4.2
 * CIDToGIDMap Identity): glyph 0 (.notdef) first, then the glyphs in the order they are
 * included — the returned index is both the subset glyph id and the CID the content stream
 * writes. Components of composite glyphs are added when the font is written, after every glyph
 * the text used, so the CIDs PDFKit wrote /W and ToUnicode entries for stay dense.
 *
 * The font written has head, hhea, maxp, loca, glyf, hmtx and the font's own cvt, fpgm and
 * prep: the tables §9.9 lists for a TrueType font program (a CIDFontType2 needs no cmap). With
 * hinting dropped, the three hinting tables and every glyph's instructions are left out — those
 * tables only serve the instructions — which is a third of the size, but TrueType rasterizers
 * that hint (Windows, some viewers) then draw small text unhinted; see face.ts.
 */
import { pad4, setU16, setU32 } from '../../sfnt/binary.js';
import type { Hinting, TrueTypeFace } from './face.js';
import type { GlyphRecord } from './glyf.js';
import type { HintingTag } from './source.js';
import { writeSfnt, type TableWriter } from '../../sfnt/write.js';
import { GlyphListSubset } from './glyph-list.js';

/** What PDFKit's EmbeddedFont asks of `font.subset`. */
export interface FontSubset {
  /** Adds a glyph of the source font; returns its subset glyph id (= CID). */
  includeGlyph(glyphId: number): number;
  /** Adds a glyph already in the subset again, under a new subset glyph id (its own ToUnicode entry). */
  includeCopy(glyphId: number): number;
  /** The font program for /FontFile2. */
  encode(): Uint8Array;
}

export interface TrueTypeSubset extends FontSubset {
  /** Source glyph ids in subset order (index = subset glyph id). */
  readonly glyphs: readonly number[];
  /** Whether the TrueType instructions are kept (the program's bytes differ). */
  readonly hinting: Hinting;
}

const HINTING_ORDER: readonly HintingTag[] = ['fpgm', 'prep', 'cvt '];

/** Largest glyf length the short loca format (offset / 2 in a uint16) can address. */
const SHORT_LOCA_LIMIT = 0xffff * 2;

export function createTrueTypeSubset(face: TrueTypeFace, hinting: Hinting): TrueTypeSubset {
  return new TrueTypeSubsetBuilder(face, hinting);
}

/**
 * A class, not an object literal of closures made per subset: V8 keeps a closure's optimised code
 * only while a closure of it lives, so the closures made per font and render were compiled again
 * after each full GC.
 */
class TrueTypeSubsetBuilder extends GlyphListSubset implements TrueTypeSubset {
  constructor(private readonly face: TrueTypeFace, readonly hinting: Hinting) {
    super(face.numGlyphs);
  }

  encode(): Uint8Array {
    const { face, hinting, glyphs } = this;
    const records: GlyphRecord[] = [];
    // glyphs grows while components are added: they are walked too
    for (let i = 0; i < glyphs.length; i++) {
      const record = face.glyph(glyphs[i]!, hinting);
      for (const component of record.componentIds) this.includeGlyph(component < face.numGlyphs ? component : 0);
      records.push(record);
    }
    return writeSfnt(subsetTables({ face, hinting, glyphs, records, components: this }));
  }

  /** Subset id of a component's source glyph id. */
  componentId(glyphId: number): number {
    return this.list.idOf(glyphId < this.face.numGlyphs ? glyphId : 0)!;
  }
}

interface SubsetContent {
  readonly face: TrueTypeFace;
  readonly hinting: Hinting;
  /** Source glyph ids in subset order. */
  readonly glyphs: readonly number[];
  readonly records: readonly GlyphRecord[];
  /** Subset ids of components' source glyph ids. */
  readonly components: { componentId(glyphId: number): number };
}

function subsetTables(content: SubsetContent): TableWriter[] {
  const { face, records } = content;
  const count = records.length;
  // each glyph starts on a 4-byte boundary (recommended by the glyf spec; keeps loca offsets even)
  const starts = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) starts[i + 1] = starts[i]! + pad4(records[i]!.bytes.length);
  const glyfLength = starts[count]!;
  const shortLoca = glyfLength <= SHORT_LOCA_LIMIT;
  // Data order: the small header tables, the hinting programs, then glyf followed by loca and
  // hmtx — never glyf last, as readers that take a header from an empty glyph (fontkit does)
  // would then read past the end of the font.
  const tables: TableWriter[] = [
    patched(face.head, 'head', (out, at) => setU16(out, at + 50, shortLoca ? 0 : 1)), // indexToLocFormat
    patched(face.hhea, 'hhea', (out, at) => setU16(out, at + 34, count)), // numberOfHMetrics
    patched(face.maxp, 'maxp', (out, at) => setU16(out, at + 4, count)), // numGlyphs
  ];
  if (content.hinting === 'keep') {
    for (const tag of HINTING_ORDER) {
      const bytes = face.hintingTables.get(tag);
      if (bytes !== undefined) tables.push(patched(bytes, tag, () => undefined));
    }
  }
  tables.push(
    { tag: 'glyf', length: glyfLength, write: (out, at) => writeGlyf(out, at, content, starts) },
    {
      tag: 'loca',
      length: (count + 1) * (shortLoca ? 2 : 4),
      write(out, at) {
        for (let i = 0; i <= count; i++) {
          if (shortLoca) setU16(out, at + i * 2, starts[i]! / 2);
          else setU32(out, at + i * 4, starts[i]!);
        }
      },
    },
    {
      tag: 'hmtx',
      length: count * 4,
      write(out, at) {
        for (let i = 0; i < content.glyphs.length; i++) {
          const glyphId = content.glyphs[i]!;
          setU16(out, at + i * 4, face.advance(glyphId));
          setU16(out, at + i * 4 + 2, face.bearing(glyphId) & 0xffff);
        }
      },
    },
  );
  return tables;
}

/** A source table copied as is, then patched in place. */
function patched(source: Uint8Array, tag: string, patch: (out: Uint8Array, at: number) => void): TableWriter {
  return {
    tag,
    length: source.length,
    write(out, at) {
      out.set(source, at);
      patch(out, at);
    },
  };
}

/** Concatenates the glyph bytes and renumbers composite glyphs' components. */
function writeGlyf(out: Uint8Array, at: number, content: SubsetContent, starts: Uint32Array): void {
  // loops, not forEach with closures made per call (their optimised code dies at each full GC)
  for (let i = 0; i < content.records.length; i++) {
    const record = content.records[i]!;
    const start = at + starts[i]!;
    out.set(record.bytes, start);
    for (let c = 0; c < record.componentOffsets.length; c++) setU16(out, start + record.componentOffsets[c]!, content.components.componentId(record.componentIds[c]!));
  }
}
