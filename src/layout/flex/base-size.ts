/**
 * The flex base size and hypothetical main size of each item (CSS Flexbox 1 §9.2 step 3), with
 * the automatic minimum size of `min-width/min-height: auto` (§4.5). Sizes are border-box sizes.
 */
import { hasNaturalWidth, resolveSize } from '../box-model.js';
import { heightForWidth, ratioOf, widthForHeight } from '../aspect-ratio.js';
import type { FlexEnv } from './env.js';
import { stretches } from './env.js';
import type { FlexItem } from './items.js';
import { clampAxis, marginsOf } from './items.js';
import { contentHeightAt, intrinsicWidths, measureAt, naturalReplaced } from './measure.js';
import { isVerticalRoot, verticalRootIntrinsicSizes } from '../orthogonal.js';
import { contentWidthFor } from '../replaced.js';

export interface SizedItem {
  readonly item: FlexItem;
  readonly base: number;
  readonly hypothetical: number;
  /** The used min main size (the automatic minimum resolved). */
  readonly minMain: number;
}

export function sizeItem(item: FlexItem, env: FlexEnv): SizedItem {
  const content = (): number => contentMainSize(item, env);
  const base = flexBaseSize(item, env) ?? content();
  const minMain = item.main.min ?? automaticMinimum(item, env);
  return { item, base, minMain, hypothetical: clampAxis(item.main, base, minMain) };
}

/**
 * Is the item's flexed main size definite for the percentages inside it (§9.8)? Yes when the
 * container's main size is definite or the item's flex basis is (as browsers do), or an aspect
 * ratio gives it from the (always definite) cross size.
 */
export function flexedMainDefinite(item: FlexItem, env: FlexEnv): boolean {
  return env.mainSize !== undefined || flexBaseSize(item, env) !== undefined || ratioOf(item.style) !== undefined;
}

/**
 * §9.2 step 3 A: a definite flex basis (or `auto` with a definite main size property); the
 * intrinsic keywords of CSS Sizing 3/4 on a row's inline axis (a column item's min-content and
 * fit-content heights are its content height).
 */
function flexBaseSize(item: FlexItem, env: FlexEnv): number | undefined {
  const basis = item.style.flexBasis;
  if (basis === 'content') return undefined;
  if (basis === 'auto') return item.main.size;
  if (basis === 'min-content' || basis === 'fit-content' || basis === 'stretch') return keywordBaseSize(item, env, basis);
  const mainBasis = env.axes.row ? env.space.containingWidth : env.mainSize;
  const size = resolveSize(basis, mainBasis);
  if (size === undefined) return undefined;
  return item.style.boxSizing === 'border-box' ? Math.max(size, item.main.edges) : size + item.main.edges;
}

/** `min-content`, `fit-content` (max-content held between min-content and the room) and `stretch` (the room). */
function keywordBaseSize(item: FlexItem, env: FlexEnv, basis: 'min-content' | 'fit-content' | 'stretch'): number | undefined {
  const room = env.mainSize === undefined ? undefined : env.mainSize - marginsOf(item.main);
  if (basis === 'stretch') return room === undefined ? undefined : Math.max(room, item.main.edges);
  if (!env.axes.row) return undefined;
  const widths = rowItemWidths(item, env);
  if (basis === 'min-content') return widths.min;
  return room === undefined ? widths.max : Math.min(widths.max, Math.max(widths.min, room));
}

/** The width a column item is measured at: its own, the line's when stretched, else fit-content. */
export function columnItemWidth(item: FlexItem, env: FlexEnv): number {
  const axis = item.cross;
  if (axis.size !== undefined && !hasNaturalWidth(item.box)) return clampAxis(axis, axis.size);
  const room = (env.crossSize ?? Infinity) - marginsOf(axis);
  // A single line is as wide as the container; in a multi-line one, lines are sized by their items.
  const stretched = stretches(item, env) && env.crossSize !== undefined && !env.axes.wrap;
  // a form control's natural width gives way to the stretch, and so does an image's (its height follows)
  if (axis.size !== undefined) return clampAxis(axis, stretched ? room : axis.size);
  if (item.box.kind === 'replaced') return clampAxis(axis, stretched ? room : naturalReplaced(item, env.space, env.ctx).width);
  if (stretched) return clampAxis(axis, room);
  const widths = intrinsicWidths(item, axis.edges, env.space, env.ctx);
  return clampAxis(axis, Math.min(widths.max, Math.max(widths.min, room)));
}

/** §9.2 step 3 B-E: the item's max-content main size (a column item's height at its width). */
function contentMainSize(item: FlexItem, env: FlexEnv): number {
  if (!env.axes.row) return columnMaxContentHeight(item, env);
  if (item.box.kind === 'replaced') return replacedWidthAtStretch(item, env) ?? naturalReplaced(item, env.space, env.ctx).width;
  const ratio = ratioOf(item.style);
  const edges = { x: item.main.edges, y: item.cross.edges };
  // a definite cross size, its own or the line's it is stretched to (§9.8), gives the width (§9.2 step 3 B)
  const cross = ratio === undefined ? undefined : item.cross.size ?? stretchedCross(item, env);
  if (ratio !== undefined && cross !== undefined) return widthForHeight(item.style, ratio, cross, edges);
  const max = rowItemWidths(item, env).max;
  if (ratio === undefined) return max;
  // Min- and max-height transfer through the aspect ratio (CSS Sizing 4 §5.2).
  const transferredMax = item.cross.max === Infinity ? Infinity : widthForHeight(item.style, ratio, item.cross.max, edges);
  // (a border box is never shorter than its border and padding: they transfer a minimum too)
  const transferredMin = widthForHeight(item.style, ratio, Math.max(item.cross.min ?? 0, item.cross.edges), edges);
  return Math.max(Math.min(max, transferredMax), transferredMin);
}

