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
