/**
 * content-visibility and contain-intrinsic-size (CSS Containment 2 §3.3, §4), as Chromium 156
 * prints them: `auto` draws its contents (a printed page shows all) inside layout and paint
 * containment; `hidden` drops them and is as tall as its contain-intrinsic-height, else 0.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import { styleHtml } from '../css/helpers.js';
import { renderPixels } from '../helpers/render.js';

const CSS = '@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 10px/10px "Liberation Sans" } section { border: 2px solid; margin: 0 }';

describe('content-visibility', () => {
  it("lays out and draws an auto section's contents; a hidden one is empty, sized by contain-intrinsic-size", async () => {
    const doc = await layoutHtml(`<style>${CSS}</style><section id=a style="content-visibility: auto; contain-intrinsic-size: auto 100px">Auto</section>
      <section id=h style="content-visibility: hidden; contain-intrinsic-size: 100px 50px">Hidden</section><section id=z style="content-visibility: hidden">Hidden</section>
      <div id=i style="display: inline-block; content-visibility: hidden; contain-intrinsic-size: 30px 20px">x</div>`);
    const box = (id: string): string => { const f = findById(doc.pages[0]!, id)!; return `${f.y} ${f.width}x${f.height}`; };
    // as in Chromium's print: 14px (a line and the borders), 54px, 4px; the inline-block 30x20 (on screen
    // Chromium keeps the auto section at its contain-intrinsic-size until it is shown)
    expect([box('a'), box('h'), box('z'), box('i')]).toEqual(['0 400x14', '14 400x54', '68 400x4', '72 30x20']);
    expect(doc.pages[0]!.children.flatMap(textFragments).map((t) => t.text)).toEqual(['Auto']);
  });

  it("clips an auto section's overflow (paint containment)", async () => {
    const pages = await renderPixels(`<style>@page { size: 6px 4px; margin: 0 } body { margin: 0 } section { margin-left: 2px; height: 4px; content-visibility: auto }</style>
      <section><div style="width: 3px; height: 4px; margin-left: -2px; background: red"></div></section>`);
    expect(pages[0]).toEqual(['__R___', '__R___', '__R___', '__R___']);
  });

  it('parses the shorthand and folds the containment into contain', async () => {
    const doc = await styleHtml('<div id=a style="content-visibility: auto; contain-intrinsic-size: auto none"></div><div id=b style="content-visibility: hidden; contain-intrinsic-size: 10px auto 20px"></div><div id=c style="contain-intrinsic-size: 1px 2px 3px"></div>');
    const style = (id: string): unknown => { const s = doc.style(`#${id}`); return [s.contain, s.containIntrinsicWidth, s.containIntrinsicHeight]; };
    expect(style('a')).toEqual([{ size: false, inlineSize: false, layout: true, paint: true, style: true }, 'none', 'none']);
    expect(style('b')).toEqual([{ size: true, inlineSize: false, layout: true, paint: true, style: true }, 10, 20]);
    expect(style('c')).toEqual([{ size: false, inlineSize: false, layout: false, paint: false, style: false }, 'none', 'none']);
    expect(doc.diagnostics.map((d) => d.message)).toEqual(['invalid value `1px 2px 3px` for `contain-intrinsic-size`']);
  });
});
