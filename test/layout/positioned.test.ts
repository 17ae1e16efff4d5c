/**
 * Positioning (CSS2 §9.3-9.6, §10.3.7, §10.6.4; CSS Position 3): relative offsets, absolutely
 * positioned boxes in their containing block with every combination of insets, sizes and auto
 * margins, the static position, fixed boxes on every page, and stacking order (Appendix E).
 */
import { describe, expect, it } from 'vitest';
import { findAllById, findById, layoutHtml } from '../helpers/layout.js';
import type { LayoutOptions } from '../helpers/layout.js';
import { renderPage, renderPixels } from '../helpers/render.js';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px "DejaVu Sans" }';

/** A box offset past the page area's right edge: content wider than the page (docs/css.md). */
const wider = (width: number): ExpectedDiagnostic => ({ code: 'layout', message: new RegExp(`^content is ${width}px wide, the page area 400px`) });

async function geometry(body: string, ids: string[], css = '', options: LayoutOptions = {}): Promise<Record<string, string>> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`, options);
  const out: Record<string, string> = {};
  for (const id of ids) {
    const found = doc.pages.map((page, index) => ({ f: findById(page, id), index })).filter((p) => p.f !== undefined);
    out[id] = found.map(({ f, index }) => `${index > 0 ? `p${index + 1} ` : ''}${f!.x},${f!.y} ${f!.width}x${f!.height}`).join(' | ') || 'missing';
  }
  return out;
}

/** A 200x100 containing block at (50, 20) with a 5px border: its padding box is at (55, 25), 190x90. */
const CB = '<div style="position:relative;margin:20px 50px;width:180px;height:80px;padding:5px;border:5px solid">';

describe('relative positioning (CSS2 §9.4.3)', () => {
  it('offsets the box from its place in the flow without moving what follows', async () => {
    // pushed 20px past the page area's right edge: Chromium would shrink the page to fit it
    expect(await geometry('<div id=a style="position:relative;top:10px;left:20px;height:10px"></div><div id=b style="height:10px"></div>', ['a', 'b'], '', { expectWarnings: [wider(420)] }))
      .toEqual({ a: '20,10 400x10', b: '0,10 400x10' });
  });

  it('takes bottom and right as offsets the other way, and left over right and top over bottom', async () => {
    expect(await geometry('<div id=a style="position:relative;bottom:5px;right:7px;height:10px"></div><div id=b style="position:relative;left:3px;right:50px;top:4px;bottom:50px;height:10px"></div>', ['a', 'b'], '', { expectWarnings: [wider(403)] }))
      .toEqual({ a: '-7,-5 400x10', b: '3,14 400x10' });
  });

  it('moves the content with the box, and draws sticky boxes as relative ones', async () => {
    expect(await geometry('<div style="position:sticky;top:15px"><div id=c style="height:10px"></div></div>', ['c'])).toEqual({ c: '0,15 400x10' });
  });

  it('offsets an inline box and its text', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><p style="margin:0">ab <span id=s style="position:relative;top:5px;left:2px">cd</span></p>`);
    const plain = await layoutHtml(`<style>${PAGE}</style><p style="margin:0">ab <span id=s>cd</span></p>`);
    const moved = findById(doc.pages[0]!, 's')!;
    const still = findById(plain.pages[0]!, 's')!;
    expect([moved.x - still.x, moved.y - still.y]).toEqual([2, 5]);
  });
});

