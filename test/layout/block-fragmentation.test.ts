import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { PageLayout } from '../../src/layout/types.js';

// 200px pages of 20px lines: eight lines fill 160px. Each case measured in Chromium (print to PDF).
const page = `@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } p { margin: 0 }`;
const lines = (n: number, from = 1): string => Array.from({ length: n }, (_, i) => `L${i + from}`).join('<br>');
/** `inner` inside `depth` nested divs. */
const nested = (depth: number, inner: string): string => `${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;
const paragraphs = (n: number, from = 1): string => Array.from({ length: n }, (_, i) => `<p>L${i + from}</p>`).join('');

/** The page index and top of the line holding `word` (laid-out pages hold page coordinates). */
function lineOf(pages: readonly PageLayout[], word: string): { page: number; y: number } | undefined {
  type Node = PageLayout['children'][number];
  const visit = (fragment: Node): number | undefined => {
    if (fragment.kind === 'line') return fragment.children.some((c) => c.kind === 'text' && c.text.trim() === word) ? fragment.y : undefined;
    if (fragment.kind !== 'box') return undefined;
    for (const child of fragment.children) {
      const found = visit(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const [index, page] of pages.entries()) {
    for (const fragment of page.children) {
      const y = visit(fragment);
      if (y !== undefined) return { page: index, y };
    }
  }
  return undefined;
}

describe('a block broken inside extends to the page end (as Chromium)', () => {
  // Chromium 156's prints of the same HTML: the red border of every case reaches the page bottom (200px)
  it('when its lines run out of room, and when widows move the break up', async () => {
    const ran = await layoutHtml(`<style>${page} #d { border: 3px solid red; border-top: 0; line-height: 30px }</style><div id=d>${lines(9)}</div>`);
    expect(findById(ran.pages[0]!, 'd')).toMatchObject({ y: 0, height: 200 });
    expect(findById(ran.pages[1]!, 'd')).toMatchObject({ y: 0, height: 93 });
    const widows = await layoutHtml(`<style>${page} #d { border: 3px solid red; border-top: 0; line-height: 30px; widows: 3 }</style><div id=d>${lines(8)}</div>`);
    expect(lineOf(widows.pages, 'L6')).toMatchObject({ page: 1, y: 0 });
    expect(findById(widows.pages[0]!, 'd')).toMatchObject({ height: 200 });
  });

  it('when a child that avoids breaks moves on, and through nested blocks', async () => {
    const avoid = await layoutHtml(`<style>${page} p { break-inside: avoid; line-height: 30px }</style><div id=d style="border: 3px solid red; border-top: 0">${['A', 'B', 'C', 'D'].map((l) => `<p>${l}1<br>${l}2</p>`).join('')}</div>`);
    expect(findById(avoid.pages[0]!, 'd')).toMatchObject({ height: 200 });
    expect(findById(avoid.pages[1]!, 'd')).toMatchObject({ height: 63 });
    const inner = await layoutHtml(`<style>${page} div { border: 3px solid red; border-top: 0; line-height: 30px }</style><div id=outer><div id=inner>${lines(9)}</div></div>`);
    expect([findById(inner.pages[0]!, 'outer')!.height, findById(inner.pages[0]!, 'inner')!.height]).toEqual([200, 200]);
    expect([findById(inner.pages[1]!, 'outer')!.height, findById(inner.pages[1]!, 'inner')!.height]).toEqual([96, 93]);
  });

  it('when its last child or lines moved on with its bottom padding and border', async () => {
    // a card whose second paragraph avoids breaks: it fits, the card's bottom padding after it does not
    const card = await layoutHtml(`<style>${page} #c { border: 2px solid blue; padding: 10px 10px 30px } #c p { margin-bottom: 6px }</style><div style="height:100px"></div><div id=c><p>A</p><p style="break-inside:avoid">B1<br>B2</p></div>`);
    expect(findById(card.pages[0]!, 'c')).toMatchObject({ y: 100, height: 100 });
    expect(findById(card.pages[1]!, 'c')).toMatchObject({ y: 0, height: 78 });
    const text = await layoutHtml(`<style>${page} #d { border: 2px solid red; padding: 0 0 40px }</style><div style="height:60px"></div><div id=d>${lines(6)}</div>`);
    expect(lineOf(text.pages, 'L5')).toMatchObject({ page: 1, y: 0 });
    expect(findById(text.pages[0]!, 'd')).toMatchObject({ y: 60, height: 140 });
  });

  it('a grid or flex container broken between rows or lines too', async () => {
    const cards = '<div></div>'.repeat(6);
    const item = 'break-inside: avoid; height: 70px';
    const grid = await layoutHtml(`<style>${page} #g { display: grid; grid-template-columns: 1fr 1fr; gap: 20px 10px; border: 3px solid green } #g > div { ${item} }</style><div id=g>${cards}</div>`);
    expect([findById(grid.pages[0]!, 'g')!.height, findById(grid.pages[1]!, 'g')!.height]).toEqual([200, 73]);
    const flex = await layoutHtml(`<style>${page} #f { display: flex; flex-wrap: wrap; gap: 20px 10px; border: 3px solid green } #f > div { ${item}; width: 140px }</style><div id=f>${cards}</div>`);
    expect([findById(flex.pages[0]!, 'f')!.height, findById(flex.pages[1]!, 'f')!.height]).toEqual([200, 73]);
  });

  it('a table with separate borders broken between rows too; one with collapsed borders ends with its rows', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `<tr><td>${i + 1}</td></tr>`).join('');
    const table = (collapse: string): Promise<Awaited<ReturnType<typeof layoutHtml>>> => layoutHtml(`<!DOCTYPE html><style>${page} table { border: 3px solid red; width: 100%; ${collapse} } td { padding: 0; height: 30px; border-bottom: 1px solid blue }</style><table id=t>${rows}</table>`);
    const separate = await table('border-spacing: 0');
    expect([findById(separate.pages[0]!, 't')!.height, findById(separate.pages[1]!, 't')!.height]).toEqual([200, 65]);
    const collapsed = await table('border-collapse: collapse');
    expect([findById(collapsed.pages[0]!, 't')!.height, findById(collapsed.pages[1]!, 't')!.height]).toEqual([190, 65]);
  });
});

