/**
 * A subset's glyphs in subset order (ISO 32000-1 §9.7.4.2 with CIDs = subset glyph ids): glyph 0
 * (.notdef) first, then each source glyph as it is first included. A copy is the same source
 * glyph again under an id of its own, so that it can carry other text in ToUnicode. Shared by
 * the TrueType and CFF subsets.
 */
export class SubsetGlyphList {
  /** Source glyph ids; the index is the subset glyph id. */
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly sourceGlyphs: number) {
    this.include(0);
  }

  /** The subset id of `glyphId`, added at the end on its first inclusion. */
  include(glyphId: number): number {
    let id = this.mapping.get(glyphId);
    if (id === undefined) {
      if (!Number.isInteger(glyphId) || glyphId < 0 || glyphId >= this.sourceGlyphs) {
        throw new RangeError(`glyph ${glyphId} is not in the font (${this.sourceGlyphs} glyphs)`);
      }
      id = this.glyphs.length;
      this.glyphs.push(glyphId);
      this.mapping.set(glyphId, id);
    }
    return id;
  }

  /** `glyphId` (included if it is not yet) again, under a new subset id. */
  includeCopy(glyphId: number): number {
    this.include(glyphId);
    this.glyphs.push(glyphId);
    return this.glyphs.length - 1;
  }

  /** The subset id `glyphId` was first included under (undefined: never included). */
  idOf(glyphId: number): number | undefined {
    return this.mapping.get(glyphId);
  }
}

/** What a subset builder keeps of its glyphs and answers PDFKit with (truetype.ts, cff.ts build on it). */
export abstract class GlyphListSubset {
  protected readonly list: SubsetGlyphList;

  constructor(sourceGlyphs: number) {
    this.list = new SubsetGlyphList(sourceGlyphs);
  }

  /** Source glyph ids in subset order (index = subset glyph id). */
  get glyphs(): readonly number[] {
    return this.list.glyphs;
  }

  includeGlyph(glyphId: number): number {
    return this.list.include(glyphId);
  }

  includeCopy(glyphId: number): number {
    return this.list.includeCopy(glyphId);
  }

  abstract encode(): Uint8Array;
}
