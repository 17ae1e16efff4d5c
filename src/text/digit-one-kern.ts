/**
 * Liberation Sans 2.x kerns the pair "11" (-152 units of 2048 in regular, italic and bold italic,
 * -113 in bold), in its legacy `kern` table and in a GPOS pair of its Latin `kern` feature, where
 * Liberation Sans 1.x — Debian's and Ubuntu's fonts-liberation 1.07.4, with which Chromium prints
 * Arial there — kerns no pair of digits: every "11/22/2026" and "$1,110.11" of a statement was
 * 0.074em (0.67pt at 9pt) narrower than Chromium prints it, its column of amounts out of line.
 * The bundled Sans files are read with that pair's value set to 0, in both tables; Liberation
 * Serif kerns "11" in both versions, and keeps it.
 */
import { setU16, u16 } from '../sfnt/binary.js';
import { sfntTables } from '../sfnt/cbdt.js';
import { cmapGlyph } from './fontkit.js';

const FILES: ReadonlySet<string> = new Set([
  'liberation/LiberationSans-Regular.ttf',
  'liberation/LiberationSans-Bold.ttf',
  'liberation/LiberationSans-Italic.ttf',
  'liberation/LiberationSans-BoldItalic.ttf',
]);

/** `bytes` of the bundled `file` (a copy, or `bytes` itself when it needs nothing) with "11" not kerned. */
export function withoutKernedOnes(file: string, bytes: Uint8Array): Uint8Array {
  if (!FILES.has(file)) return bytes;
  let one: number;
  try {
    one = cmapGlyph(bytes, 0x31).id;
  } catch {
    return bytes;
  }
  if (one === 0) return bytes;
  const tables = sfntTables(bytes);
  const places = [...kernTablePairs(bytes, tables.get('kern'), one), ...gposPairs(bytes, tables.get('GPOS'), one)];
  if (places.length === 0) return bytes;
  const fixed = new Uint8Array(bytes);
  for (const at of places) setU16(fixed, at, 0);
  return fixed;
}

type Table = { readonly offset: number; readonly length: number } | undefined;

/** Where the value of the pair (glyph, glyph) sits in each format 0 subtable of a Microsoft `kern` table. */
function kernTablePairs(bytes: Uint8Array, kern: Table, glyph: number): number[] {
  if (kern === undefined || kern.length < 4 || u16(bytes, kern.offset) !== 0) return [];
  const end = kern.offset + kern.length;
  const places: number[] = [];
  for (let t = 0, at = kern.offset + 4; t < u16(bytes, kern.offset + 2) && at + 14 <= end; t++) {
    const length = u16(bytes, at + 2);
    if (bytes[at + 4] === 0) {
      const pairs = at + 14;
      for (let i = 0; i < u16(bytes, at + 6) && pairs + i * 6 + 6 <= end; i++) {
        if (u16(bytes, pairs + i * 6) === glyph && u16(bytes, pairs + i * 6 + 2) === glyph) places.push(pairs + i * 6 + 4);
      }
    }
    if (length === 0) break;
    at += length;
  }
  return places;
}

/** Where the first glyph's x advance of the pair (glyph, glyph) sits in GPOS's pair adjustment subtables of format 1. */
function gposPairs(bytes: Uint8Array, gpos: Table, glyph: number): number[] {
  if (gpos === undefined || gpos.length < 10) return [];
  const lookups = gpos.offset + u16(bytes, gpos.offset + 8);
  const places: number[] = [];
  for (let l = 0; l < u16(bytes, lookups); l++) {
    const lookup = lookups + u16(bytes, lookups + 2 + l * 2);
    const type = u16(bytes, lookup);
    for (let s = 0; s < u16(bytes, lookup + 4); s++) {
      let sub = lookup + u16(bytes, lookup + 6 + s * 2);
      // an extension subtable (type 9) holds a pair adjustment (type 2) at a 32-bit offset
      if (type === 9 && u16(bytes, sub + 2) === 2) sub += (u16(bytes, sub + 4) << 16) | u16(bytes, sub + 6);
      else if (type !== 2) continue;
      const place = pairFormat1(bytes, sub, glyph);
      if (place !== undefined) places.push(place);
    }
  }
  return places;
}

function pairFormat1(bytes: Uint8Array, sub: number, glyph: number): number | undefined {
  const XADVANCE = 0x4;
  const format1 = u16(bytes, sub + 4);
  if (u16(bytes, sub) !== 1 || (format1 & XADVANCE) === 0) return undefined;
  const index = coverageIndex(bytes, sub + u16(bytes, sub + 2), glyph);
  if (index === undefined || index >= u16(bytes, sub + 8)) return undefined;
  const bits = (format: number): number => format.toString(2).replaceAll('0', '').length;
  const record = 2 + 2 * bits(format1) + 2 * bits(u16(bytes, sub + 6));
  const set = sub + u16(bytes, sub + 10 + index * 2);
  for (let i = 0; i < u16(bytes, set); i++) {
    const at = set + 2 + i * record;
    if (u16(bytes, at) === glyph) return at + 2 + 2 * bits(format1 & (XADVANCE - 1));
  }
  return undefined;
}

function coverageIndex(bytes: Uint8Array, coverage: number, glyph: number): number | undefined {
  const count = u16(bytes, coverage + 2);
  for (let i = 0; i < count; i++) {
    if (u16(bytes, coverage) === 1) {
      if (u16(bytes, coverage + 4 + i * 2) === glyph) return i;
    } else {
      const range = coverage + 4 + i * 6;
      if (glyph >= u16(bytes, range) && glyph <= u16(bytes, range + 2)) return u16(bytes, range + 4) + glyph - u16(bytes, range);
    }
  }
  return undefined;
}
