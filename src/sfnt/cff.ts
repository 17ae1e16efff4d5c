/**
 * The parts of a `CFF ` table (Adobe Technical Note #5176, "The Compact Font Format
 * Specification") a subsetter copies (pdf/subset/cff.ts), read once per table: the INDEXes of
 * charstrings and global subroutines, and each font DICT's and Private DICT's entries as their
 * raw bytes (operands are never decoded into values and encoded again, only the entries that
 * point elsewhere are dropped and written anew), with the local subroutines each Private DICT
 * points to. Loading a font checks its table with this reader too (text/fontkit.ts).
 */
import { u16 } from './binary.js';

/** An INDEX (§5): `count` objects, object i at data[offsets[i], offsets[i + 1]). */
export interface CffIndex {
  readonly count: number;
  readonly offsets: Uint32Array;
  readonly data: Uint8Array;
}

/** A DICT entry (§4): its operator (12 n as 1200 + n) and its bytes, operands and operator together. */
export interface DictEntry {
  readonly operator: number;
  readonly bytes: Uint8Array;
  /** The integer operands, for the entries that point (offsets, sizes, SIDs). */
  readonly operands: readonly number[];
}

/** A font DICT (or, for a font without FDArray, the top DICT's Private alone) with its Private DICT. */
export interface CffFontDict {
  readonly entries: readonly DictEntry[];
  readonly privateEntries: readonly DictEntry[];
  readonly localSubrs: CffIndex | undefined;
}

export interface CffFace {
  readonly name: Uint8Array;
  readonly topEntries: readonly DictEntry[];
  readonly charStrings: CffIndex;
  readonly globalSubrs: CffIndex;
  readonly fontDicts: readonly CffFontDict[];
  /** The font DICT of each glyph (all 0 for a font that is not CID-keyed). */
  readonly fdOf: (glyphId: number) => number;
}

export class CffFormatError extends Error {}

export const OP = {
  charset: 15, encoding: 16, charStrings: 17, private: 18, subrs: 19, ros: 1230, cidCount: 1234, fdArray: 1236, fdSelect: 1237,
} as const;

function readIndex(table: Uint8Array, at: number): { index: CffIndex; end: number } {
  if (at + 2 > table.length) throw new CffFormatError(`INDEX at ${at} is past the table's end`);
  const count = u16(table, at);
  if (count === 0) return { index: { count: 0, offsets: new Uint32Array(1), data: new Uint8Array(0) }, end: at + 2 };
  const offSize = table[at + 2]!;
  if (offSize < 1 || offSize > 4) throw new CffFormatError(`INDEX at ${at} has an offset size of ${offSize}`);
  const offsetsAt = at + 3;
  const dataAt = offsetsAt + (count + 1) * offSize - 1;
  const offsets = readOffsets(table, offsetsAt, count + 1, offSize);
  const end = dataAt + 1 + offsets[count]!;
  if (end > table.length || offsets[0] !== 0) throw new CffFormatError(`INDEX at ${at} reaches past the table's end`);
  for (let i = 0; i < count; i++) if (offsets[i + 1]! < offsets[i]!) throw new CffFormatError(`INDEX at ${at}: offsets go back`);
  return { index: { count, offsets, data: table.subarray(dataAt + 1, end) }, end };
}

/**
 * `count` big-endian offsets of `offSize` bytes from `at`, each minus 1 (INDEX offsets count from
 * 1). A loop per size: a CJK font's charstrings INDEX has 65,536 offsets, read when the font loads,
 * before V8 has optimised anything — the loop over the bytes of each took ~50 ms there.
 */
function readOffsets(table: Uint8Array, at: number, count: number, offSize: number): Uint32Array {
  const offsets = new Uint32Array(count);
  if (at + count * offSize > table.length) throw new CffFormatError(`INDEX offsets at ${at} reach past the table's end`);
  let p = at;
  if (offSize === 1) for (let i = 0; i < count; i++, p++) offsets[i] = table[p]! - 1;
  else if (offSize === 2) for (let i = 0; i < count; i++, p += 2) offsets[i] = ((table[p]! << 8) | table[p + 1]!) - 1;
  else if (offSize === 3) for (let i = 0; i < count; i++, p += 3) offsets[i] = ((table[p]! << 16) | (table[p + 1]! << 8) | table[p + 2]!) - 1;
  else for (let i = 0; i < count; i++, p += 4) offsets[i] = (table[p]! * 0x1000000 + ((table[p + 1]! << 16) | (table[p + 2]! << 8) | table[p + 3]!)) - 1;
  return offsets;
}

export function indexItem(index: CffIndex, i: number): Uint8Array {
  return index.data.subarray(index.offsets[i]!, index.offsets[i + 1]!);
}

/** The entries of a DICT's bytes (§4, Table 3 operand encodings). */
export function readDict(bytes: Uint8Array): DictEntry[] {
  const entries: DictEntry[] = [];
  let start = 0;
  let i = 0;
  let operands: number[] = [];
  while (i < bytes.length) {
    const b0 = bytes[i]!;
    if (b0 <= 21) {
      const operator = b0 === 12 ? 1200 + (bytes[i + 1] ?? 0) : b0;
      i += b0 === 12 ? 2 : 1;
      entries.push({ operator, bytes: bytes.subarray(start, i), operands });
      operands = [];
      start = i;
    } else if (b0 === 28) {
      operands.push(((bytes[i + 1]! << 24) | (bytes[i + 2]! << 16)) >> 16);
      i += 3;
    } else if (b0 === 29) {
      operands.push((bytes[i + 1]! << 24) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 8) | bytes[i + 4]!);
      i += 5;
    } else if (b0 === 30) {
      // a real: nibbles up to 0xf; its value is never needed here
      i++;
      while (i < bytes.length && (bytes[i]! & 0x0f) !== 0x0f && (bytes[i]! & 0xf0) !== 0xf0) i++;
      i++;
      operands.push(Number.NaN);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      i++;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + bytes[i + 1]! + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - bytes[i + 1]! - 108);
      i += 2;
    } else {
      throw new CffFormatError(`DICT byte ${b0} is reserved`);
    }
  }
  if (i > bytes.length) throw new CffFormatError('a DICT ends inside an operand');
  return entries;
}

