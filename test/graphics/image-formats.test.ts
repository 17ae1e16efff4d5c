/**
 * Raster formats beyond PNG/JPEG (GIF first frame, WebP) decoded through Skia, and object-fit /
 * object-position, painted on tiny pages.
 */
import { createCanvas, GifEncoder } from '@napi-rs/canvas';
import type { Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { renderChecked, renderPage } from '../helpers/render.js';
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
