/**
 * Content wider than the page area (docs/css.md, "Content wider than the page"): reported once, at
 * the widest box, with both widths; scaled down to fit with `shrinkToFit` (or `@page {
 * -octavo-shrink-to-fit: auto }`) as Chromium's printing does. Every expected position here is
 * Chromium 156's, printed from the same HTML (`--print-to-pdf`, `pdftotext -bbox`, in points):
 * A4 with 15 mm margins has a 681px page area (680.3px, rounded up to whole pixels as Chromium
 * prints it), and Chromium shrinks content up to 1.5 times as wide as that (1021.5px) to fit, and
 * no further (wider content is cut).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module script without types
import { pdfWords } from '../../scripts/compare-words.mjs';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import { renderChecked } from '../helpers/render.js';
import type { StrictRenderOptions } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

interface Word { readonly page: number; readonly text: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number }

const PAGE = "<style>@page { size: A4; margin: 15mm } body { margin: 0; font: 16px/20px 'Liberation Sans' } .r { text-align: right }</style>";

/** A page whose first block is `width` px wide, LEFT at its left edge and RIGHT at its right one. */
function wide(width: number, extra = ''): string {
  return `<!doctype html>${PAGE}${extra}\n<div style="width: ${width}px"><div>LEFT</div><div class="r">RIGHT</div></div>\n<p>After</p>`;
}

async function words(html: string, options: StrictRenderOptions): Promise<Word[]> {
  const result = await renderChecked(html, options);
  return withPdfFile(result.pdf, (path) => (pdfWords as (p: string) => Word[])(path));
}

function word(all: readonly Word[], text: string): Word {
  const found = all.find((w) => w.text === text);
  if (found === undefined) throw new Error(`no word ${text} in ${all.map((w) => w.text).join(' ')}`);
  return found;
}

const wider = (content: number, area = 681): ExpectedDiagnostic => ({ code: 'layout', message: new RegExp(`^content is ${content}px wide, the page area ${area}px: what is beyond is cut`), line: 2 });

