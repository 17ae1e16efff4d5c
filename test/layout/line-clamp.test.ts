/**
 * line-clamp (CSS Overflow 4 §4) and its legacy form -webkit-line-clamp: exact geometry of
 * clamped blocks. Liberation Mono 10px/20px: every character, the ellipsis too, is 6.001px wide;
 * a 60px-wide block holds ten characters a line.
 */
import { describe, expect, it } from 'vitest';
import type { LayoutOptions } from '../helpers/layout.js';
import { dumpPage, layoutHtml } from '../helpers/layout.js';

const CSS = '@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 10px/20px "Liberation Mono" } p { margin: 0 } .c { width: 60px }';
const TEXT = 'aaaa bbbb cccc dddd eeee ffff';

/** The first page as `name x,y wxh` lines, without the html and body boxes. */
async function dump(body: string, css = '', options: LayoutOptions = {}, page = 0): Promise<string[]> {
  const doc = await layoutHtml(`<style>${CSS} ${css}</style>${body}`, options);
  return dumpPage(doc.pages[page]!).split('\n').slice(2).map((l) => l.trim());
}

describe('line-clamp', () => {
  it('keeps the first lines, ends the box below them and puts the ellipsis after the last one', async () => {
    expect(await dump(`<div class=c style="line-clamp:2">${TEXT}</div><p>after</p>`)).toEqual([
      'div.c 0,0 60x40',
      'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
      'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33', 'text "…" 54.01,23.67 6x11.33',
      'p 0,40 300x20', 'line 0,40 300x20', 'text "after" 0,43.67 30x11.33',
    ]);
  });

  it('changes nothing when the content has no more lines than that', async () => {
    expect(await dump(`<div class=c style="line-clamp:3">${TEXT}</div>`)).toEqual([
      'div.c 0,0 60x60',
      'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
      'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33',
      'line 0,40 60x20', 'text "eeee ffff" 0,43.67 54.01x11.33',
    ]);
  });

  it('hides characters at the end of the last line to make room for the ellipsis', async () => {
    expect(await dump('<div class=c style="line-clamp:1">abcdefghij klm</div>')).toEqual([
      'div.c 0,0 60x20', 'line 0,0 60x20', 'text "abcdefghi" 0,3.67 54.01x11.33', 'text "…" 54.01,3.67 6x11.33',
    ]);
  });

  it('counts the lines of block descendants, cutting the block of the last one as a page break would', async () => {
    const body = '<div class=c style="line-clamp:3"><p>aaaa bbbb cccc dddd</p>'
      + '<p style="padding-bottom:5px;border-bottom:2px solid">eeee ffff gggg hhhh</p><p>iiii</p></div><p>after</p>';
    expect(await dump(body)).toEqual([
      'div.c 0,0 60x60',
      'p 0,0 60x40', 'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33', 'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33',
      'p 0,40 60x20', 'line 0,40 60x20', 'text "eeee ffff" 0,43.67 54.01x11.33', 'text "…" 54.01,43.67 6x11.33',
      'p 0,60 300x20', 'line 0,60 300x20', 'text "after" 0,63.67 30x11.33',
    ]);
  });

  it('puts the ellipsis on a paragraph\'s last line when the next block is cut', async () => {
    expect(await dump('<div class=c style="line-clamp:1"><p>abc</p><p>def</p></div>')).toEqual([
      'div.c 0,0 60x20', 'p 0,0 60x20', 'line 0,0 60x20', 'text "abc" 0,3.67 18x11.33', 'text "…" 18,3.67 6x11.33',
    ]);
  });

  it('counts no list marker as a line, and keeps the marker of the item it cuts', async () => {
    // A disc marker's box is b + 2 = 5 px wide and starts ⌊2A/3⌋ + 8 = 13 px before the content (A = 8).
    const laid = await dump('<div style="line-clamp:2;width:100px"><ul style="margin:0"><li>aaa</li><li>bbb</li><li>ccc</li></ul></div>');
    expect(laid).toEqual([
      'div 0,0 100x40', 'ul 0,0 100x40',
      'li 40,0 60x20', 'line 40,0 60x20', 'text "aaa" 40,3.67 18x11.33', 'line 27,0 5x20', 'text "• " 27,3.67 5x11.33',
      'li 40,20 60x20', 'line 40,20 60x20', 'text "bbb" 40,23.67 18x11.33', 'text "…" 58,23.67 6x11.33', 'line 27,20 5x20', 'text "• " 27,23.67 5x11.33',
    ]);
  });

  it('passes over the lines of boxes with their own formatting context', async () => {
    const body = '<div class=c style="line-clamp:1"><div style="display:flow-root">xx<br>yy</div><p>aaa</p><p>bbb</p></div>';
    expect(await dump(body)).toEqual([
      'div.c 0,0 60x60',
      'div 0,0 60x40', 'line 0,0 60x20', 'text "xx" 0,3.67 12x11.33', 'line 0,20 60x20', 'text "yy" 0,23.67 12x11.33',
      'p 0,40 60x20', 'line 0,40 60x20', 'text "aaa" 0,43.67 18x11.33', 'text "…" 18,43.67 6x11.33',
    ]);
  });

  it('passes over a nested line-clamp box (its own formatting context, CSSWG resolution of 2024), which clamps its own lines', async () => {
    // As Chromium's nested -webkit-line-clamp: the inner box shows its one line with its ellipsis,
    // the outer counts only its own three lines (WeasyPrint counts the inner box's lines too).
    const body = '<div class=c style="line-clamp:3"><p>aaa</p><div style="line-clamp:1">bbbb cccc dddd</div><p>eee</p><p>fff</p><p>ggg</p></div>';
    expect(await dump(body)).toEqual([
      'div.c 0,0 60x80',
      'p 0,0 60x20', 'line 0,0 60x20', 'text "aaa" 0,3.67 18x11.33',
      'div 0,20 60x20', 'line 0,20 60x20', 'text "bbbb cccc" 0,23.67 54.01x11.33', 'text "…" 54.01,23.67 6x11.33',
      'p 0,40 60x20', 'line 0,40 60x20', 'text "eee" 0,43.67 18x11.33',
      'p 0,60 60x20', 'line 0,60 60x20', 'text "fff" 0,63.67 18x11.33', 'text "…" 18,63.67 6x11.33',
    ]);
  });

  it('draws the string of block-ellipsis, or nothing for no-ellipsis', async () => {
    expect((await dump(`<div class=c style='line-clamp:1 "->"'>${TEXT}</div>`)).slice(2)).toEqual([
      'text "aaaa bbb" 0,3.67 48.01x11.33', 'text "->" 48.01,3.67 12x11.33',
    ]);
    expect(await dump(`<div class=c style="line-clamp:no-ellipsis 1">${TEXT}</div>`)).toEqual([
      'div.c 0,0 60x20', 'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
    ]);
  });

  it('is max-lines with block-ellipsis: the longhands alone clamp, with no ellipsis by default', async () => {
    expect(await dump(`<div class=c style="max-lines:1">${TEXT}</div>`)).toEqual([
      'div.c 0,0 60x20', 'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
    ]);
    // block-ellipsis is inherited: the inner paragraph's line takes its own value
    expect((await dump(`<div class=c style="max-lines:1;block-ellipsis:auto"><p style="block-ellipsis:'+'">${TEXT}</p></div>`)).slice(-1)).toEqual([
      'text "+" 54.01,3.67 6x11.33',
    ]);
  });

  it('moves a clamped box to the next page whole instead of splitting it', async () => {
    const body = `<div style="height:170px"></div><div class=c style="line-clamp:2">${TEXT}</div>`;
    expect(await dump(body, '', {}, 1)).toEqual([
      'div.c 0,0 60x40',
      'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
      'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33', 'text "…" 54.01,23.67 6x11.33',
    ]);
  });
});

