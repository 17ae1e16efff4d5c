/**
 * `filter` (Filter Effects 1) in pixels: colour matrices on raster images (applied to the pixels)
 * and on painted colours, `opacity()`, `drop-shadow()` and chains applied in order. Expected
 * colours are the Filter Effects 1 §12 matrices on sRGB bytes, as Chromium prints them.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import type { Rgba } from '../helpers/png.js';
import { renderPage, renderPdf } from '../helpers/render.js';
import { cacheStats } from '../../src/cache/bounded.js';
import { withPdfFile } from '../helpers/tmp.js';

const RED: Rgba = [255, 0, 0, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
/** 8 × 8 red with a transparent 4 × 4 top-left quarter. */
const LOGO = pngDataUrl(pixelRows(8, 8, (x, y) => (x < 4 && y < 4 ? CLEAR : RED)));
const SOLID = pngDataUrl(pixelRows(8, 8, () => RED));

const PALETTE = {
  _: '#ffffff', K: '#000000', R: '#ff0000', B: '#0000ff', Y: '#ffff00', C: '#00ffff',
  // grayscale(1) of red: 0.2126 × 255
  g: '#363636',
  // sepia(1) of red: (0.393, 0.349, 0.272) × 255
  s: '#645945',
  // half of white or black
  h: '#808080',
  // sepia(1) of white: (1.351, 1.203, 0.937) clamped
  w: '#ffffef',
};

