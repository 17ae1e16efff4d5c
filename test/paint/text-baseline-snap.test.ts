/**
 * Chromium prints each text baseline on a whole CSS pixel of the page: lines 25.5px tall (17px
 * text, `line-height: 1.5`) stand 26, 25, 26px apart, their baselines at the layout's positions
 * rounded (Chromium 156, words' positions in its PDF: 0, 26, 51, 77px from the first). The layout
 * keeps the exact positions; the glyphs, their decorations and emphasis marks are drawn on the
 * rounded baseline.
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

  it('draws an underline from the rounded baseline', async () => {
    const { ys, underlines } = await glyphRows('<!doctype html><style>@page { size: 400px 400px; margin: 20px } body { margin: 0; font: 17px/1.5 "Liberation Sans" }</style><div>L1<br><u>L2</u></div>');
    expect(ys[1]).toBe(ys[0]! + 26);
    // Liberation Sans 17px: 1px thick, 1px below the baseline
    expect(underlines).toEqual([ys[1]! + 1]);
  });
});
