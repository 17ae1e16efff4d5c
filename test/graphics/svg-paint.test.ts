/**
 * SVG paint features beyond plain fills: gradient spreadMethod, masks (PDF soft masks), group
 * opacity of scaled-down drawings, filters (as CSS functions, or rasterised by Skia).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { renderPage, renderPdf } from '../helpers/render.js';
import { spreadShading } from '../../src/paint/svg-spread.js';
import { layoutHtml } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';

const PALETTE = { _: '#ffffff', R: '#ff0000', B: '#0000ff', r: '#ff7f7f', M: '#ff00ff' };

function draw(body: string, size = '8px 2px', expectDiagnostics: readonly ExpectedDiagnostic[] = []): Promise<string[]> {
  const template = `<style>@page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style>${body}`;
  return renderPage(template, { expectDiagnostics }, { palette: PALETTE });
}

const svg = (body: string, attrs = 'width="8" height="2"'): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
/** 8 × 4 blue pixels. */
const BLUE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAFElEQVR4nGNkYPjPgA0wYRUlSwIAYpMBByLdZ1QAAAAASUVORK5CYII=';
const HARD = '<stop offset="0" stop-color="red"/><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/><stop offset="1" stop-color="blue"/>';

describe('SVG gradient spreadMethod', () => {
  it('pads by default', async () => {
    expect(await draw(svg(`<linearGradient id="g" x2="0.5">${HARD}</linearGradient><rect width="8" height="2" fill="url(#g)"/>`))).toEqual(['RRBBBBBB', 'RRBBBBBB']);
  });

  it('repeats', async () => {
    expect(await draw(svg(`<linearGradient id="g" x2="0.5" spreadMethod="repeat">${HARD}</linearGradient><rect width="8" height="2" fill="url(#g)"/>`))).toEqual(['RRBBRRBB', 'RRBBRRBB']);
  });

  it('reflects', async () => {
    expect(await draw(svg(`<linearGradient id="g" x2="0.5" spreadMethod="reflect">${HARD}</linearGradient><rect width="8" height="2" fill="url(#g)"/>`))).toEqual(['RRBBBBRR', 'RRBBBBRR']);
  });

  it('repeats radial gradients ring by ring, one shading per period painted from the outside in', () => {
    const red = { r: 255, g: 0, b: 0, a: 1 };
    const blue = { r: 0, g: 0, b: 255, a: 1 };
    const pieces = spreadShading({ kind: 'radial', cx: 0, cy: 0, r0: 0, r1: 4, scaleY: 1, stops: [{ offset: 0, color: red }, { offset: 1, color: blue }] }, 'reflect', [1, 0, 0, 1, 0, 0], { x: 0, y: 0, width: 8, height: 6 });
    // the far corner is 10 away: three periods of 4, the middle one mirrored, each inner one clipped to its disc
    expect(pieces.map(({ shading, clip }) => ({
      rings: shading.kind === 'radial' ? [shading.r0, shading.r1] : [],
      from: shading.stops[0]!.color,
      clipRadius: clip === undefined ? undefined : (clip[0] as { x: number }).x,
    }))).toEqual([
      { rings: [8, 12], from: red, clipRadius: undefined },
      { rings: [4, 8], from: blue, clipRadius: 8 },
      { rings: [0, 4], from: red, clipRadius: 4 },
    ]);
  });

  it('spreads a radial gradient inwards from its focal radius fr (reflected inside it)', async () => {
    // fr = 2, r = 4: t runs 0-1 from radius 2 to 4, and -1-0 (mirrored: 1-0) from 0 to 2
    const stops = '<stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/>';
    const rows = await draw(svg(`<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="4" cy="4" r="4" fr="2" spreadMethod="reflect">${stops}</radialGradient><rect width="8" height="8" fill="url(#g)"/>`, 'width="8" height="8"'), '8px 8px');
    expect(rows[4]).toBe('BRRBBRRB');
  });
});

