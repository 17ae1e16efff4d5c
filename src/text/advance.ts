/**
 * How glyph advances are sized. `exact` (the default): the font's own advances, scaled to the
 * size, as Chromium lays text out and prints it with a distribution's fontconfig (Debian, Ubuntu
 * and Fedora ask for slight hinting, which keeps advances linear). `whole-px`: each glyph advances
 * by the font's advance at the size rounded to whole px, kerning added unrounded — Chromium's
 * print where fontconfig asks for full hinting (fontconfig's own default, with no distribution
 * configuration, e.g. a container with a bare fonts.conf): a 16px Liberation Sans space is then
 * 4px, not 4.45px. `text-rendering` changes neither in Chromium's print (checked: geometricPrecision,
 * optimizeLegibility and optimizeSpeed print words where auto does).
 * RenderOptions.glyphAdvances, CLI `--whole-px-advances`; docs/css.md, "Glyph advances".
 */
export type GlyphAdvances = 'exact' | 'whole-px';

/**
 * A glyph's advance in px: `shapedAdvance` (font units, kerning and GPOS included) scaled, or for
 * `whole-px` the font's own `fontAdvance` rounded at the size plus, unrounded, what shaping added.
 * Every measure of text (lines, min/max-content, markers, ellipsis, form controls, SVG and canvas
 * text) comes through shaping (text/shape.ts), so this is the one place advances are sized.
 */
export function glyphAdvance(fontAdvance: number, shapedAdvance: number, scale: number, advances: GlyphAdvances): number {
  return advances === 'whole-px' ? Math.round(fontAdvance * scale) + (shapedAdvance - fontAdvance) * scale : shapedAdvance * scale;
}
