/**
 * Preferred aspect ratios of non-replaced boxes (CSS Sizing 4 §5.1-5.2): the ratio holds between
 * the boxes `box-sizing` names, so a size given on one axis gives the automatic size on the other,
 * and min/max constraints transfer across.
 */
import type { ComputedStyle } from '../css/types.js';
import type { LayoutInput } from './contract.js';
import { isAutoHeight, marginOrZero, resolveMaxSize, resolveMinSize, resolveSize, usedBorder, usedPadding } from './box-model.js';

export interface Edges {
  /** Border + padding on each axis. */
  readonly x: number;
  readonly y: number;
}

/** The border-box height that goes with a border-box width. */
export function heightForWidth(style: ComputedStyle, ratio: number, borderBoxWidth: number, edges: Edges): number {
  return style.boxSizing === 'border-box' ? borderBoxWidth / ratio : Math.max(0, borderBoxWidth - edges.x) / ratio + edges.y;
}

/** The border-box width that goes with a border-box height. */
export function widthForHeight(style: ComputedStyle, ratio: number, borderBoxHeight: number, edges: Edges): number {
  return style.boxSizing === 'border-box' ? borderBoxHeight * ratio : Math.max(0, borderBoxHeight - edges.y) * ratio + edges.x;
}

/** The content height a container's auto height takes from its ratio and its border-box width, if it has a ratio. */
export function contentHeightFromRatio(style: ComputedStyle, borderBoxWidth: number, edges: Edges): number | undefined {
  const ratio = ratioOf(style);
  if (ratio === undefined || !isAutoHeight(style.height)) return undefined;
  return Math.max(0, heightForWidth(style, ratio, borderBoxWidth, edges) - edges.y);
}

/** The ratio a non-replaced box has, if any (`auto && <ratio>` is the ratio: such a box has no natural one). */
export function ratioOf(style: ComputedStyle): number | undefined {
  return style.aspectRatio === 'auto' ? undefined : style.aspectRatio.ratio;
}

type SizingInput = Pick<LayoutInput, 'available' | 'containingWidth' | 'containingHeight' | 'fixedWidth' | 'fixedHeight'>;

/** The border-box width a box's aspect ratio gives it under this input, if the input leaves its width auto. */
export function ratioWidth(style: ComputedStyle, input: SizingInput, edges: Edges): number | undefined {
  if (input.fixedWidth !== undefined) return input.fixedWidth;
  const cw = input.containingWidth;
  const available = typeof input.available === 'number' ? input.available : cw;
  const margins = marginOrZero(style.marginLeft, cw) + marginOrZero(style.marginRight, cw);
  return widthFromRatio(style, { available, containingWidth: cw, containingHeight: input.containingHeight, fixedHeight: input.fixedHeight, margins }, edges);
}

/** The input of a container (flex, grid, multicol) with the width its aspect ratio gives fixed. */
export function withRatioWidth<T extends SizingInput>(style: ComputedStyle, input: T): T {
  if (input.fixedWidth !== undefined || ratioOf(style) === undefined) return input;
  const border = usedBorder(style);
  const padding = usedPadding(style, input.containingWidth);
  const edges = { x: border.left + border.right + padding.left + padding.right, y: border.top + border.bottom + padding.top + padding.bottom };
  const fixedWidth = ratioWidth(style, input, edges);
  return fixedWidth === undefined ? input : { ...input, fixedWidth };
}

/** Where an automatic width is solved: the room it fills, the containing block's sizes, a height fixed from outside. */
export interface RatioRoom {
  readonly available: number;
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  readonly fixedHeight?: number | undefined;
  /** Horizontal margins, which the stretched width leaves out. */
  readonly margins: number;
}

/**
 * An auto width from the preferred aspect ratio (CSS Sizing 4 §5.2): from a definite height, or
 * the stretched width held within the limits that min-/max-height transfer to it (§5.2.1).
 * Undefined when the ratio leaves the width as the box's own layout would make it.
 */
export function widthFromRatio(style: ComputedStyle, room: RatioRoom, edges: Edges): number | undefined {
  const ratio = ratioOf(style);
  if (ratio === undefined || style.width !== 'auto') return undefined;
  const height = room.fixedHeight ?? borderBoxHeight(style, resolveSize(style.height, room.containingHeight), edges.y);
  if (height !== undefined) return clampWidth(style, widthForHeight(style, ratio, height, edges), room.containingWidth, edges);
  const stretched = room.available - room.margins;
  const width = withinTransferredLimits(style, ratio, stretched, room.containingHeight, edges);
  return width === stretched ? undefined : clampWidth(style, width, room.containingWidth, edges);
}

/**
 * An automatic border-box width (stretched or shrink-to-fit) of a box whose height is not definite:
 * held within what min-/max-height transfer through the ratio, then within min-/max-width, which
 * win over transferred limits (CSS Sizing 4 §5.2.1).
 */
export function clampWidthThroughRatio(style: ComputedStyle, width: number, containingWidth: number, containingHeight: number | undefined, edges: Edges): number {
  const ratio = ratioOf(style);
  if (ratio === undefined || style.width !== 'auto') return width;
  const limited = withinTransferredLimits(style, ratio, width, containingHeight, edges);
  return limited === width ? width : clampWidth(style, limited, containingWidth, edges);
}

function withinTransferredLimits(style: ComputedStyle, ratio: number, width: number, containingHeight: number | undefined, edges: Edges): number {
  const maxRaw = resolveMaxSize(style.maxHeight, containingHeight);
  const maxHeight = borderBoxHeight(style, maxRaw === Infinity ? undefined : maxRaw, edges.y);
  // A border box is never shorter than its border and padding, so with `box-sizing: border-box`
  // they transfer a minimum width too: a 10px-padded `aspect-ratio: 2` badge is at least 20px wide (Chromium 156).
  const minHeight = Math.max(borderBoxHeight(style, resolveMinSize(style.minHeight, containingHeight), edges.y) ?? 0, edges.y);
  let limited = width;
  if (maxHeight !== undefined) limited = Math.min(limited, widthForHeight(style, ratio, maxHeight, edges));
  return Math.max(limited, minHeight > 0 ? widthForHeight(style, ratio, minHeight, edges) : 0);
}

function clampWidth(style: ComputedStyle, width: number, containingWidth: number, edges: Edges): number {
  const max = resolveMaxSize(style.maxWidth, containingWidth);
  const min = resolveMinSize(style.minWidth, containingWidth);
  const toBorder = (size: number): number => (style.boxSizing === 'border-box' ? size : size + edges.x);
  return Math.max(Math.min(width, max === Infinity ? Infinity : toBorder(max)), toBorder(min));
}

function borderBoxHeight(style: ComputedStyle, size: number | undefined, edgesY: number): number | undefined {
  if (size === undefined) return undefined;
  return style.boxSizing === 'border-box' ? size : size + edgesY;
}
