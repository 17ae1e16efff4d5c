/**
 * A CFF subset for one document (ISO 32000-1 §9.9 FontFile3 /CIDFontType0C): a CID-keyed CFF
 * whose CIDs are the subset glyph ids (glyph 0 first, then the glyphs in the order they are
 * included), written as fontkit's CFFSubset writes it — the same structure, subroutines unused by
 * the subset's glyphs replaced by a bare `return` so that no charstring needs renumbering — but
 * from the table's raw bytes read once per table (sfnt/cff.ts). fontkit's made a new array of
 * every subroutine of each font DICT a document used and encoded them through its generic struct
 * writer: Noto Sans CJK's kanji DICT has 28,516, and a page of Japanese spent 30 ms of its 90 there.
 *
 * Which subroutines a glyph calls is fontkit's own record of its charstring's run (the glyph
 * object parses its outline once per process): src/text/fontkit-internals.ts `cffSubroutinesUsed`.
 */
import { setU16 } from '../../sfnt/binary.js';
import { cffSubroutinesUsed } from '../../text/fontkit-internals.js';
import type { CffFace, CffIndex, DictEntry } from '../../sfnt/cff.js';
import { OP, indexItem } from '../../sfnt/cff.js';
import type { FontSubset } from './truetype.js';
import { GlyphListSubset } from './glyph-list.js';

export interface CffSubset extends FontSubset {
  readonly glyphs: readonly number[];
}

export function createCffSubset(face: CffFace, program: object): CffSubset {
  return new CffSubsetBuilder(face, program);
}

/** `return` (Type 2 charstring operator 11): what an unused subroutine becomes. */
const RETURN = Uint8Array.of(11);

/** Top DICT entries copied as they are: numbers that neither point into the table nor name a string. */
const KEPT_TOP = new Set([5, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1231, 1232, 1233]);
/** Font DICT entries written anew or dropped: Private (points), the SIDs. */
const DROPPED_FONT = new Set([OP.private, 0, 1, 2, 3, 4, 1200, 1221, 1222, 1238]);

/** SIDs of the two strings written (391 is the first after the 391 standard strings). */
const ADOBE_SID = 391;
const IDENTITY_SID = 392;

class CffSubsetBuilder extends GlyphListSubset implements CffSubset {
  constructor(private readonly face: CffFace, private readonly program: object) {
    super(face.charStrings.count);
  }

