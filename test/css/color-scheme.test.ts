/**
 * `color-scheme` (CSS Color Adjust 1 §2), `light-dark()` (CSS Color 5 §10) and system colours, as
 * Chromium prints them: the page prefers light, so `dark` is used only where `light` is not
 * offered. Expected values are Chromium's getComputedStyle.
 */
import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';
import { renderPage } from '../helpers/render.js';

const rgb = (color: { r: number; g: number; b: number; a: number }): string => `${color.r},${color.g},${color.b},${color.a}`;

describe('color-scheme and light-dark()', () => {
  it('computes the used scheme: dark only when light is not offered', async () => {
    const doc = await styleWith(`#a { color-scheme: light dark } #b { color-scheme: only dark } #c { color-scheme: foo } #d { color-scheme: dark light }
      #e { color-scheme: normal } #f { color-scheme: dark } div { background-color: light-dark(red, blue) }`,
    '<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><section id=f><div id=g></div></section>');
    expect(['#a', '#b', '#c', '#d', '#e', '#g'].map((id) => doc.style(id).colorScheme)).toEqual(['light', 'dark', 'light', 'light', 'light', 'dark']);
    expect(['#a', '#b', '#c', '#d', '#e', '#g'].map((id) => rgb(doc.style(id).backgroundColor))).toEqual(['255,0,0,1', '0,0,255,1', '255,0,0,1', '255,0,0,1', '255,0,0,1', '0,0,255,1']);
    expect(doc.diagnostics).toEqual([]);
  });

  it('resolves light-dark() inside colour functions in the element’s scheme (Chromium 156’s computed values)', async () => {
    // before: the whole declaration was invalid (a theme's muted text fell back to its parent's colour, with a warning)
    const mix = 'color-mix(in srgb, light-dark(#1b1b1f, #eeeeee) 60%, white)';
    const nested = 'color-mix(in srgb, light-dark(red, light-dark(blue, green)) 50%, light-dark(white, black))';
    const doc = await styleWith(`#a, #b { color: ${mix} } #c, #d { background-color: rgb(from light-dark(red, blue) r g b / 50%) } #e, #f { color: ${nested} } #b, #d, #f { color-scheme: dark }`,
      '<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>');
    // as Chromium prints them: color(srgb r g b / a), channels to three places
    const channels = (c: { r: number; g: number; b: number; a: number }): string => [c.r, c.g, c.b].map((v) => (v / 255).toFixed(3)).join(' ') + ' / ' + c.a;
    expect([channels(doc.style('#a').color), channels(doc.style('#b').color)]).toEqual(['0.464 0.464 0.473 / 1', '0.960 0.960 0.960 / 1']);
    expect([channels(doc.style('#c').backgroundColor), channels(doc.style('#d').backgroundColor)]).toEqual(['1.000 0.000 0.000 / 0.5', '0.000 0.000 1.000 / 0.5']);
    expect([channels(doc.style('#e').color), channels(doc.style('#f').color)]).toEqual(['1.000 0.500 0.500 / 1', '0.000 0.251 0.000 / 1']);
    expect(doc.diagnostics).toEqual([]);
    // a light-dark() of one colour inside a mix is invalid, warned (found in review: it recursed until the stack overflowed)
    const bad = await styleWith('p { color: color-mix(in srgb, light-dark(red) 50%, white) }', '<p>x</p>');
    expect(bad.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('resolves system colours inside colour functions in the element’s scheme (Chromium 156’s computed values)', async () => {
    // before: `border: 1px solid color-mix(in srgb, CanvasText 20%, transparent)` was invalid, warned, and the card had no border
    const doc = await styleWith(`#a, #b { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent) }
      #c, #d { background-color: rgb(from Canvas r g b / 50%) } #e, #f { color: color-mix(in oklab, GrayText, LinkText) }
      #b, #d, #f { color-scheme: dark }`,
    '<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>');
    const near = (c: { r: number; g: number; b: number; a: number }): number[] => [c.r, c.g, c.b, c.a * 100].map((v) => Math.round(v));
    expect([near(doc.style('#a').borderTopColor), near(doc.style('#b').borderTopColor)]).toEqual([[0, 0, 0, 20], [255, 255, 255, 20]]);
    expect([near(doc.style('#c').backgroundColor), near(doc.style('#d').backgroundColor)]).toEqual([[255, 255, 255, 50], [18, 18, 18, 50]]);
    // Chromium: oklab(0.514426 -0.0153917 -0.14783) and oklab(0.669414 0.0150027 -0.0676912), in sRGB
    expect(near(doc.style('#e').color)).toEqual([58, 98, 188, 100]);
    expect(near(doc.style('#f').color)).toEqual([142, 144, 191, 100]);
    expect(doc.diagnostics).toEqual([]);
  });

  it('rejects what is not a scheme list', async () => {
    const doc = await styleWith('p { color-scheme: dark normal } div { color-scheme: 12px }', '<p></p><div></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value', 'css_invalid_value']);
  });

  it('resolves light-dark() in color and system colours in the element’s scheme', async () => {
    const doc = await styleWith('div { color-scheme: dark; color: light-dark(red, blue); border-color: Canvas; outline-color: LinkText } span { color-scheme: light }', '<div><span>x</span></div>');
    expect(rgb(doc.style('div').color)).toBe('0,0,255,1');
    expect(rgb(doc.style('div').borderTopColor)).toBe('18,18,18,1');
    expect(rgb(doc.style('div').outlineColor)).toBe('158,158,255,1');
    // the resolved colour is inherited, whatever the child's scheme
    expect(rgb(doc.style('span').color)).toBe('0,0,255,1');
  });

  it('reads the deprecated system colours as the colours they stand for, and ignores Word\'s mso- properties', async () => {
    const doc = await styleWith(`td { border: solid windowtext 1.0pt; background-color: ThreeDFace; color: InactiveCaptionText; mso-border-alt: solid windowtext .5pt }
      th { color-scheme: dark; background-color: Window; color: WindowText }`, '<table><tr><td>x</td><th>y</th></tr></table>');
    const td = doc.style('td');
    expect([rgb(td.borderTopColor), rgb(td.backgroundColor), rgb(td.color)]).toEqual(['0,0,0,1', '239,239,239,1', '128,128,128,1']);
    expect(td.borderTopWidth).toBe(1); // 1pt, snapped to a whole pixel as Chromium does
    expect([rgb(doc.style('th').backgroundColor), rgb(doc.style('th').color)]).toEqual(['18,18,18,1', '255,255,255,1']);
    expect(doc.diagnostics).toEqual([]);
  });

  it('makes the root’s text white in a dark scheme (the initial color is CanvasText), inherited by light children', async () => {
    const doc = await styleWith(':root { color-scheme: dark } p { color-scheme: light }', '<p>x</p>');
    expect(rgb(doc.style('html').color)).toBe('255,255,255,1');
    expect(rgb(doc.style('p').color)).toBe('255,255,255,1');
    const light = await styleWith('p { color-scheme: dark }', '<p>x</p>');
    expect(rgb(light.style('p').color)).toBe('0,0,0,1');
  });

  it('paints the whole sheet in the dark Canvas colour under a dark root, as Chromium prints it', async () => {
    const palette = { _: '#ffffff', D: '#121212', B: '#0000ff' };
    const page = await renderPage('<style>@page { size: 6px 4px; margin: 1px } :root { color-scheme: dark } body { margin: 0 } div { height: 1px; background: light-dark(red, blue) }</style><div></div>', {}, { palette });
    expect(page).toEqual(['DDDDDD', 'DBBBBD', 'DDDDDD', 'DDDDDD']);
    const lightPage = await renderPage('<style>@page { size: 2px 2px; margin: 0 } :root { color-scheme: light dark } body { margin: 0 }</style>', {}, { palette });
    expect(lightPage).toEqual(['__', '__']);
  });
});
