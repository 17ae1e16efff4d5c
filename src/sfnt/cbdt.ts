/**
 * Colour bitmap glyphs of the CBDT/CBLC tables (OpenType 1.9 "CBDT", "CBLC"; Noto Color Emoji):
 * a glyph id to its PNG and its metrics in the largest strike. Index subtable formats 1-5 and
 * glyph data formats 17, 18 and 19 (the PNG ones). Every read is bounds-checked: bad bytes give a
 * FontFormatError, never a crash or an out-of-range view.
 */
import { Cursor, FontFormatError } from './cursor.js';
import { fromCharCodes } from '../append-all.js';

/** A glyph's PNG with its metrics, in pixels of the strike (`ppem` pixels per em). */
export interface BitmapGlyph {
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** From the glyph origin to the bitmap's left edge, px right. */
  readonly bearingX: number;
  /** From the baseline to the bitmap's top edge, px up. */
  readonly bearingY: number;
  readonly advance: number;
  readonly ppem: number;
}

export interface ColorBitmaps {
  /** The glyph's bitmap, undefined when the strike has none for it. Throws FontFormatError on bad data. */
  glyph(id: number): BitmapGlyph | undefined;
  readonly ppem: number;
}

interface Metrics { readonly height: number; readonly width: number; readonly bearingX: number; readonly bearingY: number; readonly advance: number }

interface Located { readonly imageFormat: number; readonly start: number; readonly end: number; readonly metrics?: Metrics }

const i8 = (value: number): number => (value >= 0x80 ? value - 0x100 : value);

function smallMetrics(c: Cursor): Metrics {
  const height = c.u8(), width = c.u8(), bearingX = i8(c.u8()), bearingY = i8(c.u8()), advance = c.u8();
  return { height, width, bearingX, bearingY, advance };
}

function bigMetrics(c: Cursor): Metrics {
  const metrics = smallMetrics(c);
  c.take(3); // vertical metrics
  return metrics;
}

/** The tables of an sfnt file (not a collection), by tag. */
export function sfntTables(bytes: Uint8Array): Map<string, { offset: number; length: number }> {
  const c = new Cursor(bytes, 0, bytes.length, 'sfnt header');
  c.u32();
  const count = c.u16();
  c.take(6);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < count; i++) {
    const tag = fromCharCodes(c.take(4));
    c.u32();
    const offset = c.u32(), length = c.u32();
    if (offset + length > bytes.length) throw new FontFormatError(`sfnt table ${tag} lies outside the file`);
    tables.set(tag, { offset, length });
  }
  return tables;
}

interface Strike { readonly arrayOffset: number; readonly subtables: number; readonly ppem: number }

/** The strike with the most pixels per em (the one to scale down from). */
function largestStrike(cblc: Cursor): Strike | undefined {
  cblc.at += 4;
  const sizes = cblc.u32();
  let best: Strike | undefined;
  for (let i = 0; i < sizes; i++) {
    const arrayOffset = cblc.u32();
    cblc.u32();
    const subtables = cblc.u32();
    cblc.take(4 + 24 + 4);
    const ppem = cblc.u8();
    cblc.take(3);
    if (best === undefined || ppem > best.ppem) best = { arrayOffset, subtables, ppem };
  }
  return best;
}

/** Where glyph `id`'s data lies in CBDT, from one index subtable (formats 1-5). */
function locateIn(cblc: Cursor, at: number, first: number, id: number): Located | undefined {
  cblc.at = at;
  const indexFormat = cblc.u16(), imageFormat = cblc.u16(), base = cblc.u32();
  const index = id - first;
  const span = (from: number, to: number): Located => {
    if (to < from) throw new FontFormatError(`CBLC offsets of glyph ${id} go backwards`);
    return { imageFormat, start: base + from, end: base + to };
  };
  switch (indexFormat) {
    case 1: case 3: {
      const size = indexFormat === 1 ? 4 : 2;
      cblc.at += index * size;
      const read = (): number => (size === 4 ? cblc.u32() : cblc.u16());
      return span(read(), read());
    }
    case 2: {
      const imageSize = cblc.u32();
      return { ...span(index * imageSize, (index + 1) * imageSize), metrics: bigMetrics(cblc) };
    }
    case 4: {
      const count = cblc.u32();
      for (let i = 0; i < count; i++) {
        const glyph = cblc.u16(), offset = cblc.u16();
        if (glyph === id) return (cblc.u16(), span(offset, cblc.u16()));
      }
      return undefined;
    }
    case 5: {
      const imageSize = cblc.u32();
      const metrics = bigMetrics(cblc);
      const count = cblc.u32();
      for (let i = 0; i < count; i++) if (cblc.u16() === id) return { ...span(i * imageSize, (i + 1) * imageSize), metrics };
      return undefined;
    }
    default:
      throw new FontFormatError(`CBLC index subtable format ${indexFormat} is not defined`);
  }
}

/** The PNG glyph data formats: 17 (small metrics), 18 (big metrics), 19 (metrics in CBLC). */
function readGlyph(cbdt: Cursor, located: Located, ppem: number): BitmapGlyph | undefined {
  if (located.end === located.start) return undefined;
  if (located.end > cbdt.end - cbdt.at) throw new FontFormatError('CBDT glyph lies outside the table');
  const data = new Cursor(cbdt.bytes, cbdt.at + located.start, cbdt.at + located.end, 'CBDT glyph');
  let metrics: Metrics | undefined;
  switch (located.imageFormat) {
    case 17: metrics = smallMetrics(data); break;
    case 18: metrics = bigMetrics(data); break;
    case 19: metrics = located.metrics; break;
    default: throw new FontFormatError(`CBDT image format ${located.imageFormat} is not a PNG format`);
  }
  if (metrics === undefined) throw new FontFormatError('CBDT image format 19 without metrics in CBLC');
  const png = data.take(data.u32());
  return { png, ...metrics, ppem };
}

/** The colour bitmaps of an sfnt file, or undefined when it has no CBDT/CBLC tables. */
export function readColorBitmaps(bytes: Uint8Array): ColorBitmaps | undefined {
  const tables = sfntTables(bytes);
  const cblcTable = tables.get('CBLC'), cbdtTable = tables.get('CBDT');
  if (cblcTable === undefined || cbdtTable === undefined) return undefined;
  const cblc = new Cursor(bytes, cblcTable.offset, cblcTable.offset + cblcTable.length, 'CBLC');
  const cbdt = new Cursor(bytes, cbdtTable.offset, cbdtTable.offset + cbdtTable.length, 'CBDT');
  const strike = largestStrike(new Cursor(bytes, cblc.at, cblc.end, 'CBLC'));
  if (strike === undefined) return undefined;
  const arrayAt = cblcTable.offset + strike.arrayOffset;
  return {
    ppem: strike.ppem,
    glyph(id) {
      const reader = new Cursor(bytes, cblc.at, cblc.end, 'CBLC');
      for (let i = 0; i < strike.subtables; i++) {
        reader.at = arrayAt + i * 8;
        const first = reader.u16(), last = reader.u16(), offset = reader.u32();
        if (id < first || id > last) continue;
        const located = locateIn(reader, arrayAt + offset, first, id);
        return located === undefined ? undefined : readGlyph(cbdt, located, strike.ppem);
      }
      return undefined;
    },
  };
}
