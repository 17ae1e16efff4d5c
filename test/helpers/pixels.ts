/**
 * Pixel tests (docs/design.md §3): rasterize a PDF with `pdftocairo -png -r 96 -antialias none`
 * (1 CSS px = 1 pixel, exact colours) and turn every page into rows of letters.
 *
 *   const [page] = await rasterize(pdf);                 // default palette below
 *   expect(page).toEqual(['__________', '__RRRR____', ...]);
 *   await rasterize(pdf, { ...DEFAULT_PALETTE, o: '#ff8000' });
 *
 * Pixels whose colour is not in the palette come out as '?'.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { withPdfFile } from './tmp.js';

const run = promisify(execFile);

/** Letter -> `#rrggbb`. */
export type Palette = Readonly<Record<string, string>>;

export const DEFAULT_PALETTE: Palette = {
  _: '#ffffff',
  K: '#000000',
  R: '#ff0000',
  G: '#00ff00',
  B: '#0000ff',
  Y: '#ffff00',
  C: '#00ffff',
  M: '#ff00ff',
};

/** One array of row strings per page. */
export async function rasterize(pdf: Uint8Array, palette: Palette = DEFAULT_PALETTE, tolerance = 0): Promise<string[][]> {
  const letters = new Map<number, string>();
  for (const [letter, hex] of Object.entries(palette)) letters.set(parseInt(hex.slice(1), 16), letter);
  return withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-r', '96', '-antialias', 'none', path, join(folder, 'page')]);
    const files = readdirSync(folder).filter((f) => /^page-\d+\.png$/.test(f));
    files.sort((a, b) => pageNumber(a) - pageNumber(b));
    return files.map((file) => {
      const image = decodePng(readFileSync(join(folder, file)));
      const rows: string[] = [];
      for (let y = 0; y < image.height; y++) {
        let row = '';
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * image.channels;
          const rgb = (image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!;
          row += letters.get(rgb) ?? (tolerance > 0 ? near(letters, image.data, i, tolerance) : '?');
        }
        rows.push(row);
      }
      return rows;
    });
  });
}

/** The palette letter within `tolerance` on every channel (lossy formats such as JPEG), else '?'. */
function near(letters: ReadonlyMap<number, string>, data: Uint8Array, i: number, tolerance: number): string {
  for (const [rgb, letter] of letters) {
    const channels = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
    if (channels.every((c, k) => Math.abs(c - data[i + k]!) <= tolerance)) return letter;
  }
  return '?';
}

function pageNumber(file: string): number {
  return Number(/(\d+)\.png$/.exec(file)![1]);
}

interface DecodedPng {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly data: Uint8Array;
}

/** A minimal PNG decoder for pdftocairo's output: 8-bit RGB or RGBA, not interlaced. */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const chunk = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      const chunkView = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      width = chunkView.getUint32(0);
      height = chunkView.getUint32(4);
      const depth = chunk[8]!;
      const colorType = chunk[9]!;
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || chunk[12] !== 0) throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType})`);
      channels = colorType === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      idat.push(chunk);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels]! : 0;
      const up = y > 0 ? data[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? data[(y - 1) * stride + x - channels]! : 0;
      data[y * stride + x] = (line[x]! + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, channels, data };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0: return 0;
    case 1: return left;
    case 2: return up;
    case 3: return (left + up) >> 1;
    case 4: {
      const p = left + up - upLeft;
      const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default: throw new Error(`bad PNG filter ${filter}`);
  }
}
