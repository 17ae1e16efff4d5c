/** Page-margin boxes through the whole pipeline: painted pixels and the text layer. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rasterize } from '../helpers/pixels.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

const render = (html: string, tagged = false): Promise<Uint8Array> => renderPdf(html, { tagged, compress: !tagged });

/** A 4x2 blue PNG. */
const BLUE_4X2 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAD0lEQVR4nGNgYPiPhJA4AF+6B/lJ0O7iAAAAAElFTkSuQmCC';

describe('page-margin boxes, painted', () => {
  it('paints images of margin-box content where the box and its alignment put them', async () => {
    const pdf = await render(`<style>body { margin: 0 }
      @page { size: 20px 10px; margin: 3px; font: 0/0 monospace;
        @top-center { content: url(${BLUE_4X2}); vertical-align: top }
        @bottom-left { content: url(${BLUE_4X2}) url(${BLUE_4X2}); text-align: right; vertical-align: bottom; background: red } }</style>`);
    const [page] = await rasterize(pdf);
    expect(page).toEqual([
      '________BBBB________',
      '________BBBB________',
      '____________________',
      '____________________',
      '____________________',
      '____________________',
      '____________________',
      '___RRRRRRRRRRRRRR___',
      '___RRRRRRBBBBBBBB___',
      '___RRRRRRBBBBBBBB___',
    ]);
  });

  it('paints backgrounds of margin boxes in the corners and bands of the page margin', async () => {
    const pdf = await render(`<style>body { margin: 0 }
      @page { size: 20px 10px; margin: 3px;
        @top-left { content: ''; background: red }
        @bottom-right-corner { content: ''; background: blue }
        @left-middle { content: ''; background: lime; margin: 1px }
        @right-top { background: yellow } }</style>`);
    const [page] = await rasterize(pdf);
    expect(page).toEqual([
      '___RRRRRRRRRRRRRR___',
      '___RRRRRRRRRRRRRR___',
      '___RRRRRRRRRRRRRR___',
      '____________________',
      '_G__________________',
      '_G__________________',
      '____________________',
      '_________________BBB',
      '_________________BBB',
      '_________________BBB',
    ]);
  });

  it('paints borders and padding, and splits a band between two boxes', async () => {
    const pdf = await render(`<style>body { margin: 0 }
      @page { size: 12px 8px; margin: 4px 2px 0;
        @top-left { content: ''; border: 1px solid blue; height: 1px }
        @top-right { content: ''; background: red; padding: 1px } }</style>`);
    const [page] = await rasterize(pdf);
    // no content: the two boxes share the 8px band equally; the fixed-height box sticks to the page area
    expect(page).toEqual([
      '______RRRR__',
      '__BBBBRRRR__',
      '__B__BRRRR__',
      '__BBBBRRRR__',
      '____________',
      '____________',
      '____________',
      '____________',
    ]);
  });
});

describe('page-margin boxes, as text', () => {
  const html = `<style>@page { size: 300px 200px; margin: 30px;
      @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 10px sans-serif }
      @top-right { content: "Report"; font: 10px sans-serif } }
    body { margin: 0 } div { height: 120px }</style><div>one</div><div>two</div><div>three</div>`;

  it('numbers the pages "Page X of Y" (pdftotext)', async () => {
    const pdf = await render(html);
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of 3`);
      expect(page).toContain('Report');
    });
  });

  it('makes margin boxes pagination artifacts in a tagged PDF', async () => {
    const pdf = await render(html, true);
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-f', '2', '-l', '2', path, '-'])).stdout);
    expect(text).toContain('Page 2 of 3');
    const raw = Buffer.from(pdf).toString('latin1');
    // the header's and footer's text are inside a /Pagination artifact
    const footer = raw.indexOf('/Pagination');
    expect(footer).toBeGreaterThan(-1);
    expect(raw.slice(footer, raw.indexOf('EMC', footer))).toMatch(/TJ[\s\S]*TJ/); // header and footer
  });
});