describe('absolute positioning: insets, sizes and margins (CSS2 §10.3.7, §10.6.4)', () => {
  it('places the box from left and top in the padding box of the nearest positioned ancestor', async () => {
    expect(await geometry(`${CB}<div><div id=a style="position:absolute;left:10px;top:5px;width:20px;height:10px"></div></div></div>`, ['a']))
      .toEqual({ a: '65,30 20x10' });
  });

  it('places the box from right and bottom', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;right:10px;bottom:5px;width:20px;height:10px"></div></div>`, ['a']))
      .toEqual({ a: '215,100 20x10' });
  });

  it('stretches an auto width between left and right, and an auto height between top and bottom', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:10px;right:20px;top:5px;bottom:15px"></div></div>`, ['a']))
      .toEqual({ a: '65,30 160x70' });
  });

  it('centres a sized box with auto margins between fixed insets', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:0;right:0;top:0;bottom:0;width:50px;height:30px;margin:auto"></div></div>`, ['a']))
      .toEqual({ a: '125,55 50x30' });
  });

  it('gives the right auto margin the rest when only the left one is auto', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:0;right:0;width:50px;margin-left:auto;height:10px"></div></div>`, ['a']))
      .toEqual({ a: '195,30 50x10' });
  });

  it('ignores right when left, width and right are all given (over-constrained, ltr)', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:10px;right:10px;width:50px;height:10px"></div></div>`, ['a']))
      .toEqual({ a: '65,30 50x10' });
  });

  it('shrinks an auto width to fit its content', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:10px;top:0"><div style="width:30px;height:10px"></div></div></div>`, ['a']))
      .toEqual({ a: '65,25 30x10' });
    expect(await geometry(`${CB}<div id=a style="position:absolute;right:10px;top:0"><div style="width:30px;height:10px"></div></div></div>`, ['a']))
      .toEqual({ a: '205,25 30x10' });
  });

  it('leaves a box with no insets at its static position (in the content box)', async () => {
    expect(await geometry(`${CB}<div style="height:12px"></div><div id=a style="position:absolute;width:20px;height:10px"></div><div id=b style="height:5px"></div></div>`, ['a', 'b']))
      .toEqual({ a: '60,42 20x10', b: '60,42 180x5' });
  });

  it('uses the static position on the axis whose insets are auto', async () => {
    expect(await geometry(`${CB}<div style="height:12px"></div><div id=a style="position:absolute;left:30px;width:20px;height:10px"></div></div>`, ['a']))
      .toEqual({ a: '85,42 20x10' });
  });

  it('puts the static position on the right in right-to-left content', async () => {
    expect(await geometry(`<div dir=rtl style="position:relative;width:100px"><div id=a style="position:absolute;width:20px;height:10px"></div></div>`, ['a']))
      .toEqual({ a: '80,0 20x10' });
  });

  it('puts a block-level box standing in a line below that line', async () => {
    expect(await geometry('<div style="position:relative">abc <div id=a style="position:absolute;width:5px;height:5px"></div></div>', ['a']))
      .toEqual({ a: '0,10 5x5' });
  });

  it('puts a box that was inline-level where it stands in its line, at the line top', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="position:relative;margin-left:7px"><span id=t>abc </span><span id=a style="position:absolute">x</span><span id=b style="position:absolute;display:inline-block;width:5px;height:5px"></span>def</div>`);
    const abc = findById(doc.pages[0]!, 'a');
    const text = findById(doc.pages[0]!, 't');
    expect(text?.width).toBeGreaterThan(10);
    expect(abc).toMatchObject({ x: 7 + text!.width, y: 0 });
    expect(findById(doc.pages[0]!, 'b')).toMatchObject({ x: 7 + text!.width, y: 0, width: 5, height: 5 });
  });

  it('puts an inline-level box at its place in a right-to-left line, its right edge there', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div dir=rtl style="position:relative"><span id=a style="position:absolute;display:inline-block;width:5px;height:5px"></span></div>`);
    expect(findById(doc.pages[0]!, 'a')).toMatchObject({ x: 395, y: 0 });
  });

  it('places a box inside an inline-block in the positioned ancestor above it, not in the inline-block', async () => {
    expect(await geometry(`${CB}ab <span style="display:inline-block;margin-left:20px;width:30px;height:10px"><b id=a style="position:absolute;left:3px;top:2px;width:4px;height:4px"></b></span></div>`, ['a']))
      .toEqual({ a: '58,27 4x4' });
  });

  it('gives a box inside an inline-block the static position it has there, moved with the inline-block', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="position:relative">ab <span id=ib style="display:inline-block;margin-left:20px;padding-left:3px"><b id=a style="position:absolute;display:block;width:4px;height:4px"></b></span></div>`);
    const ib = findById(doc.pages[0]!, 'ib')!;
    expect(findById(doc.pages[0]!, 'a')).toMatchObject({ x: ib.x + 3, y: ib.y, width: 4, height: 4 });
  });

  it('resolves percentage insets and sizes against the padding box', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:10%;top:50%;width:50%;height:10%"></div></div>`, ['a']))
      .toEqual({ a: '74,70 95x9' });
  });

  it('applies min-width and max-height to a stretched box', async () => {
    expect(await geometry(`${CB}<div id=a style="position:absolute;left:100px;right:80px;min-width:30px;top:0;bottom:0;max-height:20px"></div></div>`, ['a']))
      .toEqual({ a: '155,25 30x20' });
  });

  it('uses the page area when no ancestor is positioned', async () => {
    expect(await geometry('<div style="margin:30px"><div id=a style="position:absolute;right:0;bottom:0;width:10px;height:10px"></div></div>', ['a'], '@page { margin: 10px }'))
      .toEqual({ a: '380,280 10x10' });
  });

  it('takes the box out of the flow', async () => {
    expect(await geometry('<div id=a style="position:absolute;top:0;height:50px;width:5px"></div><div id=b style="height:10px"></div>', ['a', 'b']))
      .toEqual({ a: '0,0 5x50', b: '0,0 400x10' });
  });

  it('lays out nested absolute boxes in the absolute box that contains them', async () => {
    expect(await geometry('<div id=a style="position:absolute;left:100px;top:100px;width:50px;height:50px"><div id=b style="position:absolute;right:0;bottom:0;width:10px;height:10px"></div></div>', ['a', 'b']))
      .toEqual({ a: '100,100 50x50', b: '140,140 10x10' });
  });
});

