/**
 * `aspect-ratio` on non-replaced boxes (CSS Sizing 4 §5.2): min-/max-height transferred through
 * the ratio limit an automatic width (§5.2.1), whatever lays the box out (block, flex or grid
 * container; in flow, a grid area or absolutely positioned); geometry as Chromium computes it.
 */
import { describe, expect, it } from 'vitest';
import { geometry } from '../helpers/geometry.js';

/** A caption of three 40px words (unbreakable boxes, so widths do not depend on fonts). */
const CAPTION = '<span style="display:inline-block;width:40px;height:10px;vertical-align:top"></span> '.repeat(3);

describe('min-/max-height transferred to the width (CSS Sizing 4 §5.2.1)', () => {
  it('a stretched flex-container card in a grid cell is as wide as its max-height allows', async () => {
    const card = (display: string): string => `<div style="display:grid;width:300px;height:200px">
      <div id=card style="display:${display};aspect-ratio:16/9;max-height:90px;line-height:0">${CAPTION}</div></div>`;
    expect(await geometry(card('flex'), ['card'])).toEqual(['card 0,0 160x90']);
    expect(await geometry(card('grid'), ['card'])).toEqual(['card 0,0 160x90']);
    expect(await geometry(card('block'), ['card'])).toEqual(['card 0,0 160x90']);
  });

  it('an absolutely positioned badge shrinks to its max-height through the ratio, not to its text', async () => {
    const badge = (display: string): string => `<div style="position:relative;width:400px;height:300px">
      <div id=badge style="position:absolute;top:10px;left:10px;display:${display};aspect-ratio:1/2;max-height:50px;line-height:0">${CAPTION}</div></div>`;
    expect(await geometry(badge('flex'), ['badge'])).toEqual(['badge 10,10 25x50']);
    expect(await geometry(badge('block'), ['badge'])).toEqual(['badge 10,10 25x50']);
  });

  it('min-width wins over the transferred max-width (max-height still holds the height); min-height transfers a minimum width', async () => {
    expect(await geometry(`<div style="position:relative;width:400px;height:300px">
      <div id=a style="position:absolute;aspect-ratio:1;max-height:20px;min-width:60px;line-height:0">${CAPTION}</div>
      <div id=b style="position:absolute;top:100px;aspect-ratio:4;min-height:30px;line-height:0"><span style="display:inline-block;width:10px;height:10px"></span></div></div>`, ['a', 'b']))
      .toEqual(['a 0,0 60x20', 'b 0,100 120x30']);
  });

  it('content taller than the ratio grows the box only up to its max-height (the automatic minimum, §5.2)', async () => {
    // Three 40px words wrap in a 40px wide box: 30px of lines, more than the 20px the ratio gives.
    const tile = (max: string): string => `<div style="display:grid;width:100px;height:100px">
      <div id=t style="aspect-ratio:2;${max};line-height:10px">${CAPTION}</div></div>`;
    expect(await geometry(tile('max-height:20px'), ['t'])).toEqual(['t 0,0 40x20']);
    expect(await geometry(`<div style="width:40px"><div id=t style="aspect-ratio:2;max-height:25px;line-height:10px">${CAPTION}</div></div>`, ['t'])).toEqual(['t 0,0 40x25']);
    expect(await geometry(`<div style="width:40px"><div id=t style="aspect-ratio:2;line-height:10px">${CAPTION}</div></div>`, ['t'])).toEqual(['t 0,0 40x30']);
  });

  it('an absolutely positioned box grows to its content as an in-flow one does, unless it scrolls (Chromium 156)', async () => {
    // octavo: 40x20 for all three — the content minimum was skipped for positioned boxes
    expect(await geometry(`<div style="position:relative;width:400px;height:300px">
      <div id=a style="position:absolute;width:40px;aspect-ratio:2;line-height:10px">${CAPTION}</div>
      <div id=b style="position:absolute;top:100px;width:40px;aspect-ratio:2;line-height:10px;max-height:25px">${CAPTION}</div>
      <div id=c style="position:absolute;top:200px;width:40px;aspect-ratio:2;line-height:10px;overflow:hidden">${CAPTION}</div></div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,0 40x30', 'b 0,100 40x25', 'c 0,200 40x20']);
  });
});

describe('limits transferred to shrink-to-fit widths (CSS Sizing 4 §5.2.1, Chromium 156 geometry)', () => {
  const dot = '<span style="display:inline-block;width:5px;height:10px;vertical-align:top"></span>';

  it('a min-height gives an inline-block and a float their width through the ratio', async () => {
    // octavo: 5x30 each — only absolutely positioned boxes took the transferred minimum
    expect(await geometry(`<div style="line-height:10px"><div id=i style="display:inline-block;aspect-ratio:2;min-height:30px;vertical-align:top">${dot}</div>
      <div id=j style="float:left;aspect-ratio:2;min-height:30px">${dot}</div></div>`, ['i', 'j'])).toEqual(['i 60,0 60x30', 'j 0,0 60x30']);
  });

  it('border and padding of a border-box give a minimum width, whatever sizes the box; a content box keeps its content width', async () => {
    // octavo: 15 wide (the content's 5 and the padding) for all but the content box
    const badge = (extra: string): string => `aspect-ratio:2;padding:5px;box-sizing:border-box;${extra}`;
    expect(await geometry(`<div style="width:400px;line-height:10px">
      <div id=f style="display:inline-block;${badge('vertical-align:top')}">${dot}</div>
      <div id=g style="display:inline-block;aspect-ratio:2;padding:5px;vertical-align:top">${dot}</div>
      <div id=f3 style="float:left;${badge('')}">${dot}</div>
      <div id=f4 style="position:absolute;top:100px;${badge('')}">${dot}</div>
      <div style="width:12px"><div id=f5 style="${badge('')}">${dot}</div></div>
      <div style="display:flex;align-items:flex-start"><div id=f6 style="${badge('')}">${dot}</div></div></div>`, ['f', 'g', 'f3', 'f4', 'f5', 'f6']))
      .toEqual(['f 20,0 20x20', 'g 44,0 15x20', 'f3 0,0 20x20', 'f4 0,100 20x20', 'f5 0,20 20x20', 'f6 0,40 20x20']);
  });
});

describe('an empty box with an aspect ratio (Chromium 156 geometry)', () => {
  it('is as tall as its ratio makes it, and the boxes after it follow it (its margins do not collapse through it)', async () => {
    expect(await geometry(`<div style="width:200px"><div id=p style="aspect-ratio:4/3;margin-bottom:5px"></div><h3 id=h style="margin:0;height:20px"></h3></div>
      <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:10px;width:600px"><div id=c><div id=q style="aspect-ratio:4/3"></div><div id=t style="height:22px"></div></div></div>`, ['p', 'h', 'c', 'q', 't']))
      .toEqual(['p 0,0 200x150', 'h 0,155 200x20', 'c 0,175 193.33x167', 'q 0,175 193.33x145', 't 0,320 193.33x22']);
  });
});

describe('the ratio in flex lines (CSS Flexbox 1 §9.2 step 3 B) and grid tracks (CSS Grid 1 §11.1 step 3)', () => {
  it('gives a row item stretched to a line of definite height its width: a 16/9 thumbnail 90px tall is 160px wide (Chromium 156)', async () => {
    // octavo: 0 wide when empty, its text's width with text — the stretched height was not used
    expect(await geometry(`<div style="display:flex;height:90px;width:600px"><div id=g style="aspect-ratio:16/9"></div>
      <div id=h style="aspect-ratio:1;height:50%"></div><div id=t style="aspect-ratio:16/9;line-height:0">${CAPTION}</div></div>`, ['g', 'h', 't']))
      .toEqual(['g 0,0 160x90', 'h 160,0 45x45', 't 205,0 160x90']);
  });

  it('gives a column item that is not stretched the width its used height gives through the ratio (Chromium 156)', async () => {
    // octavo: e 15x20, e3 15x20, g 5x100 — the width stayed the content's fit-content width
    const dot = '<span style="display:inline-block;width:5px;height:10px;vertical-align:top"></span>';
    expect(await geometry(`<div style="display:flex;flex-direction:column;align-items:flex-start;width:400px;line-height:10px">
      <div id=e style="aspect-ratio:2;padding:5px">${dot}</div><div id=e3 style="aspect-ratio:2;box-sizing:border-box;padding:5px">${dot}</div>
      <div id=e4 style="aspect-ratio:2;align-self:center;min-width:50px">${dot}</div><div id=e5 style="aspect-ratio:2;align-self:stretch;height:20px">${dot}</div></div>
      <div style="display:flex;flex-direction:column;align-items:flex-start;width:400px;height:100px;line-height:10px"><div id=g style="aspect-ratio:2;flex-grow:1">${dot}</div></div>`,
    ['e', 'e3', 'e4', 'e5', 'g'], '@page { size: 600px 800px }'))
      .toEqual(['e 0,0 30x20', 'e3 0,20 40x20', 'e4 175,40 50x25', 'e5 0,65 400x20', 'g 0,85 200x100']);
  });

  it('sizes a grid column by the width the ratio gives the row\'s height, the item not stretched in it (Chromium 156)', async () => {
    // octavo: #c 0 × 0 in its auto column; the three 16/9 cards in 1fr columns all 193.33 wide,
    // where Chromium sizes the columns again once the row (grown by #f's caption) is known
    expect(await geometry(`<div style="display:grid;grid-template-columns:auto 1fr;grid-template-rows:90px;width:600px"><div id=c style="aspect-ratio:16/9"></div><div>x</div></div>
      <div style="display:grid;grid-template-columns:repeat(3,1fr);gap:10px;width:600px;line-height:16px"><div id=d style="aspect-ratio:16/9"></div><div id=e style="aspect-ratio:16/9"></div>
      <div><div id=f style="aspect-ratio:16/9"></div><p style="margin:0">caption</p></div></div>
      <div style="display:grid;height:100px;width:100px"><div id=g style="min-width:50px;aspect-ratio:2"></div></div>`, ['c', 'd', 'e', 'f', 'g']))
      .toEqual(['c 0,0 160x90', 'd 0,90 221.78x124.75', 'e 231.78,90 221.78x124.75', 'f 463.56,90 136.44x76.75', 'g 0,214.75 100x50']);
  });
});


describe('an absolutely positioned box with a ratio between two insets (CSS Sizing 4 §5.1)', () => {
  it('takes its auto height from a set or stretched width through the ratio, not from the insets (Chromium 156)', async () => {
    // before: the auto height stretched between top and bottom (80x200, 160x160)
    expect(await geometry(`<div style="position:relative;width:300px;height:200px">
      <div id=seal style="position:absolute;inset:0;margin:auto;width:80px;aspect-ratio:1"></div>
      <div id=band style="position:absolute;inset:20px;aspect-ratio:1"></div>
      <div id=tall style="position:absolute;top:10px;bottom:10px;left:0;aspect-ratio:1"></div>
      <div id=wide style="position:absolute;left:10px;right:10px;top:0;height:50px;aspect-ratio:2/1"></div></div>`, ['seal', 'band', 'tall', 'wide']))
      .toEqual(['seal 110,60 80x80', 'band 20,20 260x260', 'tall 0,10 180x180', 'wide 10,0 100x50']);
  });
});
