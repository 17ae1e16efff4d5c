/**
 * `text-shadow` (CSS Text Decoration 3 §4) in pixels: Liberation Mono 10px on a 20px line (its
 * baseline at 8 + ⌊(20 - 8 - 3) / 2⌋ = 12px); spaces under `white-space: pre` have no ink, so
 * only their decorations (and the decorations' shadows) show.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';
import { layoutInFrames } from '../helpers/layout.js';
import { paintPage } from '../helpers/paint.js';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { createEngine } from '../../src/api.js';
import { createInternalEngine } from '../../src/render.js';
import { checkDiagnostics } from '../helpers/diagnostics.js';
import { blurredPolygons } from '../../src/paint/text-shadow.js';
import { rectPolygon } from '../../src/paint/coverage.js';

const page = (size: string, css: string, html: string): Promise<string[]> =>
  renderPage(`<style>@page { size: ${size}; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px "Liberation Mono"; white-space: pre } ${css}</style>${html}`);

const underline = 'text-decoration: underline red; text-decoration-thickness: 2px';
const blank = '_'.repeat(30);
const rows = (map: Record<number, string>): string[] => Array.from({ length: 20 }, (_, i) => map[i] ?? blank);

describe('text-shadow', () => {
  it('paints the decorations again, offset, in the shadow colour and under the text', async () => {
    // four spaces: 24px of underline at rows 13-14; the shadow 3px right, 2px down
    expect(await page('30px 20px', '', `<p><span style="${underline}; text-shadow: 3px 2px blue">    </span></p>`)).toEqual(rows({
      13: `${'R'.repeat(24)}______`,
      14: `${'R'.repeat(24)}______`,
      15: `___${'B'.repeat(24)}___`,
      16: `___${'B'.repeat(24)}___`,
    }));
  });

  it('paints several shadows with the first on top, and the text over all of them', async () => {
    expect(await page('30px 20px', '', `<p><span style="${underline}; text-shadow: 1px 1px lime, 2px 2px blue">    </span></p>`)).toEqual(rows({
      13: `${'R'.repeat(24)}______`,
      14: `${'R'.repeat(24)}G_____`,
      15: `_${'G'.repeat(24)}B____`,
      16: `__${'B'.repeat(24)}____`,
    }));
  });

  it('takes the colour of the text that inherits it when none is given (currentcolor)', async () => {
    expect(await page('30px 20px', 'p { text-shadow: 0 4px }', `<p style="color: red"><span style="${underline}; text-decoration-color: black; color: blue">    </span></p>`)).toEqual(rows({
      13: `${'K'.repeat(24)}______`,
      14: `${'K'.repeat(24)}______`,
      17: `${'B'.repeat(24)}______`,
      18: `${'B'.repeat(24)}______`,
    }));
  });

  it('shadows the glyphs themselves: the same ink, offset', async () => {
    const result = await page('60px 20px', 'p { color: black }', '<p style="text-shadow: 30px 0 red">Ag&amp;</p>');
    const ink = result.map((row) => row.slice(0, 30).replace(/[^K]/g, '_'));
    const shadow = result.map((row) => row.slice(30).replace(/R/g, 'K').replace(/[^K]/g, '_'));
    expect(ink.join('').includes('K')).toBe(true);
    expect(shadow).toEqual(ink);
  });

  it('blurs a shadow evenly around its shape (a Gaussian of blur / 2), under the text', async () => {
    const result = await page('30px 40px', 'p { line-height: 40px }', `<p><span style="${underline}; text-shadow: 0 0 6px blue">    </span></p>`);
    const tinted = (row: string): boolean => /[?B]/.test(row.slice(4, 20));
    const red = result.map((row, i) => (row.startsWith('R'.repeat(24)) ? i : -1)).filter((i) => i >= 0);
    expect(red).toHaveLength(2);
    const above = result.slice(0, red[0]).filter(tinted).length;
    const below = result.slice(red[1]! + 1).filter(tinted).length;
    // reaches about 3 standard deviations (9px) on each side, symmetrically, and not further
    expect(above).toBeGreaterThanOrEqual(5);
    expect(above).toBeLessThanOrEqual(9);
    expect(Math.abs(above - below)).toBeLessThanOrEqual(1);
    // and it is a blur: no row of the halo is the shadow's full colour
    expect(result.filter((row, i) => !red.includes(i) && row.includes('B'))).toEqual([]);
  });

  it('paints nothing for a transparent shadow and accepts `none`', async () => {
    expect(await page('30px 20px', '', `<p><span style="${underline}; text-shadow: 2px 2px transparent">    </span></p>`))
      .toEqual(await page('30px 20px', '', `<p><span style="${underline}; text-shadow: none">    </span></p>`));
  });
});

describe('blurred text shadows', () => {
  it('rasterise one mask per blur radius: shadows differing only in offset and colour share it', async () => {
    const laid = await layoutInFrames(`<style>@page { size: 100px 40px; margin: 0 } body { margin: 0; font: 10px "Liberation Mono" }</style>
      <p style="margin:0; text-shadow: 0 0 4px red, 3px 2px 4px blue, -2px 1px 4px lime, 0 0 6px black">Shadow</p>`);
    const masks: { mask: object; rect: { x: number; y: number; width: number } }[] = [];
    const visit = (items: readonly DisplayItem[]): void => {
      for (const item of items) if (item.kind === 'alpha-mask') masks.push(item);
    };
    visit(paintPage(laid.pages[0]!).items);
    expect(masks).toHaveLength(4);
    // painted last to first: the 6px shadow, then the three 4px ones, each moved by its offset
    const [six, lime, blue, red] = masks as [typeof masks[0], typeof masks[0], typeof masks[0], typeof masks[0]];
    expect(new Set([lime.mask, blue.mask, red.mask]).size).toBe(1);
    expect(six.mask).not.toBe(red.mask);
    expect([blue.rect.x - red.rect.x, blue.rect.y - red.rect.y, lime.rect.x - red.rect.x, lime.rect.y - red.rect.y]).toEqual([3, 2, -2, 1]);
  });
});

const noCjk = !installedFamilies().has('noto sans cjk jp');
if (noCjk) console.warn('test/paint/text-shadow.test.ts: vertical Japanese tests skipped — Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)');

describe.skipIf(noCjk)('text-shadow in vertical text (as Chromium 156)', () => {
  const engine = createEngine({ systemFonts: true });
  const vertical = (shadow: string, text: string): Promise<string[]> => renderPage(`<style>@page { size: 80px 30px; margin: 0 } body { margin: 0 }
    div { writing-mode: vertical-rl; font: 20px/20px "Noto Sans CJK JP"; height: 30px; color: black; text-shadow: ${shadow} }</style><div>${text}</div>`, { engine });

  it('shadows an upright glyph with its offset on the page: 30px right moves it 30px right', async () => {
    const result = await vertical('30px 0 red', '縦');
    // the block is as wide as its one line (x 0-20); the shadow 30px right of it
    const ink = result.map((row) => row.slice(0, 20).replace(/[^K]/g, '_'));
    const shadow = result.map((row) => row.slice(30, 50).replace(/R/g, 'K').replace(/[^K]/g, '_'));
    expect(ink.join('').includes('K')).toBe(true);
    expect(shadow).toEqual(ink);
  });

  it('turns a sideways glyph\'s offset with the line: 30px right moves it 30px down, off this page', async () => {
    const result = await vertical('30px 0 red', 'H');
    expect(result.join('').includes('K')).toBe(true);
    expect(result.join('').includes('R')).toBe(false);
  });

  it('blurs an upright glyph\'s shadow where its offset puts it on the page', async () => {
    const laid = await createInternalEngine({ systemFonts: true }).layout({ data: {}, template: `<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 }</style>
      <div style="writing-mode: vertical-rl; font: 20px/20px 'Noto Sans CJK JP'; text-shadow: 0 0 4px red, 5px 3px 4px blue">縦書き</div>` });
    checkDiagnostics(laid.diagnostics, []);
    const masks = paintPage(laid.pages[0]!).items.filter((item) => item.kind === 'alpha-mask');
    expect(masks).toHaveLength(2);
    const [blue, red] = masks as [Extract<DisplayItem, { kind: 'alpha-mask' }>, Extract<DisplayItem, { kind: 'alpha-mask' }>];
    // one mask, moved: the items are in the flow's frame, which the page turns a quarter turn
    // clockwise, so (3, -5) there is (5, 3) on the page
    expect(blue.mask).toBe(red.mask);
    expect([blue.rect.x - red.rect.x, blue.rect.y - red.rect.y]).toEqual([3, -5]);
  });

  it('shadows transparent upright text', async () => {
    const result = await vertical('30px 0 red; color: transparent', '縦');
    expect(result.join('').includes('R')).toBe(true);
    expect(result.join('').includes('K')).toBe(false);
  });
});

describe('blurred masks of far-apart shapes', () => {
  it('keeps a thin area\'s mask within 8,192 pixels on its long side (a shape 1e9px below another was a 26-million-pixel column)', () => {
    const polygons = [rectPolygon({ x: 0, y: 0, width: 6, height: 6 }), rectPolygon({ x: 0, y: 1e9, width: 6, height: 6 })];
    const [item] = blurredPolygons(polygons, 6, { r: 255, g: 0, b: 0, a: 1 });
    expect(item?.kind).toBe('alpha-mask');
    if (item?.kind !== 'alpha-mask') return;
    expect(Math.max(item.mask.width, item.mask.height)).toBeLessThanOrEqual(8192);
    expect(item.mask.width * item.mask.height).toBeLessThanOrEqual(1_500_000);
  });
});
