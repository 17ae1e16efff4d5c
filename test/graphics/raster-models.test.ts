/**
 * Raster colour models and encodings (fixtures made with ImageMagick, see test/fixtures/images):
 * CMYK JPEG, EXIF orientation, 16-bit, interlaced and palette-with-alpha PNG, checked in pixels;
 * `image-rendering` as the PDF /Interpolate flag; a missing image's `alt` text.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { jpegWithOrientation } from '../resources/image-bytes.js';

const IMAGES = fileURLToPath(new URL('../fixtures/images/', import.meta.url));
const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

function template(body: string, size: string): string {
  return `<style>@page { size: ${size}; margin: 0 } body { margin: 0 } img { display: block }</style>${body}`;
}

const render = (body: string, size: string): Promise<Uint8Array> => renderPdf(template(body, size), { baseDir: IMAGES });
const draw = (body: string, size: string, tolerance = 0): Promise<string[]> => renderPage(template(body, size), { baseDir: IMAGES }, { tolerance });

describe('raster colour models', () => {
  it('draws a CMYK JPEG as DeviceCMYK, not inverted', async () => {
    // 32×8: CMYK 0/100/100/0 then 100/100/0/0, which poppler shows as (235,26,35) and (45,48,144)
    const page = await renderPage(template('<img src="cmyk.jpg" style="width: 4px; height: 2px">', '4px 2px'), { baseDir: IMAGES }, { palette: { _: '#ffffff', r: '#eb1a23', b: '#2d3090' }, tolerance: 24 });
    expect(page!.map((row) => row[0]! + row[3]!)).toEqual(['rb', 'rb']);
  });

  it('turns a JPEG by its EXIF orientation (6: 90° clockwise)', async () => {
    const bytes = jpegWithOrientation(6, false, new Uint8Array(readFileSync(`${IMAGES}red-blue.jpg`)));
    const src = `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
    // stored 32×8 red|blue, shown 8×32 with red on top
    expect(await draw(`<img src="${src}" style="width: 2px">`, '2px 8px', 40)).toEqual(['RR', 'RR', 'RR', 'RR', 'BB', 'BB', 'BB', 'BB']);
  });

  it('draws a 16-bit PNG', async () => {
    expect(await draw('<img src="rgb16.png" style="width: 4px">', '4px 2px')).toEqual(['RRBB', 'RRBB']);
  });

  it('draws an interlaced (Adam7) PNG', async () => {
    expect(await draw('<img src="interlaced.png" style="width: 4px">', '4px 8px')).toEqual([
      'RRRR', 'RRRR', 'RRRR', 'RRRR', 'BBBB', 'BBBB', 'BBBB', 'BBBB',
    ]);
  });

  it('draws a palette PNG with transparency over the background', async () => {
    expect(await draw('<img src="palette-alpha.png" style="width: 4px; background: blue">', '4px 2px')).toEqual(['RRBB', 'RRBB']);
  });
});

async function interpolateFlags(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, (path) => {
    const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1' });
    return [...qdf.matchAll(/\/Interpolate (true|false)/g)].map((m) => m[1]!);
  });
}

describe('image-rendering', () => {
  it('writes /Interpolate false for pixelated, true for smooth, nothing for auto', async () => {
    expect(await interpolateFlags(await render('<img src="rgb16.png" style="image-rendering: pixelated">', '8px 8px'))).toEqual(['false']);
    expect(await interpolateFlags(await render('<img src="rgb16.png" style="image-rendering: smooth">', '8px 8px'))).toEqual(['true']);
    expect(await interpolateFlags(await render('<img src="rgb16.png">', '8px 8px'))).toEqual([]);
  });

  it('applies to background images and inherits', async () => {
    expect(await interpolateFlags(await render('<div style="image-rendering: crisp-edges"><p style="margin: 0; height: 4px; background: url(rgb16.png)"></p></div>', '8px 8px'))).toEqual(['false']);
  });
});

describe('broken images', () => {
  it('draws the alt text of a missing image in its box, with a warning', async () => {
    const page = await renderPage(
      template('<style>@font-face { font-family: wp; src: url(weasyprint.otf) }</style><img src="missing.png" alt="A" style="width: 6px; height: 4px; font: 5px wp; color: red; border-left: 1px solid blue">', '8px 5px'),
      { baseDir: FONTS, expectDiagnostics: [{ code: 'resource', message: /^image not loaded: .*missing\.png/ }] },
    );
    // the glyph is 5 px square from 4 px above the baseline: clipped to the 6×4 content box
    expect(page).toEqual(['BRRRRR__', 'BRRRRR__', 'BRRRRR__', 'BRRRRR__', '________']);
  });
});
