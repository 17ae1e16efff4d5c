import { describe, expect, it } from 'vitest';
import type { PageLayout } from '../../src/layout/types.js';
import { boxesOnly, dumpPage, findById, layoutHtml, textFragments } from '../helpers/layout.js';

const page = '@page { size: 200px 100px; margin: 10px } body { margin: 0 } div { height: 35px }';

describe('pagination of block content (CSS Fragmentation 3)', () => {
  it('lays content out in the page area: inside the page box\'s margin, border and padding', async () => {
    const doc = await layoutHtml(`<style>@page { size: 100px 50px; margin: 5px; border: 2px solid; padding: 3px 10% } body { margin: 0 } div { height: 20px }</style><div id=a></div><div id=b></div>`);
    // the page box is 90px wide: 10% padding is 9px; the area is 90 - 2*2 - 2*9 = 68px wide and 40 - 4 - 6 = 30px tall
    expect(findById(doc.pages[0]!, 'a')).toMatchObject({ x: 16, y: 10, width: 68 });
    expect(findById(doc.pages[1]!, 'b')).toMatchObject({ x: 16, y: 10 });
  });

  it('moves a block that does not fit to the next page', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=a></div><div id=b></div><div id=c></div>`);
    expect(doc.pages).toHaveLength(2);
    expect(findById(doc.pages[0]!, 'b')).toMatchObject({ y: 45 });
    expect(findById(doc.pages[1]!, 'c')).toMatchObject({ x: 10, y: 10 });
  });

  it('moves an empty table that starts past the page end to the next page, as an empty block (Chromium)', async () => {
    // the clearfix table after the last margin of a Bootstrap 3 page: Chromium prints a page more
    const after = (margin: number, table: string): Promise<Awaited<ReturnType<typeof layoutHtml>>> =>
      layoutHtml(`<style>${page} .c::after { content: " "; display: table }</style><div style="height:70px;margin-bottom:${margin}px"></div>${table}`);
    const pushed = await after(20, '<section id=t style="display:table"></section>');
    expect(pushed.pages).toHaveLength(2);
    expect(findById(pushed.pages[1]!, 't')).toMatchObject({ y: 10, height: 0 });
    expect((await after(5, '<section id=t style="display:table"></section>')).pages).toHaveLength(1);
    expect((await layoutHtml(`<style>${page} .c::after { content: " "; display: table }</style><div class=c style="height:auto"><div style="height:70px;margin-bottom:20px"></div></div>`)).pages).toHaveLength(2);
  });

  it('truncates the top margin after an unforced break, keeps it after a forced one', async () => {
    const unforced = await layoutHtml(`<style>${page} .m { margin-top: 15px }</style><div></div><div></div><div class=m id=c></div>`);
    expect(findById(unforced.pages[1]!, 'c')).toMatchObject({ y: 10 });
    const forced = await layoutHtml(`<style>${page} .m { margin-top: 15px; break-before: page }</style><div></div><div class=m id=c></div>`);
    expect(forced.pages).toHaveLength(2);
    expect(findById(forced.pages[1]!, 'c')).toMatchObject({ y: 25 });
  });

  it('honours break-before and break-after', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div id=a style="break-after:page"></div><div id=b></div><div id=c style="break-before:page"></div>`);
    expect(doc.pages.map((p) => dumpPage(p, boxesOnly).split('\n').filter((l) => l.includes('div')).length)).toEqual([1, 1, 1]);
  });

  it('pushes a break-inside: avoid block whole to the next page', async () => {
    const doc = await layoutHtml(`<style>${page} p { margin: 0; line-height: 20px; font-size: 10px }</style><div></div><p id=p style="break-inside:avoid">a<br>b<br>c</p>`);
    expect(findById(doc.pages[0]!, 'p')).toBeUndefined();
    expect(findById(doc.pages[1]!, 'p')).toMatchObject({ y: 10, height: 60 });
  });

  it('keeps a box that clips its overflow at a fixed height on one page, and breaks it where it is when it does not fit (Chromium 156)', async () => {
    const clipped = (id: string): string => `<div id=${id} style="height:30px;overflow:hidden"><p style="margin:0;height:50px"></p><p style="margin:0;height:50px"></p></div>`;
    const fits = await layoutHtml(`<style>${page}</style><div></div>${clipped('k')}`);
    // its 100px of content run past the page end, but they are clipped at 30px: nothing continues
    expect(fits.pages).toHaveLength(1);
    expect(findById(fits.pages[0]!, 'k')).toMatchObject({ y: 45, height: 30 });
    // before: moved whole to the next page; now 25px here and 5px there, none of its content continued past its height
    const moved = await layoutHtml(`<style>${page}</style><div></div><div style="height:20px"></div>${clipped('k')}`);
    expect(moved.pages).toHaveLength(2);
    expect(findById(moved.pages[0]!, 'k')).toMatchObject({ y: 65, height: 25 });
    expect(findById(moved.pages[1]!, 'k')).toMatchObject({ y: 10, height: 5 });
  });

  it('breaks a fixed-height flex container at the page end, clipping or not, and carries its height over (Chromium 156)', async () => {
    // a 60px row whose items fit inside it, crossing the page end 25px in: 25px here, the 35px left
    // of its height there (its last fragment took only its content, 20px); overflow: hidden clips
    // nothing in it, so it breaks too (it moved to the next page whole)
    const row = (clip: string): string => `<div style="height:55px"></div><div id=f style="display:flex;height:60px;${clip}"><p style="margin:0;height:40px;flex:1"></p></div><i id=after style="display:block;height:1px"></i>`;
    for (const clip of ['', 'overflow:hidden']) {
      const doc = await layoutHtml(`<style>${page}</style>${row(clip)}`);
      expect([findById(doc.pages[0]!, 'f'), findById(doc.pages[1]!, 'f')]).toMatchObject([{ y: 65, height: 25 }, { y: 10, height: 35 }]);
      expect(findById(doc.pages[1]!, 'after')).toMatchObject({ y: 45 });
    }
    // a grid the same (its stretched item too)
    const grid = await layoutHtml(`<style>${page}</style>${row('overflow:hidden').replace('display:flex', 'display:grid')}`);
    expect([findById(grid.pages[0]!, 'f'), findById(grid.pages[1]!, 'f')]).toMatchObject([{ y: 65, height: 25 }, { y: 10, height: 35 }]);
    // content past the clipped height keeps the container whole: it moves to the next page
    const over = await layoutHtml(`<style>${page}</style><div style="height:55px"></div><div id=f style="display:flex;height:60px;overflow:hidden"><p style="margin:0;height:90px;flex:1"></p></div>`);
    expect(findById(over.pages[1]!, 'f')).toMatchObject({ y: 10, height: 60 });
  });

  it('stretches a flex row\'s items to their line\'s end on the page where they end, as Chromium does', async () => {
    // a 300px row 110px above the page end: the stretched item's twelve lines end 140px into the
    // next page, its box 190px (the 300 less the 110 before the break), as the container's
    const lines = Array.from({ length: 12 }, (_, i) => `l${i}`).join('<br>');
    const doc = await layoutHtml(`<style>@page { size: 400px 400px; margin: 20px } body { margin: 0; font: 16px/20px sans-serif }</style><div style="height:250px"></div><div id=f style="display:flex;height:300px"><div id=a style="flex:1">${lines}</div><div style="flex:1"></div></div>`);
    expect([findById(doc.pages[0]!, 'a'), findById(doc.pages[1]!, 'a'), findById(doc.pages[1]!, 'f')]).toMatchObject([{ height: 110 }, { y: 20, height: 190 }, { height: 190 }]);
  });

  it('stretches a flex item that ends before the break to the page end and on to its line\'s end (Chromium 156)', async () => {
    // #a's word ends 20px into a row of 300px (#b's fifteen lines) that starts 20px down a 200px
    // page: #a fills the page and goes on 120px into the next, its bottom padding and border there;
    // when a box that avoids breaks moves #b's lines down, the line grows and #a reaches its end
    const row = (b: string): string => `<style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 10px/20px 'DejaVu Sans' }
      #a { width: 80px; padding-bottom: 5px; border-bottom: 3px solid } #b { flex: 1 } #k { height: 60px; break-inside: avoid }</style>
      <div style="display:flex;margin-top:20px"><div id=a>short</div><div id=b>${b}</div></div>`;
    const lines = (n: number): string => Array.from({ length: n }, (_, i) => `${i}`).join('<br>');
    const doc = await layoutHtml(row(lines(15)));
    expect([findById(doc.pages[0]!, 'a'), findById(doc.pages[1]!, 'a')]).toMatchObject([{ y: 20, height: 180 }, { y: 0, height: 120 }]);
    const grown = await layoutHtml(row(`${lines(7)}<div id=k></div>${lines(2)}`));
    expect([findById(grown.pages[0]!, 'a'), findById(grown.pages[1]!, 'a'), findById(grown.pages[1]!, 'b')]).toMatchObject([{ y: 20, height: 180 }, { y: 0, height: 100 }, { y: 0, height: 100 }]);
  });

  it('breaks after empty blocks before a box that avoids breaks when margins put it below the page top (Chromium 156)', async () => {
    // a 190px box that avoids breaks, 30px down a 200px page: after an empty block it moves to the
    // next page (its margin truncated there), as the first box of the page it stays and breaks
    const doc = (body: string): Promise<Awaited<ReturnType<typeof layoutHtml>>> => layoutHtml(`<style>@page { size: 300px 200px; margin: 0 } body { margin: 0 }
      #k { height: 190px; break-inside: avoid }</style>${body}<div id=n style="height:10px"></div>`);
    for (const body of ['<div style="margin-bottom:30px"></div><div id=k></div>', '<div></div><div id=k style="margin-top:30px"></div>']) {
      const moved = await doc(body);
      expect([findById(moved.pages[0]!, 'k'), findById(moved.pages[1]!, 'k'), findById(moved.pages[1]!, 'n')]).toMatchObject([undefined, { y: 0, height: 190 }, { y: 190 }]);
    }
    const first = await doc('<div id=k style="margin-top:30px"></div>');
    expect([findById(first.pages[0]!, 'k'), findById(first.pages[1]!, 'k')]).toMatchObject([{ y: 30, height: 170 }, { y: 0, height: 20 }]);
    // no margins: the box stays below the empty block, at the page top
    const unmoved = await doc('<div></div><div id=k></div>');
    expect(findById(unmoved.pages[0]!, 'k')).toMatchObject({ y: 0, height: 190 });
  });

  it('splits a paragraph between lines and repeats nothing', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `line${i}`).join('<br>');
    const doc = await layoutHtml(`<style>@page { size: 200px 100px; margin: 10px } body { margin: 0 } p { margin: 0; font: 10px/20px monospace; orphans: 1; widows: 1 }</style><p id=p>${lines}</p>`);
    expect(doc.pages).toHaveLength(2);
    expect(findById(doc.pages[0]!, 'p')).toMatchObject({ y: 10, height: 80 });
    expect(findById(doc.pages[1]!, 'p')).toMatchObject({ y: 10, height: 60 });
  });

  it('keeps widows lines together on the next page', async () => {
    const lines = Array.from({ length: 5 }, (_, i) => `line${i}`).join('<br>');
    const doc = await layoutHtml(`<style>@page { size: 200px 100px; margin: 10px } body { margin: 0 } p { margin: 0; font: 10px/20px monospace; orphans: 2; widows: 2 }</style><p id=p>${lines}</p>`);
    // 4 lines fit, but then only 1 would be left: the break moves up one line; the paragraph
    // still extends to the page end (80px of page area), as Chromium prints it
    expect(findById(doc.pages[0]!, 'p')).toMatchObject({ height: 80 });
    expect(textFragments(findById(doc.pages[0]!, 'p')!).map((t) => t.text)).toEqual(['line0', 'line1', 'line2']);
    expect(findById(doc.pages[1]!, 'p')).toMatchObject({ height: 40 });
  });

  // Chromium 156 prints these so: with fewer lines than orphans + widows no break between them honours both,
  // and it keeps the orphans and fills the page rather than moving the paragraph whole
  it('breaks a paragraph of fewer lines than orphans and widows where the page ends, if the orphans fit', async () => {
    const paragraph = (count: number, spacer: number): string => `<style>@page { size: 200px 100px; margin: 10px } body { margin: 0 } p { margin: 0; font: 10px/20px monospace; orphans: 2; widows: 2 }</style>
      <div style="height:${spacer}px"></div><p id=p>${Array.from({ length: count }, (_, i) => `line${i}`).join('<br>')}</p>`;
    const onFirstPage = async (count: number, spacer: number): Promise<string[]> => textFragments(findById((await layoutHtml(paragraph(count, spacer))).pages[0]!, 'p') ?? { kind: 'box', children: [] } as never).map((t) => t.text);
    expect(await onFirstPage(3, 40)).toEqual(['line0', 'line1']);
    expect(await onFirstPage(3, 60)).toEqual([]); // one line fits: the orphans do not
    expect(await onFirstPage(4, 20)).toEqual(['line0', 'line1']); // 3 fit, 2 + 2 honours both
    expect(await onFirstPage(5, 20)).toEqual(['line0', 'line1', 'line2']);
    // in a grid row too: the row breaks 2 + 1 beside an item that fits, as Chromium 156 breaks it
    const grid = await layoutHtml(paragraph(3, 40).replace('<p id=p>', '<div style="display:grid;grid-template-columns:1fr 1fr"><p id=p>').replace(/<\/p>$/, '</p><p id=q>other</p></div>'));
    expect(textFragments(findById(grid.pages[0]!, 'p')!).map((t) => t.text)).toEqual(['line0', 'line1']);
    expect(textFragments(findById(grid.pages[0]!, 'q')!).map((t) => t.text)).toEqual(['other']);
  });

  it('keeps the orphans and fills the page for the rest of a paragraph broken on an earlier page', async () => {
    // two 20px lines a page, 5 lines: page 2 has 3 left, which no break honours both for;
    // Chromium 156 prints 2 + 2 + 1 (not 2 + 1 + 2)
    const lines = Array.from({ length: 5 }, (_, i) => `line${i}`).join('<br>');
    const doc = await layoutHtml(`<style>@page { size: 200px 40px; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px monospace; orphans: 2; widows: 2 }</style><p id=p>${lines}</p>`);
    expect(doc.pages.map((p) => textFragments(findById(p, 'p')!).map((t) => t.text))).toEqual([['line0', 'line1'], ['line2', 'line3'], ['line4']]);
  });

  it('keeps just the orphans of a paragraph of fewer lines than orphans and widows, not the page\'s worth', async () => {
    // Chromium 156 breaks after max(orphans, lines - widows) lines, which is the orphans here: with
    // pandoc's print style (orphans: 3; widows: 3) a 5-line paragraph with room for 4 breaks 3 + 2
    const onFirstPage = async (orphans: number, widows: number, count: number, room: number): Promise<number> => {
      const doc = await layoutHtml(`<style>@page { size: 200px ${room * 20}px; margin: 0 } body { margin: 0 } p { margin: 0; font: 10px/20px monospace; orphans: ${orphans}; widows: ${widows} }</style>
        <div style="height:20px"></div><p id=p>${Array.from({ length: count }, (_, i) => `line${i}`).join('<br>')}</p>`);
      return textFragments(findById(doc.pages[0]!, 'p')!).length;
    };
    expect(await onFirstPage(3, 3, 5, 5)).toBe(3);
    expect(await onFirstPage(4, 4, 7, 7)).toBe(4);
    expect(await onFirstPage(2, 4, 5, 5)).toBe(2);
  });

  it('breaks where the lines stop fitting when a page is too short for orphans and widows (no line cut off)', async () => {
    // one 20px line per page, orphans 2 and widows 2: Chromium puts each line on its own page
    const lines = Array.from({ length: 3 }, (_, i) => `line${i}`).join(' ');
    const doc = await layoutHtml(`<style>@page { size: 200px 20px; margin: 0 } body { margin: 0 } p { margin: 0; width: 60px; font: 10px/20px monospace; orphans: 2; widows: 2 }</style><p id=p>${lines}</p>`);
    expect(doc.pages.map((p) => findById(p, 'p'))).toMatchObject([{ y: 0, height: 20 }, { y: 0, height: 20 }, { y: 0, height: 20 }]);
  });

  it('keeps a heading with the block after it (break-after: avoid)', async () => {
    const doc = await layoutHtml(`<style>${page} h2 { margin: 0; height: 20px; font-size: 10px; break-after: avoid }</style><div></div><h2 id=h>Title</h2><div id=b style="break-inside:avoid"></div>`);
    expect(findById(doc.pages[0]!, 'h')).toBeUndefined();
    expect(findById(doc.pages[1]!, 'h')).toMatchObject({ y: 10 });
  });

  it('moves a section whose first child avoids the break after it, when what follows must go on', async () => {
    // Chromium 156: every break inside the section is to be avoided, so it breaks before the section;
    // with `break-after: avoid` on a heading inside a div, the div's edge avoids it too (§3.1)
    const css = `${page} h2 { margin: 0; height: 20px; font-size: 10px; break-after: avoid } .fig { height: 40px; break-inside: avoid }`;
    const at = async (body: string): Promise<number> => (await layoutHtml(`<style>${css}</style>${body}`)).pages.findIndex((p) => findById(p, 'h') !== undefined);
    expect(await at('<div></div><section><h2 id=h>Title</h2><div class=fig></div></section>')).toBe(1);
    expect(await at('<div></div><section><div style="height:auto"><h2 id=h>Title</h2></div><div class=fig></div></section>')).toBe(1);
    expect(await at('<div style="height:20px"></div><section><h2 id=h>Title</h2><h2>Sub</h2><div class=fig></div></section>')).toBe(1);
    // a section at the page top, or one whose own break before is to be avoided, stays (Chromium breaks the latest it can)
    expect(await at('<section><h2 id=h>Title</h2><div class=fig style="height:90px"></div></section>')).toBe(0);
    expect(await at('<div></div><section style="break-before:avoid"><h2 id=h>Title</h2><div class=fig></div></section>')).toBe(0);
    // nothing to avoid: the heading stays above the break
    expect(await at('<div></div><section><h2 id=h style="break-after:auto">Title</h2><div class=fig></div></section>')).toBe(0);
  });

  it('keeps nested sections\' headings together above the break when no section can move on', async () => {
    // each section starts with a heading that avoids the break after it; the innermost ends with a
    // block taller than the room left: the sections go to the next page once, and there, at its top,
    // the break stays after the last heading (before, each section moved on alone: one page each)
    const css = `${page} h2 { margin: 0; height: 1px; font-size: 1px; break-after: avoid } .tall { height: 70px; break-inside: avoid }`;
    const doc = await layoutHtml(`<style>${css}</style><div style="height:60px"></div>${'<section><h2>h</h2>'.repeat(30)}<div id=t class=tall></div>${'</section>'.repeat(30)}`);
    expect(doc.pages).toHaveLength(3);
    expect(findById(doc.pages[2]!, 't')).toMatchObject({ y: 10 });
  });

  it('takes the latest break when every break on the page is to be avoided, as Chromium does', async () => {
    // headings that avoid the break after them from the page top, then a block that avoids breaks
    // inside and does not fit below them: all breaks are as bad; Chromium 156 keeps the headings
    // and breaks inside the block (before it when it cannot break: an image)
    const css = `${page} h2 { margin: 0; height: 10px; font-size: 1px; break-after: avoid } .fig { height: 70px; break-inside: avoid }`;
    const split = await layoutHtml(`<style>${css}</style><h2 id=a>a</h2><h2 id=b>b</h2><div id=f class=fig></div>`);
    expect(findById(split.pages[0]!, 'b')).toMatchObject({ y: 20 });
    expect(findById(split.pages[0]!, 'f')).toMatchObject({ y: 30, height: 60 });
    const image = await layoutHtml(`<style>${css}</style><h2 id=a>a</h2><h2 id=b>b</h2><img id=f style="display:block;width:10px;height:70px" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E">`);
    expect(findById(image.pages[0]!, 'b')).toMatchObject({ y: 20 });
    expect(findById(image.pages[1]!, 'f')).toMatchObject({ y: 10 });
    // below something that may break before the headings, they go on with the block, whole
    const moved = await layoutHtml(`<style>${css}</style><div style="height:20px"></div><h2 id=a>a</h2><h2 id=b>b</h2><div id=f class=fig></div>`);
    expect(findById(moved.pages[1]!, 'a')).toMatchObject({ y: 10 });
    expect(findById(moved.pages[1]!, 'f')).toMatchObject({ y: 30, height: 60 });
  });

  it('takes a zero-height block at the page top for no separation: a block that cannot split stays on the first page', async () => {
    // `height: 0` lets the margins collapse through it, as an empty auto-height block does (Chromium
    // 156 prints the tall block from the first page on, not after a blank one)
    const doc = await layoutHtml(`<style>${page}</style><div style="height:0"></div><div id=t style="height:150px;break-inside:avoid"></div>`);
    expect(findById(doc.pages[0]!, 't')).toMatchObject({ y: 10 });
  });

  it('uses the @page size and margins', async () => {
    const doc = await layoutHtml('<style>@page { size: A5 landscape; margin: 1in 2cm } body { margin: 0 }</style><div id=a style="height:1px"></div>');
    const p = doc.pages[0]!;
    expect([Math.round(p.width), Math.round(p.height)]).toEqual([794, 559]);
    // the page area starts at the nearest whole pixel, as Chromium prints: 2cm is 75.59px
    expect(findById(p, 'a')).toMatchObject({ x: 76, y: 96 });
  });

  it('enforces the page limit', async () => {
    const { createInternalEngine } = await import('../../src/render.js');
    const engine = createInternalEngine({ limits: { maxPages: 2 } });
    await expect(engine.layout({ template: `<style>${page}</style>` + '<div></div>'.repeat(10) })).rejects.toMatchObject({ code: 'limit_exceeded' });
  });
});

