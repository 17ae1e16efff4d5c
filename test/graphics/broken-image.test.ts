/**
 * A broken image without a size of its own is sized to its alt text (one line in its font), as
 * browsers show it, with a warning; the test font `wp` draws each glyph as a square 0.8 em above
 * and 0.2 em below the baseline.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const MISSING = { code: 'resource', message: /^image not loaded: .*missing\.png/ } as const;

function draw(body: string, size: string): Promise<string[]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: ${size}; margin: 0 } body { margin: 0; font: 2px/2px wp; color: red }</style>${body}`;
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
});
