import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderPage, renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { pdfWords } from '../helpers/words.js';

const pdftotext = (pdf: Uint8Array): Promise<string> => withPdfFile(pdf, async (path) => (await promisify(execFile)('pdftotext', ['-layout', path, '-'])).stdout);
const PALETTE = { d: '#d0d0d0', f: '#f8f8f8', _: '#ffffff', A: '#0075ff', g: '#767676', P: '#ff00ff', K: '#000000', e: '#efefef', G: '#107c10', Y: '#ffb900' };
const PAGE = '<!DOCTYPE html><style>@page { size: 60px 20px; margin: 0 } body { margin: 0 } input { margin: 2px; vertical-align: top }</style>';

/** The letter at the centre of a 13px mark whose top-left corner is (x, y), and of its left edge. */
function mark(rows: readonly string[], x: number, y: number): string {
  return `${rows[y + 6]![x + 6]}${rows[y + 6]![x]}`;
}

describe('checkboxes and radios drawn as Chromium draws them', () => {
  it('an unchecked box is white inside a grey border; a checked one is filled with the accent colour', async () => {
    const rows = await renderPage(`${PAGE}<input type=checkbox><input type=checkbox checked><input type=radio checked>`, {}, { palette: PALETTE });
    expect(mark(rows, 2, 1)).toBe('_g');
    expect(mark(rows, 19, 1)).toBe('AA');
    // a checked radio: an accent circle, a white ring, an accent dot
    expect(`${rows[7]![36]}${rows[7]![37]}${rows[7]![42]}`).toBe('A_A');
  });

  // Chromium 156 (measured): LayoutTheme's checkbox and radio adjustment resets the author's padding
  // and border, and the native drawing covers the background (Water.css's `input { padding: 10px;
  // border-radius: 6px; background: #efefef }` leaves a 1em checkbox drawn natively, 16px square)
  it('keeps the native look under an author padding, border and background', async () => {
    const styled = 'style="padding: 3px; border: 2px solid #ff00ff; border-radius: 6px; background: #efefef"';
    const rows = await renderPage(`${PAGE}<input type=checkbox checked ${styled}><input type=checkbox ${styled}><input type=radio checked ${styled}>`, {}, { palette: PALETTE });
    expect(mark(rows, 2, 1)).toBe('AA');
    expect(mark(rows, 19, 1)).toBe('_g');
    expect(`${rows[7]![36]}${rows[7]![37]}${rows[7]![42]}`).toBe('A_A');
    expect(rows.join('')).not.toMatch(/[Pe]/);
  });

  it('a disabled box or radio is grey whatever its accent colour, as Chromium paints it (measured)', async () => {
    const rows = await renderPage(`${PAGE}<input type=checkbox disabled><input type=checkbox checked disabled style="accent-color: #ff00ff"><input type=radio checked disabled>`, {}, { palette: PALETTE });
    expect(mark(rows, 2, 1)).toBe('fd');
    expect(mark(rows, 19, 1)).toBe('dd');
    expect(`${rows[7]![36]}${rows[7]![37]}${rows[7]![42]}`).toBe('dfd');
  });

  // Chromium 156 (measured): under a contrast of 3 against white, the accent takes the dark
  // scheme's #3b3b3b tick and ring — #949494 keeps them white, #959595 darkens them
  it('draws a dark tick and ring beside a light accent colour, as Chromium\'s contrast rule does', async () => {
    const page = (accent: string): string => `${PAGE}<input type=checkbox checked style="accent-color: ${accent}"><input type=checkbox><input type=radio checked style="accent-color: ${accent}">`;
    const palette = { ...PALETTE, D: '#3b3b3b', y: '#facc15', s: '#949494', t: '#959595' };
    const tickAndRing = (rows: readonly string[]): string => `${rows[10]![8]}${rows[7]![37]}${rows[7]![42]}`;
    expect(tickAndRing(await renderPage(page('#facc15'), {}, { palette }))).toBe('DDy');
    expect(tickAndRing(await renderPage(page('#949494'), {}, { palette }))).toBe('__s');
    expect(tickAndRing(await renderPage(page('#959595'), {}, { palette }))).toBe('DDt');
  });

  // Chromium 156 (measured, t-dark): in `color-scheme: dark` an unchecked box is #3b3b3b in a #858585 border,
  // a checked one #99c8ff with a #3b3b3b tick; text fields #3b3b3b in #858585, buttons #6b6b6b, text white
  it('draws the controls of a dark colour scheme in Chromium\'s dark theme', async () => {
    // before: light controls (white boxes, a #0075ff accent) on the dark page
    const dark = '<!DOCTYPE html><style>@page { size: 60px 60px; margin: 0 } :root { color-scheme: dark } body { margin: 0 } input, button { margin: 2px; vertical-align: top }'
      + ' .f { display: block; width: 40px; height: 10px; padding: 0 } button { display: block; width: 40px; height: 8px; padding: 0 }</style>';
    const palette = { ...PALETTE, D: '#3b3b3b', L: '#99c8ff', h: '#858585', b: '#6b6b6b', c: '#121212' };
    const rows = await renderPage(`${dark}<input type=checkbox><input type=checkbox checked><input class=f><button></button>`, {}, { palette });
    expect(mark(rows, 2, 1)).toBe('Dh');
    expect(`${rows[11]![19 + 10]}${rows[10]![19 + 6]}`).toBe('LD');
    // the text field (y 19 to 32) and the button (y 35 to 42)
    expect(`${rows[25]![2]}${rows[25]![20]}${rows[38]![20]}`).toBe('hDb');
    // a meter: a #3b3b3b bar in a #858585 line, its optimum value #74b374
    const meter = await renderPage(`${dark}<meter value=0.5 style="display: block; width: 40px; height: 10px"></meter>`, {}, { palette: { ...palette, v: '#74b374' } });
    expect(`${meter[4]![0]}${meter[4]![10]}${meter[4]![30]}${meter[3]![30]}`).toBe('hvDh');
  });

  it('takes accent-color, and appearance: none leaves the box to the author', async () => {
    const rows = await renderPage(`${PAGE}<input type=checkbox checked style="accent-color: #ff00ff">`
      + '<input type=checkbox checked style="appearance: none; width: 13px; height: 13px; background: black">', {}, { palette: PALETTE });
    expect(mark(rows, 2, 1)).toBe('PP');
    expect(mark(rows, 19, 1)).toBe('KK');
  });
});

