/**
 * Floats (CSS2 §9.5): placement rules, text wrapping beside floats, clearance, formatting
 * context roots beside floats, and floats across pages. Geometry is exact, in page coordinates.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import { renderPixels } from '../helpers/render.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px "DejaVu Sans" }';
const PIXEL = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

async function boxesOf(body: string, css = '', ids: string[] = [], doctype = ''): Promise<Record<string, string>> {
  const doc = await layoutHtml(`${doctype}<style>${PAGE} ${css}</style>${body}`);
  const out: Record<string, string> = {};
  for (const id of ids) {
    const index = doc.pages.findIndex((page) => findById(page, id) !== undefined);
    const f = index < 0 ? undefined : findById(doc.pages[index]!, id);
    out[id] = f === undefined ? 'missing' : `${index > 0 ? `p${index + 1} ` : ''}${f.x},${f.y} ${f.width}x${f.height}`;
  }
  return out;
}

/** x, y and width of every line box of an element, in page coordinates. */
async function lines(body: string, id: string, css = ''): Promise<string[]> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
  const block = findById(doc.pages[0]!, id);
  if (block === undefined || block.kind !== 'box') throw new Error(`#${id} not laid out`);
  return block.children.filter((c): c is Extract<Fragment, { kind: 'line' }> => c.kind === 'line').map((l) => `${l.x},${l.y} ${l.width}`);
}

