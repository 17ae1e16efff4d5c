/**
 * A broken image without a size of its own is sized to its alt text (one line in its font), as
 * browsers show it, with a warning; in a document with a doctype an inline one is its alt text in
 * the line whatever its size (HTML §15.4.2, as Chromium prints it). The test font `wp` draws each
 * glyph as a square 0.8 em above and 0.2 em below the baseline.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const MISSING = { code: 'resource', message: /^image not loaded: .*missing\.png/ } as const;

function draw(body: string, size: string, doctype = ''): Promise<string[]> {
  const template = `${doctype}<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: ${size}; margin: 0 } body { margin: 0; font: 2px/2px wp; color: red }</style>${body}`;
  return renderPage(template, { baseDir: FONTS, expectDiagnostics: [MISSING] });
}

describe('broken images', () => {
  it('take the size of their alt text and show it, with a warning', async () => {
    const rows = await draw('<div style="display: flex"><img src="missing.png" alt="ab"><span style="color: blue">c</span></div>', '8px 2px');
    expect(rows).toEqual(['RRRRBB__', 'RRRRBB__']);
  });

  it('keep a specified size', async () => {
    const rows = await draw('<img src="missing.png" alt="abc" style="display: block; width: 2px; height: 2px">', '8px 2px');
    expect(rows).toEqual(['RR______', 'RR______']);
  });

  it('with a doctype, an inline one is its alt text in the line, not a box of its width and height', async () => {
    const body = '<p style="margin: 0"><img src="missing.png" alt="ab" width="6" height="2" style="height: 2px"><span style="color: blue">c</span></p>';
    expect(await draw(body, '8px 2px', '<!doctype html>')).toEqual(['RRRRBB__', 'RRRRBB__']);
    // in quirks mode a sized one keeps its box (the alt text inside it), as in Chromium
    expect(await draw(body, '8px 2px')).toEqual(['RRRR__BB', 'RRRR__BB']);
  });

  it('with a doctype, its alt text is an inline-block: borders count in the line, a long text wraps inside', async () => {
    const bordered = '<p style="margin: 0"><img src="missing.png" alt="a" width="9" height="9" style="border: 1px solid blue"></p>';
    expect(await draw(bordered, '4px 4px', '<!doctype html>')).toEqual(['BBBB', 'BRRB', 'BRRB', 'BBBB']);
    const long = '<div style="width: 5px"><img src="missing.png" alt="ab cd" width="1" height="1" style="border-left: 1px solid blue"></div>';
    expect(await draw(long, '8px 4px', '<!doctype html>')).toEqual(['BRRRR___', 'BRRRR___', 'BRRRR___', 'BRRRR___']);
  });

  it('an empty alt, a block or an inline-block keeps the size asked for', async () => {
    const body = '<p style="margin: 0"><img src="missing.png" alt="" width="3" height="2"><img src="missing.png" alt="ab" style="display: inline-block; width: 3px; height: 2px"><span style="color: blue">c</span></p>';
    expect(await draw(body, '10px 2px', '<!doctype html>')).toEqual(['___RRRBB__', '___RRRBB__']);
  });

  it('an <img> without a src, or with an empty one, is an image that did not load (as Chromium prints it)', async () => {
    const empty = { code: 'resource', message: /^`<img>` has an empty `src`/ } as const;
    const template = (body: string): string => `<!doctype html><style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 8px 2px; margin: 0 } body { margin: 0; font: 2px/2px wp; color: red }</style>${body}`;
    // its alt text in the line; no src at all is not warned, an empty one is (often data missing)
    expect(await renderPage(template('<p style="margin: 0"><img alt="ab"><span style="color: blue">c</span></p>'), { baseDir: FONTS })).toEqual(['RRRRBB__', 'RRRRBB__']);
    expect(await renderPage(template('<p style="margin: 0"><img src=" " alt="ab"><span style="color: blue">c</span></p>'), { baseDir: FONTS, expectDiagnostics: [empty] }))
      .toEqual(['RRRRBB__', 'RRRRBB__']);
    // without alt text, the size it asks for (Chromium: a 100 × 40 box for width: 100px; height: 40px), its background drawn
    expect(await renderPage(template('<p style="margin: 0"><img style="width: 3px; height: 2px; background: lime"><span style="color: blue">c</span></p>'), { baseDir: FONTS }))
      .toEqual(['GGGBB___', 'GGGBB___']);
  });
});
