/**
 * Flex layout (CSS Flexbox 1): intrinsic size keywords, definite sizes (§9.8), baselines in
 * `wrap-reverse`, intrinsic sizes of column containers; geometry as Chromium computes it (the
 * same trees as taffy's fixtures of these names).
 */
import { describe, expect, it } from 'vitest';
import { geometry, items, pages } from '../helpers/geometry.js';

/** Two 40px-wide unbreakable boxes: min-content 40px, max-content 80px. */
const WORDS = '<span style="display:inline-block;width:40px;height:10px"></span><span style="display:inline-block;width:40px;height:10px"></span>';

describe('§9.2 step 3 flex-basis keywords (CSS Sizing 3/4)', () => {
  it('takes min-content, fit-content (held by the room) and stretch (the room) as the flex basis', async () => {
    const row = (basis: string, width: number): string => `<div style="display:flex;width:${width}px;height:50px;line-height:0"><div id=a style="flex:0 0 ${basis}">${WORDS}</div></div>`;
    expect(await geometry(row('min-content', 200), ['a'])).toEqual(['a 0,0 40x50']);
    expect(await geometry(row('fit-content', 60), ['a'])).toEqual(['a 0,0 60x50']);
    expect(await geometry(row('fit-content', 200), ['a'])).toEqual(['a 0,0 80x50']);
    expect(await geometry(row('max-content', 200), ['a'])).toEqual(['a 0,0 80x50']);
    expect(await geometry(row('stretch', 200), ['a'])).toEqual(['a 0,0 200x50']);
  });

  it('transfers a min-height through aspect-ratio to the content size (CSS Sizing 4 §5.2)', async () => {
    expect(await geometry('<div style="display:flex;align-items:start;width:100px;height:100px"><div id=a style="min-height:40px;aspect-ratio:2"></div></div>', ['a']))
      .toEqual(['a 0,0 80x40']);
  });
});

describe('§9.3 balanced lines (flex-wrap: balance, flex-line-count, as Chromium)', () => {
  const four = items(['height:30px;width:31px', 'height:30px;width:32px', 'height:30px;width:33px', 'height:30px;width:34px']);

  it('breaks into as many lines as wrapping gives, with the least squared free space', async () => {
    for (const wrap of ['flex-wrap:balance', 'flex-wrap:wrap balance', 'flex-flow:row balance']) {
      expect(await geometry(`<div id=f style="display:flex;width:100px;${wrap}">${four}</div>`, ['f', 'b', 'c'])).toEqual(['f 0,0 100x60', 'b 31,0 32x30', 'c 0,30 33x30']);
    }
  });

  it('makes at least flex-line-count lines, and sizes an intrinsic container by its balanced lines', async () => {
    expect(await geometry(`<div style="display:flex;width:100px;flex-wrap:balance;flex-line-count:3">${four}</div>`, ['b', 'c', 'd']))
      .toEqual(['b 31,0 32x30', 'c 0,30 33x30', 'd 0,60 34x30']);
    expect(await geometry(`<div id=f style="float:left;display:flex;flex-wrap:balance;flex-line-count:2">${items(['height:30px;width:30px', 'height:30px;width:30px', 'height:30px;width:30px'])}</div>`, ['f', 'c']))
      .toEqual(['f 0,0 60x60', 'c 0,30 30x30']);
  });

  it('puts an oversized item alone on its line', async () => {
    expect(await geometry(`<div style="display:flex;width:100px;flex-wrap:balance">${items(['height:30px;width:30px;flex-shrink:0', 'height:30px;width:150px;flex-shrink:0', 'height:30px;width:30px', 'height:30px;width:30px'])}</div>`, ['b', 'c', 'd']))
      .toEqual(['b 0,30 150x30', 'c 0,60 30x30', 'd 30,60 30x30']);
  });
});

describe('§9.8 definite sizes of flexed items', () => {
  const column = (item: string, child: string): string =>
    `<div style="display:flex;flex-direction:column;width:200px;min-height:200px"><div id=a style="${item}"><div id=b style="${child}"></div></div></div>`;

  it('does not resolve percentages against a flexed height when the container height and the basis are indefinite', async () => {
    expect(await geometry(column('flex-grow:1', 'height:100%'), ['a', 'b'])).toEqual(['a 0,0 200x200', 'b 0,0 200x0']);
    expect(await geometry(column('flex-grow:1', 'min-height:100%'), ['a', 'b'])).toEqual(['a 0,0 200x200', 'b 0,0 200x0']);
    expect(await geometry(column('flex-grow:1;display:flex;flex-direction:column', 'height:100%'), ['a', 'b'])).toEqual(['a 0,0 200x200', 'b 0,0 200x0']);
  });

  it('resolves them when the flex basis is definite, or an aspect ratio gives the height', async () => {
    expect(await geometry(column('flex:1 0 0', 'height:50%'), ['a', 'b'])).toEqual(['a 0,0 200x200', 'b 0,0 200x100']);
    expect(await geometry('<div style="display:flex;flex-direction:column;width:100px"><div id=a style="display:block;aspect-ratio:1/1"><div id=b style="height:100%;width:20px"></div></div></div>', ['a', 'b']))
      .toEqual(['a 0,0 100x100', 'b 0,0 20x100']);
  });
});

