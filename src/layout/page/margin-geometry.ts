/**
 * Geometry of the page-margin boxes (CSS Paged Media 3 §5.3.1-5.3.2): the margin bands around
 * the page area, the sizes of the three boxes of each band, and the placement of one box in the
 * slot it gets. Pure arithmetic on outer sizes; the content is measured by the caller.
 */
import type { LengthPercentageAuto } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';

/** The 16 page-margin boxes (CSS Paged Media 3 §5.1). */
export type MarginBoxName =
  | 'top-left-corner' | 'top-left' | 'top-center' | 'top-right' | 'top-right-corner'
  | 'right-top' | 'right-middle' | 'right-bottom'
  | 'bottom-right-corner' | 'bottom-right' | 'bottom-center' | 'bottom-left' | 'bottom-left-corner'
  | 'left-bottom' | 'left-middle' | 'left-top';

export type Band = 'top' | 'right' | 'bottom' | 'left';

/** A band's boxes along its length: start (A), middle (C) and end (B) of §5.3.2. */
export interface BandBoxes {
  readonly band: Band;
  readonly start: MarginBoxName;
  readonly middle: MarginBoxName;
  readonly end: MarginBoxName;
}

export const BANDS: readonly BandBoxes[] = [
  { band: 'top', start: 'top-left', middle: 'top-center', end: 'top-right' },
  { band: 'bottom', start: 'bottom-left', middle: 'bottom-center', end: 'bottom-right' },
  { band: 'left', start: 'left-top', middle: 'left-middle', end: 'left-bottom' },
  { band: 'right', start: 'right-top', middle: 'right-middle', end: 'right-bottom' },
];

export const CORNERS: readonly MarginBoxName[] = ['top-left-corner', 'top-right-corner', 'bottom-right-corner', 'bottom-left-corner'];

/** Painting order of the margin boxes (CSS Paged Media 3 §5.1: clockwise from the top-left corner). */
export const MARGIN_BOX_ORDER: readonly MarginBoxName[] = [
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner',
  'right-top', 'right-middle', 'right-bottom',
  'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left', 'bottom-left-corner',
  'left-bottom', 'left-middle', 'left-top',
];

/**
 * Outer size of a box along its band: min-content and max-content sizes for an auto size, or the
 * same fixed value twice when the box's width (height, in the side bands) is given.
 */
export interface Extent {
  readonly min: number;
  readonly max: number;
  readonly fixed: boolean;
}

/** Where a box goes along its band: offset from the band's start and outer size. */
export interface Slot {
  readonly start: number;
  readonly size: number;
}

export interface BandSlots {
  readonly start: Slot;
  readonly middle: Slot;
  readonly end: Slot;
}

/**
 * §5.3.2: the outer sizes of A (start), C (middle) and B (end) in a band of length `available`;
 * undefined extents are boxes that are not generated. With C, its size is resolved against a
 * hypothetical box AC twice as big as the bigger of A and B, C is centred on the band and A and B
 * share what is left on either side; without C, A and B share the band.
 */
export function distributeBand(available: number, start: Extent | undefined, middle: Extent | undefined, end: Extent | undefined): BandSlots {
  if (middle !== undefined) {
    const sides = start === undefined && end === undefined ? undefined : {
      min: 2 * Math.max(start?.min ?? 0, end?.min ?? 0),
      max: 2 * Math.max(start?.max ?? 0, end?.max ?? 0),
      fixed: false,
    };
    const [size] = flexTwo(middle, sides, available);
    const side = Math.max(0, (available - size) / 2);
    return {
      start: { start: 0, size: side },
      middle: { start: (available - size) / 2, size },
      end: { start: available - side, size: side },
    };
  }
  const [a, b] = flexTwo(start, end, available);
  return { start: { start: 0, size: a }, middle: { start: available / 2, size: 0 }, end: { start: available - b, size: b } };
}

/**
 * "Resolve flexible widths" of two boxes sharing `available` (§5.3.2): a fixed box keeps its
 * size; otherwise both grow in proportion to their max-content sizes when those fit, go from
 * min-content towards max-content in proportion to their difference when only the min-content
 * sizes fit, and shrink in proportion to their min-content sizes when not even those fit.
 */
export function flexTwo(a: Extent | undefined, b: Extent | undefined, available: number): [number, number] {
  if (a === undefined && b === undefined) return [0, 0];
  if (a === undefined) return [0, b!.fixed ? b!.max : Math.max(0, available)];
  if (b === undefined) return [a.fixed ? a.max : Math.max(0, available), 0];
  if (a.fixed && b.fixed) return [a.max, b.max];
  if (a.fixed) return [a.max, Math.max(0, available - a.max)];
  if (b.fixed) return [Math.max(0, available - b.max), b.max];
  const maxSum = a.max + b.max;
  if (maxSum <= available) {
    if (maxSum === 0) return [available / 2, available / 2];
    const free = available - maxSum;
    return [a.max + (free * a.max) / maxSum, b.max + (free * b.max) / maxSum];
  }
  const minSum = a.min + b.min;
  if (minSum <= available) {
    const span = maxSum - minSum;
    const free = available - minSum;
    return span === 0 ? [a.min, b.min] : [a.min + (free * (a.max - a.min)) / span, b.min + (free * (b.max - b.min)) / span];
  }
  if (minSum === 0) return [0, 0];
  return [(available * a.min) / minSum, (available * b.min) / minSum];
}

/** Which margin yields when a box with a fixed size and fixed margins does not fill its slot. */
export type Anchor = 'start' | 'end' | 'center';

export interface AxisInput {
  readonly slot: Slot;
  readonly marginStart: LengthPercentageAuto;
  readonly marginEnd: LengthPercentageAuto;
  /** The border-box size when the style gives one; undefined fills the slot. */
  readonly size: number | undefined;
  /** Basis of margin percentages. */
  readonly basis: number;
  /** The side the box sticks to when over-constrained (the other margin is ignored). */
  readonly anchor: Anchor;
}

/**
 * One axis of a margin box in its slot (§5.3.2, like CSS2 §10.3.3): an auto size fills the slot
 * minus the margins (auto margins count 0); a fixed size is placed by its auto margins (both
 * auto: centred), or else at the anchor side.
 */
export function placeOnAxis(input: AxisInput): Slot {
  const { slot, marginStart, marginEnd } = input;
  const start = marginStart === 'auto' ? 0 : resolveLength(marginStart, input.basis);
  const end = marginEnd === 'auto' ? 0 : resolveLength(marginEnd, input.basis);
  if (input.size === undefined) return { start: slot.start + start, size: Math.max(0, slot.size - start - end) };
  const size = input.size;
  const centred = (marginStart === 'auto' && marginEnd === 'auto') || (marginStart !== 'auto' && marginEnd !== 'auto' && input.anchor === 'center');
  if (centred) return { start: slot.start + start + (slot.size - start - end - size) / 2, size };
  const atEnd = marginStart === 'auto' || (marginEnd !== 'auto' && input.anchor === 'end');
  return { start: atEnd ? slot.start + slot.size - end - size : slot.start + start, size };
}
