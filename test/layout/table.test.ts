import { describe, expect, it } from 'vitest';
import type { Fragment, PageLayout } from '../../src/layout/types.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const BASE = '@page { size: 600px 400px; margin: 0 } body { margin: 0 } table { border-spacing: 0 } td, th { padding: 0 } .w { height: 10px }';

/** Content of a fixed width (no text, so numbers do not depend on fonts). */
const w = (px: number, h = 10): string => `<div class=w style="width:${px}px;height:${h}px"></div>`;

async function pages(body: string, css = ''): Promise<readonly PageLayout[]> {
  return (await layoutHtml(`<style>${BASE} ${css}</style>${body}`)).pages;
}

function box(page: PageLayout, id: string): string {
  const f = findById(page, id);
  if (f === undefined) throw new Error(`#${id} not laid out`);
  const r = (n: number): number => Math.round(n * 100) / 100;
  return `${r(f.x)},${r(f.y)} ${r(f.width)}x${r(f.height)}`;
}

async function geometry(body: string, ids: readonly string[], css = ''): Promise<string[]> {
  const [page] = await pages(body, css);
  return ids.map((id) => box(page!, id));
}

/** The y of each child of a cell's content (to see vertical alignment). */
function contentY(page: PageLayout, id: string): number {
  const f = findById(page, id);
  if (f === undefined || f.kind !== 'box') throw new Error(`#${id} not laid out`);
  const child = f.children[0] as Fragment;
  return child.y;
}

describe('table boxes (CSS2 §17.2.1)', () => {
  it('lays cells side by side in rows', async () => {
    expect(await geometry(`<table id=t><tr><td id=a>${w(50)}</td><td id=b>${w(70)}</td></tr><tr><td id=c>${w(20, 30)}</td><td>${w(1)}</td></tr></table>`, ['t', 'a', 'b', 'c']))
      .toEqual(['0,0 120x40', '0,0 50x10', '50,0 70x10', '0,10 50x30']);
  });

  it('gives a stray table-cell its anonymous row and table', async () => {
    expect(await geometry(`<div><span id=a style="display:table-cell">${w(40)}</span> <span id=b style="display:table-cell">${w(30)}</span></div><div id=p>${w(5)}</div>`, ['a', 'b', 'p']))
      .toEqual(['0,0 40x10', '40,0 30x10', '0,10 600x10']);
  });

  it('builds a ::before/::after with a table-internal display as a table part, as an element', async () => {
    // the hanging number of `li::before { display: table-cell }` beside a `display: table-cell`
    // content: one anonymous table, one row of two cells (Chromium); a block before
    const hanging = 'ol { list-style: none; padding: 0 } li::before { content: ""; display: table-cell; width: 40px; height: 10px }';
    expect(await geometry(`<ol style="margin:0"><li><span id=a style="display:table-cell">${w(30)}</span></li><li><span id=b style="display:table-cell">${w(30)}</span></li></ol>`, ['a', 'b'], hanging))
      .toEqual(['40,0 30x10', '40,10 30x10']);
    // a caption (caption-side: top) ::after goes above the table's rows, a header group ::after before them
    const parts = '.c::after { content: ""; display: table-caption; height: 12px } .h::after { content: "x"; display: table-header-group; line-height: 7px; font-size: 5px }';
    expect(await geometry(`<div class=c style="display:table"><div style="display:table-cell" id=c>${w(20)}</div></div><div class=h style="display:table"><div style="display:table-row"><div style="display:table-cell" id=h>${w(20)}</div></div></div>`, ['c', 'h'], parts))
      .toEqual(['0,12 20x10', '0,29 20x10']);
  });

  it('wraps a block directly in a row in an anonymous cell', async () => {
    // (in HTML's <tr> the parser moves a <div> before the table: test/layout/table-implied-parts.test.ts)
    const [page] = await pages(`<div style="display:table"><div style="display:table-row"><div style="display:table-cell">${w(40)}</div><div id=d>${w(30)}</div></div></div>`);
    expect(box(page!, 'd')).toBe('40,0 30x10');
  });

  it('places the header group first and the footer group last, whatever the source order', async () => {
    expect(await geometry(`<table><tfoot><tr><td id=f>${w(10)}</td></tr></tfoot><tbody><tr><td id=b>${w(10)}</td></tr></tbody><thead><tr><td id=h>${w(10)}</td></tr></thead></table>`, ['h', 'b', 'f']))
      .toEqual(['0,0 10x10', '0,10 10x10', '0,20 10x10']);
  });

  it('puts captions above or below the table, as wide as it', async () => {
    expect(await geometry(`<table id=t><caption id=c1>${w(10)}</caption><caption id=c2 style="caption-side:bottom">${w(10)}</caption><tr><td>${w(80)}</td></tr></table>`, ['t', 'c1', 'c2']))
      .toEqual(['0,0 80x30', '0,0 80x10', '0,20 80x10']);
  });
});

describe('tables among other boxes', () => {
  it('lays an inline-table out on the line, its baseline the first row\'s', async () => {
    const [page] = await pages(`<div style="font: 10px/10px monospace">ab<table id=t style="display:inline-table"><tr><td>${w(30, 20)}</td></tr></table></div>`);
    const table = findById(page!, 't')!;
    expect([table.x > 0, table.width, table.height]).toEqual([true, 30, 20]);
  });

  it('shrinks a table in a float to its max-content width', async () => {
    expect(await geometry(`<div style="float:left"><table id=t><tr><td>${w(70)}</td><td>${w(30)}</td></tr></table></div>`, ['t'])).toEqual(['0,0 100x10']);
  });

  it('centres a table with auto margins (HTML align=center)', async () => {
    expect(await geometry(`<table id=t align=center><tr><td>${w(100)}</td></tr></table>`, ['t'])).toEqual(['250,0 100x10']);
  });
});

