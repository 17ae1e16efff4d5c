/**
 * Multi-column layout (CSS Multi-column Layout 1), exact geometry. Each line of content is an
 * inline-block 20px tall (`<i>`; font-size 0, so no strut), so the geometry is font-independent;
 * the expectations of the single-page cases are what Chromium computes for the same HTML.
 */
import { describe, expect, it } from 'vitest';
import type { BoxFragment, Fragment } from '../../src/layout/types.js';
import { layoutHtml } from '../helpers/layout.js';
import type { LayoutOptions } from '../helpers/layout.js';

const BASE = `body { margin: 0 } .mc { orphans: 1; widows: 1; font-size: 0; line-height: 0; column-gap: 10px }
  i { display: inline-block; width: 100%; height: 20px }`;

const lines = (n: number): string => '<i></i>'.repeat(n);

/** `id [pN ]x,y wxh` for every fragment of an element with an id, in tree order, page by page. */
async function fragments(body: string, css = '', page = '600px 400px', options: LayoutOptions = {}): Promise<string[]> {
  const doc = await layoutHtml(`<style>@page { size: ${page}; margin: 0 } ${BASE} ${css}</style>${body}`, options);
  const out: string[] = [];
  const visit = (f: Fragment, index: number): void => {
    const id = f.kind === 'box' ? f.box.element?.attribs['id'] : undefined;
    if (f.kind === 'box' && id !== undefined) out.push(`${id} ${index > 0 ? `p${index} ` : ''}${round(f.x)},${round(f.y)} ${round(f.width)}x${round(f.height)}`);
    if (f.kind === 'box' || f.kind === 'line') for (const child of f.children) visit(child, index);
  };
  for (const p of doc.pages) for (const f of p.children) visit(f, p.index);
  return out;
}

async function container(body: string, id: string, css = ''): Promise<BoxFragment> {
  const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } ${BASE} ${css}</style>${body}`);
  let found: BoxFragment | undefined;
  const visit = (f: Fragment): void => {
    if (f.kind === 'box' && f.box.element?.attribs['id'] === id) found ??= f;
    if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
  };
  doc.pages[0]!.children.forEach(visit);
  return found!;
}

const round = (v: number): number => Math.round(v * 100) / 100;

describe('used column count and width (§3.4)', () => {
  it('column-count: N columns share the width less the gaps', async () => {
    expect(await fragments(`<div id=mc class=mc style="column-count:3;column-gap:30px"><div id=a>${lines(3)}</div></div>`)).toEqual([
      'mc 0,0 600x20', 'a 0,0 180x20', 'a 210,0 180x20', 'a 420,0 180x20',
    ]);
  });

  it('column-width: as many columns as fit, widened to fill the row', async () => {
    // floor((600 + 10) / (100 + 10)) = 5 columns of (610 / 5) - 10 = 112px
    expect(await fragments(`<div id=mc class=mc style="column-width:100px"><div id=a>${lines(5)}</div></div>`)).toEqual([
      'mc 0,0 600x20', 'a 0,0 112x20', 'a 122,0 112x20', 'a 244,0 112x20', 'a 366,0 112x20', 'a 488,0 112x20',
    ]);
  });

  it('columns: width and count: the count is a maximum', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:100px 2"><div id=a>${lines(4)}</div></div>`)).toEqual([
      'mc 0,0 600x40', 'a 0,0 295x40', 'a 305,0 295x40',
    ]);
  });

  it('a column-width wider than the container gives one column as wide as the container', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:900px;width:300px"><div id=a>${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 300x40', 'a 0,0 300x40',
    ]);
  });

  it('column-gap: normal is 1em', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2;column-gap:normal;font-size:20px"><div id=a>${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 600x20', 'a 0,0 290x20', 'a 310,0 290x20',
    ]);
  });

  it('right-to-left columns run from the right', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2;direction:rtl"><div id=a>${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 600x20', 'a 305,0 295x20', 'a 0,0 295x20',
    ]);
  });
});

