import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { renderPage } from '../helpers/render.js';

const FONTS = fileURLToPath(new URL('../fixtures/fonts/', import.meta.url));

const pixels = (css: string, html: string): Promise<string[]> => renderPage(`<!DOCTYPE html><style>body { margin: 0 } p { margin: 0 } ${css}</style>${html}`, { data: {} });

/** A 4x4 (or w x h) inline-block of one colour. */
const box = (colour: string, extra = '', w = 4, h = 4): string =>
  `<span style="display:inline-block;width:${w}px;height:${h}px;background:${colour};${extra}"></span>`;

// Glyphs are transparent so that only the decorations are drawn. Liberation Mono 10px on a
// 20px line: ascent 8.33 and descent 3 rounded to 8 and 3, the half-leading above floored:
// baseline at 8 + ⌊(20 - 8 - 3) / 2⌋ = 12px; the font's underline position is the stem's centre.
const decorated = '@page { size: 30px 20px; margin: 0 } p { font: 10px/20px "Liberation Mono"; color: transparent }';
const blank = '_'.repeat(30);
const rows = (map: Record<number, string>): string[] => Array.from({ length: 20 }, (_, i) => map[i] ?? blank);

describe('text-decoration pixels (CSS Text Decoration 3)', () => {
  it('draws an underline of the given thickness and colour below the baseline, as wide as the text', async () => {
    const red = 'R'.repeat(24) + '_'.repeat(6);
    expect(await pixels(decorated, '<p><span style="text-decoration:underline red;text-decoration-thickness:2px">xxxx</span></p>'))
      .toEqual(rows({ 13: red, 14: red }));
  });

  it('moves an underline by text-underline-offset: from the baseline, percentages of the decorating box\'s 1em (CSS Text Decoration 4 §4.3)', async () => {
    const red = 'R'.repeat(24) + '_'.repeat(6);
    const underline = 'text-decoration:underline red;text-decoration-thickness:2px';
    // baseline 12 + 5 = 17: rows 17 and 18
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-offset:5px">xxxx</span></p>`)).toEqual(rows({ 17: red, 18: red }));
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-offset:50%">xxxx</span></p>`)).toEqual(rows({ 17: red, 18: red }));
    // the offset is the decorating box's: a smaller child's text keeps its line
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-offset:50%">xx<span style="font-size:5px">xxxx</span></span></p>`))
      .toEqual(rows({ 17: red, 18: red }));
    // inherited: set on the paragraph, it moves the span's underline
    expect(await pixels(`${decorated} p { text-underline-offset: 5px }`, `<p><span style="${underline}">xxxx</span></p>`)).toEqual(rows({ 17: red, 18: red }));
    // negative: above the baseline (12 - 4 = 8), as Chromium draws it (it was an invalid value, a warning and no offset)
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-offset:-4px;text-decoration-skip-ink:none">xxxx</span></p>`)).toEqual(rows({ 8: red, 9: red }));
  });

  it('places an underline below the descent with text-underline-position: under, and offsets from there', async () => {
    const red = 'R'.repeat(24) + '_'.repeat(6);
    const underline = 'text-decoration:underline red;text-decoration-thickness:2px';
    // Liberation Mono's descent is 0.3em: 12 + 3 = 15
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-position:under">xxxx</span></p>`)).toEqual(rows({ 15: red, 16: red }));
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-position:under left;text-underline-offset:1px">xxxx</span></p>`))
      .toEqual(rows({ 16: red, 17: red }));
    // from-font: the font's position (rows 13-14 with auto) moved by the offset
    expect(await pixels(decorated, `<p><span style="${underline};text-underline-position:from-font;text-underline-offset:2px">xxxx</span></p>`))
      .toEqual(rows({ 15: red, 16: red }));
  });

  it('draws a line-through at half the x-height above the baseline', async () => {
    expect(await pixels(decorated, '<p><span style="text-decoration:line-through blue;text-decoration-thickness:1px">xxxx</span></p>'))
      .toEqual(rows({ 9: 'B'.repeat(24) + '_'.repeat(6) }));
  });

  it('draws a double overline above the text\'s top, its second line above the first (as Chromium 156: rows 3 and 1)', async () => {
    // the text's top: the baseline less the ascent rounded, 12 - 8; the line its thickness above that
    const red = 'R'.repeat(24) + '_'.repeat(6);
    expect(await pixels(decorated, '<p><span style="text-decoration:overline double red;text-decoration-thickness:1px">xxxx</span></p>'))
      .toEqual(rows({ 1: red, 3: red }));
  });

  it('draws dashed and dotted lines as Chromium 156 prints them (6px dashes 3px apart over 24px, 2px square dots every 4px)', async () => {
    const dashed = 'RRRRRR___RRRRRR___RRRRRR______';
    expect(await pixels(decorated, '<p><span style="text-decoration:underline dashed red;text-decoration-thickness:2px">xxxx</span></p>'))
      .toEqual(rows({ 13: dashed, 14: dashed }));
    const dotted = 'RR__RR__RR__RR__RR__RR________';
    expect(await pixels(decorated, '<p><span style="text-decoration:underline dotted red;text-decoration-thickness:2px">xxxx</span></p>'))
      .toEqual(rows({ 13: dotted, 14: dotted }));
  });

  it('draws a wavy line around the underline position', async () => {
    const wavy = await pixels(decorated, '<p><span style="text-decoration:underline wavy red;text-decoration-thickness:1px">xxxx</span></p>');
    const painted = wavy.map((row, i) => (row.includes('R') ? i : -1)).filter((i) => i >= 0);
    expect(painted.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...painted)).toBeGreaterThanOrEqual(13);
    expect(Math.max(...painted)).toBeLessThanOrEqual(17);
  });

  it('draws a wavy underline as Chromium 156 does: 11px waves 4.3px high below a 2px line, starting downwards', async () => {
    const wavy = await pixels('@page { size: 200px 60px; margin: 0 } p { font: 20px/40px "Liberation Mono"; color: transparent }',
      '<p><span style="text-decoration: underline wavy red 2px">xxx</span></p>');
    // Chromium's PDF of the same page, at 96 dpi: red in rows 26 to 32 (baseline 25), the waves rising
    // through row 27 from x = 7, 17 and 28. (On a 60x40px page Chromium paints the same wave a row
    // lower, rows 27 to 32.)
    const painted = wavy.map((row, i) => (row.includes('R') ? i : -1)).filter((i) => i >= 0);
    expect(painted).toEqual([26, 27, 28, 29, 30, 31, 32]);
    const crests = [...wavy[27]!.matchAll(/R+/g)].map((run) => run.index);
    expect(crests.map((x, k) => Math.abs(x - [7, 17, 28][k]!) <= 1)).toEqual([true, true, true]);
    expect(wavy[31]!.startsWith('RRR')).toBe(true);
  });

  it('propagates to in-flow block descendants, not to floats, absolutely positioned boxes or inline-blocks (§2.1)', async () => {
    const red = 'R'.repeat(12) + '_'.repeat(18);
    const page = await pixels('@page { size: 30px 100px; margin: 0 } div { font: 10px/20px "Liberation Mono"; color: transparent }',
      `<div style="text-decoration:underline red;text-decoration-thickness:2px">xx
        <div>xx</div>
        <div><span style="display:inline-block">xx</span></div>
        <div style="float:left">xx</div>
        <div style="position:absolute;top:80px;left:0">xx</div>
      </div>`);
    // Only the block's own line and its in-flow block child's are underlined.
    expect(page).toEqual(Array.from({ length: 100 }, (_, i) => ([13, 14, 33, 34].includes(i) ? red : blank)));
  });

  it('keeps each decorating box\'s colour through nested decorations', async () => {
    // a<span>b</span>c: the paragraph's blue underline runs under the span's lime line-through.
    const page = await pixels(`${decorated} p { text-decoration: underline blue; text-decoration-thickness: 1px }`,
      '<p>a<span style="text-decoration:line-through #00ff00;text-decoration-thickness:1px">b</span>c</p>');
    expect(page[13]).toBe('B'.repeat(18) + '_'.repeat(12));
    expect(page[9]).toBe('______GGGGGG__________________');
  });

  it('paints underlines under the text and line-throughs over it (CSS2 Appendix E, as Chromium)', async () => {
    // weasyprint.otf draws every glyph as a full em square: 0.8em above the baseline, 0.2em below.
    const page = await renderPage(`<style>@font-face { font-family: wp; src: url(weasyprint.otf) } @page { size: 20px 20px; margin: 0 }
      body { margin: 0 } p { margin: 0; font: 10px/20px wp; color: black }</style>
      <p><span style="text-decoration:underline line-through red;text-decoration-thickness:1px">ab</span></p>`, { data: {}, baseDir: FONTS });
    const painted = page.filter((row) => row.includes('R'));
    // The underline is hidden under the glyphs; only the line-through shows, over them.
    expect(painted).toEqual(['R'.repeat(20)]);
  });

  it('decorates every line of a wrapped span, only under its text', async () => {
    const page = await pixels('@page { size: 30px 40px; margin: 0 } p { font: 10px/20px "Liberation Mono"; color: transparent; width: 30px }',
      '<p>x <span style="text-decoration:underline red;text-decoration-thickness:1px">xx xx</span></p>');
    expect(page[13]).toBe('____________' + 'R'.repeat(12) + '______');
    expect(page[33]).toBe('R'.repeat(12) + '_'.repeat(18));
  });
});

