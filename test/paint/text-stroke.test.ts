/**
 * `-webkit-text-stroke` (Compatibility §5.2–5.3): glyph outlines stroked in the stroke colour,
 * centred on the outline, over the fill (`-webkit-text-fill-color`, else `color`). A full block
 * (U+2588, DejaVu Sans, 7.8px wide at 10px) is a rectangle: a 4px stroke covers 2px inside each edge.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const page = (css: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 20px 10px; margin: 0 } body { margin: 0 } div { font: 10px/10px "DejaVu Sans"; white-space: pre } ${css}</style><div>\u2588</div>`);

describe('-webkit-text-stroke', () => {
  it('strokes the outline over the fill, centred on it', async () => {
    const row = (await page('div { -webkit-text-stroke: 4px blue; color: red }'))[5]!;
    expect(row[0]).toBe('B');
    expect(row.slice(3, 5)).toBe('RR');
    expect(row[7]).toBe('B');
    expect(row.slice(11)).toBe('_'.repeat(9));
  });

  it('thin is 1px; the colour is currentcolor unless set; a transparent fill strokes only', async () => {
    const hollow = (await page('div { -webkit-text-stroke: thick; color: blue; -webkit-text-fill-color: transparent }'))[5]!;
    // 5px: 2.5px inside each edge
    expect(hollow.slice(0, 2)).toBe('BB');
    expect(hollow[4]).toBe('_');
    const thin = (await page('div { -webkit-text-stroke-width: thin; -webkit-text-stroke-color: blue; color: red }'))[5]!;
    expect(thin.slice(2, 6)).toBe('RRRR');
  });
});
