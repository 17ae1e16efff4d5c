/**
 * `image-rendering: pixelated` in print: an image drawn larger than its pixels is embedded
 * enlarged with nearest-neighbour sampling, so it shows blocks even where viewers smooth.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.js';
import { rasterize } from '../helpers/pixels.js';
import { pngDataUrl } from '../helpers/png.js';

const engine = createEngine();
const R = [255, 0, 0, 255] as const;
const B = [0, 0, 255, 255] as const;
const CHECKER = pngDataUrl([[R, B], [B, R]]);

async function draw(style: string): Promise<string[]> {
  const template = `<style>@page { size: 8px 8px; margin: 0 } body { margin: 0 } img { display: block; width: 8px; height: 8px; ${style} }</style><img src="${CHECKER}">`;
  const result = await engine.renderDetailed({ template });
  expect(result.diagnostics.map((d) => d.message)).toEqual([]);
  return (await rasterize(result.pdf))[0]!;
}

describe('pixelated upscaling', () => {
  it('draws each source pixel as a block', async () => {
    expect(await draw('image-rendering: pixelated')).toEqual([
      'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR', 'BBBBRRRR',
    ]);
  });

  it('leaves smooth images to the viewer', async () => {
    expect((await draw('image-rendering: smooth')).join('')).toContain('?');
  });
});
