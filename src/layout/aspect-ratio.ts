/**
 * Preferred aspect ratios of non-replaced boxes (CSS Sizing 4 §5.1-5.2): the ratio holds between
 * the boxes `box-sizing` names, so a size given on one axis gives the automatic size on the other,
 * and min/max constraints transfer across.
 */
import type { ComputedStyle } from '../css/types.js';

export interface Edges {
  /** Border + padding on each axis. */
  readonly x: number;
  readonly y: number;
}

/** The border-box height that goes with a border-box width. */
export function heightForWidth(style: ComputedStyle, ratio: number, borderBoxWidth: number, edges: Edges): number {
  return style.boxSizing === 'border-box' ? borderBoxWidth / ratio : Math.max(0, borderBoxWidth - edges.x) / ratio + edges.y;
}

/** The border-box width that goes with a border-box height. */
export function widthForHeight(style: ComputedStyle, ratio: number, borderBoxHeight: number, edges: Edges): number {
  return style.boxSizing === 'border-box' ? borderBoxHeight * ratio : Math.max(0, borderBoxHeight - edges.y) * ratio + edges.x;
}

/** The ratio a non-replaced box has, if any. */
export function ratioOf(style: ComputedStyle): number | undefined {
  return style.aspectRatio === 'auto' ? undefined : style.aspectRatio;
}