describe('controls drawn from their parts with appearance: none', () => {
  it('a progress bar: Chromium\'s grey bar and green value, or the author\'s colours for ::-webkit-progress-bar and -value', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 40px 8px; margin: 0 } body { margin: 0 } progress { appearance: none; display: block; width: 40px; height: 4px }'
      + '.b::-webkit-progress-bar { background: #107c10 } .b::-webkit-progress-value { background: #ff00ff }</style>'
      + '<progress value=25 max=100></progress><progress class=b value=0.5></progress>', {}, { palette: { ...PALETTE, r: '#808080', n: '#008000' } });
    expect([rows[1]!, rows[5]!]).toEqual(['n'.repeat(10) + 'r'.repeat(30), 'P'.repeat(20) + 'G'.repeat(20)]);
  });

  it('a progress bar given a background, border or radius loses its native look for its parts, as in Chromium (UIkit\'s .uk-progress)', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 40px 24px; margin: 0 } body { margin: 0 } progress { display: block; width: 40px; height: 8px }</style>'
      + '<progress value=25 max=100 style="background-color: white"></progress><progress value=25 max=100 style="border-radius: 0"></progress><progress value=25 max=100></progress>',
    {}, { palette: { ...PALETTE, r: '#808080', n: '#008000' } });
    expect([rows[4]!, rows[12]!]).toEqual(['n'.repeat(10) + 'r'.repeat(30), 'n'.repeat(10) + 'r'.repeat(30)]);
    // unstyled, the native bar: the accent colour over a light track
    expect(rows[20]!.slice(2, 8)).toBe('AAAAAA');
  });

  it('a slider: its track and its thumb at the value', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 40px 8px; margin: 0 } body { margin: 0 } input { appearance: none; display: block; margin: 0; width: 40px; height: 8px }'
      + '::-webkit-slider-runnable-track { height: 2px; background: #107c10 } ::-webkit-slider-thumb { appearance: none; width: 8px; height: 8px; margin-top: -3px; background: #ff00ff }</style>'
      + '<input type=range value=50>', {}, { palette: PALETTE });
    // the thumb over 16-24 (half of 40 - 8 = 16), the track on rows 3 and 4 on both sides of it
    expect([rows[0]!, rows[3]!]).toEqual(['_'.repeat(16) + 'P'.repeat(8) + '_'.repeat(16), 'G'.repeat(16) + 'P'.repeat(8) + 'G'.repeat(16)]);
  });
});

