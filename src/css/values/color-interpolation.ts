/**
 * `<color-interpolation-method>` (CSS Color 4 §12, CSS Images 4 §3.4.4): the colour space a
 * gradient mixes its stops in — `linear-gradient(to right in oklab, …)`, as Tailwind CSS 4 writes
 * every gradient — and the mixing itself, premultiplied, with hues taken the shorter, longer,
 * increasing or decreasing way round and a powerless hue (white's, grey's) taking its
 * neighbour's. Conversions are csstools' `color-helpers` (the CSS Working Group's sample code),
 * loaded on first use; the result is clipped to sRGB channel by channel, as Chromium prints it.
 */
import { createRequire } from 'node:module';
import type * as ColorHelpers from '@csstools/color-helpers';
import type { Color } from '../model/types.js';
import type { ColorInterpolation, ColorSpace, HueInterpolation } from '../model/image-types.js';
import { identOf } from './nodes.js';
import type { Nodes } from './nodes.js';

const RECTANGULAR = new Set<string>(['srgb', 'srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'lab', 'oklab', 'xyz', 'xyz-d50', 'xyz-d65']);
const POLAR = new Set<string>(['hsl', 'hwb', 'lch', 'oklch']);
const HUES = new Set<string>(['shorter', 'longer', 'increasing', 'decreasing']);

/**
 * Takes `in <space> [<hue> hue]?` out of a gradient's prelude: the method and the other words,
 * or undefined when `in` is there but not followed by a method. The method may come first or last
 * (`[…] || <color-interpolation-method>`), not in the middle.
 */
export function takeInterpolation(nodes: Nodes): { method: ColorInterpolation | undefined; rest: Nodes } | undefined {
  const at = nodes.findIndex((node) => identOf(node) === 'in');
  if (at < 0) return { method: undefined, rest: nodes };
  const space = identOf(nodes[at + 1]);
  if (space === undefined || (!RECTANGULAR.has(space) && !POLAR.has(space))) return undefined;
  let end = at + 2;
  let hue: HueInterpolation = 'shorter';
  const hueWord = identOf(nodes[end]);
  if (hueWord !== undefined && HUES.has(hueWord) && identOf(nodes[end + 1]) === 'hue') {
    if (!POLAR.has(space)) return undefined;
    hue = hueWord as HueInterpolation;
    end += 2;
  }
  if (at !== 0 && end !== nodes.length) return undefined;
  return { method: { space: space as ColorSpace, hue }, rest: [...nodes.slice(0, at), ...nodes.slice(end)] };
}

/** Mixes two colours: t = 0 gives `a`, 1 gives `b`. */
export type ColorMixer = (a: Color, b: Color, t: number) => Color;

type Triple = [number, number, number];

/** Each space's conversion from and to XYZ (D65), and which channel (if any) is a hue. */
interface SpaceConversion {
  readonly from: (xyz: Triple) => Triple;
  readonly to: (channels: Triple) => Triple;
  /** The hue channel's index in a polar space. */
  readonly hue?: 0 | 2;
  /** A hue is powerless when this channel (chroma, saturation) is below the threshold. */
  readonly powerless?: (channels: Triple) => boolean;
}

let helpers: typeof ColorHelpers | undefined;

function load(): typeof ColorHelpers {
  helpers ??= createRequire(import.meta.url)('@csstools/color-helpers') as typeof ColorHelpers;
  return helpers;
}

/** sRGB channels (0–1) of linear-light ones: csstools' transfer function (an SVG filter's linearRGB colours). */
export function srgbFromLinear(channels: Triple): Triple {
  return load().gam_sRGB(channels) as Triple;
}

function conversionOf(space: ColorSpace): SpaceConversion {
  const h = load();
  switch (space) {
    case 'srgb': return { from: h.XYZ_D65_to_sRGB, to: h.sRGB_to_XYZ_D65 };
    case 'srgb-linear': return { from: h.XYZ_D65_to_lin_sRGB, to: h.lin_sRGB_to_XYZ_D65 };
    case 'display-p3': return { from: h.XYZ_D65_to_P3, to: h.P3_to_XYZ_D65 };
    case 'a98-rgb': return { from: h.XYZ_D65_to_a98_RGB, to: h.a98_RGB_to_XYZ_D65 };
    case 'prophoto-rgb': return { from: h.XYZ_D65_to_ProPhoto, to: h.ProPhoto_RGB_to_XYZ_D65 };
    case 'rec2020': return { from: h.XYZ_D65_to_rec_2020, to: h.rec_2020_to_XYZ_D65 };
    case 'lab': return { from: h.XYZ_D65_to_Lab, to: h.Lab_to_XYZ_D65 };
    case 'oklab': return { from: h.XYZ_D65_to_OKLab, to: h.OKLab_to_XYZ_D65 };
    case 'xyz':
    case 'xyz-d65': return { from: (c) => c, to: (c) => c };
    case 'xyz-d50': return { from: h.XYZ_D65_to_XYZ_D50, to: h.XYZ_D50_to_XYZ_D65 };
    // thresholds well above the conversions' rounding of an achromatic sRGB colour
    case 'lch': return { from: h.XYZ_D65_to_LCH, to: h.LCH_to_XYZ_D65, hue: 2, powerless: (c) => c[1] < 1e-3 };
    case 'oklch': return { from: h.XYZ_D65_to_OKLCH, to: h.OKLCH_to_XYZ_D65, hue: 2, powerless: (c) => c[1] < 1e-5 };
    case 'hsl': return { from: h.XYZ_D65_to_HSL, to: h.HSL_to_XYZ_D65, hue: 0, powerless: (c) => c[1] < 1e-3 || c[2] < 1e-3 || c[2] > 100 - 1e-3 };
    case 'hwb': return { from: h.XYZ_D65_to_HWB, to: h.HWB_to_XYZ_D65, hue: 0, powerless: (c) => c[1] + c[2] > 100 - 1e-3 };
  }
}

/** §12.4: the second hue moved by whole turns so that the way from the first is the one asked for. */
function fixHues(h1: number, h2: number, method: HueInterpolation): number {
  const diff = h2 - h1;
  switch (method) {
    case 'shorter': return diff > 180 ? h2 - 360 : diff < -180 ? h2 + 360 : h2;
    case 'longer': return diff > 0 && diff < 180 ? h2 - 360 : diff > -180 && diff <= 0 ? h2 + 360 : h2;
    case 'increasing': return diff < 0 ? h2 + 360 : h2;
    case 'decreasing': return diff > 0 ? h2 - 360 : h2;
  }
}

/**
 * The mixer of a method; undefined for plain sRGB, which the PDF's own shading functions
 * interpolate (the stops need no sampling).
 */
export function colorMixer(method: ColorInterpolation | undefined): ColorMixer | undefined {
  if (method === undefined || method.space === 'srgb') return undefined;
  const space = conversionOf(method.space);
  const h = load();
  const into = (c: Color): Triple => space.from(h.sRGB_to_XYZ_D65([c.r / 255, c.g / 255, c.b / 255]));
  const hue = space.hue;
  // the two colours in the space, converted once for the samples of a pair (gradient.ts asks for them in turn)
  let pair: { a: Color; b: Color; ca: Triple; cb: Triple } | undefined;
  const converted = (a: Color, b: Color): { ca: Triple; cb: Triple } => {
    if (pair?.a === a && pair.b === b) return pair;
    const ca = into(a);
    const cb = into(b);
    if (hue !== undefined) {
      // a powerless hue is missing: it takes the other colour's (§12.3)
      if (space.powerless!(ca)) ca[hue] = cb[hue];
      else if (space.powerless!(cb)) cb[hue] = ca[hue];
      cb[hue] = fixHues(ca[hue], cb[hue], method.hue);
    }
    pair = { a, b, ca, cb };
    return pair;
  };
  return (a, b, t) => {
    const { ca, cb } = converted(a, b);
    const alpha = a.a + (b.a - a.a) * t;
    const mixed: Triple = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      // §12.3: premultiplied, but never the hue
      if (i === hue) mixed[i] = ca[i]! + (cb[i]! - ca[i]!) * t;
      else mixed[i] = alpha > 0 ? (ca[i]! * a.a + (cb[i]! * b.a - ca[i]! * a.a) * t) / alpha : 0;
    }
    if (hue !== undefined) mixed[hue] = ((mixed[hue] % 360) + 360) % 360;
    const rgb = h.XYZ_D65_to_sRGB(space.to(mixed));
    const channel = (v: number): number => Math.min(255, Math.max(0, (Number.isFinite(v) ? v : 0) * 255));
    return { r: channel(rgb[0]), g: channel(rgb[1]), b: channel(rgb[2]), a: alpha };
  };
}
