/**
 * Bad CSS and odd HTML are warnings, never crashes: each of these renders to a valid PDF.
 * (Bad templates and options are typed errors; those are tested per stage.)
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import { qpdfCheck } from '../helpers/qpdf.js';

const engine = createEngine();

const CASES: Readonly<Record<string, string>> = {
  'broken stylesheet': '<style>p { color: ; width: calc(100% / 0); margin: -99999px; font-size: -3px } } } @media { p { </style><p>x</p>',
  'degenerate page': '<style>@page { size: 0 0; margin: 100% }</style><p>x</p>',
  'one-pixel page': '<style>@page { size: 1px 1px; margin: 0 }</style><p>hello world</p>',
  // kept whole on one page: a definite height that clips is not carried over to later pages
  'huge sizes': '<div style="width: 1e308px; height: 500px; max-height: 1e308px; overflow: hidden; border: 1e6px solid red">x</div>',
  'nested percentage inline-blocks': '<style>* { display: inline-block; width: 50% }</style><div><div><div><div>deep</div></div></div></div>',
  'zero font and line height': '<p style="line-height: 0; font-size: 0">zero</p>',
  'unclosed table and lists': '<table><tr><td>a<td>b</tr></table><ul><li><ol><li>x</ol></ul>',
  'negative spacing': '<p style="letter-spacing: -100px; word-spacing: -50px">squeezed text here</p>',
  'broken images': '<img src="data:image/png;base64,AAAA"><img src="data:image/svg+xml,<svg/>"><img>',
  'generated content edge cases': '<style>p::before { content: counter(a) counters(b, ".") attr(nope) open-quote close-quote close-quote }</style><p>x</p>',
  'mixed directions': '<p dir="rtl">שלום <span dir="ltr">abc</span> عربي</p>',
  'unbreakable tall box': '<div style="min-height: 5000px; break-inside: avoid">tall</div><div style="height: 3000px"></div>',
  'unknown fonts and weights': '<p style="font-family: nothing-exists; font-weight: 950; font-style: oblique 40deg">x</p>',
  'extreme vertical-align': '<p style="vertical-align: 1000%">x<span style="vertical-align: -1000px">y</span></p>',
  // found by fuzzing: a page whose only lines hold nothing (no baseline to give)
  'empty lines before a huge margin': `<b>Hello world<i><td><div><div>${'a'.repeat(200)}</i><caption><div><div style="margin: 1e9px"><div>`,
  // found by fuzzing (seed 8080): a gradient border image rasterised wider than PNG allows failed the render
  // found by fuzzing (stop 81): a heading's bookmark, a link and an id's destination this far away failed the PDF
  'a heading, a link and a target moved 1e25px away': '<h1 style="position: relative; top: 1e25px">Far</h1><p><a href="#t" style="position: relative; left: 1e25px">go</a></p><div id="t" style="transform: scale(1e30)"><a href="https://example.com">x</a></div>',
  // and where PDFKit refused a dictionary's number (a shading's centre, a form's box, a pattern's matrix, the page's size)
  'shadings, groups, patterns and pages past PDF numbers': '<style>@page { size: 1e30px; bleed: 1e30px; marks: crop }</style>'
    + '<div style="height: 50px; background: radial-gradient(circle 1e25px at 1e25px 0, red, blue)"></div>'
    + '<div style="height: 50px; transform: matrix(1e-30, 0, 0, 1e30, 0, 0); opacity: 0.4">squeezed</div>'
    + '<svg width="100" height="100"><pattern id="p" width="1e-25" height="1e-25" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern>'
    + '<linearGradient id="g" x1="-1e30" x2="1e30"><stop stop-color="red"/><stop offset="1"/></linearGradient>'
    + '<rect width="50" height="100" fill="url(#p)"/><rect x="50" width="50" height="100" fill="url(#g)"/></svg>',
  // found by fuzzing (stop 82): a row-spanning cell resumed after a forced break in the table inside it had an infinite height, and its shadow failed the PDF
  'a row-spanning cell resumed after a forced break inside it': `<td rowspan="0" style="box-shadow: 0 0 1e5px red"><tbody><td></td>${'<  >'.repeat(24)}<>ipsum<>sed<p style="break-before: page">${'sed</p>'.repeat(26)}sit</tbody>sed</td><ul style="display: table-row">`,
  // and pages on which nothing could be placed: margins, cloned edges or a repeated header as tall as the page
  'margins, cloned edges and a table header as tall as the page': '<style>@page { margin: 600px }</style><div style="box-decoration-break: clone; padding: 600px 0"><div style="min-height: 2000px">x</div></div>'
    + `<h1><thead><caption>${'dolor sit amet '.repeat(40)}</thead><tbody><ul style="min-height: 200px">dolor`,
  // found by fuzzing SVG and paint (stop 82): a blur, spread or offset of 1e308px summed to Infinity and a mask NaN pixels wide failed the PDF
  'shadows and filters of 1e308px': '<div style="box-shadow: 0 0 1e308px 1e308px red, inset 0 0 1e308px 1e308px blue">a</div>'
    + '<p style="text-shadow: 1e308px 1e308px 1e308px red, 0 0 1e308px blue">b</p><div style="filter: drop-shadow(0 0 1e308px red) blur(1e308px)">c</div>'
    + '<svg width="100" height="100"><filter id="f"><feGaussianBlur stdDeviation="1e308"/></filter><filter id="d"><feDropShadow stdDeviation="1e308" dx="1e308"/></filter>'
    + '<rect width="50" height="50" filter="url(#f)"/><rect x="50" width="50" height="50" filter="url(#d)"/></svg>',
  // and shapes that far across, blurred: a path to 1e308, a box 1e308px wide with shadows
  'blurred shapes 1e308px across': '<svg width="200" height="100" style="filter: blur(5px) drop-shadow(0 0 5px red)"><path d="M0 0 L 1e308 1e308 L 0 1e308 Z"/></svg>'
    + '<div style="width: 1e308px; height: 50px; box-shadow: 0 0 5px red, inset 0 0 5px blue; filter: blur(3px)">x</div>',
  // a repeating gradient whose period (1e308px on a tile 1e-9px tall) is past what numbers hold threw a TypeError
  'a repeating gradient with a period past numbers': '<div style="height: 50px; background: repeating-linear-gradient(0deg, red 0 1e-30px, blue 0 1e308px); background-size: 100px 1e-9px">x</div>',
  'a gradient border image a billion pixels wide': '<div><div style="border-image-source: linear-gradient(red, blue)"><div><div style="padding: calc(sibling-index() * 1e9px)"><div>',
};

describe('robustness', () => {
  it.each(Object.entries(CASES))('%s renders to a valid PDF', async (_name, template) => {
    const result = await engine.renderDetailed({ template });
    expect(result.pages).toBeGreaterThanOrEqual(1);
    await qpdfCheck(result.pdf);
  });

  it('refuses a box whose height would fill more pages than the limit, naming the limit', async () => {
    // a fixed height taller than a page continues on the next pages, as in browsers (CSS Fragmentation 3)
    const started = process.cpuUsage();
    await expect(engine.renderDetailed({ template: '<div style="height: 1e308px; border: 1e6px solid red">x</div>' }))
      .rejects.toMatchObject({ code: 'limit_exceeded', message: expect.stringContaining('limits.maxPages') });
    // one that clips its overflow too (its height is carried over as Chromium prints it), and an empty one
    for (const box of ['<div style="width: 1e308px; height: 1e308px; overflow: hidden; border: 1e6px solid red">x</div>', '<div style="height: 1e308px"></div>']) {
      await expect(engine.renderDetailed({ template: box })).rejects.toMatchObject({ code: 'limit_exceeded' });
    }
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(5000);
  });

  it('reports bad CSS as warnings with their lines', async () => {
    const result = await engine.renderDetailed({ template: '<style>\np { colour: red; width: banana }\n</style><p>x</p>' });
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([['css_unknown_property', 2], ['css_invalid_value', 2]]);
  });
});