describe('block-end padding and border at a page end (as Chromium)', () => {
  it('moves the last child to the next page when the bottom padding does not fit after it', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=d style="padding-bottom:50px">${paragraphs(8)}</div><p id=after>After</p>`);
    expect(doc.pages).toHaveLength(2);
    // broken, it still reaches the page end (Chromium's background fills page 1)
    expect(findById(doc.pages[0]!, 'd')).toMatchObject({ y: 0, height: 200 });
    expect(findById(doc.pages[1]!, 'd')).toMatchObject({ y: 0, height: 70 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 70 });
  });

  it('keeps the content when a bottom margin stands in for the padding (margins are truncated at a break)', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=d style="margin-bottom:50px">${lines(8)}</div><p id=after>After</p>`);
    expect(findById(doc.pages[0]!, 'd')).toMatchObject({ y: 0, height: 160 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 0 });
  });

  it('moves lines with the padding, widows included, and keeps a block that ends exactly at the page end', async () => {
    const moved = await layoutHtml(`<style>${page}</style><div id=d style="padding-bottom:50px">${lines(8)}</div>`);
    // widows: 2 takes L7 along with L8; the box still reaches the page end
    expect(findById(moved.pages[0]!, 'd')).toMatchObject({ height: 200 });
    expect(lineOf(moved.pages, 'L7')).toMatchObject({ page: 1, y: 0 });
    const widows = await layoutHtml(`<style>${page}</style><div id=d style="padding-bottom:50px; orphans:2; widows:3">${lines(8)}</div>`);
    expect(lineOf(widows.pages, 'L6')).toMatchObject({ page: 1, y: 0 });
    const exact = await layoutHtml(`<style>${page}</style><div id=d style="padding-bottom:40px">${lines(8)}</div><p id=after>After</p>`);
    expect(findById(exact.pages[0]!, 'd')).toMatchObject({ height: 200 });
    expect(findById(exact.pages[1]!, 'after')).toMatchObject({ y: 0 });
  });

  it('counts a bottom border, nested blocks\' padding and the last child\'s bottom margin inside the box', async () => {
    const border = await layoutHtml(`<style>${page}</style><div style="border-bottom:30px solid">${lines(9)}</div>`);
    expect(lineOf(border.pages, 'L8')).toMatchObject({ page: 1, y: 0 });
    const nested = await layoutHtml(`<style>${page}</style><div style="padding-bottom:50px"><div>${lines(3)}</div><div>${lines(5, 4)}</div></div>`);
    expect(lineOf(nested.pages, 'L6')).toMatchObject({ page: 0, y: 100 });
    expect(lineOf(nested.pages, 'L7')).toMatchObject({ page: 1, y: 0 });
    // Bootstrap's footer: a paragraph with margin-bottom: 1rem at the end of a container with padding-bottom: 1rem
    const margin = await layoutHtml(`<style>${page}</style><div style="padding-bottom:16px"><div style="height:150px"></div><p id=f style="margin-bottom:16px">Footer</p></div>`);
    expect(findById(margin.pages[1]!, 'f')).toMatchObject({ y: 0 });
  });

  it('moves a block whose padding is taller than the rest of the page to the next one, and lets it overflow at a page top', async () => {
    const moved = await layoutHtml(`<style>${page}</style><div style="height:100px"></div><div id=d style="padding-bottom:150px">${lines(2)}</div>`);
    expect(findById(moved.pages[0]!, 'd')).toBeUndefined();
    expect(findById(moved.pages[1]!, 'd')).toMatchObject({ y: 0, height: 190 });
    const tall = await layoutHtml(`<style>${page}</style><div id=d style="padding-bottom:250px">${lines(2)}</div><p id=after>After</p>`);
    expect(findById(tall.pages[0]!, 'd')).toMatchObject({ y: 0, height: 290 });
    expect(findById(tall.pages[1]!, 'after')).toMatchObject({ y: 0 });
  });

  it('moves the lines the nested paddings need, level after level (as Chromium)', async () => {
    // 8 lines inside 8 blocks of 10px bottom padding: L7 and L8 go with the 80px of padding
    const doc = await layoutHtml(`<style>${page} div { padding-bottom: 10px }</style>${nested(8, lines(8))}<p id=after>After</p>`);
    expect(lineOf(doc.pages, 'L6')).toMatchObject({ page: 0, y: 100 });
    expect(lineOf(doc.pages, 'L7')).toMatchObject({ page: 1, y: 0 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 120 });
  });

  it('searches a deep nest of padded blocks at a page end within a bounded allowance, with a located warning', async () => {
    // Each level that did not fit laid its content out again, and so did every level inside each
    // of those layouts: 48 levels of 4px took over a minute, 60 ran for ever.
    const doc = await layoutHtml(`<style>${page} div { padding-bottom: 4px }</style>${nested(60, lines(8))}<p id=after>After</p>`, {
      expectWarnings: [{ code: 'layout', message: /^block-end edges: 100000 boxes were laid out again on one page/, line: 1 }],
    });
    for (const word of ['L1', 'L6', 'L7', 'L8']) expect(lineOf(doc.pages, word), word).toBeDefined();
    expect(lineOf(doc.pages, 'L6')).toMatchObject({ page: 0, y: 100 });
    expect(doc.pages.some((p) => findById(p, 'after') !== undefined)).toBe(true);
  });
});

