/**
 * The flex layout algorithm (CSS Flexbox 1 §9) up to positions: items sized (§9.2), collected
 * into lines (§9.3), flexed (§9.7), cross-sized (§9.4) and aligned (§9.5-9.6). Positions are
 * logical: border-box starts measured from the content box's main-start and cross-start.
 */
import type { FlexEnv } from './env.js';
import { baselineAligned, stretches } from './env.js';
import type { FlexItem } from './items.js';
import { marginsOf } from './items.js';
import { sizeItem } from './base-size.js';
import { collectLines, outerHypothetical, wrappingOf } from './lines.js';
import type { ComputedStyle } from '../../css/types.js';
import { resolveFlexibleLengths } from './resolve.js';
import type { CrossSized } from './cross.js';
import { alignLines, crossOffset, hypotheticalCross, lineCrossSize, usedCross } from './cross.js';
import { distribute, distribution } from './axes.js';
import { maxOf } from '../../append-all.js';

export interface PlannedItem {
  readonly item: FlexItem;
  readonly main: number;
  readonly cross: number;
  readonly mainPos: number;
  readonly crossPos: number;
  /** The cross size was decided by the line (stretch), so the item is laid out at it. */
  readonly stretched: boolean;
  /** The index of its line. */
  readonly line: number;
}

export interface PlannedLine {
  readonly items: readonly PlannedItem[];
  readonly crossStart: number;
  readonly crossSize: number;
}

export interface FlexPlan {
  readonly lines: readonly PlannedLine[];
  readonly innerMain: number;
  readonly innerCross: number;
}

/** The container's own min/max content sizes on each axis, for an indefinite size (content box). */
export interface ContainerLimits {
  readonly minMain: number;
  readonly maxMain: number;
  readonly minCross: number;
  readonly maxCross: number;
}

const clamp = (value: number, min: number, max: number): number => Math.max(Math.min(value, max), min);

export function planFlex(
  items: readonly FlexItem[], env: FlexEnv, limits: ContainerLimits, style: Pick<ComputedStyle, 'justifyContent' | 'alignContent' | 'flexWrap' | 'flexLineCount'>,
): FlexPlan {
  const sized = items.map((item) => sizeItem(item, env));
  const breakAt = env.mainSize ?? limits.maxMain;
  const lines = collectLines(sized, wrappingOf(style), breakAt, env.mainGap);
  const longest = Math.max(0, maxOf(lines.map((line) => line.reduce((sum, s) => sum + outerHypothetical(s), 0) + env.mainGap * (line.length - 1))));
  const innerMain = env.mainSize ?? clamp(longest, limits.minMain, limits.maxMain);
  const crossSized = lines.map((line) => {
    const mains = resolveFlexibleLengths(line, innerMain, env.mainGap);
    return line.map((s, i) => hypotheticalCross(s.item, mains[i]!, env));
  });
  const single = !env.axes.wrap;
  let lineSizes = crossSized.map((line) => (single && env.crossSize !== undefined ? env.crossSize : lineCrossSize(line)));
  if (single && env.crossSize === undefined) lineSizes = lineSizes.map((size) => clamp(size, limits.minCross, limits.maxCross));
  const used = lineSizes.reduce((a, b) => a + b, 0) + env.crossGap * Math.max(0, lineSizes.length - 1);
  const innerCross = env.crossSize ?? clamp(used, limits.minCross, limits.maxCross);
  const aligned = single ? { offsets: lineSizes.map(() => 0), sizes: lineSizes } : alignLines(lineSizes, innerCross, env.crossGap, env, style.alignContent);
  const planned = crossSized.map((line, i) => planLine(line, i, { start: aligned.offsets[i]!, size: aligned.sizes[i]! }, { size: innerMain, justify: style.justifyContent }, env));
  return { lines: planned, innerMain, innerCross };
}

/** One line: main-axis alignment (§9.5: auto margins, then `justify-content`) and cross-axis alignment (§9.6). */
function planLine(
  line: readonly CrossSized[], index: number, crossSlot: { readonly start: number; readonly size: number }, mainSlot: { readonly size: number; readonly justify: string }, env: FlexEnv,
): PlannedLine {
  const { start: crossStart, size: crossSize } = crossSlot;
  const { size: innerMain, justify } = mainSlot;
  const gaps = env.mainGap * Math.max(0, line.length - 1);
  let free = innerMain - gaps - line.reduce((sum, s) => sum + s.main + marginsOf(s.item.main), 0);
  const autoMargins = line.reduce((n, s) => n + (s.item.main.autoStart ? 1 : 0) + (s.item.main.autoEnd ? 1 : 0), 0);
  const autoSize = free > 0 && autoMargins > 0 ? free / autoMargins : 0;
  if (autoMargins > 0) free = Math.max(0, free - autoSize * autoMargins);
  const kind = distribution(justify, free, !env.axes.reversed, env.axes.row ? !env.axes.mainReverse : undefined);
  const { start, between } = distribute(kind, free, line.length);
  const maxBaseline = baselineMaxima(line, env);
  const items: PlannedItem[] = [];
  let at = start;
  for (const s of line) {
    const axis = s.item.main;
    const marginStart = axis.marginStart + (axis.autoStart ? autoSize : 0);
    const marginEnd = axis.marginEnd + (axis.autoEnd ? autoSize : 0);
    const cross = usedCross(s, crossSize, env);
    const placed = crossOffset(s, cross, crossSize, maxBaseline, env);
    items.push({
      item: s.item, main: s.main, cross, mainPos: at + marginStart,
      crossPos: crossStart + placed.offset + placed.marginStart, stretched: stretches(s.item, env), line: index,
    });
    at += marginStart + s.main + marginEnd + env.mainGap + between;
  }
  return { items, crossStart, crossSize };
}

/** The largest first-baseline ascent and last-baseline descent of a line's baseline-aligned items. */
function baselineMaxima(line: readonly CrossSized[], env: FlexEnv): { first: number; lastDescent: number } {
  let first = 0;
  let lastDescent = 0;
  for (const s of line) {
    if (!baselineAligned(s.item, env)) continue;
    if (s.baseline !== undefined) first = Math.max(first, s.baseline);
    if (s.lastBaseline !== undefined) lastDescent = Math.max(lastDescent, s.cross + marginsOf(s.item.cross) - s.lastBaseline);
  }
  return { first, lastDescent };
}
