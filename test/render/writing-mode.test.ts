import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { renderPage, renderPdf, renderPixels } from '../helpers/render.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
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

describe('a vertical document (CSS Writing Modes 3 §8): pages filled across, as Chromium prints them', () => {
  const DOC = (mode: string, on = 'html'): string => `<!DOCTYPE html><html${on === 'html' ? ` style="writing-mode: ${mode}"` : ''}><style>@page { size: 40px 20px; margin: 0 } body { margin: 0 } div { width: 10px; height: 20px }</style>`
    + `<body${on === 'body' ? ` style="writing-mode: ${mode}"` : ''}><div style="background: red"></div><div style="background: blue"></div><div style="background: lime"></div>`
    + '<div style="background: black"></div><div style="background: red"></div></body></html>';

  it('vertical-rl on the root stacks blocks from the right edge, and continues on the next page where the width is used up', async () => {
    const pages = await renderPixels(DOC('vertical-rl'));
    expect(pages.map((rows) => rows[10]!)).toEqual([`${'K'.repeat(10)}${'G'.repeat(10)}${'B'.repeat(10)}${'R'.repeat(10)}`, `${'_'.repeat(30)}${'R'.repeat(10)}`]);
  });

  it('takes the body\'s writing mode as the document\'s (§8), and vertical-lr fills from the left', async () => {
    const body = await renderPixels(DOC('vertical-rl', 'body'));
    expect(body.map((rows) => rows[10]!)).toEqual([`${'K'.repeat(10)}${'G'.repeat(10)}${'B'.repeat(10)}${'R'.repeat(10)}`, `${'_'.repeat(30)}${'R'.repeat(10)}`]);
    const lr = await renderPixels(DOC('vertical-lr'));
    expect(lr.map((rows) => rows[10]!)).toEqual([`${'R'.repeat(10)}${'B'.repeat(10)}${'G'.repeat(10)}${'K'.repeat(10)}`, `${'R'.repeat(10)}${'_'.repeat(30)}`]);
  });
});

