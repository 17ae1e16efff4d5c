/**
 * Background bleed avoidance (paint/bleed-avoidance.ts), as Chromium 156 paints it: under an
 * opaque border with rounded corners the background is drawn inset by half each border width (a
 * sixth when a side is double), so that its anti-aliased edge lies under the border; otherwise it
 * reaches the border box's outer edge. The fringe it avoided: a red background painted to the
 * outer edge of a grey rounded border shows red outside the curve once a viewer anti-aliases.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { pathBounds } from '../../src/paint/svg-geometry.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';
import { decodePng } from '../helpers/pixels.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

/** The bounds of the page's background fill (the first red shape), in px. */
async function backgroundBounds(css: string): Promise<{ x0: number; y0: number; x1: number; y1: number }> {
  const doc = await layoutInFrames(`<style>@page { size: 100px 60px; margin: 0 } body { margin: 0 }
    div { margin: 10px; width: 40px; height: 20px; background: red; ${css} }</style><div></div>`);
  expect(doc.diagnostics).toEqual([]);
  const fill = paintPage(doc.pages[0]!).items.find((item): item is Extract<DisplayItem, { kind: 'fill-path' | 'fill-rect' }> =>
    (item.kind === 'fill-path' || item.kind === 'fill-rect') && item.color.r === 255 && item.color.g === 0);
  if (fill === undefined) throw new Error('no background');
  const b = fill.kind === 'fill-rect' ? fill.rect : pathBounds(fill.path);
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return { x0: round(b.x), y0: round(b.y), x1: round(b.x + b.width), y1: round(b.y + b.height) };
}

describe('the background under a rounded border', () => {
  it('is inset by half each side\'s width under an opaque border', async () => {
    // border box 10..56 × 10..34 (4px and 2px borders)
    expect(await backgroundBounds('border: 2px solid #333; border-left-width: 4px; border-radius: 6px')).toEqual({ x0: 12, y0: 11, x1: 55, y1: 33 });
  });

  it('is inset by a sixth of the widths when a side is double', async () => {
    expect(await backgroundBounds('border: 6px double #333; border-radius: 8px')).toEqual({ x0: 11, y0: 11, x1: 61, y1: 41 });
  });

  it('reaches the outer edge under square corners, a translucent, dashed or dotted side, or a border image', async () => {
    const outer = { x0: 10, y0: 10, x1: 56, y1: 34 };
    for (const css of [
      'border: 2px solid #333; border-left-width: 4px',
      'border: 2px solid #333; border-left: 4px solid rgba(0, 0, 0, 0.5); border-radius: 6px',
      'border: 2px solid #333; border-left: 4px dashed #333; border-radius: 6px',
      'border: 2px solid #333; border-left: 4px dotted #333; border-radius: 6px',
      'border: 2px solid #333; border-left-width: 4px; border-radius: 6px; border-image: linear-gradient(blue, lime) 1',
    ]) expect(await backgroundBounds(css), css).toEqual(outer);
  });

  it('covers a padding-box clip as before: the clip is already inside the border', async () => {
    expect(await backgroundBounds('border: 2px solid #333; border-left-width: 4px; border-radius: 6px; background-clip: padding-box')).toEqual({ x0: 14, y0: 12, x1: 54, y1: 32 });
  });

  it('leaves no fringe of its colour outside the border\'s curve once anti-aliased', async () => {
    const pdf = await renderPdf(`<style>@page { size: 60px 40px; margin: 0 } body { margin: 0 }
      div { margin: 5px; width: 48px; height: 28px; border: 1px solid #333; border-radius: 12px; background: red }</style><div></div>`);
    const reddish = await withPdfFile(pdf, async (path, folder) => {
      await run('pdftocairo', ['-png', '-r', '384', '-singlefile', path, join(folder, 'page')]);
      const image = decodePng(readFileSync(join(folder, 'page.png')));
      let count = 0;
      // the corners' outside: a pixel whose red stands out of its grey is the background showing through
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * image.channels;
          const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
          const outside = isOutsideRoundedBox(x / 4, y / 4);
          if (outside && r - Math.max(g, b) > 6) count++;
        }
      }
      return count;
    });
    expect(reddish).toBe(0);
  });
});

/** Whether a point (px) lies outside the box's outer curve by more than a quarter pixel: border box 5..55 × 5..35, radius 12. */
function isOutsideRoundedBox(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, 17), 43);
  const cy = Math.min(Math.max(y, 17), 23);
  return Math.hypot(x - cx, y - cy) > 12.25;
}
