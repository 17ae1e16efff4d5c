/** Flex layout (CSS Flexbox 1), grouped by the section of §9 each case checks; geometry as Chromium computes it. */
import { describe, expect, it } from 'vitest';
import type { Fragment } from '../../src/layout/types.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import { PAGE, geometry, items, pages } from '../helpers/geometry.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import { renderPage } from '../helpers/render.js';

describe('§9.2 flex base size and hypothetical main size', () => {
  it('takes the flex basis, else the width, else the max-content size', async () => {
    expect(await geometry(`<div style="display:flex">${items(['flex-basis:120px;width:50px;height:5px', 'width:70px;height:5px'])}<div id=c style="height:5px"><div style="width:33px"></div></div></div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,0 120x5', 'b 120,0 70x5', 'c 190,0 33x5']);
  });

  it('resolves a percentage basis against the container width, with box-sizing', async () => {
    expect(await geometry(`<div style="display:flex;width:400px">${items(['flex-basis:25%;padding:0 10px;height:5px', 'flex-basis:25%;padding:0 10px;box-sizing:border-box;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 120x5', 'b 120,0 100x5']);
  });

  it('keeps an item from shrinking below its min-content width (min-width: auto, §4.5) unless min-width is set', async () => {
    const row = (minWidth: string): string => `<div style="display:flex;width:300px"><div id=a style="height:5px;${minWidth}"><div style="width:250px"></div></div><div id=b style="width:200px;height:5px"></div></div>`;
    expect(await geometry(row(''), ['a', 'b'])).toEqual(['a 0,0 250x5', 'b 250,0 50x5']);
    expect(await geometry(row('min-width:0'), ['a', 'b'])).toEqual(['a 0,0 166.67x5', 'b 166.67,0 133.33x5']);
  });
});

describe('§9.3 collecting items into lines (flex-wrap)', () => {
  it('starts a new line when the next item does not fit', async () => {
    expect(await geometry(`<div style="display:flex;flex-wrap:wrap;width:300px">${items(['width:120px;height:10px', 'width:120px;height:20px', 'width:120px;height:10px'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,0 120x10', 'b 120,0 120x20', 'c 0,20 120x10']);
  });

  it('stacks lines from the bottom with wrap-reverse', async () => {
    expect(await geometry(`<div style="display:flex;flex-wrap:wrap-reverse;width:300px">${items(['width:120px;height:10px', 'width:120px;height:20px', 'width:120px;height:10px'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,20 120x10', 'b 120,10 120x20', 'c 0,0 120x10']);
  });

  it('puts row-gap between lines and column-gap between items', async () => {
    expect(await geometry(`<div style="display:flex;flex-wrap:wrap;gap:10px 20px;width:250px">${items(['width:100px;height:10px', 'width:100px;height:10px', 'width:100px;height:10px'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,0 100x10', 'b 120,0 100x10', 'c 0,20 100x10']);
  });
});

describe('§9.7 resolving flexible lengths', () => {
  it('shares positive free space by flex-grow', async () => {
    expect(await geometry(`<div style="display:flex">${items(['width:100px;flex-grow:1;height:5px', 'width:200px;flex-grow:3;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 175x5', 'b 175,0 425x5']);
  });

  it('takes negative free space back by flex-shrink times the base size', async () => {
    expect(await geometry(`<div style="display:flex;width:200px">${items(['width:100px;height:5px', 'width:300px;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 50x5', 'b 50,0 150x5']);
  });

  it('freezes an item at its max-width and gives the rest to the others', async () => {
    expect(await geometry(`<div style="display:flex">${items(['flex:1;max-width:100px;height:5px', 'flex:1;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 100x5', 'b 100,0 500x5']);
  });

  it('distributes from a zero basis with the flex shorthand', async () => {
    expect(await geometry(`<div style="display:flex">${items(['flex:1;height:5px;padding-left:30px', 'flex:2;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 220x5', 'b 220,0 380x5']);
  });

  it('hands out only part of the free space when the grow factors sum below 1', async () => {
    expect(await geometry(`<div style="display:flex">${items(['width:100px;flex-grow:0.25;height:5px', 'width:100px;flex-grow:0.25;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 200x5', 'b 200,0 200x5']);
  });
});

describe('§9.4 cross sizes', () => {
  it('stretches auto-height items to the line, and not those with a height or auto margins', async () => {
    expect(await geometry(`<div style="display:flex">${items(['width:10px', 'width:10px;height:40px', 'width:10px;margin:auto 0;height:5px'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['a 0,0 10x40', 'b 10,0 10x40', 'c 20,17.5 10x5']);
  });

  it('stretches each line of a multi-line container, sharing the extra room (align-content: normal)', async () => {
    expect(await geometry(`<div style="display:flex;flex-wrap:wrap;width:300px;height:100px">${items(['width:200px', 'width:200px;height:10px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 200x45', 'b 0,45 200x10']);
  });

  it('gives a column item the container width, or its fit-content width when not stretched', async () => {
    expect(await geometry(`<div style="display:flex;flex-direction:column;width:300px">${items(['height:10px'])}<div id=b style="align-self:flex-start"><div style="width:40px;height:10px"></div></div></div>`, ['a', 'b']))
      .toEqual(['a 0,0 300x10', 'b 0,10 40x10']);
  });
});

describe('§9.5 main-axis alignment', () => {
  const three = items(['width:100px;height:5px', 'width:100px;height:5px', 'width:100px;height:5px']);
  it.each([
    ['flex-start', [0, 100, 200]],
    ['flex-end', [300, 400, 500]],
    ['center', [150, 250, 350]],
    ['space-between', [0, 250, 500]],
    ['space-around', [50, 250, 450]],
    ['space-evenly', [75, 250, 425]],
  ])('justify-content: %s', async (value, xs) => {
    expect(await geometry(`<div style="display:flex;justify-content:${value}">${three}</div>`, ['a', 'b', 'c']))
      .toEqual(xs.map((x, i) => `${'abc'[i]} ${x},0 100x5`));
  });

  it('gives free space to auto margins first', async () => {
    expect(await geometry(`<div style="display:flex;justify-content:center">${items(['width:100px;height:5px', 'width:100px;height:5px;margin-left:auto'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 100x5', 'b 500,0 100x5']);
  });

  it('lays items from the right with row-reverse and from the bottom with column-reverse', async () => {
    expect(await geometry(`<div style="display:flex;flex-direction:row-reverse">${items(['width:100px;height:5px', 'width:50px;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 500,0 100x5', 'b 450,0 50x5']);
    expect(await geometry(`<div style="display:flex;flex-direction:column-reverse;height:200px">${items(['height:50px', 'height:30px'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,150 600x50', 'b 0,120 600x30']);
  });

  it('starts rows on the right in a right-to-left container', async () => {
    expect(await geometry(`<div style="display:flex;direction:rtl">${items(['width:100px;height:5px', 'width:50px;height:5px'])}</div>`, ['a', 'b']))
      .toEqual(['a 500,0 100x5', 'b 450,0 50x5']);
  });

  it('grows column items into a definite height', async () => {
    expect(await geometry(`<div style="display:flex;flex-direction:column;height:300px">${items(['height:50px', 'flex:1'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,0 600x50', 'b 0,50 600x250']);
  });

  it('places items in `order`, stable for equal values', async () => {
    expect(await geometry(`<div style="display:flex">${items(['order:2;width:10px;height:5px', 'order:1;width:20px;height:5px', 'order:1;width:30px;height:5px'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['a 50,0 10x5', 'b 0,0 20x5', 'c 20,0 30x5']);
  });
});

describe('§9.6 cross-axis alignment', () => {
  it.each([
    ['flex-start', 0], ['start', 0], ['center', 40], ['flex-end', 80], ['end', 80],
  ])('align-items: %s', async (value, y) => {
    expect(await geometry(`<div style="display:flex;height:100px;align-items:${value}">${items(['width:10px;height:20px'])}</div>`, ['a']))
      .toEqual([`a 0,${y} 10x20`]);
  });

  it('lets align-self override align-items', async () => {
    expect(await geometry(`<div style="display:flex;height:100px;align-items:center">${items(['width:10px;height:20px;align-self:flex-end', 'width:10px;align-self:stretch'])}</div>`, ['a', 'b']))
      .toEqual(['a 0,80 10x20', 'b 10,0 10x100']);
  });

  it('aligns first baselines (align-items: baseline)', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div style="display:flex;align-items:baseline;font-size:10px;line-height:10px">
      <div id=a style="padding-top:20px">x</div><div id=b>y</div><div id=c style="font-size:20px;line-height:20px">z</div></div>`);
    const a = findById(doc.pages[0]!, 'a')!;
    const b = findById(doc.pages[0]!, 'b')!;
    const c = findById(doc.pages[0]!, 'c')!;
    expect(a.y).toBe(0);
    expect(b.y).toBe(20);
    expect(baselineOf(a) - a.y + a.y).toBeCloseTo(baselineOf(b), 5);
    expect(baselineOf(c)).toBeCloseTo(baselineOf(a), 5);
  });

  it.each([
    ['flex-start', [0, 10]], ['center', [40, 50]], ['flex-end', [80, 90]], ['space-between', [0, 90]], ['space-around', [20, 70]],
  ])('align-content: %s', async (value, ys) => {
    expect(await geometry(`<div style="display:flex;flex-wrap:wrap;width:300px;height:100px;align-content:${value}">${items(['width:200px;height:10px', 'width:200px;height:10px'])}</div>`, ['a', 'b']))
      .toEqual(ys.map((y, i) => `${'ab'[i]} 0,${y} 200x10`));
  });
});

/** The baseline of the first line box inside a fragment, in page coordinates. */
function baselineOf(fragment: Fragment): number {
  if (fragment.kind === 'line') return fragment.baseline;
  if (fragment.kind !== 'box') throw new Error('no baseline');
  for (const child of fragment.children) {
    if (child.kind === 'line' || child.kind === 'box') return baselineOf(child);
  }
  throw new Error('no line');
}

describe('flex containers as items, text and images', () => {
  it('makes items of the children of a display: contents child, blockified and ordered (MkDocs Material\'s printed tabs)', async () => {
    // Chromium 156: the spans are blocks of their own size, placed by `order` among the other items
    expect(await geometry('<div style="display:flex;flex-direction:column;width:300px"><div style="display:contents"><span id=a style="width:50px;height:10px;order:2"></span><span id=b style="width:60px;height:20px;order:1"></span></div><div id=c style="height:5px;order:1"></div></div>', ['a', 'b', 'c']))
      .toEqual(['a 0,25 50x10', 'b 0,0 60x20', 'c 0,20 300x5']);
  });

  it('wraps text between items in an anonymous item beside them', async () => {
    const doc = await layoutHtml(`<style>${PAGE}</style><div id=f style="display:flex">Total<div id=b style="width:50px;height:10px"></div></div>`);
    const container = findById(doc.pages[0]!, 'f')!;
    if (container.kind !== 'box') throw new Error('box expected');
    const [text, b] = container.children;
    expect(text?.kind === 'box' && text.box.element === undefined).toBe(true);
    expect([text!.x, text!.y]).toEqual([0, 0]);
    expect([b!.x, b!.y]).toEqual([text!.width, 0]);
    expect(text!.width).toBeGreaterThan(10);
  });

  it('sizes an image item from its natural size and ratio, stretched or not', async () => {
    const src = pngDataUrl(pixelRows(40, 20, () => [255, 0, 0, 255]));
    expect(await geometry(`<div style="display:flex;align-items:flex-start"><img id=a src="${src}"><img id=b src="${src}" style="width:20px"></div>`, ['a', 'b']))
      .toEqual(['a 0,0 40x20', 'b 40,0 20x10']);
    expect(await geometry(`<div style="display:flex;flex-direction:column;align-items:flex-start"><img id=a src="${src}" style="height:10px"></div>`, ['a']))
      .toEqual(['a 0,0 20x10']);
  });

  it('keeps an item\'s children\'s margins inside it (items are formatting context roots)', async () => {
    expect(await geometry('<div style="display:flex"><div id=a><div style="margin-top:10px;height:10px;width:5px"></div></div></div>', ['a']))
      .toEqual(['a 0,0 5x20']);
  });

  it('shrink-wraps an inline-flex container and a floated flex container to their items', async () => {
    const inline = await geometry(`<div><span id=f style="display:inline-flex">${items(['width:30px;height:10px', 'width:40px;height:10px'])}</span></div>`, ['f', 'b']);
    expect(inline.map((line) => line.replace(/,[\d.]+ /, ' '))).toEqual(['f 0 70x10', 'b 30 40x10']);
    expect(await geometry(`<div id=f style="float:left;display:flex;gap:5px">${items(['width:30px;height:10px', 'width:40px;height:10px'])}</div>`, ['f', 'b']))
      .toEqual(['f 0,0 75x10', 'b 35,0 40x10']);
  });

  it('lays out nested flex containers', async () => {
    expect(await geometry(`<div style="display:flex"><div id=a style="display:flex;flex-direction:column;flex:1">${items(['height:10px', 'height:20px'])}</div><div id=x style="width:100px"></div></div>`, ['a', 'x']))
      .toEqual(['a 0,0 500x30', 'x 500,0 100x30']);
  });

  it('measures deeply nested flex containers once per constraint (6 levels in well under a second)', async () => {
    let html = '<div style="width:10px;height:10px"></div><div style="flex:1">x</div>';
    for (let depth = 0; depth < 6; depth++) html = `<div style="display:flex;${depth % 2 === 0 ? 'flex-direction:column' : ''}">${html}${html}</div>`;
    const { ms } = await cpuTime(() => layoutHtml(`<style>${PAGE}</style>${html}`));
    expect(ms).toBeLessThan(1500); // CPU time: a measure per item and constraint at each level would take minutes
  });

  it('places an absolutely positioned child where it would be as the sole item (§4.1)', async () => {
    expect(await geometry(`<div style="display:flex;position:relative;padding:5px;justify-content:flex-end">${items(['width:10px;height:10px'])}<div id=p style="position:absolute;width:5px;height:5px"></div></div>`, ['a', 'p']))
      .toEqual(['a 585,5 10x10', 'p 590,5 5x5']);
  });
});

describe('§10 fragmenting flex containers across pages', () => {
  it('breaks a column container between items that avoid breaks inside, and inside an item that does not (Chromium 156)', async () => {
    expect(await pages(`<div style="display:flex;flex-direction:column">${items(['height:150px;break-inside:avoid', 'height:150px;break-inside:avoid', 'height:150px;break-inside:avoid'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['1: a 0,0 600x150', '1: b 0,150 600x150', '2: c 0,0 600x150']);
    // an empty item's height is carried over like any block's
    expect(await pages(`<div style="display:flex;flex-direction:column">${items(['height:150px', 'height:150px', 'height:150px'])}</div>`, ['c']))
      .toEqual(['1: c 0,300 600x100', '2: c 0,0 600x50']);
  });

  it('breaks inside a column item taller than the room left', async () => {
    expect(await pages(`<div style="display:flex;flex-direction:column"><div id=a style="height:300px"></div><div id=b><div id=b1 style="height:80px"></div><div id=b2 style="height:80px"></div></div></div>`, ['a', 'b', 'b1', 'b2']))
      // broken inside, b extends to the page end; b2's height is carried over (as Chromium prints it)
      .toEqual(['1: a 0,0 600x300', '1: b 0,300 600x100', '1: b1 0,300 600x80', '1: b2 0,380 600x20', '2: b 0,0 600x60', '2: b2 0,0 600x60']);
  });

  // Chromium 156's print (pdftotext positions): a column item keeps its flexed main size as its
  // height across the break, its content breaking inside it, so Foot ends the container on page 2
  // (before, g shrank to its content and f went to the top of page 2)
  it('breaks a flexed column item of a container of definite height at its flexed size', async () => {
    const css = 'body { font: 16px/20px "Liberation Sans" } p { margin: 0 }';
    const lines = (n: number): string => Array.from({ length: n }, (_, i) => `<p id=g${i + 1}>G</p>`).join('');
    const panel = (grow: string, n: number): string => `<div style="display:flex;flex-direction:column;height:300px"><div id=h>H</div><div id=g style="${grow}">${lines(n)}</div><div id=f>F</div></div>`;
    expect(await pages(`<div style="height:300px"></div>${panel('flex:1', 5)}`, ['h', 'g', 'g5', 'f'], css))
      .toEqual(['1: h 0,300 600x20', '1: g 0,320 600x80', '2: g 0,0 600x180', '2: g5 0,0 600x20', '2: f 0,180 600x20']);
    // its border and padding are cut at the break like a block's
    expect(await pages(`<div style="height:300px"></div>${panel('flex:1;padding:10px;border:5px solid', 5)}`, ['g', 'g4', 'f'], css))
      .toEqual(['1: g 0,320 600x80', '2: g 0,0 600x180', '2: g4 15,0 570x20', '2: f 0,180 600x20']);
    // content taller than the flexed size overflows it: the item does not grow
    expect(await pages(`<div style="height:300px"></div>${panel('flex:1;min-height:0', 16)}`, ['g', 'g16', 'f'], css))
      .toEqual(['1: g 0,320 600x80', '2: g 0,0 600x180', '2: g16 0,220 600x20', '2: f 0,180 600x20']);
    // on one page, as before
    expect(await pages(panel('flex:1', 5), ['g', 'f'], css)).toEqual(['1: g 0,20 600x260', '1: f 0,280 600x20']);
  });

  // Chromium 156's print (pdftotext positions): the first item starts below the page end, after the
  // container's free space; the empty start stays on page 1 and the items keep their place in the
  // rest of the content box on page 2 (before, they moved up to the container's top on page 1)
  it('leaves the empty start of a column container on the page when its first item starts below the page end', async () => {
    const css = 'body { font: 16px/20px "Liberation Sans" }';
    const panel = (justify: string, ids: readonly string[]): string => `<div style="height:300px"></div><div id=p style="display:flex;flex-direction:column;height:300px;justify-content:${justify}">${ids.map((id) => `<div id=${id}>${id}</div>`).join('')}</div>`;
    expect(await pages(panel('flex-end', ['h', 'm', 'f']), ['p', 'h', 'm', 'f'], css))
      .toEqual(['1: p 0,300 600x100', '2: p 0,0 600x200', '2: h 0,140 600x20', '2: m 0,160 600x20', '2: f 0,180 600x20']);
    expect(await pages(panel('center', ['h', 'm', 'f']), ['h', 'f'], css)).toEqual(['2: h 0,20 600x20', '2: f 0,60 600x20']);
    // the same inside a flexed item broken across the page
    const nested = '<div style="height:300px"></div><div style="display:flex;flex-direction:column;height:300px"><div id=h>H</div><div id=g style="flex:1;display:flex;flex-direction:column;justify-content:flex-end"><div id=b1>B</div><div id=b2>B</div></div><div id=f>F</div></div>';
    expect(await pages(nested, ['g', 'b1', 'b2', 'f'], css))
      .toEqual(['1: g 0,320 600x80', '2: g 0,0 600x180', '2: b1 0,140 600x20', '2: b2 0,160 600x20', '2: f 0,180 600x20']);
  });

  it('moves a row line that does not fit to the next page whole', async () => {
    const six = items(Array.from({ length: 6 }, () => 'width:250px;height:150px;break-inside:avoid'));
    expect(await pages(`<div style="display:flex;flex-wrap:wrap;width:500px">${six}</div>`, ['c', 'd', 'e', 'f']))
      .toEqual(['1: c 0,150 250x150', '1: d 250,150 250x150', '2: e 0,0 250x150', '2: f 250,0 250x150']);
  });

  it('moves a row with a rotated side label (a vertical writing-mode item) that does not fit to the next page whole', async () => {
    // octavo: the row broke at the page end, the label overflowing it (a vertical root is monolithic, as in Chromium 156)
    const row = (id: string): string => `<div id=${id} style="display:flex;height:120px"><div style="writing-mode:vertical-rl;width:20px">Label</div><div style="flex:1">text</div></div>`;
    expect(await pages(`<div style="height:300px"></div>${row('r1')}${row('r2')}`, ['r1', 'r2'], 'body { font: 16px/20px "Liberation Sans" }'))
      .toEqual(['2: r1 0,0 600x120', '2: r2 0,120 600x120']);
  });

  // Chromium's print (pdftotext positions): a row's items are broken in parallel where the line
  // reaches the page end, and the next line follows the tallest of them on the next page
  it('breaks a row line that does not fit inside its items, in parallel, and goes on below them', async () => {
    const ps = (id: string, n: number): string => Array.from({ length: n }, (_, i) => `<p id=${id}${i + 1}>${id}</p>`).join('');
    const cols = [['a', 6], ['b', 2], ['c', 3], ['d', 1]].map(([id, n]) => `<div style="width:50%">${ps(id as string, n as number)}</div>`).join('');
    expect(await pages(`<div style="height:300px"></div><div style="display:flex;flex-wrap:wrap">${cols}</div>`, ['a1', 'a5', 'b2', 'a6', 'c1', 'c3', 'd1'], 'body { font: 16px/20px "Liberation Sans" } p { margin: 0 }'))
      .toEqual(['1: a1 0,300 300x20', '1: a5 0,380 300x20', '1: b2 300,320 300x20', '2: a6 0,0 300x20', '2: c1 0,20 300x20', '2: c3 0,60 300x20', '2: d1 300,20 300x20']);
  });

  it('breaks a line taller than a page inside its items, in parallel', async () => {
    const tall = '<div id=a style="width:590px"><div style="height:300px"></div><div id=a2 style="height:300px"></div></div>';
    expect(await pages(`<div style="display:flex;align-items:flex-start">${tall}<div id=b><div style="height:250px;width:10px"></div><div id=b2 style="height:250px;width:10px"></div></div></div>`, ['a2', 'b2']))
      // (Chromium 156: a2 and b2 break where the line reaches the page end, their heights carried over)
      .toEqual(['1: a2 0,300 590x100', '1: b2 590,250 10x150', '2: a2 0,0 590x200', '2: b2 590,0 10x100']);
  });

  it('continues with the next line right below the end of a line broken across pages', async () => {
    const tall = '<div id=a style="width:590px"><div style="height:300px"></div><div id=a2 style="height:300px"></div></div>';
    expect(await pages(`<div style="display:flex;flex-wrap:wrap;align-items:flex-start">${tall}<div id=b style="width:10px;height:100px"></div><div id=c style="width:600px;height:50px"></div></div>`, ['a2', 'b', 'c']))
      .toEqual(['1: a2 0,300 590x100', '1: b 590,0 10x100', '2: a2 0,0 590x200', '2: c 0,200 600x50']);
  });

  // Chromium 156's print (pdftotext positions): the margin of a child of an item going on at the
  // top of a page is truncated there after an unforced break (before, c stayed 20px down)
  it('truncates top margins at the top of a page inside an item that goes on', async () => {
    const main = '<main><p id=a></p><p id=b></p><p id=c></p></main>';
    const css = 'main { flex: 1 } p { margin: 20px 0; height: 170px }';
    for (const flex of ['display:flex;flex-direction:column', 'display:flex']) {
      expect(await pages(`<div style="${flex}">${main}</div>`, ['a', 'c'], css)).toEqual(['1: a 0,20 600x170', '2: c 0,0 600x170']);
    }
  });

  // Chromium 156's print (pdftotext positions): a forced break inside an item of a container that
  // fits on the page still ends the page there (before, b stayed on page 1, at 100,40 and 0,40)
  it('breaks at a forced break inside an item of a container that fits on the page', async () => {
    const css = 'body { font: 10px/20px "Liberation Sans" } p { margin: 10px 0 } aside { width: 100px } main { flex: 1 }';
    const row = '<div style="display:flex"><aside id=s>S</aside><main><p id=a>A</p><p id=b style="break-before:page">B</p></main></div>';
    expect(await pages(row, ['a', 'b'], css)).toEqual(['1: a 100,10 500x20', '2: b 100,10 500x20']);
    // the stretched sidebar reaches the page end, and goes on beside b on page 2 (before, it ended on page 1)
    expect(await pages(row, ['s'], css)).toEqual(['1: s 0,0 100x400', '2: s 0,0 100x40']);
    expect(await pages('<div style="display:flex;flex-direction:column;gap:10px"><section><p id=a>A</p><p id=b style="break-before:page">B</p><p id=c>C</p></section><section id=e><p id=d>D</p></section></div>', ['a', 'b', 'c', 'e', 'd'], css))
      .toEqual(['1: a 0,10 600x20', '2: b 0,10 600x20', '2: c 0,40 600x20', '2: e 0,80 600x40', '2: d 0,90 600x20']);
  });

  // Chromium 156's print (PDF pixels): a résumé's stretched sidebar goes on down every page its row
  // reaches after a forced break inside the main column; where its content is done, it ends its
  // bottom padding and border above the page end, undrawn, and ends with them at the row's end on
  // the last page (before, it ended on page 1 at the page end, bottom border drawn there)
  it('goes on with a stretched sidebar on every page a forced break inside its row reaches', async () => {
    const css = 'body { font: 10px/20px "Liberation Sans" } p { margin: 0 } aside { width: 100px; border: 4px solid red; padding: 6px 0 15px } main { flex: 1 }';
    const main = '<main><p id=a>A</p><p id=b style="break-before:page">B</p><p id=c style="break-before:page">C</p><p>C2</p></main>';
    for (const container of ['display:flex', 'display:grid;grid-template-columns:108px 1fr']) {
      expect(await pages(`<div style="${container}"><aside id=s>S</aside>${main}</div><p id=z>Z</p>`, ['s', 'c', 'z'], css))
        .toEqual(['1: s 0,0 108x381', '2: s 0,0 108x381', '3: s 0,0 108x40', '3: c 108,0 492x20', '3: z 0,40 600x20']);
    }
    const doc = await layoutHtml(`<style>${PAGE} ${css}</style><div style="display:flex"><aside id=s>S</aside>${main}</div>`);
    const edges = doc.pages.map((page) => {
      const s = findById(page, 's') as Extract<Fragment, { kind: 'box' }>;
      return `${s.border.top}/${s.padding.top} ${s.padding.bottom}/${s.border.bottom}`;
    });
    expect(edges).toEqual(['4/6 0/0', '0/0 0/0', '0/0 15/4']);
  });

  // Chromium 156's print (PDF pixels): a container whose definite height runs past the page end
  // after its items breaks there and goes on, as a block's height does — a cover of 11in on pages
  // of 10in (before, it ended at its last item on page 1, 260px, and went on nowhere)
  it('breaks a definite height that runs past the page end after its items', async () => {
    const cover = '<div id=c style="display:flex;flex-direction:column;justify-content:center;height:500px;break-after:page"><div id=a style="height:20px"></div></div><p id=z style="margin:0">Z</p>';
    expect(await pages(cover, ['c', 'a', 'z'])).toEqual(['1: c 0,0 600x400', '1: a 0,240 600x20', '2: c 0,0 600x100', '3: z 0,0 600x18']);
  });

  // Chromium 156's print (pdftotext positions): an item below its row's top (a top margin,
  // align-self) that cannot break and does not fit goes to the next page alone, its top margin
  // truncated there, and the rest of the row stays (before, the whole row moved: t at 2: 0,0)
  it('moves an unbreakable item that starts below its row\'s top to the next page alone', async () => {
    const css = 'body { font: 16px/20px "Liberation Sans" } p { margin: 0 0 10px } .row { display: flex; gap: 10px; align-items: flex-start } .row > div { flex: 1 }';
    const text = '<div id=t><p id=t1>T</p><p id=t2>T</p></div>';
    const fig = (style: string): string => `<div id=f style="height:150px;break-inside:avoid;${style}">F</div>`;
    const row = (inner: string, style = ''): string => `<div style="height:300px"></div><div class=row style="${style}">${inner}</div><p id=n>N</p>`;
    expect(await pages(row(text + fig('margin:10px 0')), ['t', 't2', 'f', 'n'], css))
      .toEqual(['1: t 0,300 295x60', '1: t2 0,330 295x20', '2: f 305,0 295x150', '2: n 0,160 600x20']);
    // at the row's top, it has no break point before it of its own: the row moves whole
    expect(await pages(row(text + fig('')), ['t', 'f'], css)).toEqual(['2: t 0,0 295x60', '2: f 305,0 295x150']);
    // the first item of the row, too
    expect(await pages(row(fig('margin:10px 0') + text), ['f', 't', 'n'], css)).toEqual(['1: t 305,300 295x60', '2: f 0,0 295x150', '2: n 0,160 600x20']);
    // put below the top by align-self: the item beside it breaks, the row goes on to the pushed item's end
    const lines = `<div id=l>${Array.from({ length: 5 }, (_, i) => `<p id=l${i}>L</p>`).join('')}</div>`;
    expect(await pages(row(lines + fig('align-self:flex-end;height:100px')), ['l2', 'l3', 'f', 'n'], css))
      .toEqual(['1: l2 0,360 295x20', '2: l3 0,0 295x20', '2: f 305,0 295x100', '2: n 0,100 600x20']);
    // an image
    const img = `<img id=f style="flex:none;margin-top:10px;width:100px;height:150px" src="${pngDataUrl([[[0, 0, 0, 255]]])}">`;
    expect(await pages(row(text + img + '<div id=z>Z</div>'), ['t', 'f', 'z'], css)).toEqual(['1: t 0,300 240x60', '1: z 360,300 240x20', '2: f 250,0 100x150']);
    // in the second line of a wrapping row
    expect(await pages(`<div style="height:240px"></div><div class=row style="flex-wrap:wrap"><div id=h style="flex:0 0 100%;height:40px"></div>${text}${fig('margin:10px 0')}</div>`, ['h', 't', 'f'], css))
      .toEqual(['1: h 0,240 600x40', '1: t 0,290 295x60', '2: f 305,0 295x150']);
    // taller than a page: it breaks inside there
    const tall = '<div id=f style="margin:10px 0;height:500px;break-inside:avoid"><p>F</p><div style="height:410px"></div><p id=e>E</p></div>';
    expect(await pages(row(text + tall), ['t', 'f', 'e', 'n'], css))
      .toEqual(['1: t 0,300 295x60', '2: f 305,0 295x400', '3: f 305,0 295x100', '3: e 305,40 295x20', '3: n 0,110 600x20']);
  });

  // Chromium 156's print (pdftotext positions): an item below its row's top none of which fits
  // (its first line) goes to the next page alone too, breakable or not; a top margin running past
  // the break goes on there (before, the whole row moved: t at 2: 0,0, g at 2: 305,90 and 305,110)
  it('moves an item below its row\'s top none of which fits to the next page alone', async () => {
    const css = 'body { font: 16px/20px "Liberation Sans" } p { margin: 0 0 10px } .row { display: flex; gap: 10px; align-items: flex-start } .row > div { flex: 1 }';
    const row = (margin: number): string => `<div style="height:300px"></div><div class=row><div id=t><p>T</p><p>T</p></div><div id=g style="margin-top:${margin}px"><p>G</p><p>G</p></div></div><p id=n>N</p>`;
    expect(await pages(row(90), ['t', 'g', 'n'], css)).toEqual(['1: t 0,300 295x60', '2: g 305,0 295x60', '2: n 0,60 600x20']);
    expect(await pages(row(110), ['t', 'g', 'n'], css)).toEqual(['1: t 0,300 295x60', '2: g 305,10 295x60', '2: n 0,70 600x20']);
  });

  // Chromium 156's print: a line's break-before joins its items' values (not only its first's), its break-after too (not only its last's)
  it('forces a break after a line with any item that has break-after: page, and before one with any item that has break-before: page', async () => {
    const six = items(['width:250px;height:50px;break-after:page', ...Array.from({ length: 4 }, () => 'width:250px;height:50px'), 'width:250px;height:50px;break-before:page']);
    // before, the three lines stayed on page 1
    expect(await pages(`<div style="display:flex;flex-wrap:wrap;width:500px">${six}</div>`, ['a', 'b', 'c', 'e', 'f']))
      .toEqual(['1: a 0,0 250x50', '1: b 250,0 250x50', '2: c 0,0 250x50', '3: e 0,0 250x50', '3: f 250,0 250x50']);
  });

  it('forces a break before an item with break-before: page, and keeps break-inside: avoid items whole', async () => {
    expect(await pages(`<div style="display:flex;flex-direction:column">${items(['height:50px', 'height:50px;break-before:page'])}</div>`, ['a', 'b']))
      .toEqual(['1: a 0,0 600x50', '2: b 0,0 600x50']);
    expect(await pages(`<div style="display:flex;flex-direction:column"><div id=a style="height:300px"></div><div id=b style="break-inside:avoid"><div style="height:80px"></div><div style="height:80px"></div></div></div>`, ['a', 'b']))
      .toEqual(['1: a 0,0 600x300', '2: b 0,0 600x160']);
  });
});

describe('flex pixels: an invoice header', () => {
  it('puts the logo left and the number right (space-between), address blocks side by side', async () => {
    const css = '@page { size: 12px 6px; margin: 0 } body { margin: 0 } div { flex-shrink: 0 }';
    const body = '<div style="display:flex;justify-content:space-between;align-items:center;height:4px">'
      + '<div style="width:3px;height:4px;background:red"></div><div style="width:4px;height:2px;background:blue"></div></div>'
      + '<div style="display:flex;gap:2px"><div style="flex:1;height:2px;background:lime"></div><div style="flex:1;height:1px;background:yellow"></div></div>';
    const page = await renderPage(`<style>${css}</style>${body}`);
    expect(page).toEqual([
      'RRR_________',
      'RRR_____BBBB',
      'RRR_____BBBB',
      'RRR_________',
      'GGGGG__YYYYY',
      'GGGGG_______',
    ]);
  });
});

describe('a ::before or ::after that is a flex or grid container (as an element is)', () => {
  it('lays its text out as the container\'s one item, not as a block', async () => {
    const at = async (css: string): Promise<string> => {
      const doc = await layoutHtml(`<style>${PAGE} #x::before { content: "ab"; ${css} }</style><div id=x></div>`);
      const pseudo = (findById(doc.pages[0]!, 'x') as Extract<Fragment, { kind: 'box' }>).children[0]!;
      const text = textFragments(pseudo)[0]!;
      return `${pseudo.height} ${Math.round(text.x + text.width)}`;
    };
    // Chromium: "ab" at the right end, in a 50px row; as a block it was at the left, one line tall
    expect(await at('display: flex; justify-content: flex-end')).toBe('18 600');
    expect(await at('display: grid; grid-template-rows: 50px; justify-items: end')).toBe('50 600');
  });
});
