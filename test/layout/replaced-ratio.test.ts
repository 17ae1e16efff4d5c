/**
 * Images sized by `aspect-ratio` and by what of its size an SVG image has of its own (CSS Sizing 4
 * §5.1, CSS Images 3 §4.1): `aspect-ratio: <ratio>` overrides an image's natural ratio, `auto &&
 * <ratio>` only stands in for a missing one; an SVG with only a viewBox has a ratio and no size,
 * so it fills its container's width and contributes no width of its own. Every size is Chromium
 * 156's getBoundingClientRect for the same markup (400px wide body, 2px image margins).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import { renderPage } from '../helpers/render.js';

const svg = (attributes: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="200" height="100" fill="blue"/></svg>`)}`;
/** 200 × 100, a natural size and ratio. */
const SIZED = svg('width="200" height="100"');
/** A natural ratio of 2 and no natural size. */
const VIEW_BOX = svg('viewBox="0 0 200 100"');
/** Neither: the 300 × 150 default object size. */
const BARE = svg('');

async function sizes(body: string): Promise<string[]> {
  const doc = await layoutHtml(`<style>@page { size: 600px 2000px; margin: 0 } body { margin: 0; width: 400px } img { margin: 2px }</style>${body}`);
  const ids = [...body.matchAll(/id=(\w+)/g)].map((m) => m[1]!);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    return `${id} ${Math.round(f.width * 100) / 100}x${Math.round(f.height * 100) / 100}`;
  });
}

describe('min and max sizes of images', () => {
  it('move the size that was automatic through the ratio and leave the one that was given', async () => {
    // Mermaid's <svg width="100%" style="max-width: 350px"> under a max-height keeps its width (the drawing centred in it)
    expect(await sizes(`
      <img id=m1 style="display:block;width:100%;max-width:350px;max-height:100px" src="${SIZED}">
      <img id=m2 style="display:block;height:150px;max-width:120px" src="${SIZED}">
      <img id=m3 style="display:block;max-height:50px" src="${SIZED}">
      <img id=m4 style="display:block;width:100%;max-height:60px" src="${VIEW_BOX}">
      <img id=m5 style="display:block;width:300px;min-height:200px" src="${SIZED}">
      <img id=m6 style="display:block;height:40px;min-width:150px" src="${SIZED}">`))
      .toEqual(['m1 350x100', 'm2 120x150', 'm3 100x50', 'm4 400x60', 'm5 300x200', 'm6 150x40']);
  });
});

