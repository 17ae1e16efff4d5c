/**
 * A PNG is checked whole before it is accepted (PNG spec §5.3, §11): chunks that fit the file with
 * their CRCs right, IHDR first, IDAT present, IEND last, and image data that inflates to the rows
 * IHDR announces. PDFKit embeds PNGs as they are and only finds damage while writing the PDF, where
 * a truncated file failed the whole document; found here, it is a warning and the image is left out.
 */
import { createInflate, crc32, inflateSync } from 'node:zlib';
import { fromCharCodes } from '../append-all.js';

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const u32 = (b: Uint8Array, at: number): number => (((b[at] ?? 0) << 24) >>> 0) + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0);
const type = (b: Uint8Array, at: number): string => fromCharCodes(b.subarray(at, at + 4));

/** Bytes the compressed stream inflates to, up to `max` (counted, not kept); rejects a damaged stream. */
function inflatedLength(data: Buffer, max: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.byteLength;
      if (length > max) { inflate.destroy(); resolve(length); }
    });
    inflate.once('end', () => resolve(length));
    inflate.once('error', reject);
    inflate.end(data);
  });
}

/** The image data of a PNG whose chunks are sound, and the bytes it must inflate to; or why the chunks are not. */
type WalkedPng = { readonly damage: string } | { readonly idat: Buffer; readonly rows: number; readonly interlaced: boolean };

function walkChunks(bytes: Uint8Array): WalkedPng {
  const idat: Buffer[] = [];
  let at = 8;
  let last = '';
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.length) return { damage: `the ${type(bytes, at + 4)} chunk is cut short` };
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length)) return { damage: `the ${type(bytes, at + 4)} chunk fails its CRC` };
    last = type(bytes, at + 4);
    if (at === 8 && last !== 'IHDR') return { damage: 'IHDR is not the first chunk' };
    if (last === 'IDAT') idat.push(Buffer.from(bytes.subarray(at + 8, at + 8 + length)));
    at = end;
    if (last === 'IEND') break;
  }
  if (last !== 'IEND') return { damage: 'the file ends before IEND' };
  if (idat.length === 0) return { damage: 'no image data (IDAT)' };
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const channels = CHANNELS[bytes[25] ?? -1];
  if (channels === undefined) return { damage: `colour type ${bytes[25]} does not exist` };
  const rows = height * (1 + Math.ceil((width * channels * (bytes[24] ?? 8)) / 8));
  return { idat: Buffer.concat(idat), rows, interlaced: bytes[28] === 1 };
}

/** Why the PNG cannot be used, or undefined when it is sound. */
export async function pngDamage(bytes: Uint8Array): Promise<string | undefined> {
  const walked = walkChunks(bytes);
  if ('damage' in walked) return walked.damage;
  try {
    const length = await inflatedLength(walked.idat, walked.rows);
    if (!walked.interlaced && length < walked.rows) return `the image data has ${length} of its ${walked.rows} bytes`;
  } catch (error) {
    return `the image data does not inflate (${error instanceof Error ? error.message : String(error)})`;
  }
  return undefined;
}

/** Bytes of image data a PNG checked synchronously may inflate to (a colour glyph's is some 100 KB). */
const MAX_SYNC_ROWS = 64 * 1024 * 1024;

/**
 * `pngDamage` without waiting, for a PNG met while drawing (a colour font's glyph): the same
 * checks, the image data inflated at once (up to the rows it needs, at most MAX_SYNC_ROWS).
 */
export function pngDamageSync(bytes: Uint8Array): string | undefined {
  const walked = walkChunks(bytes);
  if ('damage' in walked) return walked.damage;
  if (walked.rows > MAX_SYNC_ROWS) return `its image data would be ${walked.rows} bytes (more than ${MAX_SYNC_ROWS})`;
  let length: number;
  try {
    length = inflateSync(walked.idat, { maxOutputLength: Math.max(1, walked.rows) }).byteLength;
  } catch (error) {
    // more data than the rows need is what the streaming check accepts too
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return undefined;
    return `the image data does not inflate (${error instanceof Error ? error.message : String(error)})`;
  }
  if (!walked.interlaced && length < walked.rows) return `the image data has ${length} of its ${walked.rows} bytes`;
  return undefined;
}