describe('absolutely positioned boxes in a containing block broken across pages (CSS Fragmentation 3 §4.3)', () => {
  const lines = (n: number): string => Array.from({ length: n }, (_, i) => `<div>line ${i}</div>`).join('');

  it('places each by its offset from the first fragment, on the page that offset falls on (as Chromium 156)', async () => {
    // 4px border, 40 lines of 10px from y 24: page 1 holds the first 276px of the padding box.
    // tag (last in the source) top 10px: on page 1 at 24 + 10, not 10px below page 2's top;
    // low (first in the source) top 320px: on page 2 at 320 - 276, not 320px down page 1
    const body = `<div style="position:relative;border-top:4px solid;margin-top:20px"><div id=low style="position:absolute;top:320px;left:0;width:20px;height:6px"></div>`
      + `${lines(40)}<div id=tag style="position:absolute;top:10px;right:0;width:30px;height:8px"></div></div>`;
    expect(await geometry(body, ['tag', 'low'])).toEqual({ tag: '370,34 30x8', low: 'p2 0,44 20x6' });
  });

  it('keeps a grid card price tag on the page where the card starts, once', async () => {
    const css = `.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 10px } .card { position: relative; border: 2px solid; padding: 5px }
      .price { position: absolute; top: 6px; right: 6px; width: 40px; height: 12px }`;
    const body = `<div style="height:100px"></div><div class=grid><div class=card>${lines(30)}<div class=price id=p1></div></div>`
      + `<div class=card>short<div class=price id=p2></div></div></div>`;
    // both 6px below their padding box's top (Chromium 156 puts the broken card's 2px higher, at 106)
    expect(await geometry(body, ['p1', 'p2'], css)).toEqual({ p1: '147,108 40x12', p2: '352,108 40x12' });
  });

  it('does the same in a flex container (a Bootstrap-style card: Chromium 156 prints its badge at 352,108 on page 1)', async () => {
    const css = '.card { display: flex; flex-direction: column; position: relative; border: 2px solid; padding: 5px; margin-top: 100px } .b { position: absolute; top: 6px; right: 6px; width: 40px; height: 12px }';
    expect(await geometry(`<div class=card><div>${lines(30)}</div><div class=b id=b></div></div>`, ['b'], css)).toEqual({ b: '352,108 40x12' });
  });

  it('does the same across columns (Chromium 156, on a 600px page: tag 280,5 in the first column, low 310,30 in the second)', async () => {
    const css = '.mc { columns: 2; column-gap: 20px; column-fill: auto; height: 100px; orphans: 1; widows: 1 } i { display: block; height: 20px }';
    const body = `<div class=mc><div style="position:relative">${'<i></i>'.repeat(7)}<div id=tag style="position:absolute;top:5px;right:0;width:10px;height:10px"></div>`
      + '<div id=low style="position:absolute;top:130px;left:0;width:10px;height:10px"></div></div></div>';
    expect(await geometry(body, ['tag', 'low'], css)).toEqual({ tag: '180,5 10x10', low: '210,30 10x10' });
  });

  it('places a box anchored to the block\'s end (bottom set, top auto) against the whole block, on its last page (as Chromium 156)', async () => {
    // a 500px block from y 5: a footer `bottom: 0` ends at 505, on page 2 (from 300); `bottom: 10%` is of the whole 500px.
    // Before, both sat at the bottom of the block's first fragment, on page 1 (a body 29.7cm tall with its footer)
    const body = '<div style="position:relative;height:500px;border-top:5px solid"><p>intro</p><div id=f style="position:absolute;bottom:0;width:100%;height:30px;border-top:1px solid"></div>'
      + '<div id=g style="position:absolute;bottom:10%;right:0;width:100px;height:10px"></div></div>';
    expect(await geometry(body, ['f', 'g'])).toEqual({ f: 'p2 0,174 400x31', g: 'p2 300,145 100x10' });
  });

  it('does the same across columns: the last column\'s bottom (Chromium 156: f 220,30 100x10, g 410,25 in 420px columns)', async () => {
    const css = '.mc { columns: 2; column-gap: 20px; column-fill: auto; height: 100px; width: 380px; orphans: 1; widows: 1 } i { display: block; height: 20px }';
    const body = `<div class=mc><div style="position:relative">${'<i></i>'.repeat(7)}<div id=f style="position:absolute;bottom:0;width:50%;height:10px"></div>`
      + '<div id=g style="position:absolute;bottom:5px;right:0;width:10px;height:10px"></div></div></div>';
    expect(await geometry(body, ['f', 'g'], css)).toEqual({ f: '200,30 90x10', g: '370,25 10x10' });
  });

  it('splits such a box taller than the last fragment over the pages before (as Chromium 156)', async () => {
    // 40 lines: the block's last fragment is page 2's first 100px; the box starts at 150 on page 1
    // and runs on to the block's end; before, it was moved down to page 2's top, whole
    const body = `<div style="position:relative">${lines(40)}<div id=t style="position:absolute;bottom:0;left:0;width:50px;height:250px"></div></div>`;
    expect(await geometry(body, ['t'])).toEqual({ t: '0,150 50x150 | p2 0,0 50x100' });
  });

  it('sizes a box whose top or height is a share of the block\'s height by the whole block, split over its pages (as Chromium 156)', async () => {
    // 200px blocks from y 200 of 300px pages: Chromium 156 makes inset:0, top:0;bottom:0 and height:100% 200px tall from
    // y 200, split 100px on page 1 and 100px on page 2 (a pie chart's slice runs on), and puts top:50% at page 2's top;
    // before, octavo sized them to the block's first fragment (100px), with a warning, and put top:50% 50px down it
    const css = '@page { size: 400px 300px } .p { position: relative; width: 60px; height: 200px; margin-top: 200px } i { position: absolute; left: 0; width: 60px }';
    const body = '<div class=p><i id=a style="inset:0"></i></div>\n<div class=p style="margin-top:100px;display:flex"><i id=b style="top:0;bottom:0"></i></div>\n'
      + '<div class=p style="margin-top:100px"><i id=c style="top:0;height:100%"></i><i id=d style="top:50%;height:20px"></i><i id=e style="top:10px;height:20px"></i></div>';
    expect(await geometry(body, ['a', 'b', 'c', 'd', 'e'], css)).toEqual({
      a: '0,200 60x100 | p2 0,0 60x100', b: 'p2 0,200 60x100 | p3 0,0 60x100', c: 'p3 0,200 60x100 | p4 0,0 60x100', d: 'p4 0,0 60x20', e: 'p3 0,210 60x20',
    });
  });

  it('splits such a box over columns, and drops its border at each cut (as Chromium 156)', async () => {
    // 7 rows of 20px in 100px columns: the block's fragments are 100px and 40px tall; Chromium draws the rule in both
    // columns and the rounded card's border only at its top (first column) and bottom (second column)
    const css = '.mc { columns: 2; column-gap: 20px; column-fill: auto; height: 100px; orphans: 1; widows: 1 } i { display: block; height: 20px }';
    const body = `<div class=mc><div style="position:relative">${'<i></i>'.repeat(7)}<div id=r style="position:absolute;top:0;bottom:0;left:5px;width:6px"></div>`
      + '<div id=c style="position:absolute;inset:10px 0;border:2px solid;border-radius:4px"></div></div></div>';
    const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
    const at = (id: string): string[] => findAllById(doc.pages[0]!, id).map((f) => `${f.x},${f.y} ${f.width}x${f.height}`);
    expect(at('r')).toEqual(['5,0 6x100', '215,0 6x40']);
    expect(at('c')).toEqual(['0,10 190x90', '210,0 190x30']);
    const edges = findAllById(doc.pages[0]!, 'c').map((f) => f.kind === 'box' ? `${f.border.top}/${f.border.bottom}` : '');
    expect(edges).toEqual(['2/0', '0/2']);
  });

  it('draws the parts on the pages a streamed render writes one at a time (the rule of a timeline over two pages)', async () => {
    // 3px pages of 2px rows (empty blocks break): the block is 4px tall, 3px on page 1 and 1px on page 2; the rule runs
    // beside it on both (before, it was as tall as the first part)
    const css = '@page { size: 4px 3px; margin: 0 } body { margin: 0 } i { display: block; height: 2px; margin-left: 2px; width: 2px; background: blue }';
    const body = '<div style="position:relative"><i></i><i></i><div style="position:absolute;top:0;bottom:0;left:0;width:1px;background:lime"></div></div>';
    expect(await renderPixels(`<style>${css}</style>${body}`)).toEqual([['G_BB', 'G_BB', 'G_BB'], ['G_BB', '____', '____']]);
  });

  it('leaves a box whose offset it cannot settle ahead of its placeholder in the fragment of its placeholder', async () => {
    // a percentage top waits for the block's height; left and right both auto need the static position
    const body = `<div style="position:relative">${lines(40)}<div id=pc style="position:absolute;top:5%;right:0;width:10px;height:10px"></div>`
      + `<div id=st style="position:absolute;top:10px;width:10px;height:10px"></div></div>`;
    // (a percentage top is of the whole block, known at its end: 5% of 400px is on page 1, as in Chromium 156)
    expect(await geometry(body, ['pc', 'st'])).toEqual({ pc: '390,20 10x10', st: 'p2 0,10 10x10' });
  });
});