describe('text fields', () => {
  it('print a placeholder in grey (#757575, as Chromium), a value in the field colour, whatever the author font', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 100px 72px; margin: 0 } body { margin: 0 } input { display: block; font: 24px/1 "DejaVu Sans"; width: 100px; border: 0; padding: 0 }</style>'
      + '<input placeholder="\u2588\u2588\u2588"><input value="\u2588\u2588\u2588" style="color: #ff00ff"><input placeholder="\u2588\u2588\u2588" style="-webkit-text-fill-color: #107c10">', {}, { palette: { ...PALETTE, p: '#757575' } });
    // the middle of each line of full blocks; an author -webkit-text-fill-color still fills the placeholder
    expect([12, 36, 60].map((y) => rows[y]!.slice(10, 20))).toEqual(['p'.repeat(10), 'P'.repeat(10), 'G'.repeat(10)]);
  });
});

describe('selects and buttons sized as Chromium sizes them', () => {
  it('a width is the whole control, border included (Chromium: 150px and 100px wide, measured)', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 200px 60px; margin: 0 } body { margin: 0 } div { height: 30px }</style>'
      + '<div><select style="width: 150px"><option>Wide</option></select></div><div><button style="width: 100px">B</button></div>', {}, { palette: PALETTE });
    // the grey side borders of the select at x 0 and 149, of the button at 0 and 99; nothing of either beyond
    expect(`${rows[10]![0]}${rows[10]![149]}`).toBe('gg');
    expect(rows[10]!.slice(150)).toMatch(/^_+$/);
    expect(`${rows[40]![0]}${rows[40]![99]}`).toBe('gg');
    expect(rows[40]!.slice(100)).toMatch(/^_+$/);
  });
});

describe('a select restyled by the author', () => {
  it('loses its native look for ButtonFace when given a border or radius, keeps an author background, not for padding (Chromium, measured)', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 200px 100px; margin: 0 } body { margin: 0 } select { display: block; width: 60px; height: 20px }</style>'
      + '<select><option></option></select><select style="border: 1px solid #767676"><option></option></select><select style="border-radius: 3px"><option></option></select>'
      + '<select style="border: 1px solid #767676; background: #ff00ff"><option></option></select><select style="padding: 2px"><option></option></select>', {}, { palette: PALETTE });
    // the inside of each select, left of its arrow
    expect([10, 30, 50, 70, 90].map((y) => rows[y]![10]).join('')).toBe('_eeP_');
  });
});

describe('fields restyled by the author', () => {
  it('lose their native look: a 2px inset border, square corners (Chromium 156\'s picture)', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 40px 22px; margin: 0 } body { margin: 0 } input { display: block; width: 30px; height: 12px; margin: 2px }</style>'
      + '<input style="background: #ffff00">', {}, { palette: { ...PALETTE, Y: '#ffff00', D: '#212121' }, tolerance: 2 });
    // the dark top and left halves of the inset border, the bottom and right ones in the border's
    // own #767676 (g), no rounded corner
    expect(rows.slice(2, 6).map((row) => row.slice(2, 8))).toEqual(['DDDDDD', 'DDDDDD', 'DDYYYY', 'DDYYYY']);
    expect(rows.slice(17, 20).map((row) => row.slice(2, 8))).toEqual(['DDYYYY', 'DDgggg', 'Dggggg']);
    expect(rows[10]!.slice(34, 40)).toBe('YYYYgg');
  });
});

describe('date fields', () => {
  it('print the calendar icon at their end, as Chromium does, except when disabled or read-only', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 130px 75px; margin: 0 } body { margin: 0 } input { display: block; margin-bottom: 4px }</style>'
      + '<input type=date value="2026-12-31"><input type=date disabled><input type=date readonly>', {}, { palette: PALETTE });
    // the icon's top band, 4.5px from the top and about 5-15px from the right of each 124px field (25px apart)
    expect([6, 31, 56].map((y) => rows[y]!.slice(110, 119)).map((band) => /^K+$/.test(band))).toEqual([true, false, false]);
  });
});

