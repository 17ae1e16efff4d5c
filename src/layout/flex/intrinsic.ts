/**
 * Intrinsic sizes of a flex container (CSS Flexbox 1 §9.9.1, as browsers compute them): a row
 * container's max-content width is the sum of its items' max-content contributions plus gaps;
 * its min-content width the sum of their min-content contributions when single-line, the largest
 * when multi-line. A single-line column container is as wide as its widest item; a multi-line one
 * with a definite height or a max-height (or balanced into several lines) is as wide as its lines
 * side by side, each as wide as its widest item.
 */
import type { FlexBox } from '../../boxes/types.js';
import type { IntrinsicSizes, LayoutContext } from '../contract.js';
import { outerIntrinsicSizes } from '../intrinsic.js';
import { clampHeight, definiteContentHeight, resolveMaxSize, toContentSize, usedBorder, usedPadding } from '../box-model.js';
import { flexAxes, usedGap } from './axes.js';
import { collectItems, flexItem } from './items.js';
import { sizeItem } from './base-size.js';
import { collectLines, wrappingOf } from './lines.js';
import { balanceLines } from './balance.js';
import type { FlexEnv } from './env.js';
import { maxOf } from '../../append-all.js';

export function flexIntrinsicSizes(box: FlexBox, ctx: LayoutContext): IntrinsicSizes {
  const axes = flexAxes(box.style);
  const items = collectItems(box).boxes;
  const contributions = items.map((item) => outerIntrinsicSizes(item, ctx));
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
  const border = usedBorder(style);
  const padding = usedPadding(style, 0);
  const edgesY = border.top + border.bottom + padding.top + padding.bottom;
  const specified = definiteContentHeight(style, undefined, edgesY);
  const max = resolveMaxSize(style.maxHeight, undefined);
  const breakAt = specified !== undefined ? clampHeight(style, specified, undefined, edgesY) : max === Infinity ? Infinity : toContentSize(max, style, edgesY);
  const wrapping = wrappingOf(style);
  if (breakAt === Infinity && !(wrapping.balance && wrapping.minLines > 1)) return undefined;
  const axes = flexAxes(style);
  const env: FlexEnv = {
    axes, ctx, space: { containingWidth: 0, containingHeight: undefined }, mainSize: undefined, crossSize: undefined,
    mainGap: usedGap(style.rowGap, undefined), crossGap: usedGap(style.columnGap, undefined), alignItems: style.alignItems,
  };
  const sized = collectItems(box).boxes.map((item, i) => sizeItem(flexItem(item, i, axes, { containingWidth: 0, containingHeight: undefined, measuring: true }, ctx), env));
  return collectLines(sized, wrapping, breakAt, env.mainGap).map((line) => line.map((s) => s.item.index));
}