describe('aspect-ratio on images', () => {
  it('a <ratio> overrides the natural ratio; auto && <ratio> does not', async () => {
    expect(await sizes(`
      <img id=a1 style="display:block;aspect-ratio:1" src="${SIZED}">
      <img id=a2 style="display:block;width:120px;aspect-ratio:4/3" src="${SIZED}">
      <img id=a3 style="display:block;height:90px;aspect-ratio:4/3" src="${SIZED}">
      <img id=a4 style="display:block;width:120px;aspect-ratio:auto 4/3" src="${SIZED}">
      <img id=a5 style="display:block;width:100px;aspect-ratio:auto 2/1" src="${BARE}">
      <img id=a8 style="display:block;width:100%;aspect-ratio:16/9" src="${SIZED}">`))
      .toEqual(['a1 200x200', 'a2 120x90', 'a3 120x90', 'a4 120x60', 'a5 100x50', 'a8 400x225']);
  });

  it('holds between the boxes box-sizing names, and through min/max sizes', async () => {
    expect(await sizes(`
      <img id=a6 style="display:block;width:120px;aspect-ratio:4/3;box-sizing:border-box;padding:10px" src="${SIZED}">
      <img id=a12 style="display:block;width:120px;aspect-ratio:4/3;padding:10px" src="${SIZED}">
      <img id=a7 style="display:block;width:300px;max-width:100px;aspect-ratio:2" src="${SIZED}">
      <img id=a9 style="display:block;aspect-ratio:1;max-width:50px" src="${SIZED}">
      <img id=a10 style="display:block;aspect-ratio:1/2;min-height:300px" src="${SIZED}">`))
      .toEqual(['a6 120x90', 'a12 140x110', 'a7 100x50', 'a9 50x50', 'a10 200x400']);
  });

  it('sizes flex and grid items, positioned and inline images', async () => {
    expect(await sizes(`
      <div style="display:flex;align-items:start"><img id=f1 style="width:120px;aspect-ratio:4/3" src="${SIZED}"><p style="height:200px">x</p></div>
      <div style="display:flex"><img id=f2 style="width:120px;aspect-ratio:4/3" src="${SIZED}"><p style="height:200px">x</p></div>
      <div style="display:flex"><img id=f3 style="flex:1;aspect-ratio:4/3" src="${SIZED}"><p style="flex:1">x</p></div>
      <div style="display:flex;flex-direction:column;align-items:start"><img id=f4 style="height:60px;aspect-ratio:3" src="${SIZED}"></div>
      <div style="display:grid;grid-template-columns:100px 200px"><img id=g1 style="width:100%;aspect-ratio:1" src="${SIZED}"><img id=g2 style="aspect-ratio:4/1" src="${SIZED}"></div>
      <div style="position:relative;height:300px"><img id=p1 style="position:absolute;top:0;left:0;width:80px;aspect-ratio:2/1" src="${SIZED}"><img id=p2 style="position:absolute;top:100px;height:40px;aspect-ratio:3/1" src="${SIZED}"></div>
      <p>inline <img id=i1 style="width:40px;aspect-ratio:1" src="${SIZED}"> text</p>`))
      .toEqual(['f1 120x90', 'f2 120x228', 'f3 200x150', 'f4 180x60', 'g1 100x100', 'g2 200x50', 'p1 80x40', 'p2 120x40', 'i1 40x40']);
  });

  it('keep their ratio when a flex row shrinks them, an inline <svg> of no size shrinking to leave room for its label', async () => {
    // octavo drew #s1 146 × 100 (its natural height), and #s2 400 × 400 over its label (the <img> #s3 keeps the width it fills, as in Chromium)
    const inlineSvg = (id: string): string => `<svg id=${id} style="margin:2px" viewBox="0 0 200 100"><rect width="200" height="100" fill="blue"/></svg>`;
    expect(await sizes(`<div style="display:flex;width:150px;align-items:flex-start"><img id=s1 style="min-width:0" src="${SIZED}"></div>
      <div style="display:flex;align-items:center;gap:8px">${inlineSvg('s2')}<span id=l2>Label</span></div>
      <div style="display:flex;align-items:flex-start"><span id=l3>Some longer label text here that takes room in the row</span>${inlineSvg('s4')}</div>
      <div style="display:flex;align-items:center;gap:8px"><img id=s3 src="${VIEW_BOX}"><span>Label</span></div>`))
      .toEqual(['s1 146x73', 's2 351.58x175.79', 'l2 36.42x18', 'l3 185.07x36', 's4 210.93x105.46', 's3 396x198']);
  });

  it('stretched by a flex line of definite size, keep their ratio: the width from the stretched height, and the other way in a column', async () => {
    // octavo: #r1 200 × 60 (its natural width squeezed to the line's height), #c1 100 × 100 (its natural height)
    expect(await sizes(`<div style="display:flex;height:64px"><img id=r1 src="${SIZED}"><img id=r2 style="aspect-ratio:1" src="${SIZED}"><img id=r3 style="aspect-ratio:1;object-fit:cover;min-width:0" src="${SIZED}"></div>
      <div style="display:flex;flex-direction:column;width:104px;height:300px"><img id=c1 src="${SIZED}"><img id=c2 style="aspect-ratio:4" src="${SIZED}"></div>
      <div style="display:flex;height:30px"><input id=k1 type=checkbox><input id=k2 type=radio></div>
      <div style="display:flex;flex-direction:column;width:50px"><input id=k3 type=checkbox></div>`))
      // checkboxes and radios are stretched as boxes, their other size kept
      .toEqual(['r1 120x60', 'r2 60x60', 'r3 60x60', 'c1 100x50', 'c2 100x25', 'k1 13x24', 'k2 13x27', 'k3 43x13']);
  });

  it('stretched by a single flex line of definite height, give a shrink-to-fit container the width they are drawn at', async () => {
    // octavo: each container as wide as the natural image (#f1 204), the image drawn narrower inside
    expect(await sizes(`<div id=f1 style="display:inline-flex;height:64px"><img id=i1 src="${SIZED}"></div>
      <div id=f2 style="display:flex;float:left;height:34px;padding:3px"><img id=i2 src="${SIZED}"><input id=k type=checkbox></div>
      <div id=f3 style="display:inline-flex;height:64px;align-items:center"><img id=i3 src="${SIZED}"></div>
      <div id=f4 style="display:inline-flex;height:64px;flex-wrap:wrap"><img id=i4 src="${SIZED}"></div>
      <div id=f5 style="display:inline-flex;height:64px;box-sizing:border-box;padding:2px;min-height:84px"><img id=i5 src="${SIZED}"></div>`))
      // not stretched (centred) or in a multi-line container (its line's height is not the container's): natural size
      .toEqual(['f1 124x64', 'i1 120x60', 'f2 90x40', 'i2 60x30', 'k 13x28', 'f3 204x64', 'i3 200x100', 'f4 204x64', 'i4 200x100', 'f5 160x84', 'i5 152x76']);
  });

  it('except checkboxes and radios, sized as boxes: a width or a stretch leaves the height, an aspect-ratio of their own holds', async () => {
    // octavo: #a 20x20, #b 20x20, #e 30x30, #f 8x8 (the drawn mark's square ratio), #h 13x24
    expect(await sizes(`<div><input id=a type=checkbox style="width:20px"><input id=b type=checkbox style="height:20px"><input id=c type=radio style="width:30px;height:20px"><input id=d type=checkbox style="aspect-ratio:2;width:40px"><input id=e type=checkbox style="min-width:30px"><input id=f type=radio style="max-height:8px"></div>
      <div style="display:flex;height:30px"><input id=g type=checkbox><input id=h type=checkbox style="aspect-ratio:1"></div>
      <div style="display:grid;grid-template-rows:30px;grid-template-columns:auto auto 1fr"><input id=i type=checkbox><input id=j type=checkbox style="align-self:stretch"><span>x</span></div>
      <div style="display:grid;grid-template-columns:40px"><input id=k type=checkbox style="justify-self:stretch"></div>`))
      .toEqual(['a 20x13', 'b 13x20', 'c 30x20', 'd 40x20', 'e 30x13', 'f 13x8', 'g 13x24', 'h 24x24', 'i 13x24', 'j 13x24', 'k 33x13']);
  });

  it('stretched by a grid\'s explicit align-items: stretch, takes its area\'s height, its auto width from its ratio (normal does not stretch it)', async () => {
    // octavo: #s1 200 × 100 overflowing its 64px row, and its column 204px wide; #s2 kept its own height
    expect(await sizes(`<div style="display:grid;grid-template-columns:auto 1fr;grid-template-rows:64px;align-items:stretch"><img id=s1 src="${SIZED}"><p>x</p></div>
      <div style="display:grid;grid-template-columns:104px 1fr;align-items:stretch"><img id=s2 style="width:100%" src="${SIZED}"><p style="height:150px;margin:0"></p></div>
      <div style="display:grid;grid-template-columns:auto 1fr;grid-template-rows:64px"><img id=s3 src="${SIZED}"><p>x</p></div>`))
      .toEqual(['s1 120x60', 's2 104x146', 's3 200x100']);
  });

  it('at a percentage height in a grid row of fixed size, size their column by the width they are drawn at', async () => {
    // octavo: each column 204px wide (the natural width), the images drawn 128px wide in them
    expect(await sizes(`<div style="display:grid;grid-template-rows:64px;grid-auto-columns:max-content;grid-auto-flow:column"><img id=p1 src="${SIZED}" style="height:100%"><img id=p2 src="${SIZED}" style="max-height:100%"><img id=p3 src="${SIZED}" style="height:50%"></div>`))
      .toEqual(['p1 128x64', 'p2 128x64', 'p3 64x32']);
    const doc = await layoutHtml(`<style>@page { size: 600px 2000px; margin: 0 } body { margin: 0; width: 400px } img { margin: 2px }</style><div style="display:grid;grid-template-rows:64px;grid-auto-columns:max-content;grid-auto-flow:column"><img id=p1 src="${SIZED}" style="height:100%"><img id=p2 src="${SIZED}" style="max-height:100%"><img id=p3 src="${SIZED}" style="height:50%"></div>`);
    expect(['p1', 'p2', 'p3'].map((id) => findById(doc.pages[0]!, id)!.x)).toEqual([2, 134, 266]);
  });

  it('at a percentage height in an auto row, size their column by the width they are drawn at once the rows are sized', async () => {
    // octavo: #p4's and #p5's columns 204px wide (their natural width), #q4 drawn from 206, #q5 from 206
    expect(await sizes(`<div style="display:grid;height:64px;grid-auto-flow:column;grid-auto-columns:max-content"><img id=p4 src="${SIZED}" style="height:100%"><img id=q4 src="${SIZED}" style="height:50%"></div>
      <div style="display:grid;grid-template-columns:auto auto 1fr;height:80px"><img id=p5 src="${SIZED}" style="height:50%"><img id=q5 src="${SIZED}" style="height:100%"><span>x</span></div>`))
      .toEqual(['p4 208x104', 'q4 104x52', 'p5 104x52', 'q5 208x104']);
    const doc = await layoutHtml(`<style>@page { size: 600px 2000px; margin: 0 } body { margin: 0; width: 400px } img { margin: 2px }</style><div style="display:grid;height:64px;grid-auto-flow:column;grid-auto-columns:max-content"><img id=p4 src="${SIZED}" style="height:100%"><img id=q4 src="${SIZED}" style="height:50%"></div><div style="display:grid;grid-template-columns:auto auto 1fr;height:80px"><img id=p5 src="${SIZED}" style="height:50%"><img id=q5 src="${SIZED}" style="height:100%"><span>x</span></div>`);
    // Chromium 156: the second image starts after the first's drawn width
    expect(['q4', 'q5'].map((id) => findById(doc.pages[0]!, id)!.x)).toEqual([214, 110]);
  });

  it('gives an image with no natural size the width of its container', async () => {
    expect(await sizes(`<img id=a11 style="display:block;aspect-ratio:2" src="${BARE}">`)).toEqual(['a11 396x198']);
  });
});

