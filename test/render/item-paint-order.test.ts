/**
 * Flex and grid items paint as inline blocks do (CSS Flexbox §5.4, Grid §9.1): each item whole —
 * its background, then its content — in order-modified document order, so a later item covers an
 * earlier one's text; an item's `z-index` makes a stacking context though it is not positioned.
 * The picture is Chromium 156's PDF of the same page at 96 dpi (pdftocairo, no antialiasing).
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

describe('flex and grid items painted whole', () => {
  it('covers an earlier item\'s text with a later item, in `order`, and sorts a static item by its z-index', async () => {
    const page = await renderPage(`<style>@page{size:30px 48px;margin:0} body{margin:0;font:10px/10px "DejaVu Sans"}
.g{display:grid;grid-template-columns:10px}.g>div{grid-area:1/1;height:10px}
.f{display:flex;height:10px;margin-top:2px}.f>div{flex:none;width:10px}
.r{background:#f00}.b{background:#00f}.gr{background:#0f0}</style>
<div class=g><div style="color:#f00">&#x2588;&#x2588;</div><div class=b style="width:5px"></div></div>
<div class=f><div style="color:#f00">&#x2588;</div><div class=b style="margin-left:-5px"></div></div>
<div class=f><div class=r style="order:2;width:6px"></div><div class=gr style="order:1"><span style="color:#00f">&#x2588;</span></div></div>
<div class=g style="margin-top:2px"><div class=r style="z-index:1;width:4px"></div><div class=b style="width:8px"></div></div>`);
    expect(page).toEqual([
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'BBBBBRRRRRRRRRRR______________',
      'RRRRRRRRRRRRRRRR______________',
      'RRRRRRRR______________________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRBBBBBBBBBB_______________',
      'RRRRRRRR______________________',
      'BBBBBBBB______________________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBBGGRRRRRR______________',
      'BBBBBBBB______________________',
      '______________________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      'RRRRBBBB______________________',
      '______________________________',
      '______________________________',
    ]);
  });
});
