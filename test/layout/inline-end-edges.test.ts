/**
 * An inline box's end edges (padding, border, margin) at a line break after a space that ends the
 * box: they stay with the content before them, the break opportunity moving past them, as
 * headless Chromium 156 breaks the line (getClientRects of the same page).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

describe('end edges at a break', () => {
  it('a span ending with a space keeps its end padding on the line its word ends', async () => {
    const laid = await layoutHtml(`<!doctype html><style>@page { size: 400px 400px; margin: 0 }
      body { margin: 0; font: 16px/24px "Liberation Mono" } div { width: 100px } span { padding-right: 10px }</style>
      <div style="white-space: pre-wrap"><span id="a">abcdefghij </span><b id="ka">klm</b></div>
      <div><span id="b">abcdefghij </span><b id="kb">klm</b></div>
      <div><a href="#" id="c" style="margin-right: 10px">abcdefgh </a><b id="kc">klm</b></div>`);
    const page = laid.pages[0]!;
    const at = (id: string): number[] => {
      const f = findById(page, id)!;
      return [f.x, f.y, Math.round(f.width * 100) / 100];
    };
    // Chromium: a 115.63 wide (its hanging space and padding past the 100px line), b 106.02 (the
    // space gone at the line end), c as wide as its text; each next word at the start of the next line
    expect(['a', 'ka', 'b', 'kb', 'c', 'kc'].map(at)).toEqual([
      [0, 3, 115.62], [0, 27, 28.8], [0, 51, 106.02], [0, 75, 28.8], [0, 99, 76.81], [0, 123, 28.8],
    ]);
  });
});
