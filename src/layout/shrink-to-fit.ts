/** Shrink-to-fit width (CSS2 §10.3.5, §10.3.7, §10.3.9) of floats, inline-blocks and absolutely positioned boxes. */
import type { LayoutBox } from '../boxes/types.js';
import type { LayoutContext } from './contract.js';
import { contentIntrinsicSizes } from './intrinsic.js';
import { fitContent, usedBorderBoxWidth } from './size-keywords.js';

/**
 * The border-box width: the specified width (a length or a keyword, CSS Sizing 3 §3.2), else
 * min(max(min-content, available), max-content) where `available` is the containing width less
 * margins, borders and padding; then min-width and max-width (§10.4).
 */
export function shrinkToFitWidth(box: LayoutBox, containingWidth: number, ctx: LayoutContext, available = containingWidth): number {
  return usedBorderBoxWidth(box, containingWidth, available, ctx, (room) => fitContent(contentIntrinsicSizes(box, ctx), room));
}
