/**
 * Font metrics scaled to a font size (CSS Inline 3 §3 "first available font" metrics: ascent,
 * descent, line gap for `line-height: normal` and the strut; x-height for `ex`; underline; the em box for ruby).
 */
import type { FontFace, ScaledFontMetrics } from './types.js';
import type { FontProgram } from './fontkit.js';

export function scaleMetrics(face: FontFace, size: number): ScaledFontMetrics {
  const scale = size / face.unitsPerEm;
  const emAscent = normalizedAscent(face) * size;
  return {
    emAscent,
    emDescent: size - emAscent,
    ascent: face.ascent * scale,
    descent: -face.descent * scale,
    lineGap: face.lineGap * scale,
    xHeight: face.xHeight * scale,
    capHeight: face.capHeight * scale,
    underlinePosition: -face.underlinePosition * scale,
    underlineThickness: face.underlineThickness * scale,
  };
}

/** The share of the em above the baseline: OS/2 typo ascent over typo ascent + descent, else hhea's (Blink's NormalizedTypoAscentAndDescent). */
function normalizedAscent(face: FontFace): number {
  const os2 = (face.program as FontProgram)['OS/2'];
  const typoAscent = os2?.typoAscender ?? 0;
  const typoDescent = -(os2?.typoDescender ?? 0);
  if (typoAscent + typoDescent > 0 && typoAscent >= 0) return typoAscent / (typoAscent + typoDescent);
  const ascent = face.ascent;
  const descent = -face.descent;
  return ascent + descent > 0 ? ascent / (ascent + descent) : 0.8;
}
