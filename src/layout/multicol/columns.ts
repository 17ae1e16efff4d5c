/**
 * The used column count and width (CSS Multi-column Layout 1 §3.4) and the used gap (§5.1):
 * what a multi-column container splits its content box into.
 */
import type { ComputedStyle } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';

export interface ColumnGeometry {
  /** N: how many columns a row holds. */
  readonly count: number;
  /** W: the width of each column box. */
  readonly width: number;
  readonly gap: number;
}

/** `column-gap: normal` is 1em in multi-column layout (§5.1); percentages are of the content box. */
export function usedColumnGap(style: ComputedStyle, contentWidth: number): number {
  if (style.columnGap === 'normal') return style.fontSize;
  return Math.max(0, resolveLength(style.columnGap, contentWidth));
}

/** The pseudo-algorithm of §3.4, for an available content width U. */
export function columnGeometry(style: ComputedStyle, available: number): ColumnGeometry {
  const gap = usedColumnGap(style, available);
  const U = Math.max(0, available);
  const count = usedCount(style.columnCount, style.columnWidth, U, gap);
  // (U + gap) / N - gap of the spec's lines 24 and 30 is the same width
  const width = Math.max(0, (U - (count - 1) * gap) / count);
  return { count, width, gap };
}

/** The narrowest column width used, as in Chromium: a `column-width` of 0 (`0px`, or `2ch` of a 0px font) with no gap would make infinitely many columns. */
const MIN_COLUMN_WIDTH = 1;

function usedCount(count: number | 'auto', width: number | 'auto', U: number, gap: number): number {
  if (width === 'auto') return count === 'auto' ? 1 : count;
  const fitting = Math.max(1, Math.floor((U + gap) / (Math.max(MIN_COLUMN_WIDTH, width) + gap)));
  return count === 'auto' ? fitting : Math.min(count, fitting);
}