describe('time fields', () => {
  // Chromium 156 at 300 dpi, a 40px field (260 × 52): the ring from x 216.6 to 251.5 and y 8.2 to
  // 43.4, 3.5px thick; the hour hand from x 232.3 to 234.9, from y 17.1 down to the centre
  it('print the clock icon at their end, as Chromium does, except when disabled', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 270px 110px; margin: 0 } body { margin: 0 } input { display: block; margin: 0 0 4px; font-size: 40px }</style>'
      + '<input type=time value="13:45"><input type=time value="13:45" disabled>', {}, { palette: PALETTE, tolerance: 40 });
    const at = (x: number, y: number): string => rows[y]![x]!;
    expect([at(218, 25), at(225, 25), at(249, 25), at(253, 25), at(233, 20), at(234, 10), at(234, 6)]).toEqual(['K', '_', 'K', '_', 'K', 'K', '_']);
    expect([at(218, 56 + 25), at(249, 56 + 25)]).not.toContain('K');
  });
});

describe('bars', () => {
  it('fills a progress bar to value / max with the accent colour and a meter by its region', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 20px; margin: 0 } body { margin: 0 } progress, meter { display: block; width: 60px; height: 8px }</style>'
      + '<progress value=25 max=50></progress><meter value=0.9 high=0.8></meter>', {}, { palette: PALETTE });
    // the track is half the height (4px), centred; its value part is inset by the track's 1px border;
    // the track's offset stays inside the block-level control (no margin collapses out of it)
    expect(rows[3]!.slice(1, 59)).toBe(`${'A'.repeat(29)}${'e'.repeat(29)}`);
    expect(rows[11]!.slice(1, 59)).toBe(`${'Y'.repeat(52)}${'e'.repeat(6)}`);
  });

  // Chromium 156 (measured): under a contrast of 3 against the track's #efefef, the unfilled track
  // takes the dark scheme's #3b3b3b — #8a8a8a keeps it light, #8b8b8b darkens it
  it('darkens the unfilled track of a progress bar and a slider beside a light accent colour', async () => {
    const page = (accent: string): string => '<!DOCTYPE html><style>@page { size: 140px 40px; margin: 0 } body { margin: 0 } progress, input { display: block; margin: 0; width: 60px; height: 8px }</style>'
      + `<progress value=25 max=50 style="accent-color: ${accent}"></progress><input type=range value=20 style="accent-color: ${accent}; width: 129px; height: 16px">`;
    const palette = { ...PALETTE, D: '#3b3b3b', y: '#facc15', a: '#8a8a8a', b: '#8b8b8b' };
    const tracks = (rows: readonly string[]): string => `${rows[3]![10]}${rows[3]![50]}${rows[16]![10]}${rows[16]![100]}`;
    expect(tracks(await renderPage(page('#facc15'), {}, { palette, tolerance: 8 }))).toBe('yDyD');
    expect(tracks(await renderPage(page('#8a8a8a'), {}, { palette, tolerance: 8 }))).toBe('aeae');
    expect(tracks(await renderPage(page('#8b8b8b'), {}, { palette, tolerance: 8 }))).toBe('bDbD');
  });

  // Chromium 156: its shadow parts in their UA gradients, a bar half the content height (its PDF
  // fills y 5 to 15 of 20; pdftoppm paints that pattern fill a device pixel higher), centred
  it('draws a meter with appearance: none from its parts, on the author\'s box', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 40px; margin: 0 } body { margin: 0 } meter { display: block; width: 60px; height: 20px; background: blue; appearance: none }</style>'
      + '<meter value=0.5></meter><meter style="-webkit-appearance: none" value=0.5 low=0.6 optimum=0.8></meter>', {}, { palette: { B: '#0000ff', v: '#77aa33', c: '#cccccc', d: '#dddddd', y: '#ddbb33', _: '#ffffff' }, tolerance: 12 });
    expect([4, 5, 14, 15].map((y) => rows[y]![30])).toEqual(['B', 'd', 'd', 'B']);
    expect(rows[9]!).toBe(`${'v'.repeat(30)}${'c'.repeat(30)}`);
    expect(rows[29]!).toBe(`${'y'.repeat(30)}${'c'.repeat(30)}`);
  });

  // Chromium 156 prints the same rows (corners and the value's end antialiased alike)
  it('draws a meter\'s parts with the author\'s ::-webkit-meter-bar and value styles, the value\'s by its region', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 40px; margin: 0 } body { margin: 0 } meter { display: block; width: 60px; height: 20px; appearance: none }'
      + ' meter::-webkit-meter-bar { background: #eee; border-radius: 4px } meter::-webkit-meter-optimum-value { background: linear-gradient(to right, #00f, #00f) }'
      + ' meter::-webkit-meter-even-less-good-value { background: #f00 }</style>'
      + '<meter value=0.5></meter><meter value=0.25 low=0.3 high=0.7 optimum=0.9></meter>', {}, { palette: { B: '#0000ff', R: '#ff0000', e: '#eeeeee', _: '#ffffff' }, tolerance: 12 });
    // the bar from y 5 to 15 of each 20px meter, the value's part filling its fraction
    expect([4, 5, 14, 15].map((y) => rows[y]![20])).toEqual(['_', 'B', 'B', '_']);
    expect([rows[9]!.slice(0, 30), rows[9]!.slice(31)]).toEqual(['B'.repeat(30), 'e'.repeat(29)]);
    expect([rows[29]!.slice(0, 15), rows[29]!.slice(15)]).toEqual(['R'.repeat(15), 'e'.repeat(45)]);
  });

  // Chromium 156 draws its native meter from the parts too: a light bar in a thin grey border,
  // rounded, the value flat in its region's colour (#d83b01 even less good), the author's part styles over them
  it('draws a native meter from its parts, in the author\'s part colours where given', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 40px; margin: 0 } body { margin: 0 } meter { display: block; width: 60px; height: 20px }'
      + ' .r::-webkit-meter-bar { background: #f00 } .r::-webkit-meter-optimum-value { background: #00f }</style>'
      + '<meter class=r value=0.5></meter><meter value=0.1 low=0.4 high=0.7 optimum=0.9></meter>', {}, { palette: { B: '#0000ff', R: '#ff0000', O: '#d83b01', e: '#efefef', _: '#ffffff' }, tolerance: 12 });
    expect([rows[3]![20], rows[16]![20]]).toEqual(['_', '_']);
    expect([rows[9]!.slice(2, 29), rows[9]!.slice(31, 57)]).toEqual(['B'.repeat(27), 'R'.repeat(26)]);
    // the value's 6px (a tenth of the 58px inside the border) from x 1, the light bar after it
    expect([rows[29]!.slice(2, 7), rows[29]!.slice(8, 57)]).toEqual(['O'.repeat(5), 'e'.repeat(49)]);
  });

  // Chromium 156: a meter given an author background or border loses its native look, as a progress bar does
  it('draws a meter given an author background or border from its parts', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 60px 24px; margin: 0 } body { margin: 0 } meter { display: block; width: 60px; height: 24px; background: blue; border: 2px solid blue }</style>'
      + '<meter value=0.5></meter>', {}, { palette: { B: '#0000ff', v: '#77aa33', c: '#cccccc', d: '#dddddd', _: '#ffffff' }, tolerance: 12 });
    expect([6, 7, 16, 17].map((y) => rows[y]![30])).toEqual(['B', 'd', 'd', 'B']);
    expect(rows[11]!.slice(2, 58)).toBe(`${'v'.repeat(28)}${'c'.repeat(28)}`);
  });
});

