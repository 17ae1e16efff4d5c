/** Tables through the whole pipeline: a long invoice page by page as text, and collapsed borders as pixels. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { rasterize } from '../helpers/pixels.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

const render = (html: string, data?: unknown): Promise<Uint8Array> => renderPdf(html, { data, compress: false });

async function textPages(pdf: Uint8Array): Promise<string[]> {
  const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);
  return text.split('\f').filter((page) => page.trim() !== '');
}

const invoice = `<style>
  @page { size: A5; margin: 15mm }
  body { font: 10pt sans-serif }
  table { width: 100%; border-collapse: collapse }
  th, td { border: 1px solid #444; padding: 3px 6px }
  td.n { text-align: right }
</style>
<h1>Invoice 2026-0042</h1>
<table>
  <thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead>
  <tfoot><tr><td colspan=2>Carried over / total</td><td class=n>{{total}}</td></tr></tfoot>
  <tbody>{{#each items}}<tr><td>Line item number {{this}}</td><td class=n>1</td><td class=n>{{this}}.00</td></tr>{{/each}}</tbody>
</table>
<p>Thank you for your business.</p>`;

describe('a 60-row invoice across pages (pdftotext)', () => {
  it('repeats the header and footer rows on every page, never splits a row, and ends with the totals', async () => {
    const items = Array.from({ length: 60 }, (_, i) => i + 1);
    const pages = await textPages(await render(invoice, { items, total: '1830.00' }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const seen: number[] = [];
    for (const page of pages) {
      expect(page).toMatch(/Item\s+Qty\s+Price/);
      expect(page).toMatch(/Carried over \/ total\s+1830\.00/);
      for (const match of page.matchAll(/Line item number (\d+)\s+1\s+(\d+)\.00/g)) {
        expect(match[1]).toBe(match[2]); // the whole row is on this page
        seen.push(Number(match[1]));
      }
    }
    expect(seen).toEqual(items);
    expect(pages.at(-1)).toContain('Thank you for your business.');
    expect(pages[0]).toContain('Invoice 2026-0042');
  });
});

describe('collapsed borders, painted', () => {
  it('draws the winning border on every edge, centred on the grid lines', async () => {
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 9px 6px; margin: 0 } body { margin: 0 }
      table { border-collapse: collapse; border: 2px solid blue } td { padding: 0; border: 1px solid red; width: 2px; height: 2px }</style>
      <table><tr><td></td><td></td></tr></table>`);
    const [page] = await rasterize(pdf);
    expect(page).toEqual([
      'BBBBBBBBB',
      'BBBBBBBBB',
      'BB__R__BB',
      'BB__R__BB',
      'BBBBBBBBB',
      'BBBBBBBBB',
    ]);
  });

  it('draws the collapsed borders over cells that make stacking contexts, as Chromium does (a rotated header)', async () => {
    // the transformed cell's green background, painted after the table's blocks, hid its borders
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 9px 6px; margin: 0 } body { margin: 0 }
      table { border-collapse: collapse; border: 2px solid blue } td { padding: 0; border: 1px solid red; width: 2px; height: 2px; background: lime }</style>
      <table><tr><td style="transform: rotate(180deg)"></td><td></td></tr></table>`);
    const [page] = await rasterize(pdf);
    // the red border between the cells shows over the green of both, the transformed one's too
    expect(page!.slice(2, 4)).toEqual(['BBGGRGGBB', 'BBGGRGGBB']);
    expect(new Set([...page!.slice(0, 2), ...page!.slice(4)])).toEqual(new Set(['BBBBBBBBB']));
  });

  it('draws a border=1 table collapsed as Chromium does: inset and outset as ridge and groove, 1px ones solid', async () => {
    // the email-template table: the cells' 1px inset borders and the table's 1px outset one in its
    // border-color; shaded as one box's bevel, the lit sides of #ddd vanished and the others darkened
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 9px 7px; margin: 0 } body { margin: 0 } td { padding: 0; width: 2px; height: 2px }</style>
      <table border=1 cellspacing=0 style="border-collapse: collapse; border-color: #dddddd"><tr><td></td><td></td></tr><tr><td colspan=2></td></tr></table>`);
    const [page] = await rasterize(pdf, { _: '#ffffff', D: '#dddddd' });
    expect(page).toEqual([
      'DDDDDDD__',
      'D__D__D__',
      'D__D__D__',
      'DDDDDDD__',
      'D_____D__',
      'D_____D__',
      'DDDDDDD__',
    ]);
  });

  it('draws a 4px inset collapsed border as a ridge', async () => {
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 12px 12px; margin: 0 } body { margin: 0 }
      table { border-collapse: collapse } td { padding: 0; width: 4px; height: 4px }</style>
      <table><tr><td style="border: 4px inset #0000ff"></td></tr></table>`);
    const [page] = await rasterize(pdf, { _: '#ffffff', B: '#0000ff', D: '#0000ab' });
    // ridge: the outer half lit (blue stays blue), the inner half dark; each edge drawn as a top
    // or a left side, as Chromium 156 prints it (which also lets the right edge cover the top-right corner)
    expect(page!.slice(0, 4).map((row) => row.slice(0, 8))).toEqual(['BBBBBBBB', 'BBBBBBBB', 'DDDDDDDD', 'DDDDDDDD']);
    expect(page!.slice(4)).toEqual([
      'BBDD____BBDD',
      'BBDD____BBDD',
      'BBDD____BBDD',
      'BBDD____BBDD',
      'BBBBBBBBBBBB',
      'BBBBBBBBBBBB',
      'DDDDDDDDDDDD',
      'DDDDDDDDDDDD',
    ]);
  });

  it('draws each cell\'s border on its own side in a right-to-left table, as Chromium 156 prints it', async () => {
    // the first cell (on the right) has a blue border-right, the last a red border-left: both are the
    // table's outer edges; the blue was drawn between the cells and the red not at all
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 10px 2px; margin: 0 } body { margin: 0; direction: rtl }
      table { border-collapse: collapse } td { padding: 0; width: 2px; height: 2px }
      td:first-child { border-right: 2px solid blue } td:last-child { border-left: 2px solid red }</style>
      <table><tr><td></td><td></td></tr></table>`);
    const [page] = await rasterize(pdf);
    expect(page).toEqual(['__RR____BB', '__RR____BB']);
  });

  it('keeps both edges of a rowspan cell that a colspan cell overlaps, right to left', async () => {
    // CSS 2.1 §17.5 leaves overlapping cells undefined; this is Chromium 156's picture (WeasyPrint drops the overlapped edge)
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 14px 10px; margin: 0 } body { margin: 0; direction: rtl }
      table { border-collapse: collapse; border: 2px solid blue } td { padding: 0; border: 1px solid red; width: 2px; height: 2px }</style>
      <table><tr><td></td><td rowspan=2></td><td></td></tr><tr><td colspan=2></td><td></td></tr></table>`);
    const [page] = await rasterize(pdf);
    expect(page).toEqual([
      '__BBBBBBBBBBBB',
      '__BBBBBBBBBBBB',
      '__BB__R__R__BB',
      '__BB__R__R__BB',
      '__BBRRR__RRRBB',
      '__BB__R__R__BB',
      '__BB__R__R__BB',
      '__BBBBBBBBBBBB',
      '__BBBBBBBBBBBB',
      '______________',
    ]);
  });

  it('closes each page of a broken table with the border between the rows on either side of the break', async () => {
    const pdf = await render(`<!DOCTYPE html><style>@page { size: 6px 10px; margin: 0 } body { margin: 0 }
      table { border-collapse: collapse; border: 2px solid blue } td { padding: 0; border-bottom: 2px solid red; width: 2px; height: 2px }</style>
      <table><tr><td></td></tr><tr><td></td></tr><tr><td></td></tr></table>`);
    const pages = await rasterize(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toEqual([
      'BBBBBB',
      'BBBBBB',
      'BB__BB',
      'BB__BB',
      'RRRRRR',
      'RRRRRR',
      'BB__BB',
      'BB__BB',
      'RRRRRR',
      'RRRRRR',
    ]);
    // the top of the second page is the red edge between rows 2 and 3, not the table's blue top
    expect(pages[1]!.slice(0, 7)).toEqual([
      'RRRRRR',
      'RRRRRR',
      'BB__BB',
      'BB__BB',
      'RRRRRR',
      'RRRRRR',
      '______',
    ]);
  });
});
