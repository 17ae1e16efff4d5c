/**
 * Text decorations propagate into the block-level boxes an inline box holds (CSS Text Decoration
 * 3 §2.1; CSS2 §9.2.1.1 splits the inline around them): a linked card (`<a href><div>`) or table
 * is underlined in Chromium, in the link's decoration colour.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

// transparent text: only the decorations are drawn
const STYLE = `<style>@page { size: 24px 24px; margin: 0 } body { margin: 0; font: 10px/12px "Liberation Mono" }
  a, span { color: transparent; text-decoration: underline red 2px; text-underline-offset: 0 } td { padding: 0 }</style>`;

const painted = (rows: readonly string[]): number => rows.join('').replace(/_/g, '').length;

describe('text decorations into block-level boxes', () => {
  it('underlines the text of a block and of a table taken out of a link, as Chromium does', async () => {
    for (const body of ['<a href="#x"><div>xx</div></a>', '<a href="#x"><table cellspacing=0><tr><td>xx</td></tr></table></a>', '<span><b><div>xx</div></b></span>']) {
      const page = await renderPage(`<!DOCTYPE html>${STYLE}${body}`);
      // a 12px (two 6px glyphs) red underline, 2px thick
      expect(painted(page)).toBe(24);
      expect(page.filter((row) => row.includes('R')).map((row) => row.indexOf('R'))).toEqual([0, 0]);
    }
  });

  it('does not underline a block beside the link', async () => {
    const page = await renderPage(`<!DOCTYPE html>${STYLE}<div><a href="#x"></a></div><div style="color: transparent">xx</div>`);
    expect(painted(page)).toBe(0);
  });
});

// Liberation Sans 20px on 24px lines, transparent text, 2px red lines not skipping ink
const RAISED = `<!DOCTYPE html><style>@page { size: 40px 40px; margin: 0 } body { margin: 0; font: 20px/24px "Liberation Sans"; color: transparent; text-decoration-skip-ink: none }
  .d { text-decoration-color: red; text-decoration-thickness: 2px } .sup { vertical-align: super; font-size: smaller } .small { font-size: 10px } .up5 { vertical-align: 5px }</style>`;

/** The rows a red line covers. */
const redRows = (rows: readonly string[]): number[] => rows.flatMap((row, i) => (row.includes('R') ? [i] : []));

describe('decorations propagated from an ancestor', () => {
  // CSS Text Decoration 3 §2; rows measured in Chromium 156
  it('draws an ancestor underline at the ancestor baseline, under raised, lowered and smaller text', async () => {
    const cases: [string, number[]][] = [
      ['<a class=d style="text-decoration-line: underline"><span class=sup>xx</span></a>', [26, 27]],
      ['<a class=d style="text-decoration-line: underline"><sub>xx</sub></a>', [20, 21]],
      ['<a class=d style="text-decoration-line: underline"><span class=up5>xx</span></a>', [25, 26]],
      ['<a class=d style="text-decoration-line: underline"><span class=small>xx</span></a>', [20, 21]],
      ['<div class=d style="text-decoration-line: underline"><span class=sup>xx</span></div>', [26, 27]],
    ];
    for (const [body, rows] of cases) expect(redRows(await renderPage(`${RAISED}${body}`)), body).toEqual(rows);
  });

  it('moves an underline declared on the raised text itself with it', async () => {
    expect(redRows(await renderPage(`${RAISED}<a><span class="d sup" style="text-decoration-line: underline">xx</span></a>`))).toEqual([18, 19]);
  });

  it('draws a line-through at the text top plus two thirds of the ancestor font ascent, an overline at the text top', async () => {
    const cases: [string, number[]][] = [
      ['<a class=d style="text-decoration-line: line-through"><span class=sup>xx</span></a>', [13, 14]],
      ['<a class=d style="text-decoration-line: line-through"><span class=small>xx</span></a>', [21, 22]],
      ['<a class=d style="text-decoration-line: line-through"><span class=up5>xx</span></a>', [12, 13]],
      ['<a class=d style="text-decoration-line: overline"><span class=sup>xx</span></a>', [0, 1]],
      ['<a class=d style="text-decoration-line: overline"><span class=small>xx</span></a>', [8, 9]],
    ];
    for (const [body, rows] of cases) expect(redRows(await renderPage(`${RAISED}${body}`)), body).toEqual(rows);
  });
});