  encode(): Uint8Array {
    const { face, glyphs } = this;
    // the font DICTs the glyphs use, in order of first use, and the subroutines each calls
    const fdIndex = new Map<number, number>();
    const usedFds: number[] = [];
    const fdSelect = new Uint8Array(glyphs.length);
    const usedGlobal = new Set<number>();
    const usedLocal: Set<number>[] = [];
    glyphs.forEach((glyphId, i) => {
      const fd = face.fdOf(glyphId);
      let index = fdIndex.get(fd);
      if (index === undefined) {
        index = usedFds.length;
        fdIndex.set(fd, index);
        usedFds.push(fd);
        usedLocal.push(new Set());
      }
      fdSelect[i] = index;
      const used = cffSubroutinesUsed(this.program, glyphId);
      for (const s of used.global) usedGlobal.add(s);
      for (const s of used.local) usedLocal[index]!.add(s);
    });

    const name = index([face.name]);
    const strings = index([ascii('Adobe'), ascii('Identity')]);
    const globalSubrs = subroutines(face.globalSubrs, usedGlobal);
    const charset = charsetOf(glyphs.length);
    const fdSelectBytes = concat([Uint8Array.of(0), fdSelect]);
    const charStrings = index(glyphs.map((g) => indexItem(face.charStrings, g)));
    // Private DICTs with their local subroutines right after each (Subrs is relative to the Private DICT)
    const privates = usedFds.map((fd, i) => {
      const dict = face.fontDicts[fd]!;
      const kept = dict.privateEntries.filter((e) => e.operator !== OP.subrs).map((e) => e.bytes);
      const subrs = dict.localSubrs === undefined ? undefined : subroutines(dict.localSubrs, usedLocal[i]!);
      const withoutSubrs = concat(kept);
      const body = subrs === undefined ? withoutSubrs : concat([withoutSubrs, entry(OP.subrs, [withoutSubrs.length + 6])]);
      return { body, subrs };
    });

    // every pointing operand is a 5-byte integer, so the DICTs' sizes are known before the offsets
    const top = (offsets: { charset: number; fdSelect: number; charStrings: number; fdArray: number }): Uint8Array => concat([
      entry(OP.ros, [ADOBE_SID, IDENTITY_SID, 0], true),
      ...face.topEntries.filter((e) => KEPT_TOP.has(e.operator)).map((e) => e.bytes),
      entry(OP.cidCount, [glyphs.length], true),
      // CharStrings before FDSelect: a format 0 FDSelect has one entry per charstring, and readers
      // that resolve a DICT's pointers in its order (fontkit) need the count first
      entry(OP.charset, [offsets.charset]),
      entry(OP.charStrings, [offsets.charStrings]),
      entry(OP.fdArray, [offsets.fdArray]),
      entry(OP.fdSelect, [offsets.fdSelect]),
    ]);
    const topSize = index([top({ charset: 0, fdSelect: 0, charStrings: 0, fdArray: 0 })]).length;
    const header = Uint8Array.of(1, 0, 4, 4);
    const charsetAt = header.length + name.length + topSize + strings.length + globalSubrs.length;
    const fdSelectAt = charsetAt + charset.length;
    const charStringsAt = fdSelectAt + fdSelectBytes.length;
    const fdArrayAt = charStringsAt + charStrings.length;
    const fontDict = (fd: number, privateSize: number, privateAt: number): Uint8Array => concat([
      ...face.fontDicts[fd]!.entries.filter((e) => !DROPPED_FONT.has(e.operator)).map((e: DictEntry) => e.bytes),
      entry(OP.private, [privateSize, privateAt]),
    ]);
    const fdArraySize = index(usedFds.map((fd) => fontDict(fd, 0, 0))).length;
    let privateAt = fdArrayAt + fdArraySize;
    const placed = privates.map((p) => {
      const at = privateAt;
      privateAt += p.body.length + (p.subrs?.length ?? 0);
      return at;
    });
    const fdArray = index(usedFds.map((fd, i) => fontDict(fd, privates[i]!.body.length, placed[i]!)));
    return concat([
      header, name, index([top({ charset: charsetAt, fdSelect: fdSelectAt, charStrings: charStringsAt, fdArray: fdArrayAt })]), strings, globalSubrs,
      charset, fdSelectBytes, charStrings, fdArray,
      ...privates.flatMap((p) => (p.subrs === undefined ? [p.body] : [p.body, p.subrs])),
    ]);
  }
}

/** A subroutine INDEX of the same count, the unused ones a bare `return`. */
function subroutines(subrs: CffIndex, used: ReadonlySet<number>): Uint8Array {
  const items: Uint8Array[] = new Array<Uint8Array>(subrs.count);
  for (let i = 0; i < subrs.count; i++) items[i] = used.has(i) ? indexItem(subrs, i) : RETURN;
  return index(items);
}

/** Charset format 2 (§13): glyphs 1… are CIDs 1…, one range. */
function charsetOf(glyphs: number): Uint8Array {
  if (glyphs < 2) return Uint8Array.of(0);
  const bytes = new Uint8Array(5);
  bytes[0] = 2;
  setU16(bytes, 1, 1);
  setU16(bytes, 3, glyphs - 2);
  return bytes;
}

/** An INDEX (§5) of `items`, with the smallest offset size that holds them. */
export function index(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return Uint8Array.of(0, 0);
  let total = 0;
  for (const item of items) total += item.length;
  const offSize = total + 1 < 0x100 ? 1 : total + 1 < 0x10000 ? 2 : total + 1 < 0x1000000 ? 3 : 4;
  const out = new Uint8Array(3 + (items.length + 1) * offSize + total);
  setU16(out, 0, items.length);
  out[2] = offSize;
  let offset = 1;
  let data = 3 + (items.length + 1) * offSize;
  for (let i = 0; i <= items.length; i++) {
    for (let b = 0; b < offSize; b++) out[3 + i * offSize + b] = (offset >>> (8 * (offSize - 1 - b))) & 0xff;
    if (i === items.length) break;
    const item = items[i]!;
    out.set(item, data);
    data += item.length;
    offset += item.length;
  }
  return out;
}

/** A DICT entry of integer operands, each written in 5 bytes (`compact`: in the shortest form). */
function entry(operator: number, operands: readonly number[], compact = false): Uint8Array {
  const bytes: number[] = [];
  for (const value of operands) {
    if (compact && value >= -107 && value <= 107) bytes.push(value + 139);
    else bytes.push(29, (value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  }
  if (operator >= 1200) bytes.push(12, operator - 1200);
  else bytes.push(operator);
  return Uint8Array.from(bytes);
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