describe('the text of form controls', () => {
  it('extracts values, placeholders, the selected option, textarea text and button labels in order', async () => {
    const pdf = await renderPdf('<!DOCTYPE html><style>@page { size: 500px 200px; margin: 10px }</style>'
      + '<p><input value="Ada Lovelace"> <input placeholder="Town"> <input type=password value="abc"></p>'
      + '<p><select><option>Small</option><option selected>Large</option><option>Medium</option></select> <button>Order</button> <input type=submit></p>'
      + '<p><textarea cols=30>Leave at the door</textarea></p><input type=hidden value="secret">');
    const text = (await pdftotext(pdf)).replace(/\s+/g, ' ').trim();
    expect(text).toBe('Ada Lovelace Town ••• Large Order Submit Leave at the door');
  });

  it('writes dates and times as Chromium\'s en-US locale does, and their patterns when empty', async () => {
    // Chromium 156 prints the same text (pdftotext -layout of its PDF)
    const pdf = await renderPdf('<!DOCTYPE html><style>@page { size: 900px 300px; margin: 10px } p { margin: 4px 0 }</style>'
      + '<p><input type=date value="2026-12-31"> <input type=date> <input type=date value="2026-02-30"></p>'
      + '<p><input type=time value="14:30"> <input type=time> <input type=time value="09:05:07"> <input type=time value="00:00"> <input type=time value="12:00:00.5"> <input type=time step=1 value="14:30"></p>'
      + '<p><input type=datetime-local value="2026-12-31T14:30"> <input type=datetime-local></p>'
      + '<p><input type=month value="2026-12"> <input type=month></p>'
      + '<p><input type=week value="2026-W53"> <input type=week> <input type=week value="2027-W53"></p>');
    const lines = (await pdftotext(pdf)).split('\n').map((line) => line.trim().replace(/\s{2,}/g, ' | ')).filter((line) => line !== '');
    expect(lines).toEqual([
      '12/31/2026 | mm/dd/yyyy | mm/dd/yyyy',
      '02:30 PM | --:-- -- | 09:05:07 AM | 12:00 AM | 12:00:00.500 PM | 02:30:00 PM',
      '12/31/2026, 02:30 PM | mm/dd/yyyy, --:-- --',
      'December 2026 | --------- ----',
      'Week 53, 2026 | Week --, ---- | Week --, ----',
    ]);
  });



  it('draws a slider and a colour well where Chromium does (measured at 768 dpi)', async () => {
    // the slider: 129x16 after a 2px margin, its 8px track from 1 to 128, blue (the accent) to the
    // thumb at 8 + 0.7 * 113; the well: 50x27, its swatch of the value 5px in at the sides, 6px down
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 140px 50px; margin: 0 } body { margin: 0 } input { vertical-align: top }</style>'
      + '<input type=range min=0 max=10 value=7><br><input type=color value="#00ff00">', {}, { palette: { _: '#ffffff', B: '#0075ff', g: '#efefef', G: '#00ff00' }, tolerance: 8 });
    const at = (x: number, y: number): string => rows[y]![x]!;
    // the track's middle row (y 2 + 8): blue left of the thumb, grey right of it
    expect([at(10, 10), at(60, 10), at(100, 10), at(125, 10)]).toEqual(['B', 'B', 'g', 'g']);
    // the thumb, 16px tall around x = 89, above and below the track
    expect([at(89, 3), at(89, 17), at(89, 1)]).toEqual(['B', 'B', '_']);
    // the well starts under the slider's line (y 20): grey box, swatch from x 5 and y 26
    expect([at(3, 30), at(6, 30), at(43, 30), at(46, 30), at(20, 24), at(20, 28)]).toEqual(['g', 'G', 'G', 'g', 'g', 'G']);
  });
});

