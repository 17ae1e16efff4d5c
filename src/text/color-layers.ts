/**
 * COLR version 0 colour glyphs (OpenType "COLR", "CPAL"): a base glyph drawn as layers of outline
 * glyphs, each filled with a colour of the first palette or, for palette index 0xFFFF, the text
 * colour. Read from fontkit's parsed tables; the layers are outlines the PDF font carries.
 */
import type { Color } from '../css/types.js';
import type { FontProgram } from './fontkit.js';
import { hasTable } from './fontkit-internals.js';

export interface ColorLayer {
  readonly id: number;
  /** Undefined: the text colour (palette index 0xFFFF). */
  readonly color?: Color;
}

interface ColrTable {
  readonly version: number;
  readonly baseGlyphRecord?: readonly { readonly gid: number; readonly firstLayerIndex: number; readonly numLayers: number }[];
  readonly layerRecords?: readonly { readonly gid: number; readonly paletteIndex: number }[];
}

interface CpalTable {
  readonly colorRecords?: readonly { readonly red: number; readonly green: number; readonly blue: number; readonly alpha: number }[];
  readonly colorRecordIndices?: readonly number[];
}

/**
 * The colour glyphs of a font octavo does not draw — COLR version 1 (gradients, transforms) or
 * SVG-in-OpenType — named for a warning, or undefined. Such a font prints its plain outlines.
 */
export function undrawnColorGlyphs(program: FontProgram): string | undefined {
  let version: number | undefined;
  try {
    version = (program as unknown as { readonly COLR?: ColrTable }).COLR?.version;
  } catch {
    version = undefined;
  }
  if (version !== undefined && version >= 1) return `COLR version ${version} colour glyphs`;
  return hasTable(program, 'SVG ') ? 'SVG colour glyphs (SVG-in-OpenType)' : undefined;
}

/** The layers of glyph `id`, or undefined when the font has no COLRv0 glyph for it. */
export type ColorLayers = (id: number) => readonly ColorLayer[] | undefined;

/** The COLRv0 layer lookup of a font, or undefined for a font without COLR v0 and CPAL. */
export function colorLayersOf(program: FontProgram): ColorLayers | undefined {
  const tables = program as unknown as { readonly COLR?: ColrTable; readonly CPAL?: CpalTable };
  let bases: ColrTable['baseGlyphRecord'], layers: ColrTable['layerRecords'], records: CpalTable['colorRecords'], first: number;
  try {
    const colr = tables.COLR;
    if (colr?.version !== 0) return undefined;
    // the records are decoded when first read (restructure's lazy pointers): a damaged one throws here too (FUZZ_SEED=8641, a mutated WOFF2)
    const cpal = tables.CPAL;
    bases = colr.baseGlyphRecord;
    layers = colr.layerRecords;
    records = cpal?.colorRecords;
    first = cpal?.colorRecordIndices?.[0] ?? 0;
  } catch {
    return undefined; // tables fontkit cannot parse: the glyphs print in their plain outlines
  }
  if (bases === undefined || layers === undefined || records === undefined) return undefined;
  const byGlyph = new Map(bases.map((base) => [base.gid, base]));
  return (id) => {
    const base = byGlyph.get(id);
    if (base === undefined || base.numLayers === 0) return undefined;
    const out: ColorLayer[] = [];
    for (let i = base.firstLayerIndex; i < base.firstLayerIndex + base.numLayers; i++) {
      const layer = layers[i];
      if (layer === undefined) return undefined; // a layer range past the table: draw the base glyph
      const record = layer.paletteIndex === 0xffff ? undefined : records[first + layer.paletteIndex];
      out.push(record === undefined ? { id: layer.gid } : { id: layer.gid, color: { r: record.red, g: record.green, b: record.blue, a: record.alpha / 255 } });
    }
    return out;
  };
}