const draw = (size: string, css: string, html: string, expectDiagnostics: (string | RegExp)[] = []): Promise<string[]> =>
  renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } img, div { display: block } ${css}</style>${html}`, { expectDiagnostics }, { palette: PALETTE, tolerance: 1 });

const rows = (width: number, map: Record<number, string>, height: number): string[] =>
  Array.from({ length: height }, (_, i) => map[i] ?? '_'.repeat(width));

describe('filter: colour matrices', () => {
  it('applies grayscale and sepia to an image\'s pixels', async () => {
    const result = await draw('16px 8px', 'img { width: 8px; height: 8px; float: left }',
      `<img src="${SOLID}" style="filter: grayscale(1)"><img src="${SOLID}" style="filter: sepia(100%)">`);
    expect(result).toEqual(Array.from({ length: 8 }, () => 'gggggggg' + 'ssssssss'));
  });

  it('draws repeated filtered images each in its place, from one image in the PDF', async () => {
    const html = `<style>@page { size: 24px 8px; margin: 0 } body { margin: 0 } img { float: left; width: 8px; height: 8px; filter: grayscale(1) }</style>${`<img src="${LOGO}">`.repeat(3)}`;
    expect(await renderPage(html, {}, { palette: PALETTE, tolerance: 1 })).toEqual([
      ...Array.from({ length: 4 }, () => '____gggg'.repeat(3)),
      ...Array.from({ length: 4 }, () => 'gggggggg'.repeat(3)),
    ]);
    // the filtered copy and its alpha channel (a soft mask), once
    expect(Buffer.from(await renderPdf(html)).toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('keeps a small recoloured JPEG of flat colours lossless when that is smaller: no second pass\'s ringing at its hard edge', async () => {
    // 32 × 8, red and blue halves: its copy at JPEG quality 92 was 766 bytes with two off-colour columns at the edge
    const jpeg = readFileSync(new URL('../fixtures/images/red-blue.jpg', import.meta.url));
    const html = `<style>@page { size: 32px 8px; margin: 0 } body { margin: 0 }</style><img style="display: block; width: 32px; height: 8px; filter: grayscale(1)" src="data:image/jpeg;base64,${jpeg.toString('base64')}">`;
    const pdf = Buffer.from(await renderPdf(html)).toString('latin1');
    expect(pdf).not.toContain('/DCTDecode');
    expect(pdf).toContain('/FlateDecode');
  });

  it('keeps an image\'s transparency', async () => {
    const result = await draw('8px 8px', 'img { width: 8px; height: 8px }', `<img src="${LOGO}" style="filter: grayscale(1)">`);
    expect(result).toEqual([...Array.from({ length: 4 }, () => '____gggg'), ...Array.from({ length: 4 }, () => 'gggggggg')]);
  });

  it('recolours backgrounds, borders and text of a box', async () => {
    const result = await draw('8px 8px', 'div { width: 4px; height: 4px; background: red; border: 2px solid blue; filter: invert(1) }', '<div></div>');
    expect(result).toEqual(['YYYYYYYY', 'YYYYYYYY', 'YY____YY', 'YY____YY', 'YY____YY', 'YY____YY', 'YYYYYYYY', 'YYYYYYYY'].map((row) => row.replace(/_/g, 'C')));
  });

  it('chains functions in order, each clamped', async () => {
    // brightness(2) clamps white at white, then brightness(.5) halves it; sepia(1) of white clamps red and green
    const result = await draw('4px 2px', 'div { width: 4px; height: 1px; background: white }',
      '<div style="filter: brightness(2) brightness(.5)"></div><div style="filter: grayscale(1) sepia(1) grayscale(0)"></div>');
    expect(result[0]).toBe('hhhh');
    expect(result[1]).toBe('wwww');
  });
});

describe('filter: opacity() and drop-shadow()', () => {
  it('paints the element as a group with opacity()', async () => {
    expect(await draw('4px 2px', 'div { width: 4px; height: 1px; background: black; filter: opacity(50%) }', '<div></div>')).toEqual(['hhhh', '____']);
  });

  it('shadows a box offset, in the shadow colour, under it', async () => {
    expect(await draw('8px 8px', 'div { width: 4px; height: 4px; background: red; filter: drop-shadow(2px 2px blue) }', '<div></div>')).toEqual(rows(8, {
      0: 'RRRR____', 1: 'RRRR____', 2: 'RRRRBB__', 3: 'RRRRBB__', 4: '__BBBB__', 5: '__BBBB__',
    }, 8));
  });

  it('shadows only an image\'s opaque pixels', async () => {
    const result = await draw('12px 12px', 'img { width: 8px; height: 8px; filter: drop-shadow(4px 4px blue) }', `<img src="${LOGO}">`);
    expect(result).toEqual([
      ...Array.from({ length: 4 }, () => '____RRRR____'),
      ...Array.from({ length: 4 }, () => 'RRRRRRRRBBBB'),
      ...Array.from({ length: 4 }, () => '____BBBBBBBB'),
    ]);
  });

  it('blurs a card\'s shadow evenly around its offset shape, the blur length its standard deviation', async () => {
    const result = await draw('40px 40px', '.card { margin: 10px; width: 20px; height: 12px; background: red; filter: drop-shadow(0 4px 4px rgb(0 0 255 / .5)) }', '<div class="card"></div>');
    const tinted = (row: string): boolean => row.slice(10, 30).includes('?');
    // card rows 10-21; the shadow is moved 4px down and reaches about 3σ = 12px past the shape:
    // Chromium 156 tints 4 rows above the card and 12 below (with σ = blur / 2, 2 and 7); octavo's
    // blurred masks spread a little wider (6 and 15)
    expect(result.slice(0, 10).filter(tinted).length).toBeGreaterThanOrEqual(4);
    expect(result.slice(0, 10).filter(tinted).length).toBeLessThanOrEqual(6);
    expect(result.slice(22).filter(tinted).length).toBeGreaterThanOrEqual(12);
    expect(result.slice(22).filter(tinted).length).toBeLessThanOrEqual(15);
    // left and right alike, and never the shadow's full colour outside the card
    expect(result.map((row) => [...row].reverse().join(''))).toEqual(result);
    expect(result.join('')).not.toContain('B');
  });

  it('recolours a shadow made before a colour matrix, not one made after', async () => {
    const css = 'div { width: 2px; height: 2px; background: blue }';
    const after = await draw('4px 4px', css, '<div style="filter: drop-shadow(2px 2px red) grayscale(1)"></div>');
    const before = await draw('4px 4px', css, '<div style="filter: grayscale(1) drop-shadow(2px 2px red)"></div>');
    expect(after[2]).toBe('__gg');
    expect(before[2]).toBe('__RR');
  });
});

describe('filter: a blurred drop-shadow() of what the content shows', () => {
  /** A translucent box, a hexagon cut by a child's clip-path, a circle cut by a child's rounded overflow clip. */
  const html = '<style>@page { size: 300px 120px; margin: 0 } body { margin: 0 } body > div { position: absolute; top: 10px }'
    + ' .wrap { filter: drop-shadow(4px 6px 4px rgba(0,0,0,.5)) }'
    + ' .hex { width: 60px; height: 66px; background: #f59e0b; clip-path: polygon(50% 0, 100% 25%, 100% 75%, 50% 100%, 0 75%, 0 25%) }'
    + ' .round { width: 60px; height: 66px; border-radius: 50%; overflow: hidden } .round div { height: 100% ; background: #0ea5e9 }</style>'
    + '<div style="left: 10px; width: 80px; height: 50px; background: rgba(59,130,246,.25); filter: drop-shadow(6px 6px 4px rgba(0,0,0,.8))"></div>'
    + '<div class="wrap" style="left: 110px"><div class="hex"></div></div>'
    + '<div class="wrap" style="left: 200px"><div class="round"><div></div></div></div>';
  // Chromium 156's print at 96 dpi: the box's centre is its quarter blue over a fifth of black (the shadow's .8 of its .25 alpha)
  const palette = { _: '#ffffff', b: '#a8bad7' };

  it('shadows a translucent box with its alpha', async () => {
    const page = await renderPage(html, {}, { palette, tolerance: 3 });
    // it was a shadow of full alpha under the box: (52, 70, 99)
    expect(page[35]![50]).toBe('b');
  });

  it('shadows a child cut by a clip-path or a rounded overflow clip with the shape the clip leaves', async () => {
    const page = await renderPage(html, {}, { palette, tolerance: 3 });
    const at = (x: number, y: number): string => page[y]![x]!;
    // past the hexagon's and the circle's corners, inside their boxes' shadows (offset 4px 6px):
    // none, as in Chromium (254 at most); the boxes' whole rectangles cast one before (128)
    expect([at(117, 19), at(207, 19), at(260, 78)]).toEqual(['_', '_', '_']);
    // under them, their shadows
    expect([at(140, 81), at(234, 79)]).not.toContain('_');
  });

  it('blurs the alpha with the blur length as standard deviation (Filter Effects 1 §13.1), as Chromium does', async () => {
    // Chromium's greys: below the circle 161 (134 with σ = blur / 2), below the box 221 (208)
    const page = await renderPage(html, {}, { palette: { s: '#a1a1a1', t: '#dddddd' }, tolerance: 4 });
    expect([page[79]![234], page[63]![20]]).toEqual(['s', 't']);
  });

  it('shadows a photo with rounded corners with the shape they leave, blurred (an avatar on a slide)', async () => {
    const photo = `data:image/jpeg;base64,${readFileSync(new URL('../fixtures/images/red-blue.jpg', import.meta.url)).toString('base64')}`;
    const avatar = '<style>@page { size: 120px 120px; margin: 0 } body { margin: 0 }'
      + ' img { display: block; margin: 20px; width: 60px; height: 60px; border-radius: 50%; filter: drop-shadow(0 10px 10px rgba(0,0,0,.5)) }</style>'
      + `<img src="${photo}">`;
    // Chromium 156's print at 96 dpi: below the circle's shadow (its edge at y = 90) grey 209, past
    // the box's corner 228; the image's blurred square cut to the circle after the blur left these white
    const page = await renderPage(avatar, {}, { palette: { s: '#d1d1d1', t: '#e4e4e4' }, tolerance: 3 });
    expect([page[92]![50], page[86]![24]]).toEqual(['s', 't']);
  });

  it('shadows a PNG in a translucent colour with that colour\'s alpha once', async () => {
    // Chromium 156 at 96 dpi: grey 128 under the image (half black); it was 191, the alpha squared
    const page = await renderPage('<style>@page { size: 120px 120px; margin: 0 } body { margin: 0 }'
      + ` img { display: block; margin: 20px; width: 60px; height: 60px; filter: drop-shadow(0 10px 1px rgba(0,0,0,.5)) }</style><img src="${LOGO}">`,
    {}, { palette: { h: '#808080' }, tolerance: 3 });
    expect([page[86]![24], page[85]![50]]).toEqual(['h', 'h']);
  });

  it('shadows a transparent PNG cut by a rounded clip with the shape the clip leaves, blurred', async () => {
    // the photo above as an RGBA PNG (its top-left quarter transparent), the clip the img's own
    // corners or a rounded `overflow: hidden` parent under the filter; Chromium 156 at 96 dpi: the
    // same greys (209 and 228) below the circle, where the image's blurred alpha cut to the circle
    // after the blur left them white
    const page = (style: string, html: string): Promise<string[]> => renderPage('<style>@page { size: 120px 120px; margin: 0 } body { margin: 0 }'
      + ` .round { display: block; margin: 20px; width: 60px; height: 60px; border-radius: 50%; overflow: hidden } img { display: block; width: 60px; height: 60px } ${style}</style>${html}`,
    {}, { palette: { s: '#d1d1d1', t: '#e4e4e4' }, tolerance: 3 });
    const shadow = 'filter: drop-shadow(0 10px 10px rgba(0,0,0,.5))';
    const onImage = await page(`.round { ${shadow} }`, `<img class="round" src="${LOGO}">`);
    const onParent = await page(`.round { ${shadow} }`, `<div class="round"><img src="${LOGO}"></div>`);
    const onGrandparent = await page(`.outer { ${shadow} }`, `<div class="outer"><div class="round"><img src="${LOGO}"></div></div>`);
    for (const result of [onImage, onParent, onGrandparent]) expect([result[92]![50], result[86]![24]]).toEqual(['s', 't']);
  });

  it('shadows an SVG pattern fill under feDropShadow dot by dot', async () => {
    const svg = '<style>@page { size: 100px 80px; margin: 0 } body { margin: 0 } svg { display: block }</style><svg width="100" height="80"><defs>'
      + '<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="6" dy="6" stdDeviation="2" flood-color="#000" flood-opacity=".6"/></filter>'
      + '<pattern id="dots" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="4" fill="#6366f1"/></pattern></defs>'
      + '<rect x="10" y="10" width="80" height="60" fill="url(#dots)" filter="url(#sh)"/></svg>';
    const page = await renderPage(svg, {}, { palette: { _: '#ffffff' }, tolerance: 3 });
    // the shadow of the dot at (30, 30) at (36, 36) (Chromium's grey 125); between the dots' shadows
    // none, as in Chromium (it was 102: the rectangle's)
    expect(page[36]![36]).toBe('?');
    expect(page[45]![45]).toBe('_');
  });

  it('keeps the text of a translucent box as text: only its shadow is an image', async () => {
    const text = '<style>@page { size: 120px 40px; margin: 0 } body { margin: 0 } p { margin: 8px; font: 24px sans-serif; background: rgba(0,0,0,.05); filter: drop-shadow(1px 1px 2px red) }</style><p>Hello</p>';
    const pdf = await renderPdf(text);
    const words = await withPdfFile(pdf, async (path) => (await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    expect(words.trim()).toBe('Hello');
    expect(Buffer.from(pdf).toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(1);
  });
});

describe('filter: blur()', () => {
  const symmetric = (result: string[]): void => expect(result.map((row) => [...row].reverse().join(''))).toEqual(result);

  it('blurs an image with blur(), spreading past its edges', async () => {
    const result = await draw('24px 24px', 'img { margin: 8px; width: 8px; height: 8px; filter: blur(2px) }', `<img src="${SOLID}">`);
    // tinted around, not red at the edge, and symmetric
    expect(result[12]!.slice(0, 4)).toContain('?');
    expect(result[12]![8]).toBe('?');
    expect([...result[12]!].reverse().join('')).toBe(result[12]);
    symmetric(result);
  });

  it('blurs a box\'s background and border (σ = the radius), its ink reaching about 3σ out', async () => {
    const result = await draw('40px 30px', '.soft { margin: 10px 9px; width: 20px; height: 6px; background: red; border: 1px solid red; filter: blur(2px) }', '<div class="soft"></div>');
    // the box is 9-31 × 10-18; 3σ = 6px out it is white again, at its edges half red, never full red
    expect(result.slice(0, 3).join('')).toMatch(/^_+$/);
    expect(result[14]!.slice(0, 2)).toBe('__');
    expect(result[14]![9]).toBe('?');
    expect(result[14]![20]).toBe('?');
    expect(result[7]).toContain('?');
    symmetric(result);
    expect(result.join('')).not.toContain('R');
  });

  it('keeps the middle of a large blurred box in its colour', async () => {
    const result = await draw('40px 40px', 'div { margin: 4px; width: 32px; height: 32px; background: red; filter: blur(1px) }', '<div></div>');
    expect(result[20]!.slice(12, 28)).toBe('R'.repeat(16));
    expect(result[20]![0]).toBe('_');
    expect(result[20]![4]).toBe('?');
  });

  it('blurs text, which stays in the PDF as text', async () => {
    const html = '<style>@page { size: 120px 40px; margin: 0 } body { margin: 0 } p { margin: 8px; font: 24px sans-serif; filter: blur(1.5px) }</style><p>Hello</p>';
    const page = await renderPage(html, {}, { palette: PALETTE, tolerance: 1 });
    expect(page.join('')).toContain('?');
    // no pixel keeps the glyphs' full black
    expect(page.join('')).not.toContain('K');
    const pdf = await renderPdf(html);
    const text = await withPdfFile(pdf, async (path) => (await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    expect(text.trim()).toBe('Hello');
  });

  it('blurs a gradient background past its box', async () => {
    const result = await draw('30px 20px', 'div { margin: 5px; width: 20px; height: 10px; background: linear-gradient(to right, red, blue); filter: blur(1px) }', '<div></div>');
    expect(result[10]!.slice(0, 2)).toBe('__');
    // 2px left of the box and above it, 1px right of it (the blue end, its tint 2px out within the
    // palette's tolerance of white): a Gaussian of 1px leaves a tint there; 3px out, under 1/255
    expect(result[10]![3]).toBe('?');
    expect(result[10]![26]).toBe('?');
    expect(result[3]).toContain('?');
  });

  it('blurs an SVG image as well as raster ones', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>')}`;
    const result = await draw('24px 24px', 'img { margin: 8px; width: 8px; height: 8px; filter: blur(2px) }', `<img src="${svg}">`);
    expect(result[12]!.slice(2, 6)).toContain('?');
    expect(result[12]![12]).toBe('?');
    symmetric(result);
  });

  it('applies a chain in order: blur() then grayscale()', async () => {
    const result = await draw('40px 40px', 'div { margin: 4px; width: 32px; height: 32px; background: red; filter: blur(1px) grayscale(1) }', '<div></div>');
    expect(result[20]!.slice(12, 28)).toBe('g'.repeat(16));
    expect(result[20]![4]).toBe('?');
  });

  it('blurs an image\'s shadow from its own alpha, not its rectangle', async () => {
    const result = await draw('24px 24px', 'img { margin: 4px; width: 8px; height: 8px; filter: drop-shadow(8px 8px 1px blue) }', `<img src="${LOGO}">`);
    // under the transparent quarter (offset 8px: at 12-16) there is no shadow, but for the blur of its neighbours; under the rest it is blue
    expect(result[12]!.slice(12, 14)).toBe('__');
    expect(result[13]!.slice(12, 14)).not.toContain('B');
    expect(result[17]![16]).not.toBe('_');
    expect(result[17]![22]).toBe('_');
  });
});