describe('aspect-ratio on a multi-column container (CSS Sizing 4 §5.2)', () => {
  it('takes its auto height from the ratio and holds the columns to it, balanced or filled (as Chromium)', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2;width:210px;aspect-ratio:2/1;padding:5px;box-sizing:border-box"><div id=a>${lines(9)}</div></div>`
      + `<div id=mc2 class=mc style="columns:2;column-fill:auto;width:210px;aspect-ratio:3/1"><div id=b>${lines(5)}</div></div>`)).toEqual([
      // a box broken at a column's end reaches down to it (95, 70), as Chromium draws it
      'mc 0,0 210x105', 'a 5,5 95x95', 'a 110,5 95x95', 'a 215,5 95x20',
      'mc2 0,105 210x70', 'b 0,105 100x70', 'b 110,105 100x40',
    ]);
  });
});

describe('boxes broken at a column end (as Chromium 156 draws them)', () => {
  it('reach down to the column end, nested ones and flex items too, a cloned bottom border below their content', async () => {
    // 50px columns: a's third line goes to the next column, f's last two lines to the third
    expect(await fragments(`<div id=mc class=mc style="columns:4;column-fill:auto;height:50px">`
      + `<div id=a style="padding:0 5px;box-decoration-break:clone;border-bottom:4px solid"><div id=i>${lines(3)}</div></div>`
      + `<div id=f style="display:flex"><div id=fi style="flex:1">${lines(3)}</div></div></div>`)).toEqual([
      'mc 0,0 600x50', 'a 0,0 142.5x50', 'i 5,0 132.5x46', 'a 152.5,0 142.5x24', 'i 157.5,0 132.5x20',
      'f 152.5,24 142.5x26', 'fi 152.5,24 142.5x26', 'f 305,0 142.5x40', 'fi 305,0 142.5x40',
    ]);
  });

  it('reach down to the page end in every column of a page the columns fill, the last one too', async () => {
    // 90px pages: four lines per column; a (9 lines of 20px) fills both columns of page 1, its
    // last line and b balance on page 2, where a ends with its content (it is not broken there)
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(9)}</div><div id=b style="break-inside:avoid">${lines(2)}</div></div>`, '', '600px 90px')).toEqual([
      'mc 0,0 600x90', 'a 0,0 295x90', 'a 305,0 295x90', 'mc p1 0,0 600x40', 'a p1 0,0 295x20', 'b p1 305,0 295x40',
    ]);
  });
});

describe('heights carried over columns (as Chromium 156 lays them out)', () => {
  it('breaks a fixed height at the column end and goes on in the next column, filled or balanced', async () => {
    // a 300px box after a 50px one in 200px columns: 150 + 150, the 40px box below it in the second
    expect(await fragments(`<div id=mc class=mc style="columns:3;column-gap:10px;height:200px;column-fill:auto"><div id=a style="height:50px"></div><div id=b style="height:300px"></div><div id=c style="height:40px"></div></div>`)).toEqual([
      'mc 0,0 600x200', 'a 0,0 193.33x50', 'b 0,50 193.33x150', 'b 203.33,0 193.33x150', 'c 203.33,150 193.33x40',
    ]);
    // balanced: 390px in three columns of 130; a min-height the same
    expect(await fragments(`<div id=mc class=mc style="columns:3;column-gap:10px"><div id=a style="height:50px"></div><div id=b style="height:300px"></div><div id=c style="height:40px"></div></div>`)).toEqual([
      'mc 0,0 600x130', 'a 0,0 193.33x50', 'b 0,50 193.33x80', 'b 203.33,0 193.33x130', 'b 406.67,0 193.33x90', 'c 406.67,90 193.33x40',
    ]);
    expect(await fragments(`<div id=mc class=mc style="columns:3;column-gap:10px"><div id=d style="min-height:200px">x</div><div id=e style="height:70px"></div></div>`)).toEqual([
      'mc 0,0 600x90', 'd 0,0 193.33x90', 'd 203.33,0 193.33x90', 'd 406.67,0 193.33x20', 'e 406.67,20 193.33x70',
    ]);
  });
});

describe('balancing (§7.1 column-fill: balance)', () => {
  it('finds the smallest height that holds the content in N columns', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:3"><div id=a>${lines(7)}</div></div>`)).toEqual([
      'mc 0,0 600x60', 'a 0,0 193.33x60', 'a 203.33,0 193.33x60', 'a 406.67,0 193.33x20',
    ]);
  });

  it('truncates margins at an unforced column break', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=b style="margin-bottom:15px">${lines(3)}</div><div id=c style="margin-top:5px">${lines(4)}</div></div>`)).toEqual([
      'mc 0,0 600x80', 'b 0,0 295x60', 'c 305,0 295x80',
    ]);
  });

  it('balances without the bottom margin of the last box before a column break (it is truncated there)', async () => {
    // three blocks of 40, 40 and 20px with 8px bottom margins in 3 columns: the content's height over
    // the columns, 124 / 3, holds them, and the columns are that tall, as in Chromium 156 (41.34);
    // counting the margin above each break made them 48px
    expect(await fragments(`<div id=mc class=mc style="columns:3"><div id=a style="margin-bottom:8px">${lines(2)}</div><div id=b style="margin-bottom:8px">${lines(2)}</div><div id=c style="margin-bottom:8px">${lines(1)}</div></div>`))
      .toEqual(['mc 0,0 600x41.33', 'a 0,0 193.33x40', 'b 203.33,0 193.33x40', 'c 406.67,0 193.33x20']);
  });

  it('balances with the margins that the room left on the page truncated at its column breaks', async () => {
    // four 80px boxes with 20px bottom margins in 300px of page: the room breaks them 3 + 1, the
    // margin after the third truncated there; Chromium 156 balances the content's height in one
    // column, 400 / 2, so the columns are 200px, not (280 + 100) / 2
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a style="height:80px;margin-bottom:20px"></div>`
      + `<div style="height:80px;margin-bottom:20px"></div><div id=c style="height:80px;margin-bottom:20px"></div><div style="height:80px;margin-bottom:20px"></div></div>`,
    '', '400px 300px')).toEqual(['mc 0,0 400x200', 'a 0,0 195x80', 'c 205,0 195x80']);
  });

  it('balances without the bottom margin of the last box of the content, before a spanner or at the end', async () => {
    // 5, 8, 5 and 3 lines with 20px bottom margins: 500 / 3 = 166.67 holds them once the last
    // box's margin is not counted (it overflows the columns), as in Chromium 156 with or without a
    // spanner after them; counting it made the columns 180px. A box broken at a column's end
    // reaches down to it once the height is settled (b1 46.67px tall, as Chromium draws it).
    const boxes = (n: number): string => `<div id=a${n} style="margin-bottom:20px">${lines(5)}</div><div id=b${n} style="margin-bottom:20px">${lines(8)}</div>`
      + `<div id=c${n} style="margin-bottom:20px">${lines(5)}</div><div id=d${n} style="margin-bottom:20px">${lines(3)}</div>`;
    expect(await fragments(`<div id=mc class=mc style="columns:3">${boxes(1)}<div id=s style="column-span:all;height:10px"></div></div>`
      + `<div id=mc2 class=mc style="columns:3">${boxes(2)}</div><div id=after style="height:5px"></div>`, '', '600px 800px')).toEqual([
      'mc 0,0 600x176.67', 'a1 0,0 193.33x100', 'b1 0,120 193.33x46.67', 'b1 203.33,0 193.33x120', 'c1 203.33,140 193.33x26.67', 'c1 406.67,0 193.33x80',
      'd1 406.67,100 193.33x60', 's 0,166.67 600x10',
      'mc2 0,176.67 600x166.67', 'a2 0,176.67 193.33x100', 'b2 0,296.67 193.33x46.67', 'b2 203.33,176.67 193.33x120', 'c2 203.33,316.67 193.33x26.67',
      'c2 406.67,176.67 193.33x80', 'd2 406.67,276.67 193.33x60', 'after 0,343.33 600x5',
    ]);
  });

  it('keeps widows while balancing', async () => {
    // 5 lines, widows 2, orphans 1: 2 + 2 + 1 would leave one line alone at the top of the last
    // column; the middle column's piece, broken after one line, reaches down to the column's end
    // (Chromium 156: 2 + 1 + 2)
    expect(await fragments(`<div id=mc class=mc style="columns:3;widows:2;orphans:1"><div id=a>${lines(5)}</div></div>`)).toEqual([
      'mc 0,0 600x40', 'a 0,0 193.33x40', 'a 203.33,0 193.33x40', 'a 406.67,0 193.33x40',
    ]);
  });

  it('keeps the orphans and fills the column where the rest of a paragraph cannot honour both', async () => {
    // 5 lines, widows 2, orphans 2: the middle column's 3 lines cannot break 2 + 1 nor 1 + 2
    // without breaking one rule; Chromium 156 keeps the orphans there and fills it: 2 + 2 + 1
    expect(await fragments(`<div id=mc class=mc style="columns:3;widows:2;orphans:2"><div id=a>${lines(5)}</div></div>`)).toEqual([
      'mc 0,0 600x40', 'a 0,0 193.33x40', 'a 203.33,0 193.33x40', 'a 406.67,0 193.33x20',
    ]);
  });

  it('grows the columns to the tallest piece that cannot break, and lays the rest out at that height', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:3"><div id=a style="height:70px;break-inside:avoid"></div><div id=b>${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 600x70', 'a 0,0 193.33x70', 'b 203.33,0 193.33x40',
    ]);
  });

  it('balances an unbounded column set in measuring runs too (an inline-block multicol)', async () => {
    expect(await fragments(`<div style="font-size:0"><div id=mc class=mc style="display:inline-block;columns:2;width:210px"><div id=a>${lines(4)}</div></div></div>`)).toEqual([
      'mc 0,0 210x40', 'a 0,0 100x40', 'a 110,0 100x40',
    ]);
  });
});

