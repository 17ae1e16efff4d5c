/**
 * The colour-matrix filter functions of Filter Effects 1 §12 (`grayscale`, `sepia`, `saturate`,
 * `hue-rotate`, `invert`, `brightness`, `contrast`) as affine maps of non-premultiplied sRGB
 * (the shorthands work in sRGB), each clamped to 0-1 before the next: what feColorMatrix and
 * feComponentTransfer compute per pixel, so applying them to a solid colour is exact.
 */
import type { Color } from '../css/types.js';
import type { ColorFilterName, TransferFunction } from '../css/image-types.js';

/** Row-major 3 × 4: r' = m0 r + m1 g + m2 b + m3, and so on (channels 0-1). */
export type ColorMatrix = readonly number[];

function luminanceMatrix(lr: number, lg: number, lb: number, s: number): ColorMatrix {
  // feColorMatrix "saturate": mixes each channel with the weighted luminance
  return [
    lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0,
    lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0,
    lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0,
  ];
}

function hueRotate(degrees: number): ColorMatrix {
  const c = Math.cos((degrees * Math.PI) / 180);
  const s = Math.sin((degrees * Math.PI) / 180);
  return [
    0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0,
    0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0,
    0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0,
  ];
}

/** A linear transfer c' = slope c + intercept on each channel. */
function transfer(slope: number, intercept: number): ColorMatrix {
  return [slope, 0, 0, intercept, 0, slope, 0, intercept, 0, 0, slope, intercept];
}

export function colorMatrix(name: ColorFilterName, amount: number): ColorMatrix {
  switch (name) {
    case 'grayscale': return luminanceMatrix(0.2126, 0.7152, 0.0722, 1 - amount);
    case 'saturate': return luminanceMatrix(0.213, 0.715, 0.072, amount);
    case 'sepia': {
      const s = 1 - amount;
      return [
        0.393 + 0.607 * s, 0.769 - 0.769 * s, 0.189 - 0.189 * s, 0,
        0.349 - 0.349 * s, 0.686 + 0.314 * s, 0.168 - 0.168 * s, 0,
        0.272 - 0.272 * s, 0.534 - 0.534 * s, 0.131 + 0.869 * s, 0,
      ];
    }
    case 'hue-rotate': return hueRotate(amount);
    // feComponentTransfer table [amount, 1 - amount]
    case 'invert': return transfer(1 - 2 * amount, amount);
    case 'brightness': return transfer(amount, 0);
    case 'contrast': return transfer(amount, 0.5 - 0.5 * amount);
  }
}

// NaN (an feFunc gamma of 0 to a negative power, times 0) is 0: a colour is never written as NaN
const clamp01 = (v: number): number => (v >= 1 ? 1 : v > 0 ? v : 0);

/**
 * One step of a colour filter chain on r, g, b (0-1, alpha kept): an affine matrix, per-channel
 * transfer functions (an SVG `feComponentTransfer`), or a conversion between sRGB and linear light
 * (around SVG primitives that work in linearRGB). Plain data: the pdf stage keys image copies by it.
 */
export type ColorStep =
  | ColorMatrix
  | { readonly channels: readonly [TransferFunction, TransferFunction, TransferFunction] }
  | { readonly to: 'linear' | 'srgb' };

/** Filter Effects 1 §15.11: a channel through an feFunc, clamped. */
function transferred(f: TransferFunction, c: number): number {
  switch (f.type) {
    case 'identity': return c;
    case 'linear': return clamp01(f.slope * c + f.intercept);
    case 'gamma': return clamp01(f.amplitude * Math.pow(c, f.exponent) + f.offset);
    case 'table': {
      const n = f.values.length - 1;
      if (n < 0) return c;
      if (n === 0 || c >= 1) return clamp01(f.values[n]!);
      const k = Math.floor(c * n);
      return clamp01(f.values[k]! + (c * n - k) * (f.values[k + 1]! - f.values[k]!));
    }
    case 'discrete': {
      const n = f.values.length;
      if (n === 0) return c;
      return clamp01(f.values[Math.min(n - 1, Math.floor(c * n))]!);
    }
  }
}

// the sRGB transfer function (IEC 61966-2-1), per channel: run per pixel, so without csstools' triples
const toLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
const toSrgb = (c: number): number => (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);

/** Channels 0-1 through the steps in order, each result clamped. */
export function applyColorSteps(steps: readonly ColorStep[], rgb: [number, number, number]): [number, number, number] {
  let [r, g, b] = rgb;
  for (const step of steps) {
    if ('channels' in step) {
      [r, g, b] = [transferred(step.channels[0], r), transferred(step.channels[1], g), transferred(step.channels[2], b)];
    } else if ('to' in step) {
      const f = step.to === 'linear' ? toLinear : toSrgb;
      [r, g, b] = [clamp01(f(r)), clamp01(f(g)), clamp01(f(b))];
    } else {
      const m = step;
      const nr = clamp01(m[0]! * r + m[1]! * g + m[2]! * b + m[3]!);
      const ng = clamp01(m[4]! * r + m[5]! * g + m[6]! * b + m[7]!);
      const nb = clamp01(m[8]! * r + m[9]! * g + m[10]! * b + m[11]!);
      [r, g, b] = [nr, ng, nb];
    }
  }
  return [r, g, b];
}

/** A CSS colour (channels 0-255) through the steps; alpha unchanged. */
export function filterColor(color: Color, steps: readonly ColorStep[]): Color {
  const [r, g, b] = applyColorSteps(steps, [color.r / 255, color.g / 255, color.b / 255]);
  return { r: r * 255, g: g * 255, b: b * 255, a: color.a };
}