describe('an empty block at the top of a page', () => {
  it('leaves the next block at the top: it is not pushed to a page of its own (as Chromium)', async () => {
    // the empty div takes the forced break; the tall block after it used to move to page 3, leaving page 2 blank
    const avoid = await layoutHtml(`<style>${page}</style><p>L1</p><div style="break-before:page"></div><div id=t style="break-inside:avoid;height:300px">T</div>`);
    expect(avoid.pages).toHaveLength(3);
    expect(findById(avoid.pages[1]!, 't')).toMatchObject({ y: 0, height: 200 });
    const tall = await layoutHtml(`<style>${page}</style><p>L1</p><div style="break-before:page"></div><div id=t style="height:300px">T</div>`);
    expect(tall.pages).toHaveLength(3);
    expect(findById(tall.pages[1]!, 't')).toMatchObject({ y: 0, height: 200 });
  });
});

describe('a height or min-height taller than the page (CSS Fragmentation 3 §4.4)', () => {
  it('carries the rest of a fixed height over to the next pages, with the bottom border on the last', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=d style="height:450px; border:5px solid">${lines(2)}</div><p id=after>After</p>`);
    expect(doc.pages).toHaveLength(3);
    expect(findById(doc.pages[0]!, 'd')).toMatchObject({ y: 0, height: 200, border: { top: 5, bottom: 0 } });
    expect(findById(doc.pages[1]!, 'd')).toMatchObject({ y: 0, height: 200, border: { top: 0, bottom: 0 } });
    // 460px in all: 200 + 200 + 60
    expect(findById(doc.pages[2]!, 'd')).toMatchObject({ y: 0, height: 60, border: { top: 0, bottom: 5 } });
    expect(findById(doc.pages[2]!, 'after')).toMatchObject({ y: 60 });
  });

  it('fragments the content inside it and extends each fragment to the page end', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=d style="height:300px">${lines(12)}</div><p id=after>After</p>`);
    expect(findById(doc.pages[0]!, 'd')).toMatchObject({ height: 200 });
    expect(lineOf(doc.pages, 'L11')).toMatchObject({ page: 1, y: 0 });
    expect(findById(doc.pages[1]!, 'd')).toMatchObject({ height: 100 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 100 });
  });

  it('splits a box sized by its aspect-ratio where it is, empty or not, and counts what each page took (as Chromium)', async () => {
    // a card picture's placeholder: 183 x 137.25, 150px down a 200px page. WeasyPrint moves an empty
    // box with a height whole; Chromium breaks one sized by its ratio, or by its height (below)
    const doc = await layoutHtml(`<style>${page}</style><div style="height:150px"></div><div id=ar style="width:183px;aspect-ratio:4/3;margin-bottom:5px"></div><p id=after>After</p>`);
    expect(findById(doc.pages[0]!, 'ar')).toMatchObject({ y: 150, height: 50 });
    expect(findById(doc.pages[1]!, 'ar')).toMatchObject({ y: 0, height: 87.25 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 92.25 });
    const fixed = await layoutHtml(`<style>${page}</style><div style="height:150px"></div><div id=h style="width:183px;height:137.25px"></div>`);
    expect(findById(fixed.pages[0]!, 'h')).toMatchObject({ y: 150, height: 50 });
    expect(findById(fixed.pages[1]!, 'h')).toMatchObject({ y: 0, height: 87.25 });
  });

  it('splits a min-height where it starts, and continues the floats inside a tall box', async () => {
    const min = await layoutHtml(`<style>${page}</style><p>Before</p><div id=d style="min-height:300px">${lines(2)}</div><p id=after>After</p>`);
    expect(findById(min.pages[0]!, 'd')).toMatchObject({ y: 20, height: 180 });
    expect(findById(min.pages[1]!, 'd')).toMatchObject({ y: 0, height: 120 });
    expect(findById(min.pages[1]!, 'after')).toMatchObject({ y: 120 });
    const floats = await layoutHtml(`<style>${page} .f { float: left; width: 40px }</style><section id=s style="height:500px"><div class=f>${lines(14)}</div></section><p id=after>After</p>`);
    expect(floats.pages).toHaveLength(3);
    expect(findById(floats.pages[0]!, 's')).toMatchObject({ height: 200 });
    expect(lineOf(floats.pages, 'L11')).toMatchObject({ page: 1, y: 0 });
    expect(findById(floats.pages[2]!, 's')).toMatchObject({ height: 100 });
    expect(findById(floats.pages[2]!, 'after')).toMatchObject({ y: 100 });
  });

  it('carries the height of an empty box over the pages, wherever it starts (Chromium 156)', async () => {
    // before: each moved whole and overflowed its page (as WeasyPrint draws them)
    const doc = await layoutHtml(`<style>${page}</style><div id=a style="height:450px"></div><div id=b style="height:450px"></div>`);
    const pieces = (id: string): string[] => doc.pages.flatMap((p, i) => { const f = findById(p, id); return f === undefined ? [] : [`${i + 1}: ${f.y} ${f.height}`]; });
    expect([...pieces('a'), ...pieces('b')]).toEqual(['1: 0 200', '2: 0 200', '3: 0 50', '3: 50 150', '4: 0 200', '5: 0 100']);
    // one that starts at the page end leaves no empty piece there: it moves (found in review)
    const atEnd = await layoutHtml(`<style>${page}</style><div style="height:200px"></div><div id=c style="height:50px"></div>`);
    expect(atEnd.pages.map((p) => findById(p, 'c')).map((f) => (f === undefined ? 'none' : `${f.y} ${f.height}`))).toEqual(['none', '0 50']);
  });

  it('breaks a box with a fixed height and content where it is, not first moving it to the next page (Chromium 156)', async () => {
    // before: moved to the next page first, then carried over from its top
    const doc = await layoutHtml(`<style>${page}</style><div style="height:150px"></div><div id=d style="height:100px">${lines(1)}</div><p id=after>After</p>`);
    expect(findById(doc.pages[0]!, 'd')).toMatchObject({ y: 150, height: 50 });
    expect(findById(doc.pages[1]!, 'd')).toMatchObject({ y: 0, height: 50 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 50 });
  });

  it('leaves the rest of a Google Docs export\'s empty 11pt paragraph at a page end at the top of the next page (Chromium 156)', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div style="height:190px"></div><p id=blank style="height:11pt"></p><h1 id=h style="margin:0;font-size:20px;line-height:20px">Details</h1>`);
    expect(findById(doc.pages[0]!, 'blank')).toMatchObject({ y: 190, height: 10 });
    expect(findById(doc.pages[1]!, 'blank')!.height).toBeCloseTo(14.67 - 10, 2);
    expect(findById(doc.pages[1]!, 'h')!.y).toBeCloseTo(4.67, 2);
  });

  it('carries the height of a box that clips its overflow over the pages too (Chromium 156)', async () => {
    // before: kept whole, overflowing its page
    const doc = await layoutHtml(`<style>${page}</style><div id=d style="height:450px; overflow:hidden">${lines(2)}</div><p id=after>After</p>`);
    expect(doc.pages.map((p) => findById(p, 'd')!.height)).toEqual([200, 200, 50]);
    expect(findById(doc.pages[2]!, 'after')).toMatchObject({ y: 50 });
  });

  it('ends a box that clips its overflow where its height ends, continuing nothing of its content past it (Chromium 156)', async () => {
    // 100px tall, 150px down the page, 8 lines of 20px: two lines here, three on the next page where it ends 50px down (the
    // fifth clipped half-way), the rest clipped; before: moved whole to the next page
    const doc = await layoutHtml(`<style>${page}</style><div style="height:150px"></div><div id=d style="height:100px; overflow:hidden">${lines(8)}</div><p id=after>After</p>`);
    expect([findById(doc.pages[0]!, 'd'), findById(doc.pages[1]!, 'd')].map((f) => `${f!.y} ${f!.height}`)).toEqual(['150 50', '0 50']);
    expect(lineOf(doc.pages, 'L3')).toMatchObject({ page: 1, y: 0 });
    expect(lineOf(doc.pages, 'L5')).toMatchObject({ page: 1, y: 40 });
    // the lines past its height stay on its last page, clipped there: none goes on to a third page
    expect(lineOf(doc.pages, 'L8')).toMatchObject({ page: 1, y: 100 });
    expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 50 });
    expect(doc.pages).toHaveLength(2);
  });

  it('grows a box whose percentage height is of an indefinite one with its content across pages, clipping or not (Chromium 156)', async () => {
    // `height: 100%` in a body of auto height behaves as auto in standards mode (CSS2 §10.5), as a deck's wrapper
    // (reveal.js's `.reveal`) printed without its script: 12 lines of 20px, 200px then 40px (Chromium's
    // blue to 40px on page 2, After at 40); before: with `overflow: hidden` it ended on page 1
    // (one page of the deck), and either way its fragments after a break were 0px tall (no background)
    for (const overflow of ['hidden', 'visible']) {
      const doc = await layoutHtml(`<!doctype html><style>${page}</style><div id=d style="height:100%; overflow:${overflow}; background:blue">${lines(12)}</div><p id=after>After</p>`);
      expect(doc.pages.map((p) => findById(p, 'd')!.height)).toEqual([200, 40]);
      expect(lineOf(doc.pages, 'L11')).toMatchObject({ page: 1, y: 0 });
      expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 40 });
    }
  });
});
