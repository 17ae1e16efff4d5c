/** Grid layouts painted: a product-card grid and a dashboard with named areas, in pixels (1 CSS px = 1 pixel). */
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const pixels = (css: string, body: string): Promise<string[][]> => renderPixels(`<style>body { margin: 0 } ${css}</style>${body}`);

describe('grid layout, painted', () => {
  it('product cards: repeat(auto-fill, minmax()) wraps cards into as many columns as fit', async () => {
    // 22px wide: three 6px-minimum columns with 2px gaps fit (6+2+6+2+6 = 22); five cards take two rows.
    const [page] = await pixels(
      '@page { size: 24px 12px; margin: 1px } .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(6px, 1fr)); gap: 2px } .card { height: 4px; background: blue } .card:nth-child(2n) { background: red }',
      '<div class=cards><div class=card></div><div class=card></div><div class=card></div><div class=card></div><div class=card></div></div>');
    expect(page).toEqual([
      '________________________',
      '_BBBBBB__RRRRRR__BBBBBB_',
      '_BBBBBB__RRRRRR__BBBBBB_',
      '_BBBBBB__RRRRRR__BBBBBB_',
      '_BBBBBB__RRRRRR__BBBBBB_',
      '________________________',
      '________________________',
      '_RRRRRR__BBBBBB_________',
      '_RRRRRR__BBBBBB_________',
      '_RRRRRR__BBBBBB_________',
      '_RRRRRR__BBBBBB_________',
      '________________________',
    ]);
  });

  it('dashboard: grid-template-areas with a header, a sidebar spanning two rows, main and footer', async () => {
    const [page] = await pixels(
      `@page { size: 16px 12px; margin: 0 }
       .dash { display: grid; grid-template-areas: "head head" "side main" "side foot"; grid-template-columns: 4px 1fr; grid-template-rows: 2px 1fr 3px; height: 12px; column-gap: 1px }
       .h { grid-area: head; background: black } .s { grid-area: side; background: lime } .m { grid-area: main; background: yellow } .f { grid-area: foot; background: magenta }`,
      '<div class=dash><div class=f></div><div class=m></div><div class=s></div><div class=h></div></div>');
    expect(page).toEqual([
      'KKKKKKKKKKKKKKKK',
      'KKKKKKKKKKKKKKKK',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_YYYYYYYYYYY',
      'GGGG_MMMMMMMMMMM',
      'GGGG_MMMMMMMMMMM',
      'GGGG_MMMMMMMMMMM',
    ]);
  });
});
