/**
 * `mix-blend-mode` and `isolation` (Compositing and Blending 1 §3), drawn as PDF transparency
 * groups with the blend mode of the same name: tiny pages whose colours follow from the blend
 * formulas (Chromium 156 prints the same colours: its PDF uses the same blend modes).
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

/**
 * A 6 x 2 page: a `back` background behind a 4 x 2 box at x 1 with `css`. The backdrop is a block
 * of its own: blending does not reach the canvas (the body's propagated background), as in Chromium.
 */
const page = (back: string, css: string, inner = ''): string => `<!doctype html><style>@page { size: 6px 2px; margin: 0 } body { margin: 0 }
  .back { height: 2px; background: ${back} } .b { margin-left: 1px; width: 4px; height: 2px; ${css} }</style><div class="back"><div class="b">${inner}</div></div>`;

describe('mix-blend-mode', () => {
  it('multiply, screen, difference and darken composite with what is behind', async () => {
    // yellow × magenta = red; red screen blue = magenta; white − blue = yellow; darken(cyan, yellow) = green
    expect(await renderPage(page('#ff00ff', 'background: #ffff00; mix-blend-mode: multiply'))).toEqual(['MRRRRM', 'MRRRRM']);
    expect(await renderPage(page('#0000ff', 'background: #ff0000; mix-blend-mode: screen'))).toEqual(['BMMMMB', 'BMMMMB']);
    expect(await renderPage(page('#ffffff', 'background: #0000ff; mix-blend-mode: difference'))).toEqual(['_YYYY_', '_YYYY_']);
    expect(await renderPage(page('#00ffff', 'background: #ffff00; mix-blend-mode: darken'))).toEqual(['CGGGGC', 'CGGGGC']);
  });

  it('the element blends as one group: its own children are not blended with each other', async () => {
    // a blue child over the yellow box: the group is blue where the child is, and blue × magenta = blue
    expect(await renderPage(page('#ff00ff', 'background: #ffff00; mix-blend-mode: multiply', '<div style="width: 2px; height: 2px; background: #0000ff"></div>')))
      .toEqual(['MBBRRM', 'MBBRRM']);
  });

  it('isolation: isolate keeps a descendant\'s blending inside it', async () => {
    const inner = '<div style="width: 4px; height: 2px; background: #ffff00; mix-blend-mode: multiply"></div>';
    // not isolated: the yellow multiplies with the magenta page into red
    expect(await renderPage(page('#ff00ff', '', inner))).toEqual(['MRRRRM', 'MRRRRM']);
    // isolated: it blends with the transparent group, so it stays yellow
    expect(await renderPage(page('#ff00ff', 'isolation: isolate', inner))).toEqual(['MYYYYM', 'MYYYYM']);
  });

  it('plus-lighter has no PDF blend mode: drawn as normal, with a warning', async () => {
    expect(await renderPage(page('#ff00ff', 'background: #ffff00; mix-blend-mode: plus-lighter'), {
      expectDiagnostics: [{ code: 'css_unsupported', message: /plus-lighter/ }],
    })).toEqual(['MYYYYM', 'MYYYYM']);
  });
});

describe('background-blend-mode', () => {
  it('a layer blends with the layers and the colour under it, not with what is behind the box', async () => {
    // yellow colour, a magenta gradient layer multiplied over it: red; the cyan page behind does not take part
    const css = 'background: linear-gradient(#ff00ff, #ff00ff) #ffff00; background-blend-mode: multiply';
    expect(await renderPage(page('#00ffff', css))).toEqual(['CRRRRC', 'CRRRRC']);
    // two layers: the top one (first) screens the bottom one, which is normal over the colour
    const two = 'background: linear-gradient(#0000ff, #0000ff), linear-gradient(#ff0000, #ff0000) #00ff00; background-blend-mode: screen, normal';
    expect(await renderPage(page('#ffffff', two))).toEqual(['_MMMM_', '_MMMM_']);
  });
});

describe('stacking contexts confine blending', () => {
  it('a blended element does not blend with the canvas background (the body\'s), as in Chromium', async () => {
    const template = '<!doctype html><style>@page { size: 6px 2px; margin: 0 } body { margin: 0; background: #ff00ff } .b { margin-left: 1px; width: 4px; height: 2px; background: #ffff00; mix-blend-mode: multiply }</style><div class="b"></div>';
    expect(await renderPage(template)).toEqual(['MYYYYM', 'MYYYYM']);
  });

  it('a blended element inside a transformed box blends with that box, not with the page behind it', async () => {
    const inner = '<div style="width: 4px; height: 2px; background: #ffff00; mix-blend-mode: multiply"></div>';
    // the transformed box is a stacking context, hence an isolated group: the yellow stays yellow over the magenta page
    expect(await renderPage(page('#ff00ff', 'transform: translateX(0)', inner))).toEqual(['MYYYYM', 'MYYYYM']);
    // a z-index on a positioned box too
    expect(await renderPage(page('#ff00ff', 'position: relative; z-index: 1', inner))).toEqual(['MYYYYM', 'MYYYYM']);
    // a box with a background of its own: the yellow multiplies with it (cyan) into green
    expect(await renderPage(page('#ff00ff', 'position: relative; z-index: 1; background: #00ffff', inner))).toEqual(['MGGGGM', 'MGGGGM']);
  });
});
