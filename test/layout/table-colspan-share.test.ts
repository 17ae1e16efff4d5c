import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

/** A cell's x and width (CSS px, rounded to whole px: Blink's are in 1/64 px). */
async function columns(html: string, ids: readonly string[]): Promise<string[]> {
  const { pages } = await layoutHtml(html);
  return ids.map((id) => {
    const f = findById(pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    const r = (n: number): number => Math.round(n);
    return `${r(f.x)}+${r(f.width)}`;
  });
}

const PAGE = '<style>@page { size: 700px 400px; margin: 0 } body { margin: 0 }</style>';
const block = (px: number): string => `<div style="width:${px}px;height:10px"></div>`;

describe('a spanning cell shared over its columns as Blink shares it (CSS Tables 3 §3.9.3)', () => {
  it('keeps an e-mail\'s width=180/20/420 columns under a colspan=3 banner of 620px', async () => {
    // Chromium 156: 0+180, 180+20, 200+420 (the banner fills the columns' widths exactly)
    expect(await columns(`${PAGE}<table width="620" border="0" cellspacing="0" cellpadding="0">
      <tr><td colspan="3">${block(620)}</td></tr>
      <tr><td id="c1" width="180" valign="top">${block(90)}</td><td id="c2" width="20">${block(4)}</td>
        <td id="c3" width="420" valign="top">${block(80)}</td></tr></table>`, ['c1', 'c2', 'c3']))
      .toEqual(['0+180', '180+20', '200+420']);
  });

  it('grows columns of a width by what they lack in proportion to it, and shares the rest by max-content', async () => {
    // Chromium 156: a 300px banner over width=100 and width=50 makes them 200 and 100; over a
    // width=100 column and an auto one of a 500px table, 100 and 380.94 (the third column 19.06)
    expect(await columns(`${PAGE}<table cellspacing="0" cellpadding="0">
      <tr><td colspan="2">${block(300)}</td></tr>
      <tr><td id="d1" width="100">${block(50)}</td><td id="d2" width="50">${block(10)}</td></tr></table>
      <table cellspacing="0" cellpadding="0" width="500">
      <tr><td colspan="2">${block(300)}</td><td id="e3">${block(10)}</td></tr>
      <tr><td id="e1" width="100">${block(50)}</td><td id="e2">${block(10)}</td><td></td></tr></table>`, ['d1', 'd2', 'e1', 'e2', 'e3']))
      .toEqual(['0+200', '200+100', '0+100', '100+381', '481+19']);
  });

  it('grows percentage columns by their percentages when a spanning cell asks for more than they have', async () => {
    // Chromium 156: a colspan=3 header of width=50% over "one", width=80 and "three three three"
    // gives them 50 % between them by their max-content widths, and the table is as wide as the
    // narrowest column's max-content over its share: 629.33px (71.05, 243.36, 314.92)
    const html = `<!DOCTYPE html><style>@page { size: 794px 400px; margin: 0 } body { margin: 0; font: 14px Arial }</style>
      <table cellpadding="0" cellspacing="0" id="t"><tr><td colspan="3" width="50%" bgcolor="#fcc">Header spanning three with some text</td></tr>
      <tr><td id="c1">one</td><td id="c2" width="80">two</td><td id="c3">three three three</td></tr></table>`;
    expect(await columns(html, ['t', 'c1', 'c2', 'c3'])).toEqual(['0+629', '0+71', '71+243', '314+315']);
  });
});
