/**
 * Atomic inlines (CSS2 §10.3.9, §10.6.6, §10.8.1): inline-blocks (and inline flex, grid and
 * table boxes) sized shrink-to-fit and laid out as their own formatting context, and inline
 * images. Laid out with the margin box at the origin; the line box moves the fragment into place.
 */
import type { BlockBox, LayoutBox } from '../../boxes/types.js';
import { rubyBaseGaps } from './ruby-text.js';
import type { LayoutContext, PendingPositioned } from '../contract.js';
import type { AtomicLayout } from '../inline/pieces.js';
import { marginOrZero } from '../box-model.js';
import { replacedSize, widthFollowsPercentHeight } from '../replaced.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { replacedFragment } from './replaced.js';
import { layoutBox } from '../contract.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import { relativeOffset } from '../box-model.js';
import { combinedUpright, isTateChuYoko } from './tate-chu-yoko.js';

/** `containingHeight`: the line's containing block's, when definite (a percentage height is of it). */
export function layoutAtomicInline(box: LayoutBox, containingWidth: number, containingHeight: number | undefined, ctx: LayoutContext): AtomicLayout {
  const marginLeft = marginOrZero(box.style.marginLeft, containingWidth);
  const marginRight = marginOrZero(box.style.marginRight, containingWidth);
  const marginTop = marginOrZero(box.style.marginTop, containingWidth);
  const marginBottom = marginOrZero(box.style.marginBottom, containingWidth);
  if (box.kind === 'replaced') {
    const image = ctx.images.get(box.src);
    const size = replacedSize(box, image, { width: containingWidth, height: containingHeight }, ctx.text);
    const fragment = replacedFragment(box, marginLeft, marginTop, size, ctx);
    const height = fragment.height + marginTop + marginBottom;
    const width = fragment.width + marginLeft + marginRight;
    // An image's baseline is its bottom margin edge. One whose auto width follows a percentage
    // height of a definite line height contributes the width it is drawn at (a logo at
    // `height: 100%` in a 60px cell sizes its column by its 60px-tall width, as Chromium).
    const drawn = containingHeight !== undefined && widthFollowsPercentHeight(box.style);
    return { fragment, width, height, baseline: height, contributions: drawn ? { minContent: width, maxContent: width } : outerIntrinsicSizes(box, ctx) };
  }
  const laid = layoutBox(box, {
    mode: 'layout', available: containingWidth, containingWidth, containingHeight,
    // an inline table sizes itself: its percentage width is of the line's containing block
    fixedWidth: box.kind === 'table-wrapper' ? undefined : shrinkToFitWidth(box, containingWidth, ctx, containingWidth, containingHeight),
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('an inline-block cannot be pushed');
  // A right-to-left block gives its free room to the left margin: bring the margin box to x = 0
  // (a relative offset stays).
  const x = marginLeft + relativeOffset(box.style, containingWidth, undefined).dx;
  const fragment = laid.fragment.x === x ? laid.fragment : offsetFragment(laid.fragment, x - laid.fragment.x, 0);
  if (isTateChuYoko(box)) return combinedUpright(box, fragment, { top: marginTop, right: marginRight, bottom: marginBottom, left: marginLeft }, ctx);
  const height = fragment.height + marginTop + marginBottom;
  // CSS Inline 3 §4.3 (and Chromium): an inline-flex, -grid or -table aligns by its first baseline,
  // an inline-block by its last (a scroll container child's bottom margin edge, Chromium's), or by
  // its bottom margin edge when it clips its overflow
  const aligned = firstBaselineAligned(box) ? laid.baselines.first
    : box.style.overflowY === 'visible' && !(box.kind === 'block' && box.baselineAtMarginEdge === true) ? laid.baselines.inlineBlockLast ?? laid.baselines.last : undefined;
  // Positioned descendants with a containing block above it are placed by that block (CSS2 §10.1).
  const dx = fragment.x - laid.fragment.x;
  const shift = <P extends PendingPositioned>(p: P): P => ({ ...p, staticX: p.staticX + dx, staticRight: p.staticRight + dx });
  const escaping = laid.positioned.length > 0 || laid.pageContent.length > 0
    ? { positioned: laid.positioned.map(shift), pageContent: laid.pageContent.map(shift) }
    : undefined;
  const overhang = box.kind === 'block' && box.ruby !== undefined ? rubyOverhang(box, fragment.width, ctx) : NO_OVERHANG;
  return {
    fragment: overhang.start === 0 ? fragment : offsetFragment(fragment, -overhang.start, 0),
    width: fragment.width + marginLeft + marginRight - overhang.start - overhang.end,
    height,
    baseline: aligned === undefined ? height : marginTop + aligned,
    contributions: outerIntrinsicSizes(box, ctx),
    ...(escaping !== undefined ? { escaping } : {}),
    ...(overhang.start > 0 ? { overhangStart: overhang.start } : {}),
  };
}

const NO_OVERHANG = { start: 0, end: 0 };

function firstBaselineAligned(box: LayoutBox): boolean {
  return box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table-wrapper';
}

/**
 * How far a ruby annotation wider than its base overhangs the text beside the pair: the room the
 * base leaves on that side (as `ruby-align` sets it: half the difference when centred, none where
 * `space-between` spreads it to the edge), at most half the annotation's font size, on each side
 * that may (boxes/ruby.ts), as Chromium 156 sets it ("Text <ruby>base<rt>annotation text</rt></ruby>"
 * overhangs "Text " by 5px).
 */
function rubyOverhang(box: BlockBox, width: number, ctx: LayoutContext): { start: number; end: number } {
  const ruby = box.ruby!;
  if (!box.inlineContent || (!ruby.overhangStart && !ruby.overhangEnd)) return NO_OVERHANG;
  const gaps = rubyBaseGaps(box, width, ctx);
  const most = ruby.text.style.fontSize / 2;
  return { start: ruby.overhangStart ? Math.min(gaps.start, most) : 0, end: ruby.overhangEnd ? Math.min(gaps.end, most) : 0 };
}
