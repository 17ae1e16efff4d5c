import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const pdftotext = (pdf: Uint8Array): Promise<string> => withPdfFile(pdf, async (path) => (await promisify(execFile)('pdftotext', [path, '-'])).stdout);
const PAGE = '<!DOCTYPE html><style>@page { size: 40px 20px; margin: 0 } body { margin: 0 } .v > div { width: 10px }</style>';
const TWO = '<div style="background: red"></div><div style="background: blue"></div>';

describe('the block flow direction of vertical writing modes', () => {
  it('vertical-rl stacks blocks right to left; a child width is its physical width', async () => {
    const rows = await renderPage(`${PAGE}<div class=v style="writing-mode: vertical-rl; height: 20px">${TWO}</div>`);
    expect(rows[10]!.slice(0, 20)).toBe(`${'B'.repeat(10)}${'R'.repeat(10)}`);
  });

  it('vertical-lr and sideways-lr stack them left to right', async () => {
    for (const mode of ['vertical-lr', 'sideways-lr']) {
      const rows = await renderPage(`${PAGE}<div class=v style="writing-mode: ${mode}; height: 20px">${TWO}</div>`);
      expect(rows[10]!.slice(0, 20)).toBe(`${'R'.repeat(10)}${'B'.repeat(10)}`);
    }
  });

  it('keeps padding and borders on their physical sides', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 40px 20px; margin: 0 } body { margin: 0 }</style>'
      + '<div style="writing-mode: vertical-rl; width: 10px; height: 10px; border-left: 5px solid blue; padding-top: 4px; background: red; background-clip: content-box"></div>');
    expect(rows[2]!.slice(0, 15)).toBe(`${'B'.repeat(5)}${'_'.repeat(10)}`);
    expect(rows[8]!.slice(0, 16)).toBe(`${'B'.repeat(5)}${'R'.repeat(10)}_`);
  });
});

describe('text in vertical writing modes', () => {
  it('extracts the lines of a vertical paragraph in reading order', async () => {
    const pdf = await renderPdf('<!DOCTYPE html><style>@page { size: 300px 300px; margin: 10px }</style>'
      + '<p>Running head:</p><div style="writing-mode: vertical-rl; height: 120px">Chapter one begins here and continues on</div>');
    expect((await pdftotext(pdf)).replace(/\s+/g, ' ').trim()).toBe('Running head: Chapter one begins here and continues on');
  });
});

/** Width and height of the dark pixels' bounding box on a page of palette letters. */
function inkBox(rows: readonly string[]): string {
  let [left, right, top, bottom] = [Infinity, -1, Infinity, -1];
  rows.forEach((row, y) => [...row].forEach((c, x) => {
    if (c === '_') return;
    [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
  }));
  return right - left + 1 > bottom - top + 1 ? 'wide' : 'tall';
}

describe('text-combine-upright (tate-chu-yoko)', () => {
  const page = (span: string): string => '<!DOCTYPE html><style>@page { size: 60px 60px; margin: 0 } body { margin: 0; font: 40px "Liberation Sans" }</style>'
    + `<div style="writing-mode: vertical-rl">${span}</div>`;

  it('turns vertical Latin text clockwise, and sets combined text upright', async () => {
    expect(inkBox(await renderPage(page('<span>1</span>')))).toBe('wide');
    expect(inkBox(await renderPage(page('<span style="text-combine-upright: all">1</span>')))).toBe('tall');
  });
});

