/**
 * Sizes given by a box's content or its containing block (CSS Sizing 3 §3.2, §5; CSS Sizing 4
 * §3.1): `min-content`, `max-content`, `fit-content` and `stretch` in `width`, `min-width`,
 * `max-width`, and `stretch` in `height`. In the block axis the intrinsic keywords of `height`
 * behave as `auto` (a block's content height is its min- and max-content height), which
 * `resolveSize` already gives them; those of `min-height`/`max-height` are the content height
 * (box-model.ts `clampHeight`).
 *
 * The keywords are resolved here into the border-box sizes the contract already carries
 * (`fixedWidth`, `fixedHeight`), so that the formatting contexts lay the box out as if it had
 * been given a length.
 */
import type { LayoutBox } from '../boxes/types.js';
import type { ComputedStyle, SizeKeyword } from '../css/types.js';
import type { IntrinsicSizes, LayoutContext, LayoutInput } from './contract.js';
import { sizingStyle } from './contract.js';
import { isSizeKeyword, marginOrZero, resolveMaxSize, stretchFillHeight, resolveMinSize, resolveSize, toContentSize, usedBorder, usedPadding } from './box-model.js';
import { contentIntrinsicSizes } from './intrinsic.js';

/** The fit-content size (CSS Sizing 3 §3.2): max-content, shrunk to the room but never below min-content. */
export function fitContent(sizes: IntrinsicSizes, room: number): number {
  return Math.max(0, Math.min(Math.max(sizes.minContent, room), sizes.maxContent));
}

/** A keyword as a content-box width; `room` is the stretch-fit content width (the containing block less margins, borders, padding). */
function keywordContentWidth(keyword: SizeKeyword, box: LayoutBox, room: number, ctx: LayoutContext): number {
  if (keyword === 'stretch') return Math.max(0, room);
  const sizes = contentIntrinsicSizes(box, ctx);
  if (keyword === 'min-content') return sizes.minContent;
  if (keyword === 'max-content') return sizes.maxContent;
  return fitContent(sizes, room);
}

/** The horizontal edges (borders and padding) and margins (auto as 0) of a box in a containing block `containingWidth` wide. */
function horizontalEdges(style: ComputedStyle, containingWidth: number): { edges: number; margins: number } {
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  return {
    edges: border.left + border.right + padding.left + padding.right,
    margins: marginOrZero(style.marginLeft, containingWidth) + marginOrZero(style.marginRight, containingWidth),
  };
}

/**
 * The used border-box width from `width`, `min-width` and `max-width`, any of them a keyword.
 * `available` is the room the margin box may take; an `auto` width takes `autoWidth(room)`
 * (the content width it gets from its formatting context: the stretch-fit width in block flow,
 * fit-content for shrink-to-fit boxes).
 */
export function usedBorderBoxWidth(
  box: LayoutBox, containingWidth: number, available: number, ctx: LayoutContext, autoWidth: (room: number) => number,
): number {
  const style = box.style;
  const { edges, margins } = horizontalEdges(style, containingWidth);
  const room = available - margins - edges;
  const contentWidth = (value: ComputedStyle['width']): number | undefined => {
    if (isSizeKeyword(value)) return keywordContentWidth(value, box, room, ctx);
    const size = resolveSize(value, containingWidth);
    return size === undefined ? undefined : toContentSize(size, style, edges);
  };
  const width = contentWidth(style.width) ?? autoWidth(room);
  const max = isSizeKeyword(style.maxWidth) ? keywordContentWidth(style.maxWidth, box, room, ctx) : toContentSize(resolveMaxSize(style.maxWidth, containingWidth), style, edges);
  const min = contentWidth(style.minWidth) ?? toContentSize(resolveMinSize(style.minWidth, containingWidth), style, edges);
  return Math.max(Math.min(width, max), min) + edges;
}

/**
 * A width keyword as a border-box width, for a box whose parent sizes it (a flex item);
 * `containingWidth` is undefined while the parent is measured, where `stretch` and `fit-content`
 * have no room to fill and act as `auto` (undefined).
 */
export function keywordBorderBoxWidth(keyword: SizeKeyword, box: LayoutBox, containingWidth: number | undefined, ctx: LayoutContext): number | undefined {
  if (containingWidth === undefined && (keyword === 'stretch' || keyword === 'fit-content')) return undefined;
  const { edges, margins } = horizontalEdges(box.style, containingWidth ?? 0);
  return keywordContentWidth(keyword, box, (containingWidth ?? 0) - margins - edges, ctx) + edges;
}

/** Whether any width property is a keyword (the box's width is then resolved here). */
export function hasWidthKeyword(style: ComputedStyle): boolean {
  return isSizeKeyword(style.width) || isSizeKeyword(style.minWidth) || isSizeKeyword(style.maxWidth);
}

/**
 * The input of a box laid out in flow whose width or height is a keyword: the keyword resolved
 * into `fixedWidth` / `fixedHeight` (unless its parent sized it already). An `auto` width still
 * fills the line; `height: stretch` fills a definite containing block height less the margins.
 * Replaced boxes (replaced.ts) and tables (table/geometry.ts) size themselves from their own sizes.
 */
export function withKeywordSizes(box: LayoutBox, input: LayoutInput, ctx: LayoutContext): LayoutInput {
  if (box.kind === 'replaced' || box.kind === 'table-wrapper' || typeof input.available !== 'number') return input;
  const style = sizingStyle(box, input);
  const width = input.fixedWidth === undefined && hasWidthKeyword(style)
    ? usedBorderBoxWidth(box, input.containingWidth, input.available, ctx, (room) => Math.max(0, room))
    : input.fixedWidth;
  const height = input.fixedHeight === undefined ? stretchedHeight(style, input.containingHeight, input.containingWidth) : input.fixedHeight;
  if (width === input.fixedWidth && height === input.fixedHeight) return input;
  return { ...input, fixedWidth: width, fixedHeight: height };
}

/** `height: stretch` as a border-box height: a definite containing block height less the vertical margins (min/max-height applied). */
export function stretchedHeight(style: ComputedStyle, containingHeight: number | undefined, containingWidth: number): number | undefined {
  const fill = style.height === 'stretch' ? stretchFillHeight(style, containingHeight, containingWidth) : undefined;
  if (fill === undefined) return undefined;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const edges = border.top + border.bottom + padding.top + padding.bottom;
  const content = Math.max(0, fill - edges);
  const max = toContentSize(resolveMaxSize(style.maxHeight, containingHeight), style, edges);
  const min = toContentSize(resolveMinSize(style.minHeight, containingHeight), style, edges);
  return Math.max(Math.min(content, max), min) + edges;
}
