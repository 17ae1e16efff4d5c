import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { renderPage } from '../helpers/render.js';
import { createEngine } from '../../src/index.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/text-spacing-trim.test.ts: tests skipped${skipped}`);

const PAGE = '<!DOCTYPE html><html lang=ja><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }'
  + ' div { float: left; clear: left }</style>';

describe.skipIf(noCjk)(`text-spacing-trim (CSS Text 4 §8.2)${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });
  const publicEngine = createEngine({ systemFonts: true });

  /** Each div as `id wxh`, rounded to 0.01px. */
  async function sizes(body: string, ids: readonly string[]): Promise<string[]> {
    const laid = await engine.layout({ template: PAGE + body, data: {} });
    checkDiagnostics(laid.diagnostics, []);
    return ids.map((id) => {
      const f = findById(laid.pages[0]!, id)!;
      return `${id} ${Math.round(f.width * 100) / 100}x${Math.round(f.height * 100) / 100}`;
    });
  }

  // Expected sizes are Chromium 156's for the same HTML (getBoundingClientRect), 20px fullwidth glyphs.
  it('halves the space between consecutive punctuation by default, horizontally and vertically', async () => {
    expect(await sizes(
      '<div id=a>あ」、い</div><div id=b>あ（「い」）。</div><div id=c>あ・「い」</div><div id=d>「あ」</div>'
      + '<div id=e style="writing-mode: vertical-rl">あ」、い</div>',
      ['a', 'b', 'c', 'd', 'e'],
    )).toEqual(['a 70x30', 'b 110x30', 'c 90x30', 'd 60x30', 'e 30x70']);
  });

  it('keeps every punctuation mark full-width with `space-all`, and trims them all with `trim-all`', async () => {
    expect(await sizes(
      '<div id=a style="text-spacing-trim: space-all">あ」、い</div><div id=b style="text-spacing-trim: trim-all">「い」、</div>',
      ['a', 'b'],
    )).toEqual(['a 80x30', 'b 50x30']);
  });

  it('trims an opening bracket at the start of a line with `space-first` (not on the first line) and `trim-start` (on every line)', async () => {
    const laid = await engine.layout({
      template: `${PAGE}<div style="width: 60px; text-spacing-trim: space-first">「<span id=a>い</span>う「<span id=b>え</span>」</div>`
        + `<div style="width: 60px; text-spacing-trim: trim-start">「<span id=c>い</span>う「<span id=d>え</span>」</div>`,
      data: {},
    });
    checkDiagnostics(laid.diagnostics, []);
    const x = (id: string): number => Math.round(findById(laid.pages[0]!, id)!.x * 100) / 100;
    // Chromium 156, space-first: い at 20 on the first line, え at 10 on the second (its 「 trimmed)
    expect([x('a'), x('b')]).toEqual([20, 10]);
    // trim-start trims the first line's bracket too (the spec; Chromium 156 leaves the block's first line as space-first)
    expect([x('c'), x('d')]).toEqual([10, 10]);
  });

  it('warns that line ends are not trimmed with `trim-both`', async () => {
    const laid = await engine.layout({ template: `${PAGE}<div id=a style="text-spacing-trim: trim-both">「あ」、</div>`, data: {} });
    checkDiagnostics(laid.diagnostics, [/`text-spacing-trim: trim-both` has no effect: punctuation at the end of lines is not trimmed/]);
  });

  it('draws a bracket whose start is trimmed half an em back, flush against the one before it', async () => {
    const inkedColumns = async (text: string): Promise<number[]> => {
      const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 24px; margin: 0 } body { margin: 0; font: 20px/24px "Noto Sans CJK JP" }</style>'
        + `<div>${text}</div>`, { engine: publicEngine });
      return [...new Set(rows.flatMap((row) => [...row].flatMap((c, x) => (c === '_' ? [] : [x]))))].sort((a, b) => a - b);
    };
    // （ inks the right half of its cell, 「 the right half of its own: trimmed, 「 is drawn 10px back (as Chromium draws it)
    const trimmed = await inkedColumns('（「');
    const full = await inkedColumns('<span style="text-spacing-trim: space-all">（「</span>');
    expect(Math.max(...trimmed)).toBeLessThan(30);
    expect(Math.max(...full)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...full) - Math.max(...trimmed)).toBe(10);
  });
});
