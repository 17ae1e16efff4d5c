import { describe, expect, it } from 'vitest';
import { createStylesheetCache } from '../../src/css/index.js';
import { styleHtml } from './helpers.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

describe('collectStylesheets', () => {
  it('orders the UA sheet, then <style> and <link> in document order', async () => {
    const doc = await styleHtml('<!DOCTYPE html><link rel="stylesheet" href="a.css"><style>p { color: green }</style><link rel="Stylesheet" href="css/b.css"><p>x</p>', {
      files: { 'a.css': 'p { color: red; margin-left: 1px }', 'css/b.css': 'p { background: url(bg.png) blue }' },
    });
    expect(doc.sheets.map((s) => s.origin)).toEqual(['user-agent', 'author', 'author', 'author']);
    expect(doc.sheets.map((s) => s.url)).toEqual([undefined, 'file:///work/doc/a.css', undefined, 'file:///work/doc/css/b.css']);
    expect(doc.style('p').color).toEqual(green);
    expect(doc.style('p').marginLeft).toBe(1);
    expect(doc.style('p').backgroundImage).toEqual([{ kind: 'url', url: 'file:///work/doc/css/bg.png' }]);
    expect(doc.style('p').backgroundColor).toEqual(blue);
  });

  it('ignores alternate and non-CSS links', async () => {
    const doc = await styleHtml('<!DOCTYPE html><link rel="alternate stylesheet" href="a.css"><link rel="icon" href="a.css"><style type="text/less">p{color:red}</style><p>x</p>', {
      files: { 'a.css': 'p { color: red }' },
    });
    expect(doc.sheets).toHaveLength(1);
  });

  it('resolves @import recursively before the importing sheet, and survives cycles', async () => {
    const doc = await styleHtml('<!DOCTYPE html><style>@import "one.css"; p { margin-top: 7px }</style><p>x</p>', {
      files: {
        'one.css': '@import url("sub/two.css"); p { color: green }',
        'sub/two.css': '@import "../one.css"; p { color: red; margin-top: 1px; padding-left: 2px }',
      },
    });
    expect(doc.sheets.map((s) => s.url)).toEqual([undefined, 'file:///work/doc/sub/two.css', 'file:///work/doc/one.css', undefined]);
    expect(doc.style('p').color).toEqual(green);
    expect(doc.style('p').marginTop).toBe(7);
    expect(doc.style('p').paddingLeft).toBe(2);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_parse']);
    expect(doc.diagnostics[0]!.message).toContain('cycle');
  });

  it('imports a sheet only where its supports() condition holds (a condition, or one declaration)', async () => {
    const doc = await styleHtml(`<!DOCTYPE html><style>@import url(a.css) layer(base); @import url(b.css) supports(display: nosuch);
      @import "c.css" supports((display: grid) and (not (display: nosuch))) print; @import "d.css" supports(selector(:has(a)));</style><p>x</p>`, {
      files: { 'a.css': 'p { color: red }', 'b.css': 'p { color: blue; margin-top: 9px }', 'c.css': 'p { color: green }', 'd.css': 'p { padding-left: 3px }' },
    });
    expect(doc.sheets.map((s) => s.url)).toEqual([undefined, 'file:///work/doc/a.css', 'file:///work/doc/c.css', 'file:///work/doc/d.css', undefined]);
    expect(doc.style('p').color).toEqual(green);
    expect([doc.style('p').marginTop, doc.style('p').paddingLeft]).toEqual([16, 3]); // not b.css's 9px
    expect(doc.diagnostics).toEqual([]);
  });

  it('warns about missing and denied files, and renders without them', async () => {
    const missing = await styleHtml('<link rel="stylesheet" href="nope.css"><style>@import "gone.css";</style><p>x</p>');
    expect(missing.diagnostics.map((d) => [d.code, d.line])).toEqual([['resource', 1], ['resource', 1]]);
    const denied = await styleHtml('<p>x</p>\n<link rel="stylesheet" href="secret.css">', { denied: ['secret.css'], files: { 'secret.css': 'p { color: red }' } });
    expect(denied.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([['resource', 2, 1, expect.stringMatching(/^stylesheet not loaded: denied: .*secret\.css$/)]]);
    expect(denied.style('p').color).not.toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });

  it('fetches nothing for an empty <link href> (warned) or an empty url() image (none, CSS Values 4 §4.5.1.1)', async () => {
    const doc = await styleHtml('<p>x</p>\n<link rel="stylesheet" href=" "><style>p { background-image: url(""), url(bg.png) }</style>', { files: { 'bg.png': 'not read here' } });
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([['resource', 2, 1, '`<link rel="stylesheet">` has an empty `href`: no stylesheet is loaded']]);
    // not the document's own URL, which the empty string would resolve to
    expect(doc.style('p').backgroundImage).toEqual([{ kind: 'url', url: '' }, { kind: 'url', url: 'file:///work/doc/bg.png' }]);
  });

  it('@import after a rule is ignored with a warning', async () => {
    const doc = await styleHtml('<style>p { color: green } @import "a.css";</style><p>x</p>', { files: { 'a.css': 'p { color: red }' } });
    expect(doc.style('p').color).toEqual(green);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_parse']);
  });

  it('parses each distinct sheet once per cache', async () => {
    const cache = createStylesheetCache();
    const files = { 'a.css': 'p { color: red }' };
    const one = await styleHtml('<link rel="stylesheet" href="a.css"><style>p{margin:0}</style>', { cache, files });
    const two = await styleHtml('<link rel="stylesheet" href="a.css"><style>p{margin:0}</style>', { cache, files });
    expect(cache.size).toBe(2);
    expect(one.sheets[1]!.parsed).toBe(two.sheets[1]!.parsed);
    expect(one.sheets[0]).toBe(two.sheets[0]);
  });
});

describe('media', () => {
  it('applies print and all, not screen', async () => {
    const doc = await styleHtml(`<style>
      @media screen { p { color: red } }
      @media print { p { color: green } }
      @media not print { p { margin-top: 9px } }
      @media only screen, print and (orientation: portrait) { p { padding-top: 3px } }
      @media (min-width: 600px) and (max-width: 700px) { p { padding-left: 1px } }
      @media (width >= 1000px) { p { padding-left: 2px } }
      @media (400px <= width < 800px) { p { padding-right: 5px } }
      @media (prefers-color-scheme: dark) { p { color: red } }
      @media (hover: hover) { p { color: red } }
    </style>
    <style media="screen">p { color: red }</style>
    <link rel="stylesheet" href="print.css" media="print">
    <p>x</p>`, { files: { 'print.css': 'p { border-top: 1px solid }' } });
    const p = doc.style('p');
    expect(p.color).toEqual(green);
    expect(p.marginTop).toBe(16);
    expect(p.paddingTop).toBe(3);
    expect(p.paddingLeft).toBe(1);
    expect(p.paddingRight).toBe(5);
    expect(p.borderTopWidth).toBe(1);
  });

  // Chromium 156's print, measured feature by feature (a red line in its PDF where the query held)
  it('answers resolution, scripting and display-mode as Chromium prints: 300dpi, scripting on, a browser tab', async () => {
    const doc = await styleHtml(`<style>
      @media (resolution >= 300dpi) { p { margin-top: 1px } } @media (resolution >= 4dppx) { p { margin-top: 2px } }
      @media (-webkit-min-device-pixel-ratio: 2) { p { padding-top: 1px } } @media (-webkit-min-device-pixel-ratio: 4) { p { padding-top: 2px } }
      @media (scripting: enabled) { p { padding-left: 1px } } @media (scripting: none) { p { padding-left: 2px } }
      @media (display-mode: browser) { p { padding-right: 1px } } @media (display-mode: standalone) { p { padding-right: 2px } }
    </style><p>x</p>`);
    const p = doc.style('p');
    expect([p.marginTop, p.paddingTop, p.paddingLeft, p.paddingRight]).toEqual([1, 1, 1, 1]);
  });

  it('evaluates widths against the page area of @page', async () => {
    const doc = await styleHtml('<style>@page { size: A4 landscape } @media (min-width: 950px) { p { color: green } } @media (orientation: portrait) { p { color: red } }</style><p>x</p>');
    expect(doc.style('p').color).toEqual(green);
  });

  // Chromium's print (measured: docs/css.md) on A4 and Letter with the UA margins of 75px
  it.each([
    ['A4', '75px', 'sm'], ['A4', '20mm', 'sm'], ['letter', '75px', 'sm'], ['letter', '0.5in', 'sm'], ['letter', '0', 'md'],
    ['A4 landscape', '75px', 'md'], ['A4', '0', 'md'], ['A5', '15mm', 'xs'],
  ])('chooses the framework breakpoint of the page area: %s, margin %s -> %s', async (size, margin, expected) => {
    const css = `@page { size: ${size}; margin: ${margin} } p { width: 100% }
      @media (min-width: 576px) { p { width: 540px } } @media (min-width: 768px) { p { width: 720px } } @media (min-width: 992px) { p { width: 960px } }`;
    const doc = await styleHtml(`<style>${css}</style><p>x</p>`);
    const byWidth: Record<string, unknown> = { 540: 'sm', 720: 'md', 960: 'lg' };
    expect(byWidth[String(doc.style('p').width)] ?? 'xs').toBe(expected);
  });

  it('gives aspect-ratio and orientation of the page area, device-* of the page box', async () => {
    const doc = await styleHtml(`<style>@page { size: 800px 600px; margin: 0 250px }
      @media (orientation: portrait) and (max-aspect-ratio: 1/2) { p { padding-left: 1px } }
      @media (device-width: 800px) and (device-aspect-ratio: 4/3) and (width: 300px) { p { padding-right: 2px } }</style><p>x</p>`);
    const p = doc.style('p');
    expect([p.paddingLeft, p.paddingRight]).toEqual([1, 2]);
  });

  it('@import with media and @supports', async () => {
    const doc = await styleHtml(`<style>@import "s.css" screen; @import "p.css" print;
      @supports (display: flex) { p { margin-left: 1px } }
      @supports (display: nonsense) { p { margin-left: 2px } }
      @supports not (backdrop-filter: blur(1px)) { p { margin-right: 3px } }
      @supports (display: flex) and (color: red) { p { padding-left: 4px } }
      @supports selector(p > a) { p { padding-right: 6px } }
    </style><p>x</p>`, { files: { 's.css': 'p { color: red }', 'p.css': 'p { color: blue }' } });
    const p = doc.style('p');
    expect(p.color).toEqual(blue);
    expect(p.marginLeft).toBe(1);
    expect(p.marginRight).toBe(3);
    expect(p.paddingLeft).toBe(4);
    expect(p.paddingRight).toBe(6);
    void red;
  });
});

describe('@font-face', () => {
  it('collects validated font faces with absolute URLs and local() names', async () => {
    const doc = await styleHtml(`<style>
      @font-face { font-family: "Brand Sans"; src: local(Brand), url(fonts/brand.woff2) format("woff2"), url(fonts/brand.ttf); font-weight: 300 700; font-style: italic; unicode-range: U+0000-00FF, U+20AC, U+4??; font-variation-settings: "GRAD" -50, "wdth" 80; }
      @font-face { font-family: Broken; }
    </style>`);
    expect(doc.styled.fontFaces).toEqual([{
      family: 'Brand Sans',
      sources: [{ local: 'Brand' }, { url: 'file:///work/doc/fonts/brand.woff2', format: 'woff2' }, { url: 'file:///work/doc/fonts/brand.ttf' }],
      weight: [300, 700],
      style: 'italic',
      stretch: [100, 100],
      autoStretch: true, // not written: a variable font's wdth range
      variations: [{ tag: 'GRAD', value: -50 }, { tag: 'wdth', value: 80 }],
      unicodeRange: [[0, 0xff], [0x20ac, 0x20ac], [0x400, 0x4ff]],
      where: { file: expect.any(String), line: 2, column: 7 }, // the rule in the document
    }]);
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  // next/font writes these on the fallback faces it makes; font-display is about loading, not drawing
  it('reads the metric overrides (next/font\'s fallback faces) and names the feature descriptors it does not apply', async () => {
    const doc = await styleHtml(`<style>@font-face { font-family: F; src: local(Arial); ascent-override: 90.44%; descent-override: 22.52%;
      line-gap-override: 0%; size-adjust: 107.12%; font-display: swap; font-feature-settings: "liga" 0 }</style>`);
    expect(doc.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(['css_unsupported `font-feature-settings` in @font-face is not supported: the face\'s own features are used']);
    expect(doc.styled.fontFaces[0]?.metricOverrides).toEqual({ ascent: expect.closeTo(0.9044, 9), descent: expect.closeTo(0.2252, 9), lineGap: 0, sizeAdjust: expect.closeTo(1.0712, 9) });
  });

  it('takes normal and 100% as the font\'s own metrics, the first of two override values, and refuses the rest', async () => {
    const doc = await styleHtml(`<style>@font-face { font-family: F; src: local(Arial); ascent-override: 80% 90%; descent-override: normal; size-adjust: 100%;
      line-gap-override: -5%; size-adjust: 1.2 }</style>`);
    expect(doc.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(['css_invalid_value invalid `line-gap-override` in @font-face', 'css_invalid_value invalid `size-adjust` in @font-face']);
    expect(doc.styled.fontFaces[0]?.metricOverrides).toEqual({ ascent: 0.8 });
  });
});