describe('-webkit-line-clamp', () => {
  const TAILWIND = '.line-clamp-2 { overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2 }';

  it('clamps a vertical -webkit-box (Tailwind\'s line-clamp-2) as a block', async () => {
    expect(await dump(`<p class="c line-clamp-2">${TEXT}</p>`, TAILWIND)).toEqual([
      'p.c.line-clamp-2 0,0 60x40',
      'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
      'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33', 'text "…" 54.01,23.67 6x11.33',
    ]);
  });

  it('clamps nothing on other boxes, as browsers do', async () => {
    expect((await dump(`<p class=c style="-webkit-line-clamp:2">${TEXT}</p>`))[0]).toBe('p.c 0,0 60x60');
  });

  it('a vertical -webkit-box without it is a column flex container (the 2009 flexbox)', async () => {
    expect((await dump('<div style="display:-webkit-box;-webkit-box-orient:vertical"><span>x</span><span>y</span></div>'))[0]).toBe('div 0,0 300x40');
  });

  it('clamps nothing on a flex container, as Chromium does', async () => {
    expect((await dump(`<p class=c style="display: flex; -webkit-box-orient: vertical; -webkit-line-clamp: 2">${TEXT}</p>`))[0]).toBe('p.c 0,0 60x60');
  });
});

describe('line-clamp values', () => {
  it('drops invalid values with a warning: no clamp', async () => {
    for (const value of ['0', '-1', '2.5', 'auto', '2 3', 'none 2']) {
      const laid = await dump(`<div class=c style="line-clamp:${value}">${TEXT}</div>`, '', { expectWarnings: [/css_invalid_value.*for `line-clamp`/] });
      expect(laid[0], value).toBe('div.c 0,0 60x60');
    }
    expect((await dump(`<div class=c style="line-clamp:none">${TEXT}</div>`))[0]).toBe('div.c 0,0 60x60');
  });
});

