/** A block-level replaced element (`img { display: block }`): sized, then placed as one unbreakable piece. */
import type { ReplacedBox } from '../boxes/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { LayoutContext } from './context.js';
import type { LayoutInput, LayoutResult } from './flow.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from './margins.js';
import { blockHorizontalMetrics, marginOrZero } from './box-model.js';
import { replacedSize } from './replaced.js';

export function layoutBlockReplaced(box: ReplacedBox, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const image = ctx.images.get(box.src);
  const size = replacedSize(box, image, input.containingWidth, input.containingHeight);
  const h = blockHorizontalMetrics(box.style, input.containingWidth, size.width);
  const ownTop = input.discardTopMargins && input.atPageTop ? 0 : marginOrZero(box.style.marginTop, input.containingWidth);
  const top = input.y + collapsedMargin(addMargin(input.strut, ownTop));
  const height = size.height + size.border.top + size.border.bottom + size.padding.top + size.padding.bottom;
  if (top + height > input.fragmentainerBottom + 0.01 && !input.atPageTop) return { kind: 'pushed' };
  const fragment = replacedFragment(box, image, input.x + h.marginLeft, top, size);
  return {
    kind: 'placed',
    fragment,
    endY: top + height,
    strut: addMargin(EMPTY_STRUT, marginOrZero(box.style.marginBottom, input.containingWidth)),
    resolvedAt: top,
    breakToken: undefined,
    forcedBreakAfter: false,
  };
}

/** The box fragment of a replaced element (border box) holding its image fragment (content box). */
export function replacedFragment(box: ReplacedBox, image: ReturnType<LayoutContext['images']['get']>, x: number, y: number, size: ReturnType<typeof replacedSize>): BoxFragment {
  const contentX = x + size.border.left + size.padding.left;
  const contentY = y + size.border.top + size.padding.top;
  const children: Fragment[] = image === undefined
    ? []
    : [{ kind: 'image', style: box.style, x: contentX, y: contentY, width: size.width, height: size.height, image }];
  return {
    kind: 'box', box, style: box.style, x, y,
    width: size.width + size.border.left + size.border.right + size.padding.left + size.padding.right,
    height: size.height + size.border.top + size.border.bottom + size.padding.top + size.padding.bottom,
    border: size.border, padding: size.padding, children,
    continuedBefore: false, continuedAfter: false,
  };
}