describe('filter: a box over many pages', () => {
  it('blurs the shape of its slice once, not once a page (1,000 pages of a wide box under drop-shadow() took 42 s)', async () => {
    const masks = (): { hits: number; misses: number } => cacheStats().find((stats) => stats.name === 'paint.shape-masks') ?? { hits: 0, misses: 0 };
    const before = masks();
    const pdf = await renderPdf('<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 } div { height: 2000px; background: red; filter: drop-shadow(2px 2px 3px blue) }</style><div>x</div>');
    const after = masks();
    expect(Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(20);
    expect(after.hits + after.misses - before.hits - before.misses).toBeGreaterThanOrEqual(20);
    // the first page's slice, the middle pages' and the last page's
    expect(after.misses - before.misses).toBeLessThanOrEqual(3);
  });
});

describe('filter: what is not drawn', () => {
  it('draws an image too large to blur unblurred, with a warning (a 4px × 1e9px tile asked Skia for a surface it could not make, and the render failed)', async () => {
    const result = await draw('8px 2px', `div { width: 8px; height: 2px; background: url(${SOLID}) 0 0 / 4px 200000px; filter: blur(1px) }`, '<div></div>', [/2 images are too large to blur/]);
    expect(result).toEqual(['RRRRRRRR', 'RRRRRRRR']);
    // (the tile a billion px tall: a viewer draws nothing of it, but the render completes)
    await draw('8px 2px', `div { width: 8px; height: 2px; background: url(${SOLID}) 0 0 / 4px 1e9px; filter: blur(1px) }`, '<div></div>', [/2 images are too large to blur/]);
  });

  it('warns about a reference to no SVG filter and draws the rest of the chain', async () => {
    const result = await draw('4px 2px', 'div { width: 4px; height: 1px; background: red; filter: url(#soft) grayscale(1) }', '<div></div>',
      [/`filter: url\(#soft\)` names no <filter>/]);
    expect(result).toEqual(['gggg', '____']);
  });
});
