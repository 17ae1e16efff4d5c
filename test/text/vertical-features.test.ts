import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { createEngine } from '../../src/api.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames, sizesById } from '../helpers/layout.js';
import { renderPage } from '../helpers/render.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/text/vertical-features.test.ts: tests skipped${skipped}`);

const PAGE = '<!DOCTYPE html><html lang=ja><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }'
  + ' div { float: left; writing-mode: vertical-rl }</style>';

// Noto Sans CJK JP's vertical GPOS features: vkrn (い before 、 kerned 60 units closer, い before 。 80),
// vpal (い 866 units tall, 、 and 。 500), vhal (、「」 half an em, 「 moved up by it).
describe.skipIf(noCjk)(`vertical GPOS features of upright glyphs: vkrn, vpal, vhal (src/text/upright.ts)${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });
  const publicEngine = createEngine({ systemFonts: true });

  const sizes = (body: string, ids: readonly string[]): Promise<string[]> => sizesById(engine, PAGE + body, ids);

  // Chromium 156 (getBoundingClientRect, in 1/64 px): a 30x80, b 30x77.203125, d 30x77.203125,
  // e 30x54.640625, f 30x70, g 30x51.84375, h 30x67.328125
  it('advances upright glyphs by the vertical adjustments of the features the style asks for, as Chromium', async () => {
    expect(await sizes(
      '<div id=a>い、い。</div>'
      + '<div id=b style="font-feature-settings: \'vkrn\'">い、い。</div>'
      + '<div id=d style="font-kerning: none; font-feature-settings: \'vkrn\'">い、い。</div>'
      + '<div id=e style="font-feature-settings: \'vpal\'">い、い。</div>'
      + '<div id=f style="font-feature-settings: \'vhal\'">あ、「ト」</div>'
      + '<div id=g style="font-feature-settings: \'vpal\' on, \'vkrn\'">い、い。</div>'
      + '<div id=h style="text-orientation: upright; font-feature-settings: \'vpal\'">い、AV</div>',
      ['a', 'b', 'd', 'e', 'f', 'g', 'h'],
    )).toEqual(['a 30x80', 'b 30x77.2', 'd 30x77.2', 'e 30x54.64', 'f 30x70', 'g 30x51.84', 'h 30x67.32']);
  });

  it('kerns vertical text with `font-kerning: normal` (vkrn), not by default nor with `none`', async () => {
    // CSS Fonts 4 §6.4: `normal` applies kerning; `auto` leaves it off in vertical text as HarfBuzz
    // and Chromium 156 do (Chromium leaves it off with `normal` too: 30x80)
    expect(await sizes(
      '<div id=n style="font-kerning: normal">い、い。</div><div id=x style="font-kerning: none">い、い。</div>'
      + '<div id=s style="font-kerning: normal; font-feature-settings: \'vkrn\' 0">い、い。</div>',
      ['n', 'x', 's'],
    )).toEqual(['n 30x77.2', 'x 30x80', 's 30x80']);
  });

  it('sets the proportional and full-width forms of font-variant-east-asian, as Chromium', async () => {
    // Chromium 156: a 60x30, b 36.40625x30, d 60x30, f (upright, vertical) 30x60
    const laid = inPageFrames(await engine.layout({
      template: '<!DOCTYPE html><html lang=ja><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" } div { float: left; clear: left }</style>'
        + '<div id=a>ＡＢ１</div><div id=b style="font-variant-east-asian: proportional-width">ＡＢ１</div><div id=d style="font-variant: full-width">“あ”</div>'
        + '<div id=f style="font-variant-east-asian: proportional-width; writing-mode: vertical-rl; text-orientation: upright">ＡＢ１</div>',
      data: {},
    }));
    checkDiagnostics(laid.diagnostics, []);
    expect(['a', 'b', 'd', 'f'].map((id) => {
      const f = findById(laid.pages[0]!, id)!;
      return `${id} ${Math.round(f.width * 100) / 100}x${Math.round(f.height * 100) / 100}`;
    })).toEqual(['a 60x30', 'b 36.4x30', 'd 60x30', 'f 30x60']);
  });

  it('draws a glyph where its vertical placement moves it: vhal lifts 「 half an em', async () => {
    const inkedRows = async (style: string): Promise<number[]> => {
      const rows = await renderPage('<!DOCTYPE html><style>@page { size: 30px 60px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }'
        + ` div { writing-mode: vertical-rl; ${style} }</style><div>あ「</div>`, { engine: publicEngine });
      return rows.flatMap((row, y) => (y >= 20 && [...row].some((c) => c !== '_') ? [y] : []));
    };
    // the turned 「 inks the lower half of its em below あ; with vhal it stands half an em higher (Chromium 156: from row 32, and 22)
    const full = await inkedRows('');
    const half = await inkedRows("font-feature-settings: 'vhal'");
    expect(Math.min(...full)).toBeGreaterThanOrEqual(30);
    expect(Math.min(...full) - Math.min(...half)).toBe(10);
  });
});