describe('SVG masks and opacity', () => {
  it('masks by luminance: white shows, black hides', async () => {
    expect(await draw(svg('<mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="8" height="2"><rect width="4" height="2" fill="white"/><rect x="4" width="4" height="2" fill="black"/></mask><rect width="8" height="2" fill="red" mask="url(#m)"/>'))).toEqual(['RRRR____', 'RRRR____']);
  });

  it('takes the default region for values of the mask region that do not parse, as a filter does', async () => {
    expect(await draw(svg('<mask id="m" x="left" y="?" width="wide" height="%"><rect width="4" height="2" fill="white"/></mask><rect width="8" height="2" fill="red" mask="url(#m)"/>'))).toEqual(['RRRR____', 'RRRR____']);
  });

  it('masks by alpha with mask-type alpha', async () => {
    expect(await draw(svg('<mask id="m" mask-type="alpha"><rect x="2" width="2" height="2" fill="black"/></mask><rect width="8" height="2" fill="blue" mask="url(#m)"/>'))).toEqual(['__BB____', '__BB____']);
  });

  it('takes mask-type from a rule, the style attribute (Figma\'s) or the page\'s CSS, without a warning', async () => {
    const alpha = ['__BB____', '__BB____'];
    const masked = (mask: string): string => svg(`<mask id="m" ${mask}><rect x="2" width="2" height="2" fill="black"/></mask><rect width="8" height="2" fill="blue" mask="url(#m)"/>`);
    expect(await draw(masked('style="mask-type:alpha"'))).toEqual(alpha);
    expect(await draw(`<style>#m { mask-type: alpha }</style>${masked('')}`)).toEqual(alpha);
    expect(await draw(masked('class="a"').replace('<mask', '<style>.a { mask-type: alpha }</style><mask'))).toEqual(alpha);
    // an SVG image reads its own rules too
    const image = svg('<style>mask { mask-type: alpha }</style><mask id="m"><rect x="2" width="2" height="2" fill="black"/></mask><rect width="8" height="2" fill="blue" mask="url(#m)"/>');
    expect(await draw(`<img style="display: block" src="data:image/svg+xml,${encodeURIComponent(image)}">`)).toEqual(alpha);
  });

  it('keeps group opacity over a viewBox scaled down below the page size', async () => {
    const rows = await draw(svg('<g opacity="0.5"><rect x="400" width="400" height="200" fill="red"/></g>', 'width="8" height="2" viewBox="0 0 800 200"'));
    expect(rows).toEqual(['____rrrr', '____rrrr']);
  });
});

