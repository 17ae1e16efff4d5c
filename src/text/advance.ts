/**
 * How glyph advances are sized: `whole-px` as Chromium prints on Linux (the default), `exact` as
 * the font defines them (Chromium's screen layout, other engines, typesetting at the font's own
 * widths). RenderOptions.glyphAdvances, CLI `--exact-advances`; docs/css.md, "Glyph advances".
 */
export type GlyphAdvances = 'whole-px' | 'exact';

/**
 * A glyph's advance in px. `whole-px`: Chromium on Linux lays fonts out without subpixel
 * positioning (its default there, headless printing included, whatever `text-rendering` says),
 * so a glyph advances by the font's own advance at the size rounded to whole px — Skia's hinted
 * width, which Blink gives HarfBuzz — plus, unrounded, what shaping adds to it (kerning, GPOS).
 * A 16px Liberation Sans space is 4px there, not 4.45px; the words of Chromium's PDFs sit at
 * these positions, and a nearly full line breaks where Chromium breaks it only with them.
 * Every measure of text (lines, min/max-content, markers, ellipsis, form controls, SVG and canvas
 * text) comes through shaping (text/shape.ts), so this is the one place advances are sized.
 */
export function glyphAdvance(fontAdvance: number, shapedAdvance: number, scale: number, advances: GlyphAdvances): number {
  return advances === 'exact' ? shapedAdvance * scale : Math.round(fontAdvance * scale) + (shapedAdvance - fontAdvance) * scale;
}