describe('forced breaks keep their kind (CSS Fragmentation 3 §3.1, CSS Paged Media 3 §4.2)', () => {
  it('adds a blank page when break-before: right follows a right page, and none when it follows a left one', async () => {
    const right = await layoutHtml(`<style>${page}</style><div id=a></div><div id=b style="break-before:right"></div>`);
    expect(right.pages.map((p) => p.blank)).toEqual([false, true, false]);
    expect(findById(right.pages[2]!, 'b')).toMatchObject({ y: 10 });
    const left = await layoutHtml(`<style>${page}</style><div id=a></div><div id=b style="break-before:left"></div>`);
    expect(left.pages.map((p) => p.blank)).toEqual([false, false]);
    const recto = await layoutHtml(`<style>${page}</style><div></div><div style="break-before:page"></div><div style="break-after:verso"></div><div id=c></div>`);
    expect(recto.pages.map((p) => p.blank)).toEqual([false, false, true, false]);
  });

  it('keeps a side break met by a page break at the same point: the cover\'s break-after: right wins over the next break-before: page', async () => {
    // CSS Fragmentation 3 §3.1: breaks that meet combine, every kind honoured; WeasyPrint and Prince print
    // the blank left page (WPT css/CSS2/pagination/forced-page-breaks-001); Chromium ignores left and right
    const cover = await layoutHtml(`<style>${page}</style><div style="break-after:right"></div><div id=b style="break-before:page"></div>`);
    expect(cover.pages.map((p) => p.blank)).toEqual([false, true, false]);
    expect(findById(cover.pages[2]!, 'b')).toMatchObject({ y: 10 });
    const later = await layoutHtml(`<style>${page}</style><div style="break-after:page"></div><div style="break-before:right"></div>`);
    expect(later.pages.map((p) => p.blank)).toEqual([false, true, false]);
    // among the sides, the later value wins
    const sides = await layoutHtml(`<style>${page}</style><div style="break-after:left"></div><div style="break-before:right"></div>`);
    expect(sides.pages.map((p) => p.blank)).toEqual([false, true, false]);
  });

  it('styles the blank page with @page :blank', async () => {
    const doc = await layoutHtml(`<style>${page} @page :blank { size: 300px 150px }</style><div></div><div style="break-before:recto"></div>`);
    expect(doc.pages.map((p) => `${p.width}x${p.height}`)).toEqual(['200x100', '300x150', '200x100']);
  });

  it('ignores a column break outside multi-column layout', async () => {
    const doc = await layoutHtml(`<style>${page}</style><div></div><div style="break-before:column"></div>`);
    expect(doc.pages).toHaveLength(1);
  });
});