describe('forced breaks and spanners (§6)', () => {
  it('break-before: column starts the next column; a spanner splits the content into column sets', async () => {
    expect(await fragments(`<div id=mc class=mc style="column-width:100px">
      <div id=d>${lines(3)}</div><div id=e style="break-before:column">${lines(1)}</div>
      <div id=span style="column-span:all;height:10px;margin:5px 0"></div>
      <div id=f>${lines(5)}</div></div>`)).toEqual([
      'mc 0,0 600x60',
      'd 0,0 112x20', 'd 122,0 112x20', 'd 244,0 112x20', 'e 366,0 112x20',
      'span 0,25 600x10',
      'f 0,40 112x20', 'f 122,40 112x20', 'f 244,40 112x20', 'f 366,40 112x20', 'f 488,40 112x20',
    ]);
  });

  it('break-before: column on the first box of a column set does nothing (the columns start there)', async () => {
    expect(await fragments(`<div id=top style="height:10px"></div><div id=mc class=mc style="columns:2"><div id=s style="column-span:all;height:10px"></div>
      <div id=a style="break-before:column">${lines(1)}</div><div id=b style="break-before:column">${lines(2)}</div></div>`)).toEqual([
      'top 0,0 600x10', 'mc 0,10 600x50', 's 0,10 600x10', 'a 0,20 295x20', 'b 305,20 295x40',
    ]);
  });

  it('break-after: column, and a column break outside multicol does nothing', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:3"><div id=a style="break-after:column">${lines(1)}</div><div id=b>${lines(2)}</div></div>
      <div id=x style="height:10px;break-after:column"></div><div id=y style="height:10px"></div>`)).toEqual([
      'mc 0,0 600x20', 'a 0,0 193.33x20', 'b 203.33,0 193.33x20', 'b 406.67,0 193.33x20', 'x 0,20 600x10', 'y 0,30 600x10',
    ]);
  });

  it('break-inside: avoid-column moves a box to the next column whole', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2;column-fill:auto;height:60px"><div id=a>${lines(2)}</div><div id=b style="break-inside:avoid-column">${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 600x60', 'a 0,0 295x40', 'b 305,0 295x40',
    ]);
  });

  it('break-after: avoid-column keeps a heading with what follows it', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2;column-fill:auto;height:60px"><div id=a>${lines(1)}</div><div id=h style="break-after:avoid-column">${lines(1)}</div><div id=b style="break-inside:avoid">${lines(2)}</div></div>`)).toEqual([
      'mc 0,0 600x60', 'a 0,0 295x20', 'h 305,0 295x20', 'b 305,20 295x40',
    ]);
  });

  it('moves the container to the next page when the columns below a spanner that avoids the break after it cannot start', async () => {
    // Chromium 156: the section's heading goes on with its figures, and with it what the columns
    // above the heading hold on this page
    const section = (avoid: string, above = '', figure = 30): string => `<div style="height:60px"></div><div class=mc style="columns:2"><p id=p style="margin:0">${above}</p><h2 id=h style="column-span:all;margin:0;height:20px;${avoid}"></h2><div style="height:${figure}px;break-inside:avoid"></div></div>`;
    expect(await fragments(section('break-after:avoid'), '', '600px 100px')).toEqual(['p p1 0,0 295x0', 'h p1 0,0 600x20']);
    expect(await fragments(section('break-after:avoid', lines(2)), '', '600px 100px')).toEqual(['p p1 0,0 295x20', 'p p1 305,0 295x20', 'h p1 0,20 600x20']);
    // without the avoid too, when the first box, broken across the row's two 20px columns, would
    // fit (30px: moved, as Chromium moves it); not when even so it would not (45px: the heading stays)
    expect(await fragments(section(''), '', '600px 100px')).toEqual(['p p1 0,0 295x0', 'h p1 0,0 600x20']);
    expect(await fragments(section('', '', 45), '', '600px 100px')).toEqual(['p 0,60 295x0', 'h 0,60 600x20']);
  });

  it('balances taller rather than break a paragraph against its orphans or widows, as Chromium does', async () => {
    // two lines in two columns: one and one would break both rules (2 each), so one column 40px tall
    expect(await fragments(`<div id=mc class=mc style="columns:2;orphans:2;widows:2"><div id=a>${lines(2)}</div></div>`)).toEqual(['mc 0,0 600x40', 'a 0,0 295x40']);
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(2)}</div></div>`)).toEqual(['mc 0,0 600x20', 'a 0,0 295x20', 'a 305,0 295x20']);
    // three lines break two and one (no break honours both: the orphans are kept)
    expect(await fragments(`<div id=mc class=mc style="columns:2;orphans:2;widows:2"><div id=a>${lines(3)}</div></div>`)).toEqual(['mc 0,0 600x40', 'a 0,0 295x40', 'a 305,0 295x20']);
    // at a page end with room for one line in each column, the container goes to the next page
    expect(await fragments(`<div style="height:80px"></div><div id=mc class=mc style="columns:2;orphans:2;widows:2"><div id=a>${lines(2)}</div></div>`, '', '600px 100px'))
      .toEqual(['mc p1 0,0 600x40', 'a p1 0,0 295x40']);
  });

  it('table rows break between columns', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2"><table style="border-spacing:0"><tr><td id=r1>${lines(1)}</td></tr><tr><td id=r2>${lines(1)}</td></tr><tr><td id=r3>${lines(1)}</td></tr><tr><td id=r4>${lines(1)}</td></tr></table></div>`, 'td { padding: 0; width: 50px }')).toEqual([
      'mc 0,0 600x40', 'r1 0,0 50x20', 'r2 0,20 50x20', 'r3 305,0 50x20', 'r4 305,20 50x20',
    ]);
  });

  it('a spanner that is not a child of the container spans it too (multicol-nested-spanners.test.ts)', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(1)}<div id=s style="column-span:all;height:20px"></div></div></div>`)).toEqual([
      // Chromium 156: the block's piece after the spanner is an empty fragment below it
      'mc 0,0 600x40', 'a 0,0 295x20', 's 0,20 600x20', 'a 0,40 295x0',
    ]);
  });
});

describe('column-fill: auto and a container height (§7.1, §8.2)', () => {
  it('fills columns one after the other up to the height', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:3;column-fill:auto;height:60px"><div id=a>${lines(4)}</div></div>`)).toEqual([
      'mc 0,0 600x60', 'a 0,0 193.33x60', 'a 203.33,0 193.33x20',
    ]);
  });

  it('balances within the height, and adds columns beyond the container when it is too short', async () => {
    // the columns beyond the container are content wider than the page (Chromium would shrink it)
    const wider = { code: 'layout', message: /^content is 1210px wide, the page area 600px/ } as const;
    expect(await fragments(`<div id=mc class=mc style="columns:2;height:40px"><div id=a>${lines(7)}</div></div>`, '', '600px 400px', { expectWarnings: [wider] })).toEqual([
      'mc 0,0 600x40', 'a 0,0 295x40', 'a 305,0 295x40', 'a 610,0 295x40', 'a 915,0 295x20',
    ]);
  });

  it('balances the columns before a spanner, and fills only the last row (§7.1)', async () => {
    // Chromium 156: the content before a spanner is balanced whatever column-fill says
    const body = (style: string, after = 3): string => `<div id=mc class=mc style="columns:3;${style}"><div id=a>${lines(6)}</div>`
      + `<div id=s style="column-span:all;height:10px"></div><div id=b>${lines(after)}</div></div>`;
    expect(await fragments(body('column-fill:auto;height:200px'))).toEqual([
      'mc 0,0 600x200', 'a 0,0 193.33x40', 'a 203.33,0 193.33x40', 'a 406.67,0 193.33x40', 's 0,40 600x10', 'b 0,50 193.33x60',
    ]);
    // balanced, the row above the spanner does not take the container's height either
    expect(await fragments(body('column-fill:balance;height:200px', 1))).toEqual([
      'mc 0,0 600x200', 'a 0,0 193.33x40', 'a 203.33,0 193.33x40', 'a 406.67,0 193.33x40', 's 0,40 600x10', 'b 0,50 193.33x20',
    ]);
    // no height: the page limits the last row, as Chromium prints it
    expect(await fragments(body('column-fill:auto'))).toEqual([
      'mc 0,0 600x110', 'a 0,0 193.33x40', 'a 203.33,0 193.33x40', 'a 406.67,0 193.33x40', 's 0,40 600x10', 'b 0,50 193.33x60',
    ]);
  });
});

