/**
 * A PNG is checked whole before it is accepted (PNG spec §5.3, §11): chunks that fit the file with
 * their CRCs right, IHDR first, IDAT present, IEND last, and image data that inflates to the rows
 * IHDR announces. PDFKit embeds PNGs as they are and only finds damage while writing the PDF, where
 * a truncated file failed the whole document; found here, it is a warning and the image is left out.
 */
import { createInflate, crc32, inflateSync } from 'node:zlib';
import { pngChunks, readPngHeader } from './png-chunks.js';

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The offset of the first chunk, after the 8-byte signature. */
const FIRST_CHUNK = 8;

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
  const idat: Uint8Array[] = [];
  let last = '';
  for (const chunk of pngChunks(bytes)) {
    if (chunk.cutShort) return { damage: `the ${chunk.type} chunk is cut short` };
    if (crc32(chunk.crcInput) !== chunk.crc) return { damage: `the ${chunk.type} chunk fails its CRC` };
    last = chunk.type;
    if (chunk.at === FIRST_CHUNK && last !== 'IHDR') return { damage: 'IHDR is not the first chunk' };
    if (last === 'IDAT') idat.push(chunk.data);
    if (last === 'IEND') break;
  }
  if (last !== 'IEND') return { damage: 'the file ends before IEND' };
  if (idat.length === 0) return { damage: 'no image data (IDAT)' };
  const header = readPngHeader(bytes);
  if (header === undefined) return { damage: 'the IHDR chunk is too short' };
  const channels = CHANNELS[header.colourType ?? -1];
  if (channels === undefined) return { damage: `colour type ${header.colourType} does not exist` };
  const rows = header.height * (1 + Math.ceil((header.width * channels * (header.bitDepth ?? 8)) / 8));
  return { idat: Buffer.concat(idat), rows, interlaced: header.interlace === 1 };
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
