/**
 * Cross sizes (CSS Flexbox 1 §9.4): each item's hypothetical cross size at its used main size,
 * each line's cross size (baseline-aligned items counted by ascent and descent), `align-content`
 * sharing the container's room among lines (§8.4), and stretched items (§9.4 step 11).
 */
import type { FlexEnv } from './env.js';
import { alignSelf, baselineAligned, positionalCrossOffset, stretches } from './env.js';
import type { FlexItem } from './items.js';
import { clampAxis, marginsOf } from './items.js';
import { heightAt, measureAt, replacedWidthAt } from './measure.js';
import { columnItemWidth } from './base-size.js';
import { distribute, distribution } from './axes.js';
import { ratioOf, widthForHeight } from '../aspect-ratio.js';

/** An item with its used main size and hypothetical cross size; its baseline from the margin-box cross start. */
export interface CrossSized {
  readonly item: FlexItem;
  readonly main: number;
  readonly cross: number;
  readonly baseline: number | undefined;
  readonly lastBaseline: number | undefined;
}

export function hypotheticalCross(item: FlexItem, main: number, env: FlexEnv): CrossSized {
  if (!env.axes.row) return { item, main, cross: columnItemCross(item, main, env), baseline: undefined, lastBaseline: undefined };
  const cross = clampAxis(item.cross, heightAt(item, main, { vertical: item.cross, horizontal: item.main }, env.space, env.ctx));
  if (!baselineAligned(item, env)) return { item, main, cross, baseline: undefined, lastBaseline: undefined };
  const baselines = item.box.kind === 'replaced' ? { first: undefined, last: undefined } : measureAt(item, { width: main, height: undefined }, env.space, env.ctx).baselines;
  // A box without a baseline has one at its border-box bottom. Measured from the line's cross-start,
  // which is its bottom in `wrap-reverse`.
  const fromStart = (fromTop: number | undefined): number => item.cross.marginStart + (env.axes.crossReverse ? cross - (fromTop ?? cross) : fromTop ?? cross);
  return { item, main, cross, baseline: fromStart(baselines.first), lastBaseline: fromStart(baselines.last) };
}

/**
 * A column item's width at its used height: an image's or an aspect-ratio box's follows the height
 * through the ratio unless it is stretched or has a width (§9.4 step 7: a `flex-start` tile of
 * `aspect-ratio: 2` whose text made it 22px tall is 34px wide, not its text's 15, as in Chromium
 * 156); other boxes keep the width they were measured at.
 */
function columnItemCross(item: FlexItem, main: number, env: FlexEnv): number {
  if (stretches(item, env)) return columnItemWidth(item, env);
  if (item.box.kind === 'replaced') return replacedWidthAt(item, main, { vertical: item.main, horizontal: item.cross }, env.space, env.ctx);
  const ratio = ratioOf(item.style);
  if (ratio === undefined || item.cross.size !== undefined) return columnItemWidth(item, env);
  return clampAxis(item.cross, widthForHeight(item.style, ratio, main, { x: item.cross.edges, y: item.main.edges }));
}

/** The cross size of a line (§9.4 step 8): the largest outer cross size, or baseline ascent plus descent. */
export function lineCrossSize(items: readonly CrossSized[]): number {
  let largest = 0;
  let ascent = 0;
  let descent = 0;
  for (const s of items) {
    const outer = s.cross + marginsOf(s.item.cross);
    if (s.baseline === undefined) {
      largest = Math.max(largest, outer);
      continue;
    }
    ascent = Math.max(ascent, s.baseline);
    descent = Math.max(descent, outer - s.baseline);
  }
  return Math.max(largest, ascent + descent);
}

/** Where each line starts on the cross axis and its final cross size (`align-content`, §9.4 step 15 and §8.4). */
export function alignLines(sizes: readonly number[], innerCross: number, gap: number, env: FlexEnv, value: string): { offsets: number[]; sizes: number[] } {
  const used = sizes.reduce((a, b) => a + b, 0) + gap * Math.max(0, sizes.length - 1);
  let free = innerCross - used;
  const kind = distribution(value === 'normal' ? 'stretch' : value, free, !env.axes.wrapReverse, undefined);
  let grown = [...sizes];
  if (kind === 'stretch' && free > 0 && sizes.length > 0) {
    grown = sizes.map((s) => s + free / sizes.length);
    free = 0;
  }
  const { start, between } = distribute(kind, free, sizes.length);
  const offsets: number[] = [];
  let at = start;
  for (const size of grown) {
    offsets.push(at);
    at += size + gap + between;
  }
  return { offsets, sizes: grown };
}

/** The item's used cross size: stretched to the line (§9.4 step 11), else its hypothetical one. */
export function usedCross(sized: CrossSized, lineCross: number, env: FlexEnv): number {
  if (!stretches(sized.item, env)) return sized.cross;
  return clampAxis(sized.item.cross, lineCross - marginsOf(sized.item.cross));
}

/**
 * The offset of the item's margin box from its line's cross start (§9.6): auto margins take the
 * free room, else `align-self`. Also returns the used cross-start margin.
 */
export function crossOffset(sized: CrossSized, cross: number, lineCross: number, maxBaseline: { first: number; lastDescent: number }, env: FlexEnv): { offset: number; marginStart: number } {
  const axis = sized.item.cross;
  const free = lineCross - cross - marginsOf(axis);
  if (axis.autoStart || axis.autoEnd) {
    const room = Math.max(0, free);
    const start = axis.autoStart ? (axis.autoEnd ? room / 2 : room) : 0;
    return { offset: 0, marginStart: axis.marginStart + start };
  }
  const value = alignSelf(sized.item, env);
  let offset: number;
  if (value === 'baseline') offset = sized.baseline === undefined ? 0 : maxBaseline.first - sized.baseline;
  else if (value === 'last baseline') offset = sized.lastBaseline === undefined ? free : free - (maxBaseline.lastDescent - (cross + marginsOf(axis) - sized.lastBaseline));
  else offset = positionalCrossOffset(value, sized.item, env, free);
  return { offset, marginStart: axis.marginStart };
}
