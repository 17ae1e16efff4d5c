/**
 * Lists, rendered (CSS Lists 3): marker positions and images in tiny pages rasterized at 1 CSS px
 * per pixel. The `wp` font (WeasyPrint's test font) draws every character as a full em square,
 * so a 2px marker `1. ` is two 2px squares and a 2px space.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

async function pixels(css: string, body: string, expectDiagnostics: readonly ExpectedDiagnostic[] = []): Promise<string[]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } body { margin: 0; font-family: wp } ${css}</style>${body}`;
  return renderPage(template, { baseDir: FONTS, expectDiagnostics });
}

/** A 4x4 PNG: a red top-left pixel, the rest blue (like WeasyPrint's pattern.png). */
function patternPng(): string {
  return pngDataUrl(pixelRows(4, 4, (x, y) => (x === 0 && y === 0 ? [255, 0, 0, 255] : [0, 0, 255, 255])));
}

const LIST = '@page { size: 12px 4px; margin: 0 } ol, ul { margin: 0; font: 2px/1 wp; color: red } li::marker { color: blue }';

describe('outside markers', () => {
  it('end at the item\'s border edge, on the first line\'s baseline', async () => {
    expect(await pixels(`${LIST} ol { padding-left: 7px }`, '<ol><li>ab</li></ol>')).toEqual([
      '_BBBB__RRRR_',
      '_BBBB__RRRR_',
      '____________',
      '____________',
    ]);
  });

  it('stand outside the item\'s border box: its padding and border stay between marker and text, as Chromium places them', async () => {
    expect(await pixels(`${LIST} ol { padding-left: 2px } li { padding-left: 3px; border-left: 1px solid lime } li::marker { content: "1" }`, '<ol><li>a</li></ol>')).toEqual([
      'BBG___RR____',
      'BBG___RR____',
      '____________',
      '____________',
    ]);
  });

  it('align with the first line of a block first child', async () => {
    expect(await pixels(`${LIST} ol { padding-left: 6px } div { margin-top: 2px }`, '<ol><li><div>a</div></li></ol>')).toEqual([
      '____________',
      '____________',
      'BBBB__RR____',
      'BBBB__RR____',
    ]);
  });

  it('take the ::marker font size and sit on the same baseline, the line going down to make room', async () => {
    // The 10px marker's baseline is 8px below its top: the 5px text's line (baseline 4px below its
    // top) goes 4px down, as in Chromium, and the marker starts at the item's top.
    const css = '@page { size: 16px 10px; margin: 0 } ol { margin: 0; padding-left: 10px; font: 5px/1 wp; color: red } li::marker { color: blue; font-size: 10px; content: "1" }';
    const marker = 'BBBBBBBBBB______';
    const both = 'BBBBBBBBBBRRRRR_';
    expect(await pixels(css, '<ol><li>a</li></ol>')).toEqual([marker, marker, marker, marker, both, both, both, both, both, marker]);
  });

  it('sit at the right in right-to-left items, in visual order', async () => {
    // `1 ` in a right-to-left item: the space is on the left, next to the content.
    expect(await pixels(`${LIST} ol { padding: 0 5px 0 0; direction: rtl } li::marker { content: "1 " }`, '<ol><li>a</li></ol>')).toEqual([
      '_____RR__BB_',
      '_____RR__BB_',
      '____________',
      '____________',
    ]);
  });
});

describe('inside markers', () => {
  it('are the first inline content of the item', async () => {
    expect(await pixels(`${LIST} ol { padding-left: 1px; list-style-position: inside }`, '<ol><li>ab</li></ol>')).toEqual([
      '_BBBB__RRRR_',
      '_BBBB__RRRR_',
      '____________',
      '____________',
    ]);
  });
});

describe('list-style-image', () => {
  const css = `@page { size: 12px 6px; margin: 0 } ul { margin: 1px 0 0 6px; padding: 0; font: 2px/1 wp; list-style: url(${patternPng()}) }`;
  it('outside: the image ends at the content edge (as WeasyPrint\'s tests want; Chromium leaves 7 px)', async () => {
    expect(await pixels(css, '<ul><li></li></ul>')).toEqual([
      '____________',
      '__RBBB______',
      '__BBBB______',
      '__BBBB______',
      '__BBBB______',
      '____________',
    ]);
  });

  it('inside: the image starts the line, the text 7 px after it (on the baseline, the image\'s bottom)', async () => {
    expect(await pixels(`${css} @page { size: 20px 6px } ul { list-style-position: inside; color: red }`, '<ul><li>a</li></ul>')).toEqual([
      '____________________',
      '______RBBB__________',
      '______BBBB__________',
      '______BBBB_______RR_',
      '______BBBB_______RR_',
      '____________________',
    ]);
  });

  it('inside: the image starts the line', async () => {
    expect(await pixels(`${css} ul { list-style-position: inside }`, '<ul><li></li></ul>')).toEqual([
      '____________',
      '______RBBB__',
      '______BBBB__',
      '______BBBB__',
      '______BBBB__',
      '____________',
    ]);
  });

  it('sizes an image with no natural size in a square half the ascent across, by its ratio (Chromium\'s default object size)', async () => {
    // an SVG with only a 2:1 viewBox: 8 × 4 at a 16px ascent, on the baseline — not the item's width
    const image = `url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 1'><rect width='2' height='1' fill='red'/></svg>")`;
    const page = await pixels(`@page { size: 50px 24px; margin: 0 } ul { margin: 0; padding: 0; font: 20px/1 wp; list-style: inside ${image} }`, '<ul><li style="color: blue">a</li></ul>');
    expect(page.slice(11, 17).map((row) => row.slice(0, 10))).toEqual(['__________', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', '__________']);
  });

  it('falls back to list-style-type when the image does not load', async () => {
    expect(await pixels('@page { size: 12px 4px; margin: 0 } ul { margin: 0; padding-left: 6px; font: 2px/1 wp; color: red; list-style: "a " url(missing.png) }', '<ul><li>b</li></ul>',
      [{ code: 'resource', message: /image not loaded: cannot read .*missing\.png: no such file/ }])).toEqual([
      '__RR__RR____',
      '__RR__RR____',
      '____________',
      '____________',
    ]);
  });
});
