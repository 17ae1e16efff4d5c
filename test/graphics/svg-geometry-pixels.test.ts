/**
 * SVG geometry and paint as a browser draws it: font-relative stroke lengths, the CSS skew()
 * function, tight bounding boxes of curves for objectBoundingBox, and gradients whose hard
 * stops and repeated periods come out pixel-exact in poppler (pdftocairo), right-to-left text
 * anchors and turned glyphs. Drawings are checked inline and, where no font is needed, also as
 * an `<img>` (an SVG document of its own).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const svg = (body: string, attrs = 'width="8" height="8"'): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;

/** The page of `markup` drawn inline, then the same page with it as an `<img>`; both must agree. */
async function drawBothWays(markup: string, size = '8px 8px'): Promise<string[]> {
  const page = (body: string): Promise<string[]> => renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } svg, img { display: block }</style>${body}`);
  const inline = await page(markup);
  const [width, height] = size.split(' ').map((v) => parseFloat(v));
  const image = await page(`<img src="data:image/svg+xml,${encodeURIComponent(markup)}" style="width: ${width}px; height: ${height}px">`);
  expect(image).toEqual(inline);
  return inline;
}

describe('SVG lengths in em and ex', () => {
  const ring = ['________', '_RRRRRR_', '_RRRRRR_', '_RR__RR_', '_RR__RR_', '_RRRRRR_', '_RRRRRR_', '________'];

  it('resolves ex and ch from the font\'s x-height and "0" advance, as a browser does', async () => {
    // 16px: Liberation Serif's x-height is 7.34px, Liberation Sans's "0" 8.9px (half an em would be 8px for both)
    const rows = svg(
      '<rect width="1ex" height="1" fill="red" font-family="Liberation Serif"/>'
      + '<rect y="1" width="1ch" height="1" fill="blue" font-family="Liberation Sans"/>'
      // a font size in ex is the parent font's x-height: 2ex = 14.7px, half of it 7.34px
      + '<g font-family="\'Liberation Serif\'" font-size="2ex"><rect y="2" width="0.5em" height="1" fill="lime"/></g>',
      'width="12" height="3" font-size="16px"',
    );
    expect(await drawBothWays(rows, '12px 3px')).toEqual(['RRRRRRR_____', 'BBBBBBBBB___', 'GGGGGGG_____']);
  });

  it('resolves a stroke width in ex and em', async () => {
    expect(await drawBothWays(svg('<rect x="2" y="2" width="4" height="4" stroke-width="4ex" stroke="red" fill="none"/>', 'width="8" height="8" font-size="1px"'))).toEqual(ring);
    expect(await drawBothWays(svg('<rect x="2" y="2" width="4" height="4" style="stroke-width: 0.25em" stroke="red" fill="none"/>', 'width="8" height="8" font-size="8px"'))).toEqual(ring);
  });

  it('inherits an em stroke width as the length it was where declared', async () => {
    // 1em of the group (2px), not of the rect's own 8px font
    expect(await drawBothWays(svg('<g font-size="2px" stroke-width="1em"><rect x="2" y="2" width="4" height="4" font-size="8px" stroke="red" fill="none"/></g>'))).toEqual(ring);
  });

  it('resolves dash lengths in em', async () => {
    expect(await drawBothWays(svg('<line x1="0" y1="1" x2="8" y2="1" stroke="blue" stroke-width="2" stroke-dasharray="1em" stroke-dashoffset="0.5em"/>', 'width="8" height="2" font-size="2px"'), '8px 2px')).toEqual(['B__BB__B', 'B__BB__B']);
  });
});

describe('SVG transform functions from CSS', () => {
  // a 2 × 4 box from x = 0.25, sheared by 45°: each row one pixel further right
  const sheared = ['_RR_____', '__RR____', '___RR___', '____RR__', '________', '________', '________', '________'];
  const box = (transform: string): string => svg(`<rect x="0.25" width="2" height="4" fill="red" transform="${transform}"/>`);

  it('reads skew(ax) as skewX, with angle units', async () => {
    expect(await drawBothWays(box('skewX(45)'))).toEqual(sheared);
    expect(await drawBothWays(box('skew(45)'))).toEqual(sheared);
    expect(await drawBothWays(box('skew(0.125turn)'))).toEqual(sheared);
    expect(await drawBothWays(box('skew(50grad, 0)'))).toEqual(sheared);
  });

  it('reads skew(0, ay) as skewY and rotate() in radians', async () => {
    const column = svg('<rect y="0.25" width="4" height="2" fill="blue" transform="skew(0, 45deg)"/><rect x="6" y="6" width="2" height="2" fill="red" transform="rotate(3.14159265rad 7 7)"/>');
    // each column one pixel further down
    expect(await drawBothWays(column)).toEqual(['________', 'B_______', 'BB______', '_BB_____', '__BB____', '___B____', '______RR', '______RR']);
  });
});

describe('SVG bounding boxes', () => {
  it('measures a curve by its extrema, not its control points (objectBoundingBox gradient)', async () => {
    // the arch peaks at y = 0 (its control points reach y = -2): the half-way stop falls at y = 3
    const gradient = '<linearGradient id="g" x2="0" y2="1"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient>';
    const rows = await drawBothWays(svg(`${gradient}<path d="M0 6 C0 -2 8 -2 8 6 Z" fill="url(#g)"/>`));
    expect(rows.map((row) => row[4])).toEqual(['R', 'R', 'R', 'B', 'B', 'B', '_', '_']);
  });
});

describe('nested viewports and overflow', () => {
  // a 4 × 4 square about a 2 × 2 viewport at (2, 1): Chromium 156 draws it whole with overflow visible or auto, clips it otherwise (before: always clipped)
  const spilled = ['_RRRR___', '_RRRR___', '_RRRR___', '_RRRR___'];
  const clipped = ['________', '__RR____', '__RR____', '________'];
  const square = '<rect x="-1" y="-1" width="4" height="4" fill="red"/>';
  const nested = (attrs: string): string => svg(`<svg x="2" y="1" width="2" height="2" ${attrs}>${square}</svg>`, 'width="8" height="4"');

  it('draws a nested <svg> past its viewport when its overflow is visible or auto (attribute, style or rule)', async () => {
    expect(await drawBothWays(nested('overflow="visible"'), '8px 4px')).toEqual(spilled);
    expect(await drawBothWays(nested('style="overflow: auto"'), '8px 4px')).toEqual(spilled);
    expect(await drawBothWays(svg(`<style>.open { overflow: visible }</style><svg class="open" x="2" y="1" width="2" height="2">${square}</svg>`, 'width="8" height="4"'), '8px 4px')).toEqual(spilled);
    expect(await drawBothWays(nested(''), '8px 4px')).toEqual(clipped);
    expect(await drawBothWays(nested('overflow="hidden"'), '8px 4px')).toEqual(clipped);
  });

  it('draws a <symbol> past its <use>\'s viewport when its overflow is visible', async () => {
    const used = (attrs: string): string => svg(`<defs><symbol id="s" ${attrs}>${square}</symbol></defs><use href="#s" x="2" y="1" width="2" height="2"/>`, 'width="8" height="4"');
    expect(await drawBothWays(used('overflow="visible"'), '8px 4px')).toEqual(spilled);
    expect(await drawBothWays(used(''), '8px 4px')).toEqual(clipped);
  });
});

describe('the outermost <svg>\'s overflow', () => {
  // a 2 × 2 inline <svg> at (2, 1) holding a 4 × 4 square about its viewport: Chromium 156 draws it
  // whole with `overflow: visible` — style, attribute or rule — and clips it with `auto` or by
  // default, as an <img> and a background always (before: always clipped)
  const spilled = ['_RRRR___', '_RRRR___', '_RRRR___', '_RRRR___'];
  const clipped = ['________', '__RR____', '__RR____', '________'];
  const square = '<rect x="-1" y="-1" width="4" height="4" fill="red"/>';
  const page = (body: string): Promise<string[]> => renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } .at { position: absolute; left: 2px; top: 1px; width: 2px; height: 2px; display: block } .open { overflow: visible }</style>${body}`);
  const inline = (attrs: string, classes = 'at'): Promise<string[]> => page(`<svg class="${classes}" ${attrs} viewBox="0 0 2 2">${square}</svg>`);

  it('draws an inline <svg> past its box when its overflow is visible', async () => {
    expect(await inline('style="overflow: visible"')).toEqual(spilled);
    expect(await inline('overflow="visible"')).toEqual(spilled);
    expect(await inline('', 'at open')).toEqual(spilled);
    // rounded corners do not trim it then, as in Chromium
    expect(await inline('style="overflow: visible; border-radius: 1px"')).toEqual(spilled);
    expect(await inline('')).toEqual(clipped);
    expect(await inline('style="overflow: auto"')).toEqual(clipped);
    expect(await inline('style="overflow-x: visible; overflow-y: hidden"')).toEqual(clipped);
  });

  it('clips an SVG image to its box, whatever the document\'s or the element\'s overflow', async () => {
    const url = `data:image/svg+xml,${encodeURIComponent(svg(square, 'width="2" height="2" viewBox="0 0 2 2" overflow="visible" style="overflow: visible"'))}`;
    expect(await page(`<img class="at open" src="${url}">`)).toEqual(clipped);
    expect(await page(`<div class="at open" style="background: url('${url}')"></div>`)).toEqual(clipped);
  });
});