describe('SVG images with only a viewBox', () => {
  it('fill the width of a block, flex or narrow container', async () => {
    expect(await sizes(`
      <div><img id=v1 src="${VIEW_BOX}"></div>
      <div><img id=v2 style="display:block" src="${VIEW_BOX}"></div>
      <div style="display:flex"><img id=v3 src="${VIEW_BOX}"></div>
      <div style="width:50px"><img id=v4 src="${VIEW_BOX}"></div>
      <div><img id=n1 src="${BARE}"></div>`))
      .toEqual(['v1 396x198', 'v2 396x198', 'v3 396x198', 'v4 46x23', 'n1 300x150']);
  });

  it('contribute no width to a float, a table cell or an inline-block (Chromium draws them 0 × 0)', async () => {
    expect(await sizes(`
      <div style="float:left"><img id=v5 src="${VIEW_BOX}"></div><br style="clear:both">
      <table><tr><td><img id=v6 src="${VIEW_BOX}"></td></tr></table>
      <div style="display:inline-block"><img id=v7 src="${VIEW_BOX}"></div>`))
      .toEqual(['v5 0x0', 'v6 0x0', 'v7 0x0']);
  });

  it('contribute the default 300px when their width is a percentage (a logo at width: 100%; max-width: 300px in a table cell)', async () => {
    expect(await sizes(`
      <table style="border-spacing:0"><tr><td style="padding:0"><img id=t1 style="margin:0;display:block" src="${VIEW_BOX}"></td></tr></table>
      <table style="border-spacing:0"><tr><td style="padding:0"><img id=t2 style="margin:0;display:block;width:100%" src="${VIEW_BOX}"></td></tr></table>
      <table style="border-spacing:0"><tr><td style="padding:0"><img id=t3 style="margin:0;display:block;width:100%;max-width:300px" src="${VIEW_BOX}"></td></tr></table>
      <table style="border-spacing:0"><tr><td style="padding:0"><img id=t5 style="margin:0;display:block;width:50%" src="${VIEW_BOX}"></td></tr></table>
      <table style="border-spacing:0"><tr><td style="padding:0"><img id=t6 style="margin:0;display:block;max-width:100%" src="${VIEW_BOX}"></td></tr></table>
      <div style="display:inline-block"><img id=f2 style="margin:0;display:block;width:100%" src="${VIEW_BOX}"></div>`))
      .toEqual(['t1 0x0', 't2 300x150', 't3 300x150', 't5 150x75', 't6 0x0', 'f2 300x150']);
  });
});

