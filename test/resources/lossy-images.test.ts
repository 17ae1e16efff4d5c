/**
 * Images whose pixels were stored lossily (a VP8 WebP, AVIF) are embedded with their colours as a
 * JPEG (resources/decode.ts jpegStreams), their alpha as a deflated soft mask: deflated, a WebP
 * photo made a PDF ten times its size. Lossless files and small images that deflate smaller keep
 * the deflated streams.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { decodePixels } from '../../src/resources/decode.js';
import { renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const url = (bytes: Uint8Array, type: string): string => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A photo-like picture: a gradient under translucent discs, with per-pixel noise from a fixed generator; `alpha` for its corner pixel. */
function photo(width: number, height: number, alpha = 255): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#234');
  gradient.addColorStop(1, '#da6');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 200; i++) {
    ctx.fillStyle = `hsla(${(i * 37) % 360}, 60%, 50%, 0.3)`;
    ctx.beginPath();
    ctx.arc((i * 7919) % width, (i * 104729) % height, 10 + (i % 40), 0, 7);
    ctx.fill();
  }
  const image = ctx.getImageData(0, 0, width, height);
  let seed = 1;
  for (let i = 0; i < image.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    image.data[i] = Math.min(255, image.data[i]! + (seed >>> 29));
  }
  image.data[3] = alpha;
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/** `pdfimages -list`: each image's type and encoding (`image jpeg`, `smask image`: deflated). */
function encodings(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, (path) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .split('\n').slice(2).filter((line) => line.trim() !== '')
    .map((line) => { const cells = line.trim().split(/\s+/); return `${cells[2]} ${cells[8]}`; }));
}

/** Peak signal-to-noise ratio (dB) of two RGBA buffers' colours. */
function psnr(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let squares = 0;
  let samples = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    squares += (a[i]! - b[i]!) ** 2;
    samples++;
  }
  return 10 * Math.log10((255 * 255) / (squares / samples));
}

/** A lossy WebP of `width` × `height` px painted with rectangles: [colour, x, y, w, h]. */
function rectangles(width: number, height: number, fills: readonly (readonly [string, number, number, number, number])[]): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  for (const [colour, x, y, w, h] of fills) {
    ctx.fillStyle = colour;
    ctx.fillRect(x, y, w, h);
  }
  return canvas.encodeSync('webp', 80);
}

/** `webp` drawn over the whole of a 2 × 2 px page, on `background`. */
function twoPixelPage(webp: Uint8Array, background = 'none'): string {
  return `<style>@page { size: 2px 2px; margin: 0 } body { margin: 0 } img { display: block; width: 2px; height: 2px; background: ${background} }</style><img src="${url(webp, 'image/webp')}">`;
}

async function pixelsOf(bytes: Uint8Array): Promise<Uint8ClampedArray> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.getContext('2d').getImageData(0, 0, image.width, image.height).data;
}

describe('lossily stored images', () => {
  it('embeds an opaque lossy WebP photo as a JPEG, a tenth of the deflated size, its pixels as Skia decodes the file', async () => {
    const webp = photo(1200, 900).encodeSync('webp', 80);
    const html = `<style>@page { size: 1200px 900px; margin: 0 } body { margin: 0 } img { display: block }</style><img src="${url(webp, 'image/webp')}">`;
    const pdf = await renderPdf(html);
    expect(await encodings(pdf)).toEqual(['image jpeg']);
    // the same pixels stored losslessly: deflated
    const lossless = await renderPdf(html.replace(url(webp, 'image/webp'), url(photo(1200, 900).encodeSync('webp', 100), 'image/webp')));
    expect(await encodings(lossless)).toEqual(['image image']);
    expect(pdf.length * 5).toBeLessThan(lossless.length);
    const jpeg = await withPdfFile(pdf, (path, folder) => {
      execFileSync('pdfimages', ['-j', path, join(folder, 'image')]);
      return new Uint8Array(readFileSync(join(folder, readdirSync(folder).find((name) => name.endsWith('.jpg'))!)));
    });
    expect(psnr(await pixelsOf(jpeg), await pixelsOf(webp))).toBeGreaterThan(35);
  });

  it('gives a translucent lossy WebP a deflated soft mask under its JPEG colours, unpremultiplied: no dark fringe', async () => {
    // top: opaque blue on the left, transparent on the right; bottom: white at half opacity over black
    const webp = rectangles(1100, 1000, [['#0000ff', 0, 0, 550, 500], ['rgba(255, 255, 255, 0.5)', 0, 500, 1100, 500]]);
    const html = twoPixelPage(webp, 'linear-gradient(red 50%, black 50%)');
    expect(await encodings(await renderPdf(html))).toEqual(['image jpeg', 'smask image']);
    // half-white over black is mid grey; its colours premultiplied into the JPEG would come out a quarter grey
    expect(await renderPage(html, {}, { palette: { B: '#0000ff', R: '#ff0000', g: '#808080' }, tolerance: 8 })).toEqual(['BR', 'gg']);
  });

  it('keeps the smaller of the two under a megapixel: a flat logo deflated, a small photo as a JPEG', async () => {
    const logo = rectangles(400, 160, [['#ffffff', 0, 0, 400, 160], ['#0050a0', 20, 20, 360, 120]]);
    const flat = await decodePixels(logo, 'webp', 1_000_000);
    expect(flat).toMatchObject({ kind: 'decoded', pixels: { rgbFilter: 'FlateDecode', alpha: undefined } });
    const small = await decodePixels(photo(600, 400).encodeSync('webp', 80), 'webp', 1_000_000);
    expect(small).toMatchObject({ kind: 'decoded', pixels: { rgbFilter: 'DCTDecode', alpha: undefined } });
  });

  it('draws a JPEG-stored image in its colours', async () => {
    // a red top half and a blue bottom half, 1,100 × 1,000 px, on a 2 px page
    const html = twoPixelPage(rectangles(1100, 1000, [['#ff0000', 0, 0, 1100, 500], ['#0000ff', 0, 500, 1100, 500]]));
    expect(await encodings(await renderPdf(html))).toEqual(['image jpeg']);
    expect(await renderPage(html, {}, { tolerance: 8 })).toEqual(['RR', 'BB']);
  });
});
