/**
 * Raster formats beyond PNG/JPEG (GIF first frame, WebP) decoded through Skia and embedded from
 * their pixels, and object-fit / object-position, painted on tiny pages.
 */
import { execFileSync } from 'node:child_process';
import { createCanvas, GifEncoder } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { cacheStats } from '../../src/cache/bounded.js';
import { renderChecked, renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { png } from '../resources/image-bytes.js';

const url = (bytes: Uint8Array, type: string): string => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A 2×2 image: top row red, bottom row blue. */
function canvas2x2(): Canvas {
  const surface = createCanvas(2, 2);
  const ctx = surface.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 2, 1);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(0, 1, 2, 1);
  return surface;
}

function draw(body: string, size: string): Promise<string[]> {
  return renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } img { display: block }</style>${body}`);
}

describe('raster formats', () => {
  it('draws a lossless WebP', async () => {
    const webp = canvas2x2().encodeSync('webp', 100);
    expect(await draw(`<img src="${url(webp, 'image/webp')}" style="width: 2px">`, '2px 2px')).toEqual(['RR', 'BB']);
  });

  it('draws the first frame of a GIF', async () => {
    const encoder = new GifEncoder(2, 2);
    const rgba = new Uint8Array([255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]);
    encoder.addFrame(rgba, 2, 2);
    encoder.addFrame(new Uint8Array(16).fill(255), 2, 2);
    const gif = encoder.finish();
    expect(await draw(`<img src="${url(gif, 'image/gif')}" style="width: 2px">`, '2px 2px')).toEqual(['RR', 'BB']);
  });

  it('warns about an image it cannot read and renders on', async () => {
    await renderChecked('<img src="data:image/gif;base64,R0lGODlhAAAA" alt="logo">', {
      expectDiagnostics: [{ code: 'resource', message: /skipped: a damaged GIF file \(truncated GIF header\)/ }],
    });
  });

  it('warns, located, about a relative image URL when the render has no baseDir', async () => {
    const { diagnostics } = await renderChecked('<p>x</p>\n<img src="images/logo.png" alt="logo">\n<p style="background-image: url(bg.png)">y</p>', {
      templateName: 'relative.html',
      expectDiagnostics: [
        { code: 'resource', message: /images\/logo\.png is a relative URL and the render has no baseDir/ },
        { code: 'resource', message: /bg\.png is a relative URL/ },
      ],
    });
    expect(diagnostics.map(({ line, column }) => `${line}:${column}`)).toEqual(['2:1', '3:1']);
  });

  it('locates the warning of a damaged image where its URL was written', async () => {
    const badPng = `data:image/png;base64,${Buffer.from(png(4, 4).subarray(0, 40)).toString('base64')}`;
    const { diagnostics } = await renderChecked(`<p>x</p>\n  <img src="data:image/gif;base64,R0lGODlhAAAA">\n<div style="background-image: url(${badPng}); height: 4px"></div>`, {
      templateName: 'damaged.html',
      expectDiagnostics: [{ code: 'resource', message: /damaged GIF file/ }, { code: 'resource', message: /damaged PNG file/ }],
    });
    expect(diagnostics.map(({ file, line, column }) => ({ file, line, column }))).toEqual([
      { file: 'damaged.html', line: 2, column: 3 }, // the <img>
      { file: 'damaged.html', line: 3, column: 1 }, // the element whose style attribute holds the url()
    ]);
  });
});

/** `pdfimages -list`'s rows as "type width×height" (type: image or smask). */
function imageList(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, (path) => execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
    .split('\n').slice(2).filter((line) => line.trim() !== '')
    .map((line) => { const cells = line.trim().split(/\s+/); return `${cells[2]} ${cells[3]}×${cells[4]}`; }));
}

/** A GIF of `width` × `height` px (header and palette: red, green, blue, white; index 3 transparent) whose image data stops after `data`. */
function gif(width: number, height: number, data: readonly number[]): Uint8Array {
  const size = (n: number): number[] => [n & 0xff, n >> 8];
  return new Uint8Array([
    ...Buffer.from('GIF89a'), ...size(width), ...size(height), 0xf1, 0, 0,
    255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255,
    0x21, 0xf9, 4, 1, 0, 0, 3, 0, // graphic control: index 3 transparent
    0x2c, 0, 0, 0, 0, ...size(width), ...size(height), 0,
    2, data.length, ...data, 0, 0x3b,
  ]);
}

describe('images embedded from their decoded pixels', () => {
  it('gives a GIF with a transparent colour a soft mask: the background shows through', async () => {
    // LZW codes, least significant bit first: clear, 2 (blue), 3 (transparent), 2 in 3 bits; 3, end in 4
    const twoByTwo = gif(2, 2, [0xd4, 0x34, 0x05]);
    const body = `<img src="${url(twoByTwo, 'image/gif')}" style="width: 2px; background: red">`;
    expect(await draw(body, '2px 2px')).toEqual(['BR', 'BR']);
    expect(await imageList(await renderPdf(body))).toEqual(['image 2×2', 'smask 2×2']);
  });

  it('writes no soft mask for an opaque image', async () => {
    const webp = canvas2x2().encodeSync('webp', 100);
    expect(await imageList(await renderPdf(`<img src="${url(webp, 'image/webp')}" style="width: 2px">`))).toEqual(['image 2×2']);
  });

  it('decodes a file once for the process: a second document takes the pixels kept', async () => {
    const webp = createCanvas(3, 5).encodeSync('webp', 100); // a file no other test draws
    const decoded = (): { hits: number; misses: number } => cacheStats().find((cache) => cache.name === 'resources.decoded-pixels') ?? { hits: 0, misses: 0 };
    await renderPdf(`<img src="${url(webp, 'image/webp')}">`);
    const before = decoded();
    expect(await imageList(await renderPdf(`<p>another</p><img src="${url(webp, 'image/webp')}">`))).toEqual(['image 3×5', 'smask 3×5']);
    expect(decoded()).toMatchObject({ hits: before.hits + 1, misses: before.misses });
  });

  it('embeds a 600-byte GIF that declares 4 million pixels as small streams (FUZZ_SEED=8407: PNG re-encoding made it seconds and 700 MB)', async () => {
    const data = Array.from({ length: 250 }, (_, i) => (i * 151 + 7) & 0xff);
    const bomb = gif(2000, 2000, data);
    expect(bomb.length).toBeLessThan(600);
    const pdf = await renderPdf(`<img src="${url(bomb, 'image/gif')}" style="width: 100px">`);
    expect(await imageList(pdf)).toEqual(['image 2000×2000', 'smask 2000×2000']);
    expect(pdf.length).toBeLessThan(60_000);
  });
});

describe('object-fit and object-position', () => {
  const red = url(png(2, 1, [255, 0, 0]), 'image/png');

  it('places a contained image by object-position', async () => {
    expect(await draw(`<img src="${red}" style="width: 4px; height: 4px; object-fit: contain; object-position: 0 100%">`, '4px 4px')).toEqual([
      '____', '____', 'RRRR', 'RRRR',
    ]);
  });

  it('places an unscaled image at an offset with object-fit: none', async () => {
    expect(await draw(`<img src="${red}" style="width: 4px; height: 3px; object-fit: none; object-position: right 1px top 1px">`, '4px 3px')).toEqual([
      '____', '_RR_', '____',
    ]);
  });
});

// CSS Images 5 §5.7, as Chromium 156 draws it: the part shown is the natural size; what lies beyond it shows in the content box
describe('object-view-box', () => {
  const rows = url(canvas2x2().encodeSync('png'), 'image/png');
  const img = (style: string): string => `<img src="${rows}" style="image-rendering: pixelated; ${style}">`;

  it('takes the part it shows as the natural size', async () => {
    expect(await draw(img('width: 4px'), '4px 4px')).toEqual(['RRRR', 'RRRR', 'BBBB', 'BBBB']);
    expect(await draw(img('width: 4px; object-view-box: inset(50% 0 0 0)'), '4px 4px')).toEqual(['BBBB', 'BBBB', '____', '____']);
    expect(await draw(img('width: 4px; object-view-box: xywh(0 0 100% 1px)'), '4px 4px')).toEqual(['RRRR', 'RRRR', '____', '____']);
  });

  it('fits the part by object-fit and shows the rest of the image around it in the content box', async () => {
    expect(await draw(img('width: 4px; height: 4px; object-fit: contain; object-view-box: inset(0 0 50% 0)'), '4px 4px')).toEqual(['____', 'RRRR', 'RRRR', 'BBBB']);
  });
});
