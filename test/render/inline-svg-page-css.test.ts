/**
 * The page's CSS styles an inline `<svg>` and its elements as in a browser: inherited SVG
 * properties (`fill`, `stroke`…) from rules that match them or an HTML ancestor, and the ones that
 * do not inherit (`stop-color`, `stop-opacity`) from rules that match the element itself.
 */
import { describe, expect, it } from 'vitest';
import { renderPdf, renderPixels } from '../helpers/render.js';
import { pdfWords } from '../helpers/words.js';

/** Each word's text and width in px. */
async function wordWidths(template: string): Promise<string[]> {
  return (await pdfWords(await renderPdf(template))).map((w) => `${w.text} ${Math.round(((w.xMax - w.xMin) * 96) / 72)}`);
}

const pixels = async (css: string, body: string, height = 2): Promise<string[]> => {
  const [page] = await renderPixels(`<style>@page { size: 8px ${height}px; margin: 0 } body { margin: 0; line-height: 0 } svg { display: block } ${css}</style>${body}`);
  return page!;
};
const square = (attrs = ''): string => `<rect width="2" height="2" ${attrs}/>`;

describe('inline SVG styled by the page\'s CSS', () => {
  it('a rule on the <svg> fills its shapes; one on a shape outranks its presentation attribute', async () => {
    expect(await pixels('.icon { fill: blue } .icon .hot { fill: red }', `<svg class="icon" width="8" height="2">${square()}<g transform="translate(2)">${square('fill="lime"')}</g><g transform="translate(4)">${square('class="hot" fill="lime"')}</g></svg>`))
      .toEqual(['BBGGRR__', 'BBGGRR__']);
  });

  it('inherited from an HTML ancestor, below the <svg>\'s own attributes; var() and currentColor resolve', async () => {
    expect(await pixels(':root { --accent: red } .box { fill: var(--accent); color: blue } .box .b { fill: currentColor }',
      `<div class="box"><svg width="8" height="2">${square()}<g transform="translate(2)">${square('class="b"')}</g></svg><svg width="8" height="2" fill="lime">${square()}</svg></div>`, 4))
      .toEqual(['RRBB____', 'RRBB____', 'GG______', 'GG______']);
  });

  it('var() in style and presentation attributes, from the HTML around, the <svg>, the element or a fallback; in a <symbol>, from the <use>', async () => {
    // Chromium 156 paints each square the colour named (before: black, the paint var() could not be read; a stroke, none)
    const row = (...shapes: string[]): string => `<svg width="8" height="2">${shapes.map((shape, k) => `<g transform="translate(${2 * k})">${shape}</g>`).join('')}</svg>`;
    expect(await pixels(':root { --r: red } svg { --b: blue }', `<div style="--g: lime">${row(square('style="fill: var(--r)"'), square('fill="var(--b)"'), square('style="fill: var(--g)"'), square('style="fill: var(--none, yellow)"'))}</div>`))
      .toEqual(['RRBBGGYY', 'RRBBGGYY']);
    // the element's own custom property; an unresolvable var() is `unset` (fill inherits the <svg>'s blue); a stroke and its width
    const line = '<line x1="4" y1="1" x2="8" y2="1" style="stroke: var(--s); stroke-width: var(--w)"/>';
    expect(await pixels('', `<svg width="8" height="2" fill="blue" style="--s: lime; --w: 2">${square('style="--own: red; fill: var(--own)"')}<g transform="translate(2)">${square('style="fill: var(--none)"')}</g>${line}</svg>`))
      .toEqual(['RRBBGGGG', 'RRBBGGGG']);
    // a gradient's stops read the custom properties where they are (they are drawn apart from the <svg>)
    expect(await pixels('svg { --top: red; --bottom: blue }', '<svg width="8" height="2"><defs><linearGradient id="v" x1="0" x2="0" y2="1"><stop offset="0.5" style="stop-color: var(--top)"/><stop offset="0.5" stop-color="var(--bottom)"/></linearGradient></defs><rect width="8" height="2" fill="url(#v)"/></svg>'))
      .toEqual(['RRRRRRRR', 'BBBBBBBB']);
    // an icon sprite: each <use> gives the symbol its own colour (the sprite's is not used)
    const sprite = '<svg style="display: none; --c: yellow"><symbol id="dot" viewBox="0 0 2 2"><rect width="2" height="2" style="fill: var(--c)"/></symbol></svg>';
    expect(await pixels('svg { display: inline-block; vertical-align: top }', `${sprite}<svg width="2" height="2" style="--c: red"><use href="#dot"/></svg><svg width="2" height="2" style="--c: blue"><use href="#dot"/></svg>`))
      .toEqual(['RRBB____', 'RRBB____']);
  });

  it('its own <style> with the selectors and specificity of the page\'s cascade (a chart\'s `.bar:nth-of-type(2n)` over `.bar`)', async () => {
    // before: the simple matching of the SVG's own rules put `.bar { fill: blue }` back over the cascade's orange and red
    const bars = `<svg width="8" height="2"><style>.bar { fill: blue } .bar:nth-of-type(2n) { fill: red } g > rect.bar:last-child { fill: lime }</style><g>${[0, 2, 4, 6].map((x) => square(`class="bar" x="${x}"`)).join('')}</g></svg>`;
    expect(await pixels('', bars)).toEqual(['BBRRBBGG', 'BBRRBBGG']);
  });

  it('stroke and stroke-width from the page', async () => {
    expect(await pixels('svg line { stroke: red; stroke-width: 2 }', '<svg width="8" height="2"><line x1="0" y1="1" x2="8" y2="1"/></svg>'))
      .toEqual(['RRRRRRRR', 'RRRRRRRR']);
  });

  it('stop-color and stop-opacity from rules on the stops, not inherited from the gradient', async () => {
    // a hard edge half-way down: the top row takes the first two stops' colour, the bottom row the last two's
    const gradient = (id: string, stops: string): string => `<svg width="8" height="2"><defs><linearGradient id="${id}" x1="0" x2="0" y2="1">${stops}</linearGradient></defs><rect width="8" height="2" fill="url(#${id})"/></svg>`;
    const halves = (top: string, bottom: string): string => `<stop offset="0" ${top}/><stop offset="0.5" ${top}/><stop offset="0.5" ${bottom}/><stop offset="1" ${bottom}/>`;
    expect(await pixels('.from { stop-color: red } .to { stop-color: blue }', gradient('a', halves('class="from"', 'class="to"'))))
      .toEqual(['RRRRRRRR', 'BBBBBBBB']);
    // a stop-color on the gradient does not reach its stops (black); `inherit` takes it; stop-opacity 0 leaves the page white
    expect(await pixels('#b { stop-color: lime } .inherits { stop-color: inherit } .clear { stop-color: red; stop-opacity: 0 }', gradient('b', halves('', 'class="inherits"'))))
      .toEqual(['KKKKKKKK', 'GGGGGGGG']);
    expect(await pixels('.clear { stop-color: red; stop-opacity: 0 }', gradient('c', halves('class="clear"', 'style="stop-color: blue"'))))
      .toEqual(['________', 'BBBBBBBB']);
  });

  it('SVG geometry properties and transforms from rules: rx, transform about transform-origin', async () => {
    // Mermaid: `.statediagram-cluster rect.outer { rx: 5px; ry: 5px }`, `.milestone { transform: rotate(45deg) scale(0.8) }` about a transform-origin attribute
    expect(await pixels('.round { rx: 2px; ry: 2px; shape-rendering: crispEdges }', '<svg width="8" height="4"><rect class="round" width="8" height="4" fill="blue"/></svg>', 4))
      .toEqual(['_BBBBBB_', 'BBBBBBBB', 'BBBBBBBB', '_BBBBBB_']);
    expect(await pixels('.moved { transform: translate(4px, 0) }', `<svg width="8" height="2">${square('class="moved" fill="red"')}</svg>`))
      .toEqual(['____RR__', '____RR__']);
    // a quarter turn about (2, 1): the 4 × 2 bar stands up, x 1–3, y -1–3
    expect(await pixels('.turned { transform: rotate(90deg) }', '<svg width="8" height="2"><rect class="turned" transform-origin="2px 1px" width="4" height="2" fill="red"/></svg>'))
      .toEqual(['_RR_____', '_RR_____']);
    // a translation's percentages are of the viewport (ApexCharts' legend markers: a path about 0 0 moved by translate(50%, 50%))
    expect(await pixels('', '<svg width="8" height="2"><rect x="-1" y="-1" width="2" height="2" fill="red" style="transform: translate(50%, 50%)"/></svg>')).toEqual(['___RR___', '___RR___']);
    // the attribute, where no rule sets the property
    expect(await pixels('', '<svg width="8" height="2"><rect transform="translate(6)" width="2" height="2" fill="red"/></svg>')).toEqual(['______RR', '______RR']);
  });

  it('transform-box: fill-box turns an element about its own bounding box; SVG elements keep the origin 0 0 otherwise', async () => {
    // icons' CSS: `transform-box: fill-box; transform-origin: center` (a 4 × 2 bar at x 2–6 turned a quarter about its centre: x 3–5, y -1–3)
    expect(await pixels('.turn { transform-box: fill-box; transform-origin: center; transform: rotate(90deg) }', '<svg width="8" height="2"><rect class="turn" x="2" width="4" height="2" fill="red"/></svg>'))
      .toEqual(['___RR___', '___RR___']);
    // a group's box is its shapes' (two squares, x 0–4), its percentages of that box
    expect(await pixels('g { transform-box: fill-box; transform: translate(100%, 0) }', `<svg width="8" height="2"><g>${square('fill="red"')}<rect x="2" width="2" height="2" fill="red"/></g></svg>`))
      .toEqual(['____RRRR', '____RRRR']);
    // the page's `transform-origin: center` without fill-box is of the viewport (8 × 2: about 4, 1)
    expect(await pixels('.turn { transform-origin: center; transform: rotate(180deg) }', `<svg width="8" height="2">${square('class="turn" fill="red"')}</svg>`))
      .toEqual(['______RR', '______RR']);
    // without an origin, 0 0: a half turn about the corner leaves nothing in view
    expect(await pixels('.turn { transform: rotate(180deg) }', `<svg width="8" height="2">${square('class="turn" fill="red"')}</svg>`))
      .toEqual(['________', '________']);
  });

  it('type selectors find the camel-case SVG elements, written in any case', async () => {
    const gradient = (id: string): string => `<svg width="8" height="2"><defs><linearGradient id="${id}"><stop offset="0"/><stop offset="1"/></linearGradient></defs><rect width="8" height="2" fill="url(#${id})"/></svg>`;
    expect(await pixels('linearGradient stop { stop-color: red }', gradient('d'))).toEqual(['RRRRRRRR', 'RRRRRRRR']);
    expect(await pixels('lineargradient > stop { stop-color: blue }', gradient('e'))).toEqual(['BBBBBBBB', 'BBBBBBBB']);
  });

  it('the properties SVG shares with HTML: a chart\'s axis labels take their font from the page\'s rules', async () => {
    // Liberation Mono advances 0.6em: "QQ" is 12px wide at 10px, 19px at the 16px the <svg> has
    const chart = (css: string): Promise<string[]> => wordWidths(`<style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 16px "Liberation Sans" } ${css}</style>
      <svg width="300" height="100"><g class="axis"><text x="10" y="20">QQ</text><text x="10" y="50" font-size="20" class="big">QQ</text></g><text x="10" y="80">QQ</text></svg>`);
    // the rule outranks the presentation attribute; the text outside the axis keeps the page's Liberation Sans (25px)
    expect(await chart('.axis text { font: 10px "Liberation Mono" }')).toEqual(['QQ 12', 'QQ 12', 'QQ 25']);
    // the presentation attribute where no rule sets the font; an em size against the page's 16px
    expect(await chart('.axis text { font-family: "Liberation Mono" } .big { font-size: 1.5em }')).toEqual(['QQ 19', 'QQ 29', 'QQ 25']);
    expect(await chart('.axis text { font-family: "Liberation Mono" }')).toEqual(['QQ 19', 'QQ 24', 'QQ 25']);
  });

  it('display: none, visibility, opacity and color from the page\'s rules on shapes', async () => {
    expect(await pixels('.gone { display: none } .hid { visibility: hidden } .clear { opacity: 0 } .red { color: red }',
      `<svg width="8" height="2">${square('fill="blue"')}<g transform="translate(2)">${square('class="gone" fill="blue"')}</g><g transform="translate(4)">${square('class="hid" fill="blue"')}</g><g class="red" transform="translate(6)">${square('fill="currentColor"')}</g></svg>`))
      .toEqual(['BB____RR', 'BB____RR']);
    expect(await pixels('.clear { opacity: 0 }', `<svg width="8" height="2">${square('class="clear" fill="blue"')}</svg>`)).toEqual(['________', '________']);
  });

  it('the marker shorthand from the page puts a marker on every vertex', async () => {
    const marker = '<defs><marker id="m" markerWidth="2" markerHeight="2" refX="1" refY="1" markerUnits="userSpaceOnUse"><rect width="2" height="2" fill="red"/></marker></defs>';
    expect(await pixels('.dots { marker: url(#m) }', `<svg width="8" height="2">${marker}<polyline class="dots" points="1,1 4,1 7,1" fill="none" stroke="none"/></svg>`))
      .toEqual(['RR_RR_RR', 'RR_RR_RR']);
  });
});