describe('absolutely positioned tables', () => {
  it('gives a table its percentage width of the containing block, and an auto one its fit-content width against the right, as Chromium 156', async () => {
    // before: shrunk to their content as any shrink-to-fit box, 26px
    const body = '<div style="position:relative;width:400px;height:100px"><table id=l style="position:absolute;top:0;left:0;width:40%" border=1><tr><td>a</td></tr></table>'
      + '<table id=r style="position:absolute;top:30px;right:0" border=1><tr><td>auto</td></tr></table></div>';
    // Chromium (quirks mode, tables in 16px text): l 0,0 160x29; r 353.98,30 46.02x29
    expect(await geometry(body, ['l', 'r'])).toEqual({ l: '0,0 160x29', r: '353.9921875,30 46.0078125x29' });
  });
});

describe('fixed positioning (CSS2 §9.6.1, CSS Paged Media 3)', () => {
  it('repeats a fixed box on every page, placed in each page area', async () => {
    const body = `<div id=f style="position:fixed;right:0;top:0;width:20px;height:10px"></div>${'<div style="height:100px"></div>'.repeat(6)}`;
    expect(await geometry(body, ['f'], '@page { margin: 10px }'))
      .toEqual({ f: '370,10 20x10 | p2 370,10 20x10 | p3 370,10 20x10' });
  });
});