// font-size 0 and line-height 0: the strut is empty, so a line box is exactly as tall as its boxes.
const flat = 'p { font: 0/0 "Liberation Mono" }';

describe('alignment pixels (CSS Text 3 §6)', () => {
  it('aligns right and centre', async () => {
    expect(await pixels(`@page { size: 20px 8px; margin: 0 } ${flat}`, `<p style="text-align:right">${box('red')}</p><p style="text-align:center">${box('blue')}</p>`)).toEqual([
      '________________RRRR', '________________RRRR', '________________RRRR', '________________RRRR',
      '________BBBB________', '________BBBB________', '________BBBB________', '________BBBB________',
    ]);
  });

  it('justifies by widening the spaces between boxes', async () => {
    const row = 'RRRR____BBBB____GGGG';
    expect(await pixels('@page { size: 20px 4px; margin: 0 } p { font: 2px/0 "Liberation Mono" }',
      `<p style="text-align:justify;text-align-last:justify">${box('red')} ${box('blue')} ${box('lime')}</p>`)).toEqual([row, row, row, row]);
  });

  it('starts right-to-left lines on the right, in reverse order', async () => {
    const row = '____________BBBBRRRR';
    expect(await pixels(`@page { size: 20px 4px; margin: 0 } ${flat}`, `<p dir=rtl>${box('red')}${box('blue')}</p>`)).toEqual([row, row, row, row]);
  });
});

