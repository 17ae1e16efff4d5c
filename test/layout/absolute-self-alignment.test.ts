/**
 * `justify-self` / `align-self` of absolutely positioned boxes in block containers (CSS Position 3
 * §4.1, §4.4; CSS Box Alignment 3 §6): aligned in the inset-modified containing block, or in the
 * static-position rectangle when both insets of the axis are auto. Every expected value is
 * Chromium 156's `getBoundingClientRect()` of the same markup (relative to the containing block,
 * a 400×300 positioned div at the page's origin; the boxes are 100×50 red divs unless said).
 */
import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';

const CSS = `@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/18px "Liberation Serif" }
  .cb { position: relative; width: 400px; height: 300px } .a { position: absolute; width: 100px; height: 50px }
  .par { margin-left: 50px; width: 200px; padding-top: 30px; height: 100px }`;

/** `x,y wxh` of #t in a containing block holding `inner`. */
async function placed(inner: string, css = ''): Promise<string> {
  const doc = await layoutHtml(`<style>${CSS} ${css}</style><div class="cb">${inner}</div>`);
  expect(doc.diagnostics).toEqual([]);
  const f = findById(doc.pages[0]!, 't');
  if (f === undefined) throw new Error('#t not laid out');
  const r = (n: number): number => Math.round(n * 100) / 100;
  return `${r(f.x)},${r(f.y)} ${r(f.width)}x${r(f.height)}`;
}

const box = (style: string, content = ''): string => `<div class="a" id="t" style="${style}">${content}</div>`;

describe('self-alignment between two insets', () => {
  it.each([
    ['inset: 0; place-self: center', '150,125 100x50'],
    ['left: 0; right: 0; justify-self: end', '300,0 100x50'],
    ['inset: 0; justify-self: self-end; align-self: flex-end', '300,250 100x50'],
    ['inset: 0; justify-self: left; align-self: last baseline', '0,250 100x50'],
    // auto margins take the free space first
    ['inset: 0; place-self: center; margin: auto', '150,125 100x50'],
    ['inset: 0; width: auto; justify-self: center; margin-left: auto', '387.55,0 12.45x50'],
    // the alignment centres the margin box
    ['inset: 0; align-self: center; margin-top: 10px', '0,130 100x50'],
  ])('%s', async (style, expected) => {
    expect(await placed(box(style, style.includes('margin-left: auto') ? 'm' : ''))).toBe(expected);
  });

  it('gives an auto size its fit-content size unless the value stretches', async () => {
    expect(await placed(box('inset: 0 0 auto 0; width: auto; height: auto; justify-self: center', 'auto size'))).toBe('171.79,0 56.42x18');
    expect(await placed(box('inset: 0; width: auto; height: auto; align-self: center', 'auto height text'))).toBe('0,141 400x18');
    expect(await placed(box('inset: 0; width: auto; height: auto; place-self: start', 's'))).toBe('0,0 6.23x18');
    expect(await placed(box('inset: 0; width: auto; height: auto; place-self: stretch', 's'))).toBe('0,0 400x300');
  });

  it('keeps an overflowing box inside the containing block where it fits, else at the start; safe and unsafe as asked', async () => {
    // on a wider page, with the containing block 100px from its left edge (so x is Chromium's + 100)
    const wide = '@page { size: 700px 300px } .cb { margin-left: 100px }';
    expect(await placed(box('inset: 0; width: 500px; justify-self: center'), wide)).toBe('100,0 500x50');
    expect(await placed(box('inset: 0; width: 500px; justify-self: safe center'), wide)).toBe('100,0 500x50');
    expect(await placed(box('inset: 0; width: 500px; justify-self: unsafe center'), wide)).toBe('50,0 500x50');
    expect(await placed(box('inset: 0 0 0 100px; width: 350px; justify-self: center'))).toBe('50,0 350x50');
  });

  it('starts from the right in a right-to-left containing block', async () => {
    const doc = await layoutHtml(`<style>${CSS}</style><div class="cb" style="direction: rtl">${box('inset: 0; justify-self: start')}</div>`);
    const f = findById(doc.pages[0]!, 't')!;
    expect([f.x, f.y]).toEqual([300, 0]);
  });
});

describe('self-alignment with one auto inset: the box stays against the other', () => {
  it.each([
    ['left: 20px; justify-self: end', '20,0 100x50'],
    ['left: 20px; justify-self: center', '20,0 100x50'],
    ['right: 20px; justify-self: start', '280,0 100x50'],
    ['top: 20px; align-self: center', '0,20 100x50'],
    ['left: 20px; width: auto; justify-self: stretch', '20,0 40x50'],
    ['top: 20px; bottom: 0; align-self: end; justify-self: center', '150,250 100x50'],
  ])('%s', async (style, expected) => {
    expect(await placed(box(style, style.includes('stretch') ? 'shrink' : ''))).toBe(expected);
  });
});

describe('self-alignment in the static-position rectangle (both insets auto)', () => {
  it('centres on the static position in the block axis and in the parent\'s content box in the inline axis', async () => {
    expect(await placed(`<p style="margin: 0; height: 40px">text</p>${box('align-self: center; justify-self: center')}`)).toBe('150,15 100x50');
    expect(await placed(`<div class="par">${box('justify-self: center; align-self: end')}</div>`)).toBe('100,-20 100x50');
  });

  it('aligns on the static point when the box stood in a line', async () => {
    expect(await placed(`<div class="par"><span>x</span>${box('justify-self: end')}</div>`)).toBe('-50,48 100x50');
  });
});

describe('a replaced box between two insets', () => {
  it('keeps its natural size (CSS2 §10.3.8), as Chromium does', async () => {
    const svg = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='60' height='30'/%3E";
    expect(await placed(`<img class="a" id="t" style="inset: 0; width: auto; height: auto" src="${svg}">`)).toBe('0,0 60x30');
  });
});

describe('self-alignment in a vertical writing mode', () => {
  it('is not applied yet, and says so at the box', async () => {
    // (checkDiagnostics fails on any other diagnostic; the box is on the template's 4th line, after the style's 3)
    await layoutHtml(`<style>${CSS}</style><div class="cb" style="writing-mode: vertical-rl">\n${box('inset: 0; place-self: center')}</div>`, {
      expectWarnings: [/^<template>:4:1: warning\[layout\]: `justify-self`\/`align-self` of an absolutely positioned box in `writing-mode: vertical-rl` are not applied/],
    });
  });
});
