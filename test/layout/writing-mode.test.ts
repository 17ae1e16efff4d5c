import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { ExpectedDiagnostic } from '../helpers/diagnostics.js';
import type { Fragment } from '../../src/layout/types.js';
import { renderPdf } from '../helpers/render.js';
import { pdfWords } from '../helpers/words.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }</style>';

/** Each box as `id x,y wxh`, snapped to the expected numbers where within 0.6px (font metric rounding in Chromium). */
async function expectBoxes(body: string, expected: readonly string[], expectWarnings: readonly ExpectedDiagnostic[] = []): Promise<void> {
  const doc = await layoutHtml(PAGE + body, { expectWarnings });
  const got = expected.map((line) => {
    const [id, position, size] = line.split(' ') as [string, string, string];
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    const want = [...position.split(','), ...size.split('x')].map(Number);
    const v = [f.x, f.y, f.width, f.height].map((n, i) => (Math.abs(n - want[i]!) <= 0.6 ? want[i]! : Math.round(n * 100) / 100));
    return `${id} ${v[0]},${v[1]} ${v[2]}x${v[3]}`;
  });
  expect(got).toEqual(expected);
}

// Expected boxes are Chromium 156's for the same HTML (getBoundingClientRect).
describe('vertical writing modes (CSS Writing Modes 3 §7.3, orthogonal flows)', () => {
  it('sizes a vertical block: its height fits its text, its width is its lines, its sides turn with it', async () => {
    await expectBoxes('<div id=a style="writing-mode: vertical-rl; margin: 5px 10px; padding: 2px 4px 6px 8px; border: 1px solid">Hello vertical world</div>',
      ['a 10,5 34x144.27']);
  });

  it('wraps its lines at its height: five 20px lines make it 100px wide', async () => {
    await expectBoxes('<div id=b style="height: 100px; writing-mode: vertical-rl">Wrapping text that is longer than one hundred pixels</div>', ['b 0,0 100x100']);
  });

  it('wraps an absolutely positioned vertical box in the room its insets leave, not the containing block\'s height', async () => {
    // a side label at top: 50% (a certificate's) ran one column past the page
    const abs = 'position: absolute; writing-mode: vertical-rl';
    await expectBoxes(`<div style="position: relative; width: 600px; height: 400px">
      <div id=a style="${abs}; left: 10px; top: 50%">one two three four five six seven eight nine ten eleven twelve</div>
      <div id=b style="${abs}; right: 10px; bottom: 30px; margin-top: 5px">one two three four five six seven eight nine ten eleven twelve thirteen</div>
      <div style="position: absolute; left: 200px; top: 0; width: 200px; height: 150px"><div id=c style="${abs}; left: 0; top: 40px">one two three four five six seven eight</div></div></div>`,
    ['a 10,200 60x200', 'b 550,5 40x365', 'c 200,40 60x110']);
  });

  it('gives a vertical table header its turned size in the table', async () => {
    await expectBoxes('<table style="border-collapse: collapse"><tr><th id=th style="writing-mode: vertical-rl; transform: rotate(180deg); border: 1px solid">Quantity</th><td id=td>x</td></tr></table>',
      ['th 0.5,0.5 23x67.89', 'td 23.5,0.5 10.5x67.89']);
  });

  it('places a positioned vertical flex container by its insets, once (Chromium 156)', async () => {
    // a side band fixed in the page margin, a relatively positioned one moved 5px right and 10px down
    const doc = await layoutHtml(`${PAGE}<div style="height:20px"></div>
      <div id=f style="position:fixed;left:-30px;top:-20px;width:20px;height:290px;writing-mode:vertical-rl;display:flex"><span>band</span></div>
      <div id=r style="position:relative;top:10px;left:5px;writing-mode:vertical-rl;display:flex;height:100px;width:40px"><span>ab</span></div>`);
    // a vertical flex container is laid out turned a quarter turn about its centre: its box on the page is that of the turned one
    const onPage = (id: string): string => {
      const f = findById(doc.pages[0]!, id)!;
      const [cx, cy] = [f.x + f.width / 2, f.y + f.height / 2];
      return `${id} ${cx - f.height / 2},${cy - f.width / 2} ${f.height}x${f.width}`;
    };
    expect([onPage('f'), onPage('r')]).toEqual(['f -30,-20 20x290', 'r 5,30 40x100']);
    // taller than the page area, the fixed band is placed whole on the page: nothing to warn about
    const tall = await layoutHtml(`${PAGE}<style>@page { size: 300px 200px; margin: 20px }</style><div id=f style="position:fixed;left:-20px;top:-20px;width:20px;height:200px;writing-mode:vertical-rl;display:flex"><span>band</span></div>`);
    expect(tall.pages).toHaveLength(1);
  });

  it('widens a vertical cell\'s column by its top and bottom padding, as Chromium 156 does (getBoundingClientRect)', async () => {
    // a 400px table: a 100px column and a vertical header's, sized in proportion to their widths,
    // where Chromium takes the header's width with its padding along its own inline axis
    const table = (id: string, style: string): string => `<table style="border-collapse:collapse;width:400px"><tr><th id=${id}a style="width:100px;padding:0">A</th><th id=${id}b style="writing-mode:vertical-rl;${style}">B</th></tr></table>`;
    await expectBoxes(`<style>body { font: 12px/16px 'DejaVu Sans' }</style>${table('t', 'width:20px;padding:5px 0')}${table('l', 'width:20px;padding:0 5px')}${table('w', 'width:20px;padding:0 10px')}${table('b', 'width:20px;padding:0 5px;box-sizing:border-box')}`,
      ['ta 0,0 307.69x19.16', 'tb 307.69,0 92.31x19.16', 'la 0,19.16 317.45x16', 'lb 317.45,19.16 82.55x16', 'wa 0,35.16 294.11x16', 'wb 294.11,35.16 105.89x16', 'ba 0,51.16 317.45x16', 'bb 317.45,51.16 82.55x16']);
  });

  it('lays a vertical cell\'s lines out along its row: text-align places them, its own height wraps them (Chromium 156, in pt)', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 12px "Liberation Sans" }
      table { border-collapse: collapse } td, th { border: 1px solid; padding: 2px }</style>
      <table><tr><th style="writing-mode:vertical-rl">Team</th><td style="writing-mode:vertical-rl">Left</td><td style="writing-mode:vertical-rl;vertical-align:bottom">Bot</td>
      <td style="writing-mode:vertical-rl;text-align:right">Right</td><td style="height:100px">tall</td></tr></table>
      <table style="margin-top:10px"><tr><th style="writing-mode:vertical-rl;height:40px">Total hours worked</th><td style="height:30px">x</td></tr></table>`);
    const words = Object.fromEntries((await pdfWords(pdf)).map((w) => [w.text, `${Math.round(w.xMin)},${Math.round(w.yMin)}`]));
    // Chromium: Team 3,28 (centred by th), Left 17,2 and Bot 31,2 (at the start, whatever vertical-align), Right 45,56 (at the end);
    // "Total hours worked" three lines at 23.59,93.75 13.09,91.5 2.59,89.25 and the next cell at 37.5,99.1
    expect([words['Team'], words['Left'], words['Bot'], words['Right'], words['Total'], words['hours'], words['worked'], words['x']])
      .toEqual(['3,28', '17,2', '31,2', '45,56', '24,94', '13,92', '3,89', '38,99']);
  });

  it('aligns a vertical cell wider than its lines by vertical-align, across the column from its block start (Chromium 156, in pt)', async () => {
    // a balance sheet's rotated "Assets" band in a 40px column: centred by td's middle, not at the left
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 700px 300px; margin: 10px } body { margin: 0; font: 12px/1.3 "Liberation Sans" }
      table { border-collapse: collapse; margin-bottom: 8px } td { border: 1px solid #999; padding: 2px 5px }
      .v { writing-mode: vertical-rl; width: 40px } .l { writing-mode: vertical-lr; width: 40px }</style>
      <table><tr><td class=v style="vertical-align:baseline">Rbase</td><td class=v>Rdefault</td><td class=l style="vertical-align:top">Ltop</td>
      <td class=l style="vertical-align:middle">Lmid</td><td class=l style="vertical-align:bottom">Lbot</td><td class=l style="vertical-align:baseline">Lbase</td>
      <td class=v style="vertical-align:bottom">Rbot</td><td style="height:120px">x</td></tr></table>
      <table><tr><th class=v>Hth</th><th style="writing-mode:sideways-lr;width:50px">Side</th><th style="height:100px">y</th></tr></table>`);
    const words = Object.fromEntries((await pdfWords(pdf)).map((w) => [w.text, Math.round(w.xMin)]));
    // Chromium: Rbase 27.34 (right: block start), Rdefault 54.19 (centred), Ltop 81.04, Lmid 121.69, Lbot 162.34, Lbase 182.29, Rbot 216.04 (left: block end), Hth 18.94, Side 52.75
    expect(['Rbase', 'Rdefault', 'Ltop', 'Lmid', 'Lbot', 'Lbase', 'Rbot', 'Hth', 'Side'].map((w) => words[w]))
      .toEqual([27, 54, 81, 122, 162, 182, 216, 19, 53]);
  });

  it('lays a vertical cell\'s lines along its own height too, where it sizes the row (Chromium 156, in pt)', async () => {
    // `th` centres them: "Bbb" and "Ccc" halfway down their 40px, not at the top
    const pdf = await renderPdf(`<!DOCTYPE html><style>@page { size: 200px 120px; margin: 10px } body { margin: 0; font: 10px/12px "Liberation Sans" }
      table { border-collapse: collapse } th, td { border: 2px solid; padding: 2px } th.r { writing-mode: vertical-rl; height: 40px }</style>
      <table><tr><th>A</th><th class=r>Bbb</th><th class=r>Ccc</th><th>D</th></tr><tr><td>1</td><td>2</td><td>3</td><td>4</td></tr></table>`);
    const words = Object.fromEntries((await pdfWords(pdf)).map((w) => [w.text, Math.round(w.yMin)]));
    // Chromium: Bbb 18.0, Ccc 18.75, A and D 20.96
    expect([words['Bbb'], words['Ccc'], words['A'], words['D']]).toEqual([18, 19, 21, 21]);
  });

  it('keeps a vertical cell its own height when a word is longer: the word overflows, the row does not grow (Chromium 156)', async () => {
    // a report card's rotated subject heads of `height: 50px`: "Mathematics" runs past the top, the row stays 55px
    const cell = 'border:1px solid;height:50px';
    await expectBoxes(`<table style="border-collapse:collapse"><tr><th id=h style="writing-mode:vertical-rl;${cell};padding:0">Mathematics</th>
      <th id=s style="writing-mode:sideways-lr;${cell};padding:2px">Geography</th><td id=d style="border:1px solid">x</td></tr><tr><td id=e>A</td></tr></table>`,
    ['h 0.5,0.5 21x55', 's 21.5,0.5 25x55', 'd 46.5,0.5 11x55', 'e 0.5,55.5 21x22.5']);
  });

  it('makes a content-box vertical cell its height plus the larger of its two paddings, as Chromium 156 (a `th { padding: 2px 10px }` head)', async () => {
    // Chromium: 70px + 20px (left and right) + 1px; 70px + 12px (top and bottom) + 1px; a border-box height as given
    await expectBoxes(`<style>table { border-collapse: collapse } th, td { border: 1px solid } th { writing-mode: vertical-rl; height: 70px }</style>
      <table><tr><th id=a style="padding:2px 10px">Term 1</th><td id=x>x</td></tr></table><table><tr><th id=b style="padding:6px 1px">Term 2</th></tr></table>
      <table><tr><th id=c style="padding:2px 10px;box-sizing:border-box">Term 3</th></tr></table>`,
    ['a 0.5,0.5 41x91', 'x 41.5,0.5 11x91', 'b 0.5,92.5 23x83', 'c 0.5,176.5 41x70']);
  });

  it('keeps a vertical block in a horizontal cell its own height and the cell\'s vertical-align: a rotated column head (Chromium 156)', async () => {
    // octavo took it for a vertical cell's flow: as tall as the row, at its top (a timesheet's day heads)
    const css = '<style>table { border-collapse: collapse; font: 10px Arial } td { border: 1px solid #bbb; padding: 2px 3px; vertical-align: bottom } .v { writing-mode: vertical-rl }</style>';
    await expectBoxes(`${css}<table><tr><td style="height:70px"><div id=a class=v>Mon 01 Nov</div></td><td><div id=b class=v style="height:30px">Mon</div></td>
      <td><div id=c class=v style="transform:rotate(180deg);margin:0 auto">Total hours</div></td></tr></table>`,
    ['a 4,19.08 11x53.92', 'b 22,43 11x30', 'c 40,24.08 11x48.92']);
  });

  it('stretches a vertical flex item to its line, its lines wrapping there, the next item after its width (Chromium 156)', async () => {
    // a boarding pass's side band: stretched to the container's height, not as tall as its text
    const css = '<style>.f { display: flex; height: 150px; border: 1px solid; font: 12px "Liberation Sans" } .s { writing-mode: vertical-rl; padding: 10px 6px }</style>';
    await expectBoxes(`${css}<div class=f><div class=s id=s1>Boarding pass</div><div id=m1 style="flex: 1">main</div></div>
      <div class=f><div class=s id=s2>Boarding pass · Economy class with text</div><div id=m2 style="flex: 1">main</div></div>`,
    ['s1 1,1 26x150', 'm1 27,1 572x150', 's2 1,153 40x150', 'm2 41,153 558x150']);
  });

  it('keeps a grid row of fixed height: a vertical item contributes its longest word as its minimum (Chromium 156)', async () => {
    const css = '<style>.g { display: grid; grid-template-columns: 40px 1fr; border: 1px solid; font: 12px "Liberation Sans" } .s { writing-mode: vertical-rl; padding: 10px 6px }</style>';
    await expectBoxes(`${css}<div class=g style="height: 150px"><div class=s id=s1>Boarding pass · Economy class with text</div><div id=m1>main</div></div>
      <div class=g><div class=s id=s2>Boarding pass · Economy class with text</div><div id=m2>main</div></div>`,
    ['s1 1,1 40x150', 'm1 41,1 558x150', 's2 1,153 40x234.77', 'm2 41,153 558x234.77']);
  });

  it('sizes an auto grid column to a vertical item wrapped at its row\'s height: a fixed row, or an auto row the grid\'s height stretches (Chromium 156)', async () => {
    // octavo measured the band at the page area's height: one column of text, 26px wide
    const css = '<style>.g { display: grid; grid-template-columns: auto 1fr; border: 1px solid; font: 12px "Liberation Sans" } .s { writing-mode: vertical-rl; padding: 10px 6px }</style>';
    await expectBoxes(`${css}<div class=g style="grid-template-rows: 150px"><div class=s id=s1>Boarding pass · Economy class with text</div><div id=m1>main</div></div>
      <div class=g style="height: 150px"><div class=s id=s2>Boarding pass · Economy class with text</div><div id=m2>main</div></div>`,
    ['s1 1,1 40x150', 'm1 41,1 558x150', 's2 1,153 40x150', 'm2 41,153 558x150']);
  });

  it('separates paragraphs, headings and lists by their block margins, which are left and right in vertical text (HTML §15.3.3)', async () => {
    // the UA sheet set margin-top/bottom: in vertical-rl they fell along the lines, and the four blocks were 80px wide together
    await expectBoxes('<div id=d style="writing-mode: vertical-rl; height: 200px"><p>First</p><p>Second</p><h2>Head</h2><ul><li>item</li></ul></div>', ['d 0,0 167.81x200']);
  });

  it('turns a ::before/::after whose writing mode is not its element\'s, as an element is: a bar chart\'s rotated label (Chromium 156)', async () => {
    // octavo laid generated content out horizontally whatever its writing-mode; the numbers are Chromium's for a span and a div of the same style
    const doc = await layoutHtml(`${PAGE}<style>.bar { position: relative; width: 60px; height: 150px }
      .bar::after { content: "Windows"; position: absolute; bottom: 4px; left: 10px; writing-mode: vertical-rl }
      .day::before { content: "Mon"; display: block; writing-mode: vertical-lr }</style><div class=bar></div><div class=day>x</div>`);
    const pseudos: string[] = [];
    const visit = (f: Fragment): void => {
      // the outer fragment is the box on the page (the turned one inside is laid out in its own axes)
      if (f.kind === 'box' && f.box.pseudo !== undefined) pseudos.push(`${f.box.pseudo} ${[f.x, f.y, f.width, f.height].map((n) => Math.round(n * 10) / 10).join(',')}`);
      else if (f.kind === 'box' || f.kind === 'line') f.children.forEach(visit);
    };
    doc.pages[0]!.children.forEach(visit);
    expect(pseudos).toEqual(['after 10,81.1,20,64.9', 'before 0,150,20,31.1']);
  });

  it('makes a vertical inline an inline-block in its line', async () => {
    await expectBoxes('<p style="margin: 0">Before <span id=s style="writing-mode: vertical-lr">ab</span> after</p>', ['s 51.59,0 20x17.8']);
  });

  it('warns, with its place, about a vertical block wider than the page area: it is not split across pages', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i}`).join('<br>');
    await expectBoxes(`<p>Before</p>\n<div id=v style="writing-mode: vertical-rl; height: 100px">${lines}</div>`, ['v 0,52 800x100'],
      [{ code: 'layout', line: 2, column: 1, message: '`writing-mode: vertical-rl` box is not split across pages and does not fit one (its lines are 800px wide, the page area 600px): what runs past the page is cut' },
        // and, as for any content wider than the page area, the document-wide note (--shrink-to-fit would scale it)
        { code: 'layout', line: 2, column: 1, message: /content is 800px wide, the page area 600px/ }]);
    await expectBoxes('<div id=t style="writing-mode: vertical-lr; height: 500px">x</div>', ['t 0,0 20x500'],
      [{ code: 'layout', line: 1, message: /`writing-mode: vertical-lr` box .* \(it is 500px high, the page area 400px\)/ }]);
  });

  it('honours text-orientation: upright without a warning', async () => {
    await expectBoxes('<div id=g style="writing-mode: vertical-rl; text-orientation: upright; height: 50px">x</div>', ['g 0,0 20x50']);
  });

  it('advances an upright glyph of a font without vertical metrics by the font\'s whole-pixel height, as Chromium', async () => {
    // Liberation Sans 14px: ascent 13 + descent 3; 20px: 18 + 4; DejaVu Sans 20px: 19 + 5; Liberation Serif 15px: 13 + 3
    const upright = (font: string): string => `style="font: ${font}; writing-mode: vertical-rl; text-orientation: upright; float: left; line-height: 30px"`;
    await expectBoxes(`<div id=a ${upright("14px 'Liberation Sans'")}>UPRIGHT</div><div id=b ${upright("20px 'Liberation Sans'")}>ABC</div>`
      + `<div id=c ${upright("20px 'DejaVu Sans'")}>ABC</div><div id=d ${upright("15px 'Liberation Serif'")}>AB</div>`,
    ['a 0,0 30x112', 'b 30,0 30x66', 'c 60,0 30x72', 'd 90,0 30x32']);
  });
});
