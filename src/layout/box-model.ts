/**
 * Used values of the box model: borders, padding, margins and widths/heights
 * (CSS2 §10.3.3, §10.6.3, §10.4, §10.7; CSS Box Sizing 3 `box-sizing`).
 */
import type { ComputedStyle, LegacyAlign, LengthPercentageAuto, MaxSize, Size, SizeKeyword } from '../css/types.js';
import { resolveLength } from '../css/values/length.js';
import type { Sides } from '../geometry/types.js';

export function usedBorder(style: ComputedStyle): Sides {
  return sides(style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth);
}

/** Padding percentages refer to the containing block's width, on every side (CSS2 §8.4). */
export function usedPadding(style: ComputedStyle, containingWidth: number): Sides {
  return sides(
    Math.max(0, layoutUnit(resolveLength(style.paddingTop, containingWidth))),
    Math.max(0, layoutUnit(resolveLength(style.paddingRight, containingWidth))),
    Math.max(0, layoutUnit(resolveLength(style.paddingBottom, containingWidth))),
    Math.max(0, layoutUnit(resolveLength(style.paddingLeft, containingWidth))),
  );
}

/** Blink's LayoutUnit: lengths are held in 1/64 px, truncated toward zero from a float. */
export function layoutUnit(px: number): number {
  return Math.trunc(Math.fround(px) * 64) / 64;
}

/**
 * Four zero sides, shared: most boxes have neither border nor padding, and every fragment keeps
 * both (a page of 5,000 ruby pairs held 70,000 such records). Not frozen, so that it has the
 * hidden class of the other records read beside it.
 */
const NO_SIDES: Sides = { top: 0, right: 0, bottom: 0, left: 0 };

/** The horizontal (`x`) and vertical (`y`) sums of a box's used border and padding. */
export function boxEdges(style: ComputedStyle, containingWidth: number): { x: number; y: number } {
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  return { x: border.left + border.right + padding.left + padding.right, y: border.top + border.bottom + padding.top + padding.bottom };
}

function sides(top: number, right: number, bottom: number, left: number): Sides {
  return top === 0 && right === 0 && bottom === 0 && left === 0 ? NO_SIDES : { top, right, bottom, left };
}

/** A containing block's legacy alignment of its block-level children, if its `text-align` is one (`<center>`, `align`). */
export function legacyAlign(style: ComputedStyle): LegacyAlign | undefined {
  const align = style.textAlign;
  return align === '-webkit-center' || align === '-webkit-left' || align === '-webkit-right' ? align : undefined;
}

/** A margin with `auto` as 0 (vertical margins, inline boxes). */
export function marginOrZero(value: LengthPercentageAuto, containingWidth: number): number {
  return value === 'auto' ? 0 : layoutUnit(resolveLength(value, containingWidth));
}

/** `min-content`, `max-content`, `fit-content` or `stretch`: a size only layout can resolve (size-keywords.ts). */
/** A form control sized by its natural width (boxes/form-controls.ts): flex and grid stretch it as if its width were `auto`. */
export function hasNaturalWidth(box: { readonly kind: string; readonly naturalWidth?: true | undefined }): boolean {
  return box.kind === 'block' && box.naturalWidth === true;
}

export function isSizeKeyword(value: Size | MaxSize): value is SizeKeyword {
  return value === 'min-content' || value === 'max-content' || value === 'fit-content' || value === 'stretch';
}

/** A `height` that leaves the box its content height: `auto`, or an intrinsic keyword (CSS Sizing 3 §3.2: they are `auto` in the block axis). */
export function isAutoHeight(value: Size): boolean {
  return value === 'auto' || (isSizeKeyword(value) && value !== 'stretch');
}

/**
 * Resolves a size property; `auto`, a percentage against an indefinite basis, or a keyword that
 * needs the content (resolved before by the callers that honour it) gives undefined.
 */
