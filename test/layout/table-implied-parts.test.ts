import { describe, expect, it } from 'vitest';
import type { PageLayout } from '../../src/layout/types.js';
import { findById, layoutHtml } from '../helpers/layout.js';

const BASE = '@page { size: 600px 400px; margin: 0 } body { margin: 0 } table { border-spacing: 0 } td { padding: 0 } .w { width: 50px; height: 10px }';
const cell = (id: string): string => `<td id=${id}><div class=w></div></td>`;

function fragment(page: PageLayout, id: string): Extract<ReturnType<typeof findById>, { kind: 'box' }> {
  const f = findById(page, id);
  if (f === undefined || f.kind !== 'box') throw new Error(`#${id} not laid out`);
  return f;
}

const at = (page: PageLayout, id: string): string => {
  const f = fragment(page, id);
  return `${f.x},${f.y} ${f.width}x${f.height}`;
};

// rows written straight in <table> are in the <tbody> HTML's parser implies (HTML §13.2.6.4.9)
describe('the table parts HTML implies', () => {
  it('matches tbody selectors on rows written straight in the table, and moves a stray div before it', async () => {
    const css = `${BASE} tbody tr:nth-child(even) { background: rgb(255, 204, 0) } table > tbody > tr > td:first-child { color: rgb(255, 0, 0) }`;
    const rows = [1, 2, 3].map((n) => `  <tr id=r${n}>${cell(`a${n}`)}${cell(`b${n}`)}</tr>\n`).join('');
    const doc = await layoutHtml(`<style>${css}</style><table id=t>\n${rows}  <div id=f class=w></div>\n</table>`);
    const page = doc.pages[0]!;
    // Chromium 156: r2 rgb(255, 204, 0), r1 and r3 transparent; a1-a3 red, b1-b3 black
    // (a row gets a fragment of its own only when it has something to paint)
    expect([1, 2, 3].map((n) => findById(page, `r${n}`) !== undefined)).toEqual([false, true, false]);
    expect(fragment(page, 'r2').box.style.backgroundColor).toEqual({ r: 255, g: 204, b: 0, a: 1 });
    expect([1, 2, 3].map((n) => fragment(page, `a${n}`).box.style.color.r)).toEqual([255, 255, 255]);
    expect([1, 2, 3].map((n) => fragment(page, `b${n}`).box.style.color.r)).toEqual([0, 0, 0]);
    // Chromium: the div is foster parented before the table: f 0,0 50x10, t 0,10 100x30
    expect(['f', 't', 'r2', 'b1'].map((id) => at(page, id))).toEqual(['0,0 50x10', '0,10 100x30', '0,20 100x10', '50,10 50x10']);
  });
});
