/**
 * Whole-pipeline pixel tests: tiny pages, rendered and rasterized at 96 dpi without
 * antialiasing (1 CSS px = 1 pixel), compared with ASCII pictures.
 */
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const pixels = (css: string, body: string): Promise<string[][]> => renderPixels(`<style>body { margin: 0 } ${css}</style>${body}`);

describe('block boxes, painted', () => {
  it('paints a background inside margins', async () => {
    const [page] = await pixels('@page { size: 10px 6px; margin: 0 } div { margin: 1px 2px; height: 4px; background: red }', '<div></div>');
    expect(page).toEqual([
      '__________',
      '__RRRRRR__',
      '__RRRRRR__',
      '__RRRRRR__',
      '__RRRRRR__',
      '__________',
    ]);
  });

  it('paints per-side border colours with the padding box inside', async () => {
    const [page] = await pixels(
      '@page { size: 8px 8px; margin: 1px } div { height: 2px; padding: 1px; border: 1px solid; border-color: red blue lime #ff00ff; background: yellow }',
      '<div></div>');
    expect(page).toEqual([
      '________',
      '_RRRRRR_',
      '_MYYYYB_',
      '_MYYYYB_',
      '_MYYYYB_',
      '_MYYYYB_',
      '_MGGGGB_', // 1px corners: the diagonal through the pixel centre gives it to the vertical side
      '________',
    ]);
  });

  it('collapses margins and honours box-sizing', async () => {
    const [page] = await pixels(
      '@page { size: 6px 8px; margin: 0 } div { height: 2px; background: blue } .a { margin-bottom: 2px } .b { margin-top: 1px; box-sizing: border-box; width: 4px; padding: 0 1px; background: red }',
      '<div class=a></div><div class=b></div>');
    expect(page).toEqual([
      'BBBBBB',
      'BBBBBB',
      '______',
      '______',
      'RRRR__',
      'RRRR__',
      '______',
      '______',
    ]);
  });

  it('continues on a second page of the @page size', async () => {
    const pages = await pixels('@page { size: 4px 3px; margin: 0 } div { height: 2px; background: red } div + div { background: blue }', '<div></div><div></div>');
    // the second box's height is carried over the page end, as Chromium prints it (before: moved whole)
    expect(pages).toEqual([
      ['RRRR', 'RRRR', 'BBBB'],
      ['BBBB', '____', '____'],
    ]);
  });

  it('paints the html background over the whole page', async () => {
    // As in WeasyPrint: the root background is the canvas of the page area (inside the page margins).
    const [page] = await pixels('@page { size: 5px 4px; margin: 1px } html { background: lime } div { height: 1px; background: red }', '<div></div>');
    expect(page).toEqual(['_____', '_RRR_', '_GGG_', '_____']);
  });
});