export function resolveSize(value: Size, basis: number | undefined): number | undefined {
  if (value === 'auto' || isSizeKeyword(value)) return undefined;
  if (typeof value !== 'number' && basis === undefined) return undefined;
  // a percentage (or calc() of one) in LayoutUnits, as Blink resolves it: 39.1% of 130px is 50.828125
  return typeof value === 'number' ? value : layoutUnit(resolveLength(value, basis ?? 0));
}

export function resolveMaxSize(value: MaxSize, basis: number | undefined): number {
  if (value === 'none' || isSizeKeyword(value)) return Infinity;
  if (typeof value !== 'number' && basis === undefined) return Infinity;
  return resolveLength(value, basis ?? 0);
}

export function resolveMinSize(value: Size, basis: number | undefined): number {
  if (value === 'auto' || isSizeKeyword(value)) return 0;
  if (typeof value !== 'number' && basis === undefined) return 0;
  return resolveLength(value, basis ?? 0);
}

/**
 * The border-box height `stretch` fills (CSS Sizing 4 §3.1): a definite containing block height
 * less the box's vertical margins; undefined when the containing block's height is not definite.
 */
export function stretchFillHeight(style: ComputedStyle, containingHeight: number | undefined, containingWidth: number): number | undefined {
  if (containingHeight === undefined) return undefined;
  return Math.max(0, containingHeight - marginOrZero(style.marginTop, containingWidth) - marginOrZero(style.marginBottom, containingWidth));
}

/**
 * The style with `min-height: stretch` / `max-height: stretch` as the lengths they stand for (in
 * the box's `box-sizing`), or as `auto` / `none` when the containing block's height is not
 * definite (CSS Sizing 4 §3.1), so that every layout clamps its height with them as with lengths.
 */
export function withStretchedHeightLimits(style: ComputedStyle, containingHeight: number | undefined, containingWidth: number): ComputedStyle {
  if (style.minHeight !== 'stretch' && style.maxHeight !== 'stretch') return style;
  const fill = stretchFillHeight(style, containingHeight, containingWidth);
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const edges = border.top + border.bottom + padding.top + padding.bottom;
  const length = fill === undefined ? undefined : style.boxSizing === 'border-box' ? fill : Math.max(0, fill - edges);
  return {
    ...style,
    minHeight: style.minHeight !== 'stretch' ? style.minHeight : length ?? 'auto',
    maxHeight: style.maxHeight !== 'stretch' ? style.maxHeight : length ?? 'none',
  };
}

/** Converts a width/height given by the style to a content-box size (`box-sizing`). */
export function toContentSize(size: number, style: ComputedStyle, edges: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, size - edges) : size;
}

export interface HorizontalMetrics {
  readonly contentWidth: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly border: Sides;
  readonly padding: Sides;
}

/** What `containerMetrics` reads of its `LayoutInput` (contract.ts). */
export interface ContainerRoom {
  readonly containingWidth: number;
  readonly available: number | 'min-content' | 'max-content';
  readonly fixedWidth?: number | undefined;
  readonly containingDirection?: 'ltr' | 'rtl' | undefined;
  readonly containingAlign?: LegacyAlign | undefined;
}

/** A container's horizontal metrics and its border and padding sums (`edgesX`, `edgesY`). */
export interface ContainerMetrics {
  readonly h: HorizontalMetrics;
  readonly border: Sides;
  readonly padding: Sides;
  readonly edgesX: number;
  readonly edgesY: number;
}

/**
 * The used width, border and padding of a container laid out from `input` (flex, grid and
 * multi-column containers size themselves alike): a width fixed from outside is a border-box width.
 */
