/**
 * `overflow-x` and `overflow-y` as a pair (CSS Overflow 3 §3.1): where one axis scrolls or hides,
 * `visible` on the other computes to `auto` and `clip` to `hidden`. A code block written with
 * `overflow-x: auto` and rounded corners (VitePress, Docusaurus, GitHub's `.highlight`) clips its
 * `<pre>`'s background to them. Expected values from headless Chromium 156.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';
import { findById, layoutHtml } from '../helpers/layout.js';

describe('overflow on one axis', () => {
  it('overflow-x: auto clips both ways, to the rounded padding edge', async () => {
    const page = await renderPage(`<style>@page { size: 12px 12px; margin: 0 } body { margin: 0 }
      div { width: 12px; height: 12px; border-radius: 6px; overflow-x: auto; scrollbar-width: none }
      p { margin: 0; height: 12px; background: blue }</style><div><p></p></div>`);
    // Chromium's PDF at 96 dpi without antialiasing
    expect(page).toEqual([
      '____BBBB____',
      '__BBBBBBBB__',
      '_BBBBBBBBBB_',
      '_BBBBBBBBBB_',
      'BBBBBBBBBBBB',
      'BBBBBBBBBBBB',
      'BBBBBBBBBBBB',
      'BBBBBBBBBBBB',
      '_BBBBBBBBBB_',
      '_BBBBBBBBBB_',
      '__BBBBBBBB__',
      '____BBBB____',
    ]);
  });

  it('an inline-block with overflow-x: hidden has its baseline at its bottom margin edge', async () => {
    const laid = await layoutHtml(`<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px "Liberation Sans" }
      .ib { display: inline-block; height: 50px; border: 1px solid }</style>
      <div>x<span id="a" class="ib" style="overflow-x: hidden">yy</span><span id="t">x</span></div>`);
    const a = findById(laid.pages[0]!, 'a')!;
    const t = findById(laid.pages[0]!, 't')!;
    // Chromium: the box at y 0, 52px tall; the text after it at y 38
    expect([a.y, a.height, t.y]).toEqual([0, 52, 38]);
  });
});