describe('SVG images with only a width or only a height, and no viewBox', () => {
  it('have that natural dimension and no ratio: the other is the default object\'s, whatever the given size (as Chromium)', async () => {
    const wide = svg('width="40"');
    const tall = svg('height="20"');
    expect(await sizes(`
      <img id=w1 style="display:block" src="${wide}">
      <img id=w2 style="display:block;width:80px" src="${wide}">
      <img id=h1 style="display:block" src="${tall}">
      <img id=h2 style="display:block;height:40px" src="${tall}">`))
      .toEqual(['w1 40x150', 'w2 80x150', 'h1 300x20', 'h2 300x40']);
  });
});

describe('SVG images with preserveAspectRatio="none"', () => {
  it('have no natural ratio, nor a natural size unless they give both lengths (as Chromium)', async () => {
    // Chromium 156; octavo kept the viewBox's ratio (n1 396x198, n2 80x40, n3 80x40, n4 100x50, n5 50x25, n7 0x0) and n8's width (100x150)
    const stretched = (attributes: string): string => svg(`${attributes} viewBox="0 0 200 100" preserveAspectRatio="none"`);
    expect(await sizes(`
      <img id=n1 style="display:block" src="${stretched('')}">
      <img id=n2 style="display:block;width:80px" src="${stretched('')}">
      <img id=n3 style="display:block;height:40px" src="${stretched('')}">
      <img id=n4 style="display:block" src="${stretched('width="100"')}">
      <img id=n5 style="display:block;width:50px" src="${stretched('height="40"')}">
      <img id=n6 style="display:block" src="${stretched('width="100" height="50"')}">
      <div style="float:left"><img id=n7 src="${stretched('')}"></div><br style="clear:both">
      <img id=n8 style="display:block" src="${svg('width="100" preserveAspectRatio="none"')}">`))
      .toEqual(['n1 300x150', 'n2 80x150', 'n3 300x40', 'n4 300x150', 'n5 50x150', 'n6 100x50', 'n7 300x150', 'n8 300x150']);
  });

  it('keep the viewBox ratio written inline', async () => {
    const doc = await layoutHtml('<style>body { margin: 0; width: 400px }</style><svg id=i1 style="display:block;width:80px" viewBox="0 0 200 100" preserveAspectRatio="none"></svg>');
    const f = findById(doc.pages[0]!, 'i1')!;
    expect([f.width, f.height]).toEqual([80, 40]);
  });
});

