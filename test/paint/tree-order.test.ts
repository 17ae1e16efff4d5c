/**
 * Positioned boxes paint in tree order (CSS2 Appendix E step 8), whatever order layout leaves
 * their fragments in: an absolutely positioned box is placed after the in-flow content of its
 * containing block, yet it paints under the positioned boxes that follow it in the document, as
 * Chromium 156 paints a timeline's line (`ol::before`) under its steps' dots (`li::before`).
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const page = '@page { size: 8px 4px; margin: 0 } body { margin: 0 }';

describe('positioned boxes in tree order', () => {
  it('paints a containing block\'s absolutely positioned ::before under the relatively positioned children after it', async () => {
    const rows = await renderPage(`<style>${page}
      ol { position: relative; margin: 0; padding: 0 0 0 4px; list-style: none; height: 4px }
      ol::before { content: ""; position: absolute; left: 1px; top: 0; bottom: 0; width: 2px; background: #f00 }
      li { position: relative; height: 2px }
      li::before { content: ""; position: absolute; left: -4px; top: 0; width: 4px; height: 1px; background: #00f }
    </style><ol><li></li><li></li></ol>`);
    expect(rows).toEqual(['BBBB____', '_RR_____', 'BBBB____', '_RR_____']);
  });

  it('keeps tree order between an absolutely positioned child, its positioned siblings and a ::after', async () => {
    const rows = await renderPage(`<style>${page}
      div { position: relative; height: 4px }
      div::after { content: ""; position: absolute; left: 0; top: 0; width: 2px; height: 4px; background: #ff0 }
      .abs { position: absolute; left: 0; top: 0; width: 6px; height: 4px; background: #f00 }
      .rel { position: relative; width: 4px; height: 2px; background: #00f }
      .z { position: absolute; left: 5px; top: 0; width: 3px; height: 4px; background: #0f0; z-index: 1 }
      .z2 { position: absolute; left: 4px; top: 0; width: 2px; height: 4px; background: #0ff; z-index: 1 }
    </style><div><span class=z2></span><i class=rel style="display:block"></i><b class=abs></b><i class=rel style="display:block"></i><span class=z></span></div>`);
    // the first .rel goes under the .abs box that follows it, the second over it; ::after over both;
    // z-index 1 boxes last, in tree order among themselves (.z over .z2)
    expect(rows).toEqual(['YYRRCGGG', 'YYRRCGGG', 'YYBBCGGG', 'YYBBCGGG']);
  });
});
