/**
 * A block-level box placed as one unbreakable piece of a known border-box size (a replaced
 * element, an orthogonal flow root): its margins collapse with the flow's, auto margins centre it,
 * and it moves to the next page when it does not fit.
 */
import type { LayoutBox } from '../boxes/types.js';
import type { BoxFragment } from './types.js';
import type { LayoutInput, LayoutResult } from './contract.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from './margins.js';
import { blockHorizontalMetrics, marginOrZero, usedBorder, usedPadding } from './box-model.js';
import { forcedBreakOf } from './break-token.js';

export function placeBlockLevel(box: LayoutBox, input: LayoutInput, size: { width: number; height: number }, fragmentAt: (x: number, y: number) => BoxFragment): LayoutResult {
  const style = box.style;
  const available = typeof input.available === 'number' ? input.available : input.containingWidth;
  const border = usedBorder(style);
  const padding = usedPadding(style, input.containingWidth);
  const contentWidth = size.width - border.left - border.right - padding.left - padding.right;
  const h = blockHorizontalMetrics(style, { containingWidth: input.containingWidth, available, direction: input.containingDirection, align: input.containingAlign }, contentWidth);
  const page = input.fragmentainer;
  const ownTop = page?.discardTopMargins === true && page.atTop ? 0 : marginOrZero(style.marginTop, input.containingWidth);
  const top = input.y + collapsedMargin(addMargin(input.strut, ownTop));
  if (page !== undefined && top + size.height > page.bottom + 0.01 && !page.atTop) return { kind: 'pushed' };
  return {
    kind: 'placed',
    fragment: fragmentAt(input.x + h.marginLeft, top),
    endY: top + size.height,
    strut: addMargin(EMPTY_STRUT, marginOrZero(style.marginBottom, input.containingWidth)),
    resolvedAt: top,
    baselines: { first: undefined, last: undefined },
    breakToken: undefined,
    forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions,
    positioned: [],
    pageContent: [],
  };
}