describe('vertical-align pixels (CSS2 §10.8)', () => {
  it('places top, bottom, middle and baseline boxes in a line made 16px tall by a top-aligned box', async () => {
    // line-height 10px, font-size 10px: baseline 8 + ⌊(10 - 8 - 3) / 2⌋ = 7px below the line top before the tall box
    const page = await pixels('@page { size: 24px 16px; margin: 0 } p { font: 10px/10px "Liberation Mono" }',
      `<p>${box('red', 'vertical-align:top')}${box('blue', 'vertical-align:bottom')}${box('lime', 'vertical-align:middle')}${box('black')}${box('yellow', 'vertical-align:top', 4, 16)}</p>`);
    expect(page).toEqual([
      'RRRR____________YYYY____',
      'RRRR____________YYYY____',
      'RRRR____GGGG____YYYY____',
      'RRRR____GGGGKKKKYYYY____',
      '________GGGGKKKKYYYY____',
      '________GGGGKKKKYYYY____',
      '____________KKKKYYYY____',
      '________________YYYY____',
      '________________YYYY____',
      '________________YYYY____',
      '________________YYYY____',
      '________________YYYY____',
      '____BBBB________YYYY____',
      '____BBBB________YYYY____',
      '____BBBB________YYYY____',
      '____BBBB________YYYY____',
    ]);
  });

  it('raises by a length and lowers by a percentage of the line-height', async () => {
    const page = await pixels(`@page { size: 12px 12px; margin: 0 } ${flat}`,
      `<p>${box('red', 'vertical-align:4px')}${box('blue')}${box('lime', 'vertical-align:-50%;line-height:8px')}</p>`);
    expect(page).toEqual([
      'RRRR________', 'RRRR________', 'RRRR________', 'RRRR________',
      '____BBBB____', '____BBBB____', '____BBBB____', '____BBBB____',
      '________GGGG', '________GGGG', '________GGGG', '________GGGG',
    ]);
  });
});

describe('inline box backgrounds across lines', () => {
  it('paints each line fragment, with the padding only at the start and end of the box', async () => {
    const page = await pixels('@page { size: 30px 20px; margin: 0 } p { font: 10px/10px "Liberation Mono"; color: transparent; width: 30px }',
      '<p>x <span style="background:red;padding:0 2px">xx xx</span></p>');
    // content areas (11.33px) overflow the 10px lines, so the two fragments overlap by a row or two
    expect(page[0]).toBe('____________' + 'R'.repeat(14) + '____');
    expect(page[8]).toBe('____________' + 'R'.repeat(14) + '____');
    expect(page[12]).toBe('R'.repeat(14) + '_'.repeat(16));
    expect(page[19]).toBe('R'.repeat(14) + '_'.repeat(16));
  });
});
