/** Shrink-to-fit width (CSS2 §10.3.5, §10.3.7, §10.3.9) of floats, inline-blocks and absolutely positioned boxes. */
import type { LayoutBox } from '../boxes/types.js';
import type { LayoutContext } from './contract.js';
import { contentIntrinsicSizes } from './intrinsic.js';
import { fitContent, usedBorderBoxWidth } from './size-keywords.js';
import { clampWidthThroughRatio } from './aspect-ratio.js';
import { boxEdges } from './box-model.js';

/**
 * The border-box width: the specified width (a length or a keyword, CSS Sizing 3 §3.2), else
 * min(max(min-content, available), max-content) where `available` is the containing width less
 * margins, borders and padding; then min-width and max-width (§10.4). An auto width of a box with
 * an `aspect-ratio` is held within what its min-/max-height transfer through the ratio (CSS Sizing
 * 4 §5.2.1): a `min-height: 30px; aspect-ratio: 2` float is 60px wide, as in Chromium 156.
 */
export function shrinkToFitWidth(box: LayoutBox, containingWidth: number, ctx: LayoutContext, available = containingWidth, containingHeight?: number): number {
  const width = usedBorderBoxWidth(box, containingWidth, available, ctx, (room) => fitContent(contentIntrinsicSizes(box, ctx), room));
  return clampWidthThroughRatio(box.style, width, containingWidth, containingHeight, boxEdges(box.style, containingWidth));
}