describe('elements one inline SVG takes from another', () => {
  it('are copied up to a bound per render, past which the references stay undrawn with one warning', async () => {
    // a symbol of 1 MB (a long description), used by 12 icons: 12 MB asked for, at most 8 MB copied
    const sprite = `<svg style="display: none"><symbol id="big" viewBox="0 0 1 1"><desc>${'x'.repeat(1_000_000)}</desc><rect width="1" height="1" fill="red"/></symbol></svg>`;
    const icons = Array.from({ length: 12 }, () => '<svg width="2" height="2"><use href="#big"/></svg>').join('');
    const [page] = await renderPixels(`<style>@page { size: 24px 2px; margin: 0 } body { margin: 0; line-height: 0; display: flex }</style>${sprite}${icons}`, {
      expectDiagnostics: [{ code: 'resource', message: /inline SVGs reference 8 MB of elements other inline SVGs define: the references past that are not drawn/ }],
    });
    expect(page![0]!.length).toBe(24);
    const drawn = page![0]!.match(/R+/g)!.join('').length / 2;
    expect(drawn).toBeGreaterThanOrEqual(7);
    expect(drawn).toBeLessThan(12);
  });

  it('takes at most 256 definitions into one drawing, warned', async () => {
    // a chain of 300 symbols, each using the next: the drawing takes the first 256
    const chain = Array.from({ length: 300 }, (_, k) => `<symbol id="s${k}" viewBox="0 0 1 1">${k === 299 ? '<rect width="1" height="1" fill="red"/>' : `<use href="#s${k + 1}"/>`}</symbol>`).join('');
    await renderPixels(`<style>@page { size: 4px 4px; margin: 0 } body { margin: 0 }</style><svg style="display: none">${chain}</svg><svg width="4" height="4"><use href="#s0"/></svg>`, {
      expectDiagnostics: [{ code: 'resource', message: /an inline SVG references more than 256 elements other inline SVGs define: those past them are not drawn/ }],
    });
  });
});
