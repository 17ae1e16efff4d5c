/** SVG lengths and number lists (SVG 2 §8.6): CSS units and percentages of the viewport. */
import type { FontUnitRatios } from './font-metrics.js';
import { fontUnitRatios } from './font-metrics.js';
import { dimensionToPx, isViewportUnit } from './units.js';

/** What font-relative units resolve against: the element's font size and `font-family` (SvgStyle fits). */
export interface FontBasis {
  readonly fontSize: number;
  readonly fontFamily: string;
}

/** The initial font of an SVG document (SvgStyle's initial values). */
export const INITIAL_FONT: FontBasis = { fontSize: 16, fontFamily: 'serif' };

/** The families of a `font-family` value, quotes removed. */
export function familyList(fontFamily: string): string[] {
  return fontFamily.split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, '')).filter(Boolean);
}

const ratiosByFamily = new Map<string, FontUnitRatios>();

/** `ex`, `ch` and `cap` of a `font-family` as the CSS side resolves them (the first available font's x-height, "0" and cap height). */
function ratiosOf(fontFamily: string): FontUnitRatios {
  let ratios = ratiosByFamily.get(fontFamily);
  if (ratios === undefined) {
    ratios = fontUnitRatios(familyList(fontFamily));
    ratiosByFamily.set(fontFamily, ratios);
  }
  return ratios;
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
    ...ratiosOf(font.fontFamily), rootFont: ratiosOf(INITIAL_FONT.fontFamily),
  });
  return px ?? fallback;
}

export function numbers(value: string | undefined): number[] {
  if (value === undefined) return [];
  return (value.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? []).map(Number);
}
