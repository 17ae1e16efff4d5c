/**
 * Images sized in percentages inside shrink-to-fit containers (CSS Sizing 3 §5.2.1 cyclic
 * percentages): the percentage behaves as `auto` for the max-content contribution and resolves
 * against zero for the min-content one (§5.2.2), then against the container's final width. Every
 * expected box is the one Chromium 156 prints for the same HTML (a 600 × 200 image).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"/>')}`;

async function boxes(body: string, ...ids: string[]): Promise<string[]> {
  return boxesOf('', body, ids);
}

/** `doctype`: '<!doctype html>' for standards mode (the others are in quirks mode). */
async function boxesOf(doctype: string, body: string, ids: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(`${doctype}<style>@page { size: 800px 400px; margin: 0 } body { margin: 0 } img { display: block }</style>${body.replaceAll('LOGO', logo)}`);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    const r = (n: number): number => Math.round(n * 100) / 100;
    return `${r(f.x)},${r(f.y)} ${r(f.width)}x${r(f.height)}`;
  });
}

describe('percentage-sized images in shrink-to-fit containers', () => {
  it('gives a table cell the logo at width:100%; max-width:300px (not a 1 px sliver)', async () => {
    expect(await boxes('<table><tr><td id=c><img id=i style="width:100%; max-width:300px" src="LOGO"></td><td>Invoice</td></tr></table>', 'c', 'i'))
      .toEqual(['2,2 302x102', '3,3 300x100']);
  });

  it('sizes the column to the natural width for width:100% or 50%, resolved against the cell', async () => {
    expect(await boxes('<table><tr><td id=c><img id=i style="width:100%" src="LOGO"></td><td>Invoice</td></tr></table>', 'c', 'i'))
      .toEqual(['2,2 602x202', '3,3 600x200']);
    expect(await boxes('<table><tr><td id=c><img id=i style="width:50%" src="LOGO"></td><td>Invoice</td></tr></table>', 'c', 'i'))
      .toEqual(['2,2 602x102', '3,3 300x100']);
  });

  it('lets the image shrink with its column when the table is squeezed (min-content contribution 0)', async () => {
    expect(await boxes('<div style="width:200px"><table><tr><td id=c><img id=i style="width:100%; max-width:300px" src="LOGO"></td><td style="width:120px">Invoice</td></tr></table></div>', 'c', 'i'))
      .toEqual(['2,2 72x25.33', '3,3 70x23.33']);
  });

  it('keeps a rem-sized image under max-width:100% in an absolutely positioned inline-block (Tailwind preflight)', async () => {
    expect(await boxes('<div style="position:absolute;top:0;left:0"><div id=b style="display:inline-block"><img id=i style="width:12rem;max-width:100%" src="LOGO"></div></div>', 'b', 'i'))
      .toEqual(['0,0 192x64', '0,0 192x64']);
  });

  it('sizes floats and inline-blocks to the natural width, then resolves the percentage', async () => {
    expect(await boxes('<div id=f style="float:left"><img id=i style="width:50%" src="LOGO"></div>', 'f', 'i')).toEqual(['0,0 600x100', '0,0 300x100']);
    expect(await boxes('<div id=f style="float:left"><img id=i style="width:50%;min-width:400px" src="LOGO"></div>', 'f', 'i')).toEqual(['0,0 600x133.33', '0,0 400x133.33']);
    expect(await boxes('<div id=b style="display:inline-block"><img id=i style="max-width:100%" src="LOGO"></div>', 'b', 'i')).toEqual(['0,0 600x200', '0,0 600x200']);
    expect(await boxes('<div id=b style="display:inline-block"><img id=i style="width:100%;max-width:300px" src="LOGO"></div>', 'b', 'i')).toEqual(['0,0 300x100', '0,0 300x100']);
  });

  it('gives an inline-block its max-content width inside a shrink-to-fit box (one line, not wrapped)', async () => {
    // Chromium: 98.66 wide, one line 18px high (line-height: normal rounded as Blink rounds it)
    expect(await boxes('<div style="position:absolute;top:0;left:0"><span id=s style="display:inline-block">hello world foo</span></div>', 's'))
      .toEqual(['0,0 98.65x18']);
  });
});

