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
import { i16, setU16, u16 } from '../sfnt/binary.js';
import { sfntTables } from '../sfnt/cbdt.js';
import { readLoca } from '../sfnt/loca.js';
import { cmapGlyph } from './fontkit.js';

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
  const [hhea, hmtx, head, loca, glyf] = ['hhea', 'hmtx', 'head', 'loca', 'glyf'].map((tag) => tables.get(tag));
  if (hhea === undefined || hmtx === undefined) return bytes;
  let glyph: { readonly id: number; readonly numGlyphs: number };
  try {
    glyph = cmapGlyph(bytes, MIDDLE_DOT);
  } catch {
    return bytes;
  }
  // a glyph past the long metrics shares the last advance: none of the bundled files has one so
  if (glyph.id === 0 || glyph.id >= u16(bytes, hhea.offset + 34)) return bytes;
  const fixed = new Uint8Array(bytes);
  const metrics = hmtx.offset + glyph.id * 4;
  setU16(fixed, metrics, correction.advance);
  if (correction.shift === 0 || head === undefined || loca === undefined || glyf === undefined) return fixed;
  const offsets = readLoca(bytes.subarray(loca.offset, loca.offset + loca.length), i16(bytes, head.offset + 50), glyph.numGlyphs, glyf.length);
  if (offsets !== undefined && shiftComposite(fixed, glyf.offset + offsets[glyph.id]!, correction.shift)) {
    setU16(fixed, metrics + 2, (i16(bytes, metrics + 2) + correction.shift) & 0xffff);
  }
  return fixed;
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
