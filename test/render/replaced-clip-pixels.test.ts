/**
 * A replaced element's image is trimmed to the curve of its content edge (CSS Backgrounds 3 §5.3):
 * the round avatar of a CV, `border-radius: 50%` on an `<img>`.
 */
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';

const RED = pngDataUrl(pixelRows(4, 4, () => [255, 0, 0, 255]));
const pixels = (css: string, body: string): Promise<string[][]> => renderPixels(`<style>@page { margin: 0 } body { margin: 0 } ${css}</style>${body}`);

/** A 10 px red image trimmed by a 5 px radius (the same picture for a block and an inline image). */
const RED_DISC = [
  '___RRRR___',
  '_RRRRRRRR_',
  '_RRRRRRRR_',
  'RRRRRRRRRR',
  'RRRRRRRRRR',
  'RRRRRRRRRR',
  'RRRRRRRRRR',
  '_RRRRRRRR_',
  '_RRRRRRRR_',
  '___RRRR___',
];

describe('rounded replaced elements', () => {
  it('an image with border-radius: 50% is drawn as a circle', async () => {
    const [page] = await pixels('@page { size: 10px 10px } img { display: block; width: 10px; height: 10px; border-radius: 50% }', `<img src="${RED}">`);
    expect(page).toEqual(RED_DISC);
  });

  it('inside a border, the image follows the inner curve; object-fit: cover stays inside it', async () => {
    const [page] = await pixels('@page { size: 12px 12px } img { display: block; width: 8px; height: 8px; border: 2px solid blue; border-radius: 6px; object-fit: cover }', `<img src="${RED}">`);
    expect(page).toEqual([
      '____BBBB____',
      '__BBBBBBBB__',
      '_BBBRRRRBBB_',
      '_BBRRRRRRBB_',
      'BBRRRRRRRRBB',
      'BBRRRRRRRRBB',
      'BBRRRRRRRRBB',
      'BBRRRRRRRRBB',
      '_BBRRRRRRBB_',
      '_BBBRRRRBBB_',
      '__BBBBBBBB__',
      '____BBBB____',
    ]);
  });

  it('an inline image (an atomic inline) is clipped too', async () => {
    const [page] = await pixels('@page { size: 10px 10px } body { line-height: 0 } img { width: 10px; height: 10px; border-radius: 5px }', `<img src="${RED}">`);
    expect(page).toEqual(RED_DISC);
  });
});
