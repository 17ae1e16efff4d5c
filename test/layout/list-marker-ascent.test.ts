/**
 * An outside marker taller than its item's first line: the line goes down until the marker's line
 * (its own font size and line height) fits above the shared baseline, and the item grows by as
 * much; the marker's part below the baseline may overhang. Item heights and text tops are Chromium
 * 156's getBoundingClientRect.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const STYLE = `<!DOCTYPE html><style>@page { size: 400px 900px; margin: 0 } body { margin: 0; font: 16px "Liberation Serif" } ul { margin: 0 } p { margin: 0 }
  #a::marker { font-size: 20px } #b::marker { font-size: 24px } #c::marker { font-size: 32px } #d::marker { font-size: 48px }
  #e::marker, #f::marker, #g::marker, #h::marker { font-size: 40px } #k::marker { font-size: 40px; line-height: 0 }</style>`;

/** The item's top and height, and its text's top relative to it, each to 0.1px. */
function geometry(page: Parameters<typeof findById>[0], id: string): string {
  const item = findById(page, id) as { y: number; height: number };
  const text = findById(page, `${id}t`) as { y: number };
  return `${id} ${item.y.toFixed(1)} ${item.height.toFixed(1)} +${(text.y - item.y).toFixed(1)}`;
}

describe('outside markers taller than the first line', () => {
  it('push the line down by what the marker reaches higher above the baseline, at any line height', async () => {
    const doc = await layoutHtml(`${STYLE}
      <ul style="line-height: 1"><li id=a><span id=at>a</span></li></ul>
      <ul style="line-height: 2"><li id=b><span id=bt>b</span></li></ul>
      <ul style="line-height: 1.4"><li id=c><span id=ct>c</span></li></ul>
      <ul style="line-height: 30px"><li id=d><span id=dt>d</span></li></ul>`);
    const page = doc.pages[0]!;
    expect(['a', 'b', 'c', 'd'].map((id) => geometry(page, id))).toEqual([
      'a 0.0 20.0 +3.0', 'b 20.0 43.0 +18.0', 'c 63.0 39.4 +19.0', 'd 102.4 41.0 +17.0',
    ]);
  });

  it('find the first line in nested blocks, past an empty one, counting the padding above it', async () => {
    const doc = await layoutHtml(`${STYLE}
      <ul style="line-height: 1.4"><li id=e><div style="padding-top: 5px"><p><span id=et>e</span></p></div><p>more</p></li></ul>
      <ul style="line-height: 1.4"><li id=f><div></div><p><span id=ft>f</span></p></li></ul>`);
    const page = doc.pages[0]!;
    expect(['e', 'f'].map((id) => geometry(page, id))).toEqual(['e 0.0 69.8 +27.0', 'f 69.8 47.4 +27.0']);
  });

  it('measure the marker with its own line height; an inside marker stands in the line', async () => {
    const doc = await layoutHtml(`${STYLE}
      <ul style="line-height: 1.4; list-style-position: inside"><li id=g><span id=gt>g</span></li></ul>
      <ul style="line-height: 80px"><li id=h><span id=ht>h</span></li></ul>
      <ul style="line-height: 1.4"><li id=k><span id=kt>k</span></li></ul>`);
    const page = doc.pages[0]!;
    expect(['g', 'h', 'k'].map((id) => geometry(page, id))).toEqual(['g 0.0 56.0 +27.0', 'h 56.0 88.0 +39.0', 'k 144.0 22.4 +2.0']);
  });
});
