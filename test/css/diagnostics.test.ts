import { describe, expect, it } from 'vitest';
import { createStylesheetCache } from '../../src/css/index.js';
import { styleHtml } from './helpers.js';

const TEMPLATE = `<!DOCTYPE html>
<html>
<head>
<style>
p {
  color: red;
  colour: blue;
  margin: 1px 2px 3px 4px 5px;
  backdrop-filter: blur(2px);
  animation-name: spin;
}
div { transform: none; width: 10px }
</style>
</head>
<body><p style="font-weight: heavy">x</p><div>y</div></body>
</html>`;

describe('diagnostics', () => {
  it('report unknown properties and invalid values with template lines; keep the valid ones', async () => {
    const doc = await styleHtml(TEMPLATE);
    const found = doc.diagnostics.map((d) => [d.code, d.line, d.file, d.message]);
    expect(found).toEqual([
      ['css_unknown_property', 7, 'doc.html', 'unknown property `colour`'],
      ['css_invalid_value', 8, 'doc.html', 'invalid value `1px 2px 3px 4px 5px` for `margin`'],
      ['css_unsupported', 9, 'doc.html', 'property `backdrop-filter` is not supported'],
      ['css_unsupported', 10, 'doc.html', 'property `animation-name` is not supported'],
      ['css_invalid_value', 15, 'doc.html', 'invalid value `heavy` for `font-weight`'],
    ]);
    expect(doc.style('p').color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
    expect(doc.style('div').width).toBe(10);
    expect(doc.diagnostics[0]!.column).toBe(3);
  });

  it('ignore what leaves no trace on paper, and name what Chromium draws that octavo does not as unsupported', async () => {
    const doc = await styleHtml(`<style>p { view-transition-name: a; timeline-scope: --t; interpolate-size: allow-keywords; reading-flow: grid-order;
      scroll-margin-top: 4px; scroll-padding-inline: 2px; dynamic-range-limit: standard; animation-timeline: --t;
      anchor-name: --a; corner-shape: bevel; speak: none; speak-as: spell-out }</style><p>x</p>`);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      'property `anchor-name` is not supported',
      'property `corner-shape` is not supported',
    ]);
  });

  it('name anchor() and anchor-size() as anchor positioning, unsupported, keeping the value before them', async () => {
    // JupyterLab 4.4's tooltips: Chromium 156 places them by their anchor; octavo keeps the fallback
    const doc = await styleHtml(`<style>div { position: absolute; top: 10px; top: anchor(--a bottom); left: calc(anchor(right, 0px) + 4px);
      width: 30px; width: anchor-size(width) }</style><div>x</div>`);
    expect(doc.diagnostics.map((d) => [d.code, d.message, d.count])).toEqual([
      ['css_unsupported', 'anchor positioning is not supported: `anchor()` in `top`', undefined],
      ['css_unsupported', 'anchor positioning is not supported: `anchor()` in `left`', undefined],
      ['css_unsupported', 'anchor positioning is not supported: `anchor-size()` in `width`', undefined],
    ]);
    expect(doc.style('div').top).toBe(10);
    expect(doc.style('div').width).toBe(30);
  });

  it('ignore WebKit\'s first name of color-scheme, which e-mail templates write for Apple Mail', async () => {
    // Cerberus's head: Chromium 156 drops the second declaration silently
    const doc = await styleHtml(`<style>:root { color-scheme: light; supported-color-schemes: light; }</style><p>x</p>`);
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('p').colorScheme).toBe('light');
  });

  it('say nothing of an unsupported property set to a value that changes nothing (a framework\'s reset)', async () => {
    // a reset as frameworks write it: initial values, `0px`, CSS-wide keywords; the last two change something
    const doc = await styleHtml(`<style>.a { backdrop-filter: none; -webkit-backdrop-filter: none; anchor-name: none; position-anchor: auto;
      font-variant-emoji: normal; perspective: NONE; transform-style: flat; offset-path: none; offset-distance: 0px;
      corner-shape: initial; animation: unset; -webkit-box-reflect: none; math-depth: 0 }
      .b { transform-style: preserve-3d; anchor-name: --tip }</style><p class=a>x</p><p class=b>y</p>`);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      'property `transform-style` is not supported',
      'property `anchor-name` is not supported',
    ]);
  });

  it('quote a long value as an excerpt naming its length', async () => {
    // invalid by its count, not by its depth: the message for a 2,000-deep calc() differed once in a full run
    const long = '1px '.repeat(600).trim();
    const doc = await styleHtml(`<style>p { width: ${long}; ${'x'.repeat(5000)}: 1px }</style><p style="margin: ${long} ${long}">x</p>`);
    const messages = doc.diagnostics.map((d) => d.message);
    expect(messages).toHaveLength(3);
    for (const message of messages) expect(message.length).toBeLessThan(200);
    expect(messages[0]).toBe(`invalid value \`${long.slice(0, 117)}... (${long.length} characters)\` for \`width\``);
    expect(messages[1]).toMatch(/^unknown property `x{57}\.\.\. \(5000 characters\)`$/);
    expect(messages[2]).toContain(`(${2 * long.length + 1} characters)\` for \`margin\``);
  });

  it('take image-orientation: from-image without a word, and name none as not honoured', async () => {
    const doc = await styleHtml('<style>img { image-orientation: from-image } p { image-orientation: none }</style><p>x</p>');
    expect(doc.diagnostics.map((d) => d.message)).toEqual(["`image-orientation: none` has no effect: a JPEG's EXIF orientation is always applied (as `from-image`)"]);
  });

  it('cached sheets report their warnings again in every render, at the right lines', async () => {
    const cache = createStylesheetCache();
    const first = await styleHtml(TEMPLATE, { cache });
    const shifted = await styleHtml(TEMPLATE.replace('<head>', '<head>\n\n'), { cache });
    expect(cache.size).toBe(1);
    expect(shifted.diagnostics.map((d) => d.line)).toEqual(first.diagnostics.map((d) => (d.line === 15 ? 17 : d.line! + 2)));
  });

  // @starting-style and @font-feature-values are skipped without a word: no transition runs on paper, and
  // font-variant-alternates, which @font-feature-values names values for, is warned itself
  it('parse errors, bad selectors and unsupported at-rules', async () => {
    const doc = await styleHtml(`<style>
p::details-content { color: red }
a:nonsense-class { color: red }
@position-try --below { top: anchor(bottom) }
p { color: red; nope }
@font-feature-values Font One { @styleset { nice-style: 12; } }
@starting-style { p { color: blue } }
</style><p>x</p>`);
    const codes = doc.diagnostics.map((d) => [d.code, d.line]);
    expect(codes).toEqual([
      ['css_unsupported', 2],
      ['css_unsupported', 3],
      ['css_unsupported', 4],
      ['css_parse', 5],
    ]);
    expect(doc.style('p').color).toEqual({ r: 255, g: 0, b: 0, a: 1 });
  });
});