/**
 * A row item's min- and max-content widths. An item whose height is definite before its width (its
 * own, or stretched to a definite line, §9.8) is measured at that height, as Chromium sizes it: a
 * vertical writing-mode item's lines wrap there (§9.2 step 3's note on orthogonal items), an
 * image at a percentage height in its lines counts at the width it is drawn at.
 */
function rowItemWidths(item: FlexItem, env: FlexEnv): { min: number; max: number } {
  const stretched = stretchedCross(item, env);
  if (isVerticalRoot(item.box) && stretched !== undefined && env.crossSize !== undefined) {
    const sizes = verticalRootIntrinsicSizes(item.box, env.ctx, env.crossSize);
    return { min: sizes.minContent + item.main.edges, max: sizes.maxContent + item.main.edges };
  }
  const height = item.cross.size ?? stretched;
  return intrinsicWidths(item, item.main.edges, env.space, env.ctx, height === undefined ? undefined : Math.max(0, height - item.cross.edges));
}

/** The border-box cross size of an item stretched to a single line of definite cross size (definite, §9.8), else undefined. */
export function stretchedCross(item: FlexItem, env: FlexEnv): number | undefined {
  if (env.crossSize === undefined || env.axes.wrap || !stretches(item, env)) return undefined;
  return clampAxis(item.cross, env.crossSize - marginsOf(item.cross));
}

/**
 * A row's image stretched to a definite line: the width its ratio gives that height (§9.2 step 3
 * B, and its transferred size suggestion, §4.5), as Chromium sizes a logo in a `height: 80px` flex
 * header — not its natural width squeezed to the line's height. Not a checkbox or radio (no
 * natural ratio: stretched as a box).
 */
function replacedWidthAtStretch(item: FlexItem, env: FlexEnv): number | undefined {
  const cross = stretchedCross(item, env);
  if (cross === undefined || item.box.kind !== 'replaced') return undefined;
  const ratio = naturalReplaced(item, env.space, env.ctx).ratio;
  return ratio === undefined ? undefined : contentWidthFor(ratio, Math.max(0, cross - item.cross.edges), item.main.edges, item.cross.edges) + item.main.edges;
}

/**
 * The automatic minimum size (§4.5): the content size suggestion (min-content, held below the max
 * size), or the specified size if smaller; nothing for scroll containers.
 */
function automaticMinimum(item: FlexItem, env: FlexEnv): number {
  const overflow = env.axes.row ? item.style.overflowX : item.style.overflowY;
  if (overflow !== 'visible') return item.main.edges;
  let content: number;
  if (!env.axes.row) content = columnContentSuggestion(item, env);
  // an inline <svg> of no size (`width: auto` is 100% for it, SVG 2 §8.2) fills the line but has no
  // size of its own to keep: it shrinks, as Chromium; an <img> of that SVG keeps the width it fills
  else if (item.box.kind === 'replaced') content = Math.min(naturalReplaced(item, env.space, env.ctx, item.box.element?.name === 'svg').width, replacedWidthAtStretch(item, env) ?? Infinity);
  else content = rowItemWidths(item, env).min;
  content = Math.min(content, item.main.max);
  return item.main.size === undefined ? content : Math.min(content, item.main.size);
}

/**
 * A column item's max-content height: for a box whose height its aspect ratio gives, that height —
 * its content's minimum is the automatic minimum's to add (§4.5), so that `min-height: 0` or a
 * max-width through the ratio leaves overflowing text outside a 40x20 box, as in Chromium.
 */
function columnMaxContentHeight(item: FlexItem, env: FlexEnv): number {
  const width = columnItemWidth(item, env);
  const ratio = ratioOf(item.style);
  if (ratio === undefined || item.box.kind === 'replaced') return contentHeightAt(item, width, env.space, env.ctx);
  return heightForWidth(item.style, ratio, width, { x: item.cross.edges, y: item.main.edges });
}

/**
 * A column item's min-content height (§4.5's content size suggestion). For a box whose height its
 * aspect ratio gives, that height is not its content's: the content is measured as if the ratio
 * were auto, its percentage heights cyclic, so a media box of `aspect-ratio: 4/3` holding an image
 * at `height: 100%` grows to a portrait image, as Chromium sizes it.
 */
function columnContentSuggestion(item: FlexItem, env: FlexEnv): number {
  const ratio = ratioOf(item.style);
  if (item.box.kind === 'replaced' || ratio === undefined || item.main.size !== undefined) return contentHeightAt(item, columnItemWidth(item, env), env.space, env.ctx);
  const content = measureAt(item, { width: columnItemWidth(item, env), height: undefined, autoHeight: 'without-ratio' }, env.space, env.ctx).fragment.height;
  // clamped by the definite min- and max-widths through the ratio (§4.5): text in a `max-width: 40px;
  // aspect-ratio: 2` item keeps it 20px tall however far it overflows, as in Chromium
  const edges = { x: item.cross.edges, y: item.main.edges };
  const max = item.cross.max === Infinity ? Infinity : heightForWidth(item.style, ratio, item.cross.max, edges);
  const min = item.cross.min === undefined ? 0 : heightForWidth(item.style, ratio, item.cross.min, edges);
  return Math.max(Math.min(content, max), min);
}
