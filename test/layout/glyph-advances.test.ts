/**
 * Glyph advances (src/text/advance.ts): the font's own by default, as Chromium prints with a
 * distribution's fontconfig (slight hinting); rounded to whole px per glyph with
 * `glyphAdvances: 'whole-px'`, as Chromium prints where fontconfig asks for full hinting.
 * Expected widths are derived by hand from Liberation Sans's advances (units of 2048 per em):
 * t 569, e 1139, x 1024, space 569, A 1366, V 1366, and the AV kerning pair -152.
 */
import { describe, expect, it } from 'vitest';
import type { LaidOutDocument } from '../../src/render.js';
import type { TextFragment } from '../../src/layout/types.js';
import { layoutHtml, textFragments as texts } from '../helpers/layout.js';

const PAGE = '<style>@page { size: 600px 200px; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px "Liberation Sans" } span { display: inline-block }</style>';

const allTexts = (doc: LaidOutDocument): TextFragment[] => doc.pages[0]!.children.flatMap(texts);

describe('glyph advances', () => {
  it('keeps the font\'s own advances by default', async () => {
    const [text] = allTexts(await layoutHtml(`${PAGE}<p>text text</p>`));
    // 2 × (569 + 1139 + 1024 + 569) + 569 units at 10px
    expect(text!.width).toBeCloseTo(((2 * (569 + 1139 + 1024 + 569) + 569) * 10) / 2048, 6);
  });

  it('rounds each glyph to whole px with glyphAdvances: whole-px, kerning added unrounded', async () => {
    const [text] = allTexts(await layoutHtml(`${PAGE}<p>text text</p>`, { glyphAdvances: 'whole-px' }));
    // t 2.78 -> 3, e 5.56 -> 6, x 5 -> 5, space 2.78 -> 3
    expect(text!.width).toBe(2 * (3 + 6 + 5 + 3) + 3);
    const [kerned] = allTexts(await layoutHtml(`${PAGE}<p style="font-size:20px">AV</p>`, { glyphAdvances: 'whole-px' }));
    // A and V 13.34 -> 13 each, the pair's -152 units (-1.48px at 20px) as they are
    expect(kerned!.width).toBeCloseTo(13 + 13 - (152 * 20) / 2048, 6);
  });

  it('sizes boxes and breaks lines with the same advances', async () => {
    // eight "text " at 10px: 8 × 18.90 = 151.2px exact, 8 × 20 = 160px in whole px
    const html = `${PAGE}<p style="width:155px">text text text text text text text text</p>`;
    expect(allTexts(await layoutHtml(html)).map((t) => t.text.trim())).toEqual(['text text text text text text text text']);
    expect(allTexts(await layoutHtml(html, { glyphAdvances: 'whole-px' })).map((t) => t.text.trim())).toEqual(['text text text text text text text', 'text']);
  });
});
