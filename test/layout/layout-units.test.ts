/**
 * Lengths held as Blink holds them: in LayoutUnits of 1/64 px, truncated toward zero. A `.35em`
 * padding at 10.5px is 3.671875px, not 3.675, and the difference adds up over a page of rows and
 * paragraphs until a line moves to another page. Geometry as Chromium 156 reports it.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const r = (v: number): number => Math.round(v * 1000) / 1000;

async function boxes(body: string, ids: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(`<!doctype html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 14px/1.5 'Liberation Sans' }
    .badge { display: inline-block; padding: .35em .65em; font-size: .75em; line-height: 1 } td { padding: .3em .5em; border-bottom: 1px solid #ddd }
    table { border-collapse: collapse } p { margin: .3em 0 }</style>${body}`);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    return f === undefined ? `${id} -` : `${id} ${r(f.y)} ${r(f.height)}`;
  });
}

describe('padding and margins in LayoutUnits (1/64 px)', () => {
  it('sizes a badge, em margins between paragraphs and padded table rows as Chromium 156 does', async () => {
    // octavo before: b1 2.325 17.85, ps 25.2 121.8, p5 126, c1 151.2 29.9, c2 181.1 30.4
    const rows = [1, 2, 3].map((i) => `<tr><td id=c${i}>Row ${i}</td></tr>`).join('');
    expect(await boxes(`<div id=l1>Text <span class=badge id=b1>Paid</span> more</div>
      <div id=ps><p>a</p><p>b</p><p>c</p><p>d</p><p id=p5>e</p></div><table>${rows}</table>`, ['l1', 'b1', 'ps', 'p5', 'c1', 'c2', 'c3']))
      .toEqual(['l1 0 21', 'b1 2.328 17.844', 'ps 25.188 121.75', 'p5 125.938 21', 'c1 151.125 29.875', 'c2 181 30.375', 'c3 211.375 30.375']);
  });
});

describe('percentage sizes in LayoutUnits', () => {
  it('resolves a percentage height against its containing block as Chromium 156 does, truncated to 1/64 px', async () => {
    // a utility bill's usage bars: octavo before 50.83, 72.28, 70.72 (the bar's label a pixel off)
    const bars = [39.1, 55.6, 54.4].map((p, i) => `<div style="flex:1;display:flex;flex-direction:column;justify-content:flex-end;height:100%"><i id=i${i} style="display:block;height:${p}%"></i></div>`).join('');
    expect(await boxes(`<div style="display:flex;align-items:flex-end;height:130px;padding-top:14px;width:300px">${bars}</div>`, ['i0', 'i1', 'i2']))
      .toEqual(['i0 93.172 50.828', 'i1 71.734 72.266', 'i2 73.281 70.719']);
  });
});
