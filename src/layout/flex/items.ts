/**
 * Flex items (CSS Flexbox 1 §4, §5.4, §9.1): the in-flow children in `order`, each with its
 * margins, border and padding and its min/max sizes on both axes as border-box sizes. A float
 * inside a flex container is an ordinary item (floats do not apply to items, §4); absolutely
 * positioned children are not items (§4.1).
 */
import type { FlexBox, LayoutBox, OutOfFlowBox } from '../../boxes/types.js';
import type { ComputedStyle, LengthPercentageAuto, MaxSize, Size } from '../../css/types.js';
import type { LayoutContext } from '../contract.js';
import { isSizeKeyword, marginOrZero, resolveMaxSize, resolveMinSize, resolveSize, usedBorder, usedPadding, withStretchedHeightLimits } from '../box-model.js';
import { keywordBorderBoxWidth, stretchedHeight } from '../size-keywords.js';
import type { FlexAxes } from './axes.js';


/** One axis of an item, border-box sizes; `min` undefined while `min-*: auto` is not resolved (§4.5). */
export interface ItemAxis {
  readonly edges: number;
  readonly size: number | undefined;
  readonly min: number | undefined;
  readonly max: number;
  readonly marginStart: number;
  readonly marginEnd: number;
  readonly autoStart: boolean;
  readonly autoEnd: boolean;
}

export interface FlexItem {
  /** The box laid out (a flex item establishes a formatting context for its contents, §3: `formattingContextRoot` of its runs). */
  readonly box: LayoutBox;
  /** Position in `order`-modified document order (the index break tokens use). */
  readonly index: number;
  readonly style: ComputedStyle;
  readonly main: ItemAxis;
  readonly cross: ItemAxis;
}

type CollectedItems = { readonly boxes: readonly LayoutBox[]; readonly positioned: readonly OutOfFlowBox[] };

/** Each container's items, collected once: a container split over pages is laid out once per page (a column of 200,000 items sorted them on each of its 1,000 pages). */
const COLLECTED = new WeakMap<FlexBox, CollectedItems>();

/** The items of a container, sorted by `order` (stable, §5.4), and its absolutely positioned children. */
export function collectItems(container: FlexBox): CollectedItems {
  let collected = COLLECTED.get(container);
  if (collected === undefined) {
    collected = collectItemsOf(container);
    COLLECTED.set(container, collected);
  }
  return collected;
}

function collectItemsOf(container: FlexBox): CollectedItems {
  const boxes: { box: LayoutBox; order: number; at: number }[] = [];
  const positioned: OutOfFlowBox[] = [];
  container.children.forEach((child, at) => {
    if (child.kind === 'out-of-flow') {
      if (child.scheme !== 'float') positioned.push(child);
      else if (child.box.kind !== 'out-of-flow') boxes.push({ box: child.box, order: child.box.style.order, at });
      return;
    }
    boxes.push({ box: child, order: child.style.order, at });
  });
  boxes.sort((a, b) => a.order - b.order || a.at - b.at);
  return { boxes: boxes.map((b) => b.box), positioned };
}

/** Sizes are border-box sizes here: `box-sizing: content-box` adds the edges. */
function toBorderBox(style: ComputedStyle, size: number, edges: number): number {
  return style.boxSizing === 'border-box' ? Math.max(size, edges) : size + edges;
}

/** Border-box sizes that layout resolved from keywords (CSS Sizing 3 §3.2), which win over the style's. */
interface ResolvedSizes {
  readonly size?: number | undefined;
  readonly min?: number | undefined;
  readonly max?: number | undefined;
}

/** One axis' properties: its sizes (and those resolved already), the basis of their percentages, border + padding and margins. */
interface AxisSpec {
  readonly sizes: { readonly size: Size; readonly min: Size; readonly max: MaxSize };
  readonly resolved: ResolvedSizes;
  readonly basis: number | undefined;
  readonly edges: number;
  readonly margins: readonly [LengthPercentageAuto, LengthPercentageAuto];
}

