/**
 * Line-height calculations (CSS2 §10.8, CSS Inline 3 §4): each inline box's layout bounds
 * (its A and D plus half-leading) placed by `vertical-align` relative to its parent's baseline.
 */
import type { ComputedStyle } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';
import { normalLineHeight } from '../../css/values/font-metrics.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { FontFace, FontRequest, ScaledFontMetrics, TextSystem } from '../../text/types.js';
import { scaleMetrics } from '../../text/metrics.js';

export interface InlineMetrics {
  readonly font: ScaledFontMetrics;
  /** Used line-height, px. */
  readonly lineHeight: number;
  /** Distance from the baseline up to the top of the layout bounds (A + half-leading). */
  readonly above: number;
  /** Distance from the baseline down to the bottom of the layout bounds (D + half-leading). */
  readonly below: number;
}

/**
 * The render's fonts and its memo of inline metrics by font request (a style's, one per style, or
 * its request in a CJK language; inline/measured.ts `InlineEnv`, kept through the layout context).
 */
export interface MetricsEnv {
  readonly text: TextSystem;
  readonly metrics: WeakMap<FontRequest, InlineMetrics>;
}

/**
 * A box's metrics in language `lang` (its inline formatting context's): in a CJK language the
 * generic families are the language's fonts (text/catalog.ts), and so is its first available font.
 */
export function inlineMetrics(style: ComputedStyle, env: MetricsEnv, lang?: string): InlineMetrics {
  const request = fontRequestFromStyle(style, lang);
  const cached = env.metrics.get(request);
  if (cached !== undefined) return cached;
  const font = env.text.metrics(request);
  const lineHeight = usedLineHeight(style, font);
  const metrics: InlineMetrics = { font, lineHeight, ...layoutBounds(font, lineHeight) };
  env.metrics.set(request, metrics);
  return metrics;
}

/**
 * CSS Inline 3 §4.1: `normal` uses the font's ascent + descent + line gap — each rounded to whole
 * px, as browsers do (Blink's SimpleFontData: 16px Liberation Sans is 14 + 3 + 1 = 18px, not
 * 18.4px; Chromium 156 agrees at every size from 10px to 40px of Liberation Sans, Serif and Mono,
 * DejaVu Sans and Serif, and Noto Sans). A page of such lines keeps Chromium's line count.
 * A length (a percentage or `em` computed to one) is cut to Blink's layout unit, a 64th of a pixel;
 * a number multiplies the font size in layout units, rounded, and is cut the same: 13px at 1.45
 * is 18.84375px a line (50 lines 942.19px tall in Chromium 156, not 942.5), 10pt at 1.5 (13.33px,
 * 853/64) 19.984375px, 14.6666px at 1.5 22px, `line-height: 20.3px` 20.296875px (Chromium 156's
 * line boxes, 50 lines of each).
 */
export function usedLineHeight(style: ComputedStyle, font: ScaledFontMetrics): number {
  const value = style.lineHeight;
  if (value === 'normal') return normalLineHeight(font, 1);
  if (typeof value === 'number') return Math.floor(Math.fround(value) * 64) / 64;
  return Math.floor(Math.round(style.fontSize * 64) * value.value) / 64;
}

/**
 * The layout bounds of text set in `face` at `size` under `line-height: normal`: what `normal`
 * gives that face's own metrics, its leading split above and below as for any box
 * (layoutBounds). A line of Japanese or Thai in a Latin first font is as tall as its fallback
 * font makes it (Blink's InlineBoxState::AccumulateUsedFonts, CSS Inline 3 §4.1: the UA may use
 * the metrics of every font the box's text is set in). For the first available font these are
 * the box's own bounds.
 */
export function usedFontBounds(face: FontFace, size: number): { readonly above: number; readonly below: number } {
  let bySize = USED_FONT_BOUNDS.get(face);
  if (bySize === undefined) USED_FONT_BOUNDS.set(face, (bySize = new Map()));
  let bounds = bySize.get(size);
  if (bounds === undefined) {
    const font = scaleMetrics(face, size);
    bySize.set(size, (bounds = Object.freeze(layoutBounds(font, normalLineHeight(font, 1)))));
  }
  return bounds;
}

