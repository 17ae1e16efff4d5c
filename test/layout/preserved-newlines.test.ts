/**
 * Blank lines where white space is preserved (CSS2 §9.4.2: a line that ends at a preserved newline
 * is not empty, however blank) and the newline HTML drops right after a `<pre>` start tag (HTML
 * §13.2.6.4.7). Heights are Chromium 156's getBoundingClientRect, 12px lines of Liberation Mono.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import { parseHtml } from '../../src/dom/parse.js';
import { isElement } from '../../src/dom/types.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';

const STYLE = '<!DOCTYPE html><style>@page { size: 300px 600px; margin: 0 } body { margin: 0; font: 10px/12px "Liberation Mono" } pre { margin: 0 }</style>';

async function heights(cases: Record<string, string>): Promise<Record<string, number>> {
  const doc = await layoutHtml(STYLE + Object.values(cases).join(''));
  return Object.fromEntries(Object.keys(cases).map((id) => [id, (findById(doc.pages[0]!, id) as { height: number }).height]));
}

describe('blank lines in preserved white space', () => {
  it('keeps each blank line of a pre, pre-wrap and pre-line text a line tall', async () => {
    expect(await heights({
      a: '<pre id=a>x\n\ny</pre>',
      b: '<pre id=b>x\n\n\ny</pre>',
      c: '<pre id=c>x\n</pre>',
      d: '<pre id=d>x\n\n</pre>',
      f: '<div id=f style="white-space: pre-line">x\n\ny</div>',
      g: '<div id=g style="white-space: pre-wrap">x\n\ny</div>',
      h: '<div id=h>x<br><br>y</div>',
      k: '<div id=k style="white-space: pre">\n</div>',
    })).toEqual({ a: 36, b: 48, c: 12, d: 24, f: 36, g: 36, h: 36, k: 12 });
  });

  it('keeps the blank line of a highlighted code block between its spans, in quirks mode too', async () => {
    expect(await heights({
      i: '<pre id=i><code><span>import x</span>;\n\n<span>const y</span> = 1;</code></pre>',
      j: '<pre id=j>x\n<span></span>\ny</pre>',
    })).toEqual({ i: 36, j: 36 });
    const quirks = await layoutHtml(STYLE.replace('<!DOCTYPE html>', '') + '<pre id=j>x\n<span></span>\ny</pre><pre id=c><code>\nx</code></pre>');
    expect(['j', 'c'].map((id) => (findById(quirks.pages[0]!, id) as { height: number }).height)).toEqual([36, 24]);
  });

  it('sizes a blank line inside an inline box open since the line before by that box too, as other lines in it', async () => {
    // Chromium 156; before, such a line (a <br> or newline alone) was the block's strut, 12px:
    // a 84, b 96, c 66, d 92. A blank line in a box of a shorter line height keeps the strut (e)
    expect(await heights({
      a: '<div id=a><span style="font-size: 30px; line-height: 36px">a<br><br>b</span></div>',
      b: '<pre id=b><code style="font-size: 30px; line-height: 36px">a\n\n\nb</code></pre>',
      c: '<div id=c><font size=5 style="line-height: normal">Hello<br><br>World</font></div>',
      d: '<div id=d><span style="font-size: 30px; line-height: 36px; vertical-align: 10px">a<br><br>b</span></div>',
      e: '<div id=e><span style="line-height: 5px">a<br><br>b</span></div>',
      f: '<div id=f><span style="font-size: 30px; line-height: 36px"><br><br></span></div>',
    })).toEqual({ a: 108, b: 144, c: 81, d: 120, e: 36, f: 72 });
  });

  it('in quirks mode, sizes a line ending at a forced break by the box the break is in, only when nothing else sized it', async () => {
    // Chromium 156: the block's strut (12px) counts on no line below, each is the 8px span's height
    // (and its blank lines too); before, every line ending at a newline or <br> took the strut
    const s = '<span style="font-size: 8px; line-height: 1"';
    const doc = await layoutHtml(`${STYLE.replace('<!DOCTYPE html>', '')}
      <pre id=a>${s}>A</span>\n${s}>B</span></pre>
      <pre id=b>${s}>A\nB\nC</span></pre>
      <pre id=c>${s}>A\n\nB</span></pre>
      <pre id=d>${s}>A</span>\n\n${s}>B</span></pre>
      <div id=e>${s}>A<br><br>B</span></div>
      <pre id=f>${s} style="vertical-align: super; font-size: 8px; line-height: 1">A\n\nB</span></pre>`);
    const height = (id: string): number => (findById(doc.pages[0]!, id) as { height: number }).height;
    // d: its blank line is the block's own (the strut, 12px)
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map(height)).toEqual([16, 24, 24, 28, 24, 24]);
  });

  it('in quirks mode, gives a code listing in a smaller <code> its lines at the code\'s height (a Notion export)', async () => {
    // the code's font is 11.05px (font-family: monospace alone, 13.6px × 13/16), its lines 16.58px; the pre's strut 20.4px does not count
    const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } body { margin: 0; line-height: 1.5; white-space: pre-wrap; font-family: "Liberation Sans" }
      .code { font-size: 85%; tab-size: 2; padding: 1.5em 1em; margin: 0; font-family: "SFMono-Regular", Menlo, Consolas, "Liberation Mono", Courier, monospace }
      .code > code { font-size: 100% }</style><pre id=p class=code><code>const launch = 1;\nif (x) {\n\tnotify('#team');\n}</code></pre>`);
    expect((findById(doc.pages[0]!, 'p') as { height: number }).height).toBeCloseTo(107.03, 1);
  });

  it('drops the newline right after a pre start tag, not one after a tag inside it', async () => {
    expect(await heights({
      a: '<pre id=a>\nx</pre>',
      b: '<pre id=b>\n\nx</pre>',
      c: '<pre id=c><code>\nx</code></pre>',
      l: '<listing id=l>\nx</listing>',
    })).toEqual({ a: 12, b: 24, c: 24, l: 12 });
  });
});

describe('the parser', () => {
  const textOf = (node: DomNode): string => (isElement(node) ? node.children.map(textOf).join('') : node.type === 'text' ? node.data : '');
  const find = (node: DomNode, name: string): DomElement | undefined => {
    if (!isElement(node)) return undefined;
    if (node.name === name) return node;
    for (const child of node.children) { const found = find(child, name); if (found !== undefined) return found; }
    return undefined;
  };

  it('leaves the first newline of a pre out of its text, CRLF included, and keeps the second', () => {
    for (const [html, text] of [['<pre>\nab</pre>', 'ab'], ['<pre>\r\nab</pre>', 'ab'], ['<pre>\n\nab</pre>', '\nab'], ['<pre>ab\n</pre>', 'ab\n'], ['<pre><!-- c -->\nab</pre>', '\nab']] as const) {
      const doc = parseHtml(html, 't.html');
      expect(textOf(find(doc.documentElement, 'pre')!)).toBe(text);
    }
  });
});