describe('a file chooser restyled by the author', () => {
  // Tailwind's `file:` utilities compiled; the words where Chromium 156 prints them (pdftotext, pt)
  it('draws its ::file-selector-button (and -webkit-file-upload-button) as styled', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 400px 200px; margin: 10px } body { margin: 0; font: 16px/20px "Liberation Sans" }
      .t::file-selector-button { margin-right: 16px; padding: 8px 16px; border-radius: 9999px; border: 0; font-size: 14px; font-weight: 600; background-color: #f5f3ff; color: #6d28d9 }
      .h::-webkit-file-upload-button { display: none }</style>
      <p><input type=file class=t></p><p><input type=file class=h> after</p>`);
    const words = await pdfWords(pdf);
    const xs = (text: string): number[] => words.filter((w) => w.text === text).map((w) => Math.round(w.xMin * 10) / 10).sort((a, b) => a - b);
    const near = (got: readonly number[], want: readonly number[]): boolean => got.length === want.length && got.every((x, i) => Math.abs(x - want[i]!) < 0.6);
    // the button 16px wider at each side and 16px before its label; the hidden one leaves the label at the field's start
    expect([near(xs('Choose'), [19.5]), near(xs('No'), [7.5, 103.0]), near(xs('after'), [200.6])]).toEqual([true, true, true]);
  });
});

describe('a field\'s line in a fixed height', () => {
  // Chromium 156's words (pdftotext, pt): a text field's line centred in its content box, overflowing up and down
  // alike when the box is shorter (Milligram's `height: 3.8rem` fields); a drop-down's centred when taller, at the top when shorter
  it('centres a text field\'s and a drop-down\'s line, as Chromium does', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 400px 400px; margin: 10px } body { margin: 0; font: 16px/20px "Liberation Sans" }
      input, select { display: block; box-sizing: border-box; width: 200px; margin: 0 0 10px; border: 1px solid #999; padding: 6px 10px 7px; font: 20px "Liberation Sans" }
      .n { -webkit-appearance: none; appearance: none }</style>
      <input value=Tall style="height: 60px"><input value=Short style="height: 12px; padding: 0 10px"><select class=n style="height: 50px"><option>Dropped</option></select>`
      + '<select class=n style="height: 12px; padding: 0 10px"><option>Clipped</option></select><select style="height: 50px; border: 0; padding: 0"><option>Native</option></select><input value=Natural>');
    const words = await pdfWords(pdf);
    const y = (text: string): number => Math.round((words.find((w) => w.text === text)?.yMin ?? Number.NaN) * 10) / 10;
    const want = [['Tall', 20.9], ['Short', 56.2], ['Dropped', 86.9], ['Clipped', 122.2], ['Native', 148.4], ['Natural', 188.2]] as const;
    const got = want.map(([text]) => [text, y(text)] as const);
    // within 1px (0.75pt): the appearance: none drop-down's line is 6.5px down in Chromium (its baseline on a whole px), 5.9px in octavo
    expect(got.map(([text, value], i) => (Math.abs(value - want[i]![1]) <= 0.75 ? [text, want[i]![1]] : [text, value]))).toEqual(want);
  });
});

