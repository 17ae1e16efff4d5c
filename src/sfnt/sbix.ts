/**
 * Colour bitmap glyphs of the `sbix` table (OpenType 1.9 "sbix"; Apple Color Emoji): a glyph id to
 * its PNG and metrics in the largest strike, as the same record CBDT glyphs give (cbdt.ts). A
 * `dupe` glyph is followed once; JPEG and TIFF glyphs are not read. Every read is bounds-checked:
 * bad bytes give a FontFormatError.
 */
import { Cursor, FontFormatError } from './cursor.js';
import { sfntTables } from './cbdt.js';
import type { BitmapGlyph, ColorBitmaps } from './cbdt.js';
import { fromCharCodes } from '../append-all.js';
import { readPngHeader } from '../raster/png-chunks.js';

type Tables = ReturnType<typeof sfntTables>;

function table(bytes: Uint8Array, tables: Tables, tag: string): Cursor {
  const entry = tables.get(tag);
  if (entry === undefined) throw new FontFormatError(`sbix font without a ${tag} table`);
  return new Cursor(bytes, entry.offset, entry.offset + entry.length, tag);
}

/** Advance widths in font units, by glyph id (hhea numberOfHMetrics, hmtx). */
function advances(bytes: Uint8Array, tables: Tables): (id: number) => number {
  const hhea = table(bytes, tables, 'hhea');
  hhea.at += 34;
  const count = hhea.u16();
  if (count === 0) throw new FontFormatError('hhea numberOfHMetrics is 0');
  const hmtx = table(bytes, tables, 'hmtx');
  const start = hmtx.at;
  return (id) => {
    hmtx.at = start + 4 * Math.min(id, count - 1);
    return hmtx.u16();
  };
}

/** Width and height from a PNG's IHDR chunk (PNG §11.2.2). */
function pngSize(png: Uint8Array): { width: number; height: number } {
  if (new Cursor(png, 0, png.length, 'sbix PNG').u32() !== 0x89504e47) throw new FontFormatError('sbix glyph is not a PNG');
  const header = readPngHeader(png);
  if (header === undefined) throw new FontFormatError('sbix PNG without IHDR');
  return { width: header.width, height: header.height };
}

/** The colour bitmaps of an sfnt file's sbix table, or undefined when it has none. */
export function readSbixBitmaps(bytes: Uint8Array): ColorBitmaps | undefined {
  const tables = sfntTables(bytes);
  if (!tables.has('sbix')) return undefined;
  const sbix = table(bytes, tables, 'sbix');
  const maxp = table(bytes, tables, 'maxp');
  maxp.at += 4;
  const glyphs = maxp.u16();
  const head = table(bytes, tables, 'head');
  head.at += 18;
  const unitsPerEm = head.u16();
  if (unitsPerEm === 0) throw new FontFormatError('head unitsPerEm is 0');
  const advanceOf = advances(bytes, tables);
  const base = sbix.at;
  sbix.take(4);
  let strike: { offset: number; ppem: number } | undefined;
  for (let i = 0, count = sbix.u32(); i < count; i++) {
    const offset = sbix.u32();
    const at = sbix.at;
    sbix.at = base + offset;
    const ppem = sbix.u16();
    if (ppem > 0 && (strike === undefined || ppem > strike.ppem)) strike = { offset, ppem };
    sbix.at = at;
  }
  if (strike === undefined) return undefined;
  const chosen = strike;
  const glyph = (id: number, dupes: number): BitmapGlyph | undefined => {
    if (id >= glyphs) return undefined;
    sbix.at = base + chosen.offset + 4 + 4 * id;
    const start = sbix.u32(), end = sbix.u32();
    if (end <= start) return undefined;
    const data = new Cursor(bytes, base + chosen.offset + start, base + chosen.offset + end, 'sbix glyph');
    const originX = data.i16(), originY = data.i16();
    const type = fromCharCodes(data.take(4));
    if (type === 'dupe') return dupes > 0 ? undefined : glyph(data.u16(), dupes + 1);
    if (type !== 'png ') return undefined;
    const png = data.take(data.end - data.at);
    const { width, height } = pngSize(png);
    // the origin offset places the bitmap's bottom-left corner, y up from the baseline
    return { png, width, height, bearingX: originX, bearingY: originY + height, advance: (advanceOf(id) * chosen.ppem) / unitsPerEm, ppem: chosen.ppem };
  };
  return { ppem: chosen.ppem, glyph: (id) => glyph(id, 0) };
}
