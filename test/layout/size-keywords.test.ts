import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

// Two 30px inline-blocks with a break opportunity between them and no space: min-content 30,
// max-content 60. Every expected box below is the one Chromium 156 prints for the same HTML.
const PAIR = '<span class=ib></span>&#8203;<span class=ib></span>';
const CSS = '.ib { display: inline-block; width: 30px; height: 10px } div, td { font-size: 0 } table { border-spacing: 0 } td { padding: 0 }';

async function geometry(body: string, id: string, expectWarnings: readonly string[] = []): Promise<string> {
  const doc = await layoutHtml(`<!DOCTYPE html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } ${CSS}</style>${body}`, { expectWarnings });
  const fragment = findById(doc.pages[0]!, id);
  if (fragment === undefined) throw new Error(`#${id} not laid out`);
  return `${fragment.x},${fragment.y} ${fragment.width}x${fragment.height}`;
}

describe('intrinsic size keywords in width (CSS Sizing 3 §3.2)', () => {
  it('sizes a block to its content with fit-content, max-content and min-content', async () => {
    expect(await geometry(`<div id=a style="width:fit-content">${PAIR}</div>`, 'a')).toBe('0,0 60x10');
    expect(await geometry(`<div id=a style="width:max-content">${PAIR}</div>`, 'a')).toBe('0,0 60x10');
    expect(await geometry(`<div id=a style="width:min-content">${PAIR}</div>`, 'a')).toBe('0,0 30x20');
  });

  it('ignores box-sizing: the keyword sizes the content box', async () => {
    expect(await geometry(`<div id=a style="width:min-content;padding:5px;border:2px solid;box-sizing:border-box">${PAIR}</div>`, 'a')).toBe('0,0 44x34');
  });

  it('centres a fit-content box between auto margins', async () => {
    expect(await geometry(`<div id=a style="width:fit-content;margin:0 auto">${PAIR}</div>`, 'a')).toBe('270,0 60x10');
    expect(await geometry(`<div style="width:300px"><div id=a style="width:max-content;margin-left:auto;padding:0 4px;border:1px solid">${PAIR}</div></div>`, 'a')).toBe('230,0 70x12');
  });

  it('shrinks fit-content to a narrow containing block but never below min-content; max-content overflows', async () => {
    expect(await geometry(`<div style="width:50px"><div id=a style="width:fit-content">${PAIR}</div></div>`, 'a')).toBe('0,0 50x20');
    expect(await geometry(`<div style="width:50px"><div id=a style="width:max-content">${PAIR}</div></div>`, 'a')).toBe('0,0 60x10');
  });

  it('resolves keywords in min-width and max-width', async () => {
    expect(await geometry(`<div id=a style="min-width:max-content;width:10px">${PAIR}</div>`, 'a')).toBe('0,0 60x10');
    expect(await geometry(`<div id=a style="max-width:min-content">${PAIR}</div>`, 'a')).toBe('0,0 30x20');
    expect(await geometry(`<div style="width:40px"><div id=a style="min-width:fit-content">${PAIR}</div></div>`, 'a')).toBe('0,0 40x20');
  });

  it('gives a parent that shrinks to fit the keyword as its contribution', async () => {
    const body = `<div style="float:left"><div id=a style="width:min-content">${PAIR}</div><div id=b>${PAIR}<span class=ib></span></div></div>`;
    expect(await geometry(body, 'a')).toBe('0,0 30x20');
    expect(await geometry(body, 'b')).toBe('0,20 90x10');
    expect(await geometry(`<div style="float:left"><div id=a style="min-width:max-content;width:10px">${PAIR}${PAIR}</div></div>`, 'a')).toBe('0,0 120x10');
  });

  it('sizes floats, inline-blocks and absolutely positioned boxes by the keyword', async () => {
    expect(await geometry(`<div id=a style="float:left;width:max-content">${PAIR}</div>`, 'a')).toBe('0,0 60x10');
    expect(await geometry(`<div style="position:relative;width:200px;height:50px"><div id=a style="position:absolute;width:min-content">${PAIR}</div></div>`, 'a')).toBe('0,0 30x20');
    // between two insets, fit-content shrinks instead of filling, and auto margins centre it
    expect(await geometry(`<div style="position:relative;width:300px;height:40px"><div id=a style="position:absolute;left:10px;right:10px;width:fit-content">${PAIR}</div></div>`, 'a')).toBe('10,0 60x10');
    expect(await geometry(`<div style="position:relative;width:300px;height:40px"><div id=a style="position:absolute;left:10px;right:10px;width:max-content;margin:0 auto">${PAIR}</div></div>`, 'a')).toBe('120,0 60x10');
  });

  it('uses the keyword as a flex item size', async () => {
    expect(await geometry(`<div style="display:flex;width:150px"><div id=a style="width:min-content">${PAIR}</div></div>`, 'a')).toBe('0,0 30x20');
    expect(await geometry(`<div style="display:flex;flex-direction:column;width:150px"><div id=a style="width:fit-content">${PAIR}</div></div>`, 'a')).toBe('0,0 60x10');
    // min-width: max-content keeps the item from shrinking below its content
    const body = `<div style="display:flex;width:100px"><div id=a style="min-width:max-content">${PAIR}${PAIR}</div><div id=b style="flex:1"></div></div>`;
    expect(await geometry(body, 'a')).toBe('0,0 120x10');
    expect(await geometry(`<div style="display:flex;width:200px"><div id=a style="max-width:min-content;flex:1">${PAIR}</div><div style="flex:1"></div></div>`, 'a')).toBe('0,0 30x20');
  });

  it('uses the keyword for grid items and in grid track sizing', async () => {
    expect(await geometry(`<div style="display:grid;grid-template-columns:200px"><div id=a style="width:min-content">${PAIR}</div></div>`, 'a')).toBe('0,0 30x20');
    const body = `<div style="display:grid;grid-template-columns:min-content 1fr;width:300px"><div id=a style="width:max-content">${PAIR}</div><div id=b></div></div>`;
    expect(await geometry(body, 'a')).toBe('0,0 60x10');
    expect(await geometry(body, 'b')).toBe('60,0 240x10');
  });

  it('sizes a table by the keyword, while column widths treat keywords as auto', async () => {
    expect(await geometry(`<table id=a style="width:min-content"><tr><td>${PAIR}</td></tr></table>`, 'a')).toBe('0,0 30x20');
    expect(await geometry(`<div style="width:50px"><table id=a style="width:max-content"><tr><td>${PAIR}</td></tr></table></div>`, 'a')).toBe('0,0 60x10');
    const cells = `<table style="width:300px"><tr><td id=a style="width:min-content">${PAIR}</td><td id=b><span class=ib></span></td></tr></table>`;
    expect(await geometry(cells, 'a')).toBe('0,0 200x10');
    expect(await geometry(cells, 'b')).toBe('200,0 100x10');
  });
});

