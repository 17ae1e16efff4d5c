/**
 * The font metrics a form control is sized with (boxes/form-controls.ts: `size`, `cols`, `rows`):
 * the loaded font's when the render has them, else those the css stage knows. A first family it
 * does not know (a web font, an installed font) is estimated and reported, and the render builds
 * the box tree again once the fonts have loaded (render.ts), as Chromium lays out again then.
 */
import type { DocumentFontMetrics, FontRelativeRatios } from '../css/values/font-metrics.js';
import { estimatesFieldFont, fontRelativeRatios } from '../css/values/font-metrics.js';
import type { FieldFont } from './types.js';

export type { DocumentFontMetrics };

/** `flag` takes `estimatedFieldFonts` when the metrics are estimated (BoxTree.estimatedFieldFonts). */
export function fieldRatios(loaded: DocumentFontMetrics | undefined, font: FieldFont, flag: { estimatedFieldFonts?: true }): FontRelativeRatios {
  if (loaded !== undefined) return loaded.fieldRatios(font.fontFamily, font);
  if (estimatesFieldFont(font.fontFamily)) flag.estimatedFieldFonts = true;
  return fontRelativeRatios(font.fontFamily, font);
}
