/**
 * Background and mask layers of images with no natural size (CSS Backgrounds 3 §3.9, CSS Images 3
 * §5.3): an SVG with only a `viewBox` (or percentage sizes) has a ratio and no size, and `auto`
 * sizes it as `contain`; an SVG with neither fills the area. Expected pictures from Chromium 156.
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

const svg = (attributes: string, body = "<rect width='100%' height='100%' fill='red'/>"): string =>
  `url("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' ${attributes}>${body}</svg>")`;

/** A 2:1 red rectangle sized by its viewBox alone. */
const WIDE = svg("viewBox='0 0 4 2'", "<rect width='4' height='2' fill='red'/>");

/** The distinct rows of a 30 × 10 box painted with `css`. */
async function rows(css: string): Promise<string[]> {
  const page = await renderPage(`<style>@page { size: 30px 10px; margin: 0 } body { margin: 0 } div { width: 30px; height: 10px; ${css} }</style><div></div>`, {}, { tolerance: 1 });
  return [...new Set(page)];
}

describe('background-size auto for an image with a ratio and no natural size', () => {
  it('contains an SVG with only a viewBox in the area (not its viewBox size, 4 × 2)', async () => {
    expect(await rows(`background: ${WIDE} no-repeat`)).toEqual(['R'.repeat(20) + '_'.repeat(10)]);
    expect(await rows(`background: ${WIDE} no-repeat center`)).toEqual(['_'.repeat(5) + 'R'.repeat(20) + '_'.repeat(5)]);
  });

  it('takes percentage width and height as no natural size', async () => {
    const image = svg("width='100%' height='100%' viewBox='0 0 4 2'", "<rect width='4' height='2' fill='red'/>");
    expect(await rows(`background: ${image} no-repeat`)).toEqual(['R'.repeat(20) + '_'.repeat(10)]);
  });

  it('fills the area with an SVG with no size and no ratio, whatever contain or a width asks', async () => {
    const image = svg('');
    expect(await rows(`background: ${image} no-repeat 0 0 / contain`)).toEqual(['R'.repeat(30)]);
    expect(await rows(`background: ${image} no-repeat 0 0 / 10px auto`)).toEqual(['R'.repeat(10) + '_'.repeat(20)]);
  });

  it('takes the one dimension an SVG with only a width (or height) and no viewBox has, the other the area\'s', async () => {
    const wide = svg("width='10'");
    // no ratio: contain fills the area, a height leaves the natural width (Chromium: 300 × 100, 40 × 50 at ten times the size)
    expect(await rows(`background: ${wide} no-repeat 0 0 / contain`)).toEqual(['R'.repeat(30)]);
    const page = await renderPage(`<style>@page { size: 30px 10px; margin: 0 } body { margin: 0 } div { width: 30px; height: 10px; background: ${wide} no-repeat 0 0 / auto 5px }</style><div></div>`);
    expect(page).toEqual([...Array<string>(5).fill('R'.repeat(10) + '_'.repeat(20)), ...Array<string>(5).fill('_'.repeat(30))]);
    const tall = svg("height='2'");
    expect(await rows(`background: ${tall} no-repeat 0 0 / 10px auto`)).toEqual(['R'.repeat(10) + '_'.repeat(20), '_'.repeat(30)]);
  });

  it('fills the area with an SVG with preserveAspectRatio="none" and not both lengths: no ratio, no size (as Chromium)', async () => {
    // before: the viewBox's ratio, contained (20 of 30 columns), and the 10px width kept
    expect(await rows(`background: ${svg("viewBox='0 0 4 2' preserveAspectRatio='none'", "<rect width='4' height='2' fill='red'/>")} no-repeat`)).toEqual(['R'.repeat(30)]);
    expect(await rows(`background: ${svg("width='10' viewBox='0 0 4 2' preserveAspectRatio='none'", "<rect width='4' height='2' fill='red'/>")} no-repeat`)).toEqual(['R'.repeat(30)]);
  });

  it('sizes a mask image the same way (an icon masked without `/ contain`)', async () => {
    const mask = svg("viewBox='0 0 4 2'", "<rect width='4' height='2'/>");
    const result = await rows(`background: red; -webkit-mask: ${mask} no-repeat right; mask: ${mask} no-repeat right`);
    expect(result).toEqual(['_'.repeat(10) + 'R'.repeat(20)]);
  });
});
