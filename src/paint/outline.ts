/**
 * `outline` (CSS UI 4 §3): a border drawn outside the border box, `outline-offset` away from it,
 * following the border radii (grown by the offset and width, as browsers draw it). Outlines
 * take no space and are painted over the in-flow content of their stacking context and under
 * its positioned descendants, as Chromium paints them (stacking.ts). `auto` is drawn as `solid`.
 */
import type { ComputedStyle } from '../css/types.js';
import type { Rect } from '../geometry/types.js';
import type { PlacedBox } from './placed.js';
import { paintBorder } from './border.js';
import type { DisplayItem } from './display-list.js';
import type { Radii } from '../css/values/radii.js';

/** The outline of `f`, its border box painted at `box` (placed.ts paintedBorderBox). */
export function paintOutline(f: PlacedBox, box: Rect, radii: Radii): DisplayItem[] {
  const s = f.style;
  const width = s.outlineWidth;
  if (s.visibility !== 'visible' || s.outlineStyle === 'none' || width <= 0 || s.outlineColor.a <= 0) return [];
  const grow = s.outlineOffset + width;
  const rect: Rect = { x: box.x - grow, y: box.y - grow, width: box.width + 2 * grow, height: box.height + 2 * grow };
  if (rect.width <= 0 || rect.height <= 0) return [];
  const style = s.outlineStyle === 'auto' ? 'solid' : s.outlineStyle;
  const sides: Partial<ComputedStyle> = {
    borderTopStyle: style, borderRightStyle: style, borderBottomStyle: style, borderLeftStyle: style,
    borderTopColor: s.outlineColor, borderRightColor: s.outlineColor, borderBottomColor: s.outlineColor, borderLeftColor: s.outlineColor,
  };
  const outer = radii.map((r) => (r > 0 ? Math.max(0, r + grow) : 0)) as unknown as Radii;
  return paintBorder({ rect, widths: { top: width, right: width, bottom: width, left: width }, style: { ...s, ...sides }, radii: outer });
}
