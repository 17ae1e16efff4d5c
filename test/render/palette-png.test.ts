/**
 * Palette PNGs of fewer than 8 bits per pixel with transparent entries — what optimisers make of a
 * logo (oxipng, TinyPNG) and how Noto Color Emoji stores ✉️ — print with each pixel's own alpha:
 * PDFKit built their soft mask from the packed bytes, one pixel per byte, and printed a strip of the
 * image's top rows (src/pdf/pdfkit-png.ts fixIndexedAlpha).
 */
import { describe, expect, it } from 'vitest';
import { encodePalettePng } from '../helpers/png.js';
import type { Rgba } from '../helpers/png.js';
import { renderPage } from '../helpers/render.js';

const PALETTE: readonly Rgba[] = [[255, 255, 255, 0], [255, 0, 0, 255], [0, 0, 255, 255]];
// 9 pixels a row: rows end inside a byte at every depth below 8
const INDICES = [
  [0, 1, 1, 2, 0, 0, 2, 1, 0],
  [1, 0, 2, 0, 1, 2, 0, 0, 1],
  [2, 2, 0, 1, 1, 0, 1, 2, 2],
  [0, 0, 0, 2, 2, 2, 1, 1, 1],
  [1, 2, 0, 1, 2, 0, 1, 2, 0],
];
const EXPECTED = INDICES.map((row) => row.map((i) => 'GRB'[i]).join('') + 'G');

describe('palette PNGs with transparency', () => {
  it.each([1, 2, 4, 8] as const)('print each pixel with its palette entry\'s alpha at %i bits a pixel, every filter type', async (bits) => {
    // 1 bit holds two entries: blue becomes red's neighbour there
    const indices = bits === 1 ? INDICES.map((row) => row.map((i) => Math.min(i, 1))) : INDICES;
    const expected = bits === 1 ? EXPECTED.map((row) => row.replace(/B/g, 'R')) : EXPECTED;
    const png = Buffer.from(encodePalettePng(bits, PALETTE, indices, [0, 1, 2, 3, 4])).toString('base64');
    const page = await renderPage(`<style>@page { size: 10px 5px; margin: 0 } body { margin: 0; background: #0f0 }</style>
      <img style="display: block" src="data:image/png;base64,${png}">`);
    expect(page).toEqual(expected);
  });
});
