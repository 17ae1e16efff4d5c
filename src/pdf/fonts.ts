/**
 * Font embedding (ISO 32000-1 §9.7 Type 0 / CIDFontType2 fonts, §9.10.3 ToUnicode): each FontFace
 * is handed to PDFKit as its already-parsed fontkit font (no second parse, docs/design.md §4) and
 * becomes one PDFKit EmbeddedFont per document. Glyphs are added by id — never re-shaped — so the
 * subset, the /W widths and the ToUnicode map (ligatures map to all their characters) stay exact.
 * TrueType faces are subset by pdf/subset/ (raw glyph bytes, tables cached per face); PDFKit
 * still writes the font dictionaries, /W, CIDSet and ToUnicode around the program it returns.
 */
import type { FontFace } from '../text/types.js';
import { sameCodePoints } from '../text/code-points.js';
import { createOctavoSubset, type OctavoSubset } from './subset/index.js';
import { embedSubset } from './font-embed.js';
import { embeddedFont, fontkitGlyphCopy, replaceFontSubset } from './pdfkit-document.js';
import type { PdfKitDocument, PdfKitEmbeddedFont, PdfKitFontProgram, PdfKitPage, PdfRef } from './pdfkit-document.js';

/** A glyph as the content stream writes it. */
export interface EncodedGlyph {
  /** 4 hex digits of the subset glyph id (Identity-H encoding). */
  readonly hex: string;
  /** Advance in the embedded /W table, 1/1000 em. */
  readonly width: number;
}

export interface EmbeddedFace {
  /** Resource name (/F1...). */
  readonly name: string;
  encode(glyphId: number, codePoints: readonly number[]): EncodedGlyph;
  /** Puts the font in the page's /Font resources. */
  useOn(page: PdfKitPage): void;
  /** The Type 0 font dictionary. */
  ref(): PdfRef;
  /**
   * Shapes a short label with the font's own layout (for annotation appearances, not for
   * document text, which arrives shaped): glyph hex codes and the width in 1/1000 em.
   */
  shape(text: string): { readonly hex: string; readonly width: number };
}

export interface FontEmbedder {
  embed(face: FontFace): EmbeddedFace;
  /** The first face embedded so far, if any. */
  any(): EmbeddedFace | undefined;
}

export function createFontEmbedder(doc: PdfKitDocument): FontEmbedder {
  const faces = new Map<FontFace, EmbeddedFace>();
  return {
    embed(face) {
      let embedded = faces.get(face);
      if (embedded === undefined) {
        embedded = embedFace(doc, face);
        faces.set(face, embedded);
      }
      return embedded;
    },
    any: () => faces.values().next().value,
  };
}

/** An encoded glyph and its id in the subset (kept, not parsed back from the hex, for every later use). */
interface SubsetGlyph extends EncodedGlyph {
  readonly subsetId: number;
}

interface LaidOutGlyph {
  readonly id: number;
  readonly codePoints: readonly number[];
}

/** PDFKit fonts already prepared: faces over one program (synthetic bold/oblique) share one. */
const prepared = new WeakSet<PdfKitEmbeddedFont>();

/**
 * Before the first glyph: TrueType and CFF faces get octavo's subsetter (pdf/subset/, over tables
 * cached per face), made with the font (embeddedFont), in place of fontkit's; other formats keep
 * fontkit's. And /W for glyph 0, which PDFKit seeds in font units, is put in 1/1000 em like every
 * other width.
 */
function prepareFont(font: PdfKitEmbeddedFont, program: PdfKitFontProgram, subset: OctavoSubset | undefined): void {
  if (prepared.has(font)) return;
  prepared.add(font);
  if (subset !== undefined) replaceFontSubset(font, subset.subset, () => embedSubset(font, subset));
  font.widths[0] = program.getGlyph(0).advanceWidth * font.scale;
}

function embedFace(doc: PdfKitDocument, face: FontFace): EmbeddedFace {
  const program = face.program as PdfKitFontProgram;
  if (typeof program.layout !== 'function' || typeof program.getGlyph !== 'function') {
    throw new Error(`font face ${face.postscriptName}: its program is not a parsed fontkit font`);
  }
  // registered with PDFKit, which writes it when the document ends
  // made only when PDFKit makes the font: another face over the same program (a synthetic bold) has it already
  let subset: OctavoSubset | undefined;
  const font = embeddedFont(doc, program, () => (subset = createOctavoSubset(program))?.subset);
  prepareFont(font, program, subset);
  const glyphs = new Map<number, SubsetGlyph>();
  const copies = new Map<string, SubsetGlyph>();
  const added = (subsetId: number, glyphId: number, codePoints: readonly number[]): SubsetGlyph => {
    font.widths[subsetId] ??= program.getGlyph(glyphId).advanceWidth * font.scale;
    font.unicode[subsetId] ??= [...codePoints];
    return { hex: subsetId.toString(16).padStart(4, '0'), width: font.widths[subsetId]!, subsetId };
  };
  /** The glyph under a subset id of its own for other characters than its first use (ToUnicode maps one id to one text). */
  const copyFor = (glyphId: number, codePoints: readonly number[]): SubsetGlyph => {
    const key = `${glyphId}:${codePoints.join(',')}`;
    let copy = copies.get(key);
    if (copy === undefined) {
      const subsetId = font.subset.includeCopy !== undefined ? font.subset.includeCopy(glyphId) : fontkitGlyphCopy(font, glyphId);
      copy = added(subsetId, glyphId, codePoints);
      copies.set(key, copy);
    }
    return copy;
  };
  const embedded: EmbeddedFace = {
    name: font.id,
    encode(glyphId, codePoints) {
      let glyph = glyphs.get(glyphId);
      if (glyph === undefined) {
        glyph = added(font.subset.includeGlyph(glyphId), glyphId, codePoints);
        glyphs.set(glyphId, glyph);
      } else if (codePoints.length > 0) {
        const mapped = font.unicode[glyph.subsetId]!;
        // the first use may have been a cluster continuation without characters
        if (mapped.length === 0) font.unicode[glyph.subsetId] = [...codePoints];
        else if (!sameCodePoints(mapped, codePoints)) return copyFor(glyphId, codePoints);
      }
      return glyph;
    },
    useOn(page) {
      page.fonts[font.id] ??= font.ref();
    },
    ref: () => font.ref(),
    shape(text) {
      const laid = program.layout(text) as { glyphs: readonly LaidOutGlyph[] };
      let hex = '';
      let width = 0;
      for (const glyph of laid.glyphs) {
        if (glyph.id === 0) continue;
        const encoded = embedded.encode(glyph.id, glyph.codePoints);
        hex += encoded.hex;
        width += encoded.width;
      }
      return { hex, width };
    },
  };
  return embedded;
}