describe('content wider than the page area', () => {
  it('is reported once, at the widest box, with both widths; the page is not shrunk by default', async () => {
    const all = await words(wide(840), { expectDiagnostics: [wider(840)] });
    // LEFT at its size (29.8pt wide, as Chromium prints a page that fits); RIGHT past the page area
    expect(word(all, 'LEFT').width).toBeGreaterThan(29);
    expect(all.some((w) => w.text === 'RIGHT')).toBe(false);
  });

  it('is scaled down to fit with shrinkToFit, as Chromium prints it', async () => {
    // Chromium 156: LEFT 42.75..63.06, RIGHT 527.96..553.38, After at y 70.2 (1000px at 68 %)
    const all = await words(wide(1000), { shrinkToFit: true });
    expect(word(all, 'LEFT').x).toBeCloseTo(42.52, 0);
    expect(word(all, 'LEFT').width).toBeCloseTo(63.06 - 42.75, 0);
    expect(word(all, 'RIGHT').x + word(all, 'RIGHT').width).toBeCloseTo(553.38, -0.3);
    expect(word(all, 'RIGHT').y).toBeCloseTo(53.23, 0);
  });

  it('shrinks by 1.5 at most, as Chromium; wider content is cut, and said so', async () => {
    // Chromium 156 at 1200px and 2000px alike: LEFT 42.75..62.64 (2/3 of its size); RIGHT off the page
    const all = await words(wide(2000), { shrinkToFit: true, expectDiagnostics: [{ code: 'layout', message: 'content is 2000px wide, the page area 681px: shrunk to 67 %', line: 2 }] });
    expect(word(all, 'LEFT').width).toBeCloseTo(62.64 - 42.75, 0);
    expect(all.some((w) => w.text === 'RIGHT' && w.x < 595)).toBe(false);
  });

  it('counts a transformed box where its transform puts it', async () => {
    // Chromium 156: a 700px block moved by translateX(300px) shrinks the page as a 1000px one does:
    // LEFT 195.97..215.95 (at 300px × 68 %), RIGHT ends at 553.50, After at y 71.6
    const html = `<!doctype html>${PAGE}\n<div style="width: 700px; transform: translateX(300px)"><div>LEFT</div><div class="r">RIGHT</div></div>\n<p>After</p>`;
    await words(html, { expectDiagnostics: [wider(1000)] });
    const all = await words(html, { shrinkToFit: true });
    expect(word(all, 'LEFT').x).toBeCloseTo(195.97, 0);
    expect(word(all, 'RIGHT').x + word(all, 'RIGHT').width).toBeCloseTo(553.5, -0.5); // octavo 552.5
    expect(word(all, 'After').y).toBeCloseTo(71.6, 0);
  });

  it('does not count the spaces hanging at the end of a pre-wrap line (Notion exports set it on the body)', async () => {
    // Chromium 156: not shrunk, no matter how many spaces hang: LEFT 42.75..72.09, "Wrapped" on the next line at y 70.14
    const html = `<!doctype html>${PAGE}\n<p style="white-space: pre-wrap">LEFT${' '.repeat(300)}Wrapped after the spaces that hang</p>`;
    const all = await words(html, { shrinkToFit: true });
    expect(word(all, 'LEFT').width).toBeCloseTo(72.09 - 42.75, 0);
    expect(word(all, 'Wrapped').y).toBeCloseTo(70.14, 0);
  });

  it('shrinks under `body { overflow: hidden }`: the body\'s overflow is the viewport\'s', async () => {
    // Chromium 156: as without it, LEFT 42.75..62.73, RIGHT ends at 553.50
    const all = await words(wide(1000, '<style>body { overflow: hidden }</style>'), { shrinkToFit: true });
    expect(word(all, 'LEFT').width).toBeCloseTo(62.73 - 42.75, 0);
    expect(word(all, 'RIGHT').x + word(all, 'RIGHT').width).toBeCloseTo(553.5, -0.5); // octavo 552.5
  });

  it('is asked for in CSS by `@page { -octavo-shrink-to-fit: auto }`; the option overrides it', async () => {
    const css = '<style>@page { -octavo-shrink-to-fit: auto }</style>';
    const shrunk = await words(wide(1000, css), {});
    expect(word(shrunk, 'RIGHT').x + word(shrunk, 'RIGHT').width).toBeCloseTo(553.38, -0.3);
    await words(wide(1000, css), { shrinkToFit: false, expectDiagnostics: [wider(1000)] });
  });

  it('lays the shrunk content out on a page as much larger, in both directions (more lines to a page)', async () => {
    // Chromium 156: the page of a 1000px-wide document holds 74 lines of 20px, not 50 (line73 is the last on page 1)
    const lines = Array.from({ length: 200 }, (_, i) => `<div>line${i + 1}</div>`).join('');
    const all = await words(`<!doctype html>${PAGE}<div>LEFT</div><div style="width: 1000px; height: 1px"></div>${lines}`, { shrinkToFit: true });
    const first = all.filter((w) => w.page === 0 && w.text.startsWith('line')).map((w) => w.text);
    expect(first.at(-1)).toBe('line73');
  });

  it('lays it out on a page area of whole pixels, its width rounded up and its height in proportion rounded down', async () => {
    // Letter, 1in margins (624 x 864px), content 700.4px wide: Chromium 156 lays it out 701px wide
    // (B, 350.9px after A's 350px, on A's line) and 970px tall (floor(701 * 864 / 624)), scaled by
    // 624 / 700.4: After fits on page 1 below 929.9px + one 20px line, not below 930.3px
    const doc = (height: number): string => `<!doctype html><style>@page { size: letter; margin: 1in } body { margin: 0; font: 16px/20px 'Liberation Sans' } span { display: inline-block }</style>
      <div style="width: 700.4px; height: ${height}px"></div><div><span style="width: 350px">A</span><span style="width: 350.9px">B</span></div><p style="margin: 0">After</p>`;
    const fits = await words(doc(929.9), { shrinkToFit: true });
    // Chromium 156: A 72.00 and B 305.87 at y 693.77, After at y 707.13 on page 1
    expect([word(fits, 'A').page, word(fits, 'B').page, word(fits, 'After').page]).toEqual([0, 0, 0]);
    expect(word(fits, 'B').y).toBeCloseTo(word(fits, 'A').y, 2);
    expect(word(fits, 'B').x).toBeCloseTo(305.87, 1);
    expect(word(fits, 'After').y).toBeCloseTo(707.13, 1);
    const over = await words(doc(930.3), { shrinkToFit: true });
    expect([word(over, 'A').page, word(over, 'After').page]).toEqual([0, 1]);
  });

  it('resolves percentages against the larger page area (a right-aligned line ends at the page area edge)', async () => {
    // Chromium 156: END at 533.64..553.25 beside a 900px block
    const all = await words(`<!doctype html>${PAGE}<div style="width: 900px; height: 5px"></div><div class="r">END</div>`, { shrinkToFit: true });
    expect(word(all, 'END').x + word(all, 'END').width).toBeCloseTo(553.25, -0.3);
  });

  // what Chromium counts as content wider than the page (it shrinks) and what it does not
  it.each([
    ['an absolutely positioned box', '<div style="position: absolute; left: 900px; top: 0; width: 50px; height: 10px"></div>', 950],
    ['a box offset by position: relative', '<div style="position: relative; left: 300px; width: 600px; height: 10px"></div>', 900],
    ['a line that does not wrap', `<div style="white-space: nowrap">${'word '.repeat(150)}</div>`, undefined],
  ])('counts %s', async (_, html, width) => {
    const message = width === undefined ? /^content is \d+px wide, the page area 681px/ : new RegExp(`^content is ${width}px wide, the page area 681px`);
    await renderChecked(`<!doctype html>${PAGE}<div>LEFT</div>${html}`, { expectDiagnostics: [{ code: 'layout', message }] });
  });

  it.each([
    ['what overflow: hidden clips', '<div style="overflow: hidden; width: 600px"><div style="width: 900px; height: 10px"></div></div>'],
    ['overflow to the left (a negative margin)', '<div style="margin-left: -300px; width: 900px; height: 10px"></div>'],
    ['a fixed box', '<div style="position: fixed; left: 900px; top: 0; width: 50px; height: 10px"></div>'],
  ])('does not count %s', async (_, html) => {
    await renderChecked(`<!doctype html>${PAGE}<div>LEFT</div>${html}`);
  });

  it('warns of an invalid -octavo-shrink-to-fit value', async () => {
    await renderChecked(`<!doctype html>${PAGE}<style>@page { -octavo-shrink-to-fit: yes }</style><p>x</p>`, {
      expectDiagnostics: [{ code: 'css_invalid_value', message: 'invalid value `yes` for `-octavo-shrink-to-fit` (expected auto or none)' }],
    });
  });
  it('leaves alone a full-bleed box that reaches into the bleed: neither reported nor shrunk', async () => {
    // a cover image of the trim size plus the 3mm bleed on each side (paged.js, WeasyPrint and
    // Prince covers): it is drawn up to the sheet's edge, which is what the bleed is for
    const cover = (offset: string): string => `<!doctype html><style>@page { size: A5; margin: 0; bleed: 3mm } body { margin: 0; font: 16px/20px 'Liberation Sans' }
      .cover { position: relative; height: 100px } .cover div { position: absolute; top: 0; left: -3mm; right: ${offset}; height: 100px; background: navy }</style>
      <div class="cover"><div></div></div><p>After</p>`;
    const all = await words(cover('-3mm'), { shrinkToFit: true });
    // A5 (148mm = 559.37px) at its size: After at 16px from the page box, 11.34px more on the sheet
    expect(word(all, 'After').x).toBeCloseTo((3 / 25.4) * 72, 1);
    // past the sheet's edge it is content wider than the page, as before
    await words(cover('-6mm'), { expectDiagnostics: [{ code: 'layout', message: /^content is 583px wide, the page area 560px: what is beyond is cut/, line: 3 }] });
  });
});
