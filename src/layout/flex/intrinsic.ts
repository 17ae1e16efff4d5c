/**
 * Intrinsic sizes of a flex container (CSS Flexbox 1 §9.9.1, as browsers compute them): a row
 * container's max-content width is the sum of its items' max-content contributions plus gaps;
 * its min-content width the sum of their min-content contributions when single-line, the largest
 * when multi-line. A column container is as wide as its widest item.
 */
import type { FlexBox } from '../../boxes/types.js';
import type { LayoutContext } from '../context.js';
import type { IntrinsicSizes } from '../inline/intrinsic.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { flexAxes, usedGap } from './axes.js';
import { collectItems } from './items.js';

export function flexIntrinsicSizes(box: FlexBox, ctx: LayoutContext): IntrinsicSizes {
  const axes = flexAxes(box.style);
  const contributions = collectItems(box, ctx).boxes.map((item) => outerIntrinsicSizes(item, ctx));
  const largest = (pick: (s: IntrinsicSizes) => number): number => Math.max(0, ...contributions.map(pick));
  if (!axes.row) return { minContent: largest((s) => s.minContent), maxContent: largest((s) => s.maxContent) };
  const gaps = usedGap(box.style.columnGap, undefined) * Math.max(0, contributions.length - 1);
  const sum = (pick: (s: IntrinsicSizes) => number): number => contributions.reduce((total, s) => total + pick(s), 0) + gaps;
  return { minContent: axes.wrap ? largest((s) => s.minContent) : sum((s) => s.minContent), maxContent: sum((s) => s.maxContent) };
}
