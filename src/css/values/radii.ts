/**
 * Border radii (CSS Backgrounds 3 §5) as numbers: resolved against a box and reduced so adjacent
 * curves never overlap (§5.5), and shrunk for an inner edge (§5.2). Paint draws rounded boxes and
 * `clip-path` with them; layout wraps a float's lines around a `shape-outside` with them.
 */
import type { ComputedStyle, LengthPercentage } from '../model/types.js';
import { resolveLength } from './length.js';
import type { Rect, Sides } from '../../geometry/types.js';

/** [tlH, tlV, trH, trV, brH, brV, blH, blV] in px, as display-list clips carry them. */
export type Radii = readonly [number, number, number, number, number, number, number, number];

export const NO_RADII: Radii = [0, 0, 0, 0, 0, 0, 0, 0];

export function hasRadii(radii: Radii): boolean {
  // a loop, not `some` with an arrow: that made a closure per call, on every painted box
  for (let i = 0; i < 8; i++) if (radii[i]! > 0) return true;
  return false;
}

/** Which corners a fragment keeps when it is sliced (box-decoration-break: slice, CSS Fragmentation 3 §5.4). */
export interface KeptCorners {
  readonly topLeft: boolean;
  readonly topRight: boolean;
  readonly bottomRight: boolean;
  readonly bottomLeft: boolean;
}

export const ALL_CORNERS: KeptCorners = { topLeft: true, topRight: true, bottomRight: true, bottomLeft: true };

/** The outer (border edge) radii of a border box, §5.1 percentages and §5.5 overlap reduction. */
export function borderRadii(style: ComputedStyle, box: Rect, kept: KeptCorners = ALL_CORNERS): Radii {
  const none: readonly [LengthPercentage, LengthPercentage] = [0, 0];
  return fittedRadii([
    kept.topLeft ? style.borderTopLeftRadius : none,
    kept.topRight ? style.borderTopRightRadius : none,
    kept.bottomRight ? style.borderBottomRightRadius : none,
    kept.bottomLeft ? style.borderBottomLeftRadius : none,
  ], box);
}

/** Corner radii (top-left clockwise, [horizontal, vertical]) resolved against `box` and reduced to fit (§5.5). */
export function fittedRadii(corners: readonly (readonly [LengthPercentage, LengthPercentage])[], box: Rect): Radii {
  // most boxes are square: no corner record is made for them (module-level helpers, not closures
  // made per call, so V8 compiles them once per process)
  if (isSquare(corners[0]) && isSquare(corners[1]) && isSquare(corners[2]) && isSquare(corners[3])) return NO_RADII;
  const [tlh, tlv] = corner(corners[0], box);
  const [trh, trv] = corner(corners[1], box);
  const [brh, brv] = corner(corners[2], box);
  const [blh, blv] = corner(corners[3], box);
  if (tlh + tlv + trh + trv + brh + brv + blh + blv === 0) return NO_RADII;
  const f = Math.min(
    1,
    ratio(box.width, tlh + trh),
    ratio(box.width, blh + brh),
    ratio(box.height, tlv + blv),
    ratio(box.height, trv + brv),
  );
  return [tlh * f, tlv * f, trh * f, trv * f, brh * f, brv * f, blh * f, blv * f];
}

/** A corner that `corner` resolves to [0, 0] whatever the box: absent, or a zero length on either axis. */
export function isSquare(value: readonly [LengthPercentage, LengthPercentage] | undefined): boolean {
  return value === undefined || value[0] === 0 || value[1] === 0;
}

function corner(value: readonly [LengthPercentage, LengthPercentage] | undefined, box: Rect): [number, number] {
  if (value === undefined) return [0, 0];
  const h = Math.max(0, resolveLength(value[0], box.width));
  const v = Math.max(0, resolveLength(value[1], box.height));
  // a corner with one zero radius is square (§5.1)
  return h > 0 && v > 0 ? [h, v] : [0, 0];
}

function ratio(length: number, sum: number): number {
  return sum > 0 ? length / sum : Infinity;
}

/** Radii of an edge inset from the border edge by `inset` (padding edge: the border widths), §5.2. */
export function insetRadii(radii: Radii, inset: Sides): Radii {
  const [tlh, tlv, trh, trv, brh, brv, blh, blv] = radii;
  const shrink = (h: number, v: number, dh: number, dv: number): [number, number] => {
    const nh = Math.max(0, h - dh);
    const nv = Math.max(0, v - dv);
    return nh > 0 && nv > 0 ? [nh, nv] : [0, 0];
  };
  return [
    ...shrink(tlh, tlv, inset.left, inset.top),
    ...shrink(trh, trv, inset.right, inset.top),
    ...shrink(brh, brv, inset.right, inset.bottom),
    ...shrink(blh, blv, inset.left, inset.bottom),
  ] as unknown as Radii;
}

