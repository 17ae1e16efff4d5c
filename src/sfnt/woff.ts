/**
 * WOFF 1.0 to sfnt (W3C WOFF File Format 1.0 §3-§5): the header, the table directory and each
 * table, zlib-compressed when its stored length is below its original length, inflated with
 * Node's zlib and written back as an ordinary TrueType/OpenType file.
 *
 * fontkit reads WOFF itself with a pure-JavaScript inflater that never stops on a corrupt stream
 * (it reads zero bits past the end, writing past its output forever): one flipped bit in a
 * compressed table made a render spin for minutes (issue 26). Here every length is checked
 * against the file before anything is inflated, and zlib stops at the declared length.
 */
import { inflateSync } from 'node:zlib';
import { u16 } from './binary.js';
import { Cursor, FontFormatError } from './cursor.js';
import { MAX_DECOMPRESSED_FONT_BYTES } from './woff2.js';
import { copiedTable, writeSfnt } from './write.js';
import { fromCharCodes } from '../append-all.js';

const SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_SIZE = 44;
const ENTRY_SIZE = 20;
/**
 * The most a deflate stream can expand (RFC 1951: a 258-byte match in as little as one bit, about
 * 1032:1, plus the zlib header): a table declaring more than this times its stored bytes lies.
 */
const MAX_DEFLATE_RATIO = 1032;

interface WoffEntry {
  readonly tag: string;
  readonly offset: number;
  readonly compLength: number;
  readonly origLength: number;
}

export function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && u16(bytes, 0) === SIGNATURE >>> 16 && u16(bytes, 2) === (SIGNATURE & 0xffff);
}

/** The sfnt (TTF/OTF) file a WOFF file holds; throws FontFormatError when it is not one. */
export function woffToSfnt(bytes: Uint8Array): Uint8Array {
  const header = new Cursor(bytes, 0, bytes.length, 'WOFF header');
  if (header.u32() !== SIGNATURE) throw new FontFormatError('not a WOFF file');
  const flavor = header.u32();
  header.u32(); // length (the data may be followed by padding a server added)
  const numTables = header.u16();
  if (numTables === 0) throw new FontFormatError('WOFF file without tables');
  const entries = readDirectory(new Cursor(bytes, HEADER_SIZE, bytes.length, 'WOFF table directory'), numTables, bytes.length);
  const declared = entries.reduce((sum, entry) => sum + entry.origLength, 0);
  if (declared > MAX_DECOMPRESSED_FONT_BYTES) throw new FontFormatError(`WOFF tables of ${declared} bytes are too large`);
  return writeSfnt(entries.map((entry) => copiedTable(entry.tag, tableData(bytes, entry))), flavor);
}

function readDirectory(cursor: Cursor, count: number, fileLength: number): WoffEntry[] {
  const entries: WoffEntry[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const entry = cursor.sub(ENTRY_SIZE, 'WOFF table directory entry');
    const tag = fromCharCodes(entry.take(4));
    const offset = entry.u32();
    const compLength = entry.u32();
    const origLength = entry.u32();
    if (seen.has(tag)) throw new FontFormatError(`WOFF directory: table ${tag} twice`);
    seen.add(tag);
    if (offset + compLength > fileLength) throw new FontFormatError(`WOFF table ${tag}: ${compLength} bytes at ${offset} do not fit in ${fileLength}`);
    if (compLength > origLength) throw new FontFormatError(`WOFF table ${tag}: stored in ${compLength} bytes, longer than its ${origLength}`);
    if (origLength > compLength * MAX_DEFLATE_RATIO + 64) {
      throw new FontFormatError(`WOFF table ${tag}: ${origLength} bytes cannot come from ${compLength} compressed ones`);
    }
    entries.push({ tag, offset, compLength, origLength });
  }
  return entries;
}

/** A table's bytes: stored as they are, or inflated to exactly its original length. */
function tableData(bytes: Uint8Array, entry: WoffEntry): Uint8Array {
  const stored = bytes.subarray(entry.offset, entry.offset + entry.compLength);
  if (entry.compLength === entry.origLength) return stored;
  let data: Buffer;
  try {
    data = inflateSync(stored, { maxOutputLength: Math.max(entry.origLength, 1) });
  } catch (error) {
    throw new FontFormatError(`WOFF table ${entry.tag} does not inflate: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (data.length !== entry.origLength) throw new FontFormatError(`WOFF table ${entry.tag} inflates to ${data.length} bytes, the directory says ${entry.origLength}`);
  return data;
}