describe('§9.4 baselines in wrap-reverse', () => {
  const four = items(['width:60px;height:20px', 'width:40px;height:40px', 'width:60px;height:30px', 'width:40px;height:10px']);

  it('aligns baselines from the cross-start edge, the bottom of each line', async () => {
    expect(await geometry(`<div style="display:flex;width:100px;height:100px;flex-wrap:wrap-reverse;align-items:baseline">${four}</div>`, ['a', 'b', 'c', 'd']))
      .toEqual(['a 0,80 60x20', 'b 60,60 40x40', 'c 0,15 60x30', 'd 60,35 40x10']);
  });

  it("takes the container's first baseline from its top line", async () => {
    expect(await geometry(`<div style="display:flex;width:200px;height:200px;align-items:baseline"><div id=x style="width:50px;height:100px"></div>
      <div id=y style="display:flex;width:100px;height:120px;flex-wrap:wrap-reverse;align-items:baseline;align-content:flex-start">${four}</div></div>`, ['x', 'y', 'a', 'c']))
      .toEqual(['x 0,0 50x100', 'y 50,20 100x120', 'a 50,120 60x20', 'c 50,70 60x30']);
  });
});

describe('§9.9.1 intrinsic sizes of column containers', () => {
  it('puts the lines of a multi-line column container with a max-height side by side', async () => {
    const tens = Array.from({ length: 20 }, () => '<div style="height:20px;width:40px;flex-shrink:0"></div>').join('');
    expect(await geometry(`<div id=f style="float:left;display:flex;flex-flow:column wrap;max-height:200px;column-gap:5px">${tens}</div>`, ['f']))
      .toEqual(['f 0,0 85x200']);
  });
});

describe('§4.5 automatic minimum size of an inline <svg>', () => {
  it('is 0 for one that clips its drawing (the UA\'s overflow: hidden), its width for one with overflow: visible', async () => {
    // Chromium 156: the default <svg> shrinks to 100 × 50 in a row (30px tall in a 30px column), the visible one stays 200 × 50 (before: 200 × 50 in both)
    const row = (attrs: string): string => `<div style="display:flex;width:100px"><svg id=s width="200" height="50" ${attrs}></svg></div>`;
    expect(await geometry(row(''), ['s'])).toEqual(['s 0,0 100x50']);
    expect(await geometry(row('style="overflow:visible"'), ['s'])).toEqual(['s 0,0 200x50']);
    const column = (attrs: string): string => `<div style="display:flex;flex-direction:column;width:100px;height:30px"><svg id=s width="200" height="50" ${attrs}></svg></div>`;
    expect(await geometry(column(''), ['s'])).toEqual(['s 0,0 200x30']);
    expect(await geometry(column('overflow="visible"'), ['s'])).toEqual(['s 0,0 200x50']);
  });
});