export function containerMetrics(style: ComputedStyle, input: ContainerRoom): ContainerMetrics {
  const cw = input.containingWidth;
  const border = usedBorder(style);
  const padding = usedPadding(style, cw);
  const edgesX = border.left + border.right + padding.left + padding.right;
  const edgesY = border.top + border.bottom + padding.top + padding.bottom;
  const available = typeof input.available === 'number' ? input.available : cw;
  const fixed = input.fixedWidth === undefined ? undefined : Math.max(0, input.fixedWidth - edgesX);
  const h = blockHorizontalMetrics(style, { containingWidth: cw, available, direction: input.containingDirection, align: input.containingAlign }, fixed);
  return { h, border, padding, edgesX, edgesY };
}

/** Where a block-level box's width is solved: its containing block, the room it fills, the direction and legacy alignment that settle it. */
export interface HorizontalRoom {
  readonly containingWidth: number;
  /** The room an auto width fills (default: the containing block). */
  readonly available?: number | undefined;
  /** The containing block's direction (default: the box's own). */
  readonly direction?: 'ltr' | 'rtl' | undefined;
  readonly align?: LegacyAlign | undefined;
}

interface HorizontalFrame {
  readonly containingWidth: number;
  readonly available: number;
  readonly direction: 'ltr' | 'rtl';
  readonly align: LegacyAlign | undefined;
  readonly border: Sides;
  readonly padding: Sides;
}

/**
 * Width and horizontal margins of a block-level box in normal flow (CSS2 §10.3.3), with
 * min/max-width (§10.4). `fixedContentWidth` is given for boxes sized from outside (shrink-to-fit
 * boxes, replaced elements, cells, flex items); `available` is the room the box fills when its
 * width is auto (the containing block, or the part of it that floats leave free, CSS2 §9.5).
 * `align`: the containing block's legacy alignment, which places an over-constrained box.
 */
export function blockHorizontalMetrics(style: ComputedStyle, room: HorizontalRoom, fixedContentWidth?: number): HorizontalMetrics {
  const containingWidth = room.containingWidth;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const edges = border.left + border.right + padding.left + padding.right;
  const specified = fixedContentWidth ?? contentWidthFrom(style.width, style, containingWidth, edges);
  const frame: HorizontalFrame = {
    containingWidth, available: room.available ?? containingWidth, direction: room.direction ?? style.direction, align: room.align, border, padding,
  };
  const solve = (width: number | undefined): HorizontalMetrics => solveHorizontal(style, frame, width);
  if (fixedContentWidth !== undefined) return solve(fixedContentWidth);
  const minWidth = toContentSize(resolveMinSize(style.minWidth, containingWidth), style, edges);
  const maxWidth = toContentSize(resolveMaxSize(style.maxWidth, containingWidth), style, edges);

  let metrics = solve(specified);
  if (metrics.contentWidth > maxWidth) metrics = solve(maxWidth);
  if (metrics.contentWidth < minWidth) metrics = solve(minWidth);
  return metrics;
}

function contentWidthFrom(width: Size, style: ComputedStyle, containingWidth: number, edges: number): number | undefined {
  const size = resolveSize(width, containingWidth);
  return size === undefined ? undefined : toContentSize(size, style, edges);
}

function solveHorizontal(style: ComputedStyle, frame: HorizontalFrame, width: number | undefined): HorizontalMetrics {
  const { direction, align, containingWidth: cw, available, border, padding } = frame;
  const edges = border.left + border.right + padding.left + padding.right;
  const leftAuto = style.marginLeft === 'auto';
  const rightAuto = style.marginRight === 'auto';
  let marginLeft = marginOrZero(style.marginLeft, cw);
  let marginRight = marginOrZero(style.marginRight, cw);
  if (width === undefined) {
    return { contentWidth: Math.max(0, available - edges - marginLeft - marginRight), marginLeft, marginRight, border, padding };
  }
  const free = available - edges - width;
  if (leftAuto && rightAuto) {
    marginLeft = Math.max(0, free / 2);
    marginRight = free - marginLeft;
  } else if (leftAuto) {
    marginLeft = free - marginRight;
  } else if (rightAuto) {
    marginRight = free - marginLeft;
  } else if (align !== undefined && free > marginLeft + marginRight) {
    // over-constrained with room to spare: the legacy alignment places the box (HTML §15.3.3)
    const extra = free - marginLeft - marginRight;
    const share = align === '-webkit-center' ? extra / 2 : align === '-webkit-right' ? extra : 0;
    marginLeft += share;
    marginRight += extra - share;
  } else if (direction === 'rtl') {
    marginLeft = free - marginRight; // over-constrained: the containing block's start margin wins
  } else {
    marginRight = free - marginLeft;
  }
  return { contentWidth: width, marginLeft, marginRight, border, padding };
}

