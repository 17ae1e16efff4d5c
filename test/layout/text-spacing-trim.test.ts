import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { findById, inPageFrames, sizesById } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { renderPage } from '../helpers/render.js';
import { createEngine } from '../../src/api.js';

const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/layout/text-spacing-trim.test.ts: tests skipped${skipped}`);

const PAGE = '<!DOCTYPE html><html lang=ja><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }'
  + ' div { float: left; clear: left }</style>';

describe.skipIf(noCjk)(`text-spacing-trim (CSS Text 4 §8.2)${skipped}`, () => {
  const engine = createInternalEngine({ systemFonts: true });
  const publicEngine = createEngine({ systemFonts: true });

  const sizes = (body: string, ids: readonly string[]): Promise<string[]> => sizesById(engine, PAGE + body, ids);

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
    const laid = inPageFrames(await engine.layout({
      template: `${PAGE}<div style="width: 60px; text-spacing-trim: space-first">「<span id=a>い</span>う「<span id=b>え</span>」</div>`
        + `<div style="width: 60px; text-spacing-trim: trim-start">「<span id=c>い</span>う「<span id=d>え</span>」</div>`,
      data: {},
    }));
    checkDiagnostics(laid.diagnostics, []);
    const x = (id: string): number => Math.round(findById(laid.pages[0]!, id)!.x * 100) / 100;
    // Chromium 156, space-first: い at 20 on the first line, え at 10 on the second (its 「 trimmed)
    expect([x('a'), x('b')]).toEqual([20, 10]);
    // trim-start trims the first line's bracket too (the spec; Chromium 156 leaves the block's first line as space-first)
    expect([x('c'), x('d')]).toEqual([10, 10]);
  });

  /**
   * Each span as `id x,line w`: its inline start and size (px, rounded to 0.01) and its line (30px each) on the first page,
   * found by the span's middle: its 28.96px content area (Noto Sans CJK JP 20px, A 23.2, D 5.76) starts 0.2px above its
   * line's top, the baseline 23 + ⌊(30 - 23 - 6) / 2⌋ = 23px below it.
   */
  async function spans(body: string, ids: readonly string[]): Promise<string[]> {
    const laid = inPageFrames(await engine.layout({ template: PAGE + body, data: {} }));
    checkDiagnostics(laid.diagnostics, []);
    const r = (n: number): number => Math.round(n * 100) / 100;
    return ids.map((id) => {
      const f = findById(laid.pages[0]!, id)!;
      return `${id} ${r(f.x)},${Math.floor((f.y + f.height / 2) / 30)} ${r(f.width)}`;
    });
  }

  // Chromium 156 (getBoundingClientRect of each character) for `normal`; it does not parse `trim-both`.
  it('trims a closing mark at the end of a line only where the line would not fit otherwise (`normal`, `trim-start`)', async () => {
    expect(await spans(
      '<div style="width: 90px">あいうえ<span id=a>」</span><span id=b>お</span></div>'
      + '<div style="width: 80px">あいうえ<span id=c>」</span>お</div>'
      + '<div style="width: 90px; text-spacing-trim: trim-start">あいう<span id=d>」</span>えお</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual([
      'a 80,0 10', 'b 0,1 20', // 」 fits when trimmed: it stays on the line, half an em wide
      'c 20,3 20', // not even trimmed: え moves down with it (no break before 」), full width there
      'd 60,4 20', // room enough: not trimmed
    ]);
  });

  it('never trims a comma or full stop to fit a line: they move down with the character before them (as Chromium 156)', async () => {
    // at 90px, 」 trimmed to 10px keeps あいうえ」 on the line; 。、，．in its place go down with え
    expect(await spans(
      '<div style="width: 90px">あいうえ<span id=a>。</span>お</div>'
      + '<div style="width: 90px">あいうえ<span id=b>、</span>お</div>'
      + '<div style="width: 90px" lang=zh>敏捷的棕<span id=c>，</span>而</div>'
      + '<div style="width: 90px">あいうえ<span id=d>）</span>お</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual(['a 20,1 20', 'b 20,3 20', 'c 20,5 20', 'd 80,6 10']);
  });

  it('ends a line flush with its trimmed closing mark before aligning and justifying it (as Chromium)', async () => {
    expect(await spans(
      '<div style="width: 70px; text-align: right">あいう<span id=a>」</span><span id=b>え</span>お</div>'
      + '<div style="width: 70px; text-align: justify">あいう<span id=c>」</span><span id=d>え</span>お</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual(['a 60,0 10', 'b 30,1 20', 'c 60,2 10', 'd 0,3 20']);
  });

  it('trims a closing mark at the end of every line with `trim-both`, before aligning and justifying it', async () => {
    expect(await spans(
      '<div style="width: 80px; text-spacing-trim: trim-both; text-align: right">あいう<span id=a>」</span>えお<span id=b>。</span></div>'
      + '<div style="width: 80px; text-spacing-trim: trim-both; text-align: justify">あいう<span id=c>」</span><span id=d>え</span>お</div>',
      ['a', 'b', 'c', 'd'],
    )).toEqual([
      'a 70,0 10', 'b 70,1 10', // every line ends flush at the right edge, the last one too
      'c 70,2 10', 'd 0,3 20', // the 70px of あいう」 justified to 80px: 」 ends at the edge
    ]);
  });

  it('trims a closing mark at the end of a vertical line with `trim-both`', async () => {
    const laid = inPageFrames(await engine.layout({
      template: `${PAGE}<div style="height: 80px; writing-mode: vertical-rl; text-spacing-trim: trim-both"><span id=a>あ</span>いう<span id=b>」</span><span id=c>え</span></div>`,
      data: {},
    }));
    checkDiagnostics(laid.diagnostics, []);
    const at = (id: string): Fragment => findById(laid.pages[0]!, id)!;
    // along the line (the fragment's x), 」 starts 60px after あ and is 10px long; え starts the next line
    expect([at('b').x - at('a').x, at('b').width, at('c').x - at('a').x, at('c').y !== at('a').y]).toEqual([60, 10, 0, true]);
  });

  it('sizes a float to its trimmed text (`trim-both` trims both ends of its line)', async () => {
    expect(await sizes(
      '<div id=a style="text-spacing-trim: trim-both">「あ」</div><div id=b style="text-spacing-trim: trim-start">「あ」</div><div id=c>「あ」</div>',
      ['a', 'b', 'c'],
    )).toEqual(['a 40x30', 'b 50x30', 'c 60x30']);
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