describe('filtered and transformed boxes as containing blocks (Filter Effects 1 §5, CSS Transforms 1 §3)', () => {
  const FILTERED = '<div id=cb style="margin:20px 50px;width:180px;height:80px;padding:5px;border:5px solid;filter:grayscale(1)">';
  const INSIDE = '<div id=a style="position:absolute;right:10px;bottom:10px;width:20px;height:10px"></div>'
    + '<div id=f style="position:fixed;left:0;top:0;width:30px;height:10px"></div></div>';

  it('places absolutely and fixed positioned descendants in a filtered box\'s padding box, once', async () => {
    // Chromium: a 215,95 20x10; f 55,25 30x10 on the first page only
    const body = `${FILTERED}${INSIDE}${'<div style="height:100px"></div>'.repeat(4)}`;
    expect(await geometry(body, ['a', 'f'])).toEqual({ a: '215,95 20x10', f: '55,25 30x10' });
  });

  it('does the same for a transformed box, and leaves fixed boxes elsewhere on every page', async () => {
    const body = `${FILTERED.replace('filter:grayscale(1)', 'transform:translate(0)')}${INSIDE}`
      + `<div id=g style="position:fixed;right:0;top:0;width:10px;height:10px"></div>${'<div style="height:100px"></div>'.repeat(4)}`;
    expect(await geometry(body, ['a', 'f', 'g'])).toEqual({ a: '215,95 20x10', f: '55,25 30x10', g: '390,0 10x10 | p2 390,0 10x10' });
  });

  it('does the same for a box with a perspective (the `-webkit-perspective: 1000` speed-up hack too)', async () => {
    // octavo before: both placed against the page — the perspective made no containing block (Chromium 156 places them in it)
    for (const perspective of ['-webkit-perspective:1000', 'perspective:500px']) {
      const body = `${FILTERED.replace('filter:grayscale(1)', perspective)}${INSIDE}${'<div style="height:100px"></div>'.repeat(4)}`;
      expect(await geometry(body, ['a', 'f'])).toEqual({ a: '215,95 20x10', f: '55,25 30x10' });
    }
  });

  it('draws a fixed box inside a filtered box with the filter', async () => {
    const html = '<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 }</style>'
      + '<div style="margin-left:4px;width:4px;height:4px;filter:invert(1)"><div style="position:fixed;left:0;top:0;width:2px;height:2px;background:red"></div></div>';
    expect(await renderPage(html)).toEqual(['____CC__', '____CC__', '________', '________']);
  });
});

