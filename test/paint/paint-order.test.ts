/**
 * `paint-order` (CSS Fill and Stroke 3 §6.1, SVG 2 §13.7): HTML text stroked by
 * `-webkit-text-stroke` and SVG shapes, markers and text painted stroke first, as Chromium 156
 * paints them. A full block (U+2588, DejaVu Sans, 7.8px wide at 10px) is a rectangle whose 4px
 * stroke reaches 2px inside and outside its edges.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from '../css/helpers.js';
import { pdfWords } from '../helpers/words.js';
import { renderPage, renderPdf } from '../helpers/render.js';

const block = (css: string): Promise<string[]> =>
  renderPage(`<style>@page { size: 12px 10px; margin: 0 } body { margin: 0 } div { font: 10px/10px "DejaVu Sans"; white-space: pre; -webkit-text-stroke: 4px blue; color: red } ${css}</style><div>\u2588</div>`);

const svg = (body: string, css = ''): Promise<string[]> =>
  renderPage(`<style>@page { size: 12px 8px; margin: 0 } body { margin: 0 } svg { display: block } ${css}</style><svg xmlns="http://www.w3.org/2000/svg" width="12" height="8">${body}</svg>`);

describe('paint-order', () => {
  it('computes the layers named first, then the others in their normal order', async () => {
    const order = async (value: string): Promise<unknown> => (await styleWith(`p { paint-order: ${value} }`, '<p>x</p>')).style('p').paintOrder;
    expect(await order('normal')).toEqual(['fill', 'stroke', 'markers']);
    expect(await order('stroke')).toEqual(['stroke', 'fill', 'markers']);
    expect(await order('markers stroke')).toEqual(['markers', 'stroke', 'fill']);
    const doc = await styleWith('p { paint-order: fill fill } div { paint-order: stroke }', '<div><p>x</p></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
    expect(doc.style('p').paintOrder).toEqual(['stroke', 'fill', 'markers']);
  });

  it('fills HTML text over its stroke, once in the extracted text', async () => {
    const normal = (await block(''))[5]!;
    const strokeFirst = (await block('div { paint-order: stroke }'))[5]!;
    // the inner half of the stroke: blue over the fill, or under it
    expect(normal.slice(0, 2)).toBe('BB');
    expect(strokeFirst.slice(0, 2)).toBe('RR');
    // the outer half stays blue either way
    expect(strokeFirst.slice(8, 10)).toBe('BB');
    const pdf = await renderPdf('<p style="-webkit-text-stroke: 2px red; paint-order: stroke fill">Outlined</p>');
    expect((await pdfWords(pdf)).map((w) => w.text)).toEqual(['Outlined']);
  });

  it('paints SVG shapes and their markers in the order asked, and inline SVG inherits it from the page', async () => {
    const rect = '<rect x="2" y="2" width="8" height="4" fill="red" stroke="blue" stroke-width="2"';
    expect((await svg(`${rect}/>`))[3]).toBe('_BBRRRRRRBB_');
    expect((await svg(`${rect} paint-order="stroke"/>`))[3]).toBe('_BRRRRRRRRB_');
    expect((await svg(`${rect} style="paint-order: stroke"/>`))[3]).toBe('_BRRRRRRRRB_');
    expect((await svg(`${rect}/>`, 'body { paint-order: stroke }'))[3]).toBe('_BRRRRRRRRB_');
    expect((await svg(`${rect}/>`, 'svg rect { paint-order: stroke }'))[3]).toBe('_BRRRRRRRRB_');
    // 2px markers centred on the ends of a 2px line: over the stroke's ends, or under them
    const marker = '<marker id="m" markerWidth="2" markerHeight="2" refX="1" refY="1" markerUnits="userSpaceOnUse"><rect width="2" height="2" fill="red"/></marker>';
    const line = `${marker}<path d="M 2 4 H 10" stroke="blue" stroke-width="2" marker-start="url(#m)" marker-end="url(#m)"`;
    expect((await svg(`${line}/>`))[4]).toBe('_RRBBBBBBRR_');
    expect((await svg(`${line} paint-order="markers"/>`))[4]).toBe('_RBBBBBBBBR_');
  });

  it('draws an SVG label halo under the letters and reads the label once', async () => {
    const pdf = await renderPdf('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="4" y="30" font-size="20" stroke="white" stroke-width="6" paint-order="stroke">Halo</text></svg>');
    expect((await pdfWords(pdf)).map((w) => w.text)).toEqual(['Halo']);
  });
});
