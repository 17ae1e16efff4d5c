/** box-decoration-break: clone (CSS Fragmentation 3 §5.4), painted on tiny pages at 1 CSS px per pixel. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPixels } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

const pages = (html: string): Promise<string[][]> => renderPixels(html, { baseDir: FONTS });

describe('box-decoration-break: clone, painted', () => {
  it('draws the whole border, padding, rounded corners and background on each page\'s fragment', async () => {
    // 10px pages: 3px of edges above and below leave 4px, two of the three 2px children per page
    const [first, second, more] = await pages(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      #c { margin: 0 1px; border: 1px solid red; border-radius: 3px; padding: 2px; background: blue; box-decoration-break: clone }
      #c > div { height: 2px; background: lime }</style><div id=c><div></div><div></div><div></div></div>`);
    expect(more).toBeUndefined();
    expect(first).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
    ]);
    expect(second).toEqual([
      '__RRRRRR__',
      '_RRBBBBRR_',
      '_RBBBBBBR_',
      '_RBBGGBBR_',
      '_RBBGGBBR_',
      '_RBBBBBBR_',
      '_RRBBBBRR_',
      '__RRRRRR__',
      '__________',
      '__________',
    ]);
  });

  it('wraps each line\'s fragment of an inline box in its border and padding, its background drawn in each fragment\'s own box', async () => {
    // `wp` letters are 2px squares. Sliced, "k [aa bb" fills the 16px line (the space after bb
    // hangs); cloned, the span owes its 2px end edge there, so bb goes to the next line.
    const html = (decoration: string, background: string): string => `<style>@font-face { font-family: wp; src: url(weasyprint.otf) }
      @page { size: 16px 8px; margin: 0 } body { margin: 0; font: 2px/4px wp; color: red } p { margin: 0 }
      span { border: 1px solid blue; padding: 0 1px; background: ${background}; box-decoration-break: ${decoration} }
      </style><p>k <span>aa bb cc</span></p>`;
    expect(await pages(html('clone', 'linear-gradient(to right, lime 50%, yellow 50%)'))).toEqual([[
      '____BBBBBBBB____',
      'RR__BGRRRRYB____',
      'RR__BGRRRRYB____',
      '____BBBBBBBB____',
      'BBBBBBBBBBBBBB__',
      'BGRRRRGYRRRRYB__',
      'BGRRRRGYRRRRYB__',
      'BBBBBBBBBBBBBB__',
    ]]);
    expect(await pages(html('slice', 'lime'))).toEqual([[
      '____BBBBBBBBBBBB',
      'RR__BGRRRRGGRRRR',
      'RR__BGRRRRGGRRRR',
      '____BBBBBBBBBBBB',
      'BBBBBB__________',
      'RRRRGB__________',
      'RRRRGB__________',
      'BBBBBB__________',
    ]]);
  });
});

describe('box-decoration-break: slice, shadows', () => {
  // Chromium 156 prints these rows: the outer shadow sliced, the inset one closed along the cut
  it('draws a split block\'s outer shadow as the whole box\'s, sliced, and its inset shadow closed along the cut, as Chromium does', async () => {
    // 10px pages; the box starts 4px down and is 10px tall: 6px on the first page, 4px on the second
    const html = (shadow: string): string => `<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      #c { margin: 4px 2px 0; height: 10px; background: lime; box-shadow: ${shadow} }</style><div id=c></div>`;
    expect(await pages(html('0 0 0 1px red'))).toEqual([
      ['__________', '__________', '__________', '_RRRRRRRR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_'],
      ['_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RGGGGGGR_', '_RRRRRRRR_', '__________', '__________', '__________', '__________', '__________'],
    ]);
    expect(await pages(html('inset 0 0 0 1px blue'))).toEqual([
      ['__________', '__________', '__________', '__________', '__BBBBBB__', '__BGGGGB__', '__BGGGGB__', '__BGGGGB__', '__BGGGGB__', '__BBBBBB__'],
      ['__BBBBBB__', '__BGGGGB__', '__BGGGGB__', '__BBBBBB__', '__________', '__________', '__________', '__________', '__________', '__________'],
    ]);
  });

  it('closes a rounded inset ring along the cut with square corners (Chromium: the fragment\'s own corners)', async () => {
    const [first, second] = await pages(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 }
      #c { margin: 4px 1px 0; height: 10px; background: lime; border-radius: 3px; box-shadow: inset 0 0 0 1px blue }</style><div id=c></div>`);
    // the cut rows are blue from corner to corner; the box's own ends keep their rounded corners
    expect([first![9], second![0]]).toEqual(['_BBBBBBBB_', '_BBBBBBBB_']);
    expect([first![4]![1], second![3]![1]]).not.toContain('B');
  });

  it('draws no shadow where a line break cuts an inline box (clone draws each fragment\'s whole)', async () => {
    // `wp` letters are 2px squares: "aa" on the first line, "bb" on the second
    const html = (decoration: string): string => `<style>@font-face { font-family: wp; src: url(weasyprint.otf) }
      @page { size: 10px 8px; margin: 0 } body { margin: 0; font: 2px/4px wp; color: lime } p { margin: 0; width: 7px; padding-left: 2px }
      span { box-shadow: 0 0 0 1px red; box-decoration-break: ${decoration} }</style><p><span>aa bb</span></p>`;
    expect(await pages(html('slice'))).toEqual([[
      '_RRRRR____',
      '_RGGGG____',
      '_RGGGG____',
      '_RRRRR____',
      '__RRRRR___',
      '__GGGGR___',
      '__GGGGR___',
      '__RRRRR___',
    ]]);
    expect((await pages(html('clone')))[0]!.slice(0, 4)).toEqual(['_RRRRRR___', '_RGGGGR___', '_RGGGGR___', '_RRRRRR___']);
  });
});

describe('box-decoration-break: slice, the whole box', () => {
  // 10px pages; the box starts 4px down and is 10px tall: 6px on the first page, 4px on the second
  const split = (css: string, pageRule = ''): Promise<string[][]> => pages(`<style>@page { size: 10px 10px; margin: 0; ${pageRule} } body { margin: 0 }
    #c { margin: 4px 2px 0; height: 10px; ${css} }</style><div id=c></div>`);
  const rows = (first: string[], second: string[]): string[][] => [['__________', '__________', '__________', '__________', ...first], [...second, ...Array<string>(6).fill('__________')]];

  it('sizes and positions a gradient over the whole box, cut at the page break (as Chromium prints it)', async () => {
    const expected = rows(Array<string>(5).fill('__RRRRRR__').concat('__BBBBBB__'), Array<string>(4).fill('__BBBBBB__'));
    expect(await split('background: linear-gradient(red 50%, blue 50%)')).toEqual(expected);
    // the same when layout yields every page before the first is painted (the page count is asked for)
    expect(await split('background: linear-gradient(red 50%, blue 50%)', '@top-center { content: counter(pages); color: transparent }')).toEqual(expected);
  });

  it('positions an image layer once in the whole box, on the page where it falls', async () => {
    expect(await split('background: linear-gradient(blue, blue) center / 2px 2px no-repeat lime')).toEqual(
      rows(['__GGGGGG__', '__GGGGGG__', '__GGGGGG__', '__GGGGGG__', '__GGBBGG__', '__GGBBGG__'], Array<string>(4).fill('__GGGGGG__')));
  });

  it('lays a clip path over the whole box', async () => {
    expect(await split('background: lime; clip-path: inset(0 0 50% 0)')).toEqual(
      rows(Array<string>(5).fill('__GGGGGG__').concat('__________'), Array<string>(4).fill('__________')));
  });

  it('keeps painting each fragment on its own with box-decoration-break: clone', async () => {
    expect(await split('background: linear-gradient(red 50%, blue 50%); box-decoration-break: clone')).toEqual(
      rows(['__RRRRRR__', '__RRRRRR__', '__RRRRRR__', '__BBBBBB__', '__BBBBBB__', '__BBBBBB__'], ['__RRRRRR__', '__RRRRRR__', '__BBBBBB__', '__BBBBBB__']));
  });

  it('runs an inline box\'s gradient on from one line to the next', async () => {
    // `wp` letters are 2px squares: "aa" on the first line, "bb" on the second, each 4px wide
    const [page] = await pages(`<style>@font-face { font-family: wp; src: url(weasyprint.otf) }
      @page { size: 8px 8px; margin: 0 } body { margin: 0; font: 2px/4px wp; color: transparent } p { margin: 0; width: 5px }
      span { background: linear-gradient(to right, red 50%, blue 50%) }</style><p><span>aa bb</span></p>`);
    expect(page).toEqual(['________', 'RRRR____', 'RRRR____', '________', '________', 'BBBB____', 'BBBB____', '________']);
    // right to left, the lines stand side by side from the right: the first line's at the blue end
    const [rtl] = await pages(`<style>@font-face { font-family: wp; src: url(weasyprint.otf) }
      @page { size: 8px 8px; margin: 0 } body { margin: 0; font: 2px/4px wp; color: transparent } p { margin: 0; width: 5px }
      span { background: linear-gradient(to right, red 50%, blue 50%) }</style><p dir=rtl><span>aa bb</span></p>`);
    expect(rtl).toEqual(['________', '_BBBB___', '_BBBB___', '________', '________', '_RRRR___', '_RRRR___', '________']);
  });

  it('stitches a box over at most 64 pages at a time, and says so', async () => {
    const doc = await renderPixels(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0 } #c { height: 700px; background: linear-gradient(red 50%, blue 50%) }</style><div id=c></div>`, {
      baseDir: FONTS, expectDiagnostics: [{ code: 'css_unsupported', message: 'a box with background images, a clip path or a mask is split across more than 64 pages: they are sized and positioned over each 64 pages of it, not over the whole box' }],
    });
    expect(doc).toHaveLength(70);
    // the first 65 pages are one whole (red down to 325px, page 33), the last five another
    expect([doc[31]![9], doc[32]![4], doc[32]![5], doc[64]![0], doc[65]![0], doc[68]![0]]).toEqual(['RRRRRRRRRR', 'RRRRRRRRRR', 'BBBBBBBBBB', 'BBBBBBBBBB', 'RRRRRRRRRR', 'BBBBBBBBBB']);
  });

  it('leaves the canvas its background page by page: a long body with an image waits for nothing', async () => {
    const doc = await renderPixels(`<style>@page { size: 10px 10px; margin: 0 } body { margin: 0; background: linear-gradient(red 50%, blue 50%) } div { height: 700px }</style><div></div>`, { baseDir: FONTS });
    expect(doc).toHaveLength(70);
    expect([doc[0]![4], doc[0]![5], doc[69]![4], doc[69]![5]]).toEqual(['RRRRRRRRRR', 'BBBBBBBBBB', 'RRRRRRRRRR', 'BBBBBBBBBB']);
  });
});
