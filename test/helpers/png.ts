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

/**
 * A palette PNG (colour type 3) of `bits` per index (1, 2, 4 or 8) from rows of palette indices,
 * with a tRNS chunk of each entry's alpha; rows packed as PNG packs them (PNG §7.2), row r filtered
 * with `filters[r % filters.length]` (0–4; a filter's unit is one byte below 8 bits).
 */
export function encodePalettePng(bits: 1 | 2 | 4 | 8, palette: readonly Rgba[], rows: readonly (readonly number[])[], filters: readonly number[] = [0]): Uint8Array {
  const width = rows[0]!.length;
  const rowLength = Math.ceil((width * bits) / 8);
  const packed = rows.map((row) => {
    const out = new Uint8Array(rowLength);
    row.forEach((index, x) => { out[(x * bits) >> 3]! |= index << (8 - bits - ((x * bits) & 7)); });
    return out;
  });
  const raw = Buffer.concat(packed.map((row, r) => Buffer.from([filters[r % filters.length]!, ...filterRow(filters[r % filters.length]!, row, r === 0 ? undefined : packed[r - 1])])));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(rows.length, 4);
  ihdr.set([bits, 3, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', Uint8Array.from(palette.flatMap(([r, g, b]) => [r, g, b]))),
    chunk('tRNS', Uint8Array.from(palette.map(([, , , a]) => a))),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]));
}

/** `row` filtered by PNG filter `type` against the row above (none on the first row), one byte per unit. */
function filterRow(type: number, row: Uint8Array, above: Uint8Array | undefined): number[] {
  return Array.from(row, (byte, i) => {
    const left = i === 0 ? 0 : row[i - 1]!;
    const up = above?.[i] ?? 0;
    const upLeft = i === 0 ? 0 : above?.[i - 1] ?? 0;
    const p = left + up - upLeft;
    const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
    const predicted = [0, left, up, (left + up) >> 1, paeth][type]!;
    return (byte - predicted) & 255;
  });
}
