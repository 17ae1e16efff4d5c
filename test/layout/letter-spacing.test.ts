import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '<!DOCTYPE html><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font: 20px "DejaVu Sans" } p { margin: 0 } span { letter-spacing: 5px }</style>';

/** The width of each span, to 0.1px. */
async function widths(body: string, ids: readonly string[]): Promise<number[]> {
  const doc = await layoutHtml(PAGE + body);
  return ids.map((id) => Math.round(findById(doc.pages[0]!, id)!.width * 10) / 10);
}

// Chromium 156's widths for the same HTML (getBoundingClientRect).
describe('letter-spacing after each typographic character unit (CSS Text 3 §8.2)', () => {
  it('spaces a letter and its combining marks as one unit, in either direction', async () => {
    // "café" decomposed is four units like the composed one (62.61); Hebrew with points, four units (64.27);
    // a zero width joiner stays with the letter before it, the next letter starts a unit (34.95)
    expect(await widths(`<p><span id=a>cafe&#x301;</span></p><p><span id=b>café</span></p>
      <p dir=rtl><span id=d>שָׁלוֹם</span></p><p><span id=e>a&#x200d;b</span></p>`, ['a', 'b', 'd', 'e']))
      .toEqual([62.6, 62.6, 64.3, 35]);
  });

  it('draws spaced letters without their common ligatures, even asked for, as Chromium shapes them', async () => {
    // DejaVu Sans's fi and ffl ligatures are left out: f, i, space, f, f, l each spaced (68.59; 38.3 ligated and unspaced)
    expect(await widths(`<p><span id=c>fi ffl</span></p><p><span id=f style="letter-spacing: 0">fi ffl</span></p>
      <p><span id=g style="font-variant-ligatures: common-ligatures">fi ffl</span></p>`, ['c', 'f', 'g'])).toEqual([68.6, 38.3, 68.6]);
  });
});
