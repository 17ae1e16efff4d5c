/**
 * Floats (CSS2 §9.5): placement rules, text wrapping beside floats, clearance, formatting
 * context roots beside floats, and floats across pages. Geometry is exact, in page coordinates.
 */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/10px "DejaVu Sans" }';

async function boxesOf(body: string, css = '', ids: string[] = []): Promise<Record<string, string>> {
  const doc = await layoutHtml(`<style>${PAGE} ${css}</style>${body}`);
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
  it('puts a left float at the left edge and a right float at the right edge of the containing block', async () => {
    expect(await boxesOf('<div style="padding:5px"><div id=l style="float:left;width:50px;height:20px"></div><div id=r style="float:right;width:60px;height:10px"></div></div>', '', ['l', 'r']))
      .toEqual({ l: '5,5 50x20', r: '335,5 60x10' });
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

  it('maps inline-start and inline-end to the left and right in left-to-right text', async () => {
    expect(await boxesOf('<div id=s style="float:inline-start;width:10px;height:10px"></div><div id=e style="float:inline-end;width:10px;height:10px"></div>', '', ['s', 'e']))
      .toEqual({ s: '0,0 10x10', e: '390,0 10x10' });
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
});

describe('clearance (CSS2 §9.5.2)', () => {
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
    expect(await boxesOf('<div style="float:left;width:10px;height:20px"></div><div id=c style="clear:both;margin-top:30px;height:10px"></div>', '', ['c']))
      .toEqual({ c: '0,30 400x10' });
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

  it('lets a normal block overlap the float while its lines avoid it', async () => {
    expect(await boxesOf('<div style="float:left;width:100px;height:50px"></div><div id=b style="height:20px"></div>', '', ['b']))
      .toEqual({ b: '0,0 400x20' });
  });

  it('grows a formatting context root to contain its floats, and not a normal block', async () => {
    expect(await boxesOf('<div id=root style="display:flow-root"><div style="float:left;width:10px;height:40px"></div></div><div id=plain><div style="float:left;width:10px;height:40px"></div></div>', '', ['root', 'plain']))
      .toEqual({ root: '0,0 400x40', plain: '0,40 400x0' });
  });
});

describe('floats across pages (CSS Fragmentation 3)', () => {
  it('moves a float that does not fit on the page to the next page', async () => {
    expect(await boxesOf('<div style="height:280px"></div><div id=f style="float:left;width:50px;height:50px"></div>', '', ['f']))
      .toEqual({ f: 'p2 0,0 50x50' });
  });
});
