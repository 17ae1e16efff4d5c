/** Footnotes (CSS GCPM 3 §2): calls in the text, bodies in the footnote area at the bottom of the page area. */
import { describe, expect, it } from 'vitest';
import { layoutHtml } from '../helpers/layout.js';
import type { BoxFragment, Fragment, PageLayout } from '../../src/layout/types.js';

const PAGE = '@page { size: 200px 200px; margin: 20px } html { font: 10px/10px monospace } body { margin: 0 } p { margin: 0 }';

function text(fragment: Fragment): string {
  if (fragment.kind === 'text') return fragment.text;
  if (fragment.kind === 'box' || fragment.kind === 'line') return fragment.children.map(text).join('');
  return '';
}

function findBox(fragment: Fragment, id: string): BoxFragment | undefined {
  if (fragment.kind === 'box' && fragment.box.element?.attribs['id'] === id) return fragment;
  return fragment.kind === 'box' || fragment.kind === 'line' ? fragment.children.map((c) => findBox(c, id)).find((f) => f !== undefined) : undefined;
}

/** The footnote area: the page's last top-level fragment when it is an anonymous box. */
function area(page: PageLayout): BoxFragment | undefined {
  const last = page.children[page.children.length - 1];
  return last?.kind === 'box' && last.box.element === undefined ? last : undefined;
}

