/** Shrink-to-fit width (CSS2 §10.3.5, §10.3.7, §10.3.9) of floats, inline-blocks and absolutely positioned boxes. */
import type { LayoutBox } from '../boxes/types.js';
import type { LayoutContext } from './context.js';
import { marginOrZero, resolveMaxSize, resolveMinSize, resolveSize, toContentSize, usedBorder, usedPadding } from './box-model.js';
import { contentIntrinsicSizes } from './intrinsic.js';

/**
 * The border-box width: the specified width, else min(max(min-content, available), max-content)
 * where `available` is the containing width less margins, borders and padding; then
 * min-width and max-width (§10.4).
 */
export function shrinkToFitWidth(box: LayoutBox, containingWidth: number, ctx: LayoutContext, available = containingWidth): number {
  const style = box.style;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const edges = border.left + border.right + padding.left + padding.right;
  const specified = resolveSize(style.width, containingWidth);
  let content: number;
  if (specified !== undefined) {
    content = toContentSize(specified, style, edges);
  } else {
    const room = available - edges - marginOrZero(style.marginLeft, containingWidth) - marginOrZero(style.marginRight, containingWidth);
    const sizes = contentIntrinsicSizes(box, ctx);
    content = Math.max(0, Math.min(Math.max(sizes.minContent, room), sizes.maxContent));
  }
  const max = toContentSize(resolveMaxSize(style.maxWidth, containingWidth), style, edges);
  const min = toContentSize(resolveMinSize(style.minWidth, containingWidth), style, edges);
  return Math.max(Math.min(content, max), min) + edges;
}
