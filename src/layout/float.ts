/**
 * Floats (CSS2 §9.5.1, §10.3.5, §10.6.7): a float is laid out as its own formatting context at
 * its shrink-to-fit width, then placed in the exclusion space as high as it may go and as far to
 * its side as it fits. A float that does not fit on the rest of the page goes to the next page
 * (its placeholder, and what follows, with it).
 */
import type { OutOfFlowBox } from '../boxes/types.js';
import type { BoxFragment } from './types.js';
import type { LayoutContext } from './context.js';
import type { Fragmentainer, LayoutInput, PageContent, PendingPositioned } from './contract.js';
import type { ExclusionSpace } from './exclusions.js';
import { addFloat, floatsBottom, placeFloat } from './exclusions.js';
import { marginOrZero } from './box-model.js';
import { layoutBox } from './dispatch.js';
import { shrinkToFitWidth } from './shrink-to-fit.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';
import { offsetFragment } from './fragment.js';

export interface FloatRequest {
  /** Where the float's placeholder is: its margin box cannot start higher (§9.5.1 rules 4, 6). */
  readonly minTop: number;
  /** The containing block's content edges, in the flow frame. */
  readonly left: number;
  readonly right: number;
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  readonly exclusions: ExclusionSpace;
  readonly fragmentainer: Fragmentainer | undefined;
  readonly mode: LayoutInput['mode'];
}

export interface PlacedFloatBox {
  /** The float's border box in the flow frame. */
  readonly fragment: BoxFragment;
  readonly marginBox: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly exclusions: ExclusionSpace;
  readonly positioned: readonly PendingPositioned[];
  readonly pageContent: readonly PageContent[];
}

/** Lays out and places a float; undefined when it must move to the next page. */
export function layoutFloat(placeholder: OutOfFlowBox, request: FloatRequest, ctx: LayoutContext): PlacedFloatBox | undefined {
  const box = placeholder.box;
  if (box.kind === 'out-of-flow') return undefined;
  const style = box.style;
  const cw = request.containingWidth;
  const margins = { top: marginOrZero(style.marginTop, cw), right: marginOrZero(style.marginRight, cw), bottom: marginOrZero(style.marginBottom, cw), left: marginOrZero(style.marginLeft, cw) };
  const laid = layoutBox(box, {
    mode: request.mode, available: cw, containingWidth: cw, containingHeight: request.containingHeight,
    fixedWidth: box.kind === 'replaced' ? undefined : shrinkToFitWidth(box, cw, ctx),
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') return undefined;
  const width = laid.fragment.width + margins.left + margins.right;
  const height = laid.fragment.height + margins.top + margins.bottom;
  const side = style.float === 'right' ? 'right' : 'left';
  const clear = style.clear === 'none' ? -Infinity : floatsBottom(request.exclusions, style.clear);
  const at = placeFloat(request.exclusions, { side, width, height, minTop: Math.max(request.minTop, clear), left: request.left, right: request.right });
  const page = request.fragmentainer;
  if (page !== undefined && !page.atTop && at.y + height > page.bottom + 0.01) return undefined;
  // laid out with its border box at (marginLeft, marginTop) of the origin: move it into place
  const fragment = offsetFragment(laid.fragment, at.x + margins.left - laid.fragment.x, at.y + margins.top - laid.fragment.y);
  const dx = fragment.x - laid.fragment.x;
  const shift = (p: PendingPositioned): PendingPositioned => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx, staticY: p.staticY + fragment.y - laid.fragment.y });
  return {
    fragment,
    marginBox: { x: at.x, y: at.y, width, height },
    exclusions: addFloat(request.exclusions, { side, left: at.x, right: at.x + width, top: at.y, bottom: at.y + height }),
    positioned: laid.positioned.map(shift),
    pageContent: laid.pageContent.map((c) => ({ ...c, ...shift(c) })),
  };
}
