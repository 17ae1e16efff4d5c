/**
 * Tables octavo reads from a font's bytes and enters as fontkit's decoded ones (seedTable), where
 * fontkit's generic decoder cost a fresh process milliseconds per font for fields a render reads a
 * handful of. Each gives what fontkit's decoder would; a table it would refuse is left to it.
 */
import { i16, u16, u32 } from '../sfnt/binary.js';
import { decodeTable, rawTableBytes, seedTable } from './fontkit-internals.js';

/** A loca table as octavo read it when the font was loaded (sfnt/loca.ts readLoca): numGlyphs + 1 offsets. */
export interface LocaRead {
  readonly bytes: Uint8Array;
  readonly format: number;
  readonly offsets: Uint32Array;
}

/**
 * fontkit's loca (read for every glyph's box, and so for its advance) as fontkit decodes it: every
 * whole entry of the table, format 0's doubled, from the offsets octavo read already. fontkit's decoder made an object per entry (~7 ms a font in a fresh
 * process); a table with a trailing partial entry is left to it.
 */
export function seedLocaTable(program: object, loca: LocaRead): void {
  const { bytes, format } = loca;
  const size = format === 0 ? 2 : 4;
  if (bytes.length % size !== 0) return;
  // readLoca read the first numGlyphs + 1 (the table has at least those): the rest, if any, here
  const offsets = Array.from(loca.offsets);
  for (let i = offsets.length; i < bytes.length / size; i++) offsets.push(format === 0 ? u16(bytes, i * 2) * 2 : u32(bytes, i * 4));
  // (_processed: fontkit's mark that format 0's offsets are doubled)
  seedTable(program, 'loca', format === 0 ? { version: format, offsets, _processed: true } : { version: format, offsets });
}

/** post's fields after its header, per version as fontkit names them (its versions 2.5 and others fail its decoder: left to it). */
const POST_TAILS: ReadonlyMap<number, readonly string[]> = new Map([[1, []], [2, ['numberOfGlyphs', 'glyphNameIndex', 'names']], [3, []], [4, ['map']]]);

/**
 * fontkit's post table with its header (italic angle, underline, fixed pitch: what faces and the PDF
 * writer read) read from the bytes, and the glyph names decoded by fontkit when first read (never,
 * in a render). fontkit decoded the names of every glyph (~10 ms a font in a fresh process). A table
 * whose names fontkit could not reach is left to it.
 */
export function seedPostTable(program: { readonly numGlyphs: number }): void {
  const bytes = rawTableBytes(program, 'post');
  if (bytes === undefined || bytes.length < 32) return;
  const version = (u32(bytes, 0) | 0) / 65536;
  const tail = POST_TAILS.get(version);
  if (tail === undefined) return;
  if (version === 2 && (bytes.length < 34 || bytes.length < 34 + 2 * u16(bytes, 32))) return;
  if (version === 4 && bytes.length < 32 + 4 * program.numGlyphs) return;
  const post: Record<string, unknown> = {
    version,
    italicAngle: (u32(bytes, 4) | 0) / 65536,
    underlinePosition: i16(bytes, 8),
    underlineThickness: i16(bytes, 10),
    isFixedPitch: u32(bytes, 12),
    minMemType42: u32(bytes, 16),
    maxMemType42: u32(bytes, 20),
    minMemType1: u32(bytes, 24),
    maxMemType1: u32(bytes, 28),
  };
  let full: Record<string, unknown> | undefined | null = null;
  for (const key of tail) {
    Object.defineProperty(post, key, {
      enumerable: true,
      get: () => {
        if (full === null) full = decodeTable(program, 'post');
        return full?.[key];
      },
    });
  }
  seedTable(program, 'post', post);
}

/** A Microsoft `kern` subtable's header (version, length, format, coverage) and format 0's (nPairs and its search fields): bytes. */
const KERN_SUBTABLE_HEADER = 14;
const KERN_PAIR = 6;

/**
 * fontkit's `kern` table as its decoder makes it, read from the bytes: a version 0 (Microsoft) table
 * of format 0 subtables, the one Liberation and DejaVu have. fontkit decoded it whole (an object
 * per pair: ~7 ms a font in a fresh process) as soon as the table was asked for; its subtables are
 * read here when first read (fontkit reads them when a run meets the font in a script whose GPOS
 * language system has no `kern` feature: digits and punctuation in Liberation Sans). An Apple
 * table, another format, or a subtable whose pairs or stated length do not fit in the table
 * (fontkit would read on into the next table) is left to fontkit.
 */
export function seedKernTable(program: object): void {
  const bytes = rawTableBytes(program, 'kern');
  if (bytes === undefined || bytes.length < 4 || u16(bytes, 0) !== 0) return;
  const nTables = u16(bytes, 2);
  const starts: number[] = [];
  for (let t = 0, at = 4; t < nTables; t++) {
    if (at + KERN_SUBTABLE_HEADER > bytes.length || bytes[at + 4] !== 0) return;
    const length = u16(bytes, at + 2);
    const needed = KERN_SUBTABLE_HEADER + KERN_PAIR * u16(bytes, at + 6);
    if (at + needed > bytes.length || length < needed) return;
    starts.push(at);
    at += length;
  }
  let tables: object[] | undefined;
  const kern = { version: 0, nTables };
  Object.defineProperty(kern, 'tables', { enumerable: true, get: () => (tables ??= starts.map((at) => kernSubtable(bytes, at))) });
  seedTable(program, 'kern', kern);
}

/** A format 0 subtable at `at` (checked to fit), as fontkit's decoder makes it. */
function kernSubtable(bytes: Uint8Array, at: number): object {
  const nPairs = u16(bytes, at + 6);
  const coverage = bytes[at + 5]!;
  const pairs = new Array<{ left: number; right: number; value: number }>(nPairs);
  for (let i = 0, pair = at + KERN_SUBTABLE_HEADER; i < nPairs; i++, pair += KERN_PAIR) pairs[i] = { left: u16(bytes, pair), right: u16(bytes, pair + 2), value: i16(bytes, pair + 4) };
  return {
    version: 0, subVersion: u16(bytes, at), length: u16(bytes, at + 2), format: 0,
    coverage: { horizontal: (coverage & 1) !== 0, minimum: (coverage & 2) !== 0, crossStream: (coverage & 4) !== 0, override: (coverage & 8) !== 0 },
    subtable: { version: 0, nPairs, searchRange: u16(bytes, at + 8), entrySelector: u16(bytes, at + 10), rangeShift: u16(bytes, at + 12), pairs },
  };
}
