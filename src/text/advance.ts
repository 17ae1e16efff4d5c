/**
 * A glyph's advance in px as Chromium prints on Linux, where fonts are laid out without subpixel
 * positioning (its default there, headless printing included): the font's own advance at the
 * size rounded to whole px — Skia's hinted width, which Blink gives HarfBuzz — plus, unrounded,
 * what shaping adds to it (kerning, GPOS). A 16px Liberation Sans space is 4px there, not 4.45px;
 * the words of Chromium's PDFs sit at these positions, and a nearly full line breaks where
 * Chromium breaks it only with them (docs/css.md, "Text as Chromium prints it").
 */
export function glyphAdvance(fontAdvance: number, shapedAdvance: number, scale: number): number {
  return Math.round(fontAdvance * scale) + (shapedAdvance - fontAdvance) * scale;
}
