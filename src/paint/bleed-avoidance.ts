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
import type { Radii } from '../css/values/radii.js';
import { hasRadii } from '../css/values/radii.js';
import { usedBorder } from '../layout/box-model.js';
import { borderSides, hasVisibleSide } from './border.js';

/**
 * Blink counts a double side narrower than 3px as solid when it shrinks the background
 * (`BorderEdge::EffectiveStyle`; border.ts draws it double whatever its width).
 */
const MIN_DOUBLE_WIDTH = 3;

/** The inset of the background's border-box clip, or undefined when it is painted to the border's outer edge. */
export function backgroundBleedInset(style: ComputedStyle, widths: Sides, radii: Radii): Sides | undefined {
  if (!hasRadii(radii) || style.borderImageSource !== 'none' || !hasVisibleSide(widths, style)) return undefined;
  const computed = usedBorder(style);
  let share = 1 / 2;
  for (const edge of borderSides(widths, style)) {
    // a side cut by a fragmentation break has no width here while its style gives it one
    if (edge.width === 0 && computed[edge.side] > 0) return undefined;
    if (edge.color.a < 1 || edge.style === 'hidden' || edge.style === 'dotted' || edge.style === 'dashed') return undefined;
    if (edge.style === 'double' && edge.width >= MIN_DOUBLE_WIDTH) share = 1 / 6;
  }
  return { top: widths.top * share, right: widths.right * share, bottom: widths.bottom * share, left: widths.left * share };
}
