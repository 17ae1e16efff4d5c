/**
 * Where a scroll container's scrollbars and their corner go, for the classic bars
 * (scrollbars.ts) and the custom ones (custom-scrollbars.ts) alike: along the inside of its
 * border on whole pixels, the vertical bar on its side (the left in right-to-left text), the
 * horizontal one along the bottom, each ending at the corner where the two meet or where a
 * resize grip is (a textarea's).
 */
import type { Rect } from '../geometry/types.js';

/** The inside of a box's border on the page, whole pixels, and what is drawn in it. */
export interface BarFrame {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  /** Whether each bar is drawn (shown and not squeezed out), and whether a resize grip takes the corner. */
  readonly vertical: boolean;
  readonly horizontal: boolean;
  readonly grip: boolean;
  /** The vertical bar's side. */
  readonly side: 'left' | 'right';
}

export interface BarRects {
  readonly vertical: Rect | undefined;
  readonly horizontal: Rect | undefined;
  /** Where the bars meet, or the grip's square beside the one bar. */
  readonly corner: Rect | undefined;
}

/** The bars' rects, the vertical one `across` wide and the horizontal one `down` high (a bar 0px thick is none). */
export function barRects(frame: BarFrame, across: number, down: number): BarRects {
  const { left, top, right, bottom } = frame;
  const vertical = frame.vertical && across > 0;
  const horizontal = frame.horizontal && down > 0;
  const cornered = (vertical && horizontal) || frame.grip;
  const cornerWidth = vertical ? across : down;
  const cornerHeight = horizontal ? down : across;
  const onLeft = frame.side === 'left';
  const endX = cornered ? cornerWidth : 0;
  const endY = cornered ? cornerHeight : 0;
  return {
    vertical: vertical ? { x: onLeft ? left : right - across, y: top, width: across, height: Math.max(0, bottom - top - endY) } : undefined,
    horizontal: horizontal ? { x: onLeft ? left + endX : left, y: bottom - down, width: Math.max(0, right - left - endX), height: down } : undefined,
    corner: cornered ? { x: onLeft ? left : right - cornerWidth, y: bottom - cornerHeight, width: cornerWidth, height: cornerHeight } : undefined,
  };
}
