/**
 * The flex container's axes (CSS Flexbox 1 §2, §5.1, §5.2): which physical axis is the main
 * axis, and on which side main-start and cross-start lie (`*-reverse`, `wrap-reverse`, `direction`).
 * Gaps (CSS Box Alignment 3 §8) and the alignment keywords normalised to flex-relative ones.
 */
import type { ComputedStyle, LengthPercentage } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';

export interface FlexAxes {
  /** The main axis is horizontal (`row`, `row-reverse`). */
  readonly row: boolean;
  /** Main-start is on the right (row) or at the bottom (column). */
  readonly mainReverse: boolean;
  /** Cross-start is on the right (column) or at the bottom (row). */
  readonly crossReverse: boolean;
  /** `flex-direction: *-reverse`: `start`/`end` in the main axis are flex-end/flex-start. */
  readonly reversed: boolean;
  readonly wrap: boolean;
  readonly wrapReverse: boolean;
}

export function flexAxes(style: ComputedStyle): FlexAxes {
  const row = style.flexDirection === 'row' || style.flexDirection === 'row-reverse';
  const reversed = style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse';
  const rtl = style.direction === 'rtl';
  const wrapReverse = style.flexWrap.startsWith('wrap-reverse');
  return {
    row,
    reversed,
    mainReverse: row ? reversed !== rtl : reversed,
    crossReverse: row ? wrapReverse : wrapReverse !== rtl,
    wrap: style.flexWrap !== 'nowrap',
    wrapReverse,
  };
}

/** A gap: `normal` is 0 in flex layout; a percentage of an indefinite size is 0. */
export function usedGap(value: LengthPercentage | 'normal', basis: number | undefined): number {
  if (value === 'normal') return 0;
  if (typeof value !== 'number' && basis === undefined) return 0;
  return Math.max(0, resolveLength(value, basis ?? 0));
}

export type Distribution = 'flex-start' | 'flex-end' | 'center' | 'space-between' | 'space-around' | 'space-evenly' | 'stretch';

/**
 * `justify-content` / `align-content` as a flex-relative distribution, with `safe` overflow
 * (CSS Box Alignment 3 §4.4) turning into flex-start when there is less room than content.
 */
export function distribution(value: string, free: number, startIsFlexStart: boolean, leftIsFlexStart: boolean | undefined): Distribution {
  const safe = value.startsWith('safe ');
  const word = value.replace(/^(un)?safe /, '');
  const start: Distribution = startIsFlexStart ? 'flex-start' : 'flex-end';
  const end: Distribution = startIsFlexStart ? 'flex-end' : 'flex-start';
  let result: Distribution;
  switch (word) {
    case 'flex-end': result = 'flex-end'; break;
    case 'center': result = 'center'; break;
    case 'start': result = start; break;
    case 'end': result = end; break;
    case 'left': result = leftIsFlexStart === false ? 'flex-end' : 'flex-start'; break;
    case 'right': result = leftIsFlexStart === false ? 'flex-start' : leftIsFlexStart === undefined ? 'flex-start' : 'flex-end'; break;
    case 'space-between': case 'space-around': case 'space-evenly': case 'stretch': result = word; break;
    default: result = 'flex-start';
  }
  return safe && free < 0 ? 'flex-start' : result;
}

/**
 * Offsets for `count` boxes sharing `free` room (CSS Box Alignment 3 §5.1): where the first starts
 * and what goes between two. Distributions fall back when the room is negative.
 */
export function distribute(kind: Distribution, free: number, count: number): { readonly start: number; readonly between: number } {
  switch (kind) {
    case 'flex-end': return { start: free, between: 0 };
    case 'center': return { start: free / 2, between: 0 };
    case 'space-between': return free > 0 && count > 1 ? { start: 0, between: free / (count - 1) } : { start: 0, between: 0 };
    // Their fallback is `safe center` (CSS Box Alignment 3 §5.1): start when the room is negative, as browsers do.
    case 'space-around': return free > 0 ? { start: free / count / 2, between: free / count } : { start: 0, between: 0 };
    case 'space-evenly': return free > 0 ? { start: free / (count + 1), between: free / (count + 1) } : { start: 0, between: 0 };
    default: return { start: 0, between: 0 };
  }
}
