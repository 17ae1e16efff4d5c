/**
 * Transforms (CSS Transforms 1/2), overflow clipping, clip-path, opacity groups, visibility and
 * z-order, painted: tiny pages rasterized at 96 dpi without antialiasing, compared with ASCII
 * pictures. Shapes are placed so that no edge falls on a pixel centre.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { DEFAULT_PALETTE, rasterize } from '../helpers/pixels.js';
import { qpdf } from '../helpers/qpdf.js';
import { renderPage, renderPdf } from '../helpers/render.js';

const FONT = fileURLToPath(new URL('../fixtures/fonts/weasyprint.otf', import.meta.url));
const engine = createEngine({ fonts: [FONT] });
const document = (css: string, body: string): string => `<style>@page { margin: 0 } body { margin: 0 } ${css}</style>${body}`;

const pdfOf = (css: string, body: string): Promise<Uint8Array> => renderPdf(document(css, body), { engine });
const render = (css: string, body: string, palette = DEFAULT_PALETTE): Promise<string[]> => renderPage(document(css, body), { engine }, { palette });

/** A 4×2 box whose left column is red, the rest blue: shows where its left edge went. */
const ARROW = 'width: 3px; height: 2px; background: blue; border-left: 1px solid red';

describe('transform functions', () => {
  it('translate() in px and translateX() in % of the border box', async () => {
    expect(await render('@page { size: 6px 4px } div { width: 2px; height: 2px; background: red; transform: translate(2px, 1px) }', '<div></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
    expect(await render('@page { size: 8px 2px } div { width: 4px; height: 2px; background: red; transform: translateX(50%) }', '<div></div>')).toEqual([
      '__RRRR__', '__RRRR__',
    ]);
    expect(await render('@page { size: 2px 4px } div { width: 2px; height: 1px; background: red; transform: translateY(200%) }', '<div></div>')).toEqual([
      '__', '__', 'RR', '__',
    ]);
  });

  it('scale() about the centre, or about transform-origin', async () => {
    const square = 'width: 2px; height: 2px; background: red; transform: scale(2)';
    const expected = ['______', '_RRRR_', '_RRRR_', '_RRRR_', '_RRRR_', '______'];
    expect(await render(`@page { size: 6px 6px } div { margin: 2px; ${square} }`, '<div></div>')).toEqual(expected);
    expect(await render(`@page { size: 6px 6px } div { margin: 1px; ${square}; transform-origin: 0 0 }`, '<div></div>')).toEqual(expected);
    expect(await render(`@page { size: 6px 6px } div { margin: 3px; ${square}; transform-origin: right bottom }`, '<div></div>')).toEqual(expected);
  });

  it('scaleX(-1) and rotateY(180deg) mirror the box', async () => {
    for (const transform of ['scaleX(-1)', 'rotateY(180deg)', 'scale(-1, 1)']) {
      expect((await render(`@page { size: 4px 2px } div { ${ARROW}; transform: ${transform} }`, '<div></div>')), transform).toEqual(['BBBR', 'BBBR']);
    }
  });

  it('backface-visibility: hidden is drawn as Chromium prints it, warned only on a box turned to show its back', async () => {
    // a slide or hover-zoomed image with the carousel hack: no back face shown, nothing to warn
    for (const transform of ['none', 'scaleX(-1)', 'translateZ(0)', 'rotateY(60deg) rotateX(-30deg)']) {
      expect((await renderPage(document(`@page { size: 4px 2px } div { ${ARROW}; transform: ${transform}; -webkit-backface-visibility: hidden; backface-visibility: hidden }`, '<div></div>'), { engine })).length, transform).toBe(2);
    }
    // the back of a flip card: Chromium 156 prints it (its print ignores the property)
    expect(await renderPage(document(`@page { size: 4px 2px } div { ${ARROW}; transform: rotateY(180deg); backface-visibility: hidden }`, '<div></div>'), {
      engine, expectDiagnostics: [{ code: 'css_unsupported', message: /backface-visibility: hidden. on a box turned to show its back/ }],
    })).toEqual(['BBBR', 'BBBR']);
    expect((await renderPage(document(`@page { size: 4px 2px } div { ${ARROW}; transform: rotateX(120deg); backface-visibility: hidden }`, '<div></div>'), {
      engine, expectDiagnostics: [{ code: 'css_unsupported', message: /backface-visibility/ }],
    })).length).toBe(2);
  });

  it('perspective is warned only where a child\'s 3D transform would show it', async () => {
    // the GPU hack: Chromium 156 prints these as without them (its children keep z = 0), unitless in the -webkit- form
    for (const child of ['none', 'translateZ(0)', 'translate3d(0, 0, 0) rotate(30deg)', 'rotateY(180deg)']) {
      expect((await renderPage(document(`@page { size: 4px 2px } .p { -webkit-perspective: 1000; -webkit-backface-visibility: hidden; transform: translateZ(0); will-change: transform }
        .p > div { ${ARROW}; transform: ${child} }`, '<div class=p><div></div></div>'), { engine })).length, child).toBe(2);
    }
    // Chromium 156 projects a child turned out of the page (rotateY(45deg), translateZ(10px)); octavo draws it flat, and says so
    for (const perspective of ['1000', '100px']) {
      expect((await renderPage(document(`@page { size: 4px 2px } .p { -webkit-perspective: ${perspective} } .p > div { ${ARROW}; transform: rotateY(45deg) }`, '<div class=p><div></div></div>'), {
        engine, expectDiagnostics: [{ code: 'css_unsupported', message: /perspective. is not supported: a child's 3D transform is drawn flat/ }],
      })).length).toBe(2);
    }
    // a grandchild is not projected by it (its containing block has none), nor is anything by `perspective: none` or a unitless standard one
    for (const [parent, inner] of [['perspective: 100px', '<div><div class=t></div></div>'], ['perspective: none', '<div class=t></div>']]) {
      expect((await renderPage(document(`@page { size: 4px 2px } .p { ${parent} } .t { ${ARROW}; transform: translateZ(10px) }`, `<div class=p>${inner}</div>`), { engine })).length, parent).toBe(2);
    }
    expect((await renderPage(document(`@page { size: 4px 2px } .p { perspective: 100 } .t { ${ARROW}; transform: translateZ(10px) }`, '<div class=p><div class=t></div></div>'), {
      engine, expectDiagnostics: [{ code: 'css_invalid_value', message: 'invalid value `100` for `perspective`' }],
    })).length).toBe(2);
  });

  it('rotate() clockwise in deg, turn, grad and rad', async () => {
    const expected = ['______', '__RR__', '__BB__', '__BB__', '__BB__', '______'];
    for (const angle of ['90deg', '0.25turn', '100grad', '1.5707963rad']) {
      expect(await render(`@page { size: 6px 6px } div { margin: 2px 1px; ${ARROW}; transform: rotate(${angle}) }`, '<div></div>'), angle).toEqual(expected);
    }
    expect(await render(`@page { size: 6px 6px } div { margin: 2px 1px; ${ARROW}; transform: rotate(-90deg) }`, '<div></div>')).toEqual([
      '______', '__BB__', '__BB__', '__BB__', '__RR__', '______',
    ]);
  });

  it('rotate(180deg) about the top left corner', async () => {
    expect(await render('@page { size: 4px 4px } div { margin: 2px; width: 1px; height: 2px; background: blue; border-left: 1px solid red; transform: rotate(180deg); transform-origin: left top }', '<div></div>')).toEqual([
      'BR__', 'BR__', '____', '____',
    ]);
  });

  it('skewX() shears rows, skewY() columns', async () => {
    expect(await render('@page { size: 6px 3px } div { margin-left: 2px; width: 2px; height: 3px; background: red; transform: skewX(45deg) }', '<div></div>')).toEqual([
      '_RR___', '__RR__', '___RR_',
    ]);
    expect(await render('@page { size: 3px 6px } div { margin-top: 2px; width: 3px; height: 2px; background: red; transform: skew(0, 45deg) }', '<div></div>')).toEqual([
      '___', 'R__', 'RR_', '_RR', '__R', '___',
    ]);
  });

  it('matrix() and a list applied left to right', async () => {
    expect(await render('@page { size: 6px 4px } div { width: 2px; height: 2px; background: red; transform: matrix(1, 0, 0, 1, 2, 1) }', '<div></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
    // rotating first turns the translation downwards
    const arrow = `@page { size: 6px 8px } div { margin-top: 2px; ${ARROW}`;
    expect(await render(`${arrow}; transform: rotate(90deg) translate(3px) }`, '<div></div>')).toEqual([
      '______', '______', '______', '______', '_RR___', '_BB___', '_BB___', '_BB___',
    ]);
    expect(await render(`${arrow}; transform: translate(3px) rotate(90deg) }`, '<div></div>')).toEqual([
      '______', '____RR', '____BB', '____BB', '____BB', '______', '______', '______',
    ]);
  });

  it('flattens 3D functions like a browser without perspective', async () => {
    expect(await render('@page { size: 4px 4px } div { width: 4px; height: 4px; background: red; transform: rotateX(60deg) }', '<div></div>')).toEqual([
      '____', 'RRRR', 'RRRR', '____',
    ]);
    expect(await render('@page { size: 6px 4px } div { width: 2px; height: 2px; background: red; transform: translate3d(2px, 1px, 50px) scale3d(1, 1, 9) }', '<div></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
  });

  it('transforms the descendants and nests', async () => {
    expect(await render('@page { size: 6px 4px } div { width: 2px; height: 2px; transform: translateX(2px) } p { margin: 0; width: 2px; height: 2px; background: red; transform: translateY(1px) }', '<div><p></p></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
  });

  it('rotates text with its box', async () => {
    const css = '@page { size: 6px 6px } div { font: 2px/2px weasyprint; color: blue; width: 6px; margin-top: 2px } span { color: red }';
    expect(await render(`${css} div { transform: rotate(-90deg) }`, '<div><span>X</span>XX</div>')).toEqual([
      '__BB__', '__BB__', '__BB__', '__BB__', '__RR__', '__RR__',
    ]);
    expect(await render(`${css} div { transform: rotate(90deg) }`, '<div><span>X</span>XX</div>')).toEqual([
      '__RR__', '__RR__', '__BB__', '__BB__', '__BB__', '__BB__',
    ]);
  });

  it('clips to the transformed padding box', async () => {
    expect(await render('@page { size: 6px 6px } div { margin: 1px; width: 4px; height: 2px; overflow: hidden; transform: rotate(90deg) } p { margin: 0; width: 8px; height: 8px; background: red }', '<div><p></p></div>')).toEqual([
      '__RR__', '__RR__', '__RR__', '__RR__', '______', '______',
    ]);
  });

  it('a transformed box contains its absolutely positioned descendants', async () => {
    expect(await render('@page { size: 8px 4px } div { margin-left: 4px; height: 4px; transform: translate(0) } p { position: absolute; left: 1px; top: 1px; margin: 0; width: 2px; height: 2px; background: red }', '<div><p></p></div>')).toEqual([
      '________', '_____RR_', '_____RR_', '________',
    ]);
  });

  it('transform-box: content-box turns the box about its content box (fill-box too), the others about its border box', async () => {
    // a 2 × 2 content box at the bottom right of a 6 × 4 box (padding 2px 0 0 4px): a half turn about its centre (5, 3) moves the box to x 4–10, y 2–6
    const box = (transformBox: string): Promise<string[]> => render(`@page { size: 10px 6px } div { width: 2px; height: 2px; padding: 2px 0 0 4px; background: red; transform: rotate(180deg); transform-box: ${transformBox} }`, '<div></div>');
    const aboutContent = ['__________', '__________', '____RRRRRR', '____RRRRRR', '____RRRRRR', '____RRRRRR'];
    expect(await box('content-box')).toEqual(aboutContent);
    expect(await box('fill-box')).toEqual(aboutContent);
    expect(await box('border-box')).toEqual(['RRRRRR____', 'RRRRRR____', 'RRRRRR____', 'RRRRRR____', '__________', '__________']);
  });

  it('scale(0) draws nothing', async () => {
    expect(await render('@page { size: 2px 2px } div { height: 2px; background: red; transform: scale(0) }', '<div></div>')).toEqual(['__', '__']);
  });
});

describe('z-order (CSS2 Appendix E)', () => {
  it('a transformed block paints over later in-flow blocks, unless its z-index is negative', async () => {
    const css = '@page { size: 4px 4px } .t { height: 2px; background: red; transform: translateY(1px) } .n { height: 2px; background: blue }';
    expect(await render(css, '<div class=t></div><div class=n></div>')).toEqual(['____', 'RRRR', 'RRRR', 'BBBB']);
    expect(await render(`${css} .t { position: relative; z-index: -1 }`, '<div class=t></div><div class=n></div>')).toEqual(['____', 'RRRR', 'BBBB', 'BBBB']);
  });

  it('positive z-index paints over z-index 0 in tree order otherwise', async () => {
    const css = '@page { size: 4px 2px } p { position: absolute; top: 0; margin: 0; width: 3px; height: 2px } .r { left: 0; background: red } .b { left: 1px; background: blue }';
    expect(await render(css, '<p class=r></p><p class=b></p>')).toEqual(['RBBB', 'RBBB']);
    expect(await render(`${css} .r { z-index: 1 }`, '<p class=r></p><p class=b></p>')).toEqual(['RRRB', 'RRRB']);
  });

  it('a box painted as if it made a context leaves its positioned descendants to the context around it', async () => {
    const child = 'position: absolute; left: 0; top: 0; margin: 0; width: 3px; height: 2px; background: red';
    // z-index -1 inside a position: relative box (z-index auto), or a float: under that box's background, as Chromium paints it
    const parent = '@page { size: 4px 2px } .p { height: 2px; background: blue }';
    expect(await render(`${parent} .p { position: relative } .c { ${child}; z-index: -1 }`, '<div class=p><p class=c></p></div>')).toEqual(['BBBB', 'BBBB']);
    expect(await render(`${parent} .p { float: left; width: 4px } .c { ${child}; z-index: -1 }`, '<div class=p><p class=c></p></div>')).toEqual(['BBBB', 'BBBB']);
    // in a box that makes a context (z-index 0) it stays over that box's background
    expect(await render(`${parent} .p { position: relative; z-index: 0 } .c { ${child}; z-index: -1 }`, '<div class=p><p class=c></p></div>')).toEqual(['RRRB', 'RRRB']);
    // z-index 1 inside a position: relative box paints over a positioned box that follows it
    const sibling = '.b { position: absolute; left: 1px; top: 0; margin: 0; width: 3px; height: 2px; background: blue }';
    expect(await render(`@page { size: 4px 2px } .a { position: relative; height: 2px } .c { ${child}; z-index: 1 } ${sibling}`, '<div class=a><p class=c></p></div><p class=b></p>')).toEqual(['RRRB', 'RRRB']);
  });
});

describe('overflow, opacity, visibility', () => {
  it('clips to the padding edge curve of border-radius', async () => {
    expect(await render('@page { size: 10px 10px } div { width: 8px; height: 8px; border: 1px solid blue; border-radius: 5px; overflow: hidden } p { margin: 0; height: 8px; background: red }', '<div><p></p></div>')).toEqual([
      '___BBBB___', '_BBRRRRBB_', '_BRRRRRRB_', 'BRRRRRRRRB', 'BRRRRRRRRB', 'BRRRRRRRRB', 'BRRRRRRRRB', '_BRRRRRRB_', '_BBRRRRBB_', '___BBBB___',
    ]);
  });

  it('overflow: clip honours overflow-clip-margin and its box', async () => {
    const p = 'p { margin: 0 -2px; height: 4px; background: red }';
    expect(await render(`@page { size: 8px 4px } div { margin: 1px 2px; width: 4px; height: 2px; overflow: clip; overflow-clip-margin: 1px } ${p}`, '<div><p></p></div>')).toEqual([
      '________', '_RRRRRR_', '_RRRRRR_', '_RRRRRR_',
    ]);
    expect(await render(`@page { size: 8px 4px } div { margin: 1px 2px; width: 2px; height: 2px; padding: 0 1px; overflow: clip; overflow-clip-margin: content-box } ${p}`, '<div><p></p></div>')).toEqual([
      '________', '___RR___', '___RR___', '________',
    ]);
    // overflow: hidden ignores it
    expect(await render(`@page { size: 8px 4px } div { margin: 1px 2px; width: 4px; height: 2px; overflow: hidden; overflow-clip-margin: 1px } ${p}`, '<div><p></p></div>')).toEqual([
      '________', '__RRRR__', '__RRRR__', '________',
    ]);
  });

  it('opacity groups its descendants: overlapping children do not show through each other', async () => {
    const palette = { ...DEFAULT_PALETTE, r: '#ff7f7f', b: '#7f7fff' };
    const css = '@page { size: 6px 2px } p { margin: 0; width: 4px; height: 2px; position: absolute; top: 0 } .r { left: 0; background: red } .b { left: 2px; background: blue }';
    const grouped = await render(`${css} div { opacity: 0.5; position: relative }`, '<div><p class=r></p><p class=b></p></div>', palette);
    expect(grouped).toEqual(['rrbbbb', 'rrbbbb']);
    const apart = await render(`${css} p { opacity: 0.5 }`, '<p class=r></p><p class=b></p>', palette);
    // each child on its own: blue over red mixes in the overlap
    expect(apart.map((row) => [row[0], row[2], row[4]].join(''))).toEqual(['r?b', 'r?b']);
  });

  it('visibility: hidden hides the box but not a visible descendant', async () => {
    expect(await render('@page { size: 4px 2px } div { visibility: hidden; height: 2px; background: red } p { visibility: visible; margin: 0 1px; height: 2px; width: 2px; background: blue }', '<div><p></p></div>')).toEqual([
      '_BB_', '_BB_',
    ]);
  });
});

describe('clip-path', () => {
  it('inset() and inset() round', async () => {
    expect(await render('@page { size: 6px 4px } div { height: 4px; background: red; clip-path: inset(1px 2px) }', '<div></div>')).toEqual([
      '______', '__RR__', '__RR__', '______',
    ]);
    expect(await render('@page { size: 8px 8px } div { height: 8px; background: red; clip-path: inset(0 round 4px) }', '<div></div>')).toEqual([
      '__RRRR__', '_RRRRRR_', 'RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR', '_RRRRRR_', '__RRRR__',
    ]);
  });

  // CSS Shapes 1 §3.2, as Chromium 156 clips with them: the same rectangle three ways
  it('rect() and xywh() as insets from the box edges', async () => {
    const clipped = ['______', '__RR__', '__RR__', '______'];
    expect(await render('@page { size: 6px 4px } div { height: 4px; background: red; clip-path: xywh(2px 1px 2px 50%) }', '<div></div>')).toEqual(clipped);
    expect(await render('@page { size: 6px 4px } div { height: 4px; background: red; clip-path: rect(1px 4px 3px 2px) }', '<div></div>')).toEqual(clipped);
    expect(await render('@page { size: 6px 4px } div { height: 4px; background: red; clip-path: rect(1px auto auto 4px) }', '<div></div>')).toEqual(['______', '____RR', '____RR', '____RR']);
    expect(await render('@page { size: 8px 8px } div { height: 8px; background: red; clip-path: xywh(0 0 100% 100% round 4px) }', '<div></div>')).toEqual([
      '__RRRR__', '_RRRRRR_', 'RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR', 'RRRRRRRR', '_RRRRRR_', '__RRRR__',
    ]);
  });

  // CSS Shapes 2 §3.1, as Chromium 156 clips: SVG path data in px from the reference box's corner
  it('path() in the border box or another reference box, with its fill rule', async () => {
    const square = ['______', '__RR__', '__RR__', '______'];
    const clip = (css: string): Promise<string[]> => render(`@page { size: 6px 4px } div { background: red; ${css} }`, '<div></div>');
    expect(await clip("height: 4px; clip-path: path('M 2 1 H 4 V 3 H 2 Z')")).toEqual(square);
    expect(await clip("height: 2px; padding: 1px; clip-path: path('M1 0h2v2h-2z') content-box")).toEqual(square);
    // a square inside a square: a hole with evenodd, none with nonzero (both drawn clockwise)
    const ring = "M0 0H6V4H0Z M2 1H4V3H2Z";
    expect(await render(`@page { size: 6px 4px } div { height: 4px; background: red; clip-path: path(evenodd, '${ring}') }`, '<div></div>')).toEqual([
      'RRRRRR', 'RR__RR', 'RR__RR', 'RRRRRR',
    ]);
    expect(await render(`@page { size: 6px 4px } div { height: 4px; background: red; clip-path: path(nonzero, '${ring}') }`, '<div></div>')).toEqual([
      'RRRRRR', 'RRRRRR', 'RRRRRR', 'RRRRRR',
    ]);
  });

  // CSS Shapes 2 §3.2 (a wave and an arc on a 200×120 page came out pixel for pixel as Chromium 156 clips them)
  it('shape() in lengths and percentages of the box, to points and by offsets', async () => {
    const square = ['______', '__RR__', '__RR__', '______'];
    const clip = (css: string): Promise<string[]> => render(`@page { size: 6px 4px } div { height: 4px; background: red; ${css} }`, '<div></div>');
    expect(await clip('clip-path: shape(from 2px 1px, hline by 2px, vline to 75%, hline to 2px, close)')).toEqual(square);
    expect(await clip('clip-path: shape(from 2px 25%, line to 4px 1px, line by 0 2px, line to 2px 75%, close)')).toEqual(square);
    expect(await clip('clip-path: shape(evenodd from 0 0, hline to 100%, vline to 100%, hline to 0, close, move to 2px 1px, hline by 2px, vline by 2px, hline by -2px, close)')).toEqual([
      'RRRRRR', 'RR__RR', 'RR__RR', 'RRRRRR',
    ]);
  });

  it('circle() with a radius and a position', async () => {
    expect(await render('@page { size: 8px 8px } div { height: 8px; background: red; clip-path: circle(3px) }', '<div></div>')).toEqual([
      '________', '__RRRR__', '_RRRRRR_', '_RRRRRR_', '_RRRRRR_', '_RRRRRR_', '__RRRR__', '________',
    ]);
    expect(await render('@page { size: 8px 4px } div { height: 4px; background: red; clip-path: circle(closest-side at 2px 2px) }', '<div></div>')).toEqual([
      '_RR_____', 'RRRR____', 'RRRR____', '_RR_____',
    ]);
  });

  it('ellipse() defaults to closest sides around the centre', async () => {
    expect(await render('@page { size: 8px 4px } div { height: 4px; background: red; clip-path: ellipse() }', '<div></div>')).toEqual([
      '_RRRRRR_', 'RRRRRRRR', 'RRRRRRRR', '_RRRRRR_',
    ]);
  });

  it('polygon() in percentages of the box', async () => {
    expect(await render('@page { size: 6px 6px } div { height: 6px; background: red; clip-path: polygon(0 0, 100% 0, 0 100%) }', '<div></div>')).toEqual([
      'RRRRRR', 'RRRRR_', 'RRRR__', 'RRR___', 'RR____', 'R_____',
    ]);
  });

  // a wave, a circle and a star from <clipPath>s came out as Chromium 156 clips them (docs/css.md)
  it('url(#id): an inline SVG <clipPath> in the border box, in its units, with its transforms and clip-rule', async () => {
    const clip = (css: string, clipPath: string): Promise<string[]> => renderPage(document(`@page { size: 6px 4px } div { height: 4px; background: red; ${css} }`,
      `<svg width="0" height="0" style="position: absolute">${clipPath}</svg><div></div>`), { engine });
    const square = ['______', '__RR__', '__RR__', '______'];
    expect(await clip('clip-path: url(#c)', '<clipPath id="c"><rect x="2" y="1" width="2" height="2"/></clipPath>')).toEqual(square);
    expect(await clip('clip-path: url(#c)', '<clipPath id="c" clipPathUnits="objectBoundingBox"><rect x="0.3333" y="0.25" width="0.3334" height="0.5"/></clipPath>')).toEqual(square);
    expect(await clip('clip-path: url(#c)', '<clipPath id="c" transform="translate(1 0)"><path d="M1 1h2v2h-2z" transform="translate(0 0)"/></clipPath>')).toEqual(square);
    // the border box's corner is the origin: margins and padding do not move it
    expect(await renderPage(document('@page { size: 6px 4px } div { margin-left: 1px; padding: 1px; height: 2px; background: red; clip-path: url(#c) }',
      '<svg width="0" height="0" style="position: absolute"><clipPath id="c"><rect x="1" y="1" width="2" height="2"/></clipPath></svg><div></div>'), { engine })).toEqual(square);
    expect(await clip('clip-path: url(#c)', '<clipPath id="c"><path clip-rule="evenodd" d="M0 0H6V4H0Z M2 1H4V3H2Z"/></clipPath>')).toEqual(['RRRRRR', 'RR__RR', 'RR__RR', 'RRRRRR']);
    // an empty clip path clips everything away; a reference to nothing leaves the box unclipped, with a warning
    expect(await clip('clip-path: url(#c)', '<clipPath id="c"></clipPath>')).toEqual(['______', '______', '______', '______']);
    expect(await renderPage(document('@page { size: 6px 4px } div { height: 4px; background: red; clip-path: url(#missing) }', '<div></div>'),
      { engine, expectDiagnostics: [{ code: 'css_unsupported', message: '`clip-path: url(#missing)` names no <clipPath> of an inline <svg> of the page: the element is not clipped' }] }))
      .toEqual(['RRRRRR', 'RRRRRR', 'RRRRRR', 'RRRRRR']);
  });

  it('a reference box alone clips to it', async () => {
    expect(await render('@page { size: 6px 4px } div { height: 2px; padding: 1px; border: 1px solid blue; background: red; clip-path: content-box }', '<div></div>')).toEqual([
      '______', '______', '__RR__', '__RR__',
    ]);
  });

  it('clips inside the transform', async () => {
    expect(await render('@page { size: 6px 6px } div { margin: 2px 0; width: 6px; height: 2px; background: red; clip-path: inset(0 4px 0 0); transform: rotate(90deg) }', '<div></div>')).toEqual([
      '__RR__', '__RR__', '______', '______', '______', '______',
    ]);
  });
});

describe('links in transformed boxes', () => {
  it('get the bounding box of their transformed area', async () => {
    const pdf = await pdfOf('@page { size: 100px 100px } div { margin: 40px 0 0 20px; width: 60px; height: 20px; transform: rotate(90deg) } a { display: block; height: 20px }', '<div><a href="https://example.com/">x</a></div>');
    const json = JSON.parse((await qpdf(pdf, ['--json=1', '--json-key=objects'])).stdout) as { objects: Record<string, Record<string, unknown>> };
    const links = Object.values(json.objects).filter((o) => typeof o === 'object' && o !== null && o['/Subtype'] === '/Link');
    expect(links).toHaveLength(1);
    // the box (20..80, 40..60 px) turned about (50, 50): 40..60 × 20..80 px, in pt from the bottom
    expect((links[0]!['/Rect'] as number[]).map((v) => Math.round(v * 100) / 100)).toEqual([30, 15, 45, 60]);
  });
});

describe('clip (CSS Masking 1 §5.1)', () => {
  it('clips an absolutely positioned box to rect() offsets from its border box, auto at its edges', async () => {
    const css = '@page { size: 8px 6px } div { position: absolute; top: 0; left: 0; width: 8px; height: 6px; background: red }';
    expect(await render(`${css} div { clip: rect(1px, 6px, 4px, 2px) }`, '<div></div>')).toEqual([
      '________', '__RRRR__', '__RRRR__', '__RRRR__', '________', '________',
    ]);
    expect(await render(`${css} div { clip: rect(auto auto 2px 5px) }`, '<div></div>')).toEqual([
      '_____RRR', '_____RRR', '________', '________', '________', '________',
    ]);
  });

  it('does not apply to boxes in flow', async () => {
    expect(await render('@page { size: 4px 2px } div { height: 2px; background: red; clip: rect(0, 0, 0, 0) }', '<div></div>')).toEqual(['RRRR', 'RRRR']);
  });

  it('hides the visually-hidden pattern but keeps its text in the PDF', async () => {
    const srOnly = '.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border-width: 0 }';
    const pdf = await pdfOf(`@page { size: 40px 20px } body { font: 8px weasyprint; color: red } ${srOnly}`, '<span class="sr-only">Hidden</span>');
    const [page] = await rasterize(pdf);
    expect(page!.every((row) => /^_+$/.test(row))).toBe(true);
    expect(execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).trim()).toBe('Hidden');
  });
});