describe('inline content resumes from a position, not from lines (CSS Fragmentation 3 §4)', () => {
  it('breaks the rest of a paragraph again at the next page\'s width', async () => {
    const css = `@page { size: 200px 40px; margin: 0 } @page :first { size: 100px 40px } body { margin: 0 } p { margin: 0; font: 10px/10px "DejaVu Sans" }`;
    const words = 'aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp '.repeat(3).trim();
    const doc = await layoutHtml(`<style>${css}</style><p id=p>${words}</p>`);
    const widths = doc.pages.map((p) => (findById(p, 'p') as { width: number } | undefined)?.width);
    expect(widths.slice(0, 2)).toEqual([100, 200]);
    const text = doc.pages.map((p) => dumpPage(p).split('\n').filter((l) => l.includes('text')).map((l) => /text "(.*)"/.exec(l)![1]).join(' ')).join(' | ');
    expect(text.replace(/ \| /g, ' ').split(/\s+/).filter(Boolean).join(' ')).toBe(words);
  });
});

describe('absolutely positioned boxes across pages (CSS Fragmentation 3 §4.3)', () => {
  const css = '@page { size: 200px 30px; margin: 0 } body { margin: 0; font: 10px/10px "DejaVu Sans" } * { orphans: 1; widows: 1 }';
  const five = 'a<br>b<br>c<br>d<br>e';

  it('continues a box whose content runs past the page end at the top of the next page area, at the same x and width', async () => {
    const doc = await layoutHtml(`<style>${css}</style><div id=a style="position:absolute;top:10px;left:30px;width:40px">${five}</div><p style="margin:0">${five}</p>`);
    expect(findById(doc.pages[0]!, 'a')).toMatchObject({ x: 30, y: 10, width: 40, height: 20 });
    expect(findById(doc.pages[1]!, 'a')).toMatchObject({ x: 30, y: 0, width: 40, height: 30 });
  });

  it('adds pages for a box that runs past the last page of the flow, as Chromium 156 prints it', async () => {
    // Chromium: a, b, c on the first page; d, e at the top of a second page
    const doc = await layoutHtml(`<style>${css}</style><div id=a style="position:absolute;top:0;left:0;width:40px">${five}</div>x`);
    expect(doc.pages).toHaveLength(2);
    expect(findById(doc.pages[0]!, 'a')).toMatchObject({ y: 0, height: 30 });
    expect(findById(doc.pages[1]!, 'a')).toMatchObject({ x: 0, y: 0, width: 40, height: 20 });
  });

  it('continues the content that overflows a box of fixed height on the next pages, as Chromium 156 prints it', async () => {
    // a full-page `position: absolute; top: 0; bottom: 0` body (Jupyter's classic notebook export):
    // Chromium prints a, b, c on the first page and d, e at the top of the second
    const texts = (page: PageLayout): string[] => dumpPage(page).split('\n').filter((l) => l.includes('text "')).map((l) => /text "(.*)"/.exec(l)![1]!);
    for (const height of ['height:20px', 'top:0;bottom:0']) {
      const doc = await layoutHtml(`<style>${css}</style><div id=a style="position:absolute;top:0;left:0;width:40px;${height}">${five}</div>x`);
      expect(doc.pages.map(texts)).toEqual([['x', 'a', 'b', 'c'], ['d', 'e']]);
      expect(findById(doc.pages[1]!, 'a')).toMatchObject({ x: 0, y: 0, width: 40 });
    }
  });
});
