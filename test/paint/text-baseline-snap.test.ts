/**
 * Chromium prints a line's text with the line box's top on a whole CSS pixel of the page and the
 * baseline at its exact offset below it: lines 25.5px tall (17px text, `line-height: 1.5`) stand
 * 26, 25, 26px apart (Chromium 156, words' positions in its PDF: 0, 26, 51, 77px from the first),
 * while a line whose baseline an inline-block with `vertical-align: middle` or a length moves keeps
 * the fraction. The layout keeps the exact positions; the glyphs, their decorations and emphasis
 * marks are drawn so.
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { paintDocument } from '../helpers/paint.js';

const engine = createInternalEngine();

async function glyphRows(html: string): Promise<{ ys: number[]; underlines: number[] }> {
  const laid = await engine.layout({ template: html, data: {} });
  const items = paintDocument(laid.pages).pages[0]!.items;
  const ys = items.flatMap((item) => (item.kind === 'glyphs' ? [item.y] : []));
  const underlines = items.flatMap((item) => (item.kind === 'fill-rect' ? [item.rect.y] : []));
  return { ys, underlines };
}

describe('text baselines on whole pixels', () => {
  it('rounds each line\'s baseline, as Chromium prints lines 25.5px tall', async () => {
    const { ys } = await glyphRows('<!doctype html><style>@page { size: 400px 400px; margin: 20px } body { margin: 0; font: 17px/1.5 "Liberation Sans" }</style><div>L1<br>L2<br>L3<br>L4</div>');
    expect(ys.map((y) => y - ys[0]!)).toEqual([0, 26, 51, 77]);
    expect(ys.every(Number.isInteger)).toBe(true);
  });

  it('keeps the fraction of a baseline that vertical-align moves in its line (Chromium\'s baselines in its PDF)', async () => {
    const line = (content: string): Promise<{ ys: number[] }> => glyphRows(`<!doctype html><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px Arial }
      p { margin: 10px 0 0 10px; line-height: 24px } .s { display: inline-block; height: 2em; width: 1em; background: red }</style><p>${content}</p>`);
    // Chromium 156: 30.234375, 45.296875, and 28.296875 beside a span raised 1.3px whose text is at 27
    expect((await line('Xx <span class="s" style="vertical-align: middle"></span>')).ys[0]).toBeCloseTo(30.23, 1);
    expect((await line('Xx <span class="s" style="vertical-align: 3.3px"></span>')).ys[0]).toBeCloseTo(45.3, 1);
    expect((await line('Xx <span style="vertical-align: 1.3px">up</span>')).ys).toEqual([28.3, 27].map((y) => expect.closeTo(y, 1)));
  });

  it('draws an underline from the rounded baseline', async () => {
    const { ys, underlines } = await glyphRows('<!doctype html><style>@page { size: 400px 400px; margin: 20px } body { margin: 0; font: 17px/1.5 "Liberation Sans" }</style><div>L1<br><u>L2</u></div>');
    expect(ys[1]).toBe(ys[0]! + 26);
    // Liberation Sans 17px: 1px thick, 1px below the baseline
    expect(underlines).toEqual([ys[1]! + 1]);
  });
});
