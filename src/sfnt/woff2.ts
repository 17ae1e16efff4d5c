/**
 * WOFF2 to sfnt (W3C WOFF2 §3-§5): the header and table directory, the Brotli-compressed table
 * data (Node's zlib), and the transformed tables rebuilt — glyf and loca (woff2-glyf.ts) and hmtx
 * (§5.4) — into an ordinary TrueType/OpenType file. Font collections are not converted.
 */
import { brotliDecompressSync } from 'node:zlib';
import { setU16, u16 } from './binary.js';
import { Cursor, FontFormatError } from './cursor.js';
import { reconstructGlyf, type ReconstructedGlyf } from './woff2-glyf.js';
import { copiedTable, writeSfnt, type TableWriter } from './write.js';

/** The table tags a directory entry may name by index (§4.1, "Known Table Tags"). */
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT',
  'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH',
  'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
] as const;

const SIGNATURE = 0x774f4632; // 'wOF2'
const COLLECTION = 0x74746366; // 'ttcf'
const HEADER_SIZE = 48;
/** Decompressed table data larger than this is refused (a Brotli or zlib bomb, not a font). */
export const MAX_DECOMPRESSED_FONT_BYTES = 256 * 1024 * 1024;

interface TableEntry {
  readonly tag: string;
  readonly origLength: number;
  /** Bytes in the decompressed stream (the transformed length for a transformed table). */
  readonly storedLength: number;
  readonly transformed: boolean;
}

export function isWoff2(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && u16(bytes, 0) === SIGNATURE >>> 16 && u16(bytes, 2) === (SIGNATURE & 0xffff);
}

/** Whether a WOFF2 file holds a collection (which woff2ToSfnt does not convert). */
export function isWoff2Collection(bytes: Uint8Array): boolean {
  return isWoff2(bytes) && bytes.length >= 8 && new Cursor(bytes, 4, 8).u32() === COLLECTION;
}

/** The sfnt (TTF/OTF) file a single-font WOFF2 file holds; throws FontFormatError when it is not one. */
export function woff2ToSfnt(bytes: Uint8Array): Uint8Array {
  const header = new Cursor(bytes, 0, bytes.length, 'WOFF2 header');
  if (header.u32() !== SIGNATURE) throw new FontFormatError('not a WOFF2 file');
  const flavor = header.u32();
  if (flavor === COLLECTION) throw new FontFormatError('WOFF2 font collections are not converted');
  header.u32(); // length
  const numTables = header.u16();
  header.u16(); // reserved
  header.u32(); // totalSfntSize
  const compressedSize = header.u32();
  header.at = HEADER_SIZE;
  const entries = readDirectory(header, numTables);
  const stored = entries.reduce((sum, entry) => sum + entry.storedLength, 0);
  if (stored > MAX_DECOMPRESSED_FONT_BYTES) throw new FontFormatError(`WOFF2 tables of ${stored} bytes are too large`);
  const data = decompress(header.take(compressedSize), stored);
  const tables = new Map<string, Uint8Array>();
  let at = 0;
  for (const entry of entries) {
    tables.set(entry.tag, data.subarray(at, at + entry.storedLength));
    at += entry.storedLength;
  }
  return writeSfnt(rebuildTables(entries, tables), flavor);
}

function readDirectory(cursor: Cursor, count: number): TableEntry[] {
  const entries: TableEntry[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const flags = cursor.u8();
    const index = flags & 0x3f;
    const tag = index === 0x3f ? tagOf(cursor.u32()) : KNOWN_TAGS[index];
    if (tag === undefined) throw new FontFormatError(`WOFF2 directory: unknown table index ${index}`);
    if (seen.has(tag)) throw new FontFormatError(`WOFF2 directory: table ${tag} twice`);
    seen.add(tag);
    const version = flags >> 6;
    const origLength = cursor.base128();
    // glyf and loca: version 0 is the transform, 3 none; every other table: 0 is none
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const storedLength = transformed ? cursor.base128() : origLength;
    if (transformed && tag !== 'glyf' && tag !== 'loca' && !(tag === 'hmtx' && version === 1)) {
      throw new FontFormatError(`WOFF2 directory: transform ${version} of ${tag} is not defined`);
    }
    entries.push({ tag, origLength, storedLength, transformed });
  }
  const glyf = entries.find((entry) => entry.tag === 'glyf');
  const loca = entries.find((entry) => entry.tag === 'loca');
  if ((glyf === undefined) !== (loca === undefined) || (glyf !== undefined && glyf.transformed !== loca!.transformed)) {
    throw new FontFormatError('WOFF2 directory: glyf and loca must come and be transformed together');
  }
  return entries;
}

