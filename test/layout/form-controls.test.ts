import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment } from '../../src/layout/types.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 600px 500px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }</style>';

/**
 * Each box as `id x,y wxh`, snapped to the expected one where they differ by at most 0.6px: Chromium
 * rounds a font's ascent and descent to whole pixels (a 13.333px Arial line is 15px, octavo's
 * 15.3px), which moves a control's text and baseline by a fraction of a pixel.
 */
async function boxes(body: string, expected: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(PAGE + body);
  return expected.map((line) => {
    const [id, position, size] = line.split(' ') as [string, string, string];
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    const want = [...position.split(','), ...size.split('x')].map(Number);
    const got = [f.x, f.y, f.width, f.height].map((v, i) => (Math.abs(v - want[i]!) <= 0.6 ? want[i]! : Math.round(v * 10) / 10));
    return `${id} ${got[0]},${got[1]} ${got[2]}x${got[3]}`;
  });
}

async function expectBoxes(body: string, expected: readonly string[]): Promise<void> {
  expect(await boxes(body, expected)).toEqual(expected);
}

// Expected boxes are Chromium 156's for the same page (getBoundingClientRect).
describe('form controls sized as Chromium sizes them', () => {
  it('checkboxes and radios: 13px marks with their UA margins, on the baseline', async () => {
    await expectBoxes('<div><input id=cb1 type=checkbox><input id=cb2 type=checkbox checked><input id=r1 type=radio><input id=r2 type=radio checked></div>', ['cb1 4,3 13x13', 'cb2 24,3 13x13', 'r1 45,3 13x13', 'r2 66,3 13x13']);
  });

  it('text fields, with a value or a placeholder, 20 characters wide', async () => {
    await expectBoxes('<div><input id=t1 type=text value="Ada Lovelace"><input id=t2 placeholder="Your name"></div>', ['t1 0,0 177x21', 't2 177,0 177x21']);
  });

  // Chromium: size average characters plus the widest glyph's excess (13.333px Arial: 8px and 17px, so 8 * size + 9).
  // The widths are Chromium's (getBoundingClientRect); the heights of the last three octavo's (its line heights differ a little)
  // an empty field keeps a line (its height and baseline), as a browser's editor does; a select without options is no error.
  // On a text line the empty field sits where one with a value does: Chromium 21 and 42, and octavo since its baselines
  // are on whole px as Blink puts them (the strut's rounded ascent, its half-leading above floored)
  it('empty text fields and selects keep the height of a line', async () => {
    await expectBoxes('<div><input id=e1><input id=e2 type=password><select id=e3></select><select id=e4><option></option><option>Zeta</option></select></div><div>x <input id=e5> y</div><div>x <input id=e6 value=a> y</div>',
      ['e1 0,0 177x21', 'e2 177,0 177x21', 'e3 354,1 22x19', 'e4 376,1 49x19', 'e5 12.5,21 177x21', 'e6 12.5,42 177x21']);
  });

  // a line breaks around an atomic inline by the white-space of what holds it, not by the box's own (a field's `pre`, a `nowrap`
  // inline-block). Chromium's x, lines and y (21, 42, 62 and 82): a line of fields is as tall in octavo, its baseline on whole px
  it('fields and nowrap inline-blocks wrap to the next line by their container\'s white-space', async () => {
    const nowrap = (id: string, text: string): string => `<span id=${id} style="display:inline-block;width:150px;white-space:nowrap">${text}</span>`;
    await expectBoxes(`<div style="width:400px"><input id=w1><input id=w2><input id=w3></div><div style="width:400px">${nowrap('n1', 'a')}${nowrap('n2', 'b')}${nowrap('n3', 'c')}</div><div style="width:400px;white-space:nowrap"><input id=k1><input id=k2><input id=k3></div>`,
      ['w1 0,0 177x21', 'w2 177,0 177x21', 'w3 0,21 177x21', 'n1 0,42 150x20', 'n2 150,42 150x20', 'n3 0,62 150x20', 'k1 0,82 177x21', 'k2 177,82 177x21', 'k3 354,82 177x21']);
  });

  it('text fields of size=N, in the UA font and in others', async () => {
    await expectBoxes('<style>input { display: block }</style><input id=s1 size=1 value=a><input id=s3 size=3 value=a><input id=s5 size=5 value=a><input id=s40 size=40 value=a>'
      + '<input id=f16 size=3 value=a style="font: 16px Arial"><input id=serif size=10 value=a style="font: 16px \'Liberation Serif\'"><input id=big size=3 value=a style="font-size: 26.666px">',
    ['s1 0,0 25x21', 's3 0,21 41x21', 's5 0,42 57x21', 's40 0,63 337x21', 'f16 0,84 47x24.4', 'serif 0,108.4 109x24', 'big 0,132 73x37']);
  });

  it('text fields and textareas in the face their weight and style select: its average and widest characters', async () => {
    const fields = {
      b: 'font-weight: bold', c: 'font-style: italic', d: 'font: bold italic 16px Arial', f: "font: bold 16px 'Times New Roman'",
      f2: "font: italic 16px 'Times New Roman'", f3: "font: bold italic 16px 'Times New Roman'", h: "font: bold 16px 'DejaVu Sans'", j: "font: italic 16px 'DejaVu Sans'",
    };
    const textareas = {
      t1: ['font: 10px Arial', 20], t2: ['font: 20px Arial', 5], t3: ['font: 30px Arial', 30], t4: ["font: bold 30px 'Times New Roman'", 7],
      t5: ["font: italic 11px 'DejaVu Sans'", 33], g: ['font: bold 13px Arial', 20], g3: ["font: bold 16px 'DejaVu Sans'", 20], t7: ['font: 16px Arial; padding: 0; border: 0', 20],
    } as const;
    const html = Object.entries(fields).map(([id, css]) => `<input id=${id} style="${css}">`).join('')
      + Object.entries(textareas).map(([id, [css, cols]]) => `<textarea id=${id} cols=${cols} style="${css}"></textarea>`).join('');
    const doc = await layoutHtml(PAGE + html);
    const widths = Object.fromEntries([...Object.keys(fields), ...Object.keys(textareas)].map((id) => [id, findById(doc.pages[0]!, id)!.width]));
    // Chromium 156 (getBoundingClientRect, the Liberation 1.x fonts it finds on Linux)
    expect(widths).toEqual({ b: 181, c: 178, d: 219, f: 218, f2: 199, f3: 205, h: 232, j: 206, t1: 141, t2: 81, t3: 561, t4: 147, t5: 219, g: 181, g3: 205, t7: 204 });
  });

  it('a select as wide as its widest option', async () => {
    await expectBoxes('<div><select id=s1><option>One</option><option selected>Two words</option></select></div>', ['s1 0,1 86x19']);
    await expectBoxes('<div><select id=s2><option selected>One</option><option>Two words</option></select></div>', ['s2 0,1 86x19']);
  });

  it('textareas sized by cols and rows', async () => {
    await expectBoxes('<div><textarea id=ta1>Some text</textarea><textarea id=ta2 rows=3 cols=10>A</textarea></div>', ['ta1 0,15 182x36', 'ta2 182,0 102x51']);
  });

  it('vertical textareas: cols along the inline axis (height), rows across it', async () => {
    await expectBoxes('<div><textarea id=tv1 style="writing-mode: vertical-rl; height: 60px">Hi</textarea><textarea id=tv2 style="writing-mode: vertical-rl">Hi there</textarea></div>',
      ['tv1 0,116 36x66', 'tv2 36,0 36x182']);
  });

  it('textarea rows of line-height normal in the font\'s line spacing, its ascent, descent and gap each rounded', async () => {
    // Chromium 156; octavo took unrounded spacing, and Liberation Sans's for every font but monospace (36.2, 75, 46.9, 103.7 tall)
    await expectBoxes(`<div style="display:flex;flex-direction:column;align-items:start"><textarea id=tb1></textarea><textarea id=tb2 style="font: 15px serif" rows=4></textarea>
      <textarea id=tb3 style="font: 13px Arial; padding: 0" rows=3 cols=10></textarea><textarea id=tb4 style="font: 17px 'DejaVu Sans'" rows=5></textarea></div>`,
    ['tb1 0,0 182x36', 'tb2 0,36 201x74', 'tb3 0,110 97x47', 'tb4 0,157 201x106']);
  });

  // field-sizing: content (CSS UI 4 §5.1): the text or placeholder shown, not size, cols or rows; an empty field is its edges
  // and the caret's 1px; a number field keeps its spin buttons' 15px; a drop-down fits its selected option, a list box shows all
  it('fields, textareas and selects sized by their content with field-sizing: content', async () => {
    await expectBoxes(`<style>.c { field-sizing: content; display: block }</style>
      <input id=c1 class=c value="Ada Lovelace" size=40><input id=c2 class=c><input id=c3 class=c placeholder="Your name"><input id=c4 class=c type=number value=1234><input id=c5 class=c type=number>
      <textarea id=c6 class=c>Some text\nand a longer</textarea><textarea id=c7 class=c rows=5 cols=40></textarea><textarea id=c8 class=c style="width: 100px">Some text that wraps over more than one line</textarea>
      <select id=c9 class=c><option>One</option><option selected>Two words</option></select><select id=c10 class=c><option selected>One</option><option>Two words</option></select>
      <select id=c11 class=c multiple><option>One</option><option>Two words</option><option>Three</option><option>Four</option><option>Five</option></select>
      <input id=c12 class=c value="Ada Lovelace" style="min-width: 120px">`,
    ['c1 0,0 88.78x21', 'c2 0,21 9x21', 'c3 0,42 71.98x21', 'c4 0,63 52.66x21', 'c5 0,84 24x21', 'c6 0,105 102.3x36', 'c7 0,141 7x21', 'c8 0,162 106x81',
      'c9 0,243 85.7x19', 'c10 0,262 47.2x19', 'c11 0,281 84.7x87', 'c12 0,368 128x21']);
  });

  it('keeps the natural size of fields and textareas with box-sizing: border-box (frameworks, quirks mode)', async () => {
    // Chromium: the size, cols and rows give the content box whatever the box sizing
    await expectBoxes(`<style>* { box-sizing: border-box } div { margin: 2px; line-height: 0 }</style><div><input id=i1></div><div><input id=i2 size=4 value="ab"></div>
      <div><textarea id=t1 cols=10 rows=2></textarea></div><div><textarea id=t2 style="padding: 8px"></textarea></div><div><input id=d1 type=date value="2026-12-31"></div>`,
    ['i1 2,2 177x21', 'i2 2,25 49x21', 't1 2,48 102x36', 't2 2,86 194x48', 'd1 2,136 125.3x21.3']);
  });

  it('buttons sized by their label', async () => {
    await expectBoxes('<div><button id=b1>Send</button><input id=b2 type=submit value="Go"></div>', ['b1 0,0 47.1x21', 'b2 47.1,0 33.8x21']);
  });

  it('colour wells with their swatch\'s bottom on the baseline, 6px above their own', async () => {
    await expectBoxes('<div>Text <input id=c type=color value="#3366ff"> <button id=b>Go</button> <input id=c2 type=color style="height: 40px; margin-bottom: 3px"></div>',
      ['c 33.8,13 50x27', 'b 88.25,19 33.78x21', 'c2 126.48,0 50x40']);
  });

  // 34 "0"s of the field's font wide (Chromium's default), whatever the button and label take; the button's height
  it('file choosers: a button and its label in a field 34 zeros wide', async () => {
    await expectBoxes(`<div>Text <input id=f type=file> <input id=f2 type=file multiple style="width: 120px"></div><div><input id=f3 type=file style="border: 1px solid red; padding: 4px"></div>
      <div><input id=f4 type=file style="font-size: 20px"></div><div><input id=f5 type=file style="box-sizing: border-box; padding: 0 10px"></div>`,
    ['f 33.8,0 253x21', 'f2 291.25,0 120x21', 'f3 0,21 263x31', 'f4 0,52 379x29', 'f5 0,81 273x21']);
  });

  it('progress and meter bars', async () => {
    await expectBoxes('<div><progress id=p1 value=0.3></progress><meter id=m1 value=0.6></meter></div>', ['p1 0,2.2 160x16', 'm1 160,2.2 80x16']);
  });

  // Sizes are Chromium's: a time field is 24px high for its clock (not drawn), a date field 21.3
  // for its fields' line and 1px above and below it. The lines differ: the tests' monospace is
  // Liberation Mono, Chromium's DejaVu Sans Mono, whose lines are taller. With the fonts a Debian
  // machine installs the boxes are Chromium's to 0.05px (d1 0,0; t1 0,21.33; l1 0,45.33).
  it('date and time fields, sized for their pattern in a monospace font', async () => {
    await expectBoxes('<div><input id=d1 type=date value="2026-12-31"><input id=d2 type=date></div>'
      + '<div><input id=t1 type=time value="14:30"><input id=t2 type=time value="09:05:07"></div>'
      + '<div><input id=l1 type=datetime-local value="2026-12-31T14:30"><input id=m1 type=month value="2026-12"><input id=w1 type=week></div>',
    ['d1 0,1.4 125.3x21.3', 'd2 125.3,1.4 125.3x21.3', 't1 0,22.2 104x24', 't2 104,22.2 130x24', 'l1 0,47 211.3x21.3', 'm1 211.3,47 155.3x21.3', 'w1 366.7,47 147.3x21.3']);
  });

  it('date and time fields take the vertical padding of ::-webkit-datetime-edit-fields-wrapper (Bootstrap\'s reboot: 0)', async () => {
    // Chromium 156: the UA's 1px above and below the fields' line, 0 or 3px from the author; the
    // fields' own padding adds nothing; a list with the other parts Chromium knows keeps the rule
    // (before: dropped, every Bootstrap date field 2px taller than its text fields)
    await expectBoxes('<style>input { display: block; font: 14px/1.5 "Liberation Sans"; padding: 4px 8px; border: 1px solid #ccc; width: 200px; margin-bottom: 4px }'
      + '.z::-webkit-datetime-edit-fields-wrapper { padding: 0 } .y::-webkit-datetime-edit-fields-wrapper { padding: 3px 0 }'
      + '.x::-webkit-datetime-edit-day-field, .x::-webkit-datetime-edit-text { padding: 0 }'
      + '.w::-webkit-datetime-edit-fields-wrapper, .w::-webkit-datetime-edit-text, .w::-webkit-datetime-edit-year-field, .w::-webkit-datetime-edit { padding: 0 }</style>'
      + '<input id=d type=date value="2027-01-15"><input id=z class=z type=date value="2027-01-15"><input id=y class=y type=date value="2027-01-15">'
      + '<input id=x class=x type=date value="2027-01-15"><input id=t class=z type=time value="10:30"><input id=w class=w type=datetime-local value="2027-01-15T10:30">',
    ['d 0,0 218x33', 'z 0,37 218x31', 'y 0,72 218x37', 'x 0,113 218x33', 't 0,150 218x31', 'w 0,185 218x31']);
  });

  it('date and time fields keep their content box for their pattern and picker whatever their padding, border and font size', async () => {
    // Chromium 156: the picker's room and height scale in part with the font (10px and 20px fields
    // without padding or border), and the author's padding and border go around the same content
    await expectBoxes('<style>input { display: block }</style><input id=a type=date style="padding:0;border:0;font-size:10px">'
      + '<input id=b type=time value="07:45" style="padding:0;border:0;font-size:20px"><input id=c type=date value="2026-01-31" style="padding:4px 6px;border:1px solid #ccc">'
      + '<input id=d type=time style="font-size:10px"><input id=e type=week style="box-sizing:border-box;padding:4px 6px;border:1px solid #ccc;font-size:12px">',
    ['a 0,0 93x14', 'b 0,14 138x27', 'c 0,41 134.3x27.3', 'd 0,68.3 84.5x20.5', 'e 0,88.8 143x26']);
  });

  it('a field or button given a border, background or appearance: none shows Chromium\'s own padding and 2px border; a button is as wide as its label', async () => {
    // octavo's sheet draws the native look (a 1px border, more padding: the same size); once it is
    // lost, Chromium's html.css padding (1px 2px, a button's 1px 6px) and 2px border show
    await expectBoxes('<style>input, button, textarea { display: block }</style><input id=a style="border: 1px solid #ccc"><input id=b style="background: #eee">'
      + '<input id=c type=date style="border: 1px solid #ccc"><input id=d type=number style="appearance: none"><input id=e style="border-color: red">'
      + '<button id=f>Send</button><button id=g style="border: 1px solid #ccc">Send</button><button id=h style="background: #09f; border: 0">Send</button>'
      + '<input id=i type=submit style="border: 1px solid"><textarea id=j style="border: 1px solid" rows=1></textarea>',
    ['a 0,0 175x19', 'b 0,19 177x21', 'c 0,40 123.3x19.3', 'd 0,59.3 177x21', 'e 0,80.3 177x21', 'f 0,101.3 47.1x21', 'g 0,122.3 45.1x19',
      'h 0,141.3 43.1x17', 'i 0,158.3 55.5x19', 'j 0,177.3 182x21']);
  });

  it('a field or button keeping its native look adds the author\'s padding inside its 2px border', async () => {
    // Chromium 156 (getBoundingClientRect, 13.333px Arial): padding alone keeps the native look, drawn
    // as a 1px line over a 2px border — a button with `padding: 6px` is 31px tall, a text field 185px wide
    const controls = '<input id=c value=Alpha style="padding:6px"> <button id=d>Go</button> <button id=e style="padding:6px">Go</button> <button id=f style="padding:6px;border:1px solid red">Go</button> <input id=g type=submit value=Go style="padding:6px 2%">'
      + '<input id=a type=date value="1987-04-12" style="padding:6px;display:block"><input id=b type=time value="09:30" style="padding:6px;display:block">';
    await expectBoxes(`<div style="font:10pt Arial;width:500px">${controls}</div>`,
      ['c 0,0 185x31', 'd 188.7,5 33.8x21', 'e 226.2,0 33.8x31', 'f 263.7,1 31.8x29', 'g 299.2,0 41.8x31', 'a 0,31 136.3x33.3', 'b 0,64.3 115x36']);
  });

  it('a drop-down select is as wide as its widest option rounded up to a pixel, and its arrow', async () => {
    // Chromium 156: "One" in 13.333px Arial is 25.2px wide; the select 48px (MenuListIntrinsicInlineSize ceils the widest)
    await expectBoxes('<div style="font:10pt Arial"><select id=a><option>One</option></select> <select id=b style="padding:6px"><option>One</option><option>Three</option></select></div>',
      ['a 0,6 48x19', 'b 51.7,0 69x31']);
  });

  it("applies the author's width, padding, border and font", async () => {
    // Chromium 156: a 0,1 200x32, b 200,0 200x33 — the select's theme keeps 1px above and below
    // its text inside the author's padding (its text's line is 17px there: Blink rounds the font's
    // ascent and descent to whole pixels, octavo does not: 34)
    await expectBoxes('<style>.f { width: 200px; padding: 6px; border: 1px solid #ccc; font-size: 16px; box-sizing: border-box }</style>'
      + '<div><input id=a class=f value=x><select id=b class=f><option>x</option></select></div>', ['a 0,1 200x32', 'b 200,0 200x34']);
  });

  it('shows size rows of a list box, 1.2em and 1px each, with its scrollbar room (as Chromium)', async () => {
    // Chromium 156: 75.09x70 (4 rows), 55.83x53 (3 of 5 options), 102.16x102 (20px), 85.09x80 (padding), 150x36
    await expectBoxes('<style>select { display: block }</style><select id=a multiple><option>Business</option><option>Team</option></select>'
      + '<select id=b size=3><option>One</option><option>Two</option><option>Three</option><option>Four</option><option>Five</option></select>'
      + '<select id=c multiple style="font-size:20px"><option>Business</option></select><select id=d multiple style="padding:5px"><option>Business</option></select>'
      + '<select id=e size=2 style="width:150px"><option>x</option></select>',
    ['a 0,0 75.1x70', 'b 0,70 55.8x53', 'c 0,123 102.2x102', 'd 0,225 85.1x80', 'e 0,305 150x36']);
  });

  it('sits a list box on the text\'s bottom after a drop-down styled by the same rules (as Chromium)', async () => {
    // Chromium 156: the text beside the padded list box 44.78px below its row's top, as with no drop-down before it
    await expectBoxes('<style>body { font: 13px "Liberation Sans" } select { border: 1px solid #94a3b8; padding: 4px 6px; font: inherit }</style>'
      + '<div><span id=x1>Text</span> <select id=s1><option>Second</option></select></div>'
      + '<div><span id=x2>Text</span> <select id=m1 multiple size=3><option>Alpha</option><option>Beta</option><option>Gamma</option></select></div>'
      + '<div><span id=x3>Text</span> <select id=m3 multiple size=3 style="padding:0"><option>Alpha</option><option>Beta</option><option>Gamma</option></select></div>',
    ['x1 0,6 23.8x15', 's1 27.5,0 79x27', 'x2 0,71.8 23.8x15', 'm1 27.5,27 79.2x59.8', 'x3 0,123.6 23.8x15', 'm3 27.5,86.8 67.2x51.8']);
  });

  it('keeps a select 1px above and 4px beside its text whatever its padding, in lines of normal height (as Chromium)', async () => {
    // Chromium 156: 77x19, 89x25, 77x19, 77x39, 57x17 (no theme: no room), 30x21 (line-height ignored); "Business" is 56.1px wide, rounded up
    await expectBoxes('<style>select { display: block }</style><select id=a><option>Business</option></select><select id=b style="padding:3px 6px"><option>Business</option></select>'
      + '<select id=c style="padding:0"><option>Business</option></select><select id=d style="padding:10px 0"><option>Business</option></select>'
      + '<select id=e style="appearance:none"><option>Business</option></select><select id=f style="font-size:16px;line-height:30px"><option>x</option></select>',
    ['a 0,0 77x19', 'b 0,19 89x25', 'c 0,44 77x19', 'd 0,63 77x39', 'e 0,102 57x17', 'f 0,119 30x22']);
  });
});

