/**
 * Absolutely positioned boxes against every kind of containing block (CSS2 §10.1, CSS Position 3
 * §3.2): shrink-to-fit and absolutely positioned ancestors, a relatively positioned inline (from its
 * first fragment's start to its last one's end), a transformed ancestor, a table cell, flex and grid
 * items, a float and an inline-block; with left/right/top/bottom, percentages and calc(). Every
 * expected box is Chromium 156's: `getBoundingClientRect()` of #x against its 400×300 case
 * (headless Chromium, `--dump-dom` of the same HTML), in px.
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const CASES: readonly [string, string, readonly [number, number, number, number]][] = [
  ["shrink-to-fit ancestor", "<div style=\"position:absolute;left:calc(50% - 150px);top:10px\"><div style=\"width:300px;height:50px\"></div><div id=x style=\"position:absolute;right:100px;width:4px;top:0;bottom:0\"></div></div>", [246,10,4,50]],
  ["absolute ancestor, percentages and calc()", "<div style=\"position:absolute;left:10%;top:20px;width:200px;height:100px;padding:5px 10px\"><div id=x style=\"position:absolute;right:10%;bottom:calc(20% + 5px);width:50%;height:20px\"></div></div>", [128,83,110,20]],
  ["relative inline over two lines", "<p style=\"width:120px;font:10px/20px 'Liberation Sans';margin:0\"><i style=\"display:inline-block;width:50px;height:10px\"></i><span style=\"position:relative\"><i style=\"display:inline-block;width:40px;height:10px\"></i><i style=\"display:inline-block;width:40px;height:10px\"></i><i style=\"display:inline-block;width:40px;height:10px\"></i><b id=x style=\"position:absolute;left:0;right:0;top:0;bottom:0\"></b></span></p>", [50,4,30,31]],
  ["relative inline on one line, right and bottom", "<p style=\"font:10px/20px 'Liberation Sans';margin:0\"><i style=\"display:inline-block;width:33px;height:10px\"></i><span style=\"position:relative;padding:0 3px\"><i style=\"display:inline-block;width:45px;height:10px\"></i><b id=x style=\"position:absolute;right:2px;bottom:1px;width:5px;height:5px\"></b></span></p>", [77,9,5,5]],
  ["transformed ancestor", "<div style=\"transform:scale(1);margin-left:50px;width:200px;height:100px;border:3px solid\"><div id=x style=\"position:absolute;right:0;bottom:0;width:10px;height:10px\"></div></div>", [243,93,10,10]],
  ["table cell", "<table style=\"border-spacing:0;margin-left:20px\"><tr><td style=\"padding:0;width:80px\">a</td><td style=\"position:relative;width:100px;height:50px;padding:4px\"><div id=x style=\"position:absolute;right:5px;bottom:5px;width:10px;height:10px\"></div></td></tr></table>", [193,43,10,10]],
  ["flex item", "<div style=\"display:flex\"><div style=\"width:60px\"></div><div style=\"position:relative;flex:1;height:40px\"><div id=x style=\"position:absolute;left:25%;right:25%;top:calc(50% - 2px);height:5px\"></div></div></div>", [145,18,170,5]],
  ["grid item", "<div style=\"display:grid;grid-template-columns:100px 200px\"><div></div><div style=\"position:relative;height:50px\"><div id=x style=\"position:absolute;left:calc(50% - 10px);top:calc(100% - 10px);width:20px;height:10px\"></div></div></div>", [190,40,20,10]],
  ["floated ancestor (shrink-to-fit)", "<div style=\"float:left;position:relative;padding:10px;margin-left:30px\"><div style=\"width:120px;height:30px\"></div><div id=x style=\"position:absolute;right:0;top:0;width:10px;height:10px\"></div></div>", [160,0,10,10]],
  ["inline-block ancestor (shrink-to-fit)", "<div><i style=\"display:inline-block;width:19px;height:10px\"></i><span style=\"display:inline-block;position:relative;padding:0 6px\"><span style=\"display:inline-block;width:90px;height:20px\"></span><i id=x style=\"position:absolute;right:0;top:50%;width:10px;height:4px\"></i></span></div>", [111,11.5,10,4]],
  ["absolute in absolute, right and bottom auto margins", "<div style=\"position:absolute;right:20px;bottom:30px;width:150px;height:80px\"><div id=x style=\"position:absolute;left:0;right:0;width:50px;margin:0 auto;top:10px;height:10px\"></div></div>", [280,200,50,10]],
  ["right against a shrink-to-fit box sized by its static content", "<div style=\"position:absolute;top:0;left:0\"><div style=\"width:77px;height:10px\"></div><div id=x style=\"position:absolute;right:7px;top:0;width:3px;height:3px\"></div></div>", [67,0,3,3]],
  ["relative inline with percentages", "<p style=\"font:10px/20px 'Liberation Sans';margin:0 0 0 15px\"><i style=\"display:inline-block;width:20px;height:10px\"></i><span style=\"position:relative;border-left:2px solid\"><i style=\"display:inline-block;width:60px;height:10px\"></i><b id=x style=\"position:absolute;left:25%;width:calc(50% + 2px);top:0;height:3px\"></b></span></p>", [52,4,32,3]],
];

describe('absolutely positioned boxes in every kind of containing block, as Chromium places them', () => {
  it.each(CASES)('%s', async (_, html, [x, y, width, height]) => {
    const doc = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 10px/12px "Liberation Sans" }</style><div style="position: relative; width: 400px; height: 300px">${html}</div>`);
    const box = findById(doc.pages[0]!, 'x');
    if (box === undefined) throw new Error('#x is not laid out');
    // within 0.6px: the content area of an inline uses the font's ascent and descent unrounded (Chromium rounds them to whole px)
    const got = [box.x, box.y, box.width, box.height];
    for (const [i, value] of [x, y, width, height].entries()) expect(Math.abs(got[i]! - value), `${['x', 'y', 'width', 'height'][i]} ${got.join(',')}`).toBeLessThanOrEqual(0.6);
  });
});
