/**
 * Quirks mode (the Quirks Mode Standard, HTML §15.3): a document without `<!DOCTYPE html>` laid
 * out as Chromium 156 lays it out. Every expected rectangle is Chromium's getBoundingClientRect()
 * of the same document (a 600×800 viewport), without and (for the contrast) with a doctype, to
 * the pixel.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const IMG = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='40' height='20'/%3E`;
const STYLE = `<style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 12px/1.2 "Liberation Sans" }
  td { border: 1px solid red; padding: 0 } div.tall { line-height: 40px } span.s { font-size: 10px; line-height: 10px }</style>`;

async function rects(body: string, ids: readonly string[], doctype = ''): Promise<Record<string, string>> {
  const doc = await layoutHtml(`${doctype}<html><head>${STYLE}</head><body>${body}</body></html>`);
  const rect = (f: Fragment | undefined): string => (f === undefined || f.kind !== 'box' ? 'none'
    : [f.x, f.y, f.width, f.height].map((v) => Math.round(v)).join(' '));
  return Object.fromEntries(ids.map((id) => [id, rect(findById(doc.pages[0]!, id))]));
}

describe('quirks mode (no doctype), as Chromium lays it out', () => {
  it('resets the font of tables and drops a paragraph\'s UA margins at the top and bottom of a cell', async () => {
    const body = '<table id=t cellspacing=0><tr><td id=c><p id=p>Para in cell</p></td><td>plain</td></tr></table>';
    // 16px Liberation Sans (font-size: medium), line-height normal; no 16px margins around the paragraph
    expect(await rects(body, ['t', 'p'])).toEqual({ t: '0 0 117 20', p: '1 1 79 18' });
    // standards mode: the table inherits 12px/1.2 and the paragraph keeps its 12px margins
    expect(await rects(body, ['t', 'p'], '<!DOCTYPE html>')).toEqual({ t: '0 0 89 40', p: '1 13 59 14' });
  });

  it('drops the quirky margins that collapse through blocks into the top of body, not those after content', async () => {
    const body = '<div><h1 id=h>Top</h1></div><p id=p1>one</p><h2 id=h2 style="margin-top: 5px">author margin</h2>';
    // the h1's bottom margin (0.67em, not quirky) and the paragraph's quirky top margin still collapse
    expect(await rects(body, ['h', 'p1', 'h2'])).toEqual({ h: '0 0 600 29', p1: '0 45 600 14', h2: '0 71 600 22' });
  });

  it('sizes lines by the inline boxes with text only: no strut below an image in a cell or a block', async () => {
    const body = `<table id=t2 cellspacing=0><tr><td id=c3><img id=i1 src="${IMG}"></td></tr></table>
      <div class=tall id=d1><span class=s>small</span></div>
      <div class=tall id=d2><img src="${IMG}"></div>
      <div class=tall id=sp><span class=s>a</span> <span class=s>b</span></div>
      <div class=tall id=edge><span class=s style="padding-left: 1px"></span></div>
      <div class=tall id=top><span class=s style="padding-top: 5px"></span></div>
      <div class=tall id=br><br></div>`;
    expect(await rects(body, ['c3', 'd1', 'd2', 'sp', 'edge', 'top', 'br'])).toEqual({
      c3: '0 0 42 22', d1: '0 22 600 10', d2: '0 32 600 20', sp: '0 52 600 40', edge: '0 92 600 10', top: '0 102 600 0', br: '0 102 600 40',
    });
  });

  it('sizes the blank line a last <br> leaves inside an inline box by that box, in limited-quirks mode too (e-mail HTML)', async () => {
    // Chromium 156's heights, to 0.1px: the line after the second <br> is the font's or span's
    // height (before, 0: the box's end after the break hid it); in standards mode the strut counts too (g)
    const body = `<div id=a><font size=2>Dear Ms. Solberg,<br><br></font></div>
      <div id=c><span>x<br><br></span><p style="margin: 0">p</p></div>
      <div id=d><b>a<br></b></div>
      <div id=e><span>a<br><br><br></span></div>
      <div id=f><span>a<br><br> </span> </div>
      <div id=g><font size=1>a<br><br></font></div>
      <div id=h>a<br><font size=5><br></font></div>
      <pre id=i style="margin: 0"><code style="font-size: 30px">a\n\n</code></pre>
      <div id=j><span style="font-size: 30px">a<br><br></span><span></span></div>`;
    const ids = ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const heights = async (doctype: string): Promise<number[]> => {
      const doc = await layoutHtml(`${doctype}<html><head>${STYLE}</head><body>${body}</body></html>`);
      return ids.map((id) => Math.round((findById(doc.pages[0]!, id) as { height: number }).height * 10) / 10);
    };
    const quirks = [31.2, 43.2, 14.4, 43.2, 28.8, 24, 43.2, 72, 72];
    expect(await heights('')).toEqual(quirks);
    expect(await heights('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">')).toEqual(quirks);
    expect(await heights('<!DOCTYPE html>')).toEqual([31.2, 43.2, 14.4, 43.2, 28.8, 28.8, 43.2, 72, 72]);
  });

  it('keeps the line height quirk in limited-quirks mode (XHTML 1.0 Transitional), without the other quirks', async () => {
    const xhtml = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    const body = `<table id=t cellspacing=0><tr><td><p id=p>x</p><img src="${IMG}"></td></tr></table>`;
    // the paragraph keeps its margins and the 12px/1.2 font; the image's line has no strut
    expect(await rects(body, ['t', 'p'], xhtml)).toEqual({ t: '0 0 42 60', p: '1 13 40 14' });
  });

  it('resolves percentage heights against the nearest ancestor with a height, up to the page area', async () => {
    const body = `<div id=a style="height: 25%">quarter</div><table id=t style="height: 25%"><tr><td>x</td></tr></table>
      <div style="height: 100px"><div id=in style="height: 50%"></div></div><div><div id=in2 style="height: 10%"></div></div>`;
    expect(await rects(body, ['a', 't', 'in', 'in2'])).toEqual({ a: '0 0 600 200', t: '0 200 14 200', in: '0 400 600 50', in2: '0 500 600 80' });
    expect((await rects(body, ['a'], '<!DOCTYPE html>')).a).toBe('0 0 600 14');
  });

  it('reads unitless lengths and hashless colours where the specs allow them, and warns elsewhere', async () => {
    const doc = await layoutHtml(`${STYLE}<div id=d style="width: 100; height: 30; margin-left: 5; background-color: ff0000; color: 00ff00">x</div>
      <div id=e style="background: 0000ff; border: 5 solid">y</div>`, {
      expectWarnings: ['invalid value `0000ff` for `background`', 'invalid value `5 solid` for `border`'],
    });
    const d = findById(doc.pages[0]!, 'd');
    expect(d?.kind === 'box' && [d.x, d.width, d.height, d.style.backgroundColor, d.style.color]).toEqual([
      5, 100, 30, { r: 255, g: 0, b: 0, a: 1 }, { r: 0, g: 255, b: 0, a: 1 },
    ]);
  });

  it('adds the quirks sheet\'s form margin and border-box text fields', async () => {
    const r = await rects('<form id=f><input id=in style="width: 100px; padding: 5px"></form><div id=after>after</div>', ['in', 'after']);
    expect(r.in!.split(' ')[2]).toBe('100');
    expect(Number(r.after!.split(' ')[1]) - Number(r.in!.split(' ')[3])).toBe(12);
  });

  it('includes a cell\'s padding and border in its height', async () => {
    const doc = await layoutHtml(`<html><head><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 12px/1.2 "Liberation Sans" }
      table { border-spacing: 0 }</style></head><body>
      <table><tr><td id=a style="height: 30px; padding: 0; border: 2px solid">x</td></tr></table>
      <table><tr><td id=b style="height: 30px; padding: 5px; border: 0">x</td></tr></table>
      <table><tr><td id=c style="height: 30px; padding: 5px; border: 5px solid">x</td></tr></table>
      <table><tr><td id=f style="height: 5px; padding: 5px">x</td></tr></table>
      <table border=1><tr><td id=g height=40>x</td></tr></table></body></html>`);
    const heights = ['a', 'b', 'c', 'f', 'g'].map((id) => {
      const f = findById(doc.pages[0]!, id);
      return f?.kind === 'box' ? Math.round(f.height) : undefined;
    });
    // c and f: the 16px text's 18px line and the edges are more than the height
    expect(heights).toEqual([30, 30, 38, 28, 40]);
  });

  it('keeps the images of an auto-width cell on one line when it measures its minimum width', async () => {
    const body = `<table id=t cellspacing=0><tr><td id=c><img src="${IMG}"><img src="${IMG}"></td><td style="width: 550px">wide</td></tr></table>`;
    // the images' 80px, not the wider one's 40px (standards mode: 48 wide, an image a line)
    expect(await rects(body, ['c'])).toEqual({ c: '0 0 82 22' });
    expect((await rects(body, ['c'], '<!DOCTYPE html>')).c!.split(' ')[2]).toBe('48');
  });
});
