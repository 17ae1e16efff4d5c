/**
 * How each border style is drawn (CSS Backgrounds 3 §4.2), with the colour shading browsers use
 * for the 3D styles, and the dashes and dots as Chromium prints them.
 */
import type { BorderStyle, Color } from '../css/types.js';
import type { Side } from '../geometry/types.js';
import { contrastRatio } from '../css/values/contrast.js';

/**
 * Chromium's `Color::Dark()`: each channel scaled so the brightest drops by a third of full
 * scale, truncated (#8c6d3f to #382b19); one at most a third of full scale, black among them,
 * becomes black.
 */
export function darken(color: Color): Color {
  const v = Math.max(color.r, color.g, color.b) / 255;
  const multiplier = v === 0 ? 0 : Math.max(0, (v - 0.33) / v);
  const channel = (c: number): number => Math.floor((c / 255) * multiplier * (256 - 1e-5));
  return { r: channel(color.r), g: channel(color.g), b: channel(color.b), a: color.a };
}

/**
 * Chromium's `Color::Light()`: a colour is scaled so its brightest channel rises by a third of
 * full scale (to at most full), channels truncated — #333 becomes 135 — and black becomes #545454.
 */
export function lighten(color: Color): Color {
  if (color.r === 0 && color.g === 0 && color.b === 0) return { r: 84, g: 84, b: 84, a: color.a };
  const v = Math.max(color.r, color.g, color.b) / 255;
  const multiplier = Math.min(1, v + 0.33) / v;
  const channel = (c: number): number => Math.min(255, Math.floor((c / 255) * multiplier * (256 - 1e-5)));
  return { r: channel(color.r), g: channel(color.g), b: channel(color.b), a: color.a };
}

/** Below this contrast with its shadow, a 3D border's lit side is lightened (Blink's kMinimumBorderEdgeContrastRatio). */
const MINIMUM_EDGE_CONTRAST = 1.75;

/**
 * The lit side of a 3D border as Chromium 156 draws it (Blink's `CalculateBorderStyleColor`): the
 * colour itself — a brown frame stays brown, gray stays gray — unless its shadow would barely
 * show against it (#333, navy, black), when it is lightened.
 */
function litColor(color: Color): Color {
  return contrastRatio(color, darken(color)) < MINIMUM_EDGE_CONTRAST ? lighten(color) : color;
}

/**
 * The style a side of this width is drawn in, as Chromium draws it (Blink's
 * `BorderEdge::EffectiveStyle`): `double` under 3px has no room for two lines and a gap, and
 * `groove` or `ridge` of 1px none for two shades — both are drawn solid, in the side's colour.
 */
export function effectiveStyle(style: BorderStyle, width: number): BorderStyle {
  if (style === 'double' && width < 3) return 'solid';
  return (style === 'groove' || style === 'ridge') && width <= 1 ? 'solid' : style;
}

/**
 * How a collapsed table border or a column rule of this style is drawn (CSS 2.1 §17.6.2,
 * Multi-column 1 §4.2): `inset` as `ridge`, `outset` as `groove` — the line is shared by the boxes
 * on both sides, so it is not shaded as one box's bevel. Chromium draws them so (the collapsed
 * borders of a `border=1` table are 1px ridges, hence solid in the cells' colour).
 */
export function collapsedStyle(style: BorderStyle): BorderStyle {
  return style === 'inset' ? 'ridge' : style === 'outset' ? 'groove' : style;
}

const isTopLeft = (side: Side): boolean => side === 'top' || side === 'left';

/** The colour of an `inset` / `outset` side: the shadowed sides darkened, the lit ones in {@link litColor} (Chromium 156). */
export function bevelColor(style: 'inset' | 'outset', side: Side, color: Color): Color {
  const shadowed = style === 'inset' ? isTopLeft(side) : !isTopLeft(side);
  return shadowed ? darken(color) : litColor(color);
}

/** Outer-half and inner-half colours of a `groove` / `ridge` side. */
export function grooveColors(style: 'groove' | 'ridge', side: Side, color: Color): readonly [Color, Color] {
  const outerDark = style === 'groove' ? isTopLeft(side) : !isTopLeft(side);
  return outerDark ? [darken(color), litColor(color)] : [litColor(color), darken(color)];
}

/**
 * The dots of a dotted side `length` long as Chromium prints them (measured on its PDFs): under
 * 4px wide, square dots of the width, as many as fit with gaps of the width, the gaps grown to
 * end the side with a dot (1px over 150px: 75 dots; 3px: 25); undefined when only one fits (the
 * side is drawn solid). From 4px, round dots whose centres run from half a width inside one end
 * to half a width inside the other, `spacing` apart, nearest 2 × width (4px over 200px: 26 dots
 * 7.84 apart); undefined also when the side is no longer than its width.
 */
export function dotPattern(width: number, length: number): { readonly shape: 'square'; readonly gap: number } | { readonly shape: 'round'; readonly spacing: number } | undefined {
  if (width <= 0 || length <= 0) return undefined;
  if (width >= 4) {
    const span = length - width;
    if (span <= 0) return undefined;
    return { shape: 'round', spacing: span / Math.max(1, Math.round(span / (2 * width))) };
  }
  const dots = Math.floor((length + width) / (2 * width));
  if (dots <= 1) return undefined;
  return { shape: 'square', gap: (length - dots * width) / (dots - 1) };
}

/**
 * The dash and gap of a dashed side `length` long as Chromium prints it (Blink's `StrokeData`,
 * measured on its PDFs): dashes of 3 × width and gaps of 2 × width when thinner than 3px, 2 × and
 * 1 × from 3px on; the gap then stretched or shrunk to the count of dashes that keeps it nearest
 * (`SelectBestDashGap`), so that a whole dash starts and ends an open side, or every dash and gap
 * is equal around a closed path. A side too short for two dashes and a gap has both shrunk in
 * proportion; one no longer than two dashes is solid (undefined), as Chromium draws them.
 */
export function dashPattern(width: number, length: number, closed: boolean, dashLength?: number): readonly [number, number] | undefined {
  // `dashLength`: dashes (and gaps) of that length instead (Blink fits a thick dotted text line's dots so)
  const dash = dashLength ?? width * (width >= 3 ? 2 : 3);
  const gap = dashLength ?? width * (width >= 3 ? 1 : 2);
  if (dash <= 0 || length <= 2 * dash) return undefined;
  // room for two dashes but not the gap between them: both shrink in proportion
  if (!closed && length < 2 * dash + gap) return [(dash * length) / (2 * dash + gap), (gap * length) / (2 * dash + gap)];
  const fewer = Math.floor((length + gap) / (dash + gap));
  const more = fewer + 1;
  const gapWith = (dashes: number): number => (length - dashes * dash) / (closed ? dashes : dashes - 1);
  const fewerGap = gapWith(fewer);
  const moreGap = gapWith(more);
  return [dash, moreGap <= 0 || Math.abs(fewerGap - gap) < Math.abs(moreGap - gap) ? fewerGap : moreGap];
}

/** Styles that paint nothing. */
export function isInvisible(style: BorderStyle): boolean {
  return style === 'none' || style === 'hidden';
}
