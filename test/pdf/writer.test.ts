/**
 * The PDF written page by page (pdf/writer.ts): pages written as they come, pages kept open
 * for items painted once the document is complete (joining their content stream, or a second
 * one past the budget of open streams), the deterministic
 * identifier fingerprinted page by page, pages held from the first upscaled pixelated image, and
 * deterministic encrypted documents held whole.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { DisplayItem, PageDisplayList } from '../../src/paint/display-list.js';
import { PdfWriter, writePdf } from '../../src/pdf/writer.js';
import type { WritePdfOptions } from '../../src/pdf/writer.js';
import { qpdf, qpdfCheck } from '../helpers/qpdf.js';
import { rasterize } from '../helpers/pixels.js';
import { withPdfFile } from '../helpers/tmp.js';
import { glyphItem, loadFace } from './font-fixture.js';
import { pngImage } from './image-fixture.js';

const run = promisify(execFile);
const OPTIONS: WritePdfOptions = { metadata: { title: 'Pages' }, encryption: undefined, deterministic: true, compress: true };

const text = (value: string, y: number): DisplayItem => glyphItem(loadFace('sans'), value, { x: 10, y, size: 12 });
const page = (...items: DisplayItem[]): PageDisplayList => ({ width: 200, height: 100, items });

const pdftotext = (pdf: Uint8Array): Promise<string> => withPdfFile(pdf, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout);

/**
 * Writes `pages`, each with `later` items added once all are written (as render.ts does with
 * margin boxes); the items of kind link, bookmark or destination as the annotations painted after the drawing.
 */
async function writeByPage(pages: readonly PageDisplayList[], later: readonly (readonly DisplayItem[])[] | undefined, options = OPTIONS, openContentBudget?: number): Promise<Uint8Array> {
  const writer = new PdfWriter(options, openContentBudget);
  const split = (items: readonly DisplayItem[]) => ({ items: items.filter((i) => !ANNOTATIONS.has(i.kind)), annotations: items.filter((i) => ANNOTATIONS.has(i.kind)) });
  pages.forEach((p, index) => writer.add({ kind: 'page', index, width: p.width, height: p.height, ...split(p.items), marginsLater: later !== undefined }));
  if (later !== undefined) later.forEach((items, index) => writer.add({ kind: 'margins', index, ...split(items) }));
  return writer.end();
}

const ANNOTATIONS: ReadonlySet<string> = new Set(['link', 'bookmark', 'destination']);

describe('writing page by page', () => {
  const pages = [page(text('First page', 30)), page(text('Second page', 30)), page(text('Third page', 30))];
  const margins = pages.map((_, index) => [text(`Page ${index + 1} of 3`, 90)]);

  test('writes a page without later items in one content stream', async () => {
    const pdf = await writeByPage(pages, undefined);
    const json = JSON.parse((await qpdf(pdf, ['--json', '--json-key=pages'])).stdout) as { pages: { contents: string[] }[] };
    expect(json.pages.map((p) => p.contents.length)).toEqual([1, 1, 1]);
    expect(Buffer.from(pdf).equals(Buffer.from(await writePdf({ pages }, OPTIONS)))).toBe(true);
  });

  const contentsPerPage = async (pdf: Uint8Array): Promise<number[]> =>
    (JSON.parse((await qpdf(pdf, ['--json', '--json-key=pages'])).stdout) as { pages: { contents: string[] }[] }).pages.map((p) => p.contents.length);

  test('appends the items painted later to their page\'s content stream', async () => {
    const pdf = await writeByPage(pages, margins);
    await qpdfCheck(pdf);
    const lines = (await pdftotext(pdf)).split('\f').map((p) => p.replace(/\s+/g, ' ').trim());
    expect(lines.slice(0, 3)).toEqual(['First page Page 1 of 3', 'Second page Page 2 of 3', 'Third page Page 3 of 3']);
    expect(await contentsPerPage(pdf)).toEqual([1, 1, 1]);
    // deterministic: the identifier fingerprinted page by page
    expect(Buffer.from(await writeByPage(pages, margins)).equals(Buffer.from(pdf))).toBe(true);
  });

  test('past the budget of open content streams, adds them as a second content stream that shows the same', async () => {
    const joined = await writeByPage(pages, margins);
    const pdf = await writeByPage(pages, margins, OPTIONS, 0);
    await qpdfCheck(pdf);
    expect(await contentsPerPage(pdf)).toEqual([2, 2, 2]);
    expect(await pdftotext(pdf)).toEqual(await pdftotext(joined));
    expect(await rasterize(pdf)).toEqual(await rasterize(joined));
  });

  test('keeps a page without later items to one content stream', async () => {
    const pdf = await writeByPage(pages, [[], margins[1]!, []], OPTIONS, 0);
    await qpdfCheck(pdf);
    expect(await contentsPerPage(pdf)).toEqual([1, 2, 1]);
  });

  test('holds the pages from the first upscaled pixelated image on, and writes them enlarged at the end', async () => {
    const image = pngImage('dot', [[[255, 0, 0, 255], [0, 0, 255, 255]]]);
    const pixelated: DisplayItem = { kind: 'image', rect: { x: 10, y: 40, width: 40, height: 20 }, image, interpolate: false };
    const held = [pages[0]!, page(text('Second page', 30), pixelated), pages[2]!];
    const pdf = await writeByPage(held, margins);
    await qpdfCheck(pdf);
    expect((await pdftotext(pdf)).replace(/\s+/g, ' ')).toContain('Third page Page 3 of 3');
    const images = await withPdfFile(pdf, async (path) => (await run('pdfimages', ['-list', path])).stdout);
    expect(images).toMatch(/^\s*2\s+0\s+image\s+40\s+20\s/m);
    expect(Buffer.from(pdf).equals(Buffer.from(await writeByPage(held, margins)))).toBe(true);
  });

  test('holds a deterministic encrypted document whole and writes each page complete: its keys need the fingerprint of every page first', async () => {
    const options = { ...OPTIONS, encryption: { userPassword: 'open' } };
    const link: DisplayItem = { kind: 'link', rect: { x: 10, y: 20, width: 50, height: 12 }, url: 'https://example.com/' };
    const linked = pages.map((p) => page(...p.items, link));
    const pdf = await writeByPage(linked, margins, options);
    await qpdfCheck(pdf, 'open');
    const json = JSON.parse((await qpdf(pdf, ['--password=open', '--json', '--json-key=pages'])).stdout) as { pages: { contents: string[] }[] };
    expect(json.pages.map((p) => p.contents.length)).toEqual([1, 1, 1]);
    // each page as one display list: the drawing (margin boxes over the flow), then the links
    const complete = linked.map((p, index) => page(...p.items.filter((i) => i.kind !== 'link'), ...margins[index]!, link));
    expect(Buffer.from(pdf).equals(Buffer.from(await writePdf({ pages: complete }, options)))).toBe(true);
    expect(Buffer.from(pdf).equals(Buffer.from(await writeByPage(linked, margins, options)))).toBe(true);
  });

  test('writes an encrypted document page by page when it is not deterministic', async () => {
    const pdf = await writeByPage(pages, margins, { ...OPTIONS, deterministic: false, encryption: { userPassword: 'open' } });
    await qpdfCheck(pdf, 'open');
  });
});
