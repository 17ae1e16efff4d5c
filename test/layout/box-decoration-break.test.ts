/**
 * box-decoration-break (CSS Fragmentation 3 §5.4): `slice` (the default) cuts a box's border and
 * padding at a break; `clone` gives every fragment the whole box's border, padding and corners,
 * and leaves room for the bottom ones at every break — for an inline box, on every line.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boxesOnly, dumpPage, layoutHtml } from '../helpers/layout.js';
import type { LaidOutDocument } from '../../src/render.js';
import type { BoxFragment, Fragment, LineFragment, PageLayout } from '../../src/layout/types.js';

const PAGE = '@page { size: 100px 50px; margin: 0 } body { margin: 0; font: 10px/10px monospace } p { margin: 0 }';
const LINES = Array.from({ length: 6 }, (_, i) => `line${i + 1}`).join('<br>');

function box(page: PageLayout, id: string): BoxFragment {
  const visit = (f: PageLayout['children'][number]): BoxFragment | undefined => {
    if (f.kind === 'box' && f.box.element?.attribs['id'] === id) return f;
    return f.kind === 'box' || f.kind === 'line' ? f.children.map(visit).find((x) => x !== undefined) : undefined;
  };
  return page.children.map(visit).find((x) => x !== undefined)!;
}

const edges = (f: BoxFragment): number[] => [f.border.top, f.padding.top, f.padding.bottom, f.border.bottom];

describe('box-decoration-break', () => {
  it('slice: the border and padding are cut where the box breaks', async () => {
    const doc = await layoutHtml(`<style>${PAGE} #b { border: 2px solid; padding: 3px }</style><p id=b>${LINES}</p>`);
    expect(doc.pages.map((page) => dumpPage(page, boxesOnly))).toEqual([
      // four lines below the 5px top edge (a fifth would end at 55px), two above the 5px bottom edge;
      // broken, the box and its ancestors extend to the page end (as Chromium prints them)
      'html 0,0 100x50\n  body 0,0 100x50\n    p 0,0 100x50',
      'html 0,0 100x25\n  body 0,0 100x25\n    p 0,0 100x25',
    ]);
    expect(doc.pages.map((page) => edges(box(page, 'b')))).toEqual([[2, 3, 0, 0], [0, 0, 3, 2]]);
  });

  it('clone: every fragment has the whole border and padding, and the content ends above them on each page', async () => {
    const doc = await layoutHtml(`<style>${PAGE} #b { border: 2px solid; padding: 3px; box-decoration-break: clone }</style><p id=b>${LINES}</p>`);
    // 50px less 5px above and below: four 10px lines on the first page, the other two on the second
    expect(doc.pages.map((page) => dumpPage(page, boxesOnly))).toEqual([
      'html 0,0 100x50\n  body 0,0 100x50\n    p 0,0 100x50',
      'html 0,0 100x30\n  body 0,0 100x30\n    p 0,0 100x30',
    ]);
    expect(doc.pages.map((page) => edges(box(page, 'b')))).toEqual([[2, 3, 3, 2], [2, 3, 3, 2]]);
    const lines = (page: PageLayout): number[] => box(page, 'b').children.map((line) => line.y);
    expect(doc.pages.map(lines)).toEqual([[5, 15, 25, 35], [5, 15]]);
  });

  it('clone: a nested cloned box leaves room for its own edges and its ancestor\'s', async () => {
    const doc = await layoutHtml(`<style>${PAGE} div { border: 1px solid; padding: 4px; box-decoration-break: clone }</style>
      <div id=outer><div id=inner>${LINES}</div></div>`);
    // 50 - 2 * (5 + 5) = 30: three lines per page
    expect(doc.pages).toHaveLength(2);
    expect(doc.pages.map((page) => [box(page, 'outer').height, box(page, 'inner').height, box(page, 'inner').y])).toEqual([[50, 40, 5], [50, 40, 5]]);
  });

  it('clone: the fragments of a flex container keep their edges too', async () => {
    const doc = await layoutHtml(`<style>${PAGE} #f { display: flex; flex-direction: column; border: 2px solid; padding: 3px; box-decoration-break: clone }
      #f > div { height: 10px; flex: none }</style><div id=f>${'<div></div>'.repeat(6)}</div>`);
    expect(doc.pages.map((page) => [box(page, 'f').height, ...edges(box(page, 'f'))])).toEqual([[50, 2, 3, 3, 2], [30, 2, 3, 3, 2]]);
  });

  it('clone: a box resumed where its cloned edges leave it no room ends there, its height overflowing (found by fuzzing: no page made progress)', async () => {
    // 30px of padding above and below on 50px pages: after its first fragment, none could hold any of the 200px
    const doc = await layoutHtml(`<style>${PAGE} #b { padding: 30px 0; box-decoration-break: clone; min-height: 200px }</style><p id=b>x</p><p id=after>y</p>`);
    expect(doc.pages).toHaveLength(3);
    // the line and the padding (10px of the height) on the first page, the other 190px on the second
    expect(doc.pages.slice(0, 2).map((page) => box(page, 'b').height)).toEqual([70, 250]);
    expect(box(doc.pages[2]!, 'after').y).toBe(0);
  });
});

// The `wp` font draws every character, spaces included, as a 10px square at 10px.
const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
const INLINE = `@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 200px 100px; margin: 0 }
  body { margin: 0; font: 10px/10px wp } p { margin: 0 } span { border: 0 solid; border-width: 0 2px; padding: 0 5px; margin: 0 3px }
  .c { box-decoration-break: clone }`;

async function inlineDoc(body: string, css = ''): Promise<LaidOutDocument> {
  return layoutHtml(`<style>${INLINE} ${css}</style>${body}`, { baseDir: FONTS });
}

/** Per line: its inline box fragments (nested ones after their parent) as `x+width left-edge|right-edge` and their text. */
function inlineLines(doc: LaidOutDocument): string[][] {
  const entries = (f: Fragment): string[] => {
    if (f.kind === 'text') return [`"${f.text}" ${f.x}`];
    if (f.kind !== 'box') return [];
    const edges = `${f.border.left + f.padding.left}|${f.border.right + f.padding.right}`;
    return [`${f.box.element?.attribs['id'] ?? 'span'} ${f.x}+${f.width} ${edges}`, ...f.children.flatMap(entries)];
  };
  const lines = (f: Fragment): LineFragment[] => (f.kind === 'line' ? [f] : f.kind === 'box' ? f.children.flatMap(lines) : []);
  return doc.pages.flatMap((page) => page.children.flatMap(lines)).map((line) => line.children.flatMap(entries));
}

