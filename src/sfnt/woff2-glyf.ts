/**
 * Reconstructs the `glyf` and `loca` tables of a WOFF2 font from its transformed glyf table
 * (W3C WOFF2 §5.1-5.3): glyph outlines stored as separate streams of contour counts, point
 * counts, flags, triplet-encoded coordinates, composite records, bounding boxes and
 * instructions, written back as ordinary TrueType glyph records. fontkit decodes these streams
 * only into outlines (no instructions, no bytes), so its subsetter wrote garbage for every WOFF2
 * font; with real tables, WOFF2 fonts are subset like TrueType files.
 */
import { pad4, setU16, setU32 } from './binary.js';
import { Cursor, FontFormatError } from './cursor.js';

export interface ReconstructedGlyf {
  readonly glyf: Uint8Array;
  readonly loca: Uint8Array;
  /** head.indexToLocFormat of the loca written (0 short, 1 long). */
  readonly indexFormat: 0 | 1;
  readonly numGlyphs: number;
  /** Each glyph's xMin (0 for an empty glyph): the left side bearings hmtx may leave out (§5.4). */
  readonly xMins: Int16Array;
}

interface Streams {
  readonly nContours: Cursor;
  readonly nPoints: Cursor;
  readonly flags: Cursor;
  readonly glyphs: Cursor;
  readonly composites: Cursor;
  readonly bboxBitmap: Uint8Array;
  readonly bboxes: Cursor;
  readonly instructions: Cursor;
  readonly overlapBitmap: Uint8Array | undefined;
}

/** TrueType simple glyph flags (OpenType spec, glyf). */
const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;
const OVERLAP_SIMPLE = 0x40;

/** Composite glyph flags. */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

const SHORT_LOCA_LIMIT = 0xffff * 2;

export function reconstructGlyf(table: Uint8Array): ReconstructedGlyf {
  const header = new Cursor(table, 0, table.length, 'WOFF2 glyf');
  header.u16(); // reserved
  const optionFlags = header.u16();
  const numGlyphs = header.u16();
  const indexFormat = header.u16();
  const sizes = Array.from({ length: 7 }, () => header.u32());
  const [nContours, nPoints, flags, glyphs, composites, bboxes, instructions] = sizes.map((size, i) => header.sub(size, `WOFF2 glyf stream ${i}`)) as [Cursor, Cursor, Cursor, Cursor, Cursor, Cursor, Cursor];
  const bitmapLength = 4 * Math.floor((numGlyphs + 31) / 32);
  const streams: Streams = {
    nContours, nPoints, flags, glyphs, composites, instructions,
    bboxBitmap: bboxes.take(bitmapLength),
    bboxes,
    overlapBitmap: (optionFlags & 1) !== 0 ? header.take((numGlyphs + 7) >> 3) : undefined,
  };
  const records: Uint8Array[] = [];
  const xMins = new Int16Array(numGlyphs);
  for (let id = 0; id < numGlyphs; id++) {
    const record = readGlyph(streams, id);
    records.push(record);
    xMins[id] = record.length >= 10 ? ((record[2]! << 24) >> 16) | record[3]! : 0;
  }
  return { ...writeLocaAndGlyf(records, indexFormat === 0), numGlyphs, xMins };
}