describe('a drop-down\'s arrow', () => {
  // Chromium 156 (measured at 96 dpi): the arrow's dark pixels span x 127-134 in a 140px select whatever
  // its padding-right (Skeleton's and Bootstrap 3's selects have 10-12px): it is drawn from the border box
  it('sits at the border box\'s end whatever the padding, as Chromium draws it', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 200px 120px; margin: 0 } body { margin: 0; font: 13.333px "Liberation Sans" } '
      + 'select { display: block; width: 140px; height: 30px; margin: 0 0 10px; color: #000 }</style><select style="padding: 0"><option>a</option></select>'
      + '<select style="padding: 0 30px 0 0"><option>a</option></select><select style="padding: 0 30px 0 0; border: 1px solid #ccc; background: #fff"><option>a</option></select>',
    {}, { palette: { K: '#000000' }, tolerance: 100 });
    const arrowEnd = (top: number): number => Math.max(...rows.slice(top + 3, top + 27).map((row) => row.slice(100, 138).lastIndexOf('K') + 100));
    expect([0, 40, 80].map((top) => Math.abs(arrowEnd(top) - 134) <= 1)).toEqual([true, true, true]);
  });

  // Chromium 156 (measured at 96 dpi): the same arrow, its dark rows 18-22, centred in a 40px select at 13.333, 20 and 26.666px
  it('is centred in the box whatever the font size', async () => {
    const rows = await renderPage('<!DOCTYPE html><style>@page { size: 200px 160px; margin: 0 } body { margin: 0; font-family: "Liberation Sans" } '
      + 'select { display: block; width: 140px; height: 40px; margin: 0 0 10px; color: #000; padding: 0 }</style><select style="font-size: 13.333px"><option>a</option></select>'
      + '<select style="font-size: 20px"><option>a</option></select><select style="font-size: 26.666px"><option>a</option></select>',
    {}, { palette: { K: '#000000' }, tolerance: 100 });
    const dark = (top: number): number[] => rows.slice(top + 2, top + 38).flatMap((row, y) => (row.slice(90, 138).includes('K') ? [y + 2] : []));
    const near = (top: number): boolean => Math.abs(dark(top)[0]! - 18) <= 1 && Math.abs(dark(top).at(-1)! - 22) <= 1;
    expect([0, 50, 100].map(near)).toEqual([true, true, true]);
  });
});

