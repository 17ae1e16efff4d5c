/**
 * `font-variant-numeric: diagonal-fractions` and `font-feature-settings: "frac"` (CSS Fonts 4
 * §6.7): the font's `frac` lookup applied to every glyph, as HarfBuzz applies a user's feature, so
 * that Source Serif 4 sets `1/2` as a fraction. Widths from Chromium 156.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

async function widths(spans: Readonly<Record<string, string>>): Promise<number[]> {
  const body = Object.entries(spans).map(([id, css]) => `<p><span id="${id}" style="${css}">1/2 3/4 10/16</span></p>`).join('');
  const laid = await layoutHtml(`<style>@font-face { font-family: ss; src: url(SourceSerif4-Regular.woff2) } body { margin: 0; font: 20px/30px ss }</style>${body}`, { baseDir: FONTS });
  return Object.keys(spans).map((id) => Math.round(findById(laid.pages[0]!, id)!.width * 100) / 100);
}

describe('fractions', () => {
  it('diagonal-fractions and "frac" set the font\'s fractions; stacked-fractions, in a font without afrc, does nothing', async () => {
    // Chromium: 109.12 plain, 76.92 with frac, 109.12 with afrc (Source Serif 4 has none)
    expect(await widths({ a: '', b: 'font-variant-numeric: diagonal-fractions', c: "font-feature-settings: 'frac'", d: 'font-variant-numeric: stacked-fractions' }))
      .toEqual([109.12, 76.92, 76.92, 109.12]);
  });

  it('"numr" makes every digit a numerator', async () => {
    const laid = await layoutHtml(`<style>@font-face { font-family: ss; src: url(SourceSerif4-Regular.woff2) } body { margin: 0; font: 20px/30px ss }</style><p><span id="e" style="font-feature-settings: 'numr'">1/2 34</span></p>`, { baseDir: FONTS });
    expect(findById(laid.pages[0]!, 'e')!.width).toBeCloseTo(40.88, 1); // Chromium 40.88
  });
});
