/**
 * `border-image` with `repeat` and `round` tiles from a raster source, rasterized at 300 dpi with
 * antialiasing (as viewers draw): the frame is one composed image, so no hairline seam shows
 * where tiles meet (tiles drawn one by one, each clipped, leave lighter lines in every viewer).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import { decodePng } from '../helpers/pixels.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const DPI = 300;

/** A 3 × 3 source: blue frame cells around a transparent middle. */
const FRAME = pngDataUrl(pixelRows(3, 3, (x, y) => (x === 1 && y === 1 ? [0, 0, 0, 0] : [0, 0, 255, 255])));

/** The 300 dpi page as a function from CSS px to RGB. */
async function raster(html: string): Promise<(x: number, y: number) => [number, number, number]> {
  const pdf = await renderPdf(html);
  const image = await withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-singlefile', '-r', String(DPI), path, join(folder, 'page')]);
    return decodePng(readFileSync(join(folder, 'page.png')));
  });
  return (x, y) => {
    const i = (Math.floor((y * DPI) / 96) * image.width + Math.floor((x * DPI) / 96)) * image.channels;
    return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
  };
}

/** The same frame as an SVG document. */
const SVG_FRAME = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"><path d="M0 0h3v3h-3z M1 1v1h1v-1z" fill="blue" fill-rule="evenodd"/></svg>')}`;

/** Every device pixel along the middle of the top border (between the corners), off blue by more than `tolerance`. */
async function offBlue(repeat: string, tolerance: number, source = FRAME): Promise<string[]> {
  const at = await raster(`<style>@page { size: 120px 40px; margin: 0 } body { margin: 0 }
    div { margin: 5px; width: 97.3px; height: 20px; border: 3.3px solid black; border-image: url("${source}") 1 ${repeat} }</style><div></div>`);
  const wrong: string[] = [];
  const y = 5 + 3.3 / 2;
  for (let device = Math.ceil(((5 + 3.3) * DPI) / 96); device < ((5 + 3.3 + 97.3) * DPI) / 96 - 1; device++) {
    const [r, g, b] = at((device * 96) / DPI + 0.01, y);
    if (r > tolerance || g > tolerance || b < 255 - tolerance) wrong.push(`${device}: ${r},${g},${b}`);
  }
  return wrong;
}

describe('border-image tiles from a raster image', () => {
  it('repeat: no seam between tiles', async () => {
    expect(await offBlue('repeat', 8)).toEqual([]);
  });

  it('round: no seam between tiles', async () => {
    expect(await offBlue('round', 8)).toEqual([]);
  });
});

describe('border-image tiles from an SVG image or a gradient (rasterised, then composed)', () => {
  it('repeat and round: no seam between tiles', async () => {
    expect(await offBlue('repeat', 8, SVG_FRAME)).toEqual([]);
    expect(await offBlue('round', 8, SVG_FRAME)).toEqual([]);
  });

  it('a gradient source cut into many tiles: no seam between them', async () => {
    const at = await raster(`<style>@page { size: 120px 40px; margin: 0 } body { margin: 0 }
      div { margin: 5px; width: 97.3px; height: 20px; border: 3.3px solid black; border-image: linear-gradient(90deg, blue, #0000fe) 45% / 3.3px repeat }</style><div></div>`);
    const wrong: string[] = [];
    for (let device = Math.ceil(((5 + 3.3) * DPI) / 96); device < ((5 + 3.3 + 97.3) * DPI) / 96 - 1; device++) {
      const [r, g, b] = at((device * 96) / DPI + 0.01, 5 + 3.3 / 2);
      if (r > 8 || g > 8 || b < 247) wrong.push(`${device}: ${r},${g},${b}`);
    }
    expect(wrong).toEqual([]);
  });
});