describe('float placement (CSS2 §9.5.1)', () => {
  it('gives a floated table its percentage width of the containing block, as Chromium 156 (quirks mode, its tables in 16px text)', async () => {
    // `<table width="80%" align="left">` of old templates; before, the float shrank it to its content (16px).
    // Chromium: p 0,0 320x29; a 353.98,0 46.02x29; n (10px wide, its cell wider) 0,29 92.88x29
    expect(await boxesOf('<div style="width:400px"><table id=p width="80%" align=left border=1><tr><td>a</td></tr></table>'
      + '<table id=a style="float:right" border=1><tr><td>auto</td></tr></table><table id=n style="float:left;width:10px" border=1><tr><td>narrowcell</td></tr></table></div>', '', ['p', 'a', 'n']))
      .toEqual({ p: '0,0 320x29', a: '353.9921875,0 46.0078125x29', n: '0,29 92.875x29' });
    // an inline table too (Chromium: x 5.92, 200 wide); an absolutely positioned or flex-item table does not yet
    const inline = await boxesOf('<div style="width:400px"><span>x</span><table id=i style="display:inline-table;width:50%" border=1><tr><td>i</td></tr></table></div>', '', ['i']);
    expect(inline['i']).toMatch(/^5\.9\d*,\d+(\.\d+)? 200x/);
  });

  it('puts a left float at the left edge and a right float at the right edge of the containing block', async () => {
    expect(await boxesOf('<div style="padding:5px"><div id=l style="float:left;width:50px;height:20px"></div><div id=r style="float:right;width:60px;height:10px"></div></div>', '', ['l', 'r']))
      .toEqual({ l: '5,5 50x20', r: '335,5 60x10' });
  });

  it('places a float met at a soft wrap on the line it ends when it fits there (as Chromium)', async () => {
    // "aa aa " fills the 40px line, "aa" wraps: the float after the space goes beside the first line
    expect(await boxesOf('<div style="width:40px">aa aa <span id=f style="float:left;width:10px;height:10px"></span>aa</div>', '', ['f']))
      .toEqual({ f: '0,0 10x10' });
  });

  it('places a float before any of its line\'s content where it goes, the line beside it (as Chromium)', async () => {
    // a clearing float goes right below the one it clears, the line stays at the top beside both;
    // a float too wide to go beside the first goes below it, and the line (taller than the first
    // float in a document with a doctype) beside it; after text, the float waits below the line
    // (Chromium 156's getBoundingClientRect for each)
    const css = 'div { height: 40px } .c { display: inline-block; width: 100px }';
    const boxes = (body: string): Promise<Record<string, string>> => boxesOf(body, css, ['a', 'b', 'c'], '<!doctype html>');
    expect(await boxes('<div id="a" style="float: left; width: 150px"></div><div id="b" style="float: left; clear: left; width: 40px"></div><div id="c" class="c"></div>'))
      .toEqual({ a: '0,0 150x40', b: '0,40 40x40', c: '150,0 100x40' });
    expect(await boxes('<div id="a" style="float: left; width: 150px"></div><div id="b" style="float: left; width: 300px"></div><div id="c" class="c"></div>'))
      .toEqual({ a: '0,0 150x40', b: '0,40 300x40', c: '300,0 100x40' });
    expect(await boxes('<div id="a" style="float: left; width: 150px"></div>text <div id="b" style="float: left; clear: left; width: 40px"></div><div id="c" class="c"></div>'))
      .toEqual({ a: '0,0 150x40', b: '0,42 40x40', c: '172.9150390625,0 100x40' });
  });

  it('places floats of one side next to each other, margins included (rules 2, 7)', async () => {
    expect(await boxesOf('<div id=a style="float:left;width:100px;height:20px;margin-right:10px"></div><div id=b style="float:left;width:100px;height:30px;margin-left:5px"></div>', '', ['a', 'b']))
      .toEqual({ a: '0,0 100x20', b: '115,0 100x30' });
  });

  it('moves a float that does not fit beside the others down until it fits, never left of a left float still beside it (rules 3, 8)', async () => {
    expect(await boxesOf('<div id=a style="float:left;width:250px;height:20px"></div><div id=b style="float:left;width:100px;height:40px"></div><div id=c style="float:left;width:100px;height:10px"></div>', '', ['a', 'b', 'c']))
      .toEqual({ a: '0,0 250x20', b: '250,0 100x40', c: '0,40 100x10' });
    expect(await boxesOf('<div id=a style="float:left;width:250px;height:40px"></div><div id=b style="float:left;width:100px;height:20px"></div><div id=c style="float:left;width:100px;height:10px"></div>', '', ['c']))
      .toEqual({ c: '250,20 100x10' });
  });

  it('never places a float above an earlier float (rule 5) or above an earlier block (rule 6)', async () => {
    expect(await boxesOf('<div id=a style="float:left;width:300px;height:20px"></div><div id=b style="float:right;width:150px;height:10px"></div><div id=c style="float:left;width:20px;height:10px"></div>', '', ['a', 'b', 'c']))
      .toEqual({ a: '0,0 300x20', b: '250,20 150x10', c: '0,20 20x10' });
    expect(await boxesOf('<div style="height:30px"></div><div id=f style="float:right;width:10px;height:10px"></div>', '', ['f']))
      .toEqual({ f: '390,30 10x10' });
  });

  it('gives a float without a width its shrink-to-fit width (CSS2 §10.3.5)', async () => {
    expect(await boxesOf('<div id=f style="float:left"><div style="width:80px;height:5px"></div></div>', '', ['f'])).toEqual({ f: '0,0 80x5' });
  });

  it('counts a float whose negative margin makes its margin box negative as 0 wide in a shrink-to-fit width, as Chromium 156', async () => {
    // Bootstrap's .form-check-inline: an inline-block with padding-left and a floated input pulled into
    // it by margin-left: -1.5em; its label wrapped when the float's -8px came off the label's width.
    // Chromium: a 74 (24 + 50), b 90 (24 + 16 + 0 + 50), c 40 (block flow: 24 + 0 + 16)
    const css = '.ib { display: inline-block; vertical-align: top; padding-left: 24px } .f { float: left; width: 16px; height: 16px } i { display: inline-block; width: 50px; height: 10px }';
    const sizes = await boxesOf('<div class=ib id=a><span class=f style="margin-left:-24px"></span><i></i></div>'
      + '<div class=ib id=b><span class=f></span><span class=f style="margin-left:-24px"></span><i></i></div>'
      + '<div class=ib id=c><div class=f style="margin-left:-24px"></div><div class=f></div></div>', css, ['a', 'b', 'c']);
    expect(Object.values(sizes).map((s) => s.split(' ')[1])).toEqual(['74x16', '90x16', '40x16']);
  });

  it('maps inline-start and inline-end to the left and right in left-to-right text', async () => {
    expect(await boxesOf('<div id=s style="float:inline-start;width:10px;height:10px"></div><div id=e style="float:inline-end;width:10px;height:10px"></div>', '', ['s', 'e']))
      .toEqual({ s: '0,0 10x10', e: '390,0 10x10' });
  });

  it('maps inline-start and inline-end by the direction of the containing block, not the float\'s own', async () => {
    expect(await boxesOf('<div dir=rtl><div id=s dir=ltr style="float:inline-start;width:10px;height:10px"></div><div id=e style="float:inline-end;width:10px;height:10px"></div></div>', '', ['s', 'e']))
      .toEqual({ s: '390,0 10x10', e: '0,0 10x10' });
  });

  it('clears inline-start as the side the containing block starts on', async () => {
    expect(await boxesOf('<div dir=rtl><div style="float:right;width:10px;height:20px"></div><div id=c style="clear:inline-start;height:5px"></div><div id=d style="clear:inline-end;height:5px"></div></div>', '', ['c', 'd']))
      .toEqual({ c: '0,20 400x5', d: '0,25 400x5' });
  });

  it('does not let a float collapse margins with what follows', async () => {
    expect(await boxesOf('<div id=f style="float:left;width:10px;height:10px;margin-bottom:50px"></div><div id=n style="height:10px;margin-top:5px"></div>', '', ['f', 'n']))
      .toEqual({ f: '0,0 10x10', n: '0,5 400x10' });
  });
});

