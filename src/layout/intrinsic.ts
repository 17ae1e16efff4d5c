/**
 * Intrinsic sizes (CSS Sizing 3 §5): the min-content and max-content widths of a box, asked
 * through `layoutBox` with `available: 'min-content' | 'max-content'`. A box's content sizes come
 * from the entry of its formatting context in the table (dispatch.ts, through `ctx.dispatch`) and
 * are kept in the render's caches; a box's contribution adds its fixed edges and applies its own
 * width/min-width/max-width (§5.2).
 */
import type { BlockLevelBox, LayoutBox, OutOfFlowBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment } from './types.js';
import type { IntrinsicSizes, LayoutContext, LayoutInput, LayoutOutput } from './contract.js';
import { cacheKey } from './contract.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';
import { boxEdges, usedBorder } from './box-model.js';
import { ratioOf, widthForHeight } from './aspect-ratio.js';
import { replacedEdges, replacedSize, widthFollowsPercentHeight } from './replaced.js';
import { boxFragment } from './fragment-records.js';

/** Content-box sizes of the boxes measured in this render (by box identity). */
const CONTENT_SIZES = cacheKey('intrinsic sizes', () => new WeakMap<LayoutBox, IntrinsicSizes>());

/** Content-box min-/max-content widths of a box's contents. */
export function contentIntrinsicSizes(box: LayoutBox, ctx: LayoutContext): IntrinsicSizes {
  const cache = ctx.caches.of(CONTENT_SIZES);
  const cached = cache.get(box);
  if (cached !== undefined) return cached;
  const sizes = contentSizesOf(box, ctx, true);
  cache.set(box, sizes);
  return sizes;
}

/** Content sizes of boxes measured at a containing height, with that height (one per box: a flex layout asks again at the same). */
const CONTENT_SIZES_AT_HEIGHT = cacheKey('intrinsic sizes at a height', () => new WeakMap<LayoutBox, { readonly height: number; readonly sizes: IntrinsicSizes }>());

/**
 * Content sizes of a box whose content height is known before its width (a flex item stretched
 * to a line of definite height): its lines' images at percentage heights count at the width they
 * are drawn at, as Chromium sizes such items (a logo at `height: 100%` in a 60px header); an
 * image's own width follows its ratio (a grid item stretched in a row of fixed size).
 */
export function contentIntrinsicSizesAtHeight(box: LayoutBox, ctx: LayoutContext, height: number | undefined): IntrinsicSizes {
  const follows = box.kind === 'replaced' || (box.kind === 'block' && box.inlineContent);
  if (height === undefined || !follows || box.style.contain.size || box.style.contain.inlineSize) return contentIntrinsicSizes(box, ctx);
  const cache = ctx.caches.of(CONTENT_SIZES_AT_HEIGHT);
  const cached = cache.get(box);
  if (cached?.height === height) return cached.sizes;
  const sizes = ctx.dispatch.contentSizes(box, ctx, true, height);
  cache.set(box, { height, sizes });
  return sizes;
}

/**
 * Content sizes for a caller that asks once and keeps the numbers itself (a table's columns):
 * neither the sizes nor the box's measured inline content are cached, so that a long table does
 * not hold every cell's shaped text from the column measurement until its row is laid out.
 */
export function contentSizesOnce(box: LayoutBox, ctx: LayoutContext): IntrinsicSizes {
  return ctx.caches.of(CONTENT_SIZES).get(box) ?? contentSizesOf(box, ctx, false);
}

function contentSizesOf(box: LayoutBox, ctx: LayoutContext, keep: boolean): IntrinsicSizes {
  // Size containment sizes the box as if it were empty, or by its contain-intrinsic-width (CSS Containment 2 §3.1-§3.3).
  if (box.style.contain.size || box.style.contain.inlineSize) {
    const width = box.style.containIntrinsicWidth === 'none' ? 0 : box.style.containIntrinsicWidth;
    return { minContent: width, maxContent: width };
  }
  const sizes = ctx.dispatch.contentSizes(box, ctx, keep);
  if (box.kind !== 'block' || box.wholePixelWidths !== true) return sizes;
  // the epsilon keeps float noise (25.000001) from adding a pixel
  return { minContent: Math.ceil(sizes.minContent - 1e-6), maxContent: Math.ceil(sizes.maxContent - 1e-6) };
}

/** A float's outer contribution (for inline content that holds its placeholder). */
export function anchorIntrinsicSizes(anchor: OutOfFlowBox, ctx: LayoutContext): IntrinsicSizes {
  return anchor.scheme === 'float' ? outerIntrinsicSizes(anchor.box, ctx) : { minContent: 0, maxContent: 0 };
}

/**
 * Margin-box contributions (CSS Sizing 3 §5.2): fixed sizes win over content; min/max-width apply.
 * `contentHeight`: the box's content height when definite before its width (`contentIntrinsicSizesAtHeight`).
 */
