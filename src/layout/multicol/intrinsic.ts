/**
 * Intrinsic widths of a multi-column container (CSS Multi-column Layout 1 §3.4; the CSS Sizing 3
 * 2016 draft's "multicol-intrinsic", as Chromium computes it): `column-count` columns side by
 * side with the gaps between them, each at its min-content (no wider than `column-width`) or
 * max-content (no narrower than `column-width`) width; spanners count once.
 */
import type { BlockBox } from '../../boxes/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { contentIntrinsicSizes, outerIntrinsicSizes } from '../intrinsic.js';
import { segmentsOf } from './segments.js';
import { withNestedSpannersLifted } from './nested-spanners.js';

export function multicolIntrinsicSizes(box: BlockBox, ctx: LayoutContext): IntrinsicSizes {
  const style = box.style;
  let columnMin = 0;
  let columnMax = 0;
  let spannerMin = 0;
  let spannerMax = 0;
  for (const segment of segmentsOf(withNestedSpannersLifted(box, ctx), ctx)) {
    if (segment.kind === 'spanner') {
      const sizes = outerIntrinsicSizes(segment.box, ctx);
      spannerMin = Math.max(spannerMin, sizes.minContent);
      spannerMax = Math.max(spannerMax, sizes.maxContent);
      continue;
    }
    const sizes = contentIntrinsicSizes(segment.view, ctx);
    columnMin = Math.max(columnMin, sizes.minContent);
    columnMax = Math.max(columnMax, sizes.maxContent);
  }
  if (style.columnWidth !== 'auto') {
    columnMin = Math.min(columnMin, style.columnWidth);
    columnMax = Math.max(columnMax, style.columnWidth);
  }
  const count = style.columnCount === 'auto' ? 1 : style.columnCount;
  // A percentage gap resolves against a size not known yet: 0 (CSS Box Alignment 3 §8.3).
  const gap = style.columnGap === 'normal' ? style.fontSize : typeof style.columnGap === 'number' ? Math.max(0, style.columnGap) : 0;
  return {
    minContent: Math.max(count * columnMin + (count - 1) * gap, spannerMin),
    maxContent: Math.max(count * columnMax + (count - 1) * gap, spannerMax),
  };
}