describe('lines beside floats (CSS2 §9.5)', () => {
  it('shortens the lines beside a left float and returns to the full width below it', async () => {
    const text = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn oooo pppp';
    expect((await lines(`<div id=p style="width:200px"><div style="float:left;width:120px;height:20px"></div>${text}</div>`, 'p')).slice(0, 4))
      .toEqual(['120,0 80', '120,10 80', '0,20 200', '0,30 200']);
  });

  it('shortens the lines beside a right float on their right', async () => {
    expect(await lines('<div id=p style="width:200px"><div style="float:right;width:120px;height:10px"></div>aaaa bbbb cccc dddd eeee ffff</div>', 'p'))
      .toEqual(['0,0 80', '0,10 200']);
  });

  it('places a float standing in the middle of a line at the top of that line when it still fits', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="width:200px">aaaa <span id=f style="float:left;width:50px;height:10px"></span>bbbb</div>`);
    expect(findById(doc.pages[0]!, 'f')).toMatchObject({ x: 0, y: 0 });
    const first = (await lines('<div id=p style="width:200px">aaaa <span style="float:left;width:50px;height:10px"></span>bbbb</div>', 'p'))[0];
    expect(first).toBe('50,0 150');
  });

  it('puts a float that has no room beside its line below that line', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="width:100px">aaaa bbbb cccc <span id=f style="float:right;width:90px;height:10px"></span>dd</div>`);
    expect(findById(doc.pages[0]!, 'f')).toMatchObject({ x: 10, y: 10 });
  });

  it('moves a line down past floats that leave no room for its first word', async () => {
    expect(await lines('<div id=p style="width:100px"><div style="float:left;width:90px;height:20px"></div>abcdefgh</div>', 'p'))
      .toEqual(['0,20 100']);
  });

  it('keeps a paragraph with a hanging text-indent beside a float, counting the indent in its first line (as Chromium)', async () => {
    // a 110x30 float, a line "x" beside it, then the paragraph: its first line outdented into the
    // padding (or the float's side) has 22px more room, and fits beside the float; before, its
    // content was measured against the line box without the indent and it went below the float.
    // Chromium 156's getBoundingClientRect of the paragraph and of its first word, per variant.
    const text = '<span id=w>aaaa</span> bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm';
    const at = async (float: string, paragraph: string, dir = ''): Promise<string> => {
      const laid = await boxesOf(`<div style="width:200px"${dir}><div style="float:${float};width:110px;height:30px"></div><div>x</div>${paragraph}</div>`, '', ['p', 'w']);
      return `${laid['p']!.replace(/ .*x/, ' h')} / ${laid['w']!.replace(/ .*/, '').replace(/\.(\d)\d*/g, '.$1')}`;
    };
    const hang = 'text-indent:-22px;padding-left:22px';
    expect(await at('right', `<p id=p style="margin:0;${hang}">${text}</p>`)).toBe('0,10 h40 / 0,9');
    expect(await at('left', `<p id=p style="margin:0;${hang}">${text}</p>`)).toBe('0,10 h30 / 88,9');
    expect(await at('right', `<p id=p style="margin:0;text-indent:-10%;padding-left:10%">${text}</p>`)).toBe('0,10 h40 / 2,9');
    expect(await at('right', `<p id=p style="margin:0;text-indent:-22px">${text}</p>`)).toBe('0,10 h30 / -22,9');
    // right to left, the float on the left: the first word at 121.73
    expect(await at('left', `<p id=p style="margin:0;text-indent:-22px;padding-right:22px">${text}</p>`, ' dir=rtl')).toBe('0,10 h40 / 121.7,9');
    // a list item with its marker outside
    expect(await at('right', `<ol style="margin:0;padding-left:30px"><li id=p style="${hang}">${text}</li></ol>`)).toBe('30,10 h40 / 30,9');
    // a positive indent counts too: the first word fits the 90px beside the float, not after 30px (below it at y 30)
    expect(await at('right', '<p id=p style="margin:0;text-indent:30px"><span id=w>abcdefghijkl</span> bbbb cccc dddd eeee ffff</p>')).toBe('0,10 h40 / 30,29');
  });

  it('counts the text-indent in the room a float met in the first line needs beside it (as Chromium)', async () => {
    // 60px indent: "aaaa bbbb " and the 100px float no longer fit in 200px, the float waits below the line;
    // -40px: "aaaa bbbb cccc " and the float fit beside the 160px line box (Chromium 156: f at 100,10 and 100,0)
    const float = (id: string): string => `<span id=${id} style="float:right;width:100px;height:20px"></span>`;
    expect(await boxesOf(`<p style="margin:0;width:200px;text-indent:60px">aaaa bbbb ${float('f')}cccc dddd eeee ffff gggg hhhh iiii</p>`, '', ['f']))
      .toEqual({ f: '100,10 100x20' });
    expect(await boxesOf(`<p style="margin:0;width:160px;text-indent:-40px;padding-left:40px">aaaa bbbb cccc ${float('f')}eeee ffff gggg hhhh iiii</p>`, '', ['f']))
      .toEqual({ f: '100,0 100x20' });
  });

  it('narrows a line taller than its strut by a float beside its lower part (as Chromium)', async () => {
    // 10px inline-blocks on lines whose strut is 0: the second line, at y 10, meets the float at 18-20
    // below the first one; it does not fit beside it and goes below (Chromium: the block at 0,20)
    const blocks = Array.from({ length: 13 }, (_, i) => `<i id=i${i} style="display:inline-block;width:20px;height:10px;vertical-align:top;margin-right:2px"></i>`).join('');
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="width:300px;font-size:0;line-height:0"><div style="float:left;padding:9px"></div><div style="float:left;width:281px;margin:1px"></div>${blocks}</div>`);
    const at = (id: string): string => { const f = findById(doc.pages[0]!, id)!; return `${f.x},${f.y}`; };
    expect([at('i0'), at('i11'), at('i12')]).toEqual(['18,0', '260,0', '0,20']);
  });
});

describe('clearance (CSS2 §9.5.2)', () => {
  it('starts the line after a clearing <br> below the floats it clears, its own line beside them (Chromium 156: the next line at 35)', async () => {
    // `<br clear=all>` of old templates, `br { clear: both }` of others; before, the break cleared nothing
    const body = '<div id=c><div style="float:left;width:40px;height:35px"></div><div style="float:right;width:20px;height:15px"></div>'
      + 'beside<br clear=all>after<br style="clear:left">x</div><div id=l><div style="float:right;width:20px;height:25px"></div>a<br clear=left>b</div>';
    expect(await lines(body, 'c')).toEqual(['40,0 340', '0,35 400', '0,45 400']);
    expect(await lines(body, 'l')).toEqual(['0,55 380', '0,65 380']);
  });

  it('puts a clearing block below the floats it clears', async () => {
    expect(await boxesOf('<div style="float:left;width:10px;height:40px"></div><div id=c style="clear:left;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,40 400x10' });
  });

  it('clears only the side it names', async () => {
    expect(await boxesOf('<div style="float:right;width:10px;height:40px"></div><div id=c style="clear:left;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,0 400x10' });
    expect(await boxesOf('<div style="float:right;width:10px;height:40px"></div><div id=c style="clear:both;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,40 400x10' });
  });

  it('adds no clearance when the margins already put the box below the floats', async () => {
    expect(await boxesOf('<div style="float:left;width:10px;height:20px"></div><p style="margin:0;height:5px"></p><div id=c style="clear:both;margin-top:30px;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,35 400x10' });
  });

  it('clears floats that adjoin the margins above: the margin would move them too (negative clearance)', async () => {
    // measured in Chromium: the float stays at the top, the box sits right below it, not 30px down
    expect(await boxesOf('<div style="float:left;width:10px;height:20px"></div><div id=c style="clear:both;margin-top:30px;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,20 400x10' });
    // an empty cleared box: the flow goes on from its border edge (WPT negative-clearance-after-adjoining-float)
    expect(await boxesOf('<div><div id=p><div style="float:left;width:100px;height:50px"></div><div style="clear:left;margin-top:200px"></div></div><div id=n style="height:50px"></div></div>', '', ['p', 'n']))
      .toEqual({ p: '0,0 400x50', n: '0,50 400x50' });
  });

  it('places a clearing float below the floats it clears', async () => {
    expect(await boxesOf('<div style="float:left;width:10px;height:20px"></div><div id=f style="float:left;clear:left;width:10px;height:10px"></div>', '', ['f']))
      .toEqual({ f: '0,20 10x10' });
  });
});

describe('formatting context roots beside floats (CSS2 §9.5, §10.6.7)', () => {
  it('narrows a block formatting context root so that it does not overlap a float', async () => {
    expect(await boxesOf('<div style="float:left;width:100px;height:50px"></div><div id=b style="overflow:hidden;height:20px"></div>', '', ['b']))
      .toEqual({ b: '100,0 300x20' });
  });

  it('moves a root that is too wide for the room beside the floats below them', async () => {
    expect(await boxesOf('<div style="float:left;width:100px;height:50px"></div><div id=b style="display:flow-root;width:350px;height:20px"></div>', '', ['b']))
      .toEqual({ b: '0,50 350x20' });
  });

  it('does not let a negative margin widen a root past the float: too wide for the room, it goes below', async () => {
    // Chromium: beside the float the auto width is the room (50px) less the margin (+60px) = 110px > 50px;
    // below the float the margin reaches out of the container (taffy float_bfc_large_negative_margin_moves_below_float)
    expect(await boxesOf('<div style="width:100px"><div style="float:left;width:50px;height:100px"></div><div id=b style="overflow:hidden;height:50px;margin-left:-60px"></div></div>', '', ['b']))
      .toEqual({ b: '-60,100 160x50' });
  });

  it('ignores a negative margin on the side away from the float: the root takes the room beside it', async () => {
    expect(await boxesOf('<div style="width:200px"><div style="float:right;width:50px;height:100px"></div><div id=b style="overflow:hidden;height:50px;margin-left:-20px"></div></div>', '', ['b']))
      .toEqual({ b: '0,0 150x50' });
  });

  it('keeps a small negative margin toward the float beside it, the border box touching the float', async () => {
    expect(await boxesOf('<div style="width:200px"><div style="float:left;width:50px;height:100px"></div><div id=b style="overflow:hidden;height:50px;width:100px;margin-left:-20px"></div></div>', '', ['b']))
      .toEqual({ b: '50,0 100x50' });
  });

  it('lets a normal block overlap the float while its lines avoid it', async () => {
    expect(await boxesOf('<div style="float:left;width:100px;height:50px"></div><div id=b style="height:20px"></div>', '', ['b']))
      .toEqual({ b: '0,0 400x20' });
  });

  it('pushes a root that does not fit beside an adjoining float below it, its margin no longer collapsing with the parent\'s', async () => {
    expect(await boxesOf('<div id=p><div><div style="float:left;width:400px;height:200px"></div></div><div id=b style="overflow:hidden;margin-top:200px;height:1px"></div></div>', '', ['p', 'b']))
      .toEqual({ p: '0,0 400x201', b: '0,200 400x1' });
  });

  it('grows a formatting context root to contain its floats, and not a normal block', async () => {
    expect(await boxesOf('<div id=root style="display:flow-root"><div style="float:left;width:10px;height:40px"></div></div><div id=plain><div style="float:left;width:10px;height:40px"></div></div>', '', ['root', 'plain']))
      .toEqual({ root: '0,0 400x40', plain: '0,40 400x0' });
  });
});

describe('floats across pages (CSS Fragmentation 3 §4.3, parallel flows)', () => {
  it('breaks a float whose height does not fit where it is, as Chromium 156 prints it', async () => {
    // before: moved whole to the next page (as WeasyPrint does)
    expect(await fragmentsOf('<div style="height:280px"></div><div id=f style="float:left;width:50px;height:50px"></div>', '', ['f']))
      .toEqual({ f: '0,280 50x20 | p2 0,0 50x30' });
    // an image cannot break: it moves
    expect(await boxesOf(`<div style="height:280px"></div><img id=i style="float:left;width:50px;height:50px" src="${PIXEL}">`, '', ['i']))
      .toEqual({ i: 'p2 0,0 50x50' });
  });

  const SHORT = '@page { size: 200px 30px } p { margin: 0 } * { orphans: 1; widows: 1 }';
  const FIVE = 'a<br>b<br>c<br>d<br>e';

  it('splits a float taller than the rest of the page and continues it at the top of the next page', async () => {
    expect(await fragmentsOf(`<div id=f style="float:left;width:50px">${FIVE}</div><p id=t>x</p>`, SHORT, ['f', 't']))
      .toEqual({ f: '0,0 50x30 | p2 0,0 50x20', t: '0,0 200x10' });
  });

  it('lays the text that follows beside the float on both pages', async () => {
    const words = Array.from({ length: 60 }, () => 'xxx').join(' ');
    const doc = await layoutHtml(`<style>${PAGE} ${SHORT}</style><div style="float:left;width:50px">${FIVE}</div><p id=t>${words}</p>`);
    const linesOf = (page: number): string[] => {
      const p = findById(doc.pages[page]!, 't');
      return p?.kind === 'box' ? p.children.filter((c) => c.kind === 'line').map((l) => `${l.x},${l.y} ${l.width}`) : [];
    };
    expect(linesOf(0)).toEqual(['50,0 150', '50,10 150', '50,20 150']);
    expect(linesOf(1).slice(0, 2)).toEqual(['50,0 150', '50,10 150']);
    expect(linesOf(1)[2]).toBe('0,20 200');
  });

  it('keeps the paragraph after a split float beside it at the page top even when widows cannot be met', async () => {
    // floats are no break opportunity before the paragraph: as Chromium, its lines go beside them (2, then 1)
    const doc = await layoutHtml(`<style>${PAGE} @page { size: 200px 20px } p { margin: 0; orphans: 2; widows: 2 }</style><div style="float:left;width:50px">${FIVE}</div><p id=t>${Array.from({ length: 18 }, () => 'xxx').join(' ')}</p>`);
    const linesOf = (page: number): string[] => {
      const p = findById(doc.pages[page]!, 't');
      return p?.kind === 'box' ? p.children.filter((c) => c.kind === 'line').map((l) => `${l.x},${l.y} ${l.width}`) : [];
    };
    expect([linesOf(0), linesOf(1)]).toEqual([['50,0 150', '50,10 150'], ['50,0 150']]);
  });

  it('places the following blocks on the first page while the float continues (the float is in a paragraph)', async () => {
    expect(await fragmentsOf(`<p id=a>a<span id=f style="float:right;width:50px">${FIVE}</span></p><p id=b>b</p>`, SHORT, ['a', 'f', 'b']))
      .toEqual({ a: '0,0 200x10 | p2 0,0 200x0', f: '150,0 50x30 | p2 150,0 50x20', b: '0,10 200x10' });
  });

  it('continues two floats side by side, each where it was', async () => {
    expect(await fragmentsOf(`<div id=l style="float:left;width:20px">${FIVE}</div><div id=r style="float:right;width:30px">${FIVE}<br>f</div>`, SHORT, ['l', 'r']))
      .toEqual({ l: '0,0 20x30 | p2 0,0 20x20', r: '170,0 30x30 | p2 170,0 30x30' });
  });

  it('splits a float taller than a page over three pages', async () => {
    expect(await fragmentsOf(`<div id=f style="float:left;width:20px">${FIVE}<br>f<br>g</div>`, SHORT, ['f']))
      .toEqual({ f: '0,0 20x30 | p2 0,0 20x30 | p3 0,0 20x10' });
  });

  it('puts a block that clears the float below its last piece', async () => {
    expect(await fragmentsOf(`<div style="float:left;width:20px">${FIVE}</div><p id=c style="clear:left">c</p>`, SHORT, ['c']))
      .toEqual({ c: 'p2 0,20 200x10' });
  });

  it('puts a float that clears the split float below its last piece, not past the first page', async () => {
    expect(await fragmentsOf(`<div style="float:left;width:20px">${FIVE}</div><div id=c style="float:left;clear:left;width:20px">c</div>`, SHORT, ['c']))
      .toEqual({ c: 'p2 0,20 20x10' });
  });

  it('carries the rest of an empty float\'s height over to the next page (Chromium 156)', async () => {
    expect(await fragmentsOf('<p>a</p><div id=f style="float:left;width:20px;height:25px"></div>', SHORT, ['f']))
      .toEqual({ f: '0,10 20x20 | p2 0,0 20x5' });
  });

  it('continues the line that follows a float split below it after the float\'s last piece, losing no line', async () => {
    // 10px pages: one line each; the float waits below "a2" (no room beside it), fills pages 3-4, then "a3"
    const doc = await layoutHtml(`<style>${PAGE} @page { size: 200px 10px } p { margin: 0; width: 20px }</style><p>a1 a2 <span style="float:left;width:15px">c1 c2</span> a3 a4</p>`);
    expect(doc.pages.map((page) => page.children.flatMap(textFragments).map((t) => t.text).join(' '))).toEqual(['a1', 'a2', 'c1', 'c2', 'a3', 'a4']);
  });

  it('moves floats nested in floats, each waiting below its line, past the page end to the next page (as Chromium)', async () => {
    // each float is too wide to stand beside its parent's word: it waits below it. f3 would start at
    // the page end: the page is not empty there, so it goes on the next page, not over the end
    const nested = (depth: number): string => depth === 5 ? '' : `<div id=f${depth} style="float:left;width:100%">a${depth} ${nested(depth + 1)}</div>`;
    expect(await fragmentsOf(nested(0), SHORT, ['f0', 'f2', 'f3', 'f4']))
      .toEqual({ f0: '0,0 200x30 | p2 0,0 200x20', f2: '0,20 200x10 | p2 0,0 200x20', f3: 'p2 0,0 200x20', f4: 'p2 0,10 200x10' });
  });

  it('lays out 150 floats nested at 90 % width, each below its line, in one pass per page', async () => {
    // each level was laid out again for every placement of its parent past the page end: 2^depth
    // (from 75 levels the render ran into its time limit; the words past the first page were lost)
    const doc = await layoutHtml(`<style>${PAGE} div { float: left; width: 90% }</style>${Array.from({ length: 150 }, (_, i) => `<div>x${i} `).join('')}${'</div>'.repeat(150)}`);
    const words = doc.pages.flatMap((page) => page.children.flatMap(textFragments).map((t) => t.text.trim()));
    expect(words.sort()).toEqual(Array.from({ length: 150 }, (_, i) => `x${i}`).sort());
    expect(doc.pages.length).toBe(5);
  });

  it('draws the two pieces of the split float (pixels)', async () => {
    const css = '@page { size: 8px 4px; margin: 0 } body { margin: 0; font: 2px/2px "DejaVu Sans" } p { margin: 0; orphans: 1; widows: 1 }';
    const pages = await renderPixels(`<style>${css}</style><div style="float:left;width:2px"><div style="height:2px;background:blue"></div><div style="height:2px;background:red"></div><div style="height:2px;background:lime"></div></div><div style="margin-left:4px;width:4px;background:black">${'<div style="height:2px"></div>'.repeat(3)}</div>`);
    expect(pages).toEqual([
      ['BB__KKKK', 'BB__KKKK', 'RR__KKKK', 'RR__KKKK'],
      ['GG__KKKK', 'GG__KKKK', '________', '________'],
    ]);
  });
});

/** Every fragment of each element, on every page. */
async function fragmentsOf(body: string, css: string, ids: string[]): Promise<Record<string, string>> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
  const out: Record<string, string> = {};
  for (const id of ids) {
    const found = doc.pages.map((page, index) => ({ f: findById(page, id), index })).filter((p) => p.f !== undefined);
    out[id] = found.map(({ f, index }) => `${index > 0 ? `p${index + 1} ` : ''}${f!.x},${f!.y} ${f!.width}x${f!.height}`).join(' | ') || 'missing';
  }
  return out;
}