describe('the outermost <svg>\'s opacity', () => {
  it('is applied once, from a rule, the style or the attribute, as in Chromium', async () => {
    // Chromium 156 prints each half blue, #8080ff (before: a rule or the style made it #c0c0ff, applied twice)
    const half = (attrs: string): Promise<string[]> => renderPage(`<style>@page { size: 2px 2px; margin: 0 } body { margin: 0 } svg { display: block } .half { opacity: 0.5 }</style><svg width="2" height="2" ${attrs}><rect width="2" height="2" fill="blue"/></svg>`, {}, { palette: { b: '#8080ff' }, tolerance: 1 });
    for (const attrs of ['style="opacity: 0.5"', 'class="half"', 'opacity="0.5"', 'opacity="50%"', 'opacity="0.5" style="opacity: 0.5"']) expect(await half(attrs)).toEqual(['bb', 'bb']);
  });
});

describe('var() in an SVG\'s own styles', () => {
  it('resolves the custom properties its <style> rules and style attributes set, as an <img> too', async () => {
    // Chromium 156 paints both squares (before: black, var() unread)
    const body = '<style>svg { --c: red } .b { --d: blue }</style><rect width="2" height="2" fill="var(--c)"/><rect class="b" x="2" width="2" height="2" style="fill: var(--d)"/>';
    expect(await drawBothWays(svg(body, 'width="4" height="2"'), '4px 2px')).toEqual(['RRBB', 'RRBB']);
  });
});

