/**
 * Font metrics scaled to a font size (CSS Inline 3 §3 "first available font" metrics: ascent,
 * descent, line gap for `line-height: normal` and the strut; x-height for `ex`; underline; the em box for ruby).
 */
import type { FontFace, FontUnits, ScaledFontMetrics } from './types.js';
import { glyphAdvanceWidth, type FontProgram } from './fontkit.js';

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

/**
 * `ex`, `ch` and `cap` of a face in em: its x-height and cap height (OS/2, else the glyphs'
 * tops: face.ts), the advance of its "0" (0.5em without one, as CSS Values 4 §6.1.1 allows);
 * and its line spacing, for `lh` where `line-height` is normal.
 */
export function fontUnitsOf(face: FontFace): FontUnits {
  const adjust = face.sizeAdjust ?? 1;
  const scale = adjust / face.unitsPerEm;
  const program = face.program as FontProgram;
  const zero = face.hasGlyphFor(0x30) ? glyphAdvanceWidth(program, program.glyphForCodePoint(0x30).id) : 0;
  // the face's metrics at a size of 1 (its size-adjust applied): the em ratios `lh` reads
  const { ascent, descent, lineGap } = scaleMetrics(face, adjust);
  const ch = zero > 0 ? zero * scale : 0.5 * adjust;
  // Chromium's text field widths (LayoutTextControl): OS/2 xAvgCharWidth, else the "0"; the head bbox's width
  const average = program['OS/2']?.xAvgCharWidth ?? 0;
  const bbox = program.bbox;
  return {
    ex: face.xHeight * scale, ch, cap: face.capHeight * scale, lineSpacing: { ascent, descent, lineGap },
    avgCharWidth: average > 0 ? average * scale : ch, maxCharWidth: Math.max(0, bbox.maxX - bbox.minX) * scale,
  };
}
