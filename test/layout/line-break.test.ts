/**
 * `line-break` (CSS Text 3 §5.3) as Chromium 156 breaks Japanese and Latin text: the heights of
 * 60px-wide boxes of 20px characters on 30px lines (getBoundingClientRect of the same page).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/line-break.test.ts: Japanese tests skipped${skipped}`);
const engine = createInternalEngine({ systemFonts: true });

async function heights(body: string, ids: readonly string[]): Promise<number[]> {
  const laid = inPageFrames(await engine.layout({
    template: `<!DOCTYPE html><style>@page { size: 400px 800px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" } div { width: 60px }</style>${body}`, data: {},
  }));
  checkDiagnostics(laid.diagnostics, []);
  return ids.map((id) => findById(laid.pages[0]!, id)!.height);
}

describe('line-break', () => {
  it('anywhere breaks between any two characters, punctuation and words alike', async () => {
    const latin = 'font-family: "Liberation Sans"; width: 50px';
    expect(await heights(`<div id=a style='line-break: anywhere; ${latin}'>Hello-world, x(y)z</div><div id=n style='${latin}'>Hello-world, x(y)z</div>`, ['a', 'n']))
      .toEqual([120, 90]);
  });

  it.skipIf(noCjk)(`strict keeps small kana off a line's start; loose lets iteration marks start one${skipped}`, async () => {
    expect(await heights(`<div id=n>あいうっえお</div><div id=s style="line-break: strict">あいうっえお</div>
      <div id=l style="line-break: loose">あいう々えお</div><div id=ln>あいう々えお</div><div id=lh style="line-break: loose">あいう〜えお</div>
      <div id=j style="line-break: anywhere">あいう」えお</div><div id=k>あいう」えお</div>`, ['n', 's', 'l', 'ln', 'lh', 'j', 'k']))
      .toEqual([60, 90, 60, 90, 90, 60, 90]);
  });
});
