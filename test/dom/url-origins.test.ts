// Where resource URLs were written (dom/url-origins.ts): found only when a warning asks, then
// named as the author wrote them, at their line and column.
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomDocument } from '../../src/dom/types.js';
import { urlOrigins } from '../../src/dom/url-origins.js';

const HTML = '<p>text</p>\n<img src="images/logo.png">\n<style>\n  p { background: url("bg.png") }\n</style>';

/** The document, counting how often its tree is read. */
function counted(html: string): { dom: DomDocument; reads: () => number } {
  const dom = parseHtml(html, 'page.html');
  let reads = 0;
  const watched = new Proxy(dom, { get: (target, key) => { if (key === 'root') reads++; return Reflect.get(target, key); } });
  return { dom: watched, reads: () => reads };
}

describe('URL origins', () => {
  it('walk the document only when one is asked for, and once', () => {
    const { dom, reads } = counted(HTML);
    const origins = urlOrigins(dom, 'file:///work/doc/');
    expect(reads()).toBe(0);
    expect(origins.get('file:///work/doc/images/logo.png')?.written).toBe('images/logo.png');
    expect(origins.get('file:///work/doc/bg.png')?.written).toBe('bg.png');
    expect(reads()).toBe(1);
  });

  it('locate each URL where it was written', () => {
    const origins = urlOrigins(parseHtml(HTML, 'page.html'), 'file:///work/doc/');
    expect(origins.get('file:///work/doc/images/logo.png')?.where).toEqual({ file: 'page.html', line: 2, column: 1 });
    expect(origins.get('file:///work/doc/bg.png')?.where).toMatchObject({ file: 'page.html', line: 4 });
    expect(origins.get('file:///work/doc/other.png')).toBeUndefined();
  });

  it('locate the legacy background attribute of a table cell at its element', () => {
    const origins = urlOrigins(parseHtml('<table>\n<tr><td background=" tiles/paper.png ">x</td></tr></table>', 'mail.html'), 'file:///work/doc/');
    expect(origins.get('file:///work/doc/tiles/paper.png')).toMatchObject({ written: 'tiles/paper.png', where: { file: 'mail.html', line: 2, column: 5 } });
  });
});
