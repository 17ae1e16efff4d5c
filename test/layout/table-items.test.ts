/**
 * Tables as flex and grid items (CSS Tables 3 §3.7): the item is the table's wrapper, which takes
 * the table's width and the item properties (`order`, `flex`, `align-self`, `grid-column`…); a
 * stretched table's rows grow to the item's height. Expected boxes are Chromium 156's
 * getBoundingClientRect of the same page (a table's includes its captions).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const PAGE = '<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px "Liberation Sans" } td { border: 1px solid; padding: 2px }</style>';

async function boxes(body: string, ids: readonly string[]): Promise<string[]> {
  const doc = await layoutHtml(PAGE + body);
  return ids.map((id) => {
    const f = findById(doc.pages[0]!, id);
    if (f === undefined) throw new Error(`#${id} not laid out`);
    return `${id} ${[f.x, f.y, f.width, f.height].map((v) => Math.round(v * 10) / 10).join(' ')}`;
  });
}

describe('tables as flex and grid items', () => {
  it('take their percentage or fixed width from the container, flex and shrink, and keep their min-content', async () => {
    expect(await boxes(`<div style="display: flex; justify-content: flex-end; width: 600px"><table id=a style="width: 40%; border-collapse: collapse"><caption>Totals</caption><tr><td>Subtotal</td><td>10</td></tr></table></div>
      <div style="display: flex; width: 600px"><table id=b style="width: 300px"><tr><td>x</td></tr></table><table id=c style="width: 100%"><tr><td>y</td></tr></table></div>
      <div style="display: flex; width: 300px"><table id=d style="width: 10%"><tr><td>averyveryverylongword</td></tr></table><div id=e style="flex: 1">rest</div></div>
      <div style="display: flex; flex-direction: column; width: 600px"><table id=f style="width: 50%"><tr><td>x</td></tr></table><table id=g><tr><td>auto</td></tr></table></div>`,
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual(['a 360 0 240 42', 'b 0 42 200 28', 'c 200 42 400 28', 'd 0 70 174.5 28', 'e 174.5 70 125.5 28', 'f 0 98 300 28', 'g 0 126 600 28']);
  });

  it('are placed by grid-column, order and align-self, sized in their grid area, and stretched', async () => {
    expect(await boxes(`<div style="display: grid; grid-template-columns: 100px 200px; width: 600px"><table id=a style="grid-column: 2"><tr><td>x</td></tr></table><div id=b>b</div></div>
      <div style="display: flex; width: 600px; height: 60px"><div id=c>c</div><table id=d style="order: -1; flex: 1; align-self: flex-end"><tr><td>x</td></tr></table></div>
      <div style="display: grid; grid-template-columns: 1fr 1fr; width: 600px"><table id=e style="width: 50%"><tr><td>x</td></tr></table><div style="height: 60px"></div></div>
      <div style="display: flex; width: 600px"><div style="height: 80px; width: 50px"></div><table id=f><tr><td>auto</td></tr><tr><td>two</td></tr></table></div>`,
    ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a 100 0 200 28', 'b 0 28 100 18', 'c 592 46 8 60', 'd 0 78 592 28', 'e 0 106 150 60', 'f 50 166 41.1 80']);
  });

  it('an absolutely positioned table between two insets keeps the height of its rows', async () => {
    expect(await boxes('<div style="position: relative; height: 200px; width: 300px"><table id=a style="position: absolute; top: 0; bottom: 0"><tr><td>abs</td></tr></table></div>', ['a']))
      .toEqual(['a 0 0 35.8 28']);
  });

  it('a row group or row of display: contents gives its rows or cells to the table', async () => {
    // Chromium 156: the rows of a `<tbody style="display: contents">` are the table's (before, each
    // was wrapped in an anonymous table inside an anonymous cell, 141px wide in a 300px table)
    expect(await boxes(`<table style="width: 300px"><tbody style="display: contents"><tr><td id=a>td in contents tbody</td></tr></tbody></table>
      <table style="width: 300px"><tr style="display: contents"><td id=b>c1</td><td id=c>c2</td></tr></table>`, ['a', 'b', 'c']))
      .toEqual(['a 2 2 296 24', 'b 2 30 147 24', 'c 151 30 147 24']);
  });
});
