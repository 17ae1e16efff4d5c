/** `font-variant-ligatures` (CSS Fonts 4 §6.4) as OpenType features: DejaVu Sans sets `office fluff` in 8 glyphs with its `liga`, in 12 without. */
import { describe, expect, it } from 'vitest';
import { layoutHtml, textFragments } from '../helpers/layout.js';

async function glyphCounts(css: string): Promise<number[]> {
  const laid = await layoutHtml(`<style>p { font: 20px "DejaVu Sans"; margin: 0 } ${css}</style><p id="a">office fluff</p>`);
  return laid.pages[0]!.children.flatMap(textFragments).map((text) => text.runs.reduce((sum, run) => sum + run.run.glyphs.length, 0));
}

describe('font-variant-ligatures', () => {
  it('normal keeps the font\'s standard ligatures; none and no-common-ligatures take them away', async () => {
    expect(await glyphCounts('')).toEqual([8]);
    expect(await glyphCounts('p { font-variant-ligatures: none }')).toEqual([12]);
    expect(await glyphCounts('p { font-variant-ligatures: no-common-ligatures contextual }')).toEqual([12]);
    expect(await glyphCounts('p { font-variant-ligatures: common-ligatures }')).toEqual([8]);
  });

  it('the font-variant shorthand: none sets the ligatures to none; other values leave them normal', async () => {
    expect(await glyphCounts('p { font-variant: none }')).toEqual([12]);
    expect(await glyphCounts('p { font-variant: no-common-ligatures tabular-nums }')).toEqual([12]);
    expect(await glyphCounts('p { font-variant-ligatures: none; font-variant: normal }')).toEqual([8]);
    expect(await glyphCounts('p { font-variant-ligatures: none; font: 20px "DejaVu Sans" }')).toEqual([8]);
  });

  it('text-rendering is read without a warning and changes nothing', async () => {
    expect(await glyphCounts('p { text-rendering: optimizeSpeed }')).toEqual([8]);
  });
});
