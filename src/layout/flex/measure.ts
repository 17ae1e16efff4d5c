/**
 * Measuring runs of flex items (the layout-core contract in 'measure' mode), cached per render
 * by the sizes asked for (measure-cache.ts), so that nested flex containers measure each item
 * once per constraint instead of once per ancestor pass.
 */
import type { LayoutContext, LayoutInput, LayoutOutput } from '../contract.js';
import { measured } from '../measure-cache.js';
import { contentIntrinsicSizesAtHeight } from '../intrinsic.js';
import { contentHeightFor, contentWidthFor, replacedEdges, replacedSize } from '../replaced.js';
import type { ReplacedRatio } from '../replaced.js';
import type { FlexItem } from './items.js';
import { clampAxis } from './items.js';

/** The container's content box, which items resolve percentages against. */
export interface ItemSpace {
  readonly containingWidth: number;
  readonly containingHeight: number | undefined;
}

/**
 * A border-box width, and height if fixed (`heightDefinite` false when percentages inside cannot
 * resolve against it); `autoHeight` measures the content height whatever the item's own height,
 * min-height and max-height say (contract.ts `LayoutInput.autoHeight`).
 */
export interface MeasureSize {
  readonly width: number;
  readonly height: number | undefined;
  readonly heightDefinite?: boolean | undefined;
  readonly autoHeight?: LayoutInput['autoHeight'];
}

/** The item's axes by direction (its main and cross axes in some order). */
export interface ItemAxes {
  readonly vertical: FlexItem['main'];
  readonly horizontal: FlexItem['main'];
}

/**
 * The item laid out at a border-box width (and height, if fixed; `heightDefinite` false when
 * percentages inside cannot resolve against it): its height and baselines.
 */
export function measureAt(item: FlexItem, size: MeasureSize, space: ItemSpace, ctx: LayoutContext): LayoutOutput {
  const { width, height, heightDefinite = true, autoHeight = false } = size;
  return measured(item.box, {
    available: width, containingWidth: space.containingWidth, containingHeight: space.containingHeight,
    fixedWidth: width, fixedHeight: height, fixedHeightIndefinite: !heightDefinite, formattingContextRoot: true, autoHeight,
  }, ctx);
}

/**
 * Border-box min-content and max-content widths of an item's contents (min/max-width not applied);
 * `contentHeight`: its content height when definite before its width (intrinsic.ts `contentIntrinsicSizesAtHeight`).
 */
export function intrinsicWidths(item: FlexItem, horizontalEdges: number, space: ItemSpace, ctx: LayoutContext, contentHeight?: number): { min: number; max: number } {
  if (item.box.kind === 'replaced') {
    const width = naturalReplaced(item, space, ctx).width;
    return { min: width, max: width };
  }
  const sizes = contentIntrinsicSizesAtHeight(item.box, ctx, contentHeight);
  return { min: sizes.minContent + horizontalEdges, max: sizes.maxContent + horizontalEdges };
}

/**
 * A replaced item's border-box size from its own properties and natural size, and the ratio it
 * keeps (layout/replaced.ts). `own`: the size it has of its own, not filling the container where
 * it has no natural width (an SVG with only a `viewBox`: none), as its min-content size.
 */
export function naturalReplaced(item: FlexItem, space: ItemSpace, ctx: LayoutContext, own = false): { width: number; height: number; ratio: ReplacedRatio | undefined } {
  if (item.box.kind !== 'replaced') throw new Error('not a replaced item');
  const image = ctx.images.get(item.box.src);
  const size = replacedSize(item.box, image, { width: space.containingWidth, height: space.containingHeight }, ctx.text, own);
  const edges = replacedEdges(size);
  return { width: size.width + edges.x, height: size.height + edges.y, ratio: size.ratio };
}

/** The border-box height of an item at a border-box width (replaced items keep their ratio). */
export function heightAt(item: FlexItem, width: number, axes: ItemAxes, space: ItemSpace, ctx: LayoutContext): number {
  const { vertical, horizontal } = axes;
  if (item.box.kind === 'replaced') {
    const natural = naturalReplaced(item, space, ctx);
    if (vertical.size !== undefined || natural.ratio === undefined) return clampAxis(vertical, natural.height);
    return clampAxis(vertical, contentHeightFor(natural.ratio, Math.max(0, width - horizontal.edges), horizontal.edges, vertical.edges) + vertical.edges);
  }
  return measureAt(item, { width, height: undefined }, space, ctx).fragment.height;
}

/**
 * The border-box height an item's content gives it at a border-box width, whatever its own
 * height, min-height and max-height say (the content size of §9.2 step 3 E and §4.5).
 */
export function contentHeightAt(item: FlexItem, width: number, space: ItemSpace, ctx: LayoutContext): number {
  const style = item.style;
  if (item.box.kind === 'replaced' || (style.height === 'auto' && style.minHeight === 'auto' && style.maxHeight === 'none')) {
    return heightAt(item, width, { vertical: item.main, horizontal: item.cross }, space, ctx);
  }
  return measureAt(item, { width, height: undefined, autoHeight: true }, space, ctx).fragment.height;
}

/** The border-box width of a replaced item at a border-box height. */
export function replacedWidthAt(item: FlexItem, height: number, axes: ItemAxes, space: ItemSpace, ctx: LayoutContext): number {
  const { vertical, horizontal } = axes;
  const natural = naturalReplaced(item, space, ctx);
  if (horizontal.size !== undefined || natural.ratio === undefined) return clampAxis(horizontal, natural.width);
  return clampAxis(horizontal, contentWidthFor(natural.ratio, Math.max(0, height - vertical.edges), horizontal.edges, vertical.edges) + horizontal.edges);
}
