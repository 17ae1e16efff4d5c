/**
 * `image-rendering: pixelated` in print: an image drawn larger than its pixels is embedded
 * enlarged with nearest-neighbour sampling, so it shows blocks even where viewers smooth.
 */
import { describe, expect, it } from 'vitest';
import { pngDataUrl } from '../helpers/png.js';
import { renderPage } from '../helpers/render.js';

const R = [255, 0, 0, 255] as const;
const B = [0, 0, 255, 255] as const;
const CHECKER = pngDataUrl([[R, B], [B, R]]);

function draw(style: string): Promise<string[]> {
  return renderPage(`<style>@page { size: 8px 8px; margin: 0 } body { margin: 0 } img { display: block; width: 8px; height: 8px; ${style} }</style><img src="${CHECKER}">`);
}

describe('pixelated upscaling', () => {
  it('draws each source pixel as a block', async () => {
    expect(await draw('image-rendering: pixelated')).toEqual([
      'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR',
    ]);
  });

  it('stays blocky when a transform enlarges it', async () => {
    // a 2 × 2 image at 4px under scale(2): 8 device px, blocks of 4 × 4 up to the image's edges
    // (the div is 4px wide so that, scaled, it still fits the 8px page: no content-width warning)
    const html = `<style>@page { size: 8px 8px; margin: 0 } body { margin: 0 } div { width: 4px; transform: scale(2); transform-origin: 0 0; image-rendering: pixelated; font-size: 0 }
      img { width: 4px; height: 4px }</style><div><img src="${CHECKER}"></div>`;
    expect(await renderPage(html)).toEqual(['RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR']);
  });

  it('leaves smooth images to the viewer', async () => {
    expect((await draw('image-rendering: smooth')).join('')).toContain('?');
  });
});
