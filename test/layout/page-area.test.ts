/**
 * The page area is whole pixels, rounded up from Blink's layout units, as Chromium 156 prints
 * (measured with pairs of inline-blocks 1/8 px apart: they share a line up to the rounded width,
 * and wrap past it), and starts at the nearest whole pixel (measured by the positions of words in
 * Chromium's PDF).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { findById, inPageFrames } from '../helpers/layout.js';

const engine = createInternalEngine();

async function layOut(page: string, body: string) {
  return inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>@page { ${page} } body { margin: 0 } div { font-size: 0 } i { display: inline-block; height: 8px }</style>${body}`, data: {} }));
}

/** Two inline-blocks `width` px wide together: one line if they fit. */
const pair = (id: string, width: number) => `<div id=${id}><i style="width: ${width - 1}px"></i><i style="width: 1px"></i></div>`;

describe('the page area', () => {
  it('is as wide as its width rounded up: A4 less 1cm margins lays out 719px wide', async () => {
    const doc = await layOut('size: A4; margin: 1cm', `${pair('fits', 719)}${pair('wraps', 719.05)}<div id=full style="height: 1px"></div>`);
    const page = doc.pages[0]!;
    // Chromium 156: 719.0 on one line, 719.05 on two
    expect([findById(page, 'fits')!.height, findById(page, 'wraps')!.height]).toEqual([8, 16]);
    expect(findById(page, 'full')!.width).toBe(719);
    // from the nearest whole pixel: 1cm is 37.80px, Chromium's area starts at 38px
    expect(findById(page, 'full')!.x).toBe(38);
  });

  it('starts at the nearest whole pixel, keeping its width (Chromium 156 translates the page content)', async () => {
    const origin = async (margin: string): Promise<number[]> => {
      const full = findById((await layOut(`size: A4; margin: ${margin}`, '<div id=full style="height: 1px"></div>')).pages[0]!, 'full')!;
      return [full.x, full.y, full.width];
    };
    // 15mm is 56.69px: Chromium's first word at 57px from the left and top; 12.3mm 46.49px: 46px;
    // 20.2px: 20px; 20.7px: 21px. The width is the rounded-up one of the unrounded margins.
    expect(await origin('15mm')).toEqual([57, 57, 681]);
    expect(await origin('12.3mm')).toEqual([46, 46, 701]);
    expect(await origin('20.2px')).toEqual([20, 20, 754]);
    expect(await origin('20.7px 20.7px 20.7px 20.7px')).toEqual([21, 21, 753]);
  });

  it('rounds other sizes and margins up alike, and leaves whole ones as they are', async () => {
    const widths = async (page: string): Promise<number> => findById((await layOut(page, '<div id=full style="height: 1px"></div>')).pages[0]!, 'full')!.width;
    // Chromium 156: 643, 698, 754, 181 and 700
    expect(await widths('size: A4; margin: 2cm')).toBe(643);
    expect(await widths('size: A4; margin: 0.5in')).toBe(698);
    expect(await widths('size: A4; margin: 20px')).toBe(754);
    expect(await widths('size: 200.9px 300px; margin: 0 10.2px')).toBe(181);
    expect(await widths('size: 800px 300px; margin: 0 50px')).toBe(700);
  });

  it('rounds in Blink\'s layout units: A4 less 12mm margins (702.99px exactly) is 704px wide, A5 704px tall', async () => {
    // the page size rounded to a 64th of a pixel (793.703), each margin cut to one (45.344): 703.016px
    // octavo: 703 (the unrounded length, rounded up): every line of a 704px-wide template wrapped sooner
    const full = findById((await layOut('size: A4; margin: 12mm', '<div id=full style="height: 1px"></div>')).pages[0]!, 'full')!;
    expect(full.width).toBe(704);
    // Chromium 156: 703.4px of blocks on one A5 page with 12mm margins, 704.4px on two
    const page = (total: number) => layOut('size: A5; margin: 12mm', `<div style="height: ${total - 0.9}px"></div><div style="height: 0.9px"></div>`);
    expect((await page(703.4)).pages.length).toBe(1);
    expect((await page(704.4)).pages.length).toBe(2);
  });

  it('is as tall as its height rounded up: a 200.1px page holds 201px of blocks', async () => {
    const page = (total: number) => layOut('size: 300px 200.1px; margin: 0', `<div style="height: ${total - 1}px"></div><div style="height: 1px"></div>`);
    // Chromium 156: 201px on one page, 201.2px on two
    expect((await page(201)).pages.length).toBe(1);
    expect((await page(201.2)).pages.length).toBe(2);
  });

  it('is, for positioned boxes and viewport units, floored as Chromium lays out its initial containing block', async () => {
    // Chromium 156 (boxes' edges in its PDF at 384 dpi): the area less 0.7in margins of a 500px
    // page is 365.6px; the flow lays out in 366px, a `right: 0` box without a positioned ancestor
    // ends 365px from the area's left edge, a `width: 100%` one is 365px wide, and so is 100vw
    const boxes = '<div id=flow style="height: 1px"></div><b id=right style="position: absolute; right: 0; bottom: 0; width: 10px; height: 10px"></b><b id=full style="position: absolute; left: 0; top: 0; width: 100%; height: 100%"></b><b id=vw style="display: block; width: 100vw; height: 100vh"></b>';
    const edges = async (page: string): Promise<number[][]> => {
      const laid = (await layOut(page, boxes)).pages[0]!;
      return ['flow', 'right', 'full', 'vw'].map((id) => { const f = findById(laid, id)!; return [f.x, f.y, f.width, f.height]; });
    };
    expect(await edges('size: 500px 700px; margin: 0.7in')).toEqual([[67, 67, 366, 1], [422, 622, 10, 10], [67, 67, 365, 565], [67, 68, 365, 565]]);
    // A4 less 12mm margins is 702.99px (703.02 in layout units: the page rounded, the margins cut): 703px
    // wide, less 15mm and 18mm it is 997.80px tall: 997px (998 for the flow)
    expect((await edges('size: A4; margin: 15mm 12mm 18mm'))[1]).toEqual([738, 1044, 10, 10]);
  });
  it('is, for viewport units, the first page\'s: its :first rules and its name\'s', async () => {
    // a cover of 100vw x 100vh on an A5 document with 15mm margins: Chromium 156 fills the sheet (559 x 793, its PDF's
    // fill) when the first page has no margins, by `@page :first` or by the cover's page name, and pushes "after"
    // to page 2; a `:left` rule is not the first page's (its cover fills the page area)
    const cover = '<div id=c style="width: 100vw; height: 100vh"></div><p id=p style="margin: 0">after</p>';
    const laid = async (rules: string, page = ''): Promise<[number[], number]> => {
      const doc = inPageFrames(await engine.layout({ template: `<!DOCTYPE html><style>@page { size: A5; margin: 15mm } ${rules} body { margin: 0 } #c { ${page} }</style>${cover}`, data: {} }));
      const c = findById(doc.pages[0]!, 'c')!;
      return [[c.width, c.height], doc.pages.findIndex((p) => findById(p, 'p') !== undefined)];
    };
    expect(await laid('@page :first { margin: 0 }')).toEqual([[559, 793], 1]);
    expect(await laid('@page cover { margin: 0 }', 'page: cover')).toEqual([[559, 793], 1]);
    expect(await laid('@page :left { margin: 0 }')).toEqual([[446, 680], 1]);
  });

  it('holds a pixel of content per page when the page box\'s own edges leave it no height (found by fuzzing: no page made progress)', async () => {
    // a grid's own height carried over pages with no room would never end: each page takes 1px of it, as Blink's fragmentainers do
    const { pages } = await engine.layout({ template: '<style>@page { size: 100px 100px; margin: 0; padding: 50px 0 } body { margin: 0 }</style><div style="display: grid; height: 20px"><i id=a>a</i></div><p id=after>x</p>', data: {} });
    expect(pages.findIndex((page) => findById(page, 'a') !== undefined)).toBe(0);
    // the 20px row, then the paragraph's line on a page of its own
    expect(pages).toHaveLength(21);
    expect(findById(pages[20]!, 'after')).toBeDefined();
  });
});