describe('vector-effect: non-scaling-stroke', () => {
  // a viewBox stretched 2 × across (preserveAspectRatio none), as Chromium 156 draws it: the stroke as wide in the page whatever the scale (before: 2 × wider across)
  const stretched = (body: string): string => svg(`<style>.n { vector-effect: non-scaling-stroke }</style>${body}`, 'width="8" height="4" viewBox="0 0 4 4" preserveAspectRatio="none"');

  it('strokes in the page\'s space: width and dashes untransformed (attribute, rule, through a group\'s transform)', async () => {
    const upright = '<line x1="2" y1="0" x2="2" y2="4" stroke="red" stroke-width="2" ';
    expect(await drawBothWays(stretched(`${upright}vector-effect="non-scaling-stroke"/>`), '8px 4px')).toEqual(Array<string>(4).fill('___RR___'));
    expect(await drawBothWays(stretched(`${upright}class="n"/>`), '8px 4px')).toEqual(Array<string>(4).fill('___RR___'));
    expect(await drawBothWays(stretched(`${upright}/>`), '8px 4px')).toEqual(Array<string>(4).fill('__RRRR__'));
    // 1 on, 1 off in the page, not 2 and 2
    const dashed = (attrs: string): string => svg(`<g transform="scale(2 1)"><line x1="0" y1="2" x2="4" y2="2" stroke="red" stroke-width="2" stroke-dasharray="1 1" ${attrs}/></g>`, 'width="8" height="4"');
    expect(await drawBothWays(dashed('vector-effect="non-scaling-stroke"'), '8px 4px')).toEqual(['________', 'R_R_R_R_', 'R_R_R_R_', '________']);
    expect(await drawBothWays(dashed(''), '8px 4px')).toEqual(['________', 'RR__RR__', 'RR__RR__', '________']);
  });

  it('says so of a gradient stroke, which it does not keep from scaling', async () => {
    const gradient = '<linearGradient id="g"><stop stop-color="red"/></linearGradient>';
    const markup = stretched(`${gradient}<line x1="2" y1="0" x2="2" y2="4" stroke="url(#g)" stroke-width="2" vector-effect="non-scaling-stroke"/>`);
    const page = await renderPage(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } svg { display: block }</style>${markup}`,
      { expectDiagnostics: [/`vector-effect: non-scaling-stroke` is not honoured on a gradient or pattern stroke/] });
    expect(page).toEqual(Array<string>(4).fill('__RRRR__'));
  });
});

describe('SVG gradients with hard stops and many periods', () => {
  it('repeats every period of a linear gradient (periods whose ends share a colour included)', async () => {
    const stops = ['red', 'lime', 'blue', 'yellow'].map((c, i) => `<stop offset="${i / 4}" stop-color="${c}"/><stop offset="${(i + 1) / 4}" stop-color="${c}"/>`).join('');
    const rows = await drawBothWays(svg(`<linearGradient id="g" x2="0" y2="0.25" spreadMethod="repeat">${stops}</linearGradient><rect width="2" height="16" fill="url(#g)"/>`, 'width="2" height="16"'), '2px 16px');
    expect(rows).toEqual(Array.from({ length: 16 }, (_, i) => ['RR', 'GG', 'BB', 'YY'][i % 4]));
  });

  it('keeps the colours of a small radial gradient exact on each side of a hard stop', async () => {
    const gradient = '<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="4" cy="4" r="2"><stop offset="0.5" stop-color="lime"/><stop offset="0.5" stop-color="blue"/></radialGradient>';
    const rows = await drawBothWays(svg(`${gradient}<rect width="8" height="8" fill="url(#g)"/>`));
    expect(rows).toEqual(['BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBGGBBB', 'BBBGGBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB']);
  });

  // the rows are where the circle of t (centre focus + t·(centre − focus), radius fr + t·(r − fr))
  // through each pixel's centre falls, computed apart from octavo; Chromium draws the same rings
  const focal = (attrs: string): string => svg(
    `<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="6" cy="6" r="4" ${attrs}><stop offset="0.5" stop-color="blue"/><stop offset="0.5" stop-color="red"/></radialGradient>`
    + '<rect width="12" height="12" fill="url(#g)"/>',
    'width="12" height="12"',
  );

  it('repeats a radial gradient whose focal point is off centre', async () => {
    expect(await drawBothWays(focal('fx="5" fy="4" spreadMethod="repeat"'), '12px 12px')).toEqual([
      'BRBBRRRRRRBB', 'RBRRBBBBBRRR', 'BRRBRRRRBBRR', 'RRBRBBBRRBBR', 'RBRRBBBRRRBB', 'RBRRBBBRRRBB',
      'RBRRBBBRRRBB', 'RBRRRRRRRRBB', 'RBBRRRRRRBBB', 'RBBBRRRRBBBB', 'RRBBBBBBBBBR', 'RRRBBBBBBBRR',
    ]);
  });

  it('reflects a radial gradient with a focal circle off centre, inwards inside the focal circle too', async () => {
    expect(await drawBothWays(focal('fx="4" fy="6" fr="1" spreadMethod="reflect"'), '12px 12px')).toEqual([
      'BRRBBBBBBBBB', 'RRBBRRRRRRBB', 'RBBRRRRRRRRB', 'RBRRRRRRRRRR', 'RBRBBBBRRRRR', 'RBRBBBBRRRRR',
      'RBRBBBBRRRRR', 'RBRBBBBRRRRR', 'RBRRRRRRRRRR', 'RBBRRRRRRRRB', 'RRBBRRRRRRBB', 'BRRBBBBBBBBB',
    ]);
  });
});

describe('SVG text direction and rotate', () => {
  // the test font's glyphs are boxes 1em wide, from 0.8em above the baseline to 0.2em below
  const text = (attrs: string, content = 'AB', size = 'width="8" height="2"'): string => svg(`<text y="1.6" style="font: 2px wp" fill="blue" ${attrs}>${content}</text>`, size);
  const draw = (markup: string, size = '8px 2px'): Promise<string[]> => renderPage(
    `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style>${markup}`,
    { baseDir: fileURLToPath(new URL('../fixtures/fonts/', import.meta.url)) },
  );

  it('anchors right-to-left text by its right end for start, its left end for end', async () => {
    expect(await draw(text('x="8" direction="rtl"'))).toEqual(['____BBBB', '____BBBB']);
    expect(await draw(text('x="4" direction="rtl" text-anchor="middle"'))).toEqual(['__BBBB__', '__BBBB__']);
    expect(await draw(text('x="0" style="font: 2px wp; direction: rtl; text-anchor: end"'))).toEqual(['BBBB____', 'BBBB____']);
    // left to right as before
    expect(await draw(text('x="8" text-anchor="end"'))).toEqual(['____BBBB', '____BBBB']);
  });

  // ا (alef) and ب (beh) are boxes in the test font too (beh only below the baseline: on the last row
  // here); the colours tell the glyphs apart. Every row below is also what Chromium draws.
  const mixed = async (attrs: string, content: string, width: number): Promise<string[]> => {
    const rows = await draw(svg(`<text y="4" style="font: 5px wp" fill="blue" ${attrs}>${content}</text>`, `width="${width}" height="5"`), `${width}px 5px`);
    expect(new Set(rows.slice(0, 4)).size).toBe(1);
    return [rows[0]!, rows[4]!];
  };

  it('reorders mixed directions in one <text> and across <tspan>s (Unicode bidi)', async () => {
    // left to right: the Arabic run in the middle reads right to left
    expect(await mixed('x="0"', 'A<tspan fill="red">ا</tspan><tspan fill="lime">ب</tspan>B', 20)).toEqual(['BBBBB_____RRRRRBBBBB', 'BBBBBGGGGGRRRRRBBBBB']);
    // right to left: the Latin run keeps its order, the whole ends at the anchor point
    expect(await mixed('x="20" direction="rtl"', 'ا<tspan fill="red">A</tspan><tspan fill="lime">B</tspan>', 20)).toEqual(['_____RRRRRGGGGGBBBBB', '_____RRRRRGGGGGBBBBB']);
    // each chunk (from an absolute x) is reordered on its own
    expect(await mixed('x="0 10"', 'Aب<tspan fill="red">ا</tspan>', 20)).toEqual(['BBBBB_____RRRRR_____', 'BBBBB_____RRRRRBBBBB']);
    // letter-spacing after each Latin glyph, none between Arabic letters (a cursive script)
    expect(await mixed('x="40" direction="rtl" letter-spacing="3"', 'ا<tspan fill="red">AB</tspan>ا', 40)).toEqual(Array(2).fill('______________BBBBBRRRRR___RRRRR___BBBBB'));
  });

  it('stretches right-to-left text to its textLength from its right end', async () => {
    const rtl = (attrs: string): Promise<string[]> => mixed(`x="30" direction="rtl" ${attrs}`, 'ا<tspan fill="red">A</tspan>ا', 30);
    // the extra room goes after each character in reading order: to its left, the Latin one's too
    expect(await rtl('textLength="25"')).toEqual(Array(2).fill('_____BBBBB_____RRRRR_____BBBBB'));
    expect(await rtl('textLength="30" lengthAdjust="spacingAndGlyphs"')).toEqual(Array(2).fill('BBBBBBBBBBRRRRRRRRRRBBBBBBBBBB'));
  });

  it('takes the direction of the HTML element around an inline <svg>', async () => {
    expect(await draw(`<div dir="rtl">${text('x="8"')}</div>`)).toEqual(['____BBBB', '____BBBB']);
  });

  it('turns each glyph about its position by rotate, the last angle going on', async () => {
    const rows = await draw(svg('<text x="0" y="3.6" style="font: 2px wp" fill="blue" rotate="0 90">ABC</text>'), '8px 8px');
    expect(rows).toEqual(['________', '________', 'BB______', 'BB______', '__BBBB__', '__BBBB__', '________', '________']);
  });
});

describe('a wide viewBox scaled far down', () => {
  it('keeps the end of a sliced 400000-unit drawing at the viewport\'s end (KaTeX\'s stretchy arrows)', async () => {
    // KaTeX draws \xrightarrow, \overrightarrow and the right part of \overbrace as a path 400000
    // units long with `preserveAspectRatio="xMaxYMin slice"`: the scale, 2/522 here, multiplies
    // 400000, and written to 3 decimals (0.004) it put the arrow's head 70px past its box, so
    // nothing showed; Chromium draws the last 6px red
    const arrow = svg('<rect width="400000" height="522" fill="blue"/><rect x="398434" width="1566" height="522" fill="red"/>', 'width="10" height="2" viewBox="0 0 400000 522" preserveAspectRatio="xMaxYMin slice"');
    expect(await drawBothWays(arrow, '10px 2px')).toEqual(['BBBBRRRRRR', 'BBBBRRRRRR']);
  });
});
