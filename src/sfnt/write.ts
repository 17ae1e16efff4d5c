/**
 * Writes an sfnt container (OpenType spec, "Organization of an OpenType font"): the table
 * directory sorted by tag with searchRange/entrySelector/rangeShift, each table at a 4-byte
 * aligned offset, zero-padded, with its checksum, and the `head` table's checkSumAdjustment.
 * Tables write themselves straight into the one output array, in the order given (the
 * directory alone is sorted).
 */
import { pad4, setU16, setU32, tagValue } from './binary.js';
import { checksumAdjustment, tableChecksum } from './checksum.js';

export interface TableWriter {
  readonly tag: string;
  /** Unpadded length in bytes. */
  readonly length: number;
  /** Writes the table's `length` bytes at `at` (the padding bytes are already zero). */
  write(out: Uint8Array, at: number): void;
}

/** A table written as the bytes it already is. */
export function copiedTable(tag: string, bytes: Uint8Array): TableWriter {
  return { tag, length: bytes.length, write: (out, at) => out.set(bytes, at) };
}

/** sfntVersion of a font with TrueType outlines. */
const TRUETYPE_VERSION = 0x00010000;
const HEADER_SIZE = 12;
const RECORD_SIZE = 16;
/** head.checkSumAdjustment */
const ADJUSTMENT_OFFSET = 8;

/** `flavor`: the sfntVersion, 0x00010000 for TrueType outlines (the default), 'OTTO' for CFF. */
export function writeSfnt(tables: readonly TableWriter[], flavor = TRUETYPE_VERSION): Uint8Array {
  const count = tables.length;
  const directorySize = HEADER_SIZE + RECORD_SIZE * count;
  let size = directorySize;
  for (const table of tables) size += pad4(table.length);
  const out = new Uint8Array(size);
  writeHeader(out, count, flavor);
  // the directory is sorted by tag (binary search); the data stays in the order given
  // loops and a module-level comparator, not closures made per call: those lose their optimised code at each full GC
  const order: { tag: number; index: number }[] = [];
  for (let index = 0; index < count; index++) order.push({ tag: tagValue(tables[index]!.tag), index });
  order.sort(byTag);
  const recordOf = new Array<number>(count);
  for (let position = 0; position < count; position++) recordOf[order[position]!.index] = HEADER_SIZE + RECORD_SIZE * position;
  let at = directorySize;
  let fontSum = 0;
  let headAt = -1;
  for (let index = 0; index < count; index++) {
    const table = tables[index]!;
    table.write(out, at);
    if (table.tag === 'head') {
      headAt = at;
      setU32(out, at + ADJUSTMENT_OFFSET, 0);
    }
    const checksum = tableChecksum(out, at, table.length);
    const record = recordOf[index]!;
    for (let i = 0; i < 4; i++) out[record + i] = table.tag.charCodeAt(i);
    setU32(out, record + 4, checksum);
    setU32(out, record + 8, at);
    setU32(out, record + 12, table.length);
    fontSum = (fontSum + checksum) >>> 0;
    at += pad4(table.length);
  }
  // the whole font's sum: the directory's words plus every (zero-padded) table's checksum
  fontSum = (fontSum + tableChecksum(out, 0, directorySize)) >>> 0;
  if (headAt >= 0) setU32(out, headAt + ADJUSTMENT_OFFSET, checksumAdjustment(fontSum));
  return out;
}

function byTag(a: { readonly tag: number }, b: { readonly tag: number }): number {
  return a.tag - b.tag;
}

/** Offset table: version, numTables and the binary search hints derived from it. */
function writeHeader(out: Uint8Array, count: number, flavor: number): void {
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log++;
  }
  setU32(out, 0, flavor);
  setU16(out, 4, count);
  setU16(out, 6, power * RECORD_SIZE);
  setU16(out, 8, log);
  setU16(out, 10, count * RECORD_SIZE - power * RECORD_SIZE);
}