describe('a vertical document: fixed and positioned boxes, bookmarks, destinations and tags', () => {
  // blocks 10px wide fill the 40x20 pages across; a fixed box (blue, top: 2px; left: 1px; 8x4) and another (red,
  // bottom: 1px; right: 2px; 3x6) on every page, an absolutely positioned one (red, top: 8px; left: 12px; 5x2) on the first
  const FIXED = (mode: string): string => `<!DOCTYPE html><html style="writing-mode: ${mode}"><style>@page { size: 40px 20px; margin: 0 } body { margin: 0 }`
    + ' div { width: 10px; height: 20px } .f { position: fixed; top: 2px; left: 1px; width: 8px; height: 4px; background: blue }'
    + ' .g { position: fixed; bottom: 1px; right: 2px; width: 3px; height: 6px; background: red }'
    + ' .a { position: absolute; top: 8px; left: 12px; width: 5px; height: 2px; background: red }</style>'
    + '<body><div class=a></div><div class=f></div><div class=g></div><div style="background: lime"></div><div style="background: black"></div>'
    + '<div style="background: lime"></div><div style="background: black"></div><div style="background: lime"></div></body></html>';
  const ROWS = [2, 6, 8, 10, 13, 19];

  // Expected rows are Chromium 156's print of the same HTML (pdftoppm at 96 dpi)
  it('prints fixed boxes on every page and positioned boxes at their physical insets and sizes (vertical-rl)', async () => {
    const pages = await renderPixels(FIXED('vertical-rl'));
    expect(pages.map((rows) => ROWS.map((y) => rows[y]!))).toEqual([
      ['KBBBBBBBBKGGGGGGGGGGKKKKKKKKKKGGGGGGGGGG', 'KKKKKKKKKKGGGGGGGGGGKKKKKKKKKKGGGGGGGGGG', 'KKKKKKKKKKGGRRRRRGGGKKKKKKKKKKGGGGGGGGGG',
        'KKKKKKKKKKGGGGGGGGGGKKKKKKKKKKGGGGGGGGGG', 'KKKKKKKKKKGGGGGGGGGGKKKKKKKKKKGGGGGRRRGG', 'KKKKKKKKKKGGGGGGGGGGKKKKKKKKKKGGGGGGGGGG'],
      ['_BBBBBBBB_____________________GGGGGGGGGG', '______________________________GGGGGGGGGG', '______________________________GGGGGGGGGG',
        '______________________________GGGGGGGGGG', '______________________________GGGGGRRRGG', '______________________________GGGGGGGGGG'],
    ]);
  });

  it('prints them at the same physical places when the lines run left to right (vertical-lr)', async () => {
    const pages = await renderPixels(FIXED('vertical-lr'));
    expect(pages.map((rows) => ROWS.map((y) => rows[y]!))).toEqual([
      ['GBBBBBBBBGKKKKKKKKKKGGGGGGGGGGKKKKKKKKKK', 'GGGGGGGGGGKKKKKKKKKKGGGGGGGGGGKKKKKKKKKK', 'GGGGGGGGGGKKRRRRRKKKGGGGGGGGGGKKKKKKKKKK',
        'GGGGGGGGGGKKKKKKKKKKGGGGGGGGGGKKKKKKKKKK', 'GGGGGGGGGGKKKKKKKKKKGGGGGGGGGGKKKKKRRRKK', 'GGGGGGGGGGKKKKKKKKKKGGGGGGGGGGKKKKKKKKKK'],
      ['GBBBBBBBBG______________________________', 'GGGGGGGGGG______________________________', 'GGGGGGGGGG______________________________',
        'GGGGGGGGGG______________________________', 'GGGGGGGGGG_________________________RRR__', 'GGGGGGGGGG______________________________'],
    ]);
  });

  const HEADINGS = '<!DOCTYPE html><html lang=en style="writing-mode: vertical-rl"><head><title>t</title><style>@page { size: 200px 100px; margin: 10px }'
    + ' body { margin: 0; font: 10px/20px "DejaVu Sans" } h1 { font-size: 10px; margin: 0; width: 20px } p { margin: 0; width: 70px }</style></head>'
    + '<body><h1 id=one>One</h1><p>a</p><h1 id=two>Two</h1><p>b</p><h1 id=three>Three</h1><p><a href="#two">to two</a></p></body></html>';
  interface QpdfJson { readonly qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>]; readonly pages: readonly { readonly object: string }[] }

  it('points bookmarks and #id destinations at the top and left edge of their headings as printed', async () => {
    const { qpdf } = await import('../helpers/qpdf.js');
    const pdf = await renderPdf(HEADINGS);
    const outline = JSON.parse((await qpdf(pdf, ['--json', '--json-key=outlines'])).stdout) as { outlines: { title: string; destpageposfrom1: number; dest: [string, string, number, number] }[] };
    const px = (pt: number): number => Math.round((pt / 0.75) * 100) / 100;
    // each heading 20px wide from the page area's right edge (one, three) or 90px further left (two), 10px below the page top
    // (100px tall); Chromium 156 points at the same pages and tops, 6.86px further right (its text's start inside the heading)
    expect(outline.outlines.map((o) => [o.title, o.destpageposfrom1, px(o.dest[2]), 100 - px(o.dest[3])])).toEqual([
      ['One', 1, 170, 10], ['Two', 1, 80, 10], ['Three', 2, 170, 10],
    ]);
    const json = JSON.parse((await qpdf(pdf, ['--json=2', '--json-key=qpdf', '--json-key=pages'])).stdout) as QpdfJson;
    const dests = Object.values(json.qpdf[1]).map((o) => o.value).find((v) => v !== undefined && '/Dests' in v)!['/Dests'] as { '/Names': unknown[] };
    const two = dests['/Names'][dests['/Names'].indexOf('u:two') + 1] as [string, string, number, number];
    expect([two[0], px(two[2]), 100 - px(two[3])]).toEqual([json.pages[0]!.object, 80, 10]);
  });

  it('tags the headings and paragraphs in reading order, whatever column they stand in', async () => {
    const pdf = await renderPdf(HEADINGS, { tagged: true });
    const tree = await withPdfFile(pdf, async (path) => (await promisify(execFile)('pdfinfo', ['-struct-text', path])).stdout);
    expect(tree.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('Object'))).toEqual([
      'Document', 'H1 (block)', '"One"', 'P (block)', '"a"', 'H1 (block)', '"Two"', 'P (block)', '"b"', 'H1 (block)', '"Three"', 'P (block)', 'Link (inline)', '"to two"',
    ]);
  });
});

