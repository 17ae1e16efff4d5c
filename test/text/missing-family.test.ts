/**
 * A `font-family` list whose first family no font has is said once per render (text/system.ts):
 * browsers fall back silently, and the page is then set in another font than its design.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';

// the bundled fonts only: what a family finds does not depend on the machine
const engine = createEngine({ systemFonts: false });

async function fontWarnings(html: string): Promise<string[]> {
  const result = await engine.renderDetailed({ template: html });
  return result.diagnostics.filter((d) => d.code === 'font').map((d) => d.message);
}

describe('a first family no font has', () => {
  it('is said once per render and name, with the font the text is set in', async () => {
    const html = `<style>body { font-family: "Proxima Nova", sans-serif } h1 { font-family: 'Proxima Nova', serif; font-weight: bold }
      code { font-family: Menlo, monospace }</style><h1>Title</h1><p>Body <b>bold</b> and <code>code</code></p>`;
    const expected = [
      'font-family "Proxima Nova" has no font: no @font-face rule loads it and it is not installed here, so the first text asking for it is set in "Liberation Serif" (declare it with @font-face, or give its file to the engine: the fonts option, --font-dir)',
      expect.stringMatching(/^font-family "Menlo" has no font: .* set in "Liberation Mono"/),
    ];
    expect(await fontWarnings(html)).toEqual(expected);
    // the next render of the same template (its styles and matchings shared) says it again
    expect(await fontWarnings(html)).toEqual(expected);
  });

  it('is said, in the same words, of a family a src-less @font-face rule describes (Word\'s "Save as HTML")', async () => {
    // a CSS 2 font description loads nothing: browsers drop it without a word
    const html = `<style>@font-face { font-family: "Proxima Nova"; panose-1: 2 15 5 2 2 2 4 3 2 4 } p { font-family: "Proxima Nova", serif }</style><p>Body</p>`;
    expect(await fontWarnings(html)).toEqual([expect.stringMatching(/^font-family "Proxima Nova" has no font: no @font-face rule loads it and it is not installed here/)]);
  });

  it('says a generic name in quotes names a font, not the generic family', async () => {
    expect(await fontWarnings(`<p style="font-family: 'monospace'">code</p>`)).toEqual([
      'font-family "monospace" in quotes names a font, not the generic family, and none has that name here, so the first text asking for it is set in "Liberation Serif" (write monospace without quotes for the generic family)',
    ]);
  });

  it('is said at the element whose text first asks for the family', async () => {
    const result = await engine.renderDetailed({ template: '<style>.brand { font-family: "Proxima Nova", sans-serif }</style>\n<p>plain</p>\n<p class="brand">brand</p>', templateName: 'page.html' });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['font', 'page.html', 3, 1]]);
  });

  it('is said at the @page declaration when only a page-margin box asks for the family', async () => {
    // a letterhead in the first page's top margin: no element asks for the family, the margin box does
    const template = '<style>\n@page { margin: 20mm;\n  @top-left { content: "HARRINGTON & VALE"; font: bold 20pt "Proxima Nova", serif }\n}\n</style>\n<p>Dear Ms Whitcombe,</p>';
    const result = await engine.renderDetailed({ template, templateName: 'letter.html' });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['font', 'letter.html', 3, 45]]);
    const list = await engine.renderDetailed({ template: '<style>@page { @bottom-center { content: counter(page); font-family: Proxima Nova, serif } }</style><p>x</p>', templateName: 'a.html' });
    expect(list.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['font', 'a.html', 1, 57]]);
  });

  it('a character no font has is said at the element whose text first holds it', async () => {
    const result = await engine.renderDetailed({ template: '<p>plain</p>\n<ul>\n  <li>Tokyo <span>東京</span></li>\n</ul>', templateName: 'page.html' });
    // (CJK text breaks between any two characters: each is shaped, and said, on its own)
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['font', 'page.html', 3, 13, 'no available font has a glyph for U+6771 (in "東"); drawn as .notdef'],
      ['font', 'page.html', 3, 13, 'no available font has a glyph for U+4EAC (in "京"); drawn as .notdef'],
    ]);
  });

  it('is not said of generic families, bundled stand-ins, system-font aliases or a long stack', async () => {
    const html = `<p style="font-family: system-ui">a</p><p style="font-family: Arial, sans-serif">b</p><p style="font-family: Helvetica">c</p>
      <p style="font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif">d</p>
      <p style="font-family: Inconsolata, Hack, 'SF Mono', monospace">e</p><p style="font-family: ui-sans-serif, sans-serif">f</p>`;
    expect(await fontWarnings(html)).toEqual([]);
  });

  it('is not said again of a family an @font-face rule declares: its own warning says why it failed', async () => {
    const html = `<style>@font-face { font-family: Brand; src: url(missing-brand.woff2) } body { font-family: Brand, sans-serif }</style><p>text</p>`;
    const result = await engine.renderDetailed({ template: html, baseDir: process.cwd() });
    expect(result.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^@font-face "Brand" was ignored/)]);
  });
});
