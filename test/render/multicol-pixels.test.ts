/** Multi-column layout painted: columns, gaps and column rules, in pixels (1 CSS px = 1 pixel). */
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

async function pixels(css: string, body: string): Promise<string[][]> {
  return renderPixels(`<style>body { margin: 0; font-size: 0 } i { display: inline-block; width: 100%; height: 1px; background: blue } ${css}</style>${body}`);
}

describe('multi-column layout, painted', () => {
  it('paints a rule in the middle of each gap between columns that have content, as tall as the row', async () => {
    // 15px: three 3px columns and two 3px gaps; seven lines balance to 3 + 3 + 1; the rules are 1px wide
    const [page] = await pixels(
      '@page { size: 17px 5px; margin: 1px } .mc { columns: 3; column-gap: 3px; column-rule: 1px solid red; orphans: 1; widows: 1 }',
      `<div class=mc>${'<i></i>'.repeat(7)}</div>`);
    expect(page).toEqual([
      '_________________',
      '_BBB_R_BBB_R_BBB_',
      '_BBB_R_BBB_R_____',
      '_BBB_R_BBB_R_____',
      '_________________',
    ]);
  });

  it('draws no rule beside an empty column, and none across a spanner', async () => {
    const [page] = await pixels(
      '@page { size: 13px 6px; margin: 1px } .mc { columns: 3; column-gap: 1px; column-rule: 1px solid red; orphans: 1; widows: 1 } .s { column-span: all; height: 1px; background: lime }',
      `<div class=mc><i></i><i></i><div class=s></div><i></i></div>`);
    expect(page).toEqual([
      '_____________',
      '_BBBRBBB_____',
      '_GGGGGGGGGGG_',
      '_BBB_________',
      '_____________',
      '_____________',
    ]);
  });
});