// Chromium 156's boxes (getBoundingClientRect): a control's natural width is its width in block
// flow, but grid and flex items stretch it as if its width were auto.
describe('form controls stretched by grid and flex', () => {
  it('stretches text, number and date fields to their grid column, narrower or wider than their natural width', async () => {
    await expectBoxes(`<div style="display:grid;grid-template-columns:120px 300px;gap:4px">
      <input id=g1><input id=g2 type=date><input id=g3 type=number><input id=g4 type=submit></div>`,
    ['g1 0,0 120x21', 'g2 124,0 300x21', 'g3 0,25 120x21', 'g4 124,25 300x21']);
  });

  it('stretches checkboxes and radios in a grid as well (their marks centred), not an image input', async () => {
    const image = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='10'/%3E";
    await expectBoxes(`<div style="display:grid;grid-template-columns:100px 150px"><span>Agree</span><input id=k1 type=checkbox checked>
      <span>Pick</span><input id=k2 type=radio><span>Image</span><input id=k3 type=image src="${image}"></div>`,
    ['k1 104,3 143x14', 'k2 105,23 142x17', 'k3 100,40 20x10']);
  });

  it('keeps their natural width when the grid does not stretch them, and in block flow', async () => {
    await expectBoxes(`<div style="display:grid;grid-template-columns:120px 300px;justify-items:start"><input id=s1><input id=s2></div>
      <div style="width:500px"><input id=b1 style="display:block"><select id=b2 style="display:block"><option>x</option></select></div>`,
    ['s1 0,0 177x21', 's2 120,0 177x21', 'b1 0,21 177x21', 'b2 0,42 29x19']);
  });

  it('stretches fields and selects across a column flex container; a row keeps their natural widths', async () => {
    await expectBoxes(`<div style="display:flex;flex-direction:column;width:300px"><input id=c1><select id=c2><option>x</option></select></div>
      <div style="display:flex;width:500px"><input id=r1><select id=r2><option>x</option></select></div>`,
    ['c1 0,0 300x21', 'c2 0,21 300x19', 'r1 0,40 177x21', 'r2 177,40 29x21']);
  });
});

