import { describe, expect, it } from 'vitest';
import { styleHtml, styleWith } from './helpers.js';

const red = { r: 255, g: 0, b: 0, a: 1 };

describe('robustness', () => {
  it.each([
    ['<!-- p { color: red } -->', []],
    ['/* only a comment */', []],
    ['', []],
    ['p {}', []],
    ['@charset "utf-8"; p { color: red }', []],
    ['p { color: red', []],
    ['p { color: red; } }', ['css_parse']],
  ])('parses %j', async (css, codes) => {
    const doc = await styleWith(css, '<p>x</p>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(codes);
    if (css.includes('color: red')) expect(doc.style('p').color).toEqual(red);
  });

  it('ignores <style> inside <template> and keeps elements without a body', async () => {
    const doc = await styleHtml('<!DOCTYPE html><template><style>p { color: red }</style></template><p>x</p>');
    expect(doc.sheets).toHaveLength(1);
    expect(doc.style('p').color).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('resolves url() in style attributes against the document base URL', async () => {
    const doc = await styleHtml('<div style="background-image: url(img/logo.png)"></div>');
    expect(doc.style('div').backgroundImage).toEqual([{ kind: 'url', url: 'file:///work/doc/img/logo.png' }]);
  });

  it('styles deeply nested documents', async () => {
    const depth = 2000;
    const doc = await styleWith('div { padding-left: 1px }', `${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}`);
    expect(doc.style('div').paddingLeft).toBe(1);
  });

  it('warns about a style attribute once per element line, with the template location', async () => {
    const doc = await styleHtml('<html><body>\n<p style="color: bogus; margin: 1px">x</p>\n<div style="initial-letter: 2"></div></body></html>');
    expect(doc.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['css_invalid_value', 'doc.html', 2], ['css_unsupported', 'doc.html', 3]]);
    expect(doc.style('p').marginTop).toBe(1);
  });
});