describe('§4.5 automatic minimum size of a column item with an aspect ratio', () => {
  // A product card: a 4:3 media box holding an image at width and height 100%. The content size
  // suggestion is the min-content height, where the image's percentage height is cyclic (auto):
  // a portrait image grows the box to its own ratio unless the box clips (Chromium 156).
  const photo = (w: number, h: number): string => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"/>`)}`;
  const card = (media: string, src: string): string => `<div style="display:flex;flex-direction:column;width:150px">
    <div id=m style="aspect-ratio:4/3;${media}"><img id=i style="display:block;width:100%;height:100%;object-fit:cover" src="${src}"></div><p style="margin:0;height:20px"></p></div>`;

  it('grows the media box to a portrait image, as Chromium does', async () => {
    expect(await geometry(card('', photo(300, 400)), ['m', 'i'])).toEqual(['m 0,0 150x200', 'i 0,0 150x200']);
  });

  it('keeps the ratio for a landscape image, a clipping box, or a box filled at height 100%', async () => {
    expect(await geometry(card('', photo(500, 250)), ['m', 'i'])).toEqual(['m 0,0 150x112.5', 'i 0,0 150x112.5']);
    expect(await geometry(card('overflow:hidden', photo(300, 400)), ['m', 'i'])).toEqual(['m 0,0 150x112.5', 'i 0,0 150x112.5']);
    expect(await geometry(card('min-height:0', photo(300, 400)), ['m', 'i'])).toEqual(['m 0,0 150x112.5', 'i 0,0 150x112.5']);
    expect(await geometry('<div style="display:flex;flex-direction:column;width:150px"><div id=m style="aspect-ratio:4/3"><div id=d style="height:100%"></div></div></div>', ['m', 'd']))
      .toEqual(['m 0,0 150x112.5', 'd 0,0 150x112.5']);
  });

  it('sizes a box of text by its ratio, grown to the content unless min- or max-widths clamp it', async () => {
    // (Chromium 156, 10px/10px monospace: three `HH` a line at 40px)
    const text = `HH${'&#8203;HH'.repeat(8)}`;
    const column = (container: string, item: string, content = text): string =>
      `<div style="display:flex;flex-direction:column;font:10px/10px monospace;${container}"><div id=x style="aspect-ratio:2;${item}">${content}</div></div>`;
    const cases: [string, string, string, string][] = [
      ['align-items:start;width:100px;height:100px', 'max-width:40px', text, 'x 0,0 40x20'],
      ['align-items:start;width:100px;height:100px', 'max-width:40px;min-height:0', text, 'x 0,0 40x20'],
      ['align-items:start;width:100px', 'width:40px', text, 'x 0,0 40x30'],
      ['width:40px', '', text, 'x 0,0 40x30'],
      ['width:40px', 'min-height:0', text, 'x 0,0 40x20'],
    ];
    const results = await Promise.all(cases.map(([container, item, content]) => geometry(column(container, item, content), ['x'])));
    expect(results.map((r) => r[0])).toEqual(cases.map((c) => c[3]));
    // a portrait image under `max-width: 150px` leaves its box 150x112.5; `min-width` only raises
    expect(await geometry(card('max-width:150px', photo(300, 400)).replace('width:150px', 'width:300px'), ['m', 'i'])).toEqual(['m 0,0 150x112.5', 'i 0,0 150x112.5']);
    expect(await geometry('<div style="display:flex;flex-direction:column;width:150px"><div id=n style="aspect-ratio:4/3;min-width:150px"><div style="height:300px"></div></div></div>', ['n']))
      .toEqual(['n 0,0 150x300']);
  });
});

describe('§4.1 absolutely positioned children', () => {
  it('ignores `safe` in the static position, as browsers do', async () => {
    expect(await geometry('<div style="display:flex;position:relative;width:100px;height:100px;justify-content:safe end"><div id=a style="position:absolute;width:200px;height:50px"></div></div>', ['a']))
      .toEqual(['a -100,0 200x50']);
  });
});

describe('§10 avoided breaks between lines and items', () => {
  it('moves the line before an avoided break along with the line that does not fit', async () => {
    // items that avoid breaks inside (an empty item's height breaks like any block's, as in Chromium)
    const whole = 'width:250px;height:150px;break-inside:avoid';
    const six = items([whole, whole, whole, `${whole};break-after:avoid`, whole, whole]);
    expect(await pages(`<div style="display:flex;flex-wrap:wrap;width:500px">${six}</div>`, ['a', 'c', 'e']))
      .toEqual(['1: a 0,0 250x150', '2: c 0,0 250x150', '2: e 0,150 250x150']);
  });

  it('keeps a column item with the next one when break-before: avoid asks, unless every break is avoided', async () => {
    expect(await pages(`<div style="display:flex;flex-direction:column">${items(['height:150px;break-inside:avoid', 'height:150px;break-inside:avoid', 'height:150px;break-before:avoid;break-inside:avoid'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['1: a 0,0 600x150', '2: b 0,0 600x150', '2: c 0,150 600x150']);
    // (Chromium 156 breaks inside b here, the last of the avoided breaks; octavo takes the first)
    expect(await pages(`<div style="display:flex;flex-direction:column">${items(['height:250px;break-after:avoid;break-inside:avoid', 'height:250px;break-inside:avoid'])}</div>`, ['a', 'b']))
      .toEqual(['1: a 0,0 600x250', '2: b 0,0 600x250']);
  });
});

describe('§10 fragmenting reversed containers', () => {
  it('breaks a wrap-reverse container between its lines from the top (the last line first)', async () => {
    const six = items(Array.from({ length: 6 }, () => 'width:250px;height:150px;break-inside:avoid'));
    expect(await pages(`<div style="display:flex;flex-wrap:wrap-reverse;width:500px">${six}</div>`, ['a', 'c', 'e']))
      .toEqual(['1: c 0,150 250x150', '1: e 0,0 250x150', '2: a 0,0 250x150']);
  });

  it('breaks a column-reverse container between its items from the top (the last item first)', async () => {
    expect(await pages(`<div style="display:flex;flex-direction:column-reverse">${items(['height:150px;break-inside:avoid', 'height:150px;break-inside:avoid', 'height:150px;break-inside:avoid'])}</div>`, ['a', 'b', 'c']))
      .toEqual(['1: b 0,150 600x150', '1: c 0,0 600x150', '2: a 0,0 600x150']);
  });
});
