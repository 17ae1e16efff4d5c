/**
 * `line-height: normal` counts every font a box's text is set in (CSS Inline 3 §4.1; Blink's
 * InlineBoxState::AccumulateUsedFonts): a line with a check mark from DejaVu Sans, or Japanese from
 * Noto Sans CJK, in a Liberation Serif paragraph is as tall as that font's own `normal` makes it.
 * Heights are Chromium 156's (getBoundingClientRect of each paragraph, fonts-liberation and
 * fonts-noto-cjk installed).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames, layoutHtml } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';

const PAGE = '<!DOCTYPE html><html lang=en><style>body { margin: 0; font: 16px "Liberation Serif" } p { margin: 0 }</style>';

/** Each paragraph's height, to a millionth of a px (sums of fractional bounds). */
function heights(doc: Awaited<ReturnType<typeof layoutHtml>>, ids: readonly string[]): Record<string, number | undefined> {
  return Object.fromEntries(ids.map((id) => {
    const height = findById(doc.pages[0]!, id)?.height;
    return [id, height === undefined ? undefined : Math.round(height * 1e6) / 1e6];
  }));
}

describe('line-height: normal with fallback fonts', () => {
  it('makes a line as tall as the fallback fonts of its text need, as Chromium does', async () => {
    const doc = await layoutHtml(`${PAGE}
      <p id=latin>Latin only</p>
      <p id=check>Check ✓ done</p>
      <p id=symbols>Box ☐ ☑ ☒ ⚠ ★</p>
      <p id=big style="font-size: 30px">Check ✓ done</p>
      <p id=sans style="font-family: 'Liberation Sans'">Check ✓ done</p>
      <p id=lines>One line<br>Two ✓ line<br>Three</p>
      <p id=small><span style="font-size: 10px">small ✓</span> big</p>`);
    // Liberation Serif's normal is 18px at 16px; DejaVu Sans's 19px; only the line with ✓ grows
    expect(heights(doc, ['latin', 'check', 'symbols', 'big', 'sans', 'lines', 'small']))
      .toEqual({ latin: 18, check: 19, symbols: 19, big: 35, sans: 19, lines: 55, small: 18 });
  });

  it('counts them only in a box whose line-height is normal', async () => {
    const doc = await layoutHtml(`${PAGE}
      <p id=fixed style="line-height: 18px">Check ✓ done</p>
      <p id=span-normal style="line-height: 18px">Check <span style="line-height: normal">✓</span> done</p>
      <p id=span-fixed>Check <span style="line-height: 18px">✓</span> done</p>
      <p id=top>Check <span style="vertical-align: top">✓</span> done</p>`);
    expect(heights(doc, ['fixed', 'span-normal', 'span-fixed', 'top'])).toEqual({ fixed: 18, 'span-normal': 19, 'span-fixed': 18, top: 19 });
  });

  const noCjk = !installedFamilies().has('noto sans cjk jp');
  it.skipIf(noCjk)(`sets Japanese in a Latin paragraph on Noto Sans CJK's 24px lines${noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : ''}`, async () => {
    const engine = createInternalEngine({ systemFonts: true });
    const doc = inPageFrames(await engine.layout({ template: `${PAGE}
      <p id=ja>日本語の文</p>
      <p id=ja-fixed style="line-height: 1.2">日本語の文</p>
      <p id=ja-span style="line-height: 20px">Mixed <span style="line-height: normal">日本語</span> span</p>
      <p id=ja-dejavu style="font-family: 'DejaVu Sans'">DejaVu 日本語</p>`, data: {} }));
    expect(doc.diagnostics).toEqual([]);
    // ja-fixed: 16px at 1.2, cut to Blink's 1/64 px units, is Chromium's 19.1875
    expect(heights(doc, ['ja', 'ja-fixed', 'ja-span', 'ja-dejavu'])).toEqual({ ja: 24, 'ja-fixed': 19.1875, 'ja-span': 24, 'ja-dejavu': 24 });
  });
});