// Expected rows are Chromium 156's print of the same HTML (pdftoppm at 96 dpi, one pixel per px).
describe('flex, grid and tables in vertical writing modes: their axes turned with the flow', () => {
  const PAGE40 = '<!DOCTYPE html><style>@page { size: 60px 40px; margin: 0 } body { margin: 0 } .r { background: red } .b { background: blue } .g { background: lime } .k { background: black }</style>';
  const rowsAt = async (body: string, ys: readonly number[]): Promise<string[]> => {
    const rows = await renderPage(PAGE40 + body);
    return ys.map((y) => rows[y]!.slice(0, 40));
  };

  it('a vertical flex container lays its row down the page: the grown item fills the height, the cross axis runs right to left', async () => {
    expect(await rowsAt('<div style="display: flex; writing-mode: vertical-rl; height: 40px"><div class=r style="width: 10px; height: 15px"></div><div class=b style="width: 20px; flex-grow: 1"></div></div>', [2, 20]))
      .toEqual([`${'_'.repeat(10)}${'R'.repeat(10)}${'_'.repeat(20)}`, `${'B'.repeat(20)}${'_'.repeat(20)}`]);
  });

  it('a flex container inside a vertical block wraps its lines right to left', async () => {
    expect(await rowsAt('<div style="writing-mode: vertical-rl; height: 40px"><div style="display: flex; flex-wrap: wrap"><div class=r style="width: 10px; height: 25px"></div>'
      + '<div class=b style="width: 20px; height: 25px"></div><div class=g style="width: 5px; height: 10px"></div></div></div>', [2, 30]))
      .toEqual([`${'B'.repeat(20)}${'R'.repeat(10)}${'_'.repeat(10)}`, `${'_'.repeat(15)}${'G'.repeat(5)}${'_'.repeat(20)}`]);
  });

  it('a vertical grid: its columns run down the page, its rows right to left', async () => {
    expect(await rowsAt('<div style="display: grid; writing-mode: vertical-rl; grid-template-columns: 10px 20px; grid-template-rows: 15px 5px">'
      + '<div class=r></div><div class=b></div><div class=g></div><div class=k></div></div>', [2, 10]))
      .toEqual([`${'G'.repeat(5)}${'R'.repeat(15)}${'_'.repeat(20)}`, `${'K'.repeat(5)}${'B'.repeat(15)}${'_'.repeat(20)}`]);
  });

  it('a vertical table: its rows stand right to left, the cells of a row top to bottom', async () => {
    expect(await rowsAt('<table style="writing-mode: vertical-rl; border-spacing: 0"><tr><td class=r style="padding: 0; width: 10px; height: 15px"></td><td class=b style="padding: 0; height: 5px"></td></tr>'
      + '<tr><td class=g style="padding: 0; width: 20px"></td><td class=k style="padding: 0"></td></tr></table>', [2, 17]))
      .toEqual([`${'G'.repeat(20)}${'R'.repeat(10)}${'_'.repeat(10)}`, `${'K'.repeat(20)}${'B'.repeat(10)}${'_'.repeat(10)}`]);
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



const noCjk = !installedFamilies().has('noto sans cjk jp');
const skipped = noCjk ? ' — SKIPPED: Noto Sans CJK JP not installed (apt-get install fonts-noto-cjk; .ci/run does)' : '';
if (noCjk) console.warn(`test/render/writing-mode.test.ts: upright CJK tests skipped${skipped}`);

describe.skipIf(noCjk)(`upright glyphs in vertical text (CSS Writing Modes 3 §5.1, UAX #50)${skipped}`, () => {
  const engine = createEngine({ systemFonts: true });
  const CJK = '<!DOCTYPE html><style>@page { size: 24px 24px; margin: 0 } body { margin: 0 } div { writing-mode: vertical-rl; font: 20px/24px "Noto Sans CJK JP"; height: 24px }</style>';

  /** The ink's extent: [columns, rows] holding any non-white pixel. */
  async function ink(body: string): Promise<[number, number]> {
    const rows = await renderPage(CJK + body, { engine });
    const columns = new Set<number>();
    let inked = 0;
    for (const row of rows) {
      const marks = [...row].flatMap((c, x) => (c === '_' ? [] : [x]));
      if (marks.length > 0) inked++;
      for (const x of marks) columns.add(x);
    }
    return [columns.size, inked];
  }

  it('sets an ideograph upright and Latin sideways with `mixed`, everything upright with `upright`, nothing with `sideways`', async () => {
    // 一 is a horizontal stroke upright, a vertical one turned; I the other way round
    const [ideoWide, ideoHigh] = await ink('<div>一</div>');
    expect(ideoWide).toBeGreaterThan(3 * ideoHigh);
    const [latinWide, latinHigh] = await ink('<div>I</div>');
    expect(latinWide).toBeGreaterThan(3 * latinHigh);
    const [uprightWide, uprightHigh] = await ink('<div style="text-orientation: upright">I</div>');
    expect(uprightHigh).toBeGreaterThan(3 * uprightWide);
    const [sidewaysWide, sidewaysHigh] = await ink('<div style="text-orientation: sideways">一</div>');
    expect(sidewaysHigh).toBeGreaterThan(3 * sidewaysWide);
  });

  it('uses the vertical forms of punctuation: the ideographic comma in the top right corner of its cell', async () => {
    const rows = await renderPage(`${CJK}<div>、</div>`, { engine });
    const marked = rows.flatMap((row, y) => [...row].flatMap((c, x) => (c === '_' ? [] : [{ x, y }])));
    // Chromium: the mark spans x 13-19, y 1-6 of the 20px cell (horizontal 、 sits bottom left)
    expect(Math.min(...marked.map((p) => p.x))).toBeGreaterThanOrEqual(12);
    expect(Math.max(...marked.map((p) => p.y))).toBeLessThanOrEqual(8);
  });

  it('extracts Japanese vertical lines in logical order, upright and sideways runs alike', async () => {
    const pdf = await renderPdf('<!DOCTYPE html><style>@page { size: 200px 260px; margin: 10px } div { writing-mode: vertical-rl; font: 20px/30px "Noto Sans CJK JP"; height: 220px }</style>'
      + '<div>「縦書き」、句読点。<br>ABCテスト12</div>', { engine });
    expect((await pdftotext(pdf)).split('\n').filter((line) => line.trim() !== '')).toEqual(['「縦書き」、句読点。', 'ABCテスト12']);
  });

  it('fills the pages of a vertical Japanese document right to left, page after page, as Chromium does (6 pages)', async () => {
    const text = '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。'.repeat(6);
    const pdf = await renderPdf(`<!DOCTYPE html><html lang=ja style="writing-mode: vertical-rl"><style>@page { size: 300px 240px; margin: 20px } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }</style><p style="margin: 0">${text}</p></html>`, { engine });
    const pages = (await pdftotext(pdf)).split('\f').filter((page) => page.trim() !== '');
    expect(pages).toHaveLength(6);
    // ten 20px characters to a 200px line, eight 30px lines to a 260px page
    expect(pages[0]!.split('\n')[0]).toBe('吾輩は猫である。名前');
  });

  it('draws a glyph it meets again from one form XObject, made once per document, at the same pixels as the first', async () => {
    // 縦 twice in a 20px column: the first drawn from its outline inline, the second from the form
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 24px 40px; margin: 0 } body { margin: 0 } div { writing-mode: vertical-rl; font: 20px/24px "Noto Sans CJK JP" }</style><div>縦縦</div>', { engine });
    expect(rows.slice(0, 20).join('\n')).toContain('K');
    expect(rows.slice(20, 40)).toEqual(rows.slice(0, 20));
    // 1,800 upright glyphs of 9 ideographs and kana over pages: 9 forms, each drawn from every page
    const pdf = await renderPdf(`<!DOCTYPE html><html style="writing-mode: vertical-rl"><style>@page { size: 300px 240px; margin: 20px } body { margin: 0; font: 20px/30px "Noto Sans CJK JP" }</style><p>${'縦書きの文章です。'.repeat(200)}</p></html>`, { engine });
    const stdout = await withPdfFile(pdf, async (path) => (await promisify(execFile)('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { maxBuffer: 1 << 26 })).stdout);
    expect(stdout.match(/\/Subtype \/Form/g)).toHaveLength(9);
    expect(stdout.match(/\/Pf\d+ Do/g)!.length).toBeGreaterThan(1_700);
  });

  it('renders a 54,000-character vertical paragraph: one display item per upright glyph, appended without a spread of them as arguments', async () => {
    // a spread of this many items overflowed the stack: "nested too deeply to render" (limits.maxNestingDepth)
    const { pdf } = await engine.renderDetailed({ template: `<!DOCTYPE html><div style="writing-mode: vertical-rl">${'縦書きの文章です。'.repeat(6000)}</div>` });
    expect(pdf.length).toBeGreaterThan(100_000);
  });
});

describe('long vertical paragraphs', () => {
  // 60,000 upright letters, one display item each, in one stacking context: its items were
  // appended with push(...items), a spread past what the stack holds ("nested too deeply to
  // render"). Not under the hostile documents' CPU bound: the paragraph is legitimately long.
  it('renders a 60,000-letter upright vertical paragraph', async () => {
    const { pdf, diagnostics } = await createEngine().renderDetailed({
      template: `<!DOCTYPE html><div style="writing-mode: vertical-rl; text-orientation: upright">${'upright letters'.repeat(4000)}</div>`,
    });
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('box is not split across pages and does not fit one'),
      expect.stringContaining('what is beyond is cut'),
    ]);
  }, 120_000);
});

