/**
 * Colour steps (paint/color-matrix.ts): what an SVG `feComponentTransfer` and the colour space
 * conversions around a linearRGB primitive do to one colour, as Filter Effects 1 §15.11 defines them.
 */
import { describe, expect, it } from 'vitest';
import { applyColorSteps, recolorRgba } from '../../src/paint/color-matrix.js';
import type { ColorStep } from '../../src/paint/color-matrix.js';

const rounded = (rgb: readonly number[]): number[] => rgb.map((v) => Math.round(v * 1000) / 1000);

describe('colour steps', () => {
  it('interpolates a table, steps through a discrete table, and clamps linear and gamma', () => {
    const step: ColorStep = ({ channels: [{ type: 'table', values: [0, 1, 0] }, { type: 'discrete', values: [0.2, 0.8] }, { type: 'linear', slope: 3, intercept: -0.5 }] });
    expect(rounded(applyColorSteps([step], [0.25, 0.49, 0.2]))).toEqual([0.5, 0.2, 0.1]);
    expect(rounded(applyColorSteps([step], [1, 1, 1]))).toEqual([0, 0.8, 1]);
    const gamma: ColorStep = ({ channels: [{ type: 'gamma', amplitude: 2, exponent: 2, offset: 0.1 }, { type: 'identity' }, { type: 'table', values: [] }] });
    expect(rounded(applyColorSteps([gamma], [0.5, 0.3, 0.7]))).toEqual([0.6, 0.3, 0.7]);
  });

  it('converts to linear light and back (sRGB 0.5 is 0.214 linear)', () => {
    expect(rounded(applyColorSteps([{ to: 'linear' }], [0.5, 0, 1]))).toEqual([0.214, 0, 1]);
    expect(rounded(applyColorSteps([{ to: 'linear' }, { to: 'srgb' }], [0.5, 0.04, 0.9]))).toEqual([0.5, 0.04, 0.9]);
  });

  it('never gives NaN: 0 times an infinite gamma is 0', () => {
    const step: ColorStep = ({ channels: [{ type: 'gamma', amplitude: 0, exponent: -1, offset: 0 }, { type: 'identity' }, { type: 'identity' }] });
    expect(applyColorSteps([step], [0, 0.5, 0.5])).toEqual([0, 0.5, 0.5]);
  });
});

describe('colour steps on pixels', () => {
  it('gives every 8-bit value what the exact steps give, within one level (curves sampled, matrices exact)', () => {
    const duotone: ColorStep[] = [
      { to: 'linear' }, [0.33, 0.33, 0.33, 0, 0.33, 0.33, 0.33, 0, 0.33, 0.33, 0.33, 0], { to: 'srgb' },
      { channels: [{ type: 'table', values: [0.1, 0.9] }, { type: 'discrete', values: [0.2, 0.5, 0.7] }, { type: 'gamma', amplitude: 1, exponent: 0.45, offset: 0 }] },
    ];
    const rgba = new Uint8ClampedArray(256 * 3 * 4);
    for (let v = 0; v < 256; v++) {
      rgba.set([v, 0, 0, 255], v * 12);
      rgba.set([v, v, v, 128], v * 12 + 4);
      rgba.set([255 - v, v, (v * 7) % 256, 0], v * 12 + 8);
    }
    const source = rgba.slice();
    recolorRgba(duotone, rgba);
    let worst = 0;
    for (let i = 0; i < rgba.length; i += 4) {
      const exact = applyColorSteps(duotone, [source[i]! / 255, source[i + 1]! / 255, source[i + 2]! / 255]).map((c) => Math.round(c * 255));
      for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs(exact[k]! - rgba[i + k]!));
      expect(rgba[i + 3]).toBe(source[i + 3]);
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});