describe('spans (HTML §4.9.12)', () => {
  it('places cells after those spanning down from earlier rows', async () => {
    expect(await geometry(`<table><tr><td rowspan=2 id=a>${w(30)}</td><td id=b>${w(20)}</td></tr><tr><td id=c>${w(20)}</td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['0,0 30x20', '30,0 20x10', '30,10 20x10']);
  });

  it('spreads what a spanning cell needs over its rows in proportion to their heights, as Chromium 156', async () => {
    expect(await geometry(`<table><tr><td rowspan=2 id=a>${w(30, 50)}</td><td id=b>${w(20)}</td></tr><tr><td id=c>${w(20)}</td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['0,0 30x50', '30,0 20x25', '30,25 20x25']);
    // 200px beside rows of 20, 40 and 10px: 57.14, 114.29, 28.57 (Chromium: 57.14, 114.28, 28.58, in 64ths)
    expect(await geometry(`<table><tr><td rowspan=3 id=a>${w(10, 200)}</td><td id=b>${w(10, 20)}</td></tr><tr><td id=c>${w(10, 40)}</td></tr><tr><td id=d>${w(10)}</td></tr></table>`, ['b', 'c', 'd']))
      .toEqual(['10,0 10x57.14', '10,57.14 10x114.29', '10,171.43 10x28.57']);
    // empty rows: the last takes it all; spacing between the rows is kept
    expect(await geometry(`<table><tr><td rowspan=2 id=a>${w(10, 100)}</td><td id=f></td></tr><tr><td id=g></td></tr></table>`, ['f', 'g'])).toEqual(['10,0 0x0', '10,0 0x100']);
    expect(await geometry(`<table style="border-spacing: 0 10px"><tr><td rowspan=2>${w(10, 100)}</td><td id=i>${w(10)}</td></tr><tr><td id=j>${w(10, 30)}</td></tr></table>`, ['i', 'j']))
      .toEqual(['10,10 10x22.5', '10,42.5 10x67.5']);
  });

  it('ends rowspan=0 and spans past the last row with their group', async () => {
    expect(await geometry(`<table><tbody><tr><td rowspan=0 id=a>${w(30)}</td><td>${w(20)}</td></tr><tr><td>${w(20)}</td></tr></tbody><tbody><tr><td id=c rowspan=5>${w(20)}</td></tr></tbody></table>`, ['a', 'c']))
      .toEqual(['0,0 30x20', '0,20 30x10']);
  });

  it('spreads a spanning cell\'s width over its columns in proportion to their widths', async () => {
    expect(await geometry(`<table><tr><td colspan=2 id=s>${w(300)}</td></tr><tr><td id=a>${w(50)}</td><td id=b>${w(100)}</td></tr></table>`, ['s', 'a', 'b']))
      .toEqual(['0,0 300x10', '0,10 100x10', '100,10 200x10']);
  });

  it('takes <col span> and <colgroup span> into account for column counts and widths', async () => {
    expect(await geometry(`<table><colgroup span=2 style="width:40px"></colgroup><col style="width:60px"><tr><td id=a>${w(1)}</td><td id=b>${w(1)}</td><td id=c>${w(1)}</td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['0,0 40x10', '40,0 40x10', '80,0 60x10']);
  });
});

describe('column widths, table-layout: auto (CSS Tables 3 §3.9)', () => {
  it('is as wide as its max-content when that fits', async () => {
    expect(await geometry(`<table id=t><tr><td>${w(100)}</td><td>${w(150)}</td></tr></table>`, ['t'])).toEqual(['0,0 250x10']);
  });

  it('keeps a column with a width at that width at most, its other cells\' max-content left out (as Blink\'s Column::Encompass)', async () => {
    const i = '<i></i>';
    const long = Array.from({ length: 7 }, () => i).join(' ');
    const css = 'body { font: 16px "Liberation Sans" } i { display: inline-block; width: 50px; height: 10px }';
    // Chromium 156 (getBoundingClientRect, quirks mode as here: lines of inline-blocks only are 10px): two 300px columns in 400px share it evenly; 100px columns stay 100px, the long
    // cell wrapping, whether the cell with the width comes first or last; a 60px <col> holds three blocks to one per line
    expect(await geometry(`<div style="width:400px"><table id=t1><tr><td id=a1 style="width:300px">${i}</td><td id=b1 style="width:300px">${i}</td></tr><tr><td>${i}</td><td>${long}</td></tr></table>`
      + `<table id=t2><tr><td id=a2>${i}</td><td id=b2>${long}</td></tr><tr><td style="width:100px">${i}</td><td style="width:100px">${i}</td></tr></table>`
      + `<table id=t3><colgroup><col style="width:60px"><col></colgroup><tr><td id=a3>${i} ${i} ${i}</td><td id=b3>${i}</td></tr></table></div>`,
    ['t1', 'a1', 'b1', 't2', 'a2', 'b2', 't3', 'a3', 'b3'], css)).toEqual(['0,0 400x56', '0,0 200x10', '200,0 200x10', '0,56 200x80', '0,56 100x70', '100,56 100x70',
      '0,136 110x30', '0,136 60x30', '60,136 50x30']);
  });

  it('spreads a wider table width over auto columns in proportion to their max-content', async () => {
    expect(await geometry(`<table style="width:300px"><tr><td id=a>${w(50)}</td><td id=b>${w(100)}</td></tr></table>`, ['a', 'b']))
      .toEqual(['0,0 100x10', '100,0 200x10']);
  });

  it('honours a percentage column and gives the rest to the others', async () => {
    expect(await geometry(`<table style="width:400px"><tr><td id=a style="width:25%">${w(10)}</td><td id=b>${w(10)}</td></tr></table>`, ['a', 'b']))
      .toEqual(['0,0 100x10', '100,0 300x10']);
  });

  it('honours fixed widths before auto columns grow', async () => {
    expect(await geometry(`<table style="width:300px"><tr><td id=a style="width:50px">${w(10)}</td><td id=b>${w(10)}</td></tr></table>`, ['a', 'b']))
      .toEqual(['0,0 50x10', '50,0 250x10']);
  });

  it('never goes below the min-content of its cells, whatever its width', async () => {
    expect(await geometry(`<table id=t style="width:100px"><tr><td>${w(80)}</td><td>${w(60)}</td></tr></table>`, ['t'])).toEqual(['0,0 140x10']);
  });

  it('interpolates between min-content and max-content when the room is between them', async () => {
    const text = (n: number): string => `<span style="display:inline-block;width:10px;height:10px"></span> `.repeat(n);
    // min-content 10 and 10, max-content 200 and 100: 160px is halfway from 20 to 300, so each column gets min + (max - min) / 2
    expect(await geometry(`<div style="width:160px"><table id=t><tr><td id=a style="font-size:0">${text(20)}</td><td id=b style="font-size:0">${text(10)}</td></tr></table></div>`, ['t', 'a', 'b']))
      .toEqual(['0,0 160x20', '0,0 105x20', '105,0 55x20']);
  });

  it('adds border-spacing around and between the columns, and padding and border to the cells', async () => {
    expect(await geometry(`<table id=t style="border-spacing:10px 5px;border:2px solid"><tr><td id=a style="padding:3px;border:1px solid">${w(50)}</td><td id=b>${w(20)}</td></tr></table>`, ['t', 'a', 'b']))
      .toEqual(['0,0 112x32', '12,7 58x18', '80,7 20x18']);
  });

  it('starts the columns of a right-to-left table inside its right border and padding (Chromium 156 geometry)', async () => {
    // they were mirrored from the left border and padding: 8px left of Chromium's here
    expect(await geometry(`<table id=t dir=rtl style="border-left:10px solid;border-right:2px solid;padding-left:4px"><tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr></table>`, ['t', 'a', 'b']))
      .toEqual(['0,0 116x10', '64,0 50x10', '14,0 50x10']);
  });

  it('computes border-spacing in whole px as Chromium 156 does: 0.01px added, then truncated; 0 beyond 32767px or below 0', async () => {
    // 3mm 2.5mm (11.34px 9.45px) is 11px 9px, so the second column starts at 11 + 75 + 11 and no row drifts by 0.45px
    const fixed = 'td { width: 75px; height: 37px }';
    expect(await geometry('<table id=t style="border-spacing: 3mm 2.5mm"><tr><td id=a></td><td id=b></td></tr><tr><td id=c></td><td></td></tr></table>', ['t', 'a', 'b', 'c'], fixed))
      .toEqual(['0,0 183x101', '11,9 75x37', '97,9 75x37', '11,55 75x37']);
    // 4.7px is 4px, 0.6em at 16px (9.6px) is 9px
    expect(await geometry('<table id=t style="border-spacing: 4.7px 0.6em"><tr><td id=a></td><td id=b></td></tr></table>', ['t', 'b'], fixed))
      .toEqual(['0,0 162x55', '83,9 75x37']);
    // 1.99px is 2px; calc(-3px) is clamped to 0; 40000px is more than Blink holds: 0; 0.5em at 15px is 7px
    const cells = 'td { width: 20px; height: 10px }';
    expect(await geometry('<table id=t style="border-spacing: 1.99px calc(-3px)"><tr><td id=a></td><td id=b></td></tr><tr><td id=c></td></tr></table>', ['t', 'b', 'c'], cells))
      .toEqual(['0,0 46x20', '24,0 20x10', '2,10 20x10']);
    expect(await geometry('<table id=t style="border-spacing: 40000px 0.5em; font-size: 15px"><tr><td id=a></td><td id=b></td></tr><tr><td id=c></td></tr></table>', ['t', 'b', 'c'], cells))
      .toEqual(['0,0 40x41', '20,7 20x10', '0,24 20x10']);
  });

  it('applies HTML attributes: width, cellspacing, cellpadding, border', async () => {
    const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } body { margin: 0 }</style><table id=t width=200 cellspacing=4 cellpadding=2 border=1><tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr></table>`);
    expect(['t', 'a'].map((id) => box(doc.pages[0]!, id))).toEqual(['0,0 200x26', '5,5 93x16']);
  });
});

describe('percentage columns (Chromium 156 geometry)', () => {
  it('widen a table to what their share needs, but not a table inside a cell', async () => {
    expect(await geometry(`<table id=o><tr><td><table id=i style="width:100%"><tr><td id=a style="width:50%">${w(50)}</td><td id=b style="width:50%">${w(30)}</td></tr></table></td></tr></table>
      <div style="float:left"><table id=f><tr><td id=c style="width:75%">${w(15)}</td><td id=d style="width:50%">${w(5)}</td></tr></table></div>`, ['o', 'i', 'a', 'b', 'f', 'c', 'd']))
      // the float's table: 75 % needs 20px for 15px, and the 50 % column gets the 25 % left, 20px for 5px
      .toEqual(['0,0 80x10', '0,0 80x10', '0,0 50x10', '50,0 30x10', '0,10 20x10', '0,10 15x10', '15,10 5x10']);
  });

  it('size a table whose columns are all percentages of 100 % (no 0/0 width)', async () => {
    expect(await geometry(`<table id=o width=600><tr><td><table id=i width="100%"><tr><td id=a width="50%">${w(10)}</td><td id=b width="50%">${w(10)}</td></tr></table></td></tr></table>
      <div style="float:left"><table id=f><tr><td id=c style="width:40%">${w(10)}</td><td id=d style="width:60%">${w(30)}</td></tr></table></div>`, ['i', 'a', 'b', 'f', 'c', 'd']))
      .toEqual(['0,0 600x10', '0,0 300x10', '300,0 300x10', '0,10 50x10', '0,10 20x10', '20,10 30x10']);
  });
});

describe('a cell\'s max-width (Chromium 156 geometry)', () => {
  it('caps the cell\'s min-content and max-content widths: the column takes its share of the rest', async () => {
    const table = (id: string, cell: string): string => `<table id=${id} style="width:600px"><tr><td>${w(30)}</td><td id=${id}2 ${cell}</td><td>${w(25)}</td></tr></table>`;
    // 30 + 160 + 25 of max-content, the 385px left shared by max-content: the cell 446.51px wide
    // after a 83.72px column (Chromium: 446.5 after 83.72); 100px of content: 387.1 after 116.13
    const rounded = (box: string): string => box.replace(/\d+\.\d+/g, (n) => String(Math.round(Number(n) * 100) / 100));
    expect((await geometry(`${table('a', `style="white-space:nowrap;max-width:160px;overflow:hidden">${w(700)}`)}
      ${table('b', `style="max-width:160px">${w(100)} ${w(300)}`)}${table('c', `style="max-width:160px">${w(100)}`)}`, ['a2', 'b2', 'c2'], '.w { display: inline-block }')).map(rounded))
      .toEqual(['83.72,0 446.51x10', '83.72,10 446.51x18', '116.13,28 387.1x10']);
  });
});

describe('column widths, table-layout: fixed (CSS2 §17.5.2.1)', () => {
  it('takes the first row only and shares the rest equally', async () => {
    expect(await geometry(`<table style="table-layout:fixed;width:300px"><tr><td id=a style="width:100px"></td><td id=b></td><td id=c></td></tr><tr><td>${w(250)}</td><td></td><td></td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['0,0 100x0', '100,0 100x0', '200,0 100x0']);
  });

  it('spreads a wider table over columns that all have widths, in proportion', async () => {
    expect(await geometry(`<table style="table-layout:fixed;width:300px"><col style="width:50px"><col style="width:100px"><tr><td id=a></td><td id=b></td></tr></table>`, ['a', 'b']))
      .toEqual(['0,0 100x0', '100,0 200x0']);
  });

  it('resolves percentages against the width the columns share, the border spacing left out (Chromium 156)', async () => {
    // octavo took 60% of the whole 500px: the first column 10px too wide
    expect(await geometry(`<table style="table-layout:fixed;width:500px;border-spacing:4px"><tr><td id=a style="width:60%;padding:4px;border:1px solid"></td><td id=b></td><td id=c></td></tr></table>
      <table style="table-layout:fixed;width:500px;border-spacing:10px"><col style="width:30%"><col><tr><td id=d></td><td id=e></td></tr></table>`, ['a', 'b', 'c', 'd', 'e']))
      // (60% in LayoutUnits: Chromium's #a is 300.390625 wide, #b at 308.390625)
      .toEqual(['4,4 300.39x10', '308.39,4 91.8x10', '404.2,4 91.8x10', '10,28 141x0', '161,28 329x0']);
  });

  it('splits a spanning cell\'s percentage over its columns, its padding and border not added (Chromium 156)', async () => {
    // octavo added them and took the spacing out once: columns 100.4px, 2px wider each than Chromium's 98.4
    expect(await geometry(`<table style="table-layout:fixed;width:500px;border-spacing:2px"><tr><td id=a colspan=2 style="width:40%;padding:2px;border:1px solid"></td><td id=b></td></tr><tr><td id=c></td><td id=d></td><td id=e></td></tr></table>
      <table style="table-layout:fixed;width:500px;border-spacing:2px"><col style="width:30%"><tr><td id=f colspan=2 style="width:80%"></td><td id=g></td></tr><tr><td id=h></td><td id=i></td><td id=j></td></tr></table>`, ['a', 'b', 'c', 'd', 'f', 'h', 'i', 'j']))
      // (Chromium's #f 346.390625 wide, #h 147.59375, #j at 350.390625 and 147.609375: percentages in LayoutUnits)
      .toEqual(['2,2 198.8x6', '202.8,2 295.2x6', '2,10 98.4x0', '102.4,10 98.4x0', '2,14 346.39x0', '2,16 147.59x0', '151.59,16 196.8x0', '350.39,16 147.61x0']);
  });
});

describe('column widths, table-layout: fixed — sharing the width as Chromium 156 does', () => {
  const T = (cells: string, width = '500px', cols = ''): string => `<table style="table-layout:fixed;width:${width};border-spacing:0">${cols}<tr>${cells}</tr></table>`;
  // before: lengths and percentages were one pool, the excess spread over both in proportion, and a table whose columns summed to more than its width grew
  it('gives the columns of a length their width first, the percentages what is left, shrunk to fit (a JupyterLab export\'s 64px prompt beside a 100% cell)', async () => {
    expect(await geometry(`<div style="width:600px">${T('<td id=a style="width:64px;padding:5px"></td><td id=b style="width:100%;padding-left:5px"></td>', '100%')}</div>`, ['a', 'b']))
      .toEqual(['0,0 74x10', '74,0 526x10']);
    expect(await geometry(T('<td id=a style="width:300px"></td><td id=b style="width:60%"></td><td id=c></td>') + T('<td id=d style="width:50%"></td><td id=e style="width:70%"></td>'), ['a', 'b', 'c', 'd', 'e']))
      .toEqual(['0,0 300x0', '300,0 200x0', '500,0 0x0', '0,0 208.33x0', '208.33,0 291.67x0']);
  });

  it('grows the columns of a length over what the percentages leave when no auto column takes it; the table is only as wide as its lengths', async () => {
    expect(await geometry(T('<td id=a style="width:100px"></td><td id=b style="width:20%"></td>') + T('<td id=c style="width:100px"></td><td id=d style="width:20%"></td><td id=e></td>') + T('<td id=f style="width:150px"></td><td id=g style="width:50%"></td>', '100px'), ['a', 'b', 'c', 'd', 'e', 'f', 'g']))
      .toEqual(['0,0 400x0', '400,0 100x0', '0,0 100x0', '100,0 100x0', '200,0 300x0', '0,0 150x0', '150,0 0x0']);
  });

  it('leaves a column of width 0 at 0 unless every column is one', async () => {
    expect(await geometry(T('<td id=a style="width:0"></td><td id=b style="width:100px"></td>') + T('<td id=c style="width:0"></td><td id=d style="width:0"></td>') + T('<td id=e style="width:0"></td><td id=f></td><td id=g style="width:10%"></td>'), ['a', 'b', 'c', 'd', 'e', 'f', 'g']))
      .toEqual(['0,0 0x0', '0,0 500x0', '0,0 250x0', '250,0 250x0', '0,0 0x0', '0,0 450x0', '450,0 50x0']);
  });
});

describe('rows and vertical alignment (CSS2 §17.5.3-4)', () => {
  it('stretches every cell to its row and aligns content top, middle, bottom', async () => {
    const [page] = await pages(`<table><tr><td id=t style="vertical-align:top">${w(10)}</td><td id=m style="vertical-align:middle">${w(10)}</td><td id=b style="vertical-align:bottom">${w(10)}</td><td>${w(10, 50)}</td></tr></table>`);
    expect(['t', 'm', 'b'].map((id) => box(page!, id))).toEqual(['0,0 10x50', '10,0 10x50', '20,0 10x50']);
    expect(['t', 'm', 'b'].map((id) => contentY(page!, id))).toEqual([0, 20, 40]);
  });

  it('aligns the content of a cell with a height of its own: the height is the row\'s minimum, not the content\'s (Chromium 156)', async () => {
    const [page] = await pages(`<table><tr><th id=b style="height:50px;vertical-align:bottom">${w(10)}</th><td id=m style="height:40px;vertical-align:middle">${w(10)}</td><td id=t style="height:50px;box-sizing:border-box;padding:5px;vertical-align:top">${w(10)}</td></tr></table>`);
    expect(['b', 'm', 't'].map((id) => box(page!, id))).toEqual(['0,0 10x50', '10,0 10x50', '20,0 20x50']);
    expect(['b', 'm', 't'].map((id) => contentY(page!, id))).toEqual([40, 20, 5]);
  });

  it('leaves the content of a cell as tall as its row where it is, whatever the row\'s y', async () => {
    // rows 25.2 tall: (y + 25.2) - y is not 25.2 in floating point for most y, and the cell's
    // slot was computed that way, so its content moved by ~1e-14 (a copy of every line)
    const rows = Array.from({ length: 12 }, (_, i) => `<tr><td id=c${i} style="vertical-align:middle">${w(10, 25.2)}</td></tr>`).join('');
    const [page] = await pages(`<table>${rows}</table>`);
    const ids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    expect(ids.map((id) => contentY(page!, id) - findById(page!, id)!.y)).toEqual(ids.map(() => 0));
    expect(ids.map((id) => findById(page!, id)!.height)).toEqual(ids.map(() => 25.2));
  });

  it('lines up the first baselines of baseline-aligned cells', async () => {
    const [page] = await pages(`<table style="font: 10px/10px monospace"><tr style="vertical-align:baseline"><td id=a>x</td><td id=b style="padding-top:15px">y</td></tr></table>`);
    expect(box(page!, 'a')).toMatch(/^0,0 6(\.\d+)?x25$/);
    expect(contentY(page!, 'a')).toBe(15);
    expect(contentY(page!, 'b')).toBe(15);
  });

  it('gives the extra height of a taller table to its body rows in proportion', async () => {
    expect(await geometry(`<table id=t style="height:100px"><thead><tr><td id=h>${w(10)}</td></tr></thead><tr><td id=a>${w(10, 20)}</td></tr><tr><td id=b>${w(10, 40)}</td></tr></table>`, ['t', 'h', 'a', 'b']))
      .toEqual(['0,0 10x100', '0,0 10x10', '0,10 10x30', '0,40 10x60']);
  });

  it('honours row height and cell height as minimums', async () => {
    expect(await geometry(`<table><tr id=r style="height:30px"><td id=a>${w(10)}</td></tr><tr><td id=b style="height:25px">${w(10)}</td></tr></table>`, ['a', 'b']))
      .toEqual(['0,0 10x30', '0,30 10x25']);
  });

  it('grows a cell past its height to its content, whose row follows it (CSS2 §17.5.3)', async () => {
    expect(await geometry(`<table><tr><td id=a style="height:5px">${w(10, 30)}</td><td id=b>${w(10)}</td></tr><tr><td id=c>${w(10)}</td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['0,0 10x30', '10,0 10x30', '0,30 10x10']);
  });
});

describe('collapsing borders (CSS2 §17.6.2)', () => {
  it('centres collapsed borders on the grid lines, half inside the table', async () => {
    const [page] = await pages(`<table id=t style="border-collapse:collapse;border:4px solid"><tr><td id=a style="border:2px solid">${w(50)}</td><td id=b style="border:2px solid">${w(50)}</td></tr></table>`);
    // the table's 4px border wins on the outside (2px inside the cells), the cells' 2px between them (1px each)
    expect(['t', 'a', 'b'].map((id) => box(page!, id))).toEqual(['0,0 110x18', '2,2 53x14', '55,2 53x14']);
    const table = findTable(page!);
    expect(table.border).toEqual({ top: 2, right: 2, bottom: 2, left: 2 });
  });

  it('sizes rows with the snapped border width: 0.5pt rules are 1px, half on each side of the grid line, as in Chromium', async () => {
    // Chromium 156 prints such rows 28px tall (15px line, 12px padding, two half borders of 1px);
    // with 0.667px rules they were 27.67px and a page held a row more than Chromium's.
    const css = 'table { border-collapse: collapse } td { padding: 6px; border: 0.5pt solid; line-height: 15px } .w { height: 15px }';
    expect(await geometry(`<table><tr><td id=a>${w(10, 15)}</td></tr><tr><td id=b>${w(10, 15)}</td></tr></table>`, ['a', 'b'], css)).toEqual(['0.5,0.5 23x28', '0.5,28.5 23x28']);
  });

  it('resolves conflicts: wider wins, then the style order, then the cell over the table', async () => {
    const [page] = await pages(`<table style="border-collapse:collapse;border:1px solid red"><tr><td style="border:3px dotted blue">${w(10)}</td><td style="border:3px double green">${w(10)}</td></tr></table>`);
    const segments = findTable(page!).collapsedBorders!;
    const verticals = segments.filter((s) => s.vertical).sort((a, b) => a.x - b.x);
    expect(verticals.map((s) => [s.style, s.width])).toEqual([['dotted', 3], ['double', 3], ['double', 3]]);
  });

  it('takes the table\'s sides from the widest border at each side over all rows, as Chromium 156 does', async () => {
    // a header row without borders over cells with 4px ones: Chromium keeps the cells' borders inside the table, the
    // header cell 2px in too (CSS2 §17.6.2 takes the first row's sides: 0, and the body cells' borders stuck out 2px)
    const collapse = 'border-collapse:collapse';
    expect(await geometry(`<table id=t style="${collapse};width:600px;table-layout:fixed"><tr><th id=h>${w(20)}</th><th>${w(20)}</th></tr>`
      + `<tr><td id=a style="border:4px solid">${w(20)}</td><td id=b style="border:4px solid">${w(20)}</td></tr></table>`, ['t', 'h', 'a', 'b']))
      .toEqual(['0,0 600x28', '2,0 298x12', '2,12 298x14', '300,12 298x14']);
    // a cell's 12px right border in the second row outweighs the table's 8px one: the right side is 6px
    expect(await geometry(`<table id=t style="${collapse};border:8px solid"><tr><td id=a style="border:2px solid">${w(50)}</td><td id=b style="border-left:12px solid">${w(50)}</td></tr>`
      + `<tr><td id=c>${w(50)}</td><td id=d style="border-right:12px solid">${w(50)}</td></tr></table>`, ['t', 'a', 'b', 'c', 'd']))
      .toEqual(['0,0 130x38', '4,4 60x15', '64,4 60x15', '4,19 60x15', '64,19 60x15']);
    // the row groups' borders: the footer's 14px left one and the body's 6px right one make the sides of an auto-width table
    expect(await geometry(`<table id=t style="${collapse}"><thead style="border-left:10px solid"><tr><td id=a>${w(50)}</td><td>${w(50)}</td></tr></thead>`
      + `<tbody style="border-right:6px solid"><tr><td id=b>${w(50)}</td><td id=c>${w(50)}</td></tr></tbody><tfoot style="border-left:14px solid"><tr><td id=d>${w(50)}</td><td>${w(50)}</td></tr></tfoot></table>`, ['t', 'a', 'b', 'c', 'd']))
      .toEqual(['0,0 120x30', '7,0 57x10', '7,10 57x10', '64,10 53x10', '7,20 57x10']);
  });

  it('takes a right-to-left table\'s start side from the cells\' right borders, as Chromium 156 does', async () => {
    // the 10px right border of the second row's first cell is the table's right side (5px), the 6px left one its left (3px)
    expect(await geometry(`<table id=t style="border-collapse:collapse;direction:rtl"><tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr>`
      + `<tr><td id=c style="border-right:10px solid">${w(50)}</td><td id=d style="border-left:6px solid">${w(50)}</td></tr></table>`, ['t', 'a', 'b', 'c', 'd']))
      .toEqual(['0,0 116x20', '56,0 55x10', '3,0 53x10', '56,10 55x10', '3,10 53x10']);
    // in the separated model the first column starts inside the right border and padding
    expect(await geometry(`<table id=t style="direction:rtl;border-left:20px solid;border-right:4px solid;padding-left:6px;padding-right:2px;border-spacing:3px">`
      + `<tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr></table>`, ['t', 'a', 'b']))
      .toEqual(['0,0 141x16', '82,3 50x10', '29,3 50x10']);
  });

  it('gives a row-spanning cell the widest border on each side over the rows it spans, as Chromium 156 does', async () => {
    const [page] = await pages(`<table id=t style="border-collapse:collapse"><tr><td id=a>${w(50)}</td><td id=s rowspan=2>${w(50)}</td><td>${w(50)}</td></tr>`
      + `<tr><td style="border-right:10px solid">${w(50)}</td><td style="border-left:6px solid">${w(50)}</td></tr></table>`);
    expect(['t', 'a', 's'].map((id) => box(page!, id))).toEqual(['0,0 166x20', '0,0 55x10', '55,0 58x20']);
    const cell = findById(page!, 's');
    expect(cell?.kind === 'box' ? [cell.border.left, cell.border.right] : undefined).toEqual([5, 3]);
  });

  it('lets hidden win over everything and none lose to everything', async () => {
    const [page] = await pages(`<table style="border-collapse:collapse"><tr><td style="border-right:hidden">${w(10)}</td><td style="border:5px solid">${w(10)}</td></tr></table>`);
    const segments = findTable(page!).collapsedBorders!;
    expect(segments.filter((s) => s.vertical).map((s) => Math.round(s.x))).not.toContain(8);
  });

  it('takes each cell\'s border on its own side in a right-to-left table, the first column on the right', async () => {
    // the first cell's border-right and the second's border-left are the table's outer edges, as in
    // Chromium 156; octavo had met them on the line between the cells (the right one lost) and
    // placed the 6px border there
    const cells = `<tr><td id=a style="border-right:6px solid blue">${w(50)}</td><td id=b style="border-left:6px solid red">${w(50)}</td></tr>`;
    const [page] = await pages(`<table id=t dir=rtl style="border-collapse:collapse">${cells}</table>`);
    expect(['t', 'a', 'b'].map((id) => box(page!, id))).toEqual(['0,0 112x10', '56,0 53x10', '3,0 53x10']);
    const table = findTable(page!);
    expect(table.border).toEqual({ top: 0, right: 3, bottom: 0, left: 3 });
    const verticals = table.collapsedBorders!.filter((s) => s.vertical).map((s) => [s.x, s.width, s.color.b > 0 ? 'blue' : 'red']);
    expect(verticals.sort((p, q) => Number(p[0]) - Number(q[0]))).toEqual([[0, 6, 'red'], [106, 6, 'blue']]);
  });

  it('starts the columns of a right-to-left table inside its right border (Chromium 156 geometry)', async () => {
    // the table's border-left is 10px and its border-right 2px: the columns were mirrored from the
    // left border's half, 4px to the right of Chromium's in the collapsing model
    const cells = `<tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr>`;
    const [page] = await pages(`<table id=t dir=rtl style="border-collapse:collapse;border-left:10px solid;border-right:2px solid">${cells}</table>`);
    expect(['t', 'a', 'b'].map((id) => box(page!, id))).toEqual(['0,0 112x10', '60,0 51x10', '5,0 55x10']);
  });

  it('starts a right-to-left table\'s columns inside the collapsed border on its right, a column\'s', async () => {
    // the first column's 8px border-right is the table's right edge, the second's 4px border-left its left one
    const cells = `<tr><td id=a>${w(50)}</td><td id=b>${w(50)}</td></tr>`;
    const cols = '<colgroup><col style="border-right:8px solid"><col style="border-left:4px solid"></colgroup>';
    expect(await geometry(`<table id=t dir=rtl style="border-collapse:collapse">${cols}${cells}</table>`, ['t', 'a', 'b'])).toEqual(['0,0 112x10', '54,0 54x10', '2,0 52x10']);
  });
});

function findTable(page: PageLayout): Extract<Fragment, { kind: 'box' }> {
  const walk = (fragments: readonly Fragment[]): Extract<Fragment, { kind: 'box' }> | undefined => {
    for (const f of fragments) {
      if (f.kind === 'box' && f.box.kind === 'table') return f;
      if (f.kind === 'box' || f.kind === 'line') {
        const found = walk(f.children);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  const table = walk(page.children);
  if (table === undefined) throw new Error('no table');
  return table;
}

describe('tables across pages (CSS Fragmentation 3)', () => {
  // the cells' blocks stand for content that does not break (an empty block's height would be carried over the page end)
  const small = '@page { size: 200px 100px; margin: 0 } body { margin: 0 } table { border-spacing: 0 } td { padding: 0 } .w { break-inside: avoid }';
  const rows = (n: number): string => Array.from({ length: n }, (_, i) => `<tr><td id=r${i}>${w(20, 20)}</td></tr>`).join('');
  /** Per page, each of `ids` laid out there with its box. */
  const at = (doc: { pages: readonly PageLayout[] }, ids: readonly string[]): string[][] => doc.pages.map((page) => ids.filter((id) => findById(page, id) !== undefined).map((id) => `${id} ${box(page, id)}`));

  it('moves a row that does not fit to the next page and repeats the header and footer there', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table><thead><tr><td id=h>${w(20)}</td></tr></thead><tfoot><tr><td id=f>${w(20)}</td></tr></tfoot>${rows(6)}</table>`);
    expect(doc.pages).toHaveLength(2);
    const ids = (page: PageLayout): string[] => ['h', 'r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'f'].filter((id) => findById(page, id) !== undefined);
    expect(ids(doc.pages[0]!)).toEqual(['h', 'r0', 'r1', 'r2', 'r3', 'f']);
    expect(ids(doc.pages[1]!)).toEqual(['h', 'r4', 'r5', 'f']);
    expect(box(doc.pages[0]!, 'f')).toBe('0,90 20x10');
    expect(box(doc.pages[1]!, 'h')).toBe('0,0 20x10');
    expect(box(doc.pages[1]!, 'r4')).toBe('0,10 20x20');
  });

  it('splits a row taller than a page inside its cells, each continuing on the next page', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table><tr><td id=a>${w(20, 20).repeat(7)}</td><td id=b>${w(20, 30)}</td></tr></table>`);
    expect(doc.pages).toHaveLength(2);
    expect(box(doc.pages[0]!, 'a')).toBe('0,0 20x100');
    expect(box(doc.pages[1]!, 'a')).toBe('0,0 20x40');
  });

  it('breaks a row that does not fit the rest of the page where it stands, as Chromium 156 does, however tall it is', async () => {
    const tall = (blocks: number, style = '', other = ''): string => `<tr style="${style}"><td id=t>${w(20, 20).repeat(blocks)}</td>${other}</tr><tr><td id=a>${w(20, 20)}</td></tr>`;
    // a row of 0.8 page after 0.4 page, and one of a whole page after 0.6 page: cut at the page end, not moved
    expect(at(await layoutHtml(`<style>${small}</style><table>${rows(2)}${tall(4)}</table>`), ['t', 'a'])).toEqual([['t 0,40 20x60'], ['t 0,0 20x20', 'a 0,20 20x20']]);
    expect(at(await layoutHtml(`<style>${small}</style><table>${rows(3)}${tall(5)}</table>`), ['t', 'a'])).toEqual([['t 0,60 20x40'], ['t 0,0 20x60', 'a 0,60 20x20']]);
    // below a repeated header, the same
    expect(at(await layoutHtml(`<style>${small}</style><table><thead><tr><td id=h>${w(20, 20)}</td></tr></thead>${rows(1)}${tall(5)}</table>`), ['h', 't', 'a']))
      .toEqual([['h 0,0 20x20', 't 0,40 20x60'], ['h 0,0 20x20', 't 0,20 20x40', 'a 0,60 20x20']]);
    // break-inside: avoid moves it; a 1.2-page row then breaks at the top of the next page
    expect(at(await layoutHtml(`<style>${small}</style><table>${rows(2)}${tall(6, 'break-inside: avoid')}</table>`), ['t', 'a'])).toEqual([[], ['t 0,0 20x100'], ['t 0,0 20x20', 'a 0,20 20x20']]);
    // so does a cell whose content cannot start in the room left (a 70px inline-block with 60px left)
    const image = '<td><div style="display:inline-block;width:20px;height:70px;overflow:hidden"></div></td>';
    expect(at(await layoutHtml(`<style>${small}</style><table>${rows(2)}${tall(4, '', image)}</table>`), ['t', 'a'])).toEqual([[], ['t 0,0 20x80', 'a 0,80 20x20']]);
  });

  it('moves a row one of whose cells avoids breaks inside to the next page whole, as Chromium 156 prints label sheets', async () => {
    const laid = async (table: string): Promise<readonly PageLayout[]> => (await layoutHtml(`<style>${small}</style><table>${table}</table>`)).pages;
    const blocks = (n: number): string => w(20, 20).repeat(n);
    const after = `<tr><td id=a>${w(20, 20)}</td></tr>`;
    // a cell of 0.8 page after 0.4 page: moved, not cut; page-break-inside is the same
    for (const avoid of ['break-inside: avoid', 'page-break-inside: avoid']) {
      expect(at({ pages: await laid(`${rows(2)}<tr><td id=t style="${avoid}">${blocks(4)}</td></tr>${after}`) }, ['t', 'a'])).toEqual([[], ['t 0,0 20x80', 'a 0,80 20x20']]);
    }
    // a short cell that avoids takes its row's tall neighbour along
    expect(at({ pages: await laid(`${rows(2)}<tr><td id=t>${blocks(4)}</td><td id=s style="break-inside: avoid">${blocks(1)}</td></tr>${after}`) }, ['t', 's', 'a']))
      .toEqual([[], ['t 0,0 20x80', 's 20,0 20x80', 'a 0,80 20x20']]);
    // taller than a page, the row moves and then breaks at the top of the next page
    expect(at({ pages: await laid(`${rows(2)}<tr><td id=t style="break-inside: avoid">${blocks(6)}</td></tr>${after}`) }, ['t', 'a']))
      .toEqual([[], ['t 0,0 20x100'], ['t 0,0 20x20', 'a 0,20 20x20']]);
    // in the middle of a row group, the row alone moves
    expect(at({ pages: await laid(`<tbody>${rows(2)}</tbody><tbody><tr><td id=b>${blocks(1)}</td></tr><tr><td id=t style="break-inside: avoid">${blocks(3)}</td></tr></tbody>${after}`) }, ['b', 't', 'a']))
      .toEqual([['b 0,40 20x20'], ['t 0,0 20x60', 'a 0,60 20x20']]);
    // a row-spanning cell that avoids keeps the rows it spans together, even when the rows would fit and the cell would not
    expect(at({ pages: await laid(`${rows(3)}<tr><td id=t rowspan=2 style="break-inside: avoid">${blocks(3)}</td><td id=x>${blocks(1)}</td></tr><tr><td id=y>${blocks(1)}</td></tr>${after}`) }, ['t', 'x', 'y', 'a']))
      .toEqual([[], ['t 0,0 20x60', 'x 20,0 20x30', 'y 20,30 20x30', 'a 0,60 20x20']]);
    expect(at({ pages: await laid(`${rows(4)}<tr><td id=t rowspan=2 style="break-inside: avoid">${blocks(1)}</td><td id=x>${blocks(1)}</td></tr><tr><td id=y>${blocks(1)}</td></tr>${after}`) }, ['t', 'x', 'y', 'a']))
      .toEqual([[], ['t 0,0 20x40', 'x 20,0 20x20', 'y 20,20 20x20', 'a 0,40 20x20']]);
    // so does a row that avoids breaks inside, for the rows its row-spanning cells span (a group label's rowspan)
    expect(at({ pages: await laid(`${rows(4)}<tr style="break-inside: avoid"><td id=t rowspan=2>${blocks(1)}</td><td id=x>${blocks(1)}</td></tr><tr><td id=y>${blocks(1)}</td></tr>${after}`) }, ['t', 'x', 'y', 'a']))
      .toEqual([[], ['t 0,0 20x40', 'x 20,0 20x20', 'y 20,20 20x20', 'a 0,40 20x20']]);
    // a block that avoids breaks inside a cell, first in it, moves the row too (as it did before)
    expect(at({ pages: await laid(`${rows(2)}<tr><td id=t><div style="break-inside: avoid">${blocks(4)}</div></td></tr>${after}`) }, ['t', 'a'])).toEqual([[], ['t 0,0 20x80', 'a 0,80 20x20']]);
  });

  it('starts a middle- or bottom-aligned cell cut at the page end at its top, as Chromium 156 prints it', async () => {
    const block = (id: string): string => `<div id=${id} class=w style="width:20px;height:20px"></div>`;
    for (const align of ['middle', 'bottom']) {
      // a row split at the page end: its short cell's slot reaches the page end and goes on past it
      const split = await layoutHtml(`<style>${small}</style><table>${rows(3)}<tr><td style="vertical-align: ${align}">${block('m')}</td><td id=t>${w(20, 20).repeat(4)}</td></tr></table>`);
      expect(at(split, ['m', 't'])).toEqual([['m 0,60 20x20', 't 20,60 20x40'], ['t 20,0 20x40']]);
      // a row-spanning group label whose rows go on on the next page
      const spanned = await layoutHtml(`<style>${small}</style><table>${rows(4)}<tr><td rowspan=2 style="vertical-align: ${align}">${block('g')}</td><td>${w(20, 20)}</td></tr><tr><td id=y>${w(20, 20)}</td></tr></table>`);
      expect(at(spanned, ['g', 'y'])).toEqual([['g 0,80 20x20'], ['y 20,0 20x20']]);
    }
    // a cell that ends on the page is still aligned in its row
    const whole = await layoutHtml(`<style>${small}</style><table><tr><td style="vertical-align: bottom">${block('b')}</td><td>${w(20, 20).repeat(2)}</td></tr>${rows(4)}</table>`);
    expect(at(whole, ['b'])).toEqual([['b 0,20 20x20'], []]);
  });

  it('keeps a row group together for its own break-inside: avoid only, not for its first row\'s (Chromium 156)', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table><tbody>${rows(3)}</tbody><tbody><tr style="break-inside: avoid"><td id=b0>${w(20, 20)}</td></tr>`
      + `<tr><td id=b1>${w(20, 20)}</td></tr><tr><td id=b2>${w(20, 20)}</td></tr></tbody></table>`);
    expect(at(doc, ['b0', 'b1', 'b2'])).toEqual([['b0 0,60 20x20', 'b1 0,80 20x20'], ['b2 0,0 20x20']]);
  });

  it('breaks the last row of a row-spanning cell that does not fit where it stands, the cell cut at the page end (Chromium 156)', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table>${rows(2)}<tr><td id=s rowspan=2>${w(20, 20).repeat(6)}</td><td>${w(20, 20)}</td></tr>`
      + `<tr><td>${w(20, 20)}</td></tr><tr><td id=z>${w(20, 20)}</td><td>${w(20, 20)}</td></tr></table>`);
    expect(doc.pages.map((page) => ['s', 'z'].filter((id) => findById(page, id) !== undefined).map((id) => `${id} ${box(page, id)}`)))
      .toEqual([['s 0,40 20x60'], ['s 0,0 20x60', 'z 0,60 20x20']]);
  });

  it('moves a table that starts near the bottom whole when its first row does not fit', async () => {
    const doc = await layoutHtml(`<style>${small}</style><div style="height:90px"></div><table id=t><caption id=c>${w(5)}</caption>${rows(1)}</table>`);
    expect(findById(doc.pages[0]!, 'c')).toBeUndefined();
    expect(box(doc.pages[1]!, 'c')).toBe('0,0 20x10');
  });

  it('breaks between rows joined by a row-spanning cell, as Chromium 156 does, the cell going on in the rows it spans', async () => {
    // Chromium prints the spanning cell 20px at the foot of page 1 and 20px at the top of page 2
    const doc = await layoutHtml(`<style>${small}</style><table>${rows(4)}<tr><td id=s rowspan=2>${w(20, 20)}</td><td>${w(5, 20)}</td></tr><tr><td id=after>${w(5, 20)}</td></tr></table>`);
    expect(box(doc.pages[0]!, 's')).toBe('0,80 20x20');
    expect(findById(doc.pages[0]!, 'after')).toBeUndefined();
    expect(box(doc.pages[1]!, 's')).toBe('0,0 20x20');
    expect(box(doc.pages[1]!, 'after')).toBe('20,0 5x20');
  });

  it('cuts a row-spanning cell taller than a page at the break and continues it in the rows it spans there', async () => {
    const other = (id: string): string => `<td id=${id}>${w(5, 20)}</td>`;
    const doc = await layoutHtml(`<style>${small}</style><table><tr><td id=s rowspan=4>${w(20, 20).repeat(7)}</td>${other('r0')}</tr>`
      + `<tr>${other('r1')}</tr><tr>${other('r2')}</tr><tr>${other('r3')}</tr></table>`);
    expect(doc.pages).toHaveLength(2);
    // as Chromium 156 prints it: the cell fills page 1 (its last row, r3, breaks with it) and ends 40px into page 2
    // (Chromium spreads the cell's height over its four rows first, 35px each: r2 breaks, r3 is all on page 2)
    expect(box(doc.pages[0]!, 's')).toBe('0,0 20x100');
    const first = findById(doc.pages[0]!, 's');
    expect(first?.kind === 'box' ? first.children.length : -1).toBe(5);
    expect(box(doc.pages[1]!, 's')).toBe('0,0 20x40');
    const rest = findById(doc.pages[1]!, 's');
    expect(rest?.kind === 'box' ? rest.children.length : -1).toBe(2);
    expect(box(doc.pages[1]!, 'r3')).toBe('20,0 5x40');
  });

  it('shows the empty rest of a row-spanning cell in the rows it still spans on the next page', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table><tr><td id=s rowspan=6 style="background:red">${w(20, 20)}</td><td>${w(5, 20)}</td></tr>`
      + `${Array.from({ length: 5 }, (_, i) => `<tr><td id=r${i + 1}>${w(5, 20)}</td></tr>`).join('')}</table>`);
    expect(doc.pages).toHaveLength(2);
    expect(box(doc.pages[0]!, 's')).toBe('0,0 20x100');
    expect(findById(doc.pages[0]!, 'r5')).toBeUndefined();
    expect(box(doc.pages[1]!, 's')).toBe('0,0 20x20');
    expect(box(doc.pages[1]!, 'r5')).toBe('20,0 5x20');
  });

  it('starts a collapsed table continued without a header with the edge between the rows, not its own top border', async () => {
    const css = 'table { border-collapse: collapse; border: 8px solid blue } td { border: 2px solid red }';
    const doc = await layoutHtml(`<style>${small} ${css}</style><table>${rows(6)}</table>`);
    expect(doc.pages).toHaveLength(2);
    // page 1: the first row starts on the grid line 4px (half the blue border) into the table
    expect(box(doc.pages[0]!, 'r0')).toBe('4,4 28x25');
    const first = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'].find((id) => findById(doc.pages[1]!, id) !== undefined);
    // page 2: 1px (half the red edge between the rows) above the first row, where 4px would be the table's border
    expect(`${first} ${box(doc.pages[1]!, first!)}`).toBe('r4 4,1 28x22');
  });

  it('gives every page of a collapsed table the sides taken over all its rows, as Chromium 156 prints it', async () => {
    // only the last row, on the second page, has a 12px left border: Chromium's grid line is 6px in on both pages
    const css = 'table { border-collapse: collapse; width: 100px } td { border: 2px solid } #r5 { border-left: 12px solid }';
    const doc = await layoutHtml(`<style>${small} ${css}</style><table>${rows(6)}</table>`);
    expect(doc.pages).toHaveLength(2);
    expect(box(doc.pages[0]!, 'r0')).toBe('6,1 93x22');
    // (its top stands 1px lower than Chromium's, which cuts the border between the rows at the break: docs/css.md)
    const r5 = findById(doc.pages[1]!, 'r5');
    expect([r5?.x, r5?.width]).toEqual([6, 93]);
  });

  it('lays a footer group that does not repeat out once, after the last row, on the next page when it does not fit there', async () => {
    const ids = (page: PageLayout): string[] => ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'f'].filter((id) => findById(page, id) !== undefined);
    // the rows take the room a repeated footer would have kept
    const footed = await layoutHtml(`<style>${small}</style><table><tfoot style="break-inside: auto"><tr><td id=f>${w(20, 30)}</td></tr></tfoot>${rows(6)}</table>`);
    expect(footed.pages.map(ids)).toEqual([['r0', 'r1', 'r2', 'r3', 'r4'], ['r5', 'f']]);
    expect(box(footed.pages[1]!, 'f')).toBe('0,20 20x30');
    const pushed = await layoutHtml(`<style>${small}</style><table><tfoot style="break-inside: auto"><tr><td id=f>${w(20, 30)}</td></tr></tfoot>${rows(5)}</table>`);
    expect(pushed.pages.map(ids)).toEqual([['r0', 'r1', 'r2', 'r3', 'r4'], ['f']]);
  });

  it('repeats a header group only when it avoids breaks inside: a thead does by the UA sheet (as in Chromium 156)', async () => {
    const pagesWithHeader = async (header: string): Promise<number[]> => {
      const doc = await layoutHtml(`<style>${small}</style><div style="display:table">${header}${rows(6).replace(/<tr>/g, '<div style="display:table-row">').replace(/<\/tr>/g, '</div>').replace(/<td /g, '<div style="display:table-cell" ').replace(/<\/td>/g, '</div>')}</div>`);
      return doc.pages.map((page, i) => (findById(page, 'h') === undefined ? -1 : i)).filter((i) => i >= 0);
    };
    const cell = `<div style="display:table-row"><div id=h style="display:table-cell">${w(20)}</div></div>`;
    expect(await pagesWithHeader(`<div style="display:table-header-group">${cell}</div>`)).toEqual([0]);
    expect(await pagesWithHeader(`<div style="display:table-header-group; break-inside: avoid">${cell}</div>`)).toEqual([0, 1]);
    const thead = async (style: string): Promise<number> => (await layoutHtml(`<style>${small}</style><table><thead style="${style}"><tr><td id=h>${w(20)}</td></tr></thead>${rows(6)}</table>`)).pages.filter((page) => findById(page, 'h') !== undefined).length;
    expect([await thead(''), await thead('break-inside: auto')]).toEqual([2, 1]);
  });

  it('lays out the rows after a header group taller than the page (found by fuzzing: no page made progress)', async () => {
    // the header overflows the first page (its block avoids breaks inside); the first row below it starts there and its
    // block's height is carried over to the next page (before: it overflowed the first page with the header, as in
    // WeasyPrint); repeated, the header would leave the rows no room on any page
    const doc = await layoutHtml(`<style>${small}</style><table><thead><tr><td id=h>${w(20, 150)}</td></tr></thead>${rows(3)}</table>`);
    const ids = (page: PageLayout): string[] => ['h', 'r0', 'r1', 'r2'].filter((id) => findById(page, id) !== undefined);
    expect(doc.pages.map(ids)).toEqual([['h', 'r0'], ['r0', 'r1', 'r2']]);
    expect(box(doc.pages[1]!, 'r0')).toBe('0,0 20x20');
    expect(box(doc.pages[1]!, 'r1')).toBe('0,20 20x20');
    // the fuzzer's form: a caption in a header group (an anonymous table inside it), many lines tall
    const words = 'dolor sit amet '.repeat(60);
    const misparented = await layoutHtml(`<style>${small}</style><div style="display:table-header-group"><div style="display:table-caption">${words}</div></div><div style="display:table-row-group"><div id=b style="min-height:30px">x</div></div>`);
    expect(misparented.pages.map((page) => findById(page, 'b') !== undefined)).toEqual([true, true]);
  });

  it('slices a separated table\'s top border on the next page, a repeated header too (as Chromium draws it)', async () => {
    const doc = await layoutHtml(`<style>${small} table { border: 3px solid blue }</style><table id=t><thead><tr><td id=h>${w(5, 20)}</td></tr></thead>${rows(6)}</table>`);
    expect(doc.pages).toHaveLength(2);
    // page 2: the header row at the page top, under no border; the table still has its side borders
    expect(box(doc.pages[1]!, 'h')).toBe('3,0 20x20');
    const wrapper = findById(doc.pages[1]!, 't')!;
    const table = wrapper.kind === 'box' ? wrapper.children[0] : undefined;
    expect(table?.kind === 'box' && [table.border.top, table.border.left]).toEqual([0, 3]);
  });

  it('ends a separated table\'s page without the border-spacing below its last row, and keeps the spacing above the first on the next (WeasyPrint\'s test_tables_14; Chromium 156 slices that too)', async () => {
    const doc = await layoutHtml(`<style>${small} table { border: 3px solid blue; border-spacing: 6px }</style><table id=t><thead><tr><td id=h>${w(5, 20)}</td></tr></thead>${rows(6)}</table>`);
    const ids = (page: PageLayout): string[] => ['h', 'r0', 'r1', 'r2', 'r3', 'r4', 'r5'].filter((id) => findById(page, id) !== undefined).map((id) => `${id} ${box(page, id)}`);
    expect(doc.pages.map(ids)).toEqual([
      ['h 9,9 20x20', 'r0 9,35 20x20', 'r1 9,61 20x20'],
      ['h 9,6 20x20', 'r2 9,32 20x20', 'r3 9,58 20x20'],
      ['h 9,6 20x20', 'r4 9,32 20x20', 'r5 9,58 20x20'],
    ]);
    const table = (page: PageLayout): string => {
      const wrapper = findById(page, 't');
      const f = wrapper?.kind === 'box' ? wrapper.children[0] : undefined;
      return f?.kind === 'box' ? `${f.y} ${f.height}` : '';
    };
    expect(doc.pages.map(table)).toEqual(['0 100', '0 100', '0 87']);
  });

  it('puts a repeated footer right below a row split at the page end, with no spacing between (Chromium 156; the spacing above the header kept)', async () => {
    const doc = await layoutHtml(`<style>${small} table { border: 3px solid blue; border-spacing: 3px }</style><table><thead><tr><td id=h>${w(20, 20)}</td></tr></thead>`
      + `<tfoot><tr><td id=f>${w(20, 20)}</td></tr></tfoot><tr><td id=t>${w(20, 2).repeat(60)}</td></tr></table>`);
    const ids = (page: PageLayout): string[] => ['h', 't', 'f'].map((id) => `${id} ${box(page, id)}`);
    expect(doc.pages.map(ids)).toEqual([
      ['h 6,6 20x20', 't 6,29 20x48', 'f 6,77 20x20'],
      ['h 6,3 20x20', 't 6,26 20x51', 'f 6,77 20x20'],
      ['h 6,3 20x20', 't 6,26 20x22', 'f 6,51 20x20'],
    ]);
  });

  it('honours break-before on a row', async () => {
    const doc = await layoutHtml(`<style>${small}</style><table>${rows(1)}<tr style="break-before:page"><td id=x>${w(5)}</td></tr></table>`);
    expect(doc.pages).toHaveLength(2);
    expect(box(doc.pages[1]!, 'x')).toBe('0,0 20x10');
  });
});

describe('visibility: collapse on rows and columns (CSS2 §17.5.5)', () => {
  const spaced = 'table { border-spacing: 4px; border: 2px solid }';

  it('takes a collapsed row out: no height, no spacing, a cell spanning it shrinks; its cells still size the columns', async () => {
    const [page] = await pages(`<table id=t><tr><td id=a>${w(50)}</td><td id=s rowspan=3>${w(30)}</td></tr>`
      + `<tr style="visibility:collapse"><td id=b>${w(90, 40)}</td></tr><tr><td id=c>${w(20)}</td></tr></table>`, spaced);
    // as Chromium lays it out (getBoundingClientRect)
    expect(['t', 'a', 's', 'c'].map((id) => box(page!, id))).toEqual(['0,0 136x36', '6,6 90x10', '100,6 30x24', '6,20 90x10']);
    expect(findById(page!, 'b')).toBeUndefined();
  });

  it('takes a collapsed column out: the table narrows and a cell spanning it shrinks', async () => {
    const [page] = await pages(`<table id=t><colgroup><col><col style="visibility:collapse"><col></colgroup>`
      + `<tr><td id=a1>${w(40)}</td><td id=b1>${w(60)}</td><td id=c1>${w(20)}</td></tr>`
      + `<tr><td id=a2 colspan=2>${w(10)}</td><td id=c2>${w(10)}</td></tr></table>`, spaced);
    expect(['t', 'a1', 'c1', 'a2', 'c2'].map((id) => box(page!, id))).toEqual(['0,0 76x36', '6,6 40x10', '50,6 20x10', '6,20 40x10', '50,20 20x10']);
    expect(findById(page!, 'b1')).toBeUndefined();
  });

  it('collapses every row of a collapsed row group and every column of a collapsed column group', async () => {
    const [page] = await pages(`<table id=t><colgroup style="visibility:collapse" span=2></colgroup>`
      + `<tr><td>${w(40)}</td><td>${w(40)}</td><td id=a>${w(20)}</td></tr>`
      + `<tbody style="visibility:collapse"><tr><td>${w(5)}</td><td>${w(5)}</td><td id=b>${w(5, 30)}</td></tr></tbody>`
      + `<tbody><tr><td>${w(5)}</td><td>${w(5)}</td><td id=c>${w(5)}</td></tr></tbody></table>`);
    expect(['t', 'a', 'c'].map((id) => box(page!, id))).toEqual(['0,0 20x20', '0,0 20x10', '0,10 20x10']);
    expect(findById(page!, 'b')).toBeUndefined();
  });

  it('collapses rows and columns in the collapsing border model too', async () => {
    const [page] = await pages(`<table id=t><colgroup><col><col style="visibility:collapse"></colgroup>`
      + `<tr><td id=a>${w(50)}</td><td>${w(30)}</td></tr><tr style="visibility:collapse"><td>${w(50, 40)}</td><td>${w(30)}</td></tr>`
      + `<tr><td id=c>${w(50)}</td><td>${w(30)}</td></tr></table>`, 'table { border-collapse: collapse } td { border: 2px solid }');
    expect(['t', 'a', 'c'].map((id) => box(page!, id))).toEqual(['0,0 54x26', '1,1 52x12', '1,13 52x12']);
  });
});