/** `style` with an auto `height` and a border-box `min-height` of `height` px (contract.ts `stretchedHeight`). */
export function withMinimumBorderBoxHeight(style: ComputedStyle, height: number, containingWidth: number): ComputedStyle {
  return { ...style, height: 'auto', minHeight: Math.max(0, height - sizedEdgesY(style, containingWidth)) };
}

/** `style` with a border-box `height` of `height` px that no min or max changes (contract.ts `flexedHeight`). */
export function withBorderBoxHeight(style: ComputedStyle, height: number, containingWidth: number): ComputedStyle {
  return { ...style, height: Math.max(0, height - sizedEdgesY(style, containingWidth)), minHeight: 0, maxHeight: 'none' };
}

/** The vertical border and padding that a `height` of `style` leaves out (none with `box-sizing: border-box`). */
function sizedEdgesY(style: ComputedStyle, containingWidth: number): number {
  if (style.boxSizing === 'border-box') return 0;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  return border.top + border.bottom + padding.top + padding.bottom;
}

/**
 * Used content height from `height`, `min-height`, `max-height` (CSS2 §10.6.3, §10.7).
 * `contentHeight`, when the caller knows it, is what the intrinsic keywords of min-height and
 * max-height stand for (CSS Sizing 3 §3.2: a block's min- and max-content heights are its content height).
 */
export function clampHeight(style: ComputedStyle, autoHeight: number, containingHeight: number | undefined, edges: number, contentHeight?: number): number {
  const specified = resolveSize(style.height, containingHeight);
  let height = specified === undefined ? autoHeight : toContentSize(specified, style, edges);
  const byContent = (value: Size | MaxSize): number | undefined => (contentHeight !== undefined && isSizeKeyword(value) && value !== 'stretch' ? contentHeight : undefined);
  const max = resolveMaxSize(style.maxHeight, containingHeight);
  height = Math.min(height, byContent(style.maxHeight) ?? (max === Infinity ? Infinity : toContentSize(max, style, edges)));
  const min = byContent(style.minHeight) ?? toContentSize(resolveMinSize(style.minHeight, containingHeight), style, edges);
  if (min > 0) height = Math.max(height, min);
  return height;
}

/** The box's definite content height, if `height` gives one (for children's percentages). */
export function definiteContentHeight(style: ComputedStyle, containingHeight: number | undefined, edges: number): number | undefined {
  const specified = resolveSize(style.height, containingHeight);
  return specified === undefined ? undefined : toContentSize(specified, style, edges);
}

/** The offset `position: relative` gives a box (CSS2 §9.4.3): `left` wins over `right` in ltr, `top` over `bottom`. */
export function relativeOffset(style: ComputedStyle, containingWidth: number, containingHeight: number | undefined, direction = style.direction): { dx: number; dy: number } {
  if (style.position !== 'relative') return { dx: 0, dy: 0 };
  const left = resolveSize(style.left, containingWidth);
  const right = resolveSize(style.right, containingWidth);
  const top = resolveSize(style.top, containingHeight);
  const bottom = resolveSize(style.bottom, containingHeight);
  const fromLeft = left !== undefined ? left : right !== undefined ? -right : 0;
  const dx = direction === 'rtl' && right !== undefined ? -right : fromLeft;
  const dy = top !== undefined ? top : bottom !== undefined ? -bottom : 0;
  return { dx, dy };
}