describe('an SVG image with a natural size and no viewBox', () => {
  // 8 × 4 user units: the left half red, the right half blue.
  const HALVES = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="4" height="4" fill="red"/><rect x="4" width="4" height="4" fill="blue"/></svg>')}`;
  const page = (style: string): Promise<string[]> =>
    renderPage(`<style>@page { size: 8px 8px; margin: 0 } body { margin: 0 } img { display: block; width: 8px; height: 8px; ${style} }</style><img src="${HALVES}">`);

  it('is stretched into its box by object-fit: fill, as a picture of that size', async () => {
    expect(await page('')).toEqual(Array(8).fill('RRRRBBBB'));
  });

  it('is scaled whole by object-fit: contain (letterboxed) and cover (cropped)', async () => {
    expect(await page('object-fit: contain')).toEqual(['________', '________', 'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', 'RRRRBBBB', '________', '________']);
    // 4px wide: the picture is 16 × 8 and shows its left quarter, all red
    expect(await page('width: 4px; object-fit: cover; object-position: left')).toEqual(Array(8).fill('RRRR____'));
  });

  it('an inline <svg> keeps its user units (not scaled to its CSS size)', async () => {
    const rows = await renderPage(`<style>@page { size: 8px 8px; margin: 0 } body { margin: 0 } svg { display: block; width: 8px; height: 8px }</style>
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="4" height="4" fill="red"/><rect x="4" width="4" height="4" fill="blue"/></svg>`);
    expect(rows).toEqual([...Array(4).fill('RRRRBBBB'), ...Array(4).fill('________')]);
  });
});
