/**
 * ::before / ::after and counters through the whole pipeline: pixels (the `wp` test font draws
 * each character as a full em square) and the extracted text of the PDF.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withPdfFile } from '../helpers/tmp.js';
import { pixelRows, pngDataUrl } from '../helpers/png.js';
import { renderPage, renderPdf } from '../helpers/render.js';

const run = promisify(execFile);
const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

/** A `width` x `height` PNG of one colour, as a data: URL. */
function solidPng(width: number, height: number, rgb: readonly [number, number, number]): string {
  return pngDataUrl(pixelRows(width, height, () => [...rgb, 255]));
}

async function pixels(css: string, body: string): Promise<string[]> {
  const template = `<style>@font-face { font-family: wp; src: url(weasyprint.otf) } body { margin: 0; font-family: wp } ${css}</style>${body}`;
  return renderPage(template, { baseDir: FONTS });
}

async function text(css: string, body: string): Promise<string[]> {
  const pdf = await renderPdf(`<style>${css}</style>${body}`);
  const out = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
  return out.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

describe('::before and ::after, painted', () => {
  it('inline pseudo-elements frame the content with their own colours', async () => {
    expect(await pixels('@page { size: 12px 3px; margin: 0 } p { margin: 0; font: 2px/1 wp; color: red } p::before { content: "a"; color: blue } p::after { content: "bc"; color: lime }', '<p>x</p>')).toEqual([
      'BBRRGGGG____',
      'BBRRGGGG____',
      '____________',
    ]);
  });

  it('block pseudo-elements are boxes with backgrounds and sizes', async () => {
    expect(await pixels('@page { size: 6px 6px; margin: 0 } div { background: red; padding: 1px 0 } div::before { content: ""; display: block; height: 2px; background: blue } div::after { content: ""; display: block; width: 3px; height: 1px; background: lime }', '<div></div>')).toEqual([
      'RRRRRR',
      'BBBBBB',
      'BBBBBB',
      'GGGRRR',
      'RRRRRR',
      '______',
    ]);
  });

  it('counters change the generated text (and so its width)', async () => {
    const css = '@page { size: 12px 4px; margin: 0 } div { font: 2px/1 wp; color: red; counter-reset: n 8 } p { margin: 0; counter-increment: n } p::before { content: counter(n) }';
    expect(await pixels(css, '<div><p></p><p></p></div>')).toEqual([
      'RR__________',
      'RR__________',
      'RRRR________',
      'RRRR________',
    ]);
  });

  it('content: url() draws an image inline, between texts', async () => {
    const css = `@page { size: 12px 4px; margin: 0 } p { margin: 0; font: 4px/1 wp; color: red } p::before { content: "" url(${solidPng(2, 4, [0, 0, 255])}) "a" }`;
    // The 2x4 image stands on the baseline, so the text (ascent 3.2px) starts 0.8px lower.
    expect(await pixels(css, '<p></p>')).toEqual([
      'BB__________',
      'BBRRRR______',
      'BBRRRR______',
      'BBRRRR______',
    ]);
  });
});

describe('generated text in the PDF', () => {
  it('a numbered nested list', async () => {
    const lines = await text('ol { counter-reset: item } li { display: block } li::before { content: counters(item, ".") ". "; counter-increment: item }',
      '<ol><li>Intro</li><li>Terms<ol><li>Parties</li><li>Scope<ol><li>Goods</li></ol></li></ol></li><li>Payment</li></ol>');
    expect(lines).toEqual(['1. Intro', '2. Terms', '2.1. Parties', '2.2. Scope', '2.2.1. Goods', '3. Payment']);
  });

  it('list markers of ol start/reversed/value and every marker style', async () => {
    const lines = await text('', `<ol start="3"><li>three</li><li value="9">nine</li><li>ten</li></ol><ol reversed><li>two</li><li>one</li></ol>
      <ol type="i" start="4"><li>iv</li></ol><ol type="A" start="27"><li>AA</li></ol><ol style="list-style-type: lower-greek"><li>alpha</li></ol>
      <ol style="list-style-type: decimal-leading-zero"><li>zero</li></ol><ul style="list-style-type: '* '"><li>star</li></ul>`);
    expect(lines).toEqual(['3. three', '9. nine', '10. ten', '2. two', '1. one', 'iv. iv', 'AA. AA', 'α. alpha', '01. zero', '* star']);
  });

  it('headings numbered through counters on siblings, and quotes', async () => {
    const css = 'body { counter-reset: h1 } h1 { counter-reset: h2; counter-increment: h1 } h2 { counter-increment: h2 } h1::before { content: counter(h1, upper-roman) ". " } h2::before { content: counter(h1) "." counter(h2) " " } q { quotes: "«" "»" "‹" "›" }';
    const lines = await text(css, '<h1>One</h1><h2>A</h2><h2>B</h2><h1>Two</h1><h2>C</h2><p><q>x <q>y</q></q></p>');
    expect(lines).toEqual(['I. One', '1.1 A', '1.2 B', 'II. Two', '2.1 C', '«x ‹y›»']);
  });
});

describe('counter styles in the whole pipeline, as Chromium prints them', () => {
  it('@counter-style markers, counter() and page numbers in a predefined style', async () => {
    const css = `@page { size: 120mm 100mm; margin: 15mm 10mm; @bottom-center { content: "Page " counter(page, upper-roman) } }
      @counter-style check { system: cyclic; symbols: "✓"; suffix: " " }
      @counter-style paren { system: extends decimal; prefix: "("; suffix: ") " }
      @counter-style chapter { system: extends upper-alpha; suffix: " — " }
      ul.c { list-style: check } ol.p { list-style-type: paren } ol.g { list-style-type: georgian }
      h2 { counter-increment: ch; font-size: 12pt; margin: 4px 0 } h2::before { content: counter(ch, chapter) }`;
    const body = '<ul class="c"><li>Done one</li><li>Done two</li></ul><ol class="p"><li>First</li><li>Second</li></ol>'
      + '<ol class="g" start="19"><li>Nineteen</li><li>Twenty</li></ol><h2>Intro</h2><h2>Body</h2>';
    // Chromium 156 prints these lines (pdftotext); a counter() takes no suffix, a marker does
    expect(await text(css, body)).toEqual(['✓ Done one', '✓ Done two', '(1) First', '(2) Second', 'ით. Nineteen', 'კ. Twenty', 'AIntro', 'BBody', 'Page I']);
  });
});
