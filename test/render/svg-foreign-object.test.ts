/**
 * `<foreignObject>` in an inline `<svg>`: its HTML, styled by the page and laid out as a block of
 * the element's size, is drawn where the element stands under the drawing's viewBox and
 * transforms, clipped to it (the UA's `overflow: hidden`); `<switch>` and conditional attributes
 * choose what is drawn, as in Chromium (Mermaid's and draw.io's labels).
 */
import { describe, expect, it } from 'vitest';
import { renderPdf, renderPixels } from '../helpers/render.js';
import { pdfWords } from '../helpers/words.js';

const pixels = async (body: string, css = '', height = 4): Promise<string[]> => {
  const [page] = await renderPixels(`<style>@page { size: 8px ${height}px; margin: 0 } body { margin: 0; line-height: 0 } svg { display: block } ${css}</style>${body}`);
  return page!;
};
/** A foreignObject whose HTML is one block of `color`, `width` × `height` CSS px inside it. */
const colored = (attrs: string, color: string, width = 2, height = 1): string =>
  `<foreignObject ${attrs}><div style="width: ${width}px; height: ${height}px; background: ${color}"></div></foreignObject>`;

describe('SVG foreignObject', () => {
  it('draws its HTML at x, y in user units, scaled by the viewBox', async () => {
    // user units are 2 px: a 2 × 1 block at (1, 0) covers px 2–5 of rows 0–1
    expect(await pixels(`<svg width="8" height="4" viewBox="0 0 4 2">${colored('x="1" width="3" height="2"', 'red')}</svg>`))
      .toEqual(['__RRRR__', '__RRRR__', '________', '________']);
  });

  it('moves with the transforms of its ancestors and its own', async () => {
    expect(await pixels(`<svg width="8" height="4"><g transform="translate(4 2)">${colored('width="4" height="2"', 'blue', 4, 2)}</g></svg>`))
      .toEqual(['________', '________', '____BBBB', '____BBBB']);
    expect(await pixels(`<svg width="8" height="4">${colored('transform="translate(2 1)" width="2" height="1"', 'lime')}</svg>`))
      .toEqual(['________', '__GG____', '________', '________']);
  });

  it('clips its HTML to its box, as the UA style says, unless the page makes it visible', async () => {
    const tall = `<svg width="8" height="4">${colored('width="2" height="1"', 'red', 2, 3)}</svg>`;
    expect(await pixels(tall)).toEqual(['RR______', '________', '________', '________']);
    expect(await pixels(tall, 'foreignobject { overflow: visible }')).toEqual(['RR______', 'RR______', 'RR______', '________']);
  });

  it('is styled by the page: rules reach its HTML, display: none hides it, one without a size draws nothing', async () => {
    const html = '<foreignObject width="8" height="1"><p class="label">&nbsp;</p></foreignObject>';
    expect(await pixels(`<svg width="8" height="4">${html}</svg>`, '.label { margin: 0; height: 1px; background: blue }'))
      .toEqual(['BBBBBBBB', '________', '________', '________']);
    expect(await pixels(`<svg width="8" height="4">${html}</svg>`, '.label { margin: 0; height: 1px; background: blue } foreignObject { display: none }'))
      .toEqual(['________', '________', '________', '________']);
    expect(await pixels(`<svg width="8" height="4">${colored('width="0" height="2"', 'red')}${colored('height="2"', 'red')}</svg>`))
      .toEqual(['________', '________', '________', '________']);
  });

  it('draws only the first child of a <switch> that passes its conditions', async () => {
    // draw.io: the HTML first (requiredFeatures passes), a <text> fallback after it
    const drawio = `<switch>${colored('width="8" height="1" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility"', 'blue', 8)}<rect width="8" height="4" fill="red"/></switch>`;
    expect(await pixels(`<svg width="8" height="4">${drawio}</svg>`)).toEqual(['BBBBBBBB', '________', '________', '________']);
    // a language other than the user's (English) and an unknown extension fail; HTML's namespace passes
    const chosen = '<switch><rect width="8" height="4" fill="red" systemLanguage="fr"/><rect width="8" height="4" fill="red" requiredExtensions="http://example.com/x"/>'
      + '<rect width="8" height="4" fill="blue" requiredExtensions="http://www.w3.org/1999/xhtml" systemLanguage="de, en"/><rect width="8" height="4" fill="red"/></switch>';
    expect(await pixels(`<svg width="8" height="4">${chosen}</svg>`)).toEqual(['BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB']);
    // outside a <switch>, an element that fails is not drawn
    expect(await pixels('<svg width="8" height="4"><rect width="8" height="4" fill="red" systemLanguage="fr"/></svg>')).toEqual(['________', '________', '________', '________']);
  });

  it('loads the images of its HTML, and warns about those it cannot load', async () => {
    const blue = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"><rect width="2" height="1" fill="blue"/></svg>')}`;
    const [page] = await renderPixels(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0; line-height: 0 } svg { display: block } img { display: block }</style>
      <svg width="8" height="4"><foreignObject x="2" y="1" width="4" height="2"><img src="${blue}"><img src="missing.png" width="1" height="1" alt=""></foreignObject></svg>`,
    { expectDiagnostics: [{ code: 'resource', message: /missing\.png/ }] });
    expect(page).toEqual(['________', '__BB____', '________', '________']);
  });

  it('lays its text out as the page does: a Mermaid label, wrapped to the box and scaled with the drawing', async () => {
    // Liberation Mono advances 0.6em: "QQQQ QQQQ" is 54px at 10px, wider than the 40 user units of the box: two lines
    const label = (scale: number): string => `<svg width="${100 * scale}" height="${40 * scale}" viewBox="0 0 100 40"><g transform="translate(10 5)"><foreignObject width="40" height="30">`
      + '<div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; line-height: 1.5; text-align: center; width: 40px"><span class="nodeLabel"><p>QQQQ QQQQ</p></span></div></foreignObject></g></svg>';
    const words = async (scale: number): Promise<string[]> => (await pdfWords(await renderPdf(`<style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 10px "Liberation Mono" } p { margin: 0 }</style>${label(scale)}`)))
      .map((w) => `${w.text} ${Math.round((w.xMin * 96) / 72)} ${Math.round(((w.xMax - w.xMin) * 96) / 72)}`);
    // centred in the 40px box at x 10: (40 - 24) / 2 + 10 = 18
    expect(await words(1)).toEqual(['QQQQ 18 24', 'QQQQ 18 24']);
    expect(await words(2)).toEqual(['QQQQ 36 48', 'QQQQ 36 48']);
  });

  it('in an SVG image (not inline) is not drawn, with a warning naming it; a <switch> draws the fallback after it', async () => {
    const html = colored('y="2" width="8" height="2"', 'red', 8, 2).replace('<div', '<div xmlns="http://www.w3.org/1999/xhtml"');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"><rect width="8" height="1" fill="blue"/><switch>${html.replace('<foreignObject', '<foreignObject requiredFeatures="http://www.w3.org/TR/SVG11/feature#Extensibility"')}<rect y="3" width="8" height="1" fill="blue"/></switch>${html}</svg>`;
    const [page] = await renderPixels(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } img { display: block }</style><img src="data:image/svg+xml,${encodeURIComponent(svg)}">`,
      { expectDiagnostics: [{ code: 'resource', message: /<foreignObject> \(HTML in an SVG image\) not drawn yet/ }] });
    expect(page).toEqual(['BBBBBBBB', '________', '________', 'BBBBBBBB']);
  });

  it('in an SVG image is not warned where no viewer draws it: Illustrator\'s, which requires its own extension', async () => {
    const ai = 'http://ns.adobe.com/AdobeIllustrator/10.0/';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:i="${ai}" width="8" height="4"><switch><foreignObject requiredExtensions="${ai}" x="0" y="0" width="1" height="1"><i:pgfRef/></foreignObject>`
      + '<g i:extraneous="self"><rect width="8" height="4" fill="blue"/></g></switch></svg>';
    const [page] = await renderPixels(`<style>@page { size: 8px 4px; margin: 0 } body { margin: 0 } img { display: block }</style><img src="data:image/svg+xml,${encodeURIComponent(svg)}">`);
    expect(page).toEqual(['BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB', 'BBBBBBBB']);
  });
});
