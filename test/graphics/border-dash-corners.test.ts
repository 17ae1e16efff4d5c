/**
 * Dashed and dotted sides of a rounded border whose sides differ (paint/border.ts
 * `curvedDashes`): as Chromium 156 draws them, the dashes run round the corners up to where each
 * corner is split with the next side, instead of stopping where the straight part ends.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

/** How many pixels of `letter` lie in the square `size` across at `x`, `y` of the page. */
function countIn(page: string[], letter: string, x: number, y: number, size: number): number {
  return page.slice(y, y + size).reduce((sum, row) => sum + [...row.slice(x, x + size)].filter((c) => c === letter).length, 0);
}

const render = (div: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 80px 40px; margin: 0 } body { margin: 0 } div { width: 60px; height: 30px; border-radius: 16px }</style><div style="${div}"></div>`);

describe('dashed and dotted sides round rounded corners', () => {
  it('runs a dashed bottom round both corners of a solid box (Chromium: 26 and 23 red px in the 16px corner squares, none above the split)', async () => {
    const page = await render('border: 4px solid blue; border-bottom: 4px dashed red');
    // before, the dashes stopped where the curves begin: no red in either corner
    expect(countIn(page, 'R', 0, 22, 16)).toBeGreaterThan(15);
    expect(countIn(page, 'R', 52, 22, 16)).toBeGreaterThan(15);
    // the corner is split with the solid side: blue above the split, not red
    expect(countIn(page, 'R', 0, 14, 10)).toBe(0);
    expect(countIn(page, 'B', 0, 22, 8)).toBeGreaterThan(10);
  });

  it('runs a lone dashed bottom up the whole curve of each corner (Chromium: 26 and 31 red px)', async () => {
    // a 60 × 34 border box
    const page = await render('border-bottom: 4px dashed red');
    expect(countIn(page, 'R', 0, 18, 16)).toBeGreaterThan(15);
    expect(countIn(page, 'R', 44, 18, 16)).toBeGreaterThan(15);
  });

  it('runs dotted sides round the corners up to a solid top, in Chromium\'s square dots up to 3px (Chromium: 13 red px)', async () => {
    const page = await render('border: 3px dotted red; border-top: 6px solid blue');
    // the left side's dots reach into the top-left corner, below its split with the top
    expect(countIn(page, 'R', 0, 6, 10)).toBeGreaterThan(4);
  });
});
