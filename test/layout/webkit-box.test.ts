/**
 * `display: -webkit-box`, the 2009 flexbox of wkhtmltopdf's WebKit (css/properties/webkit-box.ts):
 * laid out as headless Chromium 156 lays out the same boxes — their alignment, direction, flex
 * and order from the `-webkit-box-*` properties, the standard ones ignored on them.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { Fragment, PageLayout } from '../../src/layout/types.js';

const page = (css: string, body: string): string => `<!doctype html><style>@page { size: 160mm 120mm; margin: 0 }
  body { margin: 0; font: 14px/20px "Liberation Sans" } ${css}</style>${body}`;

const at = (p: PageLayout, id: string): Fragment => findById(p, id)!;

describe('display: -webkit-box', () => {
  it('pack: justify and align: center, as a wkhtmltopdf invoice header writes them', async () => {
    const p = (await layoutHtml(page('.row { display: -webkit-box; -webkit-box-pack: justify; -webkit-box-align: center; width: 400px; height: 60px }',
      '<div class="row"><div id="logo" style="width: 80px; height: 40px"></div><div id="text">Invoice 1234</div></div>'))).pages[0]!;
    expect([at(p, 'logo').x, at(p, 'logo').y]).toEqual([0, 10]);
    expect(at(p, 'text').x + at(p, 'text').width).toBeCloseTo(400, 5);
    expect(at(p, 'text').y).toBe(20);
  });

  it('orient: vertical with pack: center is a centred column; justify-content does nothing on it', async () => {
    const p = (await layoutHtml(page('.col { display: -webkit-box; -webkit-box-orient: vertical; -webkit-box-pack: center; justify-content: flex-end; height: 80px }',
      '<div class="col"><div id="a">First</div><div id="b">Second</div></div>'))).pages[0]!;
    expect([at(p, 'a').y, at(p, 'b').y]).toEqual([20, 40]);
  });

  it('box-flex grows and shrinks alike; ordinal groups order the items; direction: reverse', async () => {
    const p = (await layoutHtml(page('.f { display: -webkit-box; width: 300px } .f > div { width: 30px; flex-grow: 5 } .g1 { -webkit-box-flex: 1 } .g2 { -webkit-box-flex: 2 } .o2 { -webkit-box-ordinal-group: 2 }',
      '<div class="f"><div id="b" class="o2">B</div><div id="a" class="g1">A</div><div id="c" class="g2">C</div></div>'))).pages[0]!;
    // 210px left over: A takes 70, C 140, B (no box-flex: flex-grow does nothing here) none; B comes last
    expect([at(p, 'a').x, at(p, 'a').width, at(p, 'c').x, at(p, 'c').width, at(p, 'b').x, at(p, 'b').width]).toEqual([0, 100, 100, 170, 270, 30]);
    const reversed = (await layoutHtml(page('.r { display: -webkit-box; -webkit-box-direction: reverse; width: 300px } .r > div { width: 50px }',
      '<div class="r"><div id="one">1</div><div id="two">2</div></div>'))).pages[0]!;
    expect([at(reversed, 'one').x, at(reversed, 'two').x]).toEqual([250, 200]);
  });
});
