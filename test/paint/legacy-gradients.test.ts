/**
 * The gradient syntaxes older than CSS Images 3 that Chromium 156 still draws (css/values/
 * legacy-gradient.ts), which templates made for wkhtmltopdf carry: `-webkit-linear-gradient()`
 * starts at the side it names and counts angles counter-clockwise from the right, a corner runs
 * to the opposite corner; `-webkit-gradient(linear, …)` runs between two points. Each expected row
 * is Chromium 156's `--print-to-pdf` of the same box, rasterized alike (hard stops, 24×8px boxes).
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../helpers/render.js';

/** The rows of a 24×8px box painted with `background`, every other row (the boxes are uniform down or slanted). */
async function box(background: string): Promise<string[]> {
  const rows = await renderPage(`<style>@page { size: 24px 8px; margin: 0 } body { margin: 0 } div { width: 24px; height: 8px }</style><div style="background: ${background}"></div>`);
  return rows.filter((_, y) => y % 2 === 0);
}

const uniform = (row: string): string[] => [row, row, row, row];

describe('-webkit-linear-gradient()', () => {
  it('starts at the side it names', async () => {
    expect(await box('-webkit-linear-gradient(left, red 50%, blue 50%)')).toEqual(uniform('RRRRRRRRRRRRBBBBBBBBBBBB'));
    expect(await box('-webkit-linear-gradient(right, red 25%, blue 25%)')).toEqual(uniform('BBBBBBBBBBBBBBBBBBRRRRRR'));
  });

  it('runs down from the top without a direction', async () => {
    expect(await box('-webkit-linear-gradient(red 50%, blue 50%)')).toEqual(['RRRRRRRRRRRRRRRRRRRRRRRR', 'RRRRRRRRRRRRRRRRRRRRRRRR', 'BBBBBBBBBBBBBBBBBBBBBBBB', 'BBBBBBBBBBBBBBBBBBBBBBBB']);
  });

  it('counts an angle counter-clockwise from the right', async () => {
    // 0deg runs to the right (linear-gradient(90deg)), 90deg up
    expect(await box('-webkit-linear-gradient(0deg, red 25%, blue 25%)')).toEqual(uniform('RRRRRRBBBBBBBBBBBBBBBBBB'));
    expect(await box('-webkit-linear-gradient(90deg, red 50%, blue 50%)')).toEqual(['BBBBBBBBBBBBBBBBBBBBBBBB', 'BBBBBBBBBBBBBBBBBBBBBBBB', 'RRRRRRRRRRRRRRRRRRRRRRRR', 'RRRRRRRRRRRRRRRRRRRRRRRR']);
  });

  it('runs from a corner to the opposite corner, not at the angle of `to right bottom`', async () => {
    const corner = await box('-webkit-linear-gradient(left top, red 50%, blue 50%)');
    expect(corner).toEqual(await box('-webkit-linear-gradient(top left, red 50%, blue 50%)'));
    // the edge is perpendicular to the diagonal, through the centre: 8/3px across the box's height
    expect(corner.map((row) => row.indexOf('B'))).toEqual([13, 13, 12, 11]);
    expect((await box('linear-gradient(to right bottom, red 50%, blue 50%)')).map((row) => row.indexOf('B'))).toEqual([23, 17, 11, 5]);
  });
});

describe('-webkit-radial-gradient()', () => {
  it('takes its position first, then its shape and size, `cover` and `contain` among the sizes', async () => {
    // cover is farthest-corner: 20px of red around the top-left corner reach 20px along the top
    expect(await box('-webkit-radial-gradient(left top, circle cover, red 20px, blue 20px)'))
      .toEqual(['RRRRRRRRRRRRRRRRRRRRBBBB', 'RRRRRRRRRRRRRRRRRRRRBBBB', 'RRRRRRRRRRRRRRRRRRR?BBBB', 'RRRRRRRRRRRRRRRRRRRBBBBB']);
    expect(await box('-webkit-radial-gradient(left center, 12px 4px, red 99%, blue 100%)'))
      .toEqual(['RRRRR?BBBBBBBBBBBBBBBBBB', 'RRRRRRRRRRRBBBBBBBBBBBBB', 'RRRRRRRRRRRRBBBBBBBBBBBB', 'RRRRRRRRRBBBBBBBBBBBBBBB']);
  });
});

describe('-webkit-gradient(linear, …)', () => {
  it('runs between its two points, from() at the first and to() at the second', async () => {
    expect(await box('-webkit-gradient(linear, left top, right top, from(red), color-stop(0.75, red), color-stop(75%, blue), to(blue))'))
      .toEqual(uniform('RRRRRRRRRRRRRRRRRRBBBBBB'));
    expect(await box('-webkit-gradient(linear, left top, left bottom, from(red), color-stop(0.5, red), color-stop(0.5, blue), to(blue))'))
      .toEqual(['RRRRRRRRRRRRRRRRRRRRRRRR', 'RRRRRRRRRRRRRRRRRRRRRRRR', 'BBBBBBBBBBBBBBBBBBBBBBBB', 'BBBBBBBBBBBBBBBBBBBBBBBB']);
  });

  it('takes points inside the box in px, the colours beyond them extended', async () => {
    expect(await box('-webkit-gradient(linear, 6 0, 18 0, from(red), color-stop(0.5, red), color-stop(0.5, blue), to(blue))')).toEqual(uniform('RRRRRRRRRRRRBBBBBBBBBBBB'));
    expect(await box('-webkit-gradient(linear, 0 0, 8 0, from(red), color-stop(0.5, red), color-stop(0.5, blue), to(blue))')).toEqual(uniform('RRRRBBBBBBBBBBBBBBBBBBBB'));
  });

  it('sorts its stops by offset', async () => {
    // stably: the red at 0.5 written before the blue at 0.5 stays before it
    expect(await box('-webkit-gradient(linear, left top, right top, color-stop(0.5, red), to(blue), from(red), color-stop(0.5, blue))')).toEqual(uniform('RRRRRRRRRRRRBBBBBBBBBBBB'));
  });

  it('replaces the flat colour written before it as a fallback', async () => {
    expect(await box('#0f0; background: -webkit-gradient(linear, left top, right top, from(red), color-stop(0.5, red), color-stop(0.5, blue), to(blue))'))
      .toEqual(uniform('RRRRRRRRRRRRBBBBBBBBBBBB'));
  });

  it('is valid without stops and paints nothing, as Blink paints a gradient with none', async () => {
    // the shorthand resets the fallback colour written before it; a colour written in it stays under it
    expect(await box('#f00; background: -webkit-gradient(linear, left top, right top)')).toEqual(uniform('_'.repeat(24)));
    expect(await box('#f00; background: -webkit-gradient(linear, 0 0, 0 100%) #00f')).toEqual(uniform('B'.repeat(24)));
    expect(await box('#f00; background-image: -webkit-gradient(linear, left top, right top)')).toEqual(uniform('R'.repeat(24)));
  });
});

describe('-webkit-gradient(radial, …)', () => {
  it('is not drawn, and says so: the colour written before it stays', async () => {
    const rows = await renderPage(`<style>@page { size: 24px 8px; margin: 0 } body { margin: 0 } div { width: 24px; height: 8px }</style>
      <div style="background: #f00; background: -webkit-gradient(radial, 12 4, 0, 12 4, 12, from(red), to(blue))"></div>`,
    { expectDiagnostics: [{ code: 'css_unsupported', message: /-webkit-gradient\(radial, …\)` is not supported \(in `background`\)/ }] });
    expect(rows).toEqual(Array.from({ length: 8 }, () => 'R'.repeat(24)));
  });
});
