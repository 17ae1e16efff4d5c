/**
 * Floats (CSS2 §9.5.1, §10.3.5, §10.6.7): a float is laid out as its own formatting context at
 * its shrink-to-fit width, then placed in the exclusion space as high as it may go and as far to
 * its side as it fits. A float that runs past the page end is split there (a parallel flow, CSS
 * Fragmentation 3 §4.3): its break token resumes it at the top of the next page, beside the text
 * that follows there. One with nothing that fits on the rest of the page goes to the next page.
 */
import type { LayoutBox, OutOfFlowBox } from '../../boxes/types.js';
import type { BoxFragment } from '../types.js';
import type { BreakToken, Fragmentainer, LayoutContext, LayoutInput, LayoutOutput, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import type { ExclusionSpace } from '../exclusions.js';
import { addFloat, clearSides, floatSide, floatsBottom, placeFloat } from '../exclusions.js';
import { marginOrZero } from '../box-model.js';
import { layoutBox } from '../contract.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import { floatBox } from '../inline/initial-letter.js';
import { floatArea } from '../float-shape.js';
import { boxMemo, memoized } from '../box-memo.js';

const LAID_FLOATS = boxMemo<LayoutBox, LayoutResult>('floats laid out');

export interface FloatRequest {
  /** Where the float's placeholder is: its margin box cannot start higher (§9.5.1 rules 4, 6). */
  readonly minTop: number;
  /** The containing block's content edges, in the flow frame. */
  readonly left: number;
  readonly right: number;
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  /** The containing block's direction: it maps `inline-start`/`inline-end`. */
  readonly direction: 'ltr' | 'rtl';
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
  /** Where the float resumes on the next page, when the page end split it. */
  readonly breakToken: BreakToken | undefined;
}

/**
 * Lays out and places a float (or, with `resume`, the rest of a split one); undefined when it
 * must move to the next page.
 */
export function layoutFloat(placeholder: OutOfFlowBox, request: FloatRequest, ctx: LayoutContext, resume?: BreakToken): PlacedFloatBox | undefined {
  const box = floatBox(placeholder.box, ctx);
  if (box.kind === 'out-of-flow') return undefined;
  const style = box.style;
  const cw = request.containingWidth;
  const continued = resume !== undefined;
  const styleTop = marginOrZero(style.marginTop, cw);
  const margins = { top: continued ? 0 : styleTop, right: marginOrZero(style.marginRight, cw), bottom: marginOrZero(style.marginBottom, cw), left: marginOrZero(style.marginLeft, cw) };
  // a replaced box and a table size themselves (a table's percentage width is of the float's containing block)
  const fixedWidth = box.kind === 'replaced' || box.kind === 'table-wrapper' ? undefined : shrinkToFitWidth(box, cw, ctx, cw, request.containingHeight);
  const lay = (fragmentainer: Fragmentainer | undefined): ReturnType<typeof layoutBox> => layoutBox(box, {
    mode: request.mode, available: cw, containingWidth: cw, containingHeight: request.containingHeight, containingDirection: request.direction,
    fixedWidth, x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer, exclusions: NO_EXCLUSIONS,
  }, ctx, resume);
  // laid out once per render, room and page end: a float that waits below its line, or is met
  // again when its line is laid out again, is placed again, and nested floats multiplied that by
  // depth (on the page and, split at its end, past it)
  const room = `${request.mode}|${cw}|${request.containingHeight}|${request.direction}|${fixedWidth}`;
  const layIn = (fragmentainer: Fragmentainer | undefined): ReturnType<typeof layoutBox> => resume === undefined
    ? memoized(ctx, LAID_FLOATS, box, fragmentainer === undefined ? room : `${room}|${fragmentainer.bottom}|${fragmentainer.atTop}`, () => lay(fragmentainer))
    : lay(fragmentainer);
  const whole = layIn(undefined);
  if (whole.kind !== 'placed') return undefined;
  const width = whole.fragment.width + margins.left + margins.right;
  const side = floatSide(style.float, request.direction);
  const clear = clearSides(style.clear, request.direction);
  const cleared = continued || clear === undefined ? -Infinity : floatsBottom(request.exclusions, clear);
  const at = placeFloat(request.exclusions, {
    side, width, height: whole.fragment.height + margins.top + margins.bottom,
    minTop: Math.max(request.minTop, cleared), left: request.left, right: request.right,
  });
  const laid = fitToPage(whole, at.y, request, continued, layIn);
  if (laid === undefined) return undefined;
  const height = laid.fragment.height + margins.top + (laid.breakToken === undefined ? margins.bottom : 0);
  // laid out with its border box at (marginLeft, marginTop) of the origin: move it into place
  const fragment = offsetFragment(laid.fragment, at.x + margins.left - laid.fragment.x, at.y + margins.top - laid.fragment.y);
  // each piece of a split float makes its shape from its own border box, as Chromium 156 does (the
  // shape restarts on each page); its margin box keeps both of the style's block margins, a
  // continued piece's grown below it, since its margin box starts at its border box's top
  const shapeMargins = continued ? { ...margins, top: 0, bottom: margins.bottom + styleTop } : margins;
  const area = floatArea(box, { borderBox: fragment, border: fragment.border, padding: fragment.padding, margin: shapeMargins, containingWidth: cw }, ctx);
  const letter = box.kind === 'block' && box.initialLetter !== undefined ? { initialLetter: true as const } : {};
  const placedFloat = { side, left: at.x, right: at.x + width, top: at.y, bottom: at.y + height, ...letter };
  const dx = fragment.x - laid.fragment.x;
  const shift = (p: PendingPositioned): PendingPositioned => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx, staticY: p.staticY + fragment.y - laid.fragment.y });
  return {
    fragment,
    marginBox: { x: at.x, y: at.y, width, height },
    exclusions: addFloat(request.exclusions, area === undefined ? placedFloat : { ...placedFloat, area }),
    positioned: laid.positioned.map(shift),
    pageContent: laid.pageContent.map((c) => ({ ...c, ...shift(c) })),
    breakToken: laid.breakToken,
  };
}

/**
 * The float as laid out whole when its border box ends on the page (a margin past the end is
 * truncated); else split at the page end. Nothing of
 * it fits, or it cannot break (an image, a fixed height): it moves to the next page, unless
 * nothing is on this page yet (or it already continues from an earlier one) and it overflows.
 */
function fitToPage(
  whole: LayoutOutput, top: number, request: FloatRequest, continued: boolean,
  lay: (fragmentainer: Fragmentainer | undefined) => ReturnType<typeof layoutBox>,
): LayoutOutput | undefined {
  const page = request.fragmentainer;
  if (page === undefined || top + whole.fragment.y + whole.fragment.height <= page.bottom + 0.01) return whole;
  const mustFit = page.atTop || continued;
  if (top >= page.bottom - 0.01) return mustFit ? whole : undefined;
  const split = lay({ bottom: page.bottom - top, atTop: mustFit, discardTopMargins: false });
  if (split.kind === 'placed' && (split.breakToken !== undefined || top + split.fragment.y + split.fragment.height <= page.bottom + 0.01)) return split;
  return mustFit ? whole : undefined;
}
