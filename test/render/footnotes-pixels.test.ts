/**
 * Footnotes, rendered (CSS GCPM 3 §2): calls, markers and notes on tiny pages rasterized at
 * 1 CSS px per pixel. The `wp` font draws letters as full em squares and has no superscript
 * digits, so the UA's call (font-variant-position: super) is a full-size digit on the baseline.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

async function pages(css: string, body: string): Promise<string[][]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } body { margin: 0; font: 2px/1 wp; color: red } p { margin: 0 }
    .fn { float: footnote; color: blue } ::footnote-call { color: lime } ::footnote-marker { color: black } ${css}</style>${body}`;
  return renderPixels(template, { baseDir: FONTS });
}

describe('footnotes, painted', () => {
  it('keeps the lines above a call whose note does not fit, and moves the call\'s line with its note', async () => {
    // Page 1: six lines, the call of note 1 on "dddd", its 8px note (marker line and three lines);
    // "eeee ffff" fit above it. Note 2 (call on "hhhh") would not fit below: its line moves.
    const [first, second, more] = await pages('@page { size: 10px 20px; margin: 0 }',
      '<p>aaaa bbbb cccc dddd<span class=fn>xxxx yyyy zzzz</span> eeee ffff gggg hhhh<span class=fn>uuuu vvvv wwww</span> iiii jjjj</p>');
    expect(more).toBeUndefined();
    expect(first).toEqual([
      'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__',
      'RRRRRRRRGG', 'RRRRRRRRGG', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__',
      'KKKK______', 'KKKK______', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__',
    ]);
    expect(second).toEqual([
      'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRRGG', 'RRRRRRRRGG', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__', 'RRRRRRRR__',
      '__________', '__________', '__________', '__________',
      'KKKK______', 'KKKK______', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__', 'BBBBBBBB__',
    ]);
  });

  it('puts two notes under each other at the bottom of the page area, styled by @footnote', async () => {
    const [page, more] = await pages('@page { size: 10px 12px; margin: 0 1px; @footnote { border-top: 1px solid lime; padding-top: 1px } }',
      '<p>ab<span class=fn>x</span> cd<span class=fn>y</span></p>');
    expect(more).toBeUndefined();
    expect(page).toEqual([
      '_RRRRGG___', '_RRRRGG___', '_RRRRGG___', '_RRRRGG___',
      '__________', '__________',
      '_GGGGGGGG_', '__________',
      '_KKKK__BB_', '_KKKK__BB_', '_KKKK__BB_', '_KKKK__BB_',
    ]);
  });
});
