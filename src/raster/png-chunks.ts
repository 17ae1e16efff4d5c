/**
 * The one reader of a PNG's chunks (PNG 3rd ed. §5.3: a 4-byte big-endian length, a 4-byte type,
 * that many bytes of data, a 4-byte CRC), for every stage that looks inside a PNG: the check that
 * accepts a file (png-check.ts), its size and profile (resources/), colour glyphs (sfnt/), and
 * whether it is opaque (paint/). The file's 8-byte signature is skipped, not checked: callers
 * have already told the format by it.
 *
 * Every read is bounds-checked and the walk always ends: each step moves past at least a chunk's
 * 12 bytes, and a chunk whose declared length runs past the file (truncated, or a lying or huge
 * length) is the last one given, marked `cutShort`, with only the data the file holds.
 */
import { fromCharCodes, u32 } from '../append-all.js';

const PNG_SIGNATURE_LENGTH = 8;
/** Length and type before a chunk's data, its CRC after it. */
const CHUNK_HEADER_LENGTH = 8;
const CHUNK_CRC_LENGTH = 4;

interface PngChunkFields {
  /** The 4-character chunk type ('IHDR', 'IDAT', …). */
  readonly type: string;
  /** The file offset of the chunk's length field. */
  readonly at: number;
  /** The data length the chunk declares (more than `data` holds when it is cut short). */
  readonly length: number;
  /** The chunk's data: all `length` bytes, or those the file holds when it is cut short. */
  readonly data: Uint8Array;
}

/** A chunk the file holds whole, with its CRC and the type and data bytes the CRC covers. */
export interface WholePngChunk extends PngChunkFields {
  readonly cutShort: false;
  readonly crc: number;
  readonly crcInput: Uint8Array;
}

/** A chunk the file ends inside (before the end of its data or CRC): no chunk follows it. */
export interface CutShortPngChunk extends PngChunkFields {
  readonly cutShort: true;
}

/** One chunk as the file holds it. */
export type PngChunk = WholePngChunk | CutShortPngChunk;

/**
 * The chunks of a PNG file in their order, from the first after the signature to the last the
 * file holds whole, then the one it cuts short (if any). Fewer than 8 bytes after the last whole
 * chunk (too few for a length and a type) end the walk without a chunk.
 */
export function* pngChunks(bytes: Uint8Array): Generator<PngChunk, void, undefined> {
  let at = PNG_SIGNATURE_LENGTH;
  while (at + CHUNK_HEADER_LENGTH <= bytes.length) {
    const length = u32(bytes, at);
    const type = fromCharCodes(bytes.subarray(at + 4, at + 8));
    const dataStart = at + CHUNK_HEADER_LENGTH;
    const end = dataStart + length + CHUNK_CRC_LENGTH; // at most 2^32 + 2^32: exact in a double
    if (end > bytes.length) {
      const data = bytes.subarray(dataStart, Math.min(dataStart + length, bytes.length));
      yield { type, at, length, data, cutShort: true };
      return;
    }
    const data = bytes.subarray(dataStart, dataStart + length);
    const crc = u32(bytes, dataStart + length);
    yield { type, at, length, data, crcInput: bytes.subarray(at + 4, dataStart + length), crc, cutShort: false };
    at = end;
  }
}

/** The fields of a PNG's IHDR chunk (PNG §11.2.2); those past the bytes the file holds are undefined. */
export interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number | undefined;
  readonly colourType: number | undefined;
  readonly interlace: number | undefined;
}

/** The IHDR fields when the first chunk is IHDR and holds at least the width and height, else undefined. */
export function readPngHeader(bytes: Uint8Array): PngHeader | undefined {
  const first = pngChunks(bytes).next();
  if (first.done === true || first.value.type !== 'IHDR' || first.value.data.length < 8) return undefined;
  const data = first.value.data;
  return { width: u32(data, 0), height: u32(data, 4), bitDepth: data[8], colourType: data[9], interlace: data[12] };
}
