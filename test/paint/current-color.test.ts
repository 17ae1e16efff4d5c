/**
 * `currentColor` (CSS Color 4 §6.4) in pixels: it computes to itself and is resolved at used-value
 * time, so an element that inherits a value holding it (explicitly, or through a custom property)
 * paints it in its own `color`, as Chromium does. Every page is 24×8px.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';
import type { PixelOptions } from '../helpers/render.js';

const page = (html: string, css = '', pixels: PixelOptions = {}): Promise<string[]> =>
  renderPage(`<style>@page { size: 24px 8px; margin: 0 } body { margin: 0 } div { box-sizing: border-box } ${css}</style>${html}`, {}, pixels);

/** Eight rows: `cells` from the left edge, white after. */
const rows = (cells: string): string[] => Array.from({ length: 8 }, () => cells.padEnd(24, '_'));
const square = (letter: string): string[] => rows(letter.repeat(8));
const box = 'width: 8px; height: 8px';

describe('currentColor', () => {
  it('is inherited as the keyword by border-color: the child paints its own color', async () => {
    expect(await page(`<div style="color: red; border-color: currentColor"><div style="color: blue; ${box}; border: 4px solid; border-color: inherit"></div></div>`)).toEqual(square('B'));
    // the initial value of border-color is currentColor too
    expect(await page(`<div style="color: red"><div style="color: blue; ${box}; border: 4px solid; border-color: inherit"></div></div>`)).toEqual(square('B'));
  });

  it('leaves an inherited plain colour as it is, through several generations', async () => {
    expect(await page(`<div style="color: lime; border-color: red"><div style="border-color: inherit"><div style="color: blue; ${box}; border: 4px solid; border-color: inherit"></div></div></div>`)).toEqual(square('R'));
    expect(await page(`<div style="color: red; border-color: currentColor"><div style="color: lime; border-color: inherit"><div style="color: blue; ${box}; border: 4px solid; border-color: inherit"></div></div></div>`)).toEqual(square('B'));
  });

  it('is inherited as the keyword by outline-color and column-rule-color', async () => {
    expect(await page(`<div style="color: red; outline-color: currentColor"><div style="color: blue; width: 0; height: 0; margin: 4px; outline: 4px solid; outline-color: inherit"></div></div>`)).toEqual(square('B'));
    const columns = 'width: 24px; height: 8px; columns: 2; column-gap: 8px; column-fill: auto; column-rule: 8px solid; column-rule-color: inherit';
    expect(await page(`<div style="color: red; column-rule-color: currentColor"><div style="color: blue; ${columns}"><p style="margin: 0; height: 8px"></p><p style="margin: 0; height: 8px"></p></div></div>`))
      .toEqual(rows(`${'_'.repeat(8)}${'B'.repeat(8)}`));
  });

  it('is inherited as the keyword by text-decoration-color', async () => {
    // four spaces of Liberation Mono 5px under white-space: pre: 12px of underline, no ink
    const text = "font: 5px/8px 'Liberation Mono'; white-space: pre; margin: 0";
    const result = await page(`<p style="${text}; color: red; text-decoration-color: currentColor"><span style="color: blue; text-decoration: underline; text-decoration-thickness: 2px; text-decoration-color: inherit">    </span></p>`);
    expect(new Set(result.join(''))).toEqual(new Set(['_', 'B']));
  });

  it('is inherited as the keyword inside gradient stops and box-shadow colours', async () => {
    expect(await page(`<div style="color: red; background-image: linear-gradient(currentColor, currentColor)"><div style="color: blue; ${box}; background-image: inherit"></div></div>`))
      .toEqual(rows(`${'B'.repeat(8)}${'R'.repeat(16)}`));
    // the parent is hidden (no shadow of its own); the child shows, with the inherited shadow in blue
    expect(await page(`<div style="color: red; visibility: hidden; ${box}; margin: 0 8px; box-shadow: 0 0 0 4px currentColor"><div style="visibility: visible; color: blue; ${box}; box-shadow: inherit"></div></div>`))
      .toEqual(rows('____BBBB________BBBB'));
  });

  it('is resolved where a custom property holding it is used', async () => {
    expect(await page(`<div style="color: red; --c: currentColor"><div style="color: blue; ${box}; background-color: var(--c)"></div></div>`)).toEqual(square('B'));
    expect(await page(`<div style="color: red; --s: 0 0 0 4px currentColor"><div style="color: blue; ${box}; margin: 0 8px; box-shadow: var(--s)"></div></div>`))
      .toEqual(rows('____BBBB________BBBB'));
  });

  it('as the value of color itself is the inherited colour', async () => {
    expect(await page(`<div style="color: blue"><div style="color: currentColor; ${box}; background: currentColor"></div></div>`)).toEqual(square('B'));
  });

  it('fills inline SVG with the color of the element, and of the <use> in used symbols', async () => {
    expect(await page('<div style="color: blue"><svg width="8" height="8" style="display: block"><rect width="8" height="8" fill="currentColor"/></svg></div>')).toEqual(square('B'));
    const symbol = '<defs><symbol id="s"><rect width="8" height="8" fill="currentColor"/></symbol></defs>';
    expect(await page(`<div style="color: red"><svg width="8" height="8" style="display: block">${symbol}<use href="#s" style="color: blue"/></svg></div>`)).toEqual(square('B'));
  });

  // rgb(from currentColor g b r) turns red into blue and blue into lime: which colour it used shows
  const rotated = 'rgb(from currentColor g b r)';

  it('inside a relative colour or color-mix() is resolved by the element that uses the value', async () => {
    expect(await page(`<div style="color: red; border-color: ${rotated}"><div style="color: blue; ${box}; border: 4px solid; border-color: inherit"></div></div>`)).toEqual(square('G'));
    expect(await page(`<div style="color: red; background-image: linear-gradient(${rotated}, ${rotated})"><div style="color: blue; ${box}; background-image: inherit"></div></div>`))
      .toEqual(rows(`${'G'.repeat(8)}${'B'.repeat(16)}`));
    expect(await page(`<div style="color: red; --s: 0 0 0 4px ${rotated}"><div style="color: blue; ${box}; margin: 0 8px; box-shadow: var(--s)"></div></div>`))
      .toEqual(rows('____GGGG________GGGG'));
    expect(await page(`<div style="color: red"><svg width="8" height="8" style="display: block"><rect width="8" height="8" fill="${rotated}"/></svg></div>`)).toEqual(square('B'));
    // Tailwind 4's placeholder colour: Chromium prints blue at 50% as #7f7fff
    expect(await page(`<div style="color: blue; ${box}; background: color-mix(in oklab, currentColor 50%, transparent)"></div>`, '', { palette: { _: '#ffffff', P: '#7f7fff' }, tolerance: 1 }))
      .toEqual(square('P'));
  });

  it('paints @page and margin boxes in their own color', async () => {
    expect(await page('', '@page { color: blue; background: currentColor }')).toEqual(rows('B'.repeat(24)));
    const margin = await page('<p style="margin: 0">&nbsp;</p>', '@page { margin: 4px 0 0 0; color: red; @top-left { color: blue; background: currentColor; content: "" } }');
    expect(margin.slice(0, 4)).toEqual(rows('B'.repeat(24)).slice(0, 4));
  });
});
