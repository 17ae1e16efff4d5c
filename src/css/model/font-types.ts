/** Computed font values the text stage reads besides the family and descriptors (CSS Fonts 4). */
import type { FontCaps, FontStyle, FontStyleValue } from './types.js';

/** §3.8 `font-synthesis-*`: `none` forbids what `auto` lets the text stage synthesize. Part of ComputedStyle. */
export interface FontSynthesisStyle {
  readonly fontSynthesisWeight: 'auto' | 'none';
  readonly fontSynthesisStyle: 'auto' | 'none';
  readonly fontSynthesisSmallCaps: 'auto' | 'none';
  /** octavo synthesizes no super- or subscripts: `auto` and `none` draw alike. */
  readonly fontSynthesisPosition: 'auto' | 'none';
}

/** §2.6 (CSS Fonts 5) `font-size-adjust`: the metric kept and its aspect value, or `from-font` (the first available font's own). */
export type FontSizeAdjustMetric = 'ex-height' | 'cap-height' | 'ch-width' | 'ic-width' | 'ic-height';
export type FontSizeAdjust = 'none' | { readonly metric: FontSizeAdjustMetric; readonly value: number | 'from-font' };

/** Part of ComputedStyle. */
export interface FontSizeAdjustStyle {
  readonly fontSizeAdjust: FontSizeAdjust;
}

/**
 * The keyword a computed font size is a multiple of, when it is one: a keyword, or em, % or
 * `larger`/`smaller` of a size that is (`font-size: 1.5em` under `medium` is 1.5 × medium). A
 * browser sizes such a font again from its keyword when the element's family changes to or from
 * `monospace` alone (`<pre>` inheriting 16px is 13px; `<pre><span style="font-family: serif">` is
 * 16px again): the keyword is inherited with the size, and an absolute size or calc() ends it
 * (css/properties/fonts.ts fontSizeKeywordOf).
 */
export interface FontSizeKeyword {
  readonly keyword: string;
  readonly factor: number;
}

/**
 * A quoted `font-family` name that spells a generic family (`"monospace"`, `'serif'`) names a font,
 * not the generic (CSS Fonts 4 §4.1.1): Chromium looks it up as it looks up `Arial` — on Linux,
 * fontconfig's own `monospace` and `serif` answer it — and sizes it as any font, not as `<pre>`'s
 * monospace. The computed list keeps such a name in its quotes so no stage takes it for the keyword.
 */
export function quotedGenericFamily(name: string): string {
  return `"${name}"`;
}

/** How every warning about a generic family's name in quotes begins (the render's, `octavo check`'s); `name` unquoted. */
export function quotedGenericWarning(name: string): string {
  return `font-family "${name}" in quotes names a font, not the generic family`;
}

/** The font name of a family kept in its quotes (quotedGenericFamily), else undefined. */
export function unquotedGenericFamily(family: string): string | undefined {
  return family.length > 2 && family.startsWith('"') && family.endsWith('"') ? family.slice(1, -1) : undefined;
}

/** The `font-variant-caps` keywords other than `normal` (CSS Fonts 4 §6.5), for every parser of them. */
export const FONT_CAPS: readonly FontCaps[] = ['small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps'];

/** The keyword of a computed `font-style`: an angle is `oblique`. */
export function fontStyleKeyword(value: FontStyleValue): FontStyle {
  return typeof value === 'number' ? 'oblique' : value;
}

/**
 * Whether a computed `font-style` asks for a slanted face: italic, oblique, or a positive oblique
 * angle (0deg and below ask for the upright face first, CSS Fonts 4 §5.2 4.b, as Chromium does).
 */
export function isSlantedStyle(value: FontStyleValue): boolean {
  return typeof value === 'number' ? value > 0 : value !== 'normal';
}
