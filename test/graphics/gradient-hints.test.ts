/**
 * Transition hints (CSS Images 3 §3.4.3): between two colour stops the mix follows
 * P^(ln 0.5 / ln H), drawn as linear pieces that stay within one colour step of the curve.
 */
import { describe, expect, it } from 'vitest';
import type { ColorStop } from '../../src/css/image-types.js';
import { colorAt, fixStops } from '../../src/paint/gradient.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };
const pct = (value: number): ColorStop['position'] => ({ kind: 'percent', value });
/** How far towards blue the colour at `t` is, 0 to 1. */
const blueness = (stops: ReturnType<typeof fixStops>, t: number): number => colorAt(stops, t).b / 255;

function withHint(hint: number): ColorStop[] {
  return [
    { color: red, position: undefined },
    { color: { r: 127.5, g: 0, b: 127.5, a: 1 }, position: pct(hint * 100), hint: true },
    { color: blue, position: undefined },
  ];
}

describe('transition hints', () => {
  it('follows the curve through the hint, within one colour step', () => {
    for (const hint of [0.05, 0.3, 0.5, 0.9, 0.95]) {
      const stops = fixStops(withHint(hint), 100);
      const exponent = Math.log(0.5) / Math.log(hint);
      for (let p = 0; p <= 1; p += 1 / 64) expect(Math.abs(blueness(stops, p) - p ** exponent)).toBeLessThan(2 / 255);
      expect(blueness(stops, hint)).toBeCloseTo(0.5, 6);
    }
  });

  it('stays on the first colour before a hint near the second stop (the curve, not a straight line)', () => {
    const stops = fixStops(withHint(0.9), 100);
    expect(blueness(stops, 0.5)).toBeLessThan(0.02); // a midpoint stop drawn straight gave 0.28
  });

  it('jumps where a hint sits on a colour stop', () => {
    const atStart = fixStops([{ color: red, position: pct(20) }, { color: red, position: pct(20), hint: true }, { color: blue, position: pct(80) }], 100);
    expect(blueness(atStart, 0.21)).toBe(1);
    const atEnd = fixStops([{ color: red, position: pct(20) }, { color: red, position: pct(80), hint: true }, { color: blue, position: pct(80) }], 100);
    expect(blueness(atEnd, 0.79)).toBe(0);
  });
});
