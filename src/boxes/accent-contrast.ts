/**
 * Chromium's contrast rule for a custom `accent-color` (Blink's ThemePainterDefault,
 * CalculateColorSchemeForAccentColor): a control drawn next to its accent switches to the dark
 * colour scheme's greys when the accent's WCAG contrast against the light one is under 3
 * (color_utils::kMinimumVisibleContrastRatio) and lower than against the dark one. A checkbox's
 * tick and a radio's ring are measured against the control background (white, dark `#3b3b3b`), a
 * slider's or progress bar's unfilled track against the control fill (`#efefef`, dark `#3b3b3b`).
 * Measured in Chromium 156: `#949494` keeps a checkbox white and `#959595` darkens it; `#8a8a8a`
 * keeps a slider's track light and `#8b8b8b` darkens it.
 */
import type { Color } from '../css/types.js';
import { contrastRatio } from '../css/values/contrast.js';

const MINIMUM_VISIBLE_CONTRAST = 3;
const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const CONTROL_FILL: Color = { r: 239, g: 239, b: 239, a: 1 };
const DARK: Color = { r: 59, g: 59, b: 59, a: 1 };
/** The dark scheme's control background and fill, the same grey. */
export const DARK_CONTROL = '#3b3b3b';

/** The unfilled track's fill and border, light or (beside a light accent) dark. */
export interface TrackColors { readonly fill: Color; readonly border: Color }
const LIGHT_TRACK: TrackColors = { fill: CONTROL_FILL, border: { r: 178, g: 178, b: 178, a: 1 } };
const DARK_TRACK: TrackColors = { fill: DARK, border: { r: 133, g: 133, b: 133, a: 1 } };

/** Whether a checked checkbox or radio of this accent takes the dark scheme's background. */
export function darkMarkFor(accent: Color): boolean {
  return needsDark(accent, WHITE);
}

/** A slider's or progress bar's unfilled track beside this accent. */
export function trackColors(accent: Color): TrackColors {
  return needsDark(accent, CONTROL_FILL) ? DARK_TRACK : LIGHT_TRACK;
}

function needsDark(accent: Color, light: Color): boolean {
  const withLight = contrastRatio(accent, light);
  return withLight < MINIMUM_VISIBLE_CONTRAST && withLight < contrastRatio(accent, DARK);
}
