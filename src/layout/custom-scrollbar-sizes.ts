/**
 * The sizes of Chromium's custom scrollbar parts (css/custom-scrollbar.ts), as its
 * LayoutCustomScrollbarPart computes them: a part's `width` (`height` along a horizontal bar's
 * length, and so on) clamped by its `min-` and `max-` sizes, whole pixels, where `auto` is the
 * classic bar's 15px and an `auto` minimum is 0. A bar's thickness is its `::-webkit-scrollbar`'s
 * width (a vertical bar) or height (a horizontal one): `width: 6px` alone leaves a 15px horizontal
 * bar, `width: 0; height: 0` hides both. A percentage is of the box's border box less its borders
 * along that axis, which Chromium takes as 0 for the bars' thickness (decided before the box is
 * laid out: `width: 50%; min-width: 7px` is 7px) and knows for the parts along a bar.
 */
import type { ComputedStyle, CustomScrollbar } from '../css/types.js';
import { partStyle } from '../css/custom-scrollbar.js';
import { resolveMaxSize, resolveMinSize, resolveSize } from './box-model.js';

/** Chromium's classic scrollbar thickness: what a custom part's `auto` size is. */
export const CLASSIC_THICKNESS = 15;
/** Chromium's classic thumb's least length: what a custom thumb's `auto` length is (measured: whatever the bar's thickness). */
export const CLASSIC_MIN_THUMB = 17;

/**
 * A part's size along `axis`; `visible`: the box's border box less its borders along it; `auto`:
 * what an `auto` size is (a thumb's: CLASSIC_MIN_THUMB).
 */
export function partExtent(style: ComputedStyle, axis: 'width' | 'height', visible: number, auto = CLASSIC_THICKNESS): number {
  const [size, min, max] = axis === 'width' ? [style.width, style.minWidth, style.maxWidth] : [style.height, style.minHeight, style.maxHeight];
  const main = Math.trunc(resolveSize(size, visible) ?? auto);
  const most = max === 'none' ? main : Math.trunc(resolveMaxSize(max, visible));
  return Math.max(0, Math.trunc(resolveMinSize(min, visible)), Math.min(most, main));
}

/** The thickness of a custom bar (0 where its `::-webkit-scrollbar` is `display: none` for that orientation). */
export function customThickness(custom: CustomScrollbar, orientation: 'vertical' | 'horizontal', cornerPresent: boolean): number {
  // a bar that is there scrolls its content (`:enabled`), the usual case the sizes are written for
  const bar = partStyle(custom, 'scrollbar', { orientation, enabled: true, cornerPresent });
  return bar === undefined ? 0 : partExtent(bar, orientation === 'vertical' ? 'width' : 'height', 0);
}
