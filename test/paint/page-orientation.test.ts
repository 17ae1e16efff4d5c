/**
 * `@page { page-orientation }` (CSS Paged Media 3 §7.3): the page is laid out as its `size` says
 * and a viewer turns it — `rotate-left` a quarter turn anticlockwise, `rotate-right` clockwise —
 * as Chromium 156 prints it (which turns the content itself; octavo sets the page's /Rotate, so
 * links and extracted text stay as laid out).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

const PAGES = `<!DOCTYPE html><style>@page { size: 300px 200px; margin: 10px } @page wide { size: 400px 200px; page-orientation: rotate-left }
  @page r { page-orientation: rotate-right } @page u { page-orientation: upright } .w { page: wide } .r { page: r } .u { page: u }</style>
  <p>first</p><div class=w><a href="https://example.com/">wide page</a></div><div class=r>right</div><div class=u>up</div>`;

async function pageInfo(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, async (path) => {
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '4', path]);
    return stdout.split('\n').filter((line) => /^Page +\d+ (size|rot)/.test(line)).map((line) => line.replace(/\s+/g, ' '));
  });
}

describe('page-orientation', () => {
  it('turns a page by /Rotate, its size as laid out', async () => {
    expect(await pageInfo(await renderPdf(PAGES))).toEqual([
      'Page 1 size: 225 x 150 pts', 'Page 1 rot: 0',
      'Page 2 size: 300 x 150 pts', 'Page 2 rot: 270',
      'Page 3 size: 225 x 150 pts', 'Page 3 rot: 90',
      'Page 4 size: 225 x 150 pts', 'Page 4 rot: 0',
    ]);
  });

  it('warns about a value it does not know', async () => {
    await renderPdf('<style>@page { page-orientation: sideways }</style><p>x</p>', {
      expectDiagnostics: [{ code: 'css_invalid_value', message: 'invalid value `sideways` for `page-orientation`' }],
    });
  });
});
