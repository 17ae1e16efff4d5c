/**
 * `background-clip: text` (CSS Backgrounds 4 §2.1, and `-webkit-background-clip`, which gradient
 * headings use) paints the background only inside the glyphs of the box's text, its descendants'
 * included; `-webkit-text-fill-color` (Compatibility §5.1) fills the glyphs, `transparent` showing
 * the background through them. Full blocks (U+2588, DejaVu Sans) make the glyphs rectangles.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

// four full blocks of DejaVu Sans at 10px (7.8px advances) from the left of a 40 × 10 page
const page = (css: string, body: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 40px 10px; margin: 0 } body { margin: 0 } div { font: 10px/10px "DejaVu Sans"; white-space: pre } ${css}</style>${body}`);
const BLOCKS = '\u2588\u2588';

describe('background-clip: text', () => {
  it('shows a hard-stop gradient through transparent text only, the descendants\' text included', async () => {
    // the shorthand first: after the clip it would set it back to border-box, in a browser too
    const rows = await page('.g { background: linear-gradient(90deg, red 50%, blue 50%); -webkit-background-clip: text; -webkit-text-fill-color: transparent }',
      `<div class="g">${BLOCKS}<span>${BLOCKS}</span></div>`);
    // red over the div's left half, blue over its right, white past the text's end (31.2px)
    expect(rows[5]!.slice(2, 18)).toBe('R'.repeat(16));
    expect(rows[5]!.slice(22, 30)).toBe('B'.repeat(8));
    expect(rows[5]!.slice(33)).toBe('_'.repeat(7));
  });

  it('`text` in the background shorthand is the clip (the origin stays padding-box); first of two boxes it is invalid', async () => {
    const rows = await page('.g { background: linear-gradient(90deg, red 50%, blue 50%) text; color: transparent }', `<div class="g">${BLOCKS}<span>${BLOCKS}</span></div>`);
    expect(rows[5]!.slice(2, 18)).toBe('R'.repeat(16));
    expect(rows[5]!.slice(22, 30)).toBe('B'.repeat(8));
    expect(rows[5]!.slice(33)).toBe('_'.repeat(7));
    const { styleWith } = await import('../css/helpers.js');
    const doc = await styleWith('.a { background: red content-box text } .b { background: red text content-box }', '<p id="a" class="a">a</p><p id="b" class="b">b</p>');
    expect([doc.style('#a').backgroundOrigin, doc.style('#a').backgroundClip]).toEqual([['content-box'], ['text']]);
    expect(doc.style('#b').backgroundClip).toEqual(['border-box']);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('paints nothing where there is no text', async () => {
    const rows = await page('.g { background-clip: text; color: transparent; background-color: red; width: 40px; height: 10px }', '<div class="g"></div>');
    expect(rows.every((row) => /^_+$/.test(row))).toBe(true);
  });

  it('-webkit-text-fill-color fills the glyphs of the element and its descendants', async () => {
    const rows = await page('.p { color: red } .p span { -webkit-text-fill-color: blue }', `<div class="p">${BLOCKS}<span>${BLOCKS}</span></div>`);
    expect(rows[5]!.slice(2, 13)).toBe('R'.repeat(11));
    expect(rows[5]!.slice(18, 29)).toBe('B'.repeat(11));
  });
});