describe('a date or time field\'s value', () => {
  // Chromium 156's words (pdftotext, pt): each editable field is 1px inside either side, the text between them is not.
  // Within 0.45pt: Chromium's monospace is DejaVu Sans Mono (0.602em), the tests' Liberation Mono (0.6em); without the padding AM is 3pt off
  it('sets each field 1px inside either side, as Chromium pads them', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 600px 200px; margin: 10px } body { margin: 0; font: 16px/20px "Liberation Sans" } input { display: block }</style>
      <input type=time value="21:05"><input type=datetime-local value="2026-12-06T07:30"><input type=week value="2026-W05"><input type=month value="2026-03"><input type=date>`);
    const words = await pdfWords(pdf);
    const x = (text: string): number => Math.round((words.find((w) => w.text === text)?.xMin ?? Number.NaN) * 10) / 10;
    const got = ['09:05', 'PM', '12/06/2026,', '07:30', 'AM', 'Week', '05,', 'March', 'mm/dd/yyyy'].map((text) => [text, x(text)] as const);
    const want = [['09:05', 10.5], ['PM', 49.6], ['12/06/2026,', 10.5], ['07:30', 87.3], ['AM', 126.4], ['Week', 9.8], ['05,', 40.6], ['March', 10.5], ['mm/dd/yyyy', 10.5]] as const;
    expect(got.map(([text, value], i) => (Math.abs(value - want[i]![1]) < 0.45 ? [text, want[i]![1]] : [text, value]))).toEqual(want);
  });
});

describe('a list box drawn as Chromium 156 prints it (measured at 384 dpi)', () => {
  it('greys its selected options and draws its scrollbar: track, arrows, and a thumb when options are hidden', async () => {
    const palette = { ...PALETTE, S: '#cecece', T: '#fcfcfc', M: '#8b8b8b' };
    const page = '<!DOCTYPE html><style>@page { size: 40px 60px; margin: 0 } body { margin: 0 } select { display: block; margin: 0 }</style>';
    const list = (options: number): string => `<select size=3>${Array.from({ length: options }, (_, i) => `<option${i === 1 ? ' selected' : ''}>${'ABCD'[i]}</option>`).join('')}</select>`;
    const scrolled = await renderPage(`${page}${list(4)}`, {}, { palette });
    // 53px tall: 3 rows of 17px in a 1px border; the 15px scrollbar inside the right border
    const right = scrolled[25]!.lastIndexOf('g');
    const bar = right - 15;
    const at = (x: number, y: number): string => scrolled[y]![x]!;
    // the selected row (y 18-34) grey from the list's left edge, the others white
    expect([at(1, 8), at(1, 25), at(1, 40)]).toEqual(['_', 'S', '_']);
    // the track, the up arrow (tip 6.5px, base 11px from its top), the thumb from 18px, the down arrow 39-43.5px
    expect([at(bar + 1, 30), at(bar + 7, 1 + 10), at(bar + 7, 1 + 22), at(bar + 7, 1 + 41), at(bar + 7, 1 + 47)]).toEqual(['T', 'M', 'M', 'M', 'T']);
    // with nothing hidden, no thumb
    const whole = await renderPage(`${page}${list(3)}`, {}, { palette });
    expect([whole[1 + 10]![bar + 7], whole[1 + 22]![bar + 7]]).toEqual(['M', 'T']);
  });
});

describe('a text field longer than its field', () => {
  it('is cut at the content box, its padding left clear, as Chromium\'s inner editor cuts it', async () => {
    // content box x 10–40, padding to 50: the value's ink stops at x = 40 on every row
    const rows = await renderPage(`${PAGE}<input value="MMMMMMMMMM" style="margin: 0; width: 30px; padding: 0 10px; border: 0; font: 16px/20px Arial; background: white; color: black">`,
      {}, { palette: PALETTE, tolerance: 255 });
    const inked = (from: number, to: number): boolean => rows.some((row) => [...row.slice(from, to)].some((c) => c !== '_'));
    expect(inked(10, 40)).toBe(true);
    expect(inked(40, 50)).toBe(false);
  });
});