const operand = (entries: readonly DictEntry[], operator: number, at = 0): number | undefined => {
  const value = entries.find((e) => e.operator === operator)?.operands[at];
  return value === undefined || !Number.isInteger(value) ? undefined : value;
};

function readFontDict(table: Uint8Array, entries: readonly DictEntry[]): CffFontDict {
  const size = operand(entries, OP.private, 0);
  const offset = operand(entries, OP.private, 1);
  if (size === undefined || offset === undefined) return { entries, privateEntries: [], localSubrs: undefined };
  if (offset < 0 || size < 0 || offset + size > table.length) throw new CffFormatError('a Private DICT is past the table\'s end');
  const privateEntries = readDict(table.subarray(offset, offset + size));
  const subrs = operand(privateEntries, OP.subrs);
  const localSubrs = subrs === undefined ? undefined : readIndex(table, offset + subrs).index;
  return { entries, privateEntries, localSubrs };
}

/** FDSelect formats 0 and 3 (§19). */
function readFdSelect(table: Uint8Array, at: number, glyphs: number, fonts: number): (glyphId: number) => number {
  const format = table[at];
  if (format === 0) {
    const fds = table.subarray(at + 1, at + 1 + glyphs);
    return (glyphId) => Math.min(fonts - 1, fds[glyphId] ?? 0);
  }
  if (format === 3) {
    const ranges = u16(table, at + 1);
    const firsts: number[] = [];
    const fds: number[] = [];
    for (let r = 0; r < ranges; r++) {
      firsts.push(u16(table, at + 3 + r * 3));
      fds.push(table[at + 5 + r * 3]!);
    }
    return (glyphId) => {
      let low = 0;
      let high = firsts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if (firsts[middle]! <= glyphId) low = middle;
        else high = middle - 1;
      }
      return Math.min(fonts - 1, fds[low] ?? 0);
    };
  }
  throw new CffFormatError(`FDSelect format ${String(format)}`);
}

/**
 * `readCff` once per table: the faces of a collection share theirs (Noto Sans CJK's ten faces, one
 * table), and the subsetter reads again the table that loading the font checked. Keyed by where
 * the bytes lie, since each face hands out its own view of them.
 */
const TABLES = new WeakMap<ArrayBufferLike, Map<string, CffFace | CffFormatError>>();

/** `readCff(table)`, remembered for these bytes (the error too: it throws the same one again). */
export function readCffTable(table: Uint8Array): CffFace {
  let byPlace = TABLES.get(table.buffer);
  if (byPlace === undefined) TABLES.set(table.buffer, (byPlace = new Map()));
  const place = `${table.byteOffset}:${table.byteLength}`;
  let read = byPlace.get(place);
  if (read === undefined) {
    try {
      read = readCff(table);
    } catch (error) {
      if (!(error instanceof CffFormatError) && !(error instanceof RangeError)) throw error;
      read = error instanceof CffFormatError ? error : new CffFormatError(error.message);
    }
    byPlace.set(place, read);
  }
  if (read instanceof CffFormatError) throw read;
  return read;
}

/** The table's parts a subset copies; throws CffFormatError where the table cannot be read. */
export function readCff(table: Uint8Array): CffFace {
  if (table.length < 4 || table[0] !== 1) throw new CffFormatError(`CFF version ${String(table[0])}`);
  const names = readIndex(table, table[2]!);
  const tops = readIndex(table, names.end);
  const strings = readIndex(table, tops.end);
  const globalSubrs = readIndex(table, strings.end).index;
  if (names.index.count < 1 || tops.index.count < 1) throw new CffFormatError('no font in the table');
  const topEntries = readDict(indexItem(tops.index, 0));
  const charStringsAt = operand(topEntries, OP.charStrings);
  if (charStringsAt === undefined) throw new CffFormatError('no CharStrings');
  const charStrings = readIndex(table, charStringsAt).index;
  // every font has its .notdef, glyph 0 (a damaged offset reads an empty INDEX elsewhere in the table)
  if (charStrings.count < 1) throw new CffFormatError('no glyphs in CharStrings');
  const fdArrayAt = operand(topEntries, OP.fdArray);
  let fontDicts: CffFontDict[];
  let fdOf: (glyphId: number) => number = () => 0;
  if (fdArrayAt !== undefined) {
    const fdArray = readIndex(table, fdArrayAt).index;
    fontDicts = Array.from({ length: fdArray.count }, (_, i) => readFontDict(table, readDict(indexItem(fdArray, i))));
    const fdSelectAt = operand(topEntries, OP.fdSelect);
    if (fdSelectAt === undefined || fontDicts.length === 0) throw new CffFormatError('an FDArray without FDSelect');
    fdOf = readFdSelect(table, fdSelectAt, charStrings.count, fontDicts.length);
  } else {
    // not CID-keyed: the top DICT's Private stands as the one font DICT's
    const single = readFontDict(table, topEntries.filter((e) => e.operator === OP.private));
    fontDicts = [{ entries: [], privateEntries: single.privateEntries, localSubrs: single.localSubrs }];
  }
  return { name: indexItem(names.index, 0), topEntries, charStrings, globalSubrs, fontDicts, fdOf };
}
