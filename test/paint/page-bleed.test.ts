/** `@page { bleed; marks }` (CSS Paged Media 3 §7): the sheet around the page box, its background and printer's marks. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPage, renderPdf } from '../helpers/render.js';
import { decodePng } from '../helpers/pixels.js';
import { qpdf } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);

type PdfObject = Record<string, unknown>;

/** The first page's dictionary and a lookup of indirect objects (qpdf's JSON). */
async function firstPage(pdf: Uint8Array): Promise<{ page: PdfObject; object: (ref: string) => PdfObject }> {
  const json = JSON.parse((await qpdf(pdf, ['--json=2', '--json-key=pages', '--json-key=qpdf'])).stdout) as {
    pages: { object: string }[];
    qpdf: [unknown, Record<string, { value: PdfObject }>];
  };
  const object = (ref: string): PdfObject => json.qpdf[1][`obj:${ref}`]?.value ?? {};
  return { page: object(json.pages[0]!.object), object };
}

const rounded = (values: unknown): number[] => (values as number[]).map((v) => Math.round(v * 100) / 100);

/** The page boxes of the first page, in pt. */
async function boxes(pdf: Uint8Array): Promise<Record<string, number[]>> {
  const { page } = await firstPage(pdf);
  const out: Record<string, number[]> = {};
  for (const key of ['/MediaBox', '/TrimBox', '/BleedBox']) if (Array.isArray(page[key])) out[key.slice(1)] = rounded(page[key]);
  return out;
}

/** Whether the pixel at CSS px (x, y) of the sheet is dark, rasterized at 3 device pixels per px. */
async function darkAt(pdf: Uint8Array, points: readonly (readonly [number, number])[]): Promise<boolean[]> {
  return withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-singlefile', '-r', '288', '-antialias', 'none', path, join(folder, 'sheet')]);
    const image = decodePng(readFileSync(join(folder, 'sheet.png')));
    return points.map(([x, y]) => {
      const i = (Math.floor(y * 3) * image.width + Math.floor(x * 3)) * image.channels;
      return image.data[i]! < 128 && image.data[i + 1]! < 128 && image.data[i + 2]! < 128;
    });
  });
}

describe('@page bleed and marks', () => {
  it('makes the sheet larger by the bleed on every side, with the page background running into it', async () => {
    const page = await renderPage(`<style>@page { size: 12px 6px; margin: 2px; bleed: 3px; background: red }
      body { margin: 0 } div { background: blue; height: 2px }</style><div></div>`);
    expect(page).toEqual([
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRBBBBBBBBRRRRR',
      'RRRRRBBBBBBBBRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
      'RRRRRRRRRRRRRRRRRR',
    ]);
  });

  it('marks the page box as the trim box of a larger sheet, and keeps links on their text', async () => {
    const pdf = await renderPdf(`<style>@page { size: 80px 40px; margin: 0; bleed: 4px } body { margin: 0; font: 10px sans-serif }</style>
      <a href="https://example.com/" style="display: block; width: 20px; height: 10px"></a>`);
    expect(await boxes(pdf)).toEqual({ MediaBox: [0, 0, 66, 36], TrimBox: [3, 3, 63, 33], BleedBox: [0, 0, 66, 36] });
    const { page, object } = await firstPage(pdf);
    const [link] = (page['/Annots'] as string[]).map(object);
    // the link's box is 0..20 × 0..10 px of the page box: 3..18 pt across, 33 - 7.5..33 pt up from the sheet's bottom
    expect(rounded(link!['/Rect'])).toEqual([3, 25.5, 18, 33]);
  });

  it('gives crop marks a 6pt bleed of their own and draws them outside the page box only', async () => {
    const pdf = await renderPdf(`<style>@page { size: 60px 40px; margin: 0; marks: crop } body { margin: 0 }</style><body>`);
    expect((await boxes(pdf))['MediaBox']).toEqual([0, 0, 57, 42]);
    // bleed 8px: the top-left crop mark runs along the page box's top edge (y = 8) from the sheet's
    // edge to half the bleed short of the corner, and along its left edge (x = 8) likewise
    const [alongTop, alongLeft, gap, inside, farCorner] = await darkAt(pdf, [[1, 8], [8, 1], [6, 8], [30, 8], [75, 48]]);
    expect([alongTop, alongLeft, gap, inside, farCorner]).toEqual([true, true, false, false, true]);
  });

  it('draws registration crosses at the middle of each side with `marks: cross`', async () => {
    const pdf = await renderPdf(`<style>@page { size: 60px 40px; margin: 0; bleed: 12px; marks: cross } body { margin: 0 }</style><body>`);
    // sheet 84 × 64 px, as WeasyPrint draws them: the top cross is centred a quarter of the bleed
    // from the sheet's edge (42, 3), its arm across the bleed runs from the edge to half the bleed
    // (y 0..6), its arm along the edge as long (x 39..45); the left one is centred at (3, 32)
    const [top, topAlong, left, right, bottom, pastArm, cropCorner] = await darkAt(pdf, [[42, 5], [40, 3], [5, 32], [80, 32], [42, 59], [42, 7], [2, 12]]);
    expect([top, topAlong, left, right, bottom, pastArm, cropCorner]).toEqual([true, true, true, true, true, false, false]);
  });

  it('warns about invalid values with their location', async () => {
    await renderPdf(`<style>@page { marks: crop crop; bleed: red }</style><p>x</p>`, {
      expectDiagnostics: [{ code: 'css_invalid_value', message: /crop crop/ }, { code: 'css_invalid_value', message: /bleed/ }],
    });
  });
});

describe('@page visibility', () => {
  it('hides the page box background and border, and the margin boxes that inherit it, but not the document', async () => {
    const page = await renderPage(`<style>@page { size: 12px 6px; margin: 2px; visibility: hidden; background: red; border: 1px solid green;
        @top-center { content: ""; background: green } }
      body { margin: 0 } div { height: 1px; background: blue }</style><div></div>`);
    expect(page).toEqual([
      // the invisible 1px border still takes its room: the page area starts at (3, 3), with no
      // height left (it takes 1px of content: a taller box would continue on a second page)
      '____________',
      '____________',
      '____________',
      '___BBBBBB___',
      '____________',
      '____________',
    ]);
  });
});
