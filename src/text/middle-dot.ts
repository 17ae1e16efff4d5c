/**
 * Liberation 2.x widened U+00B7 MIDDLE DOT to 682 units of 2048 where Arial and Liberation Sans 1.x
 * have 569, and Times New Roman and Liberation Serif 1.x 512 (regular and bold): Chromium, printing
 * Arial with Arial or with the Liberation 1.07 fonts Debian's and Ubuntu's fonts-liberation
 * install, set every "Paid · 12 May" separator 0.055em narrower than the bundled fonts did. Each
 * bundled file's bytes are corrected once, as they are read: the dot's advance, and where the dot
 * is a composite of the period (Liberation Sans regular and italic), the period's offset, so that
 * it stands where Liberation 1.x draws it. A simple outline keeps its place (0.03–0.04em right of
 * Liberation 1.x's in Sans bold italic and Serif regular and bold).
 */
import { i16, setU16, u16, u32 } from '../sfnt/binary.js';
import { sfntTables } from '../sfnt/cbdt.js';

const MIDDLE_DOT = 0xb7;

/** A bundled file's correction: the dot's advance and how far its outline moves, in font units. */
interface DotCorrection {
  readonly advance: number;
  readonly shift: number;
}

/** Liberation 1.07.4's advances and outlines, measured against the bundled 2.1.5 files. */
const CORRECTIONS: Readonly<Record<string, DotCorrection>> = {
  'liberation/LiberationSans-Regular.ttf': { advance: 569, shift: -56 },
  'liberation/LiberationSans-Bold.ttf': { advance: 569, shift: 0 },
  'liberation/LiberationSans-Italic.ttf': { advance: 569, shift: -57 },
  'liberation/LiberationSans-BoldItalic.ttf': { advance: 569, shift: 0 },
  'liberation/LiberationSerif-Regular.ttf': { advance: 512, shift: 0 },
  'liberation/LiberationSerif-Bold.ttf': { advance: 512, shift: 0 },
};

/** `bytes` of the bundled `file` with its middle dot corrected (a copy), or `bytes` when it needs none. */
export function withArialMiddleDot(file: string, bytes: Uint8Array): Uint8Array {
  const correction = CORRECTIONS[file];
  if (correction === undefined) return bytes;
  const tables = sfntTables(bytes);
  const [cmap, hhea, hmtx, head, loca, glyf] = ['cmap', 'hhea', 'hmtx', 'head', 'loca', 'glyf'].map((tag) => tables.get(tag));
  if (cmap === undefined || hhea === undefined || hmtx === undefined) return bytes;
  const glyph = bmpGlyph(bytes, cmap.offset, MIDDLE_DOT);
  if (glyph === undefined || glyph >= u16(bytes, hhea.offset + 34)) return bytes;
  const fixed = new Uint8Array(bytes);
  setU16(fixed, hmtx.offset + glyph * 4, correction.advance);
  if (correction.shift !== 0 && head !== undefined && loca !== undefined && glyf !== undefined) {
    const start = i16(bytes, head.offset + 50) === 1 ? u32(bytes, loca.offset + glyph * 4) : u16(bytes, loca.offset + glyph * 2) * 2;
    if (shiftComposite(fixed, glyf.offset + start, correction.shift)) {
      setU16(fixed, hmtx.offset + glyph * 4 + 2, (i16(bytes, hmtx.offset + glyph * 4 + 2) + correction.shift) & 0xffff);
    }
  }
  return fixed;
}

/** The glyph of a BMP code point in the font's Windows Unicode (3,1) format 4 subtable. */
function bmpGlyph(bytes: Uint8Array, cmap: number, codePoint: number): number | undefined {
  const count = u16(bytes, cmap + 2);
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    if (u16(bytes, record) !== 3 || u16(bytes, record + 2) !== 1) continue;
    const table = cmap + u32(bytes, record + 4);
    if (u16(bytes, table) !== 4) continue;
    const segments = u16(bytes, table + 6) / 2;
    for (let s = 0; s < segments; s++) {
      const end = u16(bytes, table + 14 + s * 2);
      if (codePoint > end) continue;
      const first = u16(bytes, table + 16 + segments * 2 + s * 2);
      if (codePoint < first) return undefined;
      const delta = i16(bytes, table + 16 + segments * 4 + s * 2);
      const rangeAt = table + 16 + segments * 6 + s * 2;
      const rangeOffset = u16(bytes, rangeAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const id = u16(bytes, rangeAt + rangeOffset + (codePoint - first) * 2);
      return id === 0 ? undefined : (id + delta) & 0xffff;
    }
  }
  return undefined;
}

/**
 * Moves a one-component composite glyph (x/y offsets, as words or as bytes) and its bounding box by
 * `shift` along x; whether it did (not where a byte offset would overflow).
 */
function shiftComposite(bytes: Uint8Array, glyph: number, shift: number): boolean {
  const ARGS_ARE_WORDS = 0x1;
  const ARGS_ARE_XY = 0x2;
  const MORE_COMPONENTS = 0x20;
  if (i16(bytes, glyph) !== -1) return false;
  const flags = u16(bytes, glyph + 10);
  if ((flags & ARGS_ARE_XY) === 0 || (flags & MORE_COMPONENTS) !== 0) return false;
  if ((flags & ARGS_ARE_WORDS) !== 0) setU16(bytes, glyph + 14, (i16(bytes, glyph + 14) + shift) & 0xffff);
  else {
    const dx = ((bytes[glyph + 14]! << 24) >> 24) + shift;
    if (dx < -128 || dx > 127) return false;
    bytes[glyph + 14] = dx & 0xff;
  }
  const moveBy = (at: number): void => setU16(bytes, at, (i16(bytes, at) + shift) & 0xffff);
  moveBy(glyph + 2);
  moveBy(glyph + 6);
  return true;
}
