/**
 * Colour steps (paint/color-matrix.ts): what an SVG `feComponentTransfer` and the colour space
 * conversions around a linearRGB primitive do to one colour, as Filter Effects 1 §15.11 defines them.
 */
import { describe, expect, it } from 'vitest';
import { applyColorSteps } from '../../src/paint/color-matrix.js';
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