describe('SVG font shorthand', () => {
  it('expands font into size and family (and resets the parent\'s)', async () => {
    const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 8px 2px; margin: 0 } body { margin: 0 } svg { display: block }</style>${svg('<g font-size="20px" font-weight="bold"><text x="0" y="1.6" style="font: 2px wp" fill="blue">AB C</text></g>')}`;
    expect(await renderPage(template, { baseDir: fileURLToPath(new URL('../fixtures/fonts/', import.meta.url)) })).toEqual(['BBBB__BB', 'BBBB__BB']);
  });
});

describe('SVG CSS syntax', () => {
  it('drops a bare number for letter-spacing in a rule or style (Illustrator\'s .st8), keeps it as an attribute', async () => {
    const page = (body: string, expectDiagnostics: readonly ExpectedDiagnostic[] = []): Promise<string[]> => renderPage(
      `<!doctype html><style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 8px 2px; margin: 0 } body { margin: 0 } svg, img { display: block }</style>${body}`,
      { baseDir: fileURLToPath(new URL('../fixtures/fonts/', import.meta.url)), expectDiagnostics }, { palette: PALETTE },
    );
    const text = (spacing: string): string => svg(`<style>.s { letter-spacing: 2 } .t { letter-spacing: 2px }</style><text ${spacing} y="1.6" font-family="wp" font-size="2" fill="blue">AB</text>`);
    // the test font's glyphs are boxes 1em wide
    expect(await page(`<img src="data:image/svg+xml,${encodeURIComponent(text('class="s"'))}">`)).toEqual(['BBBB____', 'BBBB____']);
    expect(await page(`<img src="data:image/svg+xml,${encodeURIComponent(text('style="letter-spacing: 2"'))}">`)).toEqual(['BBBB____', 'BBBB____']);
    // inline, in a standards-mode page (quirks mode takes the bare number, for Chromium too)
    expect(await page(text('class="s"'), [{ code: 'css_invalid_value', message: /letter-spacing/ }])).toEqual(['BBBB____', 'BBBB____']);
    expect(await page(`<img src="data:image/svg+xml,${encodeURIComponent(text('class="t"'))}">`)).toEqual(['BB__BB__', 'BB__BB__']);
    expect(await page(`<img src="data:image/svg+xml,${encodeURIComponent(text('letter-spacing="2"'))}">`)).toEqual(['BB__BB__', 'BB__BB__']);
  });

  it('keeps a label\'s spaces under white-space: pre (Excalidraw\'s), as xml:space="preserve" does', async () => {
    const page = (attrs: string): Promise<string[]> => {
      const image = svg(`<text ${attrs} y="1.6" font-family="wp" font-size="1" fill="blue">A    B</text>`);
      return renderPage(`<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 8px 2px; margin: 0 } body { margin: 0 } img { display: block }</style><img src="data:image/svg+xml,${encodeURIComponent(image)}">`,
        { baseDir: fileURLToPath(new URL('../fixtures/fonts/', import.meta.url)) }, { palette: PALETTE });
    };
    const kept = await page('xml:space="preserve"');
    expect(kept).not.toEqual(await page(''));
    expect(await page('style="white-space: pre"')).toEqual(kept);
    expect(await page('style="white-space: pre-wrap"')).toEqual(kept);
  });
});

describe('SVG patterns', () => {
  it('tiles a pattern in objectBoundingBox units over the shape', async () => {
    const tile = '<rect width="2" height="1" fill="blue"/><rect x="2" width="2" height="1" fill="red"/><rect y="1" width="2" height="1" fill="red"/><rect x="2" y="1" width="2" height="1" fill="blue"/>';
    expect(await draw(svg(`<pattern id="p" width="0.5" height="1">${tile}</pattern><rect width="8" height="2" fill="url(#p)"/>`))).toEqual(['BBRRBBRR', 'RRBBRRBB']);
  });

  it('fills a shape of 5,000 tiles (beyond 2,500 the shape was left unpainted), the tile drawn once', async () => {
    const markup = svg('<pattern id="p" patternUnits="userSpaceOnUse" width="2" height="2"><rect width="1" height="2" fill="red"/></pattern><rect width="200" height="100" fill="url(#p)"/>', 'width="200" height="100"');
    expect(new Set(await draw(markup, '200px 100px'))).toEqual(new Set(['R_'.repeat(100)]));
  });

  it('fits pattern content by its viewBox and moves tiles by patternTransform', async () => {
    expect(await draw(svg('<pattern id="p" patternUnits="userSpaceOnUse" width="4" height="2" viewBox="0 0 2 1" patternTransform="translate(2 0)"><rect width="1" height="1" fill="red"/></pattern><rect width="8" height="2" fill="url(#p)"/>'))).toEqual(['__RR__RR', '__RR__RR']);
  });
});


describe('SVG transforms from CSS', () => {
  it('a rule of the SVG\'s own <style> sets transform and transform-origin over the attribute', async () => {
    expect(await draw(svg('<style>.m { transform: translate(4px, 0) } .t { transform: rotate(90deg); transform-origin: 2px 1px }</style><rect class="m" transform="translate(6)" width="2" height="2" fill="red"/><rect class="t" width="4" height="2" fill="blue"/>')))
      .toEqual(['_BB_RR__', '_BB_RR__']);
    // in an SVG image, where only the SVG's own rules apply
    const image = svg('<style>.m { transform: translate(4px, 0) }</style><rect class="m" width="2" height="2" fill="red"/>');
    expect(await draw(`<img style="display: block" src="data:image/svg+xml,${encodeURIComponent(image)}">`)).toEqual(['____RR__', '____RR__']);
  });
});

describe('SVG filters', () => {
  const shadowed = (filter: string): string => svg(`<filter id="f">${filter}</filter><rect width="2" height="2" fill="blue" filter="url(#f)"/>`, 'width="8" height="4"');
  it('draws a shadow of the source alpha, offset and flooded, under the source (feMerge, feBlend, feDropShadow)', async () => {
    const expected = ['BB______', 'BBRR____', '__RR____', '________'];
    const shadow = '<feOffset in="SourceAlpha" dx="2" dy="1" result="o"/><feFlood flood-color="red"/><feComposite in2="o" operator="in" result="s"/>';
    expect(await draw(shadowed(`${shadow}<feMerge><feMergeNode in="s"/><feMergeNode in="SourceGraphic"/></feMerge>`), '8px 4px')).toEqual(expected);
    expect(await draw(shadowed(`${shadow}<feBlend in="SourceGraphic" in2="s"/>`), '8px 4px')).toEqual(expected);
    expect(await draw(shadowed('<feDropShadow dx="2" dy="1" stdDeviation="0" flood-color="red"/>'), '8px 4px')).toEqual(expected);
  });

  it('shadows a shape filled with a gradient by the shape, not by the gradient\'s whole painted rectangle', async () => {
    // before: the shadow's mask covered the ±10,000-unit rectangle the gradient is painted over (a
    // 633 × 2372 px mask drawn 800,000 units wide): poppler refused it ("Bogus memory allocation size") and drew no shadow
    const gradient = '<linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="blue"/><stop offset="1" stop-color="blue"/></linearGradient>';
    expect(await draw(svg(`${gradient}<filter id="f"><feDropShadow dx="2" dy="1" stdDeviation="0" flood-color="red"/></filter><rect width="2" height="2" fill="url(#g)" filter="url(#f)"/>`, 'width="8" height="4"'), '8px 4px'))
      .toEqual(['BB______', 'BBRR____', '__RR____', '________']);
    const pdf = Buffer.from(await renderPdf(`<style>@page { size: 300px 300px; margin: 0 } body { margin: 0 } svg { display: block }</style><svg width="300" height="300">${gradient}<filter id="f" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="2" dy="2" stdDeviation="2"/></filter><rect x="20" y="20" width="40" height="150" rx="3" fill="url(#g)" filter="url(#f)"/></svg>`, { compress: false })).toString('latin1');
    const widths = [...pdf.matchAll(/\/Width (\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...widths)).toBeLessThan(400);
  });

  it('is what an HTML element\'s filter: url(#id) names, in its place in the chain; a reference to nothing is left out, warned', async () => {
    const defs = '<svg width="0" height="0" style="position: absolute"><filter id="s"><feDropShadow dx="2" dy="1" stdDeviation="0" flood-color="red"/></filter></svg>';
    expect(await draw(`${defs}<div style="width: 2px; height: 2px; background: blue; filter: url(#s)"></div>`, '8px 4px'))
      .toEqual(['BB______', 'BBRR____', '__RR____', '________']);
    expect(await draw(`${defs}<div style="width: 2px; height: 2px; background: blue; filter: url(#nothing)"></div>`, '8px 4px', [
      { code: 'css_unsupported', message: /^`filter: url\(#nothing\)` names no <filter> of an inline <svg> of the page: left out of the chain$/ },
    ])).toEqual(['BB______', 'BB______', '________', '________']);
  });

  it('rasterises on an HTML element what no CSS function says: an alpha transfer, a dilation past the border box', async () => {
    const defs = '<svg width="0" height="0" style="position: absolute"><filter id="t" filterUnits="userSpaceOnUse" x="0" y="0" width="4" height="2"><feComponentTransfer><feFuncR type="table" tableValues="1 1"/><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter>'
      + '<filter id="d" filterUnits="userSpaceOnUse" x="-1" y="0" width="4" height="4"><feMorphology operator="dilate" radius="1"/></filter></svg>';
    const rows = await renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 }</style>${defs}<div style="width: 4px; height: 2px; background: blue; filter: url(#t)"></div>`
      + '<div style="margin-left: 5px; width: 2px; height: 1px; background: red; filter: url(#d)"></div>', {}, { palette: PALETTE, tolerance: 40 });
    // the second box (x 5-7, y 2-3) dilated by 1 within its region (x 4-8, y 2-6), cut by the page
    expect(rows).toEqual(['MMMM____', 'MMMM____', '____RRRR', '____RRRR']);
  });

  it('rasterises an HTML element with rounded clips, masks and box shadows under it; an image, a text shadow or a blend mode leaves it unfiltered, warned', async () => {
    // an alpha transfer (the identity in effect) keeps the filter off the colour steps: Skia draws it
    const defs = '<svg width="0" height="0" style="position: absolute"><filter id="t" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="4"><feComponentTransfer><feFuncR type="table" tableValues="1 1"/><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter></svg>';
    const page = (inner: string, expectDiagnostics: readonly ExpectedDiagnostic[] = []): Promise<string[]> => renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } img { display: block }</style>${defs}`
      + `<div style="width: 8px; height: 4px; filter: url(#t)">${inner}</div>`, { expectDiagnostics }, { palette: PALETTE, tolerance: 40 });
    const blue = 'width: 8px; height: 4px; background: blue';
    // a rounded clip (overflow: hidden): its middle rows magenta, blue nowhere
    const clipped = await page(`<div style="border-radius: 1px; overflow: hidden"><div style="${blue}"></div></div>`);
    expect(clipped.slice(1, 3)).toEqual(['MMMMMMMM', 'MMMMMMMM']);
    expect(clipped.join('')).not.toContain('B');
    // a soft mask (mask-image) and blurred box shadows, outer and inset, under the filter (the shadows as their shapes blurred by Skia)
    expect(await page(`<div style="${blue}; mask-image: linear-gradient(black, black)"></div>`)).toEqual(['MMMMMMMM', 'MMMMMMMM', 'MMMMMMMM', 'MMMMMMMM']);
    const shadowed = await page('<div style="position: relative; left: 2px; top: 1px; width: 4px; height: 2px; background: white; box-shadow: 0 0 2px 1px blue, inset 0 0 1px blue"></div>');
    // no warning (diagnostics are strict), the shadow drawn (light magenta: '?'), no blue left
    expect(shadowed.join('')).not.toContain('B');
    expect(shadowed[0]).not.toBe('________');
    // what Skia's SVG renderer would not draw: the element unfiltered (an image had vanished), said
    const unfiltered = ['BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB'];
    const said = (what: string): ExpectedDiagnostic[] => [{ code: 'css_unsupported', message: new RegExp(`^an element under the SVG filter #t paints ${what}, which Skia's SVG renderer does not draw: the element is drawn unfiltered$`) }];
    expect(await page(`<img src="data:image/png;base64,${BLUE_PNG}" width="8" height="4">`, said('an image'))).toEqual(unfiltered);
    expect(await page(`<p style="margin: 0; font-size: 2px; text-shadow: 0 0 1px blue">x</p>`, said('a blur other than a box shadow \\(a text shadow, a blur\\(\\) inside\\)'))).toHaveLength(4);
    expect(await page(`<div style="${blue}; mix-blend-mode: multiply"></div>`, said('the blend mode Multiply'))).toEqual(unfiltered);
  });

  it('draws an SVG element holding an image unfiltered, warned, where its filter needs Skia', async () => {
    const drawing = svg(`<filter id="t" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="2"><feComponentTransfer><feFuncR type="table" tableValues="1 1"/><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter>`
      + `<g filter="url(#t)"><image width="8" height="2" preserveAspectRatio="none" href="data:image/png;base64,${BLUE_PNG}"/></g>`);
    expect(await draw(drawing, '8px 2px', [
      { code: 'css_unsupported', message: /^an element under the SVG filter #t paints an image, which Skia's SVG renderer does not draw: the element is drawn unfiltered$/ },
    ])).toEqual(['BBBBBBBB', 'BBBBBBBB']);
  });

  it('recolours an image pixel by pixel and the other colours by a component transfer and a linearRGB matrix (a duotone photo)', async () => {
    // red set to 1 by a table, then green and blue cleared in linear light: blue (0 0 1) → magenta (1 0 1) → red
    const defs = '<svg width="0" height="0" style="position: absolute"><filter id="d"><feComponentTransfer color-interpolation-filters="sRGB"><feFuncR type="table" tableValues="1 1"/></feComponentTransfer>'
      + '<feColorMatrix values="1 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 1 0"/></filter></svg>';
    const rows = await renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } img { display: block }</style>${defs}`
      + `<div style="filter: url(#d)"><img src="data:image/png;base64,${BLUE_PNG}" width="8" height="2"><div style="height: 2px; background: blue"></div></div>`, {}, { palette: PALETTE, tolerance: 40 });
    expect(rows).toEqual(['RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR']);
  });

  it('leaves a shadow merged under a recoloured source in its flood colour', async () => {
    const filter = '<feFlood flood-color="blue"/><feComposite in2="SourceAlpha" operator="in"/><feOffset dx="2" dy="1" result="s"/>'
      + '<feComponentTransfer in="SourceGraphic" result="g"><feFuncR type="table" tableValues="1 1"/></feComponentTransfer><feMerge><feMergeNode in="s"/><feMergeNode in="g"/></feMerge>';
    const drawing = svg(`<filter id="f">${filter}</filter><rect width="2" height="2" fill="red" filter="url(#f)"/>`, 'width="8" height="4"');
    expect(await draw(drawing, '8px 4px')).toEqual(['RR______', 'RRBB____', '__BB____', '________']);
  });

  it('recolours by an feColorMatrix in sRGB', async () => {
    expect(await draw(shadowed('<feColorMatrix color-interpolation-filters="sRGB" values="0 0 1 0 0  0 1 0 0 0  1 0 0 0 0  0 0 0 1 0"/>'), '8px 4px'))
      .toEqual(['RR______', 'RR______', '________', '________']);
  });
});

describe('SVG filters only a rasteriser applies (drawn by Skia, as Chromium draws every SVG filter)', () => {
  it('dilates by feMorphology in the element\'s user space, inside an inline <svg> styled by the page', async () => {
    // a region wider than the default bounding box + 10 % on each side, which would cut the dilation
    const filter = '<filter id="f" x="-50%" y="-50%" width="200%" height="200%"><feMorphology operator="dilate" radius="1"/></filter>';
    // the fill comes from the page's rule: Skia reads no <style>, octavo writes the computed style
    expect(await draw(`<style>.c { fill: blue }</style>${svg(`${filter}<g transform="translate(1 0)"><rect class="c" x="2" y="1" width="2" height="2" filter="url(#f)"/></g>`, 'width="8" height="4"')}`, '8px 4px'))
      .toEqual(['__BBBB__', '__BBBB__', '__BBBB__', '__BBBB__']);
  });

  it('recolours by feComponentTransfer tables, in an SVG image, and draws the elements around it as before', async () => {
    const image = svg('<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="4" height="2"><feComponentTransfer><feFuncR type="table" tableValues="1 1"/><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter><rect width="4" height="2" fill="blue" filter="url(#f)"/><rect x="4" width="4" height="2" fill="red"/>');
    // in linearRGB (the default) and back through 8 bits, as Skia works: green comes out 16-32, in Chromium too
    const rows = await renderPage(`<style>@page { size: 8px 2px; margin: 0 } body { margin: 0 }</style><img style="display: block" src="data:image/svg+xml,${encodeURIComponent(image)}">`, {}, { palette: PALETTE, tolerance: 40 });
    expect(rows).toEqual(['MMMMRRRR', 'MMMMRRRR']);
  });

  it('draws text in octavo\'s fonts and layout (a web font Skia does not know), and a <use> of a <symbol>', async () => {
    // the test font's glyphs are boxes 1em wide, from 0.8em above the baseline to 0.2em below
    const identity = '<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="2"><feComponentTransfer><feFuncA type="identity"/></feComponentTransfer></filter>';
    const page = (body: string): Promise<string[]> => renderPage(
      `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 8px 2px; margin: 0 } body { margin: 0 } svg { display: block }</style>${svg(`${identity}${body}`)}`,
      { baseDir: fileURLToPath(new URL('../fixtures/fonts/', import.meta.url)) }, { palette: PALETTE },
    );
    expect(await page('<text x="2" y="1.6" style="font: 2px wp" fill="blue" filter="url(#f)">AB</text>')).toEqual(['__BBBB__', '__BBBB__']);
    expect(await page('<symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1"/></symbol><g filter="url(#f)"><use href="#s" x="6" width="2" height="2" fill="red"/></g>')).toEqual(['______RR', '______RR']);
  });

  it('writes a symbol that uses itself once a level, and a group that does, without multiplying them', async () => {
    const filter = '<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="2"><feComponentTransfer><feFuncA type="identity"/></feComponentTransfer></filter>';
    const cycles = '<symbol id="a" viewBox="0 0 2 2"><rect width="1" height="2" fill="blue"/><use href="#a" x="1" width="1" height="2"/><use href="#a" x="1" width="1" height="2"/></symbol><g id="b"><use href="#b"/><use href="#b"/></g>';
    const rows = await draw(svg(`${filter}<defs>${cycles}</defs><g filter="url(#f)"><use href="#a" width="4" height="2"/><use href="#b"/></g>`));
    // the symbol fitted (meet) into 4 x 2 is centred: its first rect covers x 1-2
    expect(rows.map((row) => row.slice(0, 2))).toEqual(['_B', '_B']);
  });

  it('cuts the result at the filter region (userSpaceOnUse), and stays under the element\'s clip and opacity', async () => {
    const filter = '<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="6" height="2"><feMorphology operator="dilate" radius="2"/></filter>';
    expect(await draw(svg(`${filter}<clipPath id="c"><rect width="5" height="2"/></clipPath><rect x="2" y="0" width="2" height="2" fill="red" filter="url(#f)" clip-path="url(#c)"/>`))).toEqual(['RRRRR___', 'RRRRR___']);
    expect(await draw(svg(`${filter}<rect x="2" y="0" width="2" height="2" fill="red" filter="url(#f)" opacity="0.5"/>`))).toEqual(['rrrrrr__', 'rrrrrr__']);
  });
  it('reads Figma\'s drop shadow, its transparent flood named BackgroundImageFix, at the alpha Chromium draws', async () => {
    // Skia took the name's start for the keyword BackgroundImage: the shadow blended with itself, 0.75 opaque
    const filter = '<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="2" color-interpolation-filters="sRGB">'
      + '<feFlood flood-opacity="0" result="BackgroundImageFix"/>'
      + '<feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>'
      + '<feOffset dx="4"/><feComposite in2="hardAlpha" operator="out"/>'
      + '<feColorMatrix type="matrix" values="0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0.5 0"/>'
      + '<feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow_1_2"/>'
      + '<feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow_1_2" result="shape"/></filter>';
    const rows = await renderPage(`<style>@page { size: 8px 2px; margin: 0 } body { margin: 0 } svg { display: block }</style>${svg(`${filter}<rect width="4" height="2" fill="blue" filter="url(#f)"/>`)}`, {}, { palette: PALETTE, tolerance: 8 });
    expect(rows).toEqual(['BBBBrrrr', 'BBBBrrrr']);
  });

  it('takes flood-color from the page\'s rules, and color-interpolation-filters and enable-background from style without a warning', async () => {
    const page = (filter: string): Promise<string[]> => draw(`<style>.fl { flood-color: red }</style>${svg(`${filter}<rect width="4" height="2" fill="blue" filter="url(#f)"/>`, 'width="8" height="2" style="enable-background:new 0 0 8 2"')}`);
    const region = 'id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="8" height="2" style="color-interpolation-filters:sRGB"';
    // a shadow, as the drop-shadow() it amounts to
    expect(await page(`<filter ${region}><feOffset in="SourceAlpha" dx="4" result="o"/><feFlood class="fl"/><feComposite in2="o" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`))
      .toEqual(['BBBBRRRR', 'BBBBRRRR']);
    // a flood kept in the source's shape, drawn by Skia
    expect(await page(`<filter ${region}><feFlood class="fl"/><feComposite in2="SourceGraphic" operator="in"/></filter>`)).toEqual(['RRRR____', 'RRRR____']);
  });

  it('rasterises a filter region 1.2 million px wide, held at 16,384 pixels on that side', async () => {
    // 1.2e6 × 2 px at 2 pixels per px is over the filter's pixel budget: fewer per px, and still
    // 1.1 million across, past libpng's limit — the copy failed and the rect was drawn unfiltered
    // (blue); a million across, poppler's cairo output would draw nothing
    const filter = '<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="1200000" height="2"><feComponentTransfer><feFuncR type="table" tableValues="1 1"/><feFuncA type="table" tableValues="0 1"/></feComponentTransfer></filter>';
    expect(await draw(svg(`${filter}<rect width="1200000" height="2" fill="blue" filter="url(#f)"/>`))).toEqual(['MMMMMMMM', 'MMMMMMMM']);
  });

  it('draws an element whose filter region has no finite area unfiltered, warned (it was drawn as nothing, silently)', async () => {
    const filter = '<filter id="m" filterUnits="userSpaceOnUse" x="0" y="0" width="1e200" height="1e200"><feMorphology operator="dilate" radius="1"/></filter>';
    expect(await draw(svg(`${filter}<rect width="8" height="2" fill="blue" filter="url(#m)"/>`), '8px 2px', [
      { code: 'css_unsupported', message: /^the SVG filter #m covers a region too large to draw \(1\.00e\+200 by 1\.00e\+200 user units\): the element is drawn unfiltered$/ },
    ])).toEqual(['BBBBBBBB', 'BBBBBBBB']);
    // an HTML element under it too
    expect(await draw(`<svg width="0" height="0" style="position: absolute">${filter}</svg><div style="width: 8px; height: 2px; background: blue; filter: url(#m)"></div>`, '8px 2px', [
      { code: 'css_unsupported', message: /^the SVG filter #m covers a region too large to draw \(1\.00e\+200 by 1\.00e\+200 user units\): the element is drawn unfiltered$/ },
    ])).toEqual(['BBBBBBBB', 'BBBBBBBB']);
  });
});

describe('SVG strokes painted by paint servers', () => {
  it('strokes with a gradient (objectBoundingBox of the path) and with a fallback colour', async () => {
    const gradient = '<linearGradient id="g"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient>';
    expect(await draw(svg(`${gradient}<rect x="1.5" y="0.5" width="5" height="1" fill="none" stroke="url(#g)"/>`, 'width="8" height="2"'))).toEqual(['_RRRBBB_', '_RRRBBB_']);
    expect(await draw(svg('<path d="M0 1H8" stroke="url(#missing) blue" stroke-width="2"/>'))).toEqual(['BBBBBBBB', 'BBBBBBBB']);
  });
});

describe('SVG shapes without an interior', () => {
  it('measures dashes in pathLength units along the path (a gauge\'s 73 of 100)', async () => {
    // Chromium: 16 units over 8px, dashes and offset of 2 units = 1px; 4 units over 8px, 2px each
    expect(await draw(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="red" stroke-width="2" pathLength="16" stroke-dasharray="2 2" stroke-dashoffset="2"/>'))).toEqual(['_R_R_R_R', '_R_R_R_R']);
    expect(await draw(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="red" stroke-width="2" pathLength="4" stroke-dasharray="1 1"/>'))).toEqual(['RR__RR__', 'RR__RR__']);
    // zero: the first dash infinitely long (Chromium: solid); negative: an error, the dashes in user units
    expect(await draw(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="red" stroke-width="2" pathLength="0" stroke-dasharray="1 1"/>'))).toEqual(['RRRRRRRR', 'RRRRRRRR']);
    expect(await draw(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="red" stroke-width="2" pathLength="-4" stroke-dasharray="1 1"/>'))).toEqual(['R_R_R_R_', 'R_R_R_R_']);
  });

  it('joins the dash that runs across a closed subpath\'s start (no notch at the corner)', async () => {
    // the 16-unit dash covers the left side's top 4 units and then the top and right sides: one dash
    // round the top-left corner, mitred (Chromium); PDF viewers drew two butt-capped dashes, a notch
    const rect = '<rect x="1" y="1" width="6" height="6" fill="none" stroke="red" stroke-width="2" stroke-dasharray="16 8" stroke-dashoffset="4"/>';
    expect(await draw(svg(rect, 'width="8" height="8"'), '8px 8px')).toEqual([
      'RRRRRRRR', 'RRRRRRRR', 'RR____RR', 'RR____RR', 'RR____RR', '______RR', '______RR', '________',
    ]);
  });

  it('fill nothing: a line, a path on one straight line (curves too); a zigzag is filled', async () => {
    // PDF viewers drew the zero-area fill as a hairline through the gaps of a chart's dashed grid lines
    const doc = await layoutHtml(`<style>@page { size: 100px 40px; margin: 0 } body { margin: 0 }</style>${svg(
      '<line x1="0" x2="100" y1="5" y2="5" stroke="black" stroke-dasharray="4 4"/><path d="M0 10H100M0 14H100" stroke="black"/>'
      + '<path d="M0 0L10 10L20 20"/><path d="M0 30C10 30 20 30 30 30"/><path d="M0 20L10 30L20 20"/>', 'width="100" height="40"')}`);
    const fills = paintPage(doc.pages[0]!).items.filter((item) => item.kind === 'fill-path');
    expect(fills.map((item) => (item.kind === 'fill-path' ? item.path.length : 0))).toEqual([3]);
  });
});
