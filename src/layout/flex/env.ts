/** What every step of flex layout knows about its container (CSS Flexbox 1 §9.2). */
import type { LayoutContext } from '../contract.js';
import type { FlexAxes } from './axes.js';
import type { FlexItem } from './items.js';
import type { ItemSpace } from './measure.js';
import { hasNaturalWidth } from '../box-model.js';

export interface FlexEnv {
  readonly axes: FlexAxes;
  /** The content box items resolve percentages against. */
  readonly space: ItemSpace;
  /** The definite inner main size, if any (§9.2 step 2). */
  readonly mainSize: number | undefined;
  /** The definite inner cross size, if any. */
  readonly crossSize: number | undefined;
  readonly mainGap: number;
  readonly crossGap: number;
  readonly alignItems: string;
  readonly ctx: LayoutContext;
}

/** The item's used `align-self` (`auto` takes the container's `align-items`; `normal` stretches flex items). */
export function alignSelf(item: FlexItem, env: FlexEnv): string {
  const value = item.style.alignSelf === 'auto' ? env.alignItems : item.style.alignSelf;
  return value === 'normal' ? 'stretch' : value.replace(/^(un)?safe /, '');
}

/** Is the item stretched to its line's cross size (§9.4 step 11)? */
export function stretches(item: FlexItem, env: FlexEnv): boolean {
  // a form control's natural width stretches like an auto width in a column (Chromium)
  const autoCross = item.cross.size === undefined || (!env.axes.row && hasNaturalWidth(item.box));
  return alignSelf(item, env) === 'stretch' && autoCross && !item.cross.autoStart && !item.cross.autoEnd;
}

/** Does the item take part in baseline alignment (only when the cross axis is the block axis, §8.3)? */
export function baselineAligned(item: FlexItem, env: FlexEnv): boolean {
  const value = alignSelf(item, env);
  return env.axes.row && (value === 'baseline' || value === 'last baseline') && !item.cross.autoStart && !item.cross.autoEnd;
}

/**
 * The offset from the line's cross-start that a positional `align-self` value gives (§8.3):
 * `start`/`end` follow the container's writing mode (cross-start flips with wrap-reverse),
 * `self-start`/`self-end` the item's own direction on an inline cross axis.
 */
export function positionalCrossOffset(value: string, item: FlexItem, env: FlexEnv, free: number): number {
  const { axes } = env;
  // `safe` overflow alignment (CSS Box Alignment 3 §4.4): an item larger than its line starts at cross-start.
  if (free < 0 && (item.style.alignSelf === 'auto' ? env.alignItems : item.style.alignSelf).startsWith('safe ')) return 0;
  switch (value) {
    case 'center': return free / 2;
    case 'flex-end': return free;
    case 'end': return axes.wrapReverse ? 0 : free;
    case 'start': return axes.wrapReverse ? free : 0;
    case 'self-start': case 'self-end': {
      const startIsEnd = axes.row ? axes.wrapReverse : (item.style.direction === 'rtl') !== axes.crossReverse;
      return (value === 'self-end') !== startIsEnd ? free : 0;
    }
    default: return 0;
  }
}
