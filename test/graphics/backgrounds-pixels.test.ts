/**
 * Backgrounds, gradients, shadows and outlines, painted (CSS Backgrounds 3, CSS Images 3):
 * tiny pages rasterized at 96 dpi without antialiasing, compared with ASCII pictures.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodePng } from '../helpers/pixels.js';
import { renderPage, renderPdf, renderPixels } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { png } from '../resources/image-bytes.js';

const dataUrl = (bytes: Uint8Array, type = 'image/png'): string => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const RED_2x2 = dataUrl(png(2, 2, [255, 0, 0]));

const run = promisify(execFile);
const render = (css: string, body: string): Promise<string[]> => renderPage(`<style>@page { margin: 0 } body { margin: 0 } ${css}</style>${body}`);

describe('gradients', () => {
  it('paints a linear gradient with hard stops as bands', async () => {
    expect(await render('@page { size: 4px 6px } div { height: 6px; background: linear-gradient(red 2px, blue 0, blue 4px, lime 0) }', '<div></div>')).toEqual([
      'RRRR', 'RRRR', 'BBBB', 'BBBB', 'GGGG', 'GGGG',
    ]);
  });

  it('follows the direction keywords and angles', async () => {
    expect(await render('@page { size: 6px 2px } div { height: 2px; background: linear-gradient(to left, red 50%, blue 50%) }', '<div></div>')).toEqual(['BBBRRR', 'BBBRRR']);
    expect(await render('@page { size: 6px 2px } div { height: 2px; background: linear-gradient(90deg, red 50%, blue 50%) }', '<div></div>')).toEqual(['RRRBBB', 'RRRBBB']);
  });

  it('repeats a repeating-linear-gradient', async () => {
    expect(await render('@page { size: 8px 2px } div { height: 2px; background: repeating-linear-gradient(to right, red 0 2px, blue 2px 4px) }', '<div></div>')).toEqual(['RRBBRRBB', 'RRBBRRBB']);
  });

  it('paints a radial gradient around its centre', async () => {
    expect(await render('@page { size: 6px 6px } div { height: 6px; background: radial-gradient(circle 2px, red 99%, blue 100%) }', '<div></div>')).toEqual([
      'BBBBBB', 'BBRRBB', 'BRRRRB', 'BRRRRB', 'BBRRBB', 'BBBBBB',
    ]);
  });

  it('paints a repeating radial gradient in rings', async () => {
    const page = await render('@page { size: 10px 10px } div { height: 10px; background: repeating-radial-gradient(circle, red 0 2px, blue 2px 4px) }', '<div></div>');
    // red at the centre and from 4px out, blue between (poppler's cairo backend softens the ring edges)
    expect([page[4]![0], page[4]![4], page[4]![5], page[4]![9]]).toEqual(['R', 'R', 'R', 'R']);
    expect(page[4]![2]).not.toBe('R');
    expect(page[4]![2]).not.toBe('_');
  });

  it('paints a conic gradient in quarters', async () => {
    expect(await render('@page { size: 4px 4px } div { height: 4px; background: conic-gradient(red 25%, blue 0 50%, lime 0 75%, yellow 0) }', '<div></div>')).toEqual([
      'YYRR', 'YYRR', 'GGBB', 'GGBB',
    ]);
  });

  it('takes a conic stop position from a math function of percentages (donut charts)', async () => {
    // `calc(var(--p) * 1%)`: Chromium paints these quarters; the stops used to be refused
    expect(await render('@page { size: 4px 4px } div { --p: 25; height: 4px; background: conic-gradient(red calc(var(--p) * 1%), blue 0 calc(2 * 25%), lime 0 min(75%, 80%), yellow 0) }', '<div></div>')).toEqual([
      'YYRR', 'YYRR', 'GGBB', 'GGBB',
    ]);
  });

  it('keeps the first slice\'s edge straight: the last slice does not spill onto it', async () => {
    // from 90deg at the left middle: the first slice (red) starts on the horizontal ray; the last
    // one (blue) used to reach half a degree past it, 0.9px at 100px out (Chromium: straight)
    const page = await render('@page { size: 100px 20px } div { height: 20px; background: conic-gradient(from 90deg at 0 50%, red 0 90deg, blue 90deg) }', '<div></div>');
    expect(new Set(page.slice(0, 10))).toEqual(new Set(['B'.repeat(100)]));
    expect(new Set(page.slice(10))).toEqual(new Set(['R'.repeat(100)]));
  });

  it('paints a translucent conic gradient without darker seams where its wedges meet', async () => {
    // a voucher's glow: conic-gradient(rgba(…, .5), rgba(…, .52)) over white is about #7f7fff
    // everywhere in Chromium 156; each wedge reaching half a degree under the next painted the
    // overlap twice (#3f3fff-ish rays one degree apart)
    const page = await renderPage('<style>@page { size: 40px 40px; margin: 0 } body { margin: 0 } div { height: 40px; background: conic-gradient(rgb(0 0 255 / .5), rgb(0 0 255 / .52)) }</style><div></div>', {}, { palette: { H: '#7d7dff' }, tolerance: 4 });
    expect(page.join('').replace(/H/g, '')).toBe('');
  });

  it('resolves currentcolor in stops and a single stop', async () => {
    expect(await render('@page { size: 2px 2px } div { height: 2px; color: blue; background: linear-gradient(currentcolor) }', '<div></div>')).toEqual(['BB', 'BB']);
  });
});

describe('background images', () => {
  it('tiles a url() image from the padding box corner', async () => {
    expect(await render('@page { size: 6px 3px } div { height: 3px; background: url(' + RED_2x2 + ') }', '<div></div>')).toEqual([
      'RRRRRR', 'RRRRRR', 'RRRRRR',
    ]);
  });

  it('places a no-repeat image by background-position and size', async () => {
    expect(await render(`@page { size: 6px 4px } div { height: 4px; background: url(${RED_2x2}) no-repeat right 1px bottom 1px / 1px 1px }`, '<div></div>')).toEqual([
      '______', '______', '____R_', '______',
    ]);
  });

  it('places layers by background-position-x and -y, each list repeated over the layers on its own (as Chromium)', async () => {
    // three layers: x cycles 0, right 1px (the third layer's lime is at 0, under the red); y is
    // bottom for all; the longhands override the shorthand's 3px 1px
    const blue = dataUrl(png(1, 1, [0, 0, 255]));
    const lime = dataUrl(png(1, 1, [0, 255, 0]));
    const css = `@page { size: 6px 4px } div { height: 4px; background: url(${RED_2x2}) no-repeat, url(${blue}) no-repeat, url(${lime}) no-repeat 3px 1px;
      background-position-x: 0, right 1px; background-position-y: bottom }`;
    expect(await render(css, '<div></div>')).toEqual([
      '______', '______', 'RR____', 'RR__B_',
    ]);
    expect(await render(`@page { size: 6px 4px } div { height: 4px; background: url(${RED_2x2}) no-repeat center; background-position-y: top 1px }`, '<div></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
  });

  it('repeats along one axis with repeat-x over a colour', async () => {
    expect(await render(`@page { size: 6px 4px } div { height: 4px; background: blue url(${RED_2x2}) repeat-x 0 1px }`, '<div></div>')).toEqual([
      'BBBBBB', 'RRRRRR', 'RRRRRR', 'BBBBBB',
    ]);
  });

  it('spaces tiles with space and scales them with round', async () => {
    expect(await render(`@page { size: 11px 2px } div { height: 2px; background: url(${RED_2x2}) space; background-size: 3px 2px }`, '<div></div>')).toEqual([
      'RRR_RRR_RRR', 'RRR_RRR_RRR',
    ]);
    expect(await render(`@page { size: 5px 2px } div { height: 2px; background: url(${RED_2x2}) round, blue }`, '<div></div>')).toEqual(['RRRRR', 'RRRRR']);
  });

  // each tile was a shading of its own, named by counting the page's: 20,000px of 1px tiles took 26 s and 20 MB
  it('draws the tiles of a gradient as one shading in one pattern cell, each at its place', async () => {
    expect(await render('@page { size: 8px 2px } div { height: 2px; background: linear-gradient(to right, red 50%, blue 50%) 0 0 / 4px 2px space }', '<div></div>')).toEqual([
      'RRBBRRBB', 'RRBBRRBB',
    ]);
    const pdf = Buffer.from(await renderPdf('<style>@page { size: 40px 200px; margin: 0 } body { margin: 0 } div { height: 200px; background: radial-gradient(red, blue) 0 0 / 2px 2px space }</style><div></div>', { compress: false })).toString('latin1');
    expect(pdf.match(/\/ShadingType 3/g)).toHaveLength(1);
    // the box's 20 × 100 tiles: the tile once, in a tiling pattern
    expect(pdf.match(/\/PatternType 1/g)).toHaveLength(1);
    expect(pdf.match(/ sh\n/g)).toHaveLength(1);
  });

  // margin boxes that print the page count are drawn onto the page later, in a stream of their
  // own: its shadings must not take the names the page's own shadings have
  it('keeps the gradients of a page apart from those of its margin boxes drawn later', async () => {
    const page = await renderPage('<!DOCTYPE html><style>@page { size: 4px 4px; margin: 2px 0 0 0; @top-center { content: counter(pages); color: transparent; background: linear-gradient(lime 50%, black 50%) } }'
      + ' body { margin: 0 } div { height: 2px; background: linear-gradient(to right, red 50%, blue 50%) }</style><div></div>');
    expect(page).toEqual(['GGGG', 'KKKK', 'RRBB', 'RRBB']);
  });

  it('clips to the content box and positions from it', async () => {
    expect(await render(`@page { size: 6px 6px } div { height: 2px; padding: 1px; border: 1px solid blue; background: lime content-box }`, '<div></div>')).toEqual([
      'BBBBBB', 'B____B', 'B_GG_B', 'B_GG_B', 'B____B', 'BBBBBB',
    ]);
  });

  it('paints several layers, the first on top', async () => {
    expect(await render(`@page { size: 4px 2px } div { height: 2px; background: url(${RED_2x2}) no-repeat, linear-gradient(blue, blue) }`, '<div></div>')).toEqual([
      'RRBB', 'RRBB',
    ]);
  });

  it('positions a fixed background in the page area, on every page the box is on', async () => {
    // a 2x2 red square centred on each 6x6 page; the box (lime) is on y = 1-6 of page 1 (broken, it
    // extends to the page end, as Chromium prints it) and 0-3 of page 2 (the second paragraph's 4px
    // height carried over the page end, 1px then 3px)
    const fixed = `html { background: white } div { margin: 1px 1px 0; background: lime url(${RED_2x2}) no-repeat fixed center } p { margin: 0; height: 4px }`;
    const pixels = await renderPixels(`<style>@page { margin: 0; size: 6px 6px } body { margin: 0 } ${fixed}</style><div><p></p><p></p></div>`);
    expect(pixels).toEqual([
      ['______', '_GGGG_', '_GRRG_', '_GRRG_', '_GGGG_', '_GGGG_'],
      ['_GGGG_', '_GGGG_', '_GRRG_', '______', '______', '______'],
    ]);
    // in the page area, inside the page margins
    expect(await render(`@page { size: 8px 6px; margin: 1px 2px } div { height: 4px; background: url(${RED_2x2}) no-repeat fixed right bottom }`, '<div></div>')).toEqual([
      '________', '________', '________', '____RR__', '____RR__', '________',
    ]);
  });

  it('treats a fixed background in a transformed box as scroll', async () => {
    expect(await render(`@page { size: 6px 4px } div { margin-left: 2px; height: 4px; transform: translateX(0); background: url(${RED_2x2}) no-repeat fixed 0 0 }`, '<div></div>')).toEqual([
      '__RR__', '__RR__', '______', '______',
    ]);
  });

  it('paints @page background images over the whole page', async () => {
    expect(await render(`@page { size: 4px 2px; margin: 0 1px; background: url(${RED_2x2}) }`, '')).toEqual(['RRRR', 'RRRR']);
  });
});

describe('box-shadow and outline', () => {
  it('paints an outer shadow offset under the box, never inside it', async () => {
    expect(await render('@page { size: 6px 6px } div { margin: 1px; width: 3px; height: 3px; box-shadow: 1px 1px 0 1px red }', '<div></div>')).toEqual([
      '______', '____RR', '____RR', '____RR', '_RRRRR', '_RRRRR',
    ]);
  });

  it('paints an inset shadow inside the padding box', async () => {
    expect(await render('@page { size: 6px 6px } div { width: 6px; height: 6px; box-shadow: inset 2px 2px 0 blue }', '<div></div>')).toEqual([
      'BBBBBB', 'BBBBBB', 'BB____', 'BB____', 'BB____', 'BB____',
    ]);
  });

  it('blurs a shadow softly beyond the box', async () => {
    const page = await render('@page { size: 40px 40px } div { margin: 15px; width: 10px; height: 10px; background: lime; box-shadow: 0 0 8px black }', '<div></div>');
    expect(page[20]!.slice(15, 25)).toBe('GGGGGGGGGG');
    // grey pixels (not in the palette) around the box, white far away
    expect(page[20]![13]).toBe('?');
    expect(page[20]![0]).toBe('_');
    expect(page[0]![0]).toBe('_');
  });

  it('blurs a shadow with a Gaussian of half its blur radius, as Chromium prints it', async () => {
    // a 100 x 40 black box with `box-shadow: 0 0 20px black`: the greys 6 to 16px left of it in Chromium 156's
    // PDF (rasterised alike); three box blurs of the W3C recipe's width d + 1 for an even d made the shadow 18 %
    // wider (σ 11.8 where Chromium's fits 9.5), up to 10 levels darker here
    const pdf = await renderPdf('<style>@page { size: 200px 120px; margin: 0 } body { margin: 0 } div { margin: 40px 50px; width: 100px; height: 40px; background: #000; box-shadow: 0 0 20px #000 }</style><div></div>');
    const greys = await withPdfFile(pdf, async (path, folder) => {
      await run('pdftocairo', ['-png', '-r', '96', path, join(folder, 'page')]);
      const image = decodePng(readFileSync(join(folder, 'page-1.png')));
      return [34, 36, 38, 40, 42, 44].map((x) => image.data[(60 * image.width + x) * image.channels]!);
    });
    const chromium = [242, 234, 226, 215, 199, 183];
    expect(greys.map((grey, i) => Math.abs(grey - chromium[i]!)).every((off) => off <= 3), `greys ${greys.join(', ')}`).toBe(true);
  });

  it('draws an outline outside the border box with its offset', async () => {
    expect(await render('@page { size: 8px 8px } div { margin: 3px; width: 2px; height: 2px; outline: 1px solid red; outline-offset: 1px }', '<div></div>')).toEqual([
      '________', '_RRRRRR_', '_R____R_', '_R____R_', '_R____R_', '_R____R_', '_RRRRRR_', '________',
    ]);
  });
});