function tagOf(value: number): string {
  return String.fromCharCode(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

function decompress(compressed: Uint8Array, expected: number): Uint8Array {
  let data: Buffer;
  try {
    data = brotliDecompressSync(compressed, { maxOutputLength: Math.max(expected, 1) });
  } catch (error) {
    throw new FontFormatError(`WOFF2 table data does not decompress: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (data.length !== expected) throw new FontFormatError(`WOFF2 table data is ${data.length} bytes, the directory says ${expected}`);
  return data;
}

/** The tables of the sfnt, in the directory's order, with the transformed ones rebuilt. */
function rebuildTables(entries: readonly TableEntry[], tables: ReadonlyMap<string, Uint8Array>): TableWriter[] {
  const glyfEntry = entries.find((entry) => entry.tag === 'glyf');
  const glyf = glyfEntry?.transformed === true ? reconstructGlyf(tables.get('glyf')!) : undefined;
  return entries.map((entry): TableWriter => {
    const bytes = tables.get(entry.tag)!;
    if (glyf !== undefined && entry.tag === 'glyf') return copiedTable('glyf', glyf.glyf);
    if (glyf !== undefined && entry.tag === 'loca') return copiedTable('loca', glyf.loca);
    if (glyf !== undefined && entry.tag === 'head') return headWithLocaFormat(bytes, glyf.indexFormat);
    if (entry.tag === 'hmtx' && entry.transformed) return copiedTable('hmtx', rebuildHmtx(bytes, tables, glyf));
    if (!entry.transformed && bytes.length !== entry.origLength) throw new FontFormatError(`WOFF2: table ${entry.tag} has the wrong length`);
    return copiedTable(entry.tag, bytes);
  });
}

/** head with indexToLocFormat (offset 50) set to the loca written. */
function headWithLocaFormat(head: Uint8Array, format: 0 | 1): TableWriter {
  if (head.length < 54) throw new FontFormatError('WOFF2: head table too short');
  return {
    tag: 'head',
    length: head.length,
    write(out, at) {
      out.set(head, at);
      setU16(out, at + 50, format);
    },
  };
}

/**
 * §5.4: advances are stored; left side bearings equal to the glyph's xMin may be left out
 * (flag bit 0 for the proportional part, bit 1 for the monospaced tail).
 */
function rebuildHmtx(stored: Uint8Array, tables: ReadonlyMap<string, Uint8Array>, glyf: ReconstructedGlyf | undefined): Uint8Array {
  const hhea = tables.get('hhea');
  const maxp = tables.get('maxp');
  if (glyf === undefined || hhea === undefined || maxp === undefined || hhea.length < 36 || maxp.length < 6) {
    throw new FontFormatError('WOFF2: a transformed hmtx needs a transformed glyf, hhea and maxp');
  }
  const metrics = u16(hhea, 34);
  const numGlyphs = u16(maxp, 4);
  if (metrics < 1 || metrics > numGlyphs || numGlyphs !== glyf.numGlyphs) throw new FontFormatError('WOFF2: hmtx counts disagree with maxp and glyf');
  const cursor = new Cursor(stored, 0, stored.length, 'WOFF2 hmtx');
  const flags = cursor.u8();
  const out = new Uint8Array(4 * metrics + 2 * (numGlyphs - metrics));
  for (let i = 0; i < metrics; i++) setU16(out, 4 * i, cursor.u16());
  for (let i = 0; i < metrics; i++) setU16(out, 4 * i + 2, ((flags & 1) === 0 ? cursor.i16() : glyf.xMins[i]!) & 0xffff);
  for (let i = metrics; i < numGlyphs; i++) {
    setU16(out, 4 * metrics + 2 * (i - metrics), ((flags & 2) === 0 ? cursor.i16() : glyf.xMins[i]!) & 0xffff);
  }
  return out;
}