/**
 * A font's layout bounds in a line `lineHeight` tall (CSS2 §10.8.1): its ascent and descent with
 * the leading split above and below — as Blink splits them, on whole px: the ascent and descent
 * rounded (as for `normal`), and the half of the leading that goes above floored (its
 * CalculateLeadingSpace), the rest below. So a baseline stands a whole number of px below the top
 * of its line: Chromium 156 puts it there for every size (10px to 20px, 10pt, 11pt) and
 * line-height (normal, 1.2, 1.45, 1.5, 2, 24px) of Liberation Serif, Sans and DejaVu Sans; the
 * even split put text up to 0.9px lower.
 */
export function layoutBounds(font: ScaledFontMetrics, lineHeight: number): { above: number; below: number } {
  const ascent = Math.round(font.ascent);
  const leading = lineHeight - (ascent + Math.round(font.descent));
  const above = ascent + Math.floor(leading / 2);
  return { above, below: lineHeight - above };
}

/**
 * The line-height that puts a font's baseline `above` px (a whole number) below the top of its
 * line, layoutBounds reversed: with A and D the rounded ascent and descent, a leading
 * L - (A + D) = 2 (above - A) is even, so its upper half, floored, is above - A.
 */
export function lineHeightPlacingBaseline(font: ScaledFontMetrics, above: number): number {
  return Math.max(0, 2 * above - Math.round(font.ascent) + Math.round(font.descent));
}

const USED_FONT_BOUNDS = new WeakMap<FontFace, Map<number, { readonly above: number; readonly below: number }>>();


/**
 * A font size divided by `divisor` as Blink divides it for `sub` and `super`
 * (`ComputedFontSizeAsFixed() / 5`): the size rounded to a 64th of a px (a LayoutUnit), its
 * raw value divided as an integer, the remainder dropped — a third of 10px is 3.328125, and a
 * superscript in 10px text raises its line box 0.005px less than a third would: enough to put
 * a bottom-aligned cell's text on the next pixel.
 */
function fixedFontSizeOver(fontSize: number, divisor: number): number {
  return Math.trunc(Math.round(Math.fround(fontSize) * 64) / divisor) / 64;
}

export type LineRelativeAlign = 'top' | 'bottom';

/**
 * Baseline offset (px, positive = down) of a box relative to its parent's baseline, for the
 * values aligned within the parent; `top`/`bottom` are aligned to the line box afterwards.
 * `above`/`below` are the box's own layout bounds: `text-top` and `text-bottom` align those —
 * an inline box's half-leading included, as CSS2 §10.8.1 and Chromium do — with the parent's
 * ascent and descent, rounded to whole px as the layout bounds are (a 10px span at `text-top` in
 * 14px/1.5 text starts 4px below its parent's text, not at it).
 */
export function baselineShift(
  style: ComputedStyle,
  parent: { readonly style: ComputedStyle; readonly metrics: InlineMetrics },
  own: { readonly above: number; readonly below: number; readonly lineHeight: number },
): number | LineRelativeAlign {
  const align = style.verticalAlign;
  const parentFont = parent.metrics.font;
  switch (align) {
    case 'baseline': return 0;
    // Browsers' values: sub lowers by a fifth of the parent's font size, super raises by a third.
    case 'sub': return fixedFontSizeOver(parent.style.fontSize, 5) + 1;
    case 'super': return -(fixedFontSizeOver(parent.style.fontSize, 3) + 1);
    case 'text-top': return -Math.round(parentFont.ascent) + own.above;
    case 'text-bottom': return Math.round(parentFont.descent) - own.below;
    case 'middle': return -parentFont.xHeight / 2 + (own.above - own.below) / 2;
    case '-webkit-baseline-middle': return (own.above - own.below) / 2;
    case 'top':
    case 'bottom':
      return align;
    default:
      // A length raises the box; a percentage refers to the box's own line-height.
      return -resolveLength(align, own.lineHeight);
  }
}