describe('footnotes (CSS GCPM 3 §2)', () => {
  it('leaves a numbered call in the text and puts the note, with its marker, at the bottom of the page area', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style><p>Fee<span class=fn>Net of tax.</span> due.</p>`);
    const page = doc.pages[0]!;
    expect(text(page.children[0]!)).toBe('Fee1 due.');
    const notes = area(page)!;
    expect(text(notes)).toBe('1. Net of tax.');
    // 160px page area from y=20: the 10px note ends at its bottom
    expect([notes.x, notes.y, notes.width, notes.height]).toEqual([20, 170, 160, 10]);
  });

  it('numbers footnotes through the document and styles the area with @footnote', async () => {
    // GCPM's `float: bottom` in @footnote (its examples, Prince's style sheets) is where the area is anyway: no warning
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { float: bottom; border-top: 1px solid; padding-top: 4px; margin-top: 5px } }
      .fn { float: footnote } .fn::footnote-marker { content: "[" counter(footnote) "] " }</style>
      <p>a<span class=fn>A</span></p><div><p>b<span class=fn>B</span></p></div>`);
    const notes = area(doc.pages[0]!)!;
    expect(text(notes)).toBe('[1] A[2] B');
    expect([notes.y, notes.height, notes.border.top, notes.padding.top]).toEqual([155, 25, 1, 4]);
    expect(text(doc.pages[0]!.children[0]!)).toBe('a1b2');
  });

  it('sets inline footnotes on shared lines (footnote-display: inline)', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote; footnote-display: inline }</style><p>a<span class=fn>A</span>b<span class=fn>B</span></p>`);
    const notes = area(doc.pages[0]!)!;
    expect(text(notes)).toBe('1. A 2. B');
    expect(notes.height).toBe(10);
  });

  it('moves the line whose footnote does not fit to the next page, with its note', async () => {
    const lines = Array.from({ length: 15 }, (_, i) => `<p>line ${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style>${lines}<p>call<span class=fn>Note one<br>two<br>three</span></p><p>after</p>`);
    expect(doc.pages).toHaveLength(2);
    expect(area(doc.pages[0]!)).toBeUndefined();
    expect(text(doc.pages[1]!.children[0]!)).toBe('call1after');
    expect(text(area(doc.pages[1]!)!)).toBe('1. Note onetwothree');
  });

  it('ends a line with several calls above the notes of all of them', async () => {
    // 14 lines, then one with three calls: its three notes (30px) leave room for 12 lines
    const lines = Array.from({ length: 14 }, (_, i) => `<p>l${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } ::footnote-call { vertical-align: baseline; font-size: inherit; line-height: inherit }</style>
      ${lines}<p>a<span class=fn>A</span>b<span class=fn>B</span>c<span class=fn>C</span></p><p>after</p>`);
    expect(doc.pages).toHaveLength(2);
    expect(area(doc.pages[0]!)).toBeUndefined();
    expect(text(doc.pages[1]!.children[0]!)).toBe('a1b2c3after');
    expect(text(area(doc.pages[1]!)!)).toBe('1. A2. B3. C');
  });

  it('keeps a line with two calls on the page when both notes fit below it', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `<p>l${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } ::footnote-call { vertical-align: baseline; font-size: inherit; line-height: inherit }</style>
      ${lines}<p>a<span class=fn>A</span>b<span class=fn>B</span></p><p>x<span class=fn>X</span></p><p>after</p>`);
    // 12 lines and the line with two calls take 130px; the third call's line would need 10px more
    expect(text(doc.pages[0]!.children[0]!)).toContain('a1b2');
    expect(text(doc.pages[0]!.children[0]!)).not.toContain('x3');
    expect(text(area(doc.pages[0]!)!)).toBe('1. A2. B');
    expect(text(doc.pages[1]!.children[0]!)).toBe('x3after');
  });

  it('keeps the text above the footnotes: a page with a note holds fewer lines', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `<p>l${i + 1}</p>`).join('');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } ::footnote-call { vertical-align: baseline; font-size: inherit; line-height: inherit }</style>
      <p>x<span class=fn>n<br>n</span></p>${lines}`);
    // 16 lines fit in 160px; the 20px note leaves room for 14
    const first = doc.pages[0]!.children[0]! as BoxFragment;
    expect(first.height).toBe(140);
    expect(area(doc.pages[0]!)!.y).toBe(160);
  });

  it('limits the area to @footnote max-height: the notes past it continue on the next page, their calls staying', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { max-height: 25px } } .fn { float: footnote }</style>
      <p>a<span class=fn>A<br>A</span>b<span class=fn>B<br>B</span></p>`);
    expect(doc.pages).toHaveLength(2);
    expect(text(doc.pages[0]!.children[0]!)).toBe('a1b2');
    // note 1 (20px) fits the 25px; one line of note 2 would, but not its two orphans: it all goes on
    expect(text(area(doc.pages[0]!)!)).toBe('1. AA');
    expect([area(doc.pages[0]!)!.y, area(doc.pages[0]!)!.height]).toEqual([160, 20]);
    expect(text(area(doc.pages[1]!)!)).toBe('2. BB');
    expect([area(doc.pages[1]!)!.y, area(doc.pages[1]!)!.height]).toEqual([160, 20]);
  });

  it('splits a note taller than the room below its call: the rest continues in the next page\'s area, before its notes', async () => {
    const tall = Array.from({ length: 20 }, (_, i) => `n${i + 1}`).join('<br>');
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { border-top: 1px solid; padding-top: 1px } } .fn { float: footnote }</style>
      <p>x<span class=fn>${tall}</span></p><p style="break-before: page">y<span class=fn>second</span></p>`);
    expect(doc.pages).toHaveLength(2);
    const first = area(doc.pages[0]!)!;
    // page area 20-180, text to 30: 150px for the area, its 2px of edges and 14 lines
    expect([first.y, first.height, first.border.top, first.border.bottom]).toEqual([38, 142, 1, 0]);
    expect(text(first)).toBe('1. n1' + Array.from({ length: 13 }, (_, i) => `n${i + 2}`).join(''));
    const second = area(doc.pages[1]!)!;
    // the area keeps its top border on the page it continues on
    expect([second.border.top, text(second)]).toEqual([1, Array.from({ length: 6 }, (_, i) => `n${i + 15}`).join('') + '2. second']);
  });

  it('places an absolutely positioned box of a note in the page area, where the note puts it', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } b { display: block; position: absolute; left: 5px }</style>
      <p>x<span class=fn><b id=abs>A</b></span></p>`);
    const abs = doc.pages[0]!.children.find((f) => f.kind === 'box' && f.box.element?.attribs['id'] === 'abs');
    // its static position: 5px into the page area (x 20), below the note's marker line (the area's last 10px)
    expect(abs !== undefined && [abs.x, abs.y]).toEqual([25, 180]);
  });

  it('adds a page for the rest of a note that goes on past the end of the text', async () => {
    const tall = Array.from({ length: 20 }, (_, i) => `n${i + 1}`).join('<br>');
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style><p>x<span class=fn>${tall}</span></p>`);
    expect(doc.pages).toHaveLength(2);
    // page 2 holds only the footnote area: the last five lines at the bottom of its page area
    expect(doc.pages[1]!.children).toHaveLength(1);
    const rest = area(doc.pages[1]!)!;
    expect([rest.y, rest.height, text(rest)]).toEqual([130, 50, 'n16n17n18n19n20']);
  });

  it('gives each page\'s area its own margin-top, also where a note continues from the page before', async () => {
    const tall = Array.from({ length: 20 }, (_, i) => `n${i + 1}`).join('<br>');
    const body = Array.from({ length: 11 }, (_, i) => `l${i + 1}`).join('<br>');
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { margin-top: 8px; border-top: 1px solid } } .fn { float: footnote }</style>
      <p>x<span class=fn>${tall}</span></p><p style="break-before: page; padding-top: 5px">${body}</p>`);
    // page 2: the six lines left of the note (60px) under their 1px border and 8px margin: the
    // text ends above 180 - 69 = 111, so eight of the eleven lines (25 + 80 = 105) fit (nine without the margin)
    const second = doc.pages[1]!;
    expect([area(second)!.y, area(second)!.height]).toEqual([119, 61]);
    expect(text(second.children[0]!)).toBe('l1l2l3l4l5l6l7l8');
    expect(text(doc.pages[2]!.children[0]!)).toBe('l9l10l11');
  });

  it('moves a note that cannot start in an area lower than its first line to the next page, whose area takes it cut to max-height', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page { @footnote { max-height: 5px } } .fn { float: footnote }</style>
      <p>a<span class=fn>A</span>b<span class=fn>B</span></p>`);
    expect(doc.pages).toHaveLength(3);
    // the calls stay on page 1, without an area; each later page shows one note in a 5px area
    expect(text(doc.pages[0]!.children[0]!)).toBe('a1b2');
    expect(area(doc.pages[0]!)).toBeUndefined();
    expect(doc.pages.slice(1).map((page) => [area(page)!.y, area(page)!.height, text(area(page)!)])).toEqual([[175, 5, '1. A'], [175, 5, '2. B']]);
  });

  it('reserves the room of the notes call by call for block-level content too: a box between two calls ends above the first note only', async () => {
    const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style>
      <p>a<span class=fn>A</span></p><div id=box style="height: 135px"></div><p>b<span class=fn>B</span></p>`);
    // the box (30 to 165) fits above note 1 (170), not above both notes (160); the line of call 2 does not
    expect(doc.pages).toHaveLength(2);
    expect(findBox(doc.pages[0]!.children[0]!, 'box')).toBeDefined();
    expect([text(doc.pages[0]!.children[0]!), text(area(doc.pages[0]!)!)]).toEqual(['a1', '1. A']);
    expect([text(doc.pages[1]!.children[0]!), text(area(doc.pages[1]!)!)]).toEqual(['b2', '2. B']);
  });

  it('makes a box that does not lay its content out in flow order end above the notes of the calls in it, and only of those before and in it', async () => {
    // a flex container between two calls ends above note 1, like a block
    const flex = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style>
      <p>a<span class=fn>A</span></p><div id=box style="display: flex; height: 135px"></div><p>b<span class=fn>B</span></p>`);
    expect(findBox(flex.pages[0]!.children[0]!, 'box')).toBeDefined();
    // a grid whose second row holds call 2: that row (40 to 170) would run into note 2's room (above 160),
    // so it is cut there (its text breaks inside, as Chromium cuts such a row), its call and note staying
    const lines = Array.from({ length: 13 }, (_, i) => `c${i + 1}`).join('<br>');
    const grid = await layoutHtml(`<style>${PAGE} .fn { float: footnote }</style>
      <p>a<span class=fn>A</span></p><div style="display: grid"><div>x</div><div>y<span class=fn>C</span> ${lines}</div></div>`);
    expect(grid.pages.map((page) => [text(page.children[0]!), area(page) === undefined ? '' : text(area(page)!)]))
      .toEqual([['a1xy2 c1c2c3c4c5c6c7c8c9c10c11', '1. A2. C'], ['c12c13', '']]);
  });

  it('keeps what balanced columns hold when room for their notes would shorten them: the notes past the room go to the next page, their calls staying (as WeasyPrint)', async () => {
    // 45px page area; one word (10px line) per 20px column. All six lines (three per column) and
    // three notes do not fit; room for three notes leaves one line per column, room for the two
    // notes of those lines leaves two: the columns keep two lines each, note 3 waits for page 2.
    const doc = await layoutHtml(`<style>@page { size: 200px 85px; margin: 20px } html { font: 10px/10px monospace } body { margin: 0 }
      .fn { float: footnote } div { width: 40px; columns: 2; column-gap: 0; orphans: 1; widows: 1 }</style>
      <div>a<span class=fn>A</span> a<span class=fn>B</span> a<span class=fn>C</span> ab ab ab</div>`);
    expect(doc.pages.map((page) => [text(page.children[0]!), text(area(page)!)])).toEqual([['a1a2a3ab', '1. A2. B'], ['abab', '3. C']]);
  });

  it('takes the notes of calls inside an absolutely positioned box to the page, whatever its containing block', async () => {
    const containers = ['display: flex', 'display: grid', 'display: table', 'columns: 2', 'display: block'];
    const notes: string[] = [];
    for (const css of containers) {
      const doc = await layoutHtml(`<style>${PAGE} .fn { float: footnote } .cb { position: relative; height: 30px; ${css} } .abs { position: absolute; top: 0 }</style>
        <div class=cb><div class=abs>x<span class=fn>Note</span></div></div>`);
      notes.push(`${css}: ${area(doc.pages[0]!) === undefined ? '' : text(area(doc.pages[0]!)!)}`);
    }
    expect(notes).toEqual(containers.map((css) => `${css}: 1. Note`));
  });

  it('restarts the numbers on each page whose @page rule resets the footnote counter', async () => {
    // CSS GCPM 3 §2.5's example, as Prince numbers them: the first note of each page is 1 again
    const doc = await layoutHtml(`<style>${PAGE} @page { counter-reset: footnote } .fn { float: footnote } .fn::footnote-call { content: "[" counter(footnote) "]" }
      p { height: 50px; break-inside: avoid }</style><p>a<span class=fn>A</span></p><p>b<span class=fn>B</span></p><p>c<span class=fn>C</span></p><p>d<span class=fn>D</span></p>`);
    expect(doc.pages.map((page) => [text(page.children[0]!), text(area(page)!)])).toEqual([
      ['a[1]b[2]', '1. A2. B'],
      ['c[1]d[2]', '1. C2. D'],
    ]);
  });

  it('numbers the notes through the pages a reset does not match: @page :left restarts them on left pages only', async () => {
    const doc = await layoutHtml(`<style>${PAGE} @page :left { counter-reset: footnote 10 } .fn { float: footnote }
      p { height: 130px; break-inside: avoid }</style><p>a<span class=fn>A</span></p><p>b<span class=fn>B</span></p><p>c<span class=fn>C</span></p>`);
    expect(doc.pages.map((page) => text(area(page)!))).toEqual(['1. A', '11. B', '12. C']);
  });
});
