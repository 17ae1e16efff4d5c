/** Tiny PNG images built from pixel rows, for tests that need real image bytes. */
import { crc32, deflateSync } from 'node:zlib';

export type Rgba = readonly [number, number, number, number];

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG from rows of [r, g, b, a] pixels. */
export function encodePng(rows: readonly (readonly Rgba[])[]): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(rows[0]!.length, 0);
  ihdr.writeUInt32BE(rows.length, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const raw = Buffer.concat(rows.map((row) => Buffer.from([0, ...row.flat()])));
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]));
}

/** The PNG of `rows` as a `data:` URL. */
export function pngDataUrl(rows: readonly (readonly Rgba[])[]): string {
  return `data:image/png;base64,${Buffer.from(encodePng(rows)).toString('base64')}`;
}

/** `width` x `height` pixels given by `pixel(x, y)`. */
export function pixelRows(width: number, height: number, pixel: (x: number, y: number) => Rgba): Rgba[][] {
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => pixel(x, y)));
}
