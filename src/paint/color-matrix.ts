/**
 * Colour steps: filters that recolour each colour and pixel on its own, alpha kept. The colour-matrix
 * filter functions of Filter Effects 1 §12 (`grayscale`, `sepia`, `saturate`, `hue-rotate`,
 * `invert`, `brightness`, `contrast`) as affine maps of non-premultiplied sRGB (the shorthands work
 * in sRGB), and an SVG filter's colour matrices and component transfers (§15.11), in linear light
 * between conversions where the primitive works in linearRGB; each result clamped to 0-1 before
 * the next: what feColorMatrix and feComponentTransfer compute per pixel, so applying them to a
 * solid colour is exact.
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

/** `c` (r, g, b at 0-2, channels 0-1) through the steps in order, in place, each result clamped. */
function applyInPlace(steps: readonly ColorStep[], c: Float64Array): void {
  for (const step of steps) {
    if ('channels' in step) {
      c[0] = transferred(step.channels[0], c[0]!);
      c[1] = transferred(step.channels[1], c[1]!);
      c[2] = transferred(step.channels[2], c[2]!);
    } else if ('to' in step) {
      const f = step.to === 'linear' ? toLinear : toSrgb;
      c[0] = clamp01(f(c[0]!));
      c[1] = clamp01(f(c[1]!));
      c[2] = clamp01(f(c[2]!));
    } else {
      const m = step;
      const r = c[0]!, g = c[1]!, b = c[2]!;
      c[0] = clamp01(m[0]! * r + m[1]! * g + m[2]! * b + m[3]!);
      c[1] = clamp01(m[4]! * r + m[5]! * g + m[6]! * b + m[7]!);
      c[2] = clamp01(m[8]! * r + m[9]! * g + m[10]! * b + m[11]!);
    }
  }
}

/** Channels 0-1 through the steps in order, each result clamped. */
export function applyColorSteps(steps: readonly ColorStep[], rgb: readonly [number, number, number]): [number, number, number] {
  const c = Float64Array.from(rgb);
  applyInPlace(steps, c);
  return [c[0]!, c[1]!, c[2]!];
}

/**
 * Samples of a run of per-channel steps over 0-1 (an image's channels looked up, not computed:
 * Math.pow per channel cost 1.5 s a 6-megapixel photo): 16 per 8-bit level, so that a run on an
 * image's own bytes is exact, and one on a matrix's result within a level or two (steep gammas
 * near 0). A run with a discrete transfer, whose steps sampling would smear, is computed.
 */
const CURVE_SAMPLES = 255 * 16;

/** Steps as pixels run them: per-channel curves sampled at CURVE_SAMPLES + 1 points (r, g, b), or steps computed (matrices). */
type PixelStep =
  | { readonly kind: 'curves'; readonly curves: readonly [Float32Array, Float32Array, Float32Array] }
  | { readonly kind: 'computed'; readonly steps: readonly ColorStep[] };

/** Consecutive per-channel steps (transfers, colour space conversions) as one set of sampled curves; matrices as they are. */
function pixelProgram(steps: readonly ColorStep[]): PixelStep[] {
  const out: PixelStep[] = [];
  let run: ColorStep[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    if (run.some((step) => 'channels' in step && step.channels.some((f) => f.type === 'discrete'))) out.push({ kind: 'computed', steps: run });
    else out.push({ kind: 'curves', curves: sampledCurves(run) });
    run = [];
  };
  for (const step of steps) {
    if ('channels' in step || 'to' in step) run.push(step);
    else {
      flush();
      out.push({ kind: 'computed', steps: [step] });
    }
  }
  flush();
  return out;
}

function sampledCurves(run: readonly ColorStep[]): [Float32Array, Float32Array, Float32Array] {
  const curves: [Float32Array, Float32Array, Float32Array] = [new Float32Array(CURVE_SAMPLES + 1), new Float32Array(CURVE_SAMPLES + 1), new Float32Array(CURVE_SAMPLES + 1)];
  const c = new Float64Array(3);
  for (let i = 0; i <= CURVE_SAMPLES; i++) {
    c.fill(i / CURVE_SAMPLES);
    applyInPlace(run, c);
    curves[0][i] = c[0]!;
    curves[1][i] = c[1]!;
    curves[2][i] = c[2]!;
  }
  return curves;
}

/** A sampled curve at x (0-1), interpolated linearly. */
function sampled(curve: Float32Array, x: number): number {
  const at = x * CURVE_SAMPLES;
  const i = at >= CURVE_SAMPLES ? CURVE_SAMPLES - 1 : Math.floor(at);
  return curve[i]! + (at - i) * (curve[i + 1]! - curve[i]!);
}

/** Non-premultiplied RGBA bytes (a raster image's pixels) through the steps, alpha kept. */
export function recolorRgba(steps: readonly ColorStep[], rgba: Uint8ClampedArray): void {
  const program = pixelProgram(steps);
  const c = new Float64Array(3);
  for (let i = 0; i < rgba.length; i += 4) {
    c[0] = rgba[i]! / 255;
    c[1] = rgba[i + 1]! / 255;
    c[2] = rgba[i + 2]! / 255;
    for (const step of program) {
      if (step.kind === 'curves') {
        c[0] = sampled(step.curves[0], c[0]!);
        c[1] = sampled(step.curves[1], c[1]!);
        c[2] = sampled(step.curves[2], c[2]!);
      } else applyInPlace(step.steps, c);
    }
    rgba[i] = Math.round(c[0]! * 255);
    rgba[i + 1] = Math.round(c[1]! * 255);
    rgba[i + 2] = Math.round(c[2]! * 255);
  }
}

/** A CSS colour (channels 0-255) through the steps; alpha unchanged. */
export function filterColor(color: Color, steps: readonly ColorStep[]): Color {
  const [r, g, b] = applyColorSteps(steps, [color.r / 255, color.g / 255, color.b / 255]);
  return { r: r * 255, g: g * 255, b: b * 255, a: color.a };
}
