/** Builders of small, valid image files for tests (no image library needed). */
import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width x height RGB PNG filled with one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [255, 0, 0]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', new Uint8Array()),
  ]));
}

/** A real 16x16 baseline JPEG (from CPython's test data). */
export function jpeg(): Uint8Array {
  return new Uint8Array(readFileSync(new URL('./images/python.jpg', import.meta.url)));
}

/** The JPEG with an EXIF APP1 segment carrying `orientation`, inserted after SOI. */
export function jpegWithOrientation(orientation: number, littleEndian = false, base: Uint8Array = jpeg()): Uint8Array {
  const tiff = Buffer.alloc(26);
  if (littleEndian) {
    tiff.write('II', 0, 'latin1'); tiff.writeUInt16LE(42, 2); tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8); tiff.writeUInt16LE(0x0112, 10); tiff.writeUInt16LE(3, 12);
    tiff.writeUInt32LE(1, 14); tiff.writeUInt16LE(orientation, 18); tiff.writeUInt32LE(0, 22);
  } else {
    tiff.write('MM', 0, 'latin1'); tiff.writeUInt16BE(42, 2); tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(1, 8); tiff.writeUInt16BE(0x0112, 10); tiff.writeUInt16BE(3, 12);
    tiff.writeUInt32BE(1, 14); tiff.writeUInt16BE(orientation, 18); tiff.writeUInt32BE(0, 22);
  }
  const data = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(data.length + 2, 2);
  const original = Buffer.from(base);
  return new Uint8Array(Buffer.concat([original.subarray(0, 2), segment, data, original.subarray(2)]));
}

export const GIF = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
export const WEBP = new Uint8Array(Buffer.from('RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0', 'latin1'));
export const SVG = new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');

/** The PNG with a chunk of `type` inserted after IHDR (where iCCP and sRGB go, before PLTE and IDAT). */
export function pngWithChunk(base: Uint8Array, type: string, data: Uint8Array): Uint8Array {
  const afterHeader = 8 + 12 + 13;
  const original = Buffer.from(base);
  return new Uint8Array(Buffer.concat([original.subarray(0, afterHeader), chunk(type, data), original.subarray(afterHeader)]));
}

/** The JPEG with APP`n` segments of these data inserted after SOI, in order. */
export function jpegWithSegments(base: Uint8Array, marker: number, segments: readonly Uint8Array[]): Uint8Array {
  const original = Buffer.from(base);
  const inserted = segments.map((data) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(0xff00 | marker, 0);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  });
  return new Uint8Array(Buffer.concat([original.subarray(0, 2), ...inserted, original.subarray(2)]));
}
