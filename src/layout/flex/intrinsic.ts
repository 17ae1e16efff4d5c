/**
 * Intrinsic sizes of a flex container (CSS Flexbox 1 §9.9.1, as browsers compute them): a row
 * container's max-content width is the sum of its items' max-content contributions plus gaps;
 * its min-content width the sum of their min-content contributions when single-line, the largest
 * when multi-line. A single-line column container is as wide as its widest item; a multi-line one
 * with a definite height or a max-height (or balanced into several lines) is as wide as its lines
 * side by side, each as wide as its widest item. A single-line row of definite height measures the
 * items stretched to it at that height (an image at the width its ratio gives it).
 */
import type { FlexBox, LayoutBox } from '../../boxes/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { boxEdges, clampHeight, definiteContentHeight, resolveMaxSize, toContentSize } from '../box-model.js';
import { flexAxes, usedGap } from './axes.js';
import { collectItems, flexItem } from './items.js';
import type { ItemRoom } from './items.js';
import { sizeItem, stretchedCross } from './base-size.js';
import { collectLines, wrappingOf } from './lines.js';
import { balanceLines } from './balance.js';
import type { FlexEnv } from './env.js';
import type { FlexAxes } from './axes.js';
import { maxOf } from '../../append-all.js';

export function flexIntrinsicSizes(box: FlexBox, ctx: LayoutContext): IntrinsicSizes {
  const axes = flexAxes(box.style);
  const items = collectItems(box).boxes;
  const contributions = itemContributions(box, items, axes, ctx);
  const largest = (pick: (s: IntrinsicSizes) => number, of = contributions): number => Math.max(0, maxOf(of.map(pick)));
  if (!axes.row) {
    const lines = axes.wrap ? columnLines(box, ctx) : undefined;
    if (lines === undefined || lines.length < 2) return { minContent: largest((s) => s.minContent), maxContent: largest((s) => s.maxContent) };
    const gaps = usedGap(box.style.columnGap, undefined) * (lines.length - 1);
    const side = (pick: (s: IntrinsicSizes) => number): number => lines.reduce((sum, line) => sum + largest(pick, line.map((i) => contributions[i]!)), gaps);
    return { minContent: side((s) => s.minContent), maxContent: side((s) => s.maxContent) };
  }
  const gap = usedGap(box.style.columnGap, undefined);
  const sum = (pick: (s: IntrinsicSizes) => number): number => contributions.reduce((total, s) => total + pick(s), 0) + gap * Math.max(0, contributions.length - 1);
  return { minContent: axes.wrap ? largest((s) => s.minContent) : sum((s) => s.minContent), maxContent: balancedWidth(box, contributions, gap) ?? sum((s) => s.maxContent) };
}

/**
 * The items' outer contributions. In a single-line row of definite height the items stretched to
 * it have that height before their width (§9.8) and count at it, as Chromium sizes an inline-flex
 * box of `height: 50px` around a logo: the logo's width at 50px, not its natural width.
 */
function itemContributions(box: FlexBox, items: readonly LayoutBox[], axes: FlexAxes, ctx: LayoutContext): IntrinsicSizes[] {
  const height = axes.row && !axes.wrap ? definiteInnerHeight(box) : undefined;
  if (height === undefined) return items.map((item) => outerIntrinsicSizes(item, ctx));
  const env = measuringEnv(box, axes, ctx, height);
  return items.map((item, i) => {
    const flexed = flexItem(item, i, axes, MEASURING, ctx);
    const stretched = stretchedCross(flexed, env);
    return outerIntrinsicSizes(item, ctx, stretched === undefined ? undefined : Math.max(0, stretched - flexed.cross.edges));
  });
}

/** The container's content height when its `height` is a length (held within min and max), else undefined. */
function definiteInnerHeight(box: FlexBox): number | undefined {
  const style = box.style;
  const edgesY = boxEdges(style, 0).y;
  const specified = definiteContentHeight(style, undefined, edgesY);
  return specified === undefined ? undefined : clampHeight(style, specified, undefined, edgesY);
}

const MEASURING: ItemRoom = { containingWidth: 0, containingHeight: undefined, measuring: true };

/** The flex environment of a measuring run: no containing block, the given cross size. */
function measuringEnv(box: FlexBox, axes: FlexAxes, ctx: LayoutContext, crossSize: number | undefined): FlexEnv {
  const style = box.style;
  return {
    axes, ctx, space: { containingWidth: 0, containingHeight: undefined }, mainSize: undefined, crossSize,
    mainGap: usedGap(axes.row ? style.columnGap : style.rowGap, undefined), crossGap: usedGap(axes.row ? style.rowGap : style.columnGap, undefined), alignItems: style.alignItems,
  };
}

/** A balanced row asked for several lines is as wide as its longest balanced line at max-content. */
function balancedWidth(box: FlexBox, contributions: readonly IntrinsicSizes[], gap: number): number | undefined {
  const wrapping = wrappingOf(box.style);
  if (!wrapping.balance || wrapping.minLines < 2) return undefined;
  const lines = balanceLines(contributions.map((s) => s.maxContent), (size) => size, Infinity, gap, wrapping.minLines);
  return Math.max(0, maxOf(lines.map((line) => line.reduce((a, b) => a + b, 0) + gap * (line.length - 1))));
}

/**
 * The items (by index) of each line of a multi-line column container whose height or max-height
 * is a length, each item at its max-content width; undefined when its lines are not bounded (and
 * not balanced).
 */
function columnLines(box: FlexBox, ctx: LayoutContext): number[][] | undefined {
  const style = box.style;
  const max = resolveMaxSize(style.maxHeight, undefined);
  const breakAt = definiteInnerHeight(box) ?? (max === Infinity ? Infinity : toContentSize(max, style, boxEdges(style, 0).y));
  const wrapping = wrappingOf(style);
  if (breakAt === Infinity && !(wrapping.balance && wrapping.minLines > 1)) return undefined;
  const env = measuringEnv(box, flexAxes(style), ctx, undefined);
  const sized = collectItems(box).boxes.map((item, i) => sizeItem(flexItem(item, i, env.axes, MEASURING, ctx), env));
  return collectLines(sized, wrapping, breakAt, env.mainGap).map((line) => line.map((s) => s.item.index));
}
