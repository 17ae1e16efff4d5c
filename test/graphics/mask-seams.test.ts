/**
 * Raster mask sources tiled with `repeat` / `round` (CSS Masking 1 §6, §7), rasterized at 300 dpi
 * with antialiasing (as viewers draw): the tiles are composed into one image, so no hairline of
 * what the mask hides shows where tiles meet.
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

/** A 3 × 3 opaque source with a transparent middle. */
const FRAME = pngDataUrl(pixelRows(3, 3, (x, y) => (x === 1 && y === 1 ? [0, 0, 0, 0] : [0, 0, 0, 255])));
/** A 3 × 3 wholly opaque source. */
const SOLID = pngDataUrl(pixelRows(3, 3, () => [0, 0, 0, 255]));

/** Device pixels along the row at CSS y, from x0 to x1 px, that are off blue by more than 8. */
async function offBlueRow(css: string, y: number, x0: number, x1: number): Promise<string[]> {
  const pdf = await renderPdf(`<style>@page { size: 120px 40px; margin: 0 } body { margin: 0 }
    div { margin: 5px; width: 97.3px; height: 20px; background: blue; ${css} }</style><div></div>`);
  const image = await withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-singlefile', '-r', String(DPI), path, join(folder, 'page')]);
    return decodePng(readFileSync(join(folder, 'page.png')));
  });
  const row = Math.floor((y * DPI) / 96);
  const wrong: string[] = [];
  for (let device = Math.ceil((x0 * DPI) / 96); device < (x1 * DPI) / 96 - 1; device++) {
    const i = (row * image.width + device) * image.channels;
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    if (r > 8 || g > 8 || b < 247) wrong.push(`${device}: ${r},${g},${b}`);
  }
  return wrong;
}

describe('tiled raster masks', () => {
  it('mask-image with repeat and round: no seam between tiles', async () => {
    expect(await offBlueRow(`mask: url("${SOLID}") 0 0 / 3.3px 3.3px repeat`, 11, 5, 102)).toEqual([]);
    expect(await offBlueRow(`mask: url("${SOLID}") 0 0 / 3.3px 3.3px round`, 11, 5, 102)).toEqual([]);
  });

  it('mask-border with repeat and round: no seam between tiles', async () => {
    // the top edge of the frame, between the corners, at the middle of its 3.3px width
    expect(await offBlueRow(`mask-border: url("${FRAME}") 1 / 3.3px repeat`, 5 + 1.65, 9, 99)).toEqual([]);
    expect(await offBlueRow(`mask-border: url("${FRAME}") 1 / 3.3px round`, 5 + 1.65, 9, 99)).toEqual([]);
  });
});
