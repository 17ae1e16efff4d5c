/**
 * The math functions of CSS Values 4 beyond calc()/min()/max()/clamp(): stepped values (`round()`,
 * `mod()`, `rem()`), trigonometric and exponential functions, `abs()`, `sign()`, `hypot()`, and
 * the quotient of two lengths. Expected values are Chromium 156's computed styles (margin-left at
 * font-size 20px; widths of a 200px containing block).
 */
import { describe, expect, it } from 'vitest';
import { resolveLength } from '../../src/css/values/length.js';
import { styleWith } from './helpers.js';

describe('math functions (CSS Values 4 §10.5–10.8), as Chromium computes them', () => {
  it.each([
    ['round(13.7px, 1px)', 14.0],
    ['round(up, 13.1px, 2px)', 14.0],
    ['round(down, 13.9px, 2px)', 12.0],
    ['round(to-zero, -13.9px, 2px)', -12.0],
    ['round(-13.5px, 1px)', -13.0],
    ['round(nearest, 15px, 10px)', 20.0],
    ['mod(18px, 5px)', 3.0],
    ['mod(-18px, 5px)', 2.0],
    ['rem(-18px, 5px)', -3.0],
    ['rem(18px, -5px)', 3.0],
    ['abs(-7px)', 7.0],
    ['hypot(3px, 4px)', 5.0],
    ['calc(10px * sin(30deg))', 5.0],
    ['calc(10px * cos(60deg))', 5.0],
    ['calc(10px * tan(45deg))', 10.0],
    ['calc(100px * sin(pi / 6))', 50.0],
    ['calc(1px * pow(2, 5))', 32.0],
    ['calc(1px * sqrt(49))', 7.0],
    ['calc(1px * log(100, 10))', 2.0],
    ['calc(1px * exp(1) * 10)', 27.1828],
    ['calc(10px * sign(-3px))', -10.0],
    ['calc(100px / 1in * 10px)', 10.4167],
    ['calc(1px * round(7.5))', 8.0],
    ['calc(1em * round(2.4))', 40.0],
    ['round(1em, 3px)', 21.0],
    ['mod(2em, 9px)', 4.0],
    ['calc(10px * abs(-2))', 20.0],
    ['calc(1px * atan2(1, 1) / 1deg)', 45.0],
    ['calc(1px * acos(0) / 1deg)', 90.0],
    ['calc(1px * asin(1) / 1turn * 100)', 25.0],
    ['calc(1px * round(up, 10deg, 25deg) / 1deg)', 25.0],
    ['calc(10px * sign(2em - 1px))', 10.0],
    ['calc(2em / 1px * 1px)', 40.0],
  ])('margin-left: %s', async (value, expected) => {
    const doc = await styleWith(`div { font-size: 20px; margin-left: ${value} }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('div').marginLeft).toBeCloseTo(expected, 3);
  });

  it.each([
    ['round(33%, 10px)', 70.0],
    ['round(up, 33%, 10%)', 80.0],
    ['mod(50%, 30px)', 10.0],
    ['abs(50% - 150px)', 50.0],
    ['hypot(30%, 80px)', 100.0],
    ['calc(round(down, 100% - 7px, 20px) + 1px)', 181.0],
  ])('width: %s of 200px', async (value, expected) => {
    const doc = await styleWith(`div { width: ${value} }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    expect(resolveLength(doc.style('div').width as never, 200)).toBeCloseTo(expected, 3);
  });

  it('folds percentages alone into a percentage, except under sign()', async () => {
    const doc = await styleWith('div { width: round(up, 33%, 10%); margin-left: calc(sign(50% - 10%) * 5px) }', '<div></div>');
    expect(doc.style('div').width).toEqual({ kind: 'percent', value: 40 });
    expect(resolveLength(doc.style('div').marginLeft as never, 100)).toBe(5);
    expect(resolveLength(doc.style('div').marginLeft as never, 0)).toBe(0);
  });

  it('keeps what overflows a double, or divides by zero, within the lengths laid out (CSS Values 4 §10.9)', async () => {
    const doc = await styleWith('div { width: calc(sign(50% - 1px) * 1e300px * 1e300); margin-left: calc(10px / sign(50% - 50%)); height: calc(1px * pow(10, 400)) }', '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    expect(resolveLength(doc.style('div').width as never, 100)).toBe(33_554_431);
    expect(resolveLength(doc.style('div').marginLeft as never, 100)).toBe(33_554_431);
    expect(doc.style('div').height).toBe(33_554_431);
  });

  it('takes angles where angles are expected: transforms, gradients, hues', async () => {
    const doc = await styleWith(`div { transform: rotate(calc(45deg + 0.25turn)) rotate(atan2(1, 1)) rotate(acos(0)); color: hsl(calc(60deg * 2) 100% 25%);
      background-image: linear-gradient(calc(1turn / 4), red, blue) }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
    const style = doc.style('div');
    expect(style.transform.map((t) => (t as { angle: number }).angle)).toEqual([135, 45, 90]);
    expect(style.color).toEqual({ r: 0, g: 127.5, b: 0, a: 1 });
    expect(style.backgroundImage[0]).toMatchObject({ kind: 'linear', direction: { angle: 90 } });
  });

  it.each([
    'round(10px)', 'round(up, 10px, 3)', 'mod(10px, 3)', 'sin(10px)', 'calc(1px * asin(2deg))', 'pow(2px, 2)', 'hypot(3px, 4)',
    'calc(1px * sqrt(4px))', 'calc(10deg)', 'calc(1px * 1px)', 'round(sideways, 10px, 2px)', 'calc(1px * atan2(1em, 2em) / 1deg)',
  ])('rejects %s for a length', async (value) => {
    const doc = await styleWith(`div { margin-left: ${value} }`, '<div></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
  });

  it('reads a number of lengths known only when computed as invalid for a number property', async () => {
    const doc = await styleWith('div { opacity: calc(1em / 20px); z-index: round(2.6); line-height: calc(sin(90deg) * 1.5) }', '<div></div>');
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['css_invalid_value']);
    expect(doc.style('div').zIndex).toBe(3);
    expect(doc.style('div').lineHeight).toEqual({ kind: 'number', value: 1.5 });
  });

  it('takes integers from math functions wherever an integer goes, rounded', async () => {
    const doc = await styleWith(`div { counter-reset: a calc(2 * 10) b; counter-increment: a calc(1.6); -webkit-line-clamp: calc(1 + 1);
      hyphenate-limit-chars: calc(3 + 3) auto; tab-size: calc(2 + 2); grid-row-start: calc(1 + 1); grid-template-columns: repeat(calc(1 + 2), 1fr) }`, '<div></div>');
    const style = doc.style('div');
    expect(doc.diagnostics).toEqual([]);
    expect(style.counterReset).toEqual([{ name: 'a', value: 20 }, { name: 'b', value: 0 }]);
    expect(style.counterIncrement).toEqual([{ name: 'a', value: 2 }]);
    expect(style.webkitLineClamp).toBe(2);
    expect(style.hyphenateLimitChars).toMatchObject({ word: 6 });
    expect(style.tabSize).toEqual({ kind: 'number', value: 4 });
    expect(style.gridRowStart).toMatchObject({ kind: 'line', line: 2 });
  });
});
