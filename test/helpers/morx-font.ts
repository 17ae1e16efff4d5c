/**
 * A TrueType font with an AAT `morx` table (fontkit lays such a font out with its AAT engine, not
 * GSUB): DejaVu Sans with one chain of two subtables — a contextual substitution whose state
 * machine turns A into B, and a non-contextual one that turns V into W. Built byte by byte (no
 * morx font is bundled or installed on Debian), for the damaged-font tests to mutate.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { copiedTable, writeSfnt } from '../../src/sfnt/write.js';

const GLYPH_A = 36, GLYPH_B = 37, GLYPH_V = 57, GLYPH_W = 58;

/** Where the flags of the contextual subtable's first entry sit in `morxTable()`: 0x4000 there (DONT_ADVANCE) loops it on its own state. */
export const FIRST_ENTRY_FLAGS = 86;

/** The morx table described above (version 2). */
export function morxTable(): Uint8Array {
  const b: number[] = [];
  const u16 = (v: number): void => { b.push((v >> 8) & 255, v & 255); };
  const u32 = (v: number): void => { u16(v >>> 16); u16(v & 0xffff); };
  const set32 = (at: number, v: number): void => { b.splice(at, 4, (v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255); };
  u16(2); u16(0); u32(1); // version, unused, one chain
  const chain = b.length;
  u32(1); u32(0); u32(0); u32(2); // default flags, chain length (set below), no feature entries, two subtables
  // contextual glyph substitution (type 1): header, then its extended state table
  const contextual = b.length;
  u32(0); u32(1); u32(1); // length (set below), coverage 0 and type 1, sub-feature flags
  const data = b.length;
  u32(5); u32(0); u32(0); u32(0); u32(0); // nClasses; class table, state array, entry table, substitution table offsets
  set32(data + 4, b.length - data);
  u16(8); u16(GLYPH_A); u16(1); u16(4); // class lookup (format 8): A is class 4
  set32(data + 8, b.length - data);
  for (let state = 0; state < 2; state++) for (const entry of [0, 0, 0, 0, 1]) u16(entry);
  set32(data + 12, b.length - data);
  u16(0); u16(0); u16(0xffff); u16(0xffff); // entry 0: stay, no substitution
  u16(1); u16(0); u16(0xffff); u16(0); // entry 1: substitute the current glyph by lookup 0
  set32(data + 16, b.length - data);
  u32(4); u16(8); u16(GLYPH_A); u16(1); u16(GLYPH_B); // lookup 0 (format 8): A -> B
  while (b.length % 4 !== 0) b.push(0);
  set32(contextual, b.length - contextual);
  // non-contextual substitution (type 4)
  const plain = b.length;
  u32(0); u32(4); u32(1);
  u16(8); u16(GLYPH_V); u16(1); u16(GLYPH_W); // V -> W
  while (b.length % 4 !== 0) b.push(0);
  set32(plain, b.length - plain);
  set32(chain + 4, b.length - chain);
  return new Uint8Array(b);
}

const DEJAVU = new Uint8Array(readFileSync(fileURLToPath(new URL('../../fonts/dejavu/DejaVuSans.ttf', import.meta.url))));

/** DejaVu Sans with `morx` added (its other tables as they are). */
export function withMorx(morx: Uint8Array): Uint8Array {
  const view = new DataView(DEJAVU.buffer, DEJAVU.byteOffset, DEJAVU.byteLength);
  const tables = [];
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    const offset = view.getUint32(record + 8);
    tables.push(copiedTable(String.fromCharCode(...DEJAVU.subarray(record, record + 4)), DEJAVU.slice(offset, offset + view.getUint32(record + 12))));
  }
  return writeSfnt([...tables, copiedTable('morx', morx)]);
}