describe('stretch (CSS Sizing 4 §3.1)', () => {
  it('fills the containing block less the margins, whatever the formatting context', async () => {
    expect(await geometry('<div id=a style="width:stretch;margin:0 20px;padding:0 5px;height:1px"></div>', 'a')).toBe('20,0 560x1');
    expect(await geometry('<div style="display:flex;width:150px"><div id=a style="width:stretch;height:1px"></div><div style="width:30px;flex-shrink:0"></div></div>', 'a')).toBe('0,0 120x1');
    expect(await geometry('<div><div id=a style="display:inline-block;width:stretch;margin-left:10px;height:1px"></div></div>', 'a')).toBe('10,0 590x1');
    expect(await geometry('<div style="display:grid;grid-template-columns:200px"><div id=a style="width:stretch;justify-self:start;margin-left:10px;height:1px"></div></div>', 'a')).toBe('10,0 190x1');
    expect(await geometry('<div style="width:60px"><table id=a style="width:stretch;margin-left:5px"><tr><td><span class=ib></span></td></tr></table></div>', 'a')).toBe('5,0 55x10');
  });

  it('accepts the prefixed spellings', async () => {
    expect(await geometry('<div style="width:60px"><div id=a style="width:-webkit-fill-available;margin-left:10px;height:1px"></div></div>', 'a')).toBe('10,0 50x1');
    expect(await geometry('<div style="width:60px"><div id=a style="width:-moz-available;margin-right:15px;height:1px"></div></div>', 'a')).toBe('0,0 45x1');
  });

  it('fills a definite height less the margins in block, flex, grid and absolute layout', async () => {
    expect(await geometry('<div style="height:100px;border:1px solid"><div id=a style="height:stretch;margin:10px 0"></div></div>', 'a')).toBe('1,11 598x80');
    expect(await geometry('<div style="display:flex;height:100px"><div id=a style="height:stretch;margin:10px 0;width:10px;align-self:start"></div></div>', 'a')).toBe('0,10 10x80');
    expect(await geometry('<div style="display:grid;grid-template-columns:200px;height:50px"><div id=a style="height:stretch;align-self:start"></div></div>', 'a')).toBe('0,0 200x50');
    expect(await geometry('<div style="position:relative;height:100px"><div id=a style="position:absolute;height:stretch;top:10px;margin:5px;width:10px"></div></div>', 'a')).toBe('5,15 10x80');
  });

  it('makes an image fill the width, its height following the ratio', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>')}`;
    expect(await geometry(`<div style="width:300px"><img id=a style="display:block;width:stretch" src="${svg}"></div>`, 'a')).toBe('0,0 300x150');
    expect(await geometry(`<div style="width:300px"><img id=a style="display:block;width:min-content" src="${svg}"></div>`, 'a')).toBe('0,0 40x20');
  });
});

