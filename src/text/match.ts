/**
 * Font matching within one family: CSS Fonts 4 §5.2 "Matching font styles", step 4.
 * Narrows a family's faces by font-stretch, then font-style, then font-weight; what is left is
 * the (possibly composite, unicode-range split) face set used for the family.
 */
import type { FontStyle, FontStyleValue } from '../css/types.js';
import { assertNever } from '../errors.js';
import type { FaceDescriptors } from './face.js';
import type { FontSynthesis } from './types.js';
import { maxOf } from '../append-all.js';

export interface MatchWanted {
  readonly weight: number;
  /** A keyword or an oblique angle in degrees. */
  readonly style: FontStyleValue;
  readonly stretch: number;
  /** `font-synthesis-weight` / `-style: none` forbid synthetic bold / oblique. */
  readonly synthesis?: FontSynthesis;
}

type Range = readonly [number, number];

/** The faces of `faces` that match `wanted` best (all of them tie on every descriptor). */
export function selectFaces<T extends FaceDescriptors>(faces: readonly T[], wanted: MatchWanted): T[] {
  if (faces.length === 0) return [];
  const byStretch = narrowToNearest(faces, (face) => face.stretch, wanted.stretch, wanted.stretch <= 100 ? 'lower' : 'higher');
  const byStyle = narrowByStyle(byStretch, styleMatched(wanted.style));
  return narrowByWeight(byStyle, wanted.weight);
}

/** Whether a face of `faces` matches `wanted` on every descriptor (its weight and stretch ranges hold the wanted values). */
export function hasExactFace(faces: readonly FaceDescriptors[], wanted: MatchWanted): boolean {
  const style = styleMatched(wanted.style);
  return faces.some((face) => face.style === style && contains(face.weight, wanted.weight) && contains(face.stretch, wanted.stretch));
}

/** Whether two faces have the same descriptors (one stands for the other in matching). */
export function sameDescriptors(a: FaceDescriptors, b: FaceDescriptors): boolean {
  return a.style === b.style && a.weight[0] === b.weight[0] && a.weight[1] === b.weight[1] && a.stretch[0] === b.stretch[0] && a.stretch[1] === b.stretch[1];
}

/**
 * The face style an oblique angle is matched as, as Chromium matches it (§5.2 4.b with italic
 * faces at 20deg, oblique ones at 14deg and upright ones at 0deg, as Blink's FontSelectionRequest
 * slopes them): a positive angle prefers oblique, then italic faces; 0deg and below prefer the
 * upright face (`oblique -10deg` prints DejaVu Serif Book, not Italic).
 */
function styleMatched(style: FontStyleValue): FontStyle {
  if (typeof style !== 'number') return style;
  return style > 0 ? 'oblique' : 'normal';
}

/** `oblique` without an angle is 14deg (CSS Fonts 4 §2.4). */
export const DEFAULT_OBLIQUE_ANGLE = 14;

/**
 * Whether an upright face is slanted for `style`, as Chromium 156 slants it: for italic and
 * `oblique` (14deg); for an angle, an `@font-face` face (`declared`) from 14deg (`oblique 13deg`
 * stays upright, 14deg to 90deg lean), an installed or bundled one, and a fallback font, at
 * 14deg only (Noto Sans Math and Noto Color Emoji stay upright at 13deg, 15deg and 20deg). The
 * slant is always Skia's quarter skew, SYNTHETIC_OBLIQUE_SKEW, whatever the angle.
 */
export function slantsUpright(style: FontStyleValue, declared: boolean): boolean {
  if (typeof style === 'number') return declared ? style >= DEFAULT_OBLIQUE_ANGLE : style === DEFAULT_OBLIQUE_ANGLE;
  return style !== 'normal';
}

/**
 * §5.2 4.b font-style: italic tries italic, oblique, normal; oblique tries oblique, italic,
 * normal; normal tries normal, oblique, italic.
 */