describe('percentage heights of images and inline-blocks in a line', () => {
  it('resolve against a block of fixed height: a logo at height:100% in a 60px header (Chromium 156)', async () => {
    // octavo drew the logo at its natural 600 × 200: the line did not know its block's height
    const inline = '<style>img { display: inline }</style>';
    expect(await boxes(`${inline}<div style="height:60px"><img id=a src="LOGO" style="height:100%"></div>
      <div style="height:40px;padding:5px;box-sizing:border-box"><img id=b src="LOGO" style="max-height:100%"></div>
      <div style="height:50px"><span id=c style="display:inline-block;width:10px;height:50%"></span><img id=d src="LOGO" style="width:10%;height:20%"></div>
      <div style="height:50px"><p style="margin:0"><img id=e src="LOGO" style="height:100%"></p></div>`, 'a', 'b', 'c', 'd', 'e'))
      // no doctype: in quirks mode #e's percentage resolves through the auto-height <p> (Quirks Mode §3.5)
      .toEqual(['0,0 180x60', '5,65 90x30', '0,100 10x25', '10,115 80x10', '0,150 150x50']);
  });

  it('resolve against the height a table cell sets, though the cell is laid out with an auto height', async () => {
    // the column is as wide as the image drawn 60px tall (it was 600px, the natural width); these
    // documents have no doctype: in quirks mode the inline-block's line has no strut
    expect(await boxes('<style>body { font: 16px/20px "Liberation Sans" } img { display: inline } td { padding: 0 }</style><table><tr><td id=c style="height:60px"><img id=a src="LOGO" style="height:100%"></td></tr></table>'
      + '<table><tr><td style="height:60px;padding:5px"><span id=b style="display:inline-block;width:10px;height:50%"></span></td></tr></table>', 'c', 'a', 'b'))
      .toEqual(['2,2 180x60', '2,2 180x60', '7,81 10x30']);
  });

  it('resolve past an anonymous block against its element: a logo beside a block caption (CSS2 §9.2.1.1)', async () => {
    expect(await boxes('<style>img { display: inline } p { margin: 0 }</style><div style="height:60px;padding:5px"><img id=a src="LOGO" style="height:100%"><p>caption</p></div>', 'a'))
      .toEqual(['5,5 180x60']);
  });

  describe('in standards mode, against a height definite from outside the block', () => {
    const standards = (body: string, ...ids: string[]): Promise<string[]> => boxesOf('<!doctype html>', `<style>img { display: inline }</style>${body}`, ids);

    it('a percentage of a fixed height (a chain), not through a block of auto height', async () => {
      // octavo drew #a at its natural 600 × 200: the line knew only its own block's style
      expect(await standards(`<div style="height:100px"><div style="height:60%"><img id=a src="LOGO" style="height:100%"></div></div>
        <div style="height:50px"><p style="margin:0"><img id=b src="LOGO" style="height:100%"></p></div>`, 'a', 'b'))
        .toEqual(['0,0 180x60', '0,100 600x200']);
    });

    it('a flex item stretched to a header of fixed height, which is as wide as the logo drawn in it', async () => {
      // octavo drew the logo at its natural size in an item 600 wide (Chromium's boxes, all of them)
      expect(await standards(`<header style="display:flex;height:60px"><a id=a href="#"><img id=b src="LOGO" style="height:100%"></a><span id=c>Acme</span></header>
        <div style="display:flex;height:60px;padding:5px 0"><div id=d style="padding:5px;margin:5px 0"><img id=e src="LOGO" style="max-height:100%"></div></div>
        <div style="display:flex;height:80px;align-items:center"><div id=f style="height:100%"><img id=g src="LOGO" style="height:50%"></div><div id=h><img id=i src="LOGO" style="height:10%"></div></div>`, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'))
        .toEqual(['0,0 180x60', '0,0 180x60', '180,0 38.2x60', '0,70 130x50', '5,75 120x40', '0,130 120x80', '0,130 120x40', '120,68 600x204', '120,68 600x200']);
    });

    it('a grid item stretched in a row of fixed size, whose auto column is as wide as the logo drawn in it', async () => {
      // octavo: the column 600 wide (the natural width)
      expect(await standards('<div style="display:grid;grid-template-columns:auto 1fr;grid-template-rows:60px;column-gap:4px"><div id=a><img id=b src="LOGO" style="height:100%"></div><div>x</div></div>', 'a', 'b'))
        .toEqual(['0,0 180x60', '0,0 180x60']);
    });
  });
});