describe('intrinsic keywords in the block axis', () => {
  it('treats them as auto in height, and as the content height in min-height', async () => {
    expect(await geometry(`<div id=a style="height:max-content"><span class=ib></span></div>`, 'a')).toBe('0,0 600x10');
    expect(await geometry(`<div id=a style="height:10px;min-height:max-content"><span class=ib></span><br><span class=ib></span></div>`, 'a')).toBe('0,0 600x20');
    expect(await geometry(`<div id=a style="height:50px;max-height:fit-content"><span class=ib></span></div>`, 'a')).toBe('0,0 600x10');
  });

  it('resolves stretch in min-height and max-height as the height stretch fills, in block, flex and grid layout', async () => {
    // as Chromium lays them out (getBoundingClientRect)
    expect(await geometry('<div style="height:100px;border:1px solid"><div id=a style="min-height:stretch;margin:10px 0;padding:5px"></div></div>', 'a')).toBe('1,11 598x80');
    expect(await geometry('<div style="height:100px;display:flow-root"><div id=a style="max-height:-webkit-fill-available;height:500px;margin:10px 0"></div></div>', 'a')).toBe('0,10 600x80');
    expect(await geometry('<div style="height:100px"><div id=a style="min-height:-webkit-fill-available;padding:5px;box-sizing:border-box"></div></div>', 'a')).toBe('0,0 600x100');
    expect(await geometry('<div style="display:flex;flex-direction:column;height:100px"><div id=a style="min-height:-webkit-fill-available;margin:10px 0"></div></div>', 'a')).toBe('0,10 600x80');
    expect(await geometry('<div style="display:grid;grid-template-columns:200px;height:50px"><div id=a style="min-height:-webkit-fill-available;align-self:start"></div></div>', 'a')).toBe('0,0 200x50');
  });

  it('limits an image by a stretch min-height or max-height, its width following the ratio', async () => {
    const svg = (w: number, h: number): string => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"/>`)}`;
    expect(await geometry(`<div style="height:100px;display:flow-root"><img id=a style="display:block;max-height:-webkit-fill-available;margin:10px 0" src="${svg(400, 200)}"></div>`, 'a')).toBe('0,10 160x80');
    expect(await geometry(`<div style="height:100px;display:flow-root"><img id=a style="display:block;min-height:stretch;margin:10px 0" src="${svg(40, 20)}"></div>`, 'a')).toBe('0,10 160x80');
  });

  it('treats stretch in min-height and max-height as auto and none when the containing block has no definite height', async () => {
    expect(await geometry('<div><div id=a style="min-height:stretch;height:5px"></div></div>', 'a')).toBe('0,0 600x5');
    expect(await geometry('<div><div id=a style="max-height:stretch;height:50px"></div></div>', 'a')).toBe('0,0 600x50');
  });
});