function axisOf(style: ComputedStyle, spec: AxisSpec, containingWidth: number): ItemAxis {
  const { sizes, resolved, basis, edges, margins } = spec;
  const size = resolveSize(sizes.size, basis);
  const max = resolveMaxSize(sizes.max, basis);
  return {
    edges,
    size: resolved.size ?? (size === undefined ? undefined : toBorderBox(style, size, edges)),
    min: resolved.min ?? (sizes.min === 'auto' || isSizeKeyword(sizes.min) ? undefined : toBorderBox(style, resolveMinSize(sizes.min, basis), edges)),
    max: resolved.max ?? (max === Infinity ? Infinity : toBorderBox(style, max, edges)),
    marginStart: marginOrZero(margins[0], containingWidth),
    marginEnd: marginOrZero(margins[1], containingWidth),
    autoStart: margins[0] === 'auto',
    autoEnd: margins[1] === 'auto',
  };
}

/** The container's content box, and whether the container is being sized by its content. */
export interface ItemRoom {
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
  readonly measuring?: boolean | undefined;
}

/**
 * An item's two axes. Percentages of widths and margins refer to the container's content width,
 * of heights to its definite content height (§9.8 treats them as definite when it is).
 * `measuring`: the container is sized by its content, so `stretch` and `fit-content` widths act as `auto`.
 */
export function flexItem(box: LayoutBox, index: number, axes: FlexAxes, room: ItemRoom, ctx: LayoutContext): FlexItem {
  const { containingWidth, containingHeight, measuring = false } = room;
  const style = box.style;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const keyword = (value: Size | MaxSize): number | undefined => (isSizeKeyword(value) ? keywordBorderBoxWidth(value, box, measuring ? undefined : containingWidth, ctx) : undefined);
  const widths = { size: keyword(style.width), min: keyword(style.minWidth), max: keyword(style.maxWidth) };
  const horizontal = axisOf(style, {
    sizes: { size: style.width, min: style.minWidth, max: style.maxWidth }, resolved: widths, basis: containingWidth,
    edges: border.left + border.right + padding.left + padding.right, margins: [style.marginLeft, style.marginRight],
  }, containingWidth);
  // In the block axis only `stretch` is more than `auto` (CSS Sizing 3 §3.2); a stretch min/max height is a length here.
  const heightStyle = withStretchedHeightLimits(style, containingHeight, containingWidth);
  const heights = { size: stretchedHeight(heightStyle, containingHeight, containingWidth) };
  const vertical = axisOf(style, {
    sizes: { size: style.height, min: heightStyle.minHeight, max: heightStyle.maxHeight }, resolved: heights, basis: containingHeight,
    edges: border.top + border.bottom + padding.top + padding.bottom, margins: [style.marginTop, style.marginBottom],
  }, containingWidth);
  const main = axes.row ? horizontal : vertical;
  const cross = axes.row ? vertical : horizontal;
  return { box, index, style, main: axes.mainReverse ? flipped(main) : main, cross: axes.crossReverse ? flipped(cross) : cross };
}

/** Start and end swapped, for an axis that runs right-to-left or bottom-to-top. */
function flipped(axis: ItemAxis): ItemAxis {
  return { ...axis, marginStart: axis.marginEnd, marginEnd: axis.marginStart, autoStart: axis.autoEnd, autoEnd: axis.autoStart };
}

/** A border-box size held within the axis' min and max (min wins, and never below border + padding). */
export function clampAxis(axis: ItemAxis, size: number, min = axis.min ?? axis.edges): number {
  return Math.max(Math.min(size, axis.max), min, axis.edges);
}

/** The sum of the margins on an axis (auto margins are 0 until alignment). */
export function marginsOf(axis: ItemAxis): number {
  return axis.marginStart + axis.marginEnd;
}