describe('box-decoration-break on inline boxes split across lines (CSS Fragmentation 3 §5.4)', () => {
  it('slice: the first fragment has the start edges, the last the end edges', async () => {
    // 85px: "a " 20, margin 3 + border 2 + padding 5, "bb cc" 50 (its space hangs)
    expect(inlineLines(await inlineDoc('<p style="width: 85px">a <span>bb cc dd</span></p>'))).toEqual([
      ['"a " 0', 'span 23+57 7|0', '"bb cc" 30'],
      ['span 0+27 0|7', '"dd" 0'],
    ]);
  });

  it('clone: every line\'s fragment is wrapped in both edges, and a line only breaks where the end edges owed fit', async () => {
    // "cc" would fit before the break (80px) but not with the 10px end edge the span owes there (90px > 85px)
    expect(inlineLines(await inlineDoc('<p style="width: 85px">a <span class=c>bb cc dd</span></p>'))).toEqual([
      ['"a " 0', 'span 23+34 7|7', '"bb" 30'],
      ['span 3+64 7|7', '"cc dd" 10'],
    ]);
  });

  it('clone: -webkit-box-decoration-break is the same property', async () => {
    const doc = await inlineDoc('<p style="width: 85px">a <span style="-webkit-box-decoration-break: clone">bb cc dd</span></p>');
    expect(inlineLines(doc)[1]).toEqual(['span 3+64 7|7', '"cc dd" 10']);
  });

  it('clone in a right-to-left paragraph: each fragment has its start edge on the right and its end edge on the left', async () => {
    // start (right) edge 3 + 2 + 6, end (left) edge 3 + 2 + 1; lines aligned right
    const doc = await inlineDoc('<p dir=rtl style="width: 85px">a <span class=c style="padding: 0 6px 0 1px">bb cc dd</span></p>');
    expect(inlineLines(doc)).toEqual([
      ['"a " 28', 'span 51+31 3|8', '"bb" 54'],
      ['span 21+61 3|8', '"cc dd" 24'],
    ]);
  });

  it('a cloned box inside a sliced one: the inner one has its edges on every line, the outer one only where it starts and ends', async () => {
    const doc = await inlineDoc('<p style="width: 85px">a <span id=o>b <span class=c id=i>cc dd ee</span> f</span></p>');
    expect(inlineLines(doc)).toEqual([
      ['"a " 0', 'o 23+17 7|0', '"b" 30'],
      ['o 0+70 0|0', 'i 3+64 7|7', '"cc dd" 10'],
      ['o 0+67 0|7', 'i 3+34 7|7', '"ee" 10', '" f" 40'],
    ]);
  });

  it('a sliced box inside a cloned one: the outer one repeats its edges around the inner one\'s fragments', async () => {
    const doc = await inlineDoc('<p style="width: 85px">a <span class=c id=o>b <span id=i>cc dd ee</span> f</span></p>');
    expect(inlineLines(doc)).toEqual([
      ['"a " 0', 'o 23+24 7|7', '"b" 30'],
      ['o 3+74 7|7', 'i 13+57 7|0', '"cc dd" 20'],
      ['o 3+64 7|7', 'i 10+27 0|7', '"ee" 10', '" f" 40'],
    ]);
  });

  it('clone across a page break: the first line of the next page starts with the start edges', async () => {
    const doc = await inlineDoc('<p style="width: 85px">a <span class=c>bb cc dd ee ff</span></p>', '@page { size: 100px 20px }');
    expect(doc.pages).toHaveLength(2);
    expect(inlineLines(doc)[2]).toEqual(['span 3+64 7|7', '"ee ff" 10']);
  });

  it('clone: a line beside a float counts the repeated edges in what must fit beside it', async () => {
    // "bbbbb" with both 10px edges (70px) does not fit the 60px beside the float: it goes below it
    const doc = await inlineDoc('<p style="width: 100px"><span class=c>aa <i style="float: left; width: 40px; height: 30px"></i>bbbbb</span></p>');
    expect(inlineLines(doc)).toEqual([['span 43+34 7|7', '"aa" 50'], ['span 3+64 7|7', '"bbbbb" 10']]);
    const lines = (f: Fragment): LineFragment[] => (f.kind === 'line' ? [f] : f.kind === 'box' ? f.children.flatMap(lines) : []);
    expect(doc.pages[0]!.children.flatMap(lines).map((line) => line.y)).toEqual([0, 30]);
  });

  it('the end of a box right after a forced break stays on the break\'s line, sliced or cloned (as in Chromium)', async () => {
    for (const cls of ['', 'c']) {
      const doc = await inlineDoc(`<p><span class="${cls}">aa<br></span>b</p><div id=f style="float: left"><span class="${cls}">aaa<br></span></div>`);
      expect(inlineLines(doc).slice(0, 2)).toEqual([['span 3+34 7|7', '"aa" 10'], ['"b" 0']]);
      // the float's max-content width: one line, both edges
      expect(box(doc.pages[0]!, 'f').width).toBe(50);
    }
  });

  it('clone counts the repeated edges in the intrinsic widths (a shrink-to-fit float)', async () => {
    // min-content: the widest word with both edges (30 + 20); slice: 30 + the end edge only
    const width = async (cls: string): Promise<number> => {
      const doc = await inlineDoc(`<div style="width: 0"><div id=f style="float: left"><span class="${cls}">aa bbb</span></div></div>`);
      return box(doc.pages[0]!, 'f').width;
    };
    expect([await width('c'), await width('')]).toEqual([50, 40]);
    // max-content: each line between forced breaks with both edges
    const doc = await inlineDoc('<div id=f style="float: left"><span class=c>aa<br>bbb</span></div>');
    expect(box(doc.pages[0]!, 'f').width).toBe(50);
  });
});