export function styleFallbacks(style: FontStyle): readonly FontStyle[] {
  switch (style) {
    case 'italic': return ['italic', 'oblique', 'normal'];
    case 'oblique': return ['oblique', 'italic', 'normal'];
    case 'normal': return ['normal', 'oblique', 'italic'];
    default: return assertNever(style, 'font-style');
  }
}

function narrowByStyle<T extends FaceDescriptors>(faces: readonly T[], style: FontStyle): T[] {
  for (const candidate of styleFallbacks(style)) {
    const matching = faces.filter((face) => face.style === candidate);
    if (matching.length > 0) return matching;
  }
  return [...faces];
}

/**
 * §5.2 4.c font-weight: a face whose range holds the weight matches. Otherwise, for a desired
 * weight in [400, 500] the weights up to 500 are tried in ascending order, then those below in
 * descending order, then those above 500 ascending; below 400, lighter weights first
 * (descending), then heavier (ascending); above 500, heavier first, then lighter.
 */
function narrowByWeight<T extends FaceDescriptors>(faces: readonly T[], weight: number): T[] {
  if (weight >= 400 && weight <= 500) {
    const upTo500 = faces.filter((face) => face.weight[0] > weight && face.weight[0] <= 500);
    const exact = faces.filter((face) => contains(face.weight, weight));
    if (exact.length > 0) return exact;
    if (upTo500.length > 0) return nearestAbove(upTo500, (face) => face.weight, weight);
    return narrowToNearest(faces, (face) => face.weight, weight, 'lower');
  }
  return narrowToNearest(faces, (face) => face.weight, weight, weight < 400 ? 'lower' : 'higher');
}

/**
 * The faces whose range holds `value`; else the nearest ones on the preferred side (`lower`:
 * descending from value, `higher`: ascending), else the nearest on the other side.
 */
function narrowToNearest<T>(faces: readonly T[], rangeOf: (face: T) => Range, value: number, prefer: 'lower' | 'higher'): T[] {
  const exact = faces.filter((face) => contains(rangeOf(face), value));
  if (exact.length > 0) return exact;
  const below = faces.filter((face) => rangeOf(face)[1] < value);
  const above = faces.filter((face) => rangeOf(face)[0] > value);
  const first = prefer === 'lower' ? below : above;
  if (first.length > 0) {
    return prefer === 'lower' ? nearestBelow(first, rangeOf, value) : nearestAbove(first, rangeOf, value);
  }
  return prefer === 'lower' ? nearestAbove(above, rangeOf, value) : nearestBelow(below, rangeOf, value);
}

function nearestBelow<T>(faces: readonly T[], rangeOf: (face: T) => Range, value: number): T[] {
  let best = -Infinity;
  for (const face of faces) {
    const top = rangeOf(face)[1];
    if (top < value && top > best) best = top;
  }
  return faces.filter((face) => rangeOf(face)[1] === best);
}

function nearestAbove<T>(faces: readonly T[], rangeOf: (face: T) => Range, value: number): T[] {
  let best = Infinity;
  for (const face of faces) {
    const bottom = rangeOf(face)[0];
    if (bottom > value && bottom < best) best = bottom;
  }
  return faces.filter((face) => rangeOf(face)[0] === best);
}

function contains(range: Range, value: number): boolean {
  return value >= range[0] && value <= range[1];
}

/**
 * CSS Fonts 4 §5.2 / `font-synthesis`: bold is synthesized when a bold weight (>= 600) is asked
 * for and the chosen faces have none; oblique when italic/oblique is asked for and the chosen
 * faces are upright.
 */
export function synthesisFor(chosen: readonly (FaceDescriptors & { readonly declared?: true })[], wanted: MatchWanted): { bold: boolean; oblique: boolean } {
  const heaviest = maxOf(chosen.map((face) => face.weight[1]));
  const upright = chosen.every((face) => face.style === 'normal');
  return {
    bold: wanted.weight >= 600 && heaviest < 600 && wanted.synthesis?.weight !== false,
    oblique: slantsUpright(wanted.style, chosen.every((face) => face.declared === true)) && upright && wanted.synthesis?.style !== false,
  };
}