export function outerIntrinsicSizes(box: BlockLevelBox, ctx: LayoutContext, contentHeight?: number): IntrinsicSizes {
  if (box.kind === 'out-of-flow') return { minContent: 0, maxContent: 0 };
  const style = box.style;
  const edges = fixedEdges(style);
  const margins = fixedMargins(style);
  if (typeof style.width === 'number' && box.kind !== 'replaced') {
    const width = clampWidth(style, style.boxSizing === 'border-box' ? Math.max(0, style.width - edges) : style.width, edges, () => contentIntrinsicSizesAtHeight(box, ctx, contentHeight), 'minContent') + edges + margins;
    return { minContent: width, maxContent: width };
  }
  const inner = contentIntrinsicSizesAtHeight(box, ctx, contentHeight);
  // `width: min-content | max-content` gives both contributions that size (CSS Sizing 3 §5.2)
  const content = (which: keyof IntrinsicSizes): number => (style.width === 'min-content' || style.width === 'max-content' ? inner[keywordSize(style.width)] : inner[which]);
  const outer = (which: keyof IntrinsicSizes): number => clampWidth(style, content(which), edges, () => inner, which) + edges + margins;
  return { minContent: outer('minContent'), maxContent: outer('maxContent') };
}

function keywordSize(keyword: 'min-content' | 'max-content'): keyof IntrinsicSizes {
  return keyword === 'min-content' ? 'minContent' : 'maxContent';
}

/**
 * A content width held within min-width and max-width, for the `which` contribution: lengths,
 * and intrinsic keywords as the content's sizes (`fit-content` as the contribution's own size;
 * `stretch` and percentages have no size here).
 */
function clampWidth(style: ComputedStyle, content: number, edges: number, inner: () => IntrinsicSizes, which: keyof IntrinsicSizes): number {
  const toContent = (size: number): number => (style.boxSizing === 'border-box' ? Math.max(0, size - edges) : size);
  const limit = (value: ComputedStyle['minWidth'] | ComputedStyle['maxWidth']): number | undefined => {
    if (typeof value === 'number') return toContent(value);
    if (value === 'min-content' || value === 'max-content') return inner()[keywordSize(value)];
    return value === 'fit-content' ? inner()[which] : undefined;
  };
  let width = content;
  const max = limit(style.maxWidth);
  if (max !== undefined) width = Math.min(width, max);
  const min = limit(style.minWidth);
  if (min !== undefined) width = Math.max(width, min);
  return width;
}

function fixedMargins(style: ComputedStyle): number {
  return (typeof style.marginLeft === 'number' ? style.marginLeft : 0) + (typeof style.marginRight === 'number' ? style.marginRight : 0);
}

function fixedEdges(style: ComputedStyle): number {
  const padding = (typeof style.paddingLeft === 'number' ? style.paddingLeft : 0) + (typeof style.paddingRight === 'number' ? style.paddingRight : 0);
  return style.borderLeftWidth + style.borderRightWidth + padding;
}

/**
 * The measuring run of `layoutBox`: the box's border-box width at min-content or max-content
 * (min/max-width applied), as an empty fragment; nothing fragments or escapes.
 */
export function measureIntrinsic(box: LayoutBox, input: LayoutInput, constraint: 'min-content' | 'max-content', ctx: LayoutContext): LayoutOutput {
  const width = sizedFromOutside(box, input, ctx) ?? contribution(box, input, constraint, ctx);
  const border = usedBorder(box.style);
  const fragment: BoxFragment = boxFragment({
    box, style: box.style, x: input.x, y: input.y, width, height: 0,
    border, padding: { top: 0, right: 0, bottom: 0, left: 0 }, children: [], continuedBefore: false, continuedAfter: false,
  });
  return {
    kind: 'placed', fragment, endY: input.y, strut: EMPTY_STRUT, resolvedAt: undefined,
    baselines: { first: undefined, last: undefined }, breakToken: undefined, forcedBreakAfter: undefined,
    exclusions: NO_EXCLUSIONS, positioned: [], pageContent: [],
  };
}

/**
 * The box's border-box contribution at `constraint`; a definite border-box height given from
 * outside (a grid item stretched in fixed rows) is its content's height for its lines' images.
 */
function contribution(box: LayoutBox, input: LayoutInput, constraint: 'min-content' | 'max-content', ctx: LayoutContext): number {
  const fixedHeight = input.fixedHeightIndefinite === true ? undefined : input.fixedHeight;
  const contentHeight = fixedHeight === undefined ? undefined : Math.max(0, fixedHeight - boxEdges(box.style, input.containingWidth).y);
  const outer = outerIntrinsicSizes(box, ctx, contentHeight);
  return (constraint === 'min-content' ? outer.minContent : outer.maxContent) - fixedMargins(box.style);
}

/**
 * The border-box width a height from outside gives, whatever the constraint, else undefined: a
 * box with an `aspect-ratio` and an auto width whose height is fixed (a grid item's area height)
 * takes its ratio's (CSS Sizing 4 §5.1), as Chromium sizes a 16/9 card's column once its row is
 * known; an image of auto width at a percentage height (or max-/min-height) of the definite
 * containing height it is measured in (a grid row of fixed size) is as wide as it is drawn.
 */
function sizedFromOutside(box: LayoutBox, input: LayoutInput, ctx: LayoutContext): number | undefined {
  const style = box.style;
  if (box.kind === 'replaced') {
    if (input.containingHeight === undefined || !widthFollowsPercentHeight(style)) return undefined;
    const size = replacedSize(box, ctx.images.get(box.src), { width: undefined, height: input.containingHeight }, ctx.text, true);
    return size.width + replacedEdges(size).x;
  }
  const ratio = ratioOf(style);
  if (ratio === undefined || style.width !== 'auto' || input.fixedHeight === undefined || input.fixedHeightIndefinite === true) return undefined;
  return widthForHeight(style, ratio, input.fixedHeight, boxEdges(style, input.containingWidth));
}