describe('columns over pages (§8.1)', () => {
  it('fills the columns of each page, continues on the next and balances the rest on the last', async () => {
    expect(await fragments(`<div id=top style="height:40px"></div><div id=mc class=mc style="columns:2"><div id=a>${lines(17)}</div></div><div id=after style="height:10px"></div>`, '', '300px 100px')).toEqual([
      'top 0,0 300x40',
      'mc 0,40 300x60', 'a 0,40 145x60', 'a 155,40 145x60',
      'mc p1 0,0 300x100', 'a p1 0,0 145x100', 'a p1 155,0 145x100',
      'mc p2 0,0 300x20', 'a p2 0,0 145x20',
      'after p2 0,20 300x10',
    ]);
  });

  it('moves a container to the next page when not even its first line fits', async () => {
    expect(await fragments(`<div id=top style="height:90px"></div><div id=mc class=mc style="columns:2"><div id=a>${lines(2)}</div></div>`, '', '300px 100px')).toEqual([
      'top 0,0 300x90', 'mc p1 0,0 300x20', 'a p1 0,0 145x20', 'a p1 155,0 145x20',
    ]);
  });

  it('a spanner continues the container on the next page, and the columns after it', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(4)}</div><div id=s style="column-span:all;height:50px"></div><div id=b>${lines(4)}</div></div>`, '', '300px 100px')).toEqual([
      // the container ends below the spanner: the columns after it do not fit in the 10px left
      'mc 0,0 300x90', 'a 0,0 145x40', 'a 155,0 145x40', 's 0,40 300x50',
      'mc p1 0,0 300x40', 'b p1 0,0 145x40', 'b p1 155,0 145x40',
    ]);
  });

  it('keeps the top margin of a spanner that opens a container moved to the next page, and truncates it where the container goes on', async () => {
    // Chromium 156: a "Programme notes" heading spanning the columns keeps its 30px margin at the top of
    // the page the container moved to (its margin does not adjoin the break: the container is a new
    // formatting context), and loses it where the container broke before it
    expect(await fragments(`<div id=top style="height:90px"></div><div id=mc class=mc style="columns:2"><div id=s style="column-span:all;height:10px;margin-top:30px"></div><div id=a>${lines(2)}</div></div>`, '', '300px 100px')).toEqual([
      'top 0,0 300x90', 'mc p1 0,0 300x60', 's p1 0,30 300x10', 'a p1 0,40 145x20', 'a p1 155,40 145x20',
    ]);
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(10)}</div><div id=s style="column-span:all;height:10px;margin-top:30px"></div></div>`, '', '300px 100px')).toEqual([
      'mc 0,0 300x100', 'a 0,0 145x100', 'a 155,0 145x100', 'mc p1 0,0 300x10', 's p1 0,0 300x10',
    ]);
  });

  it('a forced page break inside the columns ends the page', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a>${lines(2)}</div><div id=b style="break-before:page">${lines(2)}</div></div>`, '', '300px 100px')).toEqual([
      'mc 0,0 300x100', 'a 0,0 145x40', 'mc p1 0,0 300x20', 'b p1 0,0 145x20', 'b p1 155,0 145x20',
    ]);
  });
});

describe('column width 0', () => {
  it('is 1px, as in Chromium: no infinite count of columns when there is no gap either (FUZZ_SEED=8823: `2ch` of a 0px font, boxes at NaN)', async () => {
    // Chromium 156: 600 columns of 1px without a gap, 55 of 1.09px with 10px gaps
    expect(await fragments(`<div id=m class=mc style="columns:0px;column-gap:0;height:20px;column-fill:auto">${['a', 'b', 'c', 'd', 'e'].map((id) => `<div id=${id} style="height:10px"></div>`).join('')}</div>`
      + `<div id=n class=mc style="font-size:0;columns:2ch;column-gap:10px;height:20px;column-fill:auto"><i></i><i></i><i></i></div>`)).toEqual([
      'm 0,0 600x20', 'a 0,0 1x10', 'b 0,10 1x10', 'c 1,0 1x10', 'd 1,10 1x10', 'e 2,0 1x10',
      'n 0,20 600x20', 'n 0,20 1.09x20', 'n 11.09,20 1.09x20', 'n 22.18,20 1.09x20',
    ]);
  });
});

describe('intrinsic sizes and rules', () => {
  it('min-content and max-content are the columns side by side at their min-/max-content, with the gaps', async () => {
    const css = '.w { display: inline-block; height: 20px }';
    // An inline-content container's columns are fragments of its own element (so they print as `mc` too).
    expect(await fragments(`<div style="width:0"><div id=mc class=mc style="display:inline-block;columns:3"><span class=w style="width:40px"></span> <span class=w style="width:30px"></span></div></div>`, css)).toEqual([
      'mc 0,0 140x20', 'mc 0,0 40x20', 'mc 50,0 40x20',
    ]);
    expect(await fragments(`<div style="font-size:0"><div id=mc class=mc style="display:inline-block;columns:3"><span class=w style="width:40px"></span><span class=w style="width:30px"></span></div></div>`, css)).toEqual([
      'mc 0,0 230x20', 'mc 0,0 70x20',
    ]);
  });

  it('places a rule in the middle of each gap between columns with content, as tall as the row', async () => {
    // columns of (590 - 2 x 20) / 3 = 183.33px from x = 5; four lines fill two of the three columns
    const two = await container(`<div id=mc class=mc style="columns:3;column-rule:4px dashed red;column-gap:20px;padding:5px"><div>${lines(4)}</div></div>`, 'mc');
    expect(two.columnRules?.map((r) => `${round(r.x)},${r.y} ${r.width}x${r.height} ${r.style}`)).toEqual(['196.33,5 4x40 dashed']);
    const three = await container(`<div id=mc class=mc style="columns:3;column-rule:4px dashed red;column-gap:20px;padding:5px"><div>${lines(6)}</div></div>`, 'mc');
    expect(three.columnRules?.map((r) => `${round(r.x)},${r.y} ${r.width}x${r.height} ${r.style}`)).toEqual(['196.33,5 4x40 dashed', '399.67,5 4x40 dashed']);
    const none = await container(`<div id=mc class=mc style="columns:3;column-rule-width:4px;column-gap:20px"><div>${lines(6)}</div></div>`, 'mc');
    expect(none.columnRules).toBeUndefined();
  });
});

describe('nested multi-column boxes', () => {
  it('balances two levels as Chromium does, and bounds the search of eight with a located warning', async () => {
    const two = await fragments(`<div class=mc id=outer style="columns:2"><div class=mc id=inner style="columns:2">${lines(8)}</div></div>`);
    // the inner box in both outer columns, two columns of its own in each: 8 lines in four columns of two
    expect(two).toEqual(['outer 0,0 600x40', 'inner 0,0 295x40', 'inner 0,0 142.5x40', 'inner 152.5,0 142.5x40', 'inner 305,0 295x40', 'inner 305,0 142.5x40', 'inner 457.5,0 142.5x40']);
    // each level's balancing probed every level inside it: 24^8 layouts
    const depth = 8;
    const eight = await fragments(`${'<div class=mc style="columns:2">'.repeat(depth)}<i id=last></i>${lines(15)}${'</div>'.repeat(depth)}`, '', '600px 400px', {
      expectWarnings: [{ code: 'layout', message: /^column balancing: 100000 boxes were laid out again on one page/, line: 2 }],
    });
    expect(eight.filter((f) => f.startsWith('last'))).toHaveLength(1);
  });
});

describe('boxes that avoid breaks inside (CSS Fragmentation 3 §3.2)', () => {
  // Chromium 156 prints these (the same HTML with a word per line, compared by the words' positions; 23 such pages agree)
  const belowSpanner = (a: number, b: number): string => `<div id=mc class=mc style="columns:2"><div id=s style="column-span:all;height:150px"></div>`
    + `<div id=a style="break-inside:avoid-column">${lines(a)}</div><div id=b style="break-inside:avoid">${lines(b)}</div></div>`;

  it('moves the short row below a spanner to the next page when it would end inside such a box', async () => {
    expect(await fragments(belowSpanner(6, 2), '', '300px 200px')).toEqual([
      'mc 0,0 300x150', 's 0,0 300x150',
      'mc p1 0,0 300x120', 'a p1 0,0 145x120', 'b p1 155,0 145x40',
    ]);
  });

  it('moves the whole container to the next page when its first row there would break inside such a box, even between its columns', async () => {
    expect(await fragments(`<div id=i style="height:20px"></div><div id=mc class=mc style="columns:2"><div id=a style="break-inside:avoid">${lines(10)}</div><div id=b style="break-inside:avoid">${lines(2)}</div></div>`, '', '300px 200px')).toEqual([
      'i 0,0 300x20', 'mc p1 0,0 300x200', 'a p1 0,0 145x200', 'b p1 155,0 145x40',
    ]);
  });

  it('breaks such a box across the columns of the short row when the row holds it', async () => {
    expect(await fragments(belowSpanner(4, 2), '', '300px 200px')).toEqual([
      'mc 0,0 300x200', 's 0,0 300x150', 'a 0,150 145x50', 'a 155,150 145x40',
      // balanced, b stays whole
      'mc p1 0,0 300x40', 'b p1 0,0 145x40',
    ]);
  });

  it('fills the columns, not balance them, when such a box is taller than the room', async () => {
    // octavo balanced them (60px, three lines each)
    expect(await fragments(`<div id=mc class=mc style="columns:2"><div id=a style="break-inside:avoid">${lines(6)}</div></div>`, '', '300px 100px')).toEqual([
      'mc 0,0 300x100', 'a 0,0 145x100', 'a 155,0 145x20',
    ]);
  });

  it('balances columns at least as tall as the tallest such box', async () => {
    expect(await fragments(`<div id=mc class=mc style="columns:3"><div id=a>${lines(1)}</div><div id=b style="break-inside:avoid-column">${lines(4)}</div><div id=c>${lines(1)}</div></div>`)).toEqual([
      'mc 0,0 600x80', 'a 0,0 193.33x20', 'b 203.33,0 193.33x80', 'c 406.67,0 193.33x20',
    ]);
  });
});