function bitSet(bitmap: Uint8Array, index: number): boolean {
  return (bitmap[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}

function readGlyph(streams: Streams, id: number): Uint8Array {
  const contours = streams.nContours.i16();
  const explicitBox = bitSet(streams.bboxBitmap, id);
  if (contours === 0) {
    if (explicitBox) throw new FontFormatError(`WOFF2 glyf: empty glyph ${id} has a bounding box`);
    return new Uint8Array(0);
  }
  if (contours > 0) return simpleGlyph(streams, id, contours, explicitBox);
  if (contours !== -1) throw new FontFormatError(`WOFF2 glyf: glyph ${id} has ${contours} contours`);
  if (!explicitBox) throw new FontFormatError(`WOFF2 glyf: composite glyph ${id} has no bounding box`);
  return compositeGlyph(streams);
}

interface Points {
  readonly xs: Int32Array;
  readonly ys: Int32Array;
  readonly onCurve: Uint8Array;
}

/** §5.2 triplet decoding: each point's flag byte and 0-4 bytes of the glyph stream give dx, dy. */
function decodePoints(flags: Cursor, data: Cursor, count: number): Points {
  const xs = new Int32Array(count);
  const ys = new Int32Array(count);
  const onCurve = new Uint8Array(count);
  let x = 0;
  let y = 0;
  for (let i = 0; i < count; i++) {
    const raw = flags.u8();
    const flag = raw & 0x7f;
    onCurve[i] = raw >> 7 === 0 ? 1 : 0;
    const signX = (flag & 1) !== 0 ? 1 : -1;
    const signY = ((flag >> 1) & 1) !== 0 ? 1 : -1;
    let dx = 0;
    let dy = 0;
    if (flag < 10) {
      dy = signX * (((flag & 14) << 7) + data.u8()); // below 20, bit 0 signs the one delta
    } else if (flag < 20) {
      dx = signX * ((((flag - 10) & 14) << 7) + data.u8());
    } else if (flag < 84) {
      const b0 = flag - 20;
      const b1 = data.u8();
      dx = signX * (1 + (b0 & 0x30) + (b1 >> 4));
      dy = signY * (1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f));
    } else if (flag < 120) {
      const b0 = flag - 84;
      dx = signX * (1 + (Math.floor(b0 / 12) << 8) + data.u8());
      dy = signY * (1 + (((b0 % 12) >> 2) << 8) + data.u8());
    } else if (flag < 124) {
      const b1 = data.u8();
      const b2 = data.u8();
      dx = signX * ((b1 << 4) + (b2 >> 4));
      dy = signY * (((b2 & 0x0f) << 8) + data.u8());
    } else {
      dx = signX * data.u16();
      dy = signY * data.u16();
    }
    x += dx;
    y += dy;
    xs[i] = x;
    ys[i] = y;
  }
  return { xs, ys, onCurve };
}

function simpleGlyph(streams: Streams, id: number, contours: number, explicitBox: boolean): Uint8Array {
  const endPoints: number[] = [];
  let total = 0;
  for (let c = 0; c < contours; c++) {
    total += streams.nPoints.u255();
    endPoints.push(total - 1);
  }
  const points = decodePoints(streams.flags, streams.glyphs, total);
  const instructionLength = streams.glyphs.u255();
  const instructions = streams.instructions.take(instructionLength);
  const box = explicitBox ? readBox(streams.bboxes) : boxOf(points);
  const overlap = streams.overlapBitmap !== undefined && bitSet(streams.overlapBitmap, id);
  const encoded = encodePoints(points, overlap);
  const out = new Uint8Array(10 + 2 * contours + 2 + instructionLength + encoded.length);
  writeHeader(out, contours, box);
  let at = 10;
  for (const end of endPoints) {
    if (end > 0xffff) throw new FontFormatError(`WOFF2 glyf: glyph ${id} has too many points`);
    setU16(out, at, end);
    at += 2;
  }
  setU16(out, at, instructionLength);
  out.set(instructions, at + 2);
  out.set(encoded, at + 2 + instructionLength);
  return out;
}

type Box = readonly [xMin: number, yMin: number, xMax: number, yMax: number];

function readBox(bboxes: Cursor): Box {
  return [bboxes.i16(), bboxes.i16(), bboxes.i16(), bboxes.i16()];
}

function boxOf(points: Points): Box {
  if (points.xs.length === 0) return [0, 0, 0, 0];
  let xMin = Infinity, yMin = Infinity, xMax = -Infinity, yMax = -Infinity;
  for (let i = 0; i < points.xs.length; i++) {
    const x = points.xs[i]!, y = points.ys[i]!;
    if (x < xMin) xMin = x;
    if (x > xMax) xMax = x;
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  return [xMin, yMin, xMax, yMax];
}

function writeHeader(out: Uint8Array, contours: number, box: Box): void {
  setU16(out, 0, contours & 0xffff);
  box.forEach((value, i) => setU16(out, 2 + 2 * i, value & 0xffff));
}

/** Flags (runs folded with REPEAT), then x, then y deltas, in TrueType's short/same encoding. */
function encodePoints(points: Points, overlap: boolean): Uint8Array {
  const count = points.xs.length;
  const flags: number[] = [];
  const xBytes: number[] = [];
  const yBytes: number[] = [];
  let lastFlag = -1;
  let flagAt = -1;
  let repeats = 0;
  for (let i = 0; i < count; i++) {
    const dx = points.xs[i]! - (i > 0 ? points.xs[i - 1]! : 0);
    const dy = points.ys[i]! - (i > 0 ? points.ys[i - 1]! : 0);
    let flag = (points.onCurve[i] ? ON_CURVE : 0) | (i === 0 && overlap ? OVERLAP_SIMPLE : 0);
    flag |= deltaFlag(dx, xBytes, X_SHORT, X_SAME_OR_POSITIVE);
    flag |= deltaFlag(dy, yBytes, Y_SHORT, Y_SAME_OR_POSITIVE);
    if (flag === lastFlag && repeats < 255) {
      // the flag byte gets REPEAT and is followed by how many times more it applies
      if (repeats === 0) {
        flags[flagAt] = flag | REPEAT;
        flags.push(0);
      }
      repeats++;
      flags[flags.length - 1] = repeats;
    } else {
      flags.push(flag);
      flagAt = flags.length - 1;
      lastFlag = flag;
      repeats = 0;
    }
  }
  return Uint8Array.from([...flags, ...xBytes, ...yBytes]);
}

function deltaFlag(delta: number, bytes: number[], short: number, sameOrPositive: number): number {
  if (delta === 0) return sameOrPositive;
  if (delta > -256 && delta < 256) {
    bytes.push(Math.abs(delta));
    return short | (delta > 0 ? sameOrPositive : 0);
  }
  if (delta < -0x8000 || delta > 0x7fff) throw new FontFormatError(`WOFF2 glyf: coordinate delta ${delta} out of range`);
  bytes.push((delta >> 8) & 0xff, delta & 0xff);
  return 0;
}

/** §5.3: the composite stream holds the component records as glyf has them; the box is explicit. */
function compositeGlyph(streams: Streams): Uint8Array {
  const stream = streams.composites;
  const start = stream.at;
  let flags: number;
  let instructed = false;
  do {
    flags = stream.u16();
    stream.u16(); // glyphIndex
    let skip = (flags & ARG_1_AND_2_ARE_WORDS) !== 0 ? 4 : 2;
    if ((flags & WE_HAVE_A_SCALE) !== 0) skip += 2;
    else if ((flags & WE_HAVE_AN_X_AND_Y_SCALE) !== 0) skip += 4;
    else if ((flags & WE_HAVE_A_TWO_BY_TWO) !== 0) skip += 8;
    stream.take(skip);
    if ((flags & WE_HAVE_INSTRUCTIONS) !== 0) instructed = true;
  } while ((flags & MORE_COMPONENTS) !== 0);
  const components = stream.bytes.subarray(start, stream.at);
  const box = readBox(streams.bboxes);
  const instructionLength = instructed ? streams.glyphs.u255() : 0;
  const instructions = streams.instructions.take(instructionLength);
  const out = new Uint8Array(10 + components.length + (instructed ? 2 + instructionLength : 0));
  writeHeader(out, -1, box);
  out.set(components, 10);
  if (instructed) {
    setU16(out, 10 + components.length, instructionLength);
    out.set(instructions, 12 + components.length);
  }
  return out;
}

/** glyf with every record at a 4-byte boundary, and its loca (short when the font asks and it fits). */
function writeLocaAndGlyf(records: readonly Uint8Array[], wantShort: boolean): { glyf: Uint8Array; loca: Uint8Array; indexFormat: 0 | 1 } {
  const starts = new Uint32Array(records.length + 1);
  records.forEach((record, i) => (starts[i + 1] = starts[i]! + pad4(record.length)));
  const glyf = new Uint8Array(starts[records.length]!);
  records.forEach((record, i) => glyf.set(record, starts[i]!));
  const short = wantShort && glyf.length <= SHORT_LOCA_LIMIT;
  const loca = new Uint8Array(starts.length * (short ? 2 : 4));
  starts.forEach((start, i) => (short ? setU16(loca, 2 * i, start / 2) : setU32(loca, 4 * i, start)));
  return { glyf, loca, indexFormat: short ? 0 : 1 };
}
