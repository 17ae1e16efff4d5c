/**
 * Glyph records of the `glyf` table (OpenType spec, "glyf — Glyph Data"), read only as far as a
 * subsetter must: a composite glyph's component records (to pull in and renumber the glyphs it
 * is built from) and, when hinting is dropped, where a glyph's instructions are. Outlines are
 * not decoded — the bytes are copied as they are — only checked to lie within their bytes.
 */
import { i16, setU16, u16 } from '../../sfnt/binary.js';

/** Composite glyph flags (glyf, "Composite Glyph Description"). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

/** The glyph header: numberOfContours, xMin, yMin, xMax, yMax. */
const HEADER_SIZE = 10;

/** A glyph as the subsetter copies it. */
export interface GlyphRecord {
  /** The glyph's bytes (a view of the font's glyf table, or a copy without instructions). */
  readonly bytes: Uint8Array;
  /** Composite glyphs: byte offset of each component's glyphIndex field inside `bytes`. */
  readonly componentOffsets: readonly number[];
  /** Composite glyphs: the component glyph ids, in record order. */
  readonly componentIds: readonly number[];
}

const EMPTY: GlyphRecord = { bytes: new Uint8Array(0), componentOffsets: [], componentIds: [] };

/** Where a composite glyph's component records are, and where its instructions start. */
interface CompositeLayout {
  readonly offsets: number[];
  readonly ids: number[];
  /** Offset of each component's flags. */
  readonly flagOffsets: number[];
  /** Whether any component announces instructions after the records (fontTools reads it that way too). */
  readonly instructed: boolean;
  /** Offset just past the last component record (instruction length, if any, comes next). */
  readonly end: number;
}

/** Reads the component records; undefined when they run past the glyph's bytes. */
function compositeLayout(bytes: Uint8Array): CompositeLayout | undefined {
  const offsets: number[] = [];
  const ids: number[] = [];
  let at = HEADER_SIZE;
  const flagOffsets: number[] = [];
  let flags = MORE_COMPONENTS;
  let instructed = false;
  while ((flags & MORE_COMPONENTS) !== 0) {
    if (at + 4 > bytes.length) return undefined;
    flagOffsets.push(at);
    flags = u16(bytes, at);
    instructed ||= (flags & WE_HAVE_INSTRUCTIONS) !== 0;
    offsets.push(at + 2);
    ids.push(u16(bytes, at + 2));
    at += 4 + ((flags & ARG_1_AND_2_ARE_WORDS) !== 0 ? 4 : 2);
    if ((flags & WE_HAVE_A_SCALE) !== 0) at += 2;
    else if ((flags & WE_HAVE_AN_X_AND_Y_SCALE) !== 0) at += 4;
    else if ((flags & WE_HAVE_A_TWO_BY_TWO) !== 0) at += 8;
  }
  if (at > bytes.length) return undefined;
  return { offsets, ids, flagOffsets, instructed, end: at };
}

/**
 * The glyph as stored, with its component records located. A glyph whose data runs past its bytes
 * (a simple glyph's points, a composite's records) is an empty one: fontkit drew it empty in the
 * layout (text/fontkit-internals.ts), and the viewer is given the same, not bytes to guess at.
 */
export function readGlyph(bytes: Uint8Array): GlyphRecord {
  if (bytes.length < HEADER_SIZE) return EMPTY;
  if (i16(bytes, 0) >= 0) return simpleGlyphFits(bytes) ? { bytes, componentOffsets: [], componentIds: [] } : EMPTY;
  const layout = compositeLayout(bytes);
  if (layout === undefined) return EMPTY;
  return { bytes, componentOffsets: layout.offsets, componentIds: layout.ids };
}

/** Simple glyph flags (glyf, "Simple Glyph Description"). */
const X_SHORT_VECTOR = 0x02;
const Y_SHORT_VECTOR = 0x04;
const REPEAT_FLAG = 0x08;
const X_IS_SAME_OR_POSITIVE = 0x10;
const Y_IS_SAME_OR_POSITIVE = 0x20;

/** Whether a simple glyph's contour ends, instructions, flags and coordinates all lie within its bytes. */
function simpleGlyphFits(bytes: Uint8Array): boolean {
  const contours = i16(bytes, 0);
  let at = HEADER_SIZE + 2 * contours;
  if (at + 2 > bytes.length) return false;
  const points = contours === 0 ? 0 : u16(bytes, at - 2) + 1;
  at += 2 + u16(bytes, at);
  let coordinates = 0;
  for (let point = 0; point < points;) {
    if (at >= bytes.length) return false;
    const flag = bytes[at++]!;
    let times = 1;
    if ((flag & REPEAT_FLAG) !== 0) {
      if (at >= bytes.length) return false;
      times += bytes[at++]!;
    }
    const x = (flag & X_SHORT_VECTOR) !== 0 ? 1 : (flag & X_IS_SAME_OR_POSITIVE) !== 0 ? 0 : 2;
    const y = (flag & Y_SHORT_VECTOR) !== 0 ? 1 : (flag & Y_IS_SAME_OR_POSITIVE) !== 0 ? 0 : 2;
    const taken = Math.min(times, points - point);
    coordinates += taken * (x + y);
    point += taken;
  }
  return at + coordinates <= bytes.length;
}

/**
 * The glyph without its TrueType instructions (instructionLength 0 for a simple glyph, the
 * WE_HAVE_INSTRUCTIONS flag cleared for a composite). The outline bytes are unchanged; a glyph
 * whose structure does not parse is an empty one, as in readGlyph.
 */
export function readGlyphWithoutInstructions(bytes: Uint8Array): GlyphRecord {
  const glyph = readGlyph(bytes);
  // readGlyph checked that the parts read below lie within the bytes (else the glyph is empty)
  if (glyph.bytes.length === 0) return glyph;
  const contours = i16(bytes, 0);
  if (contours >= 0) {
    const lengthAt = HEADER_SIZE + 2 * contours;
    const instructions = u16(bytes, lengthAt);
    if (instructions === 0) return glyph;
    const out = new Uint8Array(bytes.length - instructions);
    out.set(bytes.subarray(0, lengthAt));
    // the instruction length stays zero in the new array
    out.set(bytes.subarray(lengthAt + 2 + instructions), lengthAt + 2);
    return { bytes: out, componentOffsets: [], componentIds: [] };
  }
  const layout = compositeLayout(bytes)!;
  if (!layout.instructed) return glyph;
  const out = bytes.slice(0, layout.end);
  for (const at of layout.flagOffsets) setU16(out, at, u16(out, at) & ~WE_HAVE_INSTRUCTIONS);
  return { bytes: out, componentOffsets: layout.offsets, componentIds: layout.ids };
}
