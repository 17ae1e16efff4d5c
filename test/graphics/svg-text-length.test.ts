/**
 * SVG `textLength`/`lengthAdjust` (SVG 2 §11.8.1) and what an inline `<svg>` inherits from the
 * HTML around it (colour for currentColor, font family and size), with the block-glyph test
 * font `wp` (each glyph a square 0.8 em above and 0.2 em below the baseline).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

function draw(body: string, size: string): Promise<string[]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: ${size}; margin: 0 } body { margin: 0 } svg { display: block }</style>${body}`;
  return renderPage(template, { baseDir: FONTS });
}

describe('SVG textLength', () => {
  it('spreads the extra room between the characters (lengthAdjust=spacing)', async () => {
    expect(await draw('<svg xmlns="http://www.w3.org/2000/svg" width="12" height="2"><text x="1" y="1.6" font-family="wp" font-size="2" fill="red" textLength="10">abc</text></svg>', '12px 2px')).toEqual([
      '_RR__RR__RR_', '_RR__RR__RR_',
    ]);
  });

  it('scales glyphs and spacing with spacingAndGlyphs (trailing letter-spacing not counted)', async () => {
    expect(await draw('<svg xmlns="http://www.w3.org/2000/svg" width="18" height="2"><text x="1" y="1.6" font-family="wp" font-size="2" fill="blue" letter-spacing="1" textLength="16" lengthAdjust="spacingAndGlyphs">abc</text></svg>', '18px 2px')).toEqual([
      '_BBBB__BBBB__BBBB', '_BBBB__BBBB__BBBB',
    ].map((r) => `${r}_`));
  });
});

describe('SVG text painted by a paint server', () => {
  it('fills glyphs with a gradient over the text\'s box (and only the glyphs)', async () => {
    const gradient = '<linearGradient id="g"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue"/></linearGradient>';
    expect(await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="5">${gradient}<text x="1" y="4" font-family="wp" font-size="5" fill="url(#g)">A B</text></svg>`, '16px 5px')).toEqual(
      Array(5).fill('_RRRRR_____BBBBB'),
    );
  });

  it('fills glyphs with a pattern', async () => {
    const pattern = '<pattern id="p" width="2" height="10" patternUnits="userSpaceOnUse"><rect width="1" height="10" fill="red"/><rect x="1" width="1" height="10" fill="blue"/></pattern>';
    expect(await draw(`<svg xmlns="http://www.w3.org/2000/svg" width="6" height="5">${pattern}<text x="0" y="4" font-family="wp" font-size="5" fill="url(#p)">A</text></svg>`, '6px 5px')).toEqual(
      Array(5).fill('RBRBR_'),
    );
  });
});

describe('inline <svg> in HTML', () => {
  it('inherits the colour (currentColor) and the font of its HTML context', async () => {
    const body = '<div style="color: blue; font: 2px wp"><svg xmlns="http://www.w3.org/2000/svg" width="6" height="4"><rect width="6" height="2" fill="currentColor"/><text y="3.6" fill="red">ab</text></svg></div>';
    expect(await draw(body, '6px 4px')).toEqual(['BBBBBB', 'BBBBBB', 'RRRR__', 'RRRR__']);
  });

  it('does not pass the page\'s colour to an SVG <img>', async () => {
    const src = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"><rect width="2" height="1" fill="currentColor"/></svg>')}`;
    expect(await draw(`<div style="color: blue"><img src="${src}" style="display: block"></div>`, '2px 2px')).toEqual(['KK', '__']);
  });
});

describe('SVG textPath', () => {
  it('puts each glyph along the path, turned to its direction, from startOffset', async () => {
    // a path down then right: "AB" (2px glyphs) from 1px along it goes down, "CD" after the corner goes right
    const body = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><path id="p" d="M 1 0 V 5 H 8" fill="none"/><text font-family="wp" font-size="2" fill="red"><textPath href="#p" startOffset="1">AB</textPath></text></svg>';
    const rows = await draw(body, '8px 8px');
    // turned 90°: the glyph squares (0.8 em above the baseline = to the right of the path going down) at x 1..3
    expect(rows).toEqual(['________', '_RR_____', '_RR_____', '_RR_____', '_RR_____', '________', '________', '________']);
    // the same glyphs 2px along a path that turns right after 2px: upright, past the corner
    const right = body.replace('M 1 0 V 5 H 8', 'M 1 0 V 2 H 8').replace('startOffset="1"', 'startOffset="2"');
    expect((await draw(right, '8px 8px')).slice(0, 3)).toEqual(['_RRRR___', '_RRRR___', '________']);
  });

  it('does not run the text along a moveto: a later subpath starts where the last one ended', async () => {
    // the seal's circle `M60,60 m-44,0 a…`: Chromium 156 starts the text at the second point;
    // before, the jump from (6,0) to (1,1.6) was a segment and "AB" was drawn along it, turned over
    const body = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="2"><path id="p" d="M 6 0 m -5 1.6 H 8" fill="none"/><text font-family="wp" font-size="2" fill="red"><textPath href="#p">AB</textPath></text></svg>';
    expect(await draw(body, '8px 2px')).toEqual(['_RRRR___', '_RRRR___']);
  });
});

describe('inline <svg> names', () => {
  it('reads lower-case viewbox (and other camel-case names) as the HTML parser adjusts them', async () => {
    const body = '<svg width="4" height="4" viewbox="0 0 2 2"><lineargradient id="g"><stop stop-color="blue"/></lineargradient><rect width="1" height="1" fill="url(#g)"/></svg>';
    expect(await draw(body, '4px 4px')).toEqual(['BB__', 'BB__', '____', '____']);
  });
});

describe('SVG word-spacing', () => {
  it('adds space after each space, from the attribute or the page\'s CSS (Chromium 156 sets its text the same)', async () => {
    // before: word-spacing was not read in SVG text (the second word started right after the space)
    const text = (attrs: string): string => `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="2"><text x="0" y="1.6" font-family="wp" font-size="2" fill="red" ${attrs}>a b</text></svg>`;
    // "a", a space (each 1em: 2px), 4px, "b"
    expect(await draw(text('word-spacing="4"'), '16px 2px')).toEqual(['RR______RR______', 'RR______RR______']);
    expect(await draw(`<style>svg text { word-spacing: 4px }</style>${text('')}`, '16px 2px')).toEqual(['RR______RR______', 'RR______RR______']);
    expect(await draw(text(''), '16px 2px')).toEqual(['RR__RR__________', 'RR__RR__________']);
  });
});

describe('SVG text spacing inherited from the HTML around it', () => {
  it('takes letter-spacing and word-spacing from an HTML ancestor and from a rule on the <svg> (Chromium 156\'s positions)', async () => {
    // before: the <svg> did not inherit them (its text set unspaced)
    const text = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="2"><text x="0" y="1.6" font-family="wp" font-size="2" fill="red">ab c</text></svg>';
    // "a", 1px, "b", 1px, a space, 1px + 3px, "c"
    expect(await draw(`<div style="letter-spacing: 1px; word-spacing: 3px">${text}</div>`, '16px 2px')).toEqual(['RR_RR_______RR__', 'RR_RR_______RR__']);
    expect(await draw(`<style>svg { letter-spacing: 1px }</style>${text}`, '16px 2px')).toEqual(['RR_RR____RR_____', 'RR_RR____RR_____']);
  });
});
