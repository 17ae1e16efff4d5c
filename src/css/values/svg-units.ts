/** SVG lengths and number lists (SVG 2 §8.6): CSS units and percentages of the viewport. */
import type { FaceStyle, FontUnitRatios } from './font-metrics.js';
import { REGULAR_FACE, fontUnitRatios } from './font-metrics.js';
import { dimensionToPx, isViewportUnit } from './units.js';

/** What font-relative units resolve against: the element's font size, `font-family` and weight (SvgStyle fits). */
export interface FontBasis {
  readonly fontSize: number;
  readonly fontFamily: string;
  /** 400 when absent. */
  readonly fontWeight?: number;
}

/** The initial font of an SVG document (SvgStyle's initial values). */
export const INITIAL_FONT: FontBasis = { fontSize: 16, fontFamily: 'serif' };

/** The families of a `font-family` value, quotes removed. */
export function familyList(fontFamily: string): string[] {
  return fontFamily.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, '')).filter(Boolean);
}

const familiesOf = new Map<string, readonly string[]>();
/** The face of each weight met (lengths are read on SVG painting's path: no face made per length). */
const facesOf = new Map<number, FaceStyle>([[REGULAR_FACE.fontWeight, REGULAR_FACE]]);

/** `ex`, `ch` and `cap` of a `font-family` and weight as the CSS side resolves them (the first available font's x-height, "0" and cap height). */
function ratiosOf(font: FontBasis): FontUnitRatios {
  let families = familiesOf.get(font.fontFamily);
  if (families === undefined) familiesOf.set(font.fontFamily, families = familyList(font.fontFamily));
  const weight = font.fontWeight ?? REGULAR_FACE.fontWeight;
  let face = facesOf.get(weight);
  if (face === undefined) {
    face = { ...REGULAR_FACE, fontWeight: weight };
    // weights are 1–1000, a few in use; a hostile document's many fractional ones are not kept
    if (facesOf.size < 64) facesOf.set(weight, face);
  }
  return fontUnitRatios(families, face);
}

/** A length in user units; `basis` for percentages, `font` for em, ex and ch. */
export function length(value: string | undefined, basis: number, fallback = 0, font: FontBasis = INITIAL_FONT): number {
  if (value === undefined) return fallback;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(%|[a-z]*)\s*$/i.exec(value);
  if (m === null) return fallback;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  if (unit === '') return n;
  if (unit === '%') return (n / 100) * basis;
  // an SVG image has no HTML root: `rem`, `rex`... are of the initial font, as in a browser's SVG image; no viewport units either
  const px = isViewportUnit(unit) ? undefined : dimensionToPx(n, unit, {
    fontSize: font.fontSize, rootFontSize: INITIAL_FONT.fontSize, viewportWidth: 0, viewportHeight: 0,
    ...ratiosOf(font), rootFont: ratiosOf(INITIAL_FONT),
  });
  return px ?? fallback;
}

export function numbers(value: string | undefined): number[] {
  if (value === undefined) return [];
  return (value.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? []).map(Number);
}