// Chromium 156's boxes (getBoundingClientRect) of controls whose `appearance` is `none`: the author's
// CSS styles the box, its ::before and ::after, and the parts Chromium names (::-webkit-slider-thumb...).
describe('controls left to the author by appearance: none', () => {
  const STYLE = `<style>.sw { appearance: none; width: 36px; height: 20px; margin: 0; position: relative; vertical-align: middle }
    .sw::before { content: ""; position: absolute; top: 2px; left: 2px; width: 16px; height: 16px; background: white }
    .sw:checked::before { left: 18px }
    .r { appearance: none; width: 16px; height: 16px; margin: 0; display: inline-grid; place-content: center }
    .r::before { content: ""; width: 8px; height: 8px; background: red }
    .p { appearance: none; width: 200px; height: 10px; border: 0; display: block }
    .s { appearance: none; width: 300px; height: 20px; margin: 0 0 10px; display: block }
    .s::-webkit-slider-runnable-track { height: 6px }
    .s::-webkit-slider-thumb { appearance: none; width: 20px; height: 20px; margin-top: -7px }
    .u { appearance: none }</style>`;

  it('a checkbox or radio keeps its display and its ::before, on the line as Chromium sets it', async () => {
    await expectBoxes(`${STYLE}<div id=l1>x<input id=a class=sw type=checkbox checked>y<input id=b class=sw type=checkbox>z</div><div id=l2>x<input id=c class=r type=radio checked>y</div>`,
      ['l1 0,0 600x20.8', 'a 8,0.8 36x20', 'b 52,0.8 36x20', 'l2 0,20.8 600x20', 'c 8,23.8 16x16']);
    const doc = await layoutHtml(`${PAGE}${STYLE}<input id=a class=sw type=checkbox checked><input id=b class=sw type=checkbox><input id=c class=r type=radio>`);
    const knobs = ['a', 'b', 'c'].map((id) => {
      const box = findById(doc.pages[0]!, id);
      const knob = box?.kind === 'box' ? box.children.find((f) => f.kind === 'box' && f.box.pseudo === 'before') : undefined;
      return knob === undefined ? 'none' : `${knob.x - box!.x},${knob.y - box!.y} ${knob.width}x${knob.height}`;
    });
    // the checked switch's knob on the right, the other's on the left; the radio's dot centred by its grid
    expect(knobs).toEqual(['18,2 16x16', '2,2 16x16', '4,4 8x8']);
  });

  it('a slider is its track centred in its height and its thumb moved by the value over the track less its width', async () => {
    await expectBoxes(`${STYLE}<input id=s1 class=s type=range value=25><input id=s2 class=s type=range min=0 max=10 value=10><div id=l3>x<input id=s3 class=u type=range>y</div>`,
      ['s1 0,0 300x20', 's2 0,30 300x20', 'l3 0,60 600x23', 's3 10,62 129x16']);
    const doc = await layoutHtml(`${PAGE}${STYLE}<input id=s1 class=s type=range value=25><input id=s2 class=s type=range min=0 max=10 value=10><input id=s3 class=u type=range value=0>`);
    const thumbs = ['s1', 's2', 's3'].map((id) => {
      const box = findById(doc.pages[0]!, id)!;
      const leaves: Fragment[] = [];
      const walk = (f: Fragment): void => { if (f.kind === 'box') { if (f.children.length === 0) leaves.push(f); f.children.forEach(walk); } };
      walk(box);
      const thumb = leaves.at(-1)!;
      return `${Math.round((thumb.x - box.x) * 100) / 100},${thumb.y - box.y} ${thumb.width}x${thumb.height}`;
    });
    // 25 % of 280px; the last of the track; a native 16px thumb at the start of a 129px slider
    expect(thumbs).toEqual(['70,0 20x20', '280,0 20x20', '0,0 16x16']);
  });

  it('a button told display: inline stays atomic: inline-block, its size applied (Chromium: 60x20)', async () => {
    const doc = await layoutHtml(`${PAGE}<p>a<button id=b style="display:inline;width:60px;height:20px;margin:0">x</button>b</p>`);
    expect([findById(doc.pages[0]!, 'b')!.width, findById(doc.pages[0]!, 'b')!.height]).toEqual([60, 20]);
  });

  it('a select honours line-height (Chromium: 42px tall with line-height: 40px, 19px with its appearance)', async () => {
    const doc = await layoutHtml(`${PAGE}<select id=a style="line-height:40px;appearance:none"><option>One</option></select><select id=b style="line-height:40px"><option>One</option></select>`);
    expect(['a', 'b'].map((id) => findById(doc.pages[0]!, id)!.height)).toEqual([42, 19]);
  });

  it('a progress bar is its ::-webkit-progress-bar holding its value as wide as its fraction, whatever width the author gives it', async () => {
    const doc = await layoutHtml(`${PAGE}${STYLE}<style>.p::-webkit-progress-value { width: 10px }</style><progress id=p1 class=p value=30 max=100></progress>`);
    const box = findById(doc.pages[0]!, 'p1')!;
    const bar = box.kind === 'box' ? box.children[0]! : undefined;
    const value = bar?.kind === 'box' ? bar.children[0] : undefined;
    expect([bar?.width, bar?.height, value?.width, value?.height]).toEqual([200, 10, 60, 10]);
  });
});

describe('form controls in a font not known before it loads', () => {
  it('count a textarea\'s cols and rows and a text field\'s size in the loaded font, as Chromium 156', async () => {
    // A web font (Source Serif 4) inherited by `font: inherit`, as CSS resets write: its OS/2 average
    // character, its widest glyph and its line spacing. Before, the css stage's estimate (0.5em
    // characters, 1.2em lines): a 291x72 textarea was 291x60 and a 129px field 118px.
    const fonts = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));
    const doc = await layoutHtml('<!DOCTYPE html><style>@font-face { font-family: ss; src: url(SourceSerif4-Regular.woff2) } @page { size: 600px 500px; margin: 0 }'
      + ' body { margin: 0; font: 16px/20px ss } textarea, input { display: block; font: inherit; line-height: normal; margin: 0 }</style>'
      + '<textarea id=a rows=3 cols=30>ab</textarea><input id=b size=10 value=x>', { baseDir: fonts });
    const size = (id: string): string => { const f = findById(doc.pages[0]!, id)!; return `${f.width}x${f.height}`; };
    expect([size('a'), size('b')]).toEqual(['291x72', '129x28']);
  });
});
