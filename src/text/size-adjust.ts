/**
 * CSS Fonts 5 §2.6 `font-size-adjust`: the used font size at which the first available font's
 * metric (x-height, cap height, the advance of "0", or of "水" across or down) is the aspect value
 * asked, as a fraction of the font size. As Chromium 156 does, that one size is used for every face
 * of the text, fallback faces included (the spec would adjust each face on its own).
 */
import type { FontSizeAdjust, FontSizeAdjustMetric } from '../css/types.js';
import type { FontProgram } from './fontkit.js';
import { verticalGlyphMetrics } from './fontkit.js';
import type { FontFace } from './types.js';

/** CJK water ideograph: the `ic` metrics (CSS Values 4 §6.1.1). */
const WATER = 0x6c34;

export function adjustedFontSize(size: number, adjust: Exclude<FontSizeAdjust, 'none'>, primary: FontFace): number {
  if (adjust.value === 'from-font') return size;
  const aspect = aspectValue(primary, adjust.metric);
  return aspect > 0 && Number.isFinite(aspect) ? (size * adjust.value) / aspect : size;
}

/** The face's metric as a fraction of its em; the fallbacks are the spec's (0.5em for "0", 1em for "水"). */
export function aspectValue(face: FontFace, metric: FontSizeAdjustMetric): number {
  const program = face.program as FontProgram;
  const em = face.unitsPerEm;
  switch (metric) {
    case 'ex-height': return face.xHeight / em;
    case 'cap-height': return face.capHeight / em;
    case 'ch-width': return advanceOf(face, 0x30, (id) => program.glyphForCodePoint(id).advanceWidth) ?? 0.5;
    case 'ic-width': return advanceOf(face, WATER, (id) => program.glyphForCodePoint(id).advanceWidth) ?? 1;
    case 'ic-height': return advanceOf(face, WATER, (id) => verticalGlyphMetrics(program, program.glyphForCodePoint(id).id, face.ascent).advance ?? em) ?? 1;
  }
}

function advanceOf(face: FontFace, codePoint: number, advance: (codePoint: number) => number): number | undefined {
  if (!face.hasGlyphFor(codePoint)) return undefined;
  try {
    const units = advance(codePoint);
    return Number.isFinite(units) && units > 0 ? units / face.unitsPerEm : undefined;
  } catch {
    return undefined; // a glyph fontkit cannot read: the spec's fallback
  }
}
