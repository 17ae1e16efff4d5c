/**
 * The dashes and dots of a `dashed` or `dotted` text decoration line as Chromium prints them
 * (Blink's GraphicsContext::DrawLine for a text line, styled_stroke_data.cc): the pattern is
 * measured in whole pixels — the line's thickness and length rounded — and starts at the line's
 * start. Dashed: a border's dashes (border-style.ts `dashPattern`: 3 × and 2 × the width under
 * 3px, 2 × and 1 × from 3px, the gap fitted so that a dash ends the line). Dotted up to 3px:
 * square dots of the width, a width apart, not fitted (2px dots every 4px, the last one cut by the
 * line's end); thicker: round dots, their gap fitted as a dash's. A line too short for two dashes
 * or dots is solid (undefined).
 */
import { dashPattern } from './border-style.js';

export interface DecorationDash {
  /** Dash and gap lengths, px. */
  readonly dash: readonly [number, number];
  readonly lineCap: 'butt' | 'round';
}

export function decorationDash(style: 'dashed' | 'dotted', thickness: number, length: number): DecorationDash | undefined {
  // Blink's int width (a thickness under half a pixel keeps its own) and length
  const width = Math.round(thickness) || thickness;
  const span = Math.round(length);
  if (style === 'dashed') {
    const pattern = dashPattern(width, span, false);
    return pattern === undefined ? undefined : { dash: pattern, lineCap: 'butt' };
  }
  if (width <= 3) {
    // dashes of the width: none for two (solid), both shrunk in proportion for two without their
    // gap, else the width apart — Blink does not fit a dotted line's gap
    const squares = dashPattern(width, span, false, width);
    if (squares === undefined) return undefined;
    return { dash: squares[0] < width ? squares : [width, width], lineCap: 'butt' };
  }
  if (span < 2 * width) return { dash: [0, 2 * width], lineCap: 'round' };
  const fitted = dashPattern(width, span, false, width);
  return { dash: [0, (fitted?.[1] ?? width) + width - 0.01], lineCap: 'round' };
}

/**
 * The centre of a dashed or dotted line as Chromium strokes it (GraphicsContext::DrawLineForText,
 * then DrawLine): at floor(top + max(thickness / 2, 0.5)), a whole pixel, half a pixel lower when
 * the line's rounded width is odd — stroked as thick as the line resolves, unfloored (1.6px at
 * 16px, where a solid line is painted 1px). Measured in Chromium 156 at 13, 16, 20 and 24px.
 */
export function decorationDashCentre(top: number, thickness: number): number {
  const centre = Math.floor(top + Math.max(thickness / 2, 0.5));
  return Math.round(thickness) % 2 === 1 ? centre + 0.5 : centre;
}
