/**
 * Background bleed avoidance, as Chromium paints it: a box with rounded corners whose border is
 * opaque on every side paints its border-box background inset by half of each side's border width
 * (a sixth when a side is double), so that the background's edge lies under the border. Painted to
 * the border's outer edge, the background's colour shows as a fringe outside the curve, because a
 * PDF viewer anti-aliases the background fill and the border ring one after the other and the edge
 * pixels keep some of each. A translucent, dotted or dashed side, a side cut by a break, a border
 * image or square corners: the background is painted to the outer edge, as before (Blink's
 * `ComputeBleedAvoidance`, whose other strategy — a clipped layer — changes nothing in a PDF).
 */
import type { ComputedStyle } from '../css/types.js';
import type { Sides } from '../geometry/types.js';
import { SIDES } from '../geometry/types.js';
import type { Radii } from '../css/values/radii.js';
import { hasRadii } from '../css/values/radii.js';
import { hasVisibleSide } from './border.js';

/** A double border narrower than 3px is drawn solid (border.ts), and shrinks the background as one. */
const MIN_DOUBLE_WIDTH = 3;

/** The inset of the background's border-box clip, or undefined when it is painted to the border's outer edge. */
export function backgroundBleedInset(style: ComputedStyle, widths: Sides, radii: Radii): Sides | undefined {
  if (!hasRadii(radii) || style.borderImageSource !== 'none' || !hasVisibleSide(widths, style)) return undefined;
  let share = 1 / 2;
  for (const side of SIDES) {
    const edge = sideOf(style, side);
    // a side cut by a fragmentation break has no width here while its style gives it one
    if (widths[side] === 0 && edge.width > 0) return undefined;
    if (edge.color.a < 1 || edge.style === 'hidden' || edge.style === 'dotted' || edge.style === 'dashed') return undefined;
    if (edge.style === 'double' && widths[side] >= MIN_DOUBLE_WIDTH) share = 1 / 6;
  }
  return { top: widths.top * share, right: widths.right * share, bottom: widths.bottom * share, left: widths.left * share };
}

function sideOf(style: ComputedStyle, side: keyof Sides): { width: number; style: ComputedStyle['borderTopStyle']; color: ComputedStyle['borderTopColor'] } {
  switch (side) {
    case 'top': return { width: style.borderTopWidth, style: style.borderTopStyle, color: style.borderTopColor };
    case 'right': return { width: style.borderRightWidth, style: style.borderRightStyle, color: style.borderRightColor };
    case 'bottom': return { width: style.borderBottomWidth, style: style.borderBottomStyle, color: style.borderBottomColor };
    case 'left': return { width: style.borderLeftWidth, style: style.borderLeftStyle, color: style.borderLeftColor };
  }
}