describe('continue: discard', () => {
  const SPACER = '<div style="height:150px"></div>';
  // four lines: two fit below the spacer, two would continue (orphans and widows satisfied)
  const LONG = `${TEXT} gggg hhhh`;

  it('cuts the content at the page end, ends the last line kept with block-ellipsis and discards the rest', async () => {
    const body = `${SPACER}<div class=c style="continue:discard;block-ellipsis:auto"><p>aaaa bbbb cccc dddd</p><p>eeee ffff</p></div><p>after</p>`;
    const doc = await layoutHtml(`<style>${CSS}</style>${body}`);
    expect(doc.pages.length).toBe(2);
    expect(dumpPage(doc.pages[0]!).split('\n').slice(3).map((l) => l.trim())).toEqual([
      'div.c 0,150 60x40',
      'p 0,150 60x40', 'line 0,150 60x20', 'text "aaaa bbbb" 0,153.67 54.01x11.33',
      'line 0,170 60x20', 'text "cccc dddd" 0,173.67 54.01x11.33', 'text "…" 54.01,173.67 6x11.33',
    ]);
    // what follows the box continues on the next page; nothing of the box does
    expect(await dump(body, '', {}, 1)).toEqual(['p 0,0 300x20', 'line 0,0 300x20', 'text "after" 0,3.67 30x11.33']);
  });

  it('keeps the box\'s own lines and its bottom padding and border on the page, the content cut above them', async () => {
    const body = `<div style="height:130px"></div><div class=c style="continue:discard;block-ellipsis:'+';padding-bottom:10px;border-bottom:2px solid">${LONG}</div>`;
    const doc = await layoutHtml(`<style>${CSS}</style>${body}`);
    expect(doc.pages.length).toBe(1);
    expect(dumpPage(doc.pages[0]!).split('\n').slice(3).map((l) => l.trim())).toEqual([
      'div.c 0,130 60x52', 'line 0,130 60x20', 'text "aaaa bbbb" 0,133.67 54.01x11.33',
      'line 0,150 60x20', 'text "cccc dddd" 0,153.67 54.01x11.33', 'text "+" 54.01,153.67 6x11.33',
    ]);
  });

  it('clamps at max-lines or at the page end, whichever comes first, with one ellipsis', async () => {
    const page = async (lines: number): Promise<string[]> => {
      const doc = await layoutHtml(`<style>${CSS}</style>${SPACER}<div class=c style="line-clamp:${lines};continue:discard">${LONG}</div>`);
      expect(doc.pages.length).toBe(1);
      return dumpPage(doc.pages[0]!).split('\n').slice(3).map((l) => l.trim());
    };
    const cut = ['div.c 0,150 60x20', 'line 0,150 60x20', 'text "aaaa bbbb" 0,153.67 54.01x11.33', 'text "…" 54.01,153.67 6x11.33'];
    expect(await page(1)).toEqual(cut);
    expect(await page(2)).toEqual([
      'div.c 0,150 60x40', 'line 0,150 60x20', 'text "aaaa bbbb" 0,153.67 54.01x11.33',
      'line 0,170 60x20', 'text "cccc dddd" 0,173.67 54.01x11.33', 'text "…" 54.01,173.67 6x11.33',
    ]);
    expect(await page(3)).toEqual((await page(2)));
  });

  it('changes nothing where the content fits on the page', async () => {
    expect(await dump(`<div class=c style="continue:discard;block-ellipsis:auto">${TEXT}</div>`)).toEqual([
      'div.c 0,0 60x60',
      'line 0,0 60x20', 'text "aaaa bbbb" 0,3.67 54.01x11.33',
      'line 0,20 60x20', 'text "cccc dddd" 0,23.67 54.01x11.33',
      'line 0,40 60x20', 'text "eeee ffff" 0,43.67 54.01x11.33',
    ]);
  });
});