describe('stacking order (CSS2 Appendix E, §9.9)', () => {
  it('paints negative z-index below the flow, positioned boxes above it, and higher z-index on top', async () => {
    const css = '@page { size: 8px 4px; margin: 0 } body { margin: 0 } div { height: 4px }';
    const body = '<div style="position:relative"><div style="position:absolute;left:0;top:0;width:6px;background:blue;z-index:2"></div>'
      + '<div style="position:absolute;left:2px;top:0;width:6px;background:red;z-index:1"></div>'
      + '<div style="position:absolute;left:1px;top:0;width:2px;background:yellow;z-index:-1"></div>'
      + '<div style="width:8px;background:lime"></div></div>';
    expect(await renderPage(`<style>${css}</style>${body}`)).toEqual(['BBBBBBRR', 'BBBBBBRR', 'BBBBBBRR', 'BBBBBBRR']);
    const under = `<style>${css}</style><div style="position:relative"><div style="position:absolute;left:0;top:0;width:4px;background:yellow;z-index:-1"></div><div style="margin-left:2px;width:6px;background:lime"></div></div>`;
    expect(await renderPage(under)).toEqual(['YYGGGGGG', 'YYGGGGGG', 'YYGGGGGG', 'YYGGGGGG']);
  });
});


describe('absolutely positioned pseudo-elements and nested containing blocks (geometry measured in Chromium)', () => {
  // Chromium 800x600 (--hide-scrollbars --dump-dom, getBoundingClientRect): box 250,20; ::after 446,20 4x100;
  // b2 630,200 90x40; badge 715,195; rib 90,310 20x10
  const CSS = `@page { size: 800px 600px; margin: 0 } body { margin: 0 }
    .box { position: absolute; left: calc(50% - 150px); top: 20px }
    .ticket { position: relative; width: 300px; height: 100px }
    .ticket::after { content: ""; position: absolute; right: 100px; width: 4px; top: 0; bottom: 0 }
    .b2 { position: absolute; right: 10%; top: 200px; padding: 5px } .inner { width: 80px; height: 30px }
    .badge { position: absolute; top: -5px; right: -5px; width: 10px; height: 10px }
    .wrap { position: relative; display: inline-block; margin: 300px 0 0 40px }
    .rib { position: absolute; left: calc(100% - 30px); bottom: calc(50% - 5px); width: 20px; height: 10px }`;
  const BODY = `<div class="box" id="box"><div class="ticket" id="ticket"></div></div>
    <div class="b2" id="b2"><div class="inner"></div><span class="badge" id="badge"></span></div>
    <div class="wrap" id="wrap"><div class="inner"></div><i class="rib" id="rib"></i></div>`;

  it('places a ticket\'s ::after from its right edge, inside a shrink-to-fit absolute box', async () => {
    const doc = await layoutHtml(`<style>${CSS}</style>${BODY}`);
    const page = doc.pages[0]!;
    const at = (id: string): string => { const f = findById(page, id)!; return `${f.x},${f.y} ${f.width}x${f.height}`; };
    const ticket = findById(page, 'ticket')!;
    const after = ticket.kind === 'box' ? ticket.children.find((c) => c.kind === 'box' && c.box.pseudo === 'after') : undefined;
    expect(after && `${after.x},${after.y} ${after.width}x${after.height}`).toBe('446,20 4x100');
    expect([at('box'), at('b2'), at('badge'), at('wrap'), at('rib')]).toEqual(['250,20 300x100', '630,200 90x40', '715,195 10x10', '40,300 80x30', '90,310 20x10']);
    expect(doc.diagnostics).toEqual([]);
  });

  it('floats a floated ::before as an element', async () => {
    const doc = await layoutHtml(`<style>@page { size: 200px 100px; margin: 0 } body { margin: 0 } p { margin: 0; width: 100px }
      p::before { content: ""; float: right; width: 30px; height: 20px }</style><p id="p"></p>`);
    const p = findById(doc.pages[0]!, 'p')!;
    const before = p.kind === 'box' ? p.children.find((c) => c.kind === 'box' && c.box.pseudo === 'before') : undefined;
    expect(before && `${before.x},${before.y} ${before.width}x${before.height}`).toBe('70,0 30x20');
  });

  it('keeps an absolutely positioned or floated ::after a grid, flex or table container (a donut chart\'s centred label)', async () => {
    const doc = await layoutHtml(`<style>@page { size: 300px 300px; margin: 0 } body { margin: 0; font: 10px/10px 'DejaVu Sans' }
      div { position: relative; width: 120px; height: 120px }
      #grid::after { content: "46%"; position: absolute; inset: 30px; display: grid; place-items: center }
      #flex::after { content: "46%"; position: absolute; inset: 30px; display: flex; align-items: center; justify-content: center }
      #table::after { content: "46%"; float: left; display: table; height: 60px }</style><div id=grid></div><div id=flex></div><div id=table></div>`);
    for (const id of ['grid', 'flex']) {
      const box = findById(doc.pages[0]!, id)!;
      const after = box.kind === 'box' ? box.children.find((c) => c.kind === 'box' && c.box.pseudo === 'after') : undefined;
      const item = after?.kind === 'box' ? after.children[0] : undefined;
      expect([after?.kind === 'box' && after.box.kind, after && `${after.x - box.x},${after.y - box.y} ${after.width}x${after.height}`]).toEqual([id, '30,30 60x60']);
      // the label's box, centred in the 60px square: its centre at the div's 60, 60
      expect(item && [item.y - box.y, Math.round((item.x - box.x) * 2 + item.width)]).toEqual([55, 120]);
    }
    const table = findById(doc.pages[0]!, 'table')!;
    const after = table.kind === 'box' ? table.children.find((c) => c.kind === 'box' && c.box.pseudo === 'after') : undefined;
    expect([after?.kind === 'box' && after.box.kind, after?.height]).toEqual(['table-wrapper', 60]);
  });
});
