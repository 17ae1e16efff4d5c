/**
 * Font metrics scaled to a font size (CSS Inline 3 §3 "first available font" metrics: ascent,
 * descent, line gap for `line-height: normal` and the strut; x-height for `ex`; underline).
 */
import type { FontFace, ScaledFontMetrics } from './types.js';

export function scaleMetrics(face: FontFace, size: number): ScaledFontMetrics {
  const scale = size / face.unitsPerEm;
  return {
    ascent: face.ascent * scale,
    descent: -face.descent * scale,
    lineGap: face.lineGap * scale,
    xHeight: face.xHeight * scale,
    capHeight: face.capHeight * scale,
    underlinePosition: -face.underlinePosition * scale,
    underlineThickness: face.underlineThickness * scale,
  };
}
