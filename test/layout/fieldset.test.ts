import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { BoxFragment } from '../../src/layout/types.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" } fieldset { width: 300px }</style>';

/** Each id's `x,y wxh` next to Chromium's (getBoundingClientRect, in 1/64 px): equal within 0.03 px. */
function expectBoxes(page: Parameters<typeof findById>[0], chromium: Record<string, string>): void {
  for (const [id, expected] of Object.entries(chromium)) {
    const f = findById(page, id);
    expect(f, id).toBeDefined();
    const [x, y, w, h] = expected.split(/[ ,x]/).map(Number);
    const got = [f!.x, f!.y, f!.width, f!.height];
    got.forEach((v, i) => expect(Math.abs(v - [x, y, w, h][i]!), `${id} ${got.join(' ')} vs ${expected}`).toBeLessThan(0.03));
  }
}

// Expected boxes are Chromium's for the same page (headless Chromium, getBoundingClientRect).
describe('fieldset and legend as Chromium renders them (HTML §15.3.13)', () => {
  it('puts the rendered legend on the block-start border and the content below it', async () => {
    const doc = await layoutHtml(`${PAGE}
      <fieldset id=f1><legend id=l1>Legend</legend><p id=p1 style="margin:0">body</p></fieldset>
      <fieldset id=f2 style="border:30px solid #888"><legend id=l2 style="margin:0 auto">Centre</legend><p id=p2 style="margin:0">x</p></fieldset>
      <fieldset id=f3 dir=rtl><legend id=l3>Right</legend><p id=p3 style="margin:0">y</p></fieldset>
      <fieldset id=f4><legend id=l4 style="text-align:center; padding:5px; margin-top:4px; border:1px solid">Tall</legend><p id=p4 style="margin:0">z</p></fieldset>`);
    expectBoxes(doc.pages[0]!, {
      f1: '2,0 328x57.59375', l1: '16,0 57.390625x20', p1: '16,25.59375 300x20',
      // a border wider than the legend: the legend centred on it, auto margins centre it inline
      f2: '2,57.59375 384x95.59375', l2: '167.984375,62.59375 52.03125x20', p2: '44,93.1875 300x20',
      // rtl: at the right content edge
      f3: '2,153.1875 328x57.59375', l3: '274.640625,153.1875 41.359375x20', p3: '16,178.78125 300x20',
      // text-align: center centres it; its block-start margin is not honoured
      f4: '2,210.78125 328x69.59375', l4: '147.984375,210.78125 36.015625x32', p4: '16,248.375 300x20',
    });
  });

  it('a floated legend is an ordinary float; a fieldset is at least as wide as its legend', async () => {
    const doc = await layoutHtml(`${PAGE}
      <fieldset id=f5><legend id=l5 style="float:left">Float</legend><p id=p5 style="margin:0">w</p></fieldset>
      <fieldset id=f6 style="width:auto; float:left"><legend id=l6><span style="display:inline-block; width:250px"></span></legend><p id=p6 style="margin:0">v</p></fieldset>`);
    expectBoxes(doc.pages[0]!, {
      f5: '2,0 328x39.59375', l5: '16,7.59375 39.578125x20', p5: '16,7.59375 300x20',
      f6: '2,39.59375 282x57.59375', l6: '16,39.59375 254x20', p6: '16,65.1875 254x20',
    });
  });

  it('counts a tall legend in a fixed height, as Chromium', async () => {
    const doc = await layoutHtml(`${PAGE}<fieldset id=f style="height:100px; border:2px solid"><legend style="font-size:32px; line-height:40px">Big</legend><p id=p style="margin:0">x</p></fieldset>`);
    expectBoxes(doc.pages[0]!, { f: '2,0 328x119.59375', p: '16,45.59375 300x20' });
  });

  it('tells paint where the border is open and how far down it starts', async () => {
    const doc = await layoutHtml(`${PAGE}<fieldset id=f style="border:4px solid"><legend style="font-size:32px; line-height:40px">Big</legend>x</fieldset>`);
    const f = findById(doc.pages[0]!, 'f') as BoxFragment;
    const legend = f.children[0] as BoxFragment;
    expect(f.legendGap).toEqual({ x: 4 + 12, width: legend.width, outset: 18 });
  });

  it('the legend stays on the first page of a split fieldset', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `<p style="margin:0; height:100px">row ${i}</p>`).join('');
    const doc = await layoutHtml(`${PAGE}<fieldset id=f><legend id=l>Split</legend>${rows}</fieldset>`);
    expect(doc.pages.length).toBe(2);
    expect(findById(doc.pages[0]!, 'l')).toBeDefined();
    expect(findById(doc.pages[1]!, 'l')).toBeUndefined();
    expect((findById(doc.pages[1]!, 'f') as BoxFragment).legendGap).toBeUndefined();
  });

  it('a flex fieldset lays its legend out as an item, and says so', async () => {
    const doc = await layoutHtml(`${PAGE}<fieldset id=f style="display:flex"><legend id=l>L</legend><p style="margin:0">x</p></fieldset>`, {
      expectWarnings: [{ code: 'css_unsupported', message: /legend of a `display: flex` fieldset/ }],
    });
    expect((findById(doc.pages[0]!, 'f') as BoxFragment).legendGap).toBeUndefined();
  });
});
