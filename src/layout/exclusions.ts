/**
 * The floats of one block formatting context (CSS2 §9.5), as an immutable "exclusion space":
 * the margin boxes of the floats placed so far, in the formatting context's frame. Block layout
 * hands it from sibling to sibling and into inline layout, which asks it how much of a line's
 * band is free; block/float.ts asks it where the next float goes (§9.5.1).
 */
import type { ComputedStyle } from '../css/types.js';
import type { FloatArea } from './float-shape.js';
import { areaReach } from './float-shape.js';

export interface PlacedFloat {
  readonly side: 'left' | 'right';
  /** The float's margin box. */
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** Its `shape-outside` (CSS Shapes 1): the area its lines wrap around, inside the margin box. */
  readonly area?: FloatArea;
  /** An initial letter's float (CSS Inline 3 §6): a later paragraph opening with one starts below it. */
  readonly initialLetter?: true;
}

export interface ExclusionSpace {
  /**
   * The floats placed so far, the last one first: each space adds a link to the list of the one
   * it was made from, so adding a float takes the same time and memory however many there are
   * (a copied array made a page of 20,000 tiny floats take 2.6 GB).
   */
  readonly last: FloatLink | undefined;
  readonly count: number;
  /** §9.5.1 rule 5: a float's top may not be above the top of an earlier float. */
  readonly lowestTop: number;
}

export interface FloatLink {
  readonly float: PlacedFloat;
  readonly before: FloatLink | undefined;
  /**
   * The lowest bottom of the left floats and of the right floats from this one back: a walk for
   * a band stops where every float before ends above it (the rows of floats higher on the page).
   */
  readonly leftReach: number;
  readonly rightReach: number;
}

/** Whether a float from `link` back may reach below `top` (a walk over a band's floats stops at the first that none does). */
function reachesBelow(link: FloatLink | undefined, top: number): link is FloatLink {
  return link !== undefined && (link.leftReach > top + EPSILON || link.rightReach > top + EPSILON);
}

export const NO_EXCLUSIONS: ExclusionSpace = { last: undefined, count: 0, lowestTop: -Infinity };

/** The free interval of a band between the floats that intrude into it. */
export interface Band {
  readonly left: number;
  readonly right: number;
}

const EPSILON = 0.01;

function overlaps(f: PlacedFloat, top: number, bottom: number): boolean {
  // a zero-height band still meets the float it starts in
  const end = Math.max(bottom, top + 2 * EPSILON);
  return f.bottom > f.top && f.top < end - EPSILON && f.bottom > top + EPSILON;
}

/** The part of [left, right] that floats' margin boxes leave free over the band [top, top + height]: where a float or a block goes. */
export function freeBand(space: ExclusionSpace, top: number, height: number, left: number, right: number): Band {
  return bandBetween(space, top, top + height, { left, right }, false);
}

/**
 * The part of [left, right] that floats leave free for a line over the band [top, top + height]:
 * a float with `shape-outside` only takes what its area reaches into the band, clipped to its
 * margin box, and nothing where the band misses the area (CSS Shapes 1 §2).
 */
export function freeLineBand(space: ExclusionSpace, top: number, height: number, left: number, right: number): Band {
  return bandBetween(space, top, top + height, { left, right }, true);
}

function bandBetween(space: ExclusionSpace, top: number, bottom: number, edges: Band, shapes: boolean): Band {
  let l = edges.left;
  let r = edges.right;
  for (let link = space.last; reachesBelow(link, top); link = link.before) {
    const f = link.float;
    if (!overlaps(f, top, bottom)) continue;
    let edge = f.side === 'left' ? f.right : f.left;
    if (shapes && f.area !== undefined) {
      const reach = areaReach(f.area, f.side, Math.max(top, f.top), Math.min(Math.max(bottom, top + 2 * EPSILON), f.bottom));
      // a band that misses the area, or meets it only outside the margin box, is not narrowed
      if (reach === undefined || (f.side === 'left' ? reach <= f.left : reach >= f.right)) continue;
      edge = Math.min(f.right, Math.max(f.left, reach));
    }
    if (f.side === 'left') l = Math.max(l, edge);
    else r = Math.min(r, edge);
  }
  return { left: l, right: Math.max(l, r) };
}

/** Is any float beside the band [top, top + height]? */
export function hasFloatsBeside(space: ExclusionSpace, top: number, height: number): boolean {
  for (let link = space.last; reachesBelow(link, top); link = link.before) if (overlaps(link.float, top, top + height)) return true;
  return false;
}

/** Whether a float's top is at `y` or below it (less 0.01px): one placed beside or after content there. */
export function hasFloatFrom(space: ExclusionSpace, y: number): boolean {
  // the lowest top of all the floats (rule 5 keeps it)
  return space.count > 0 && space.lowestTop >= y - 0.01;
}

/**
 * Does any float reach into the column [left, right] below `top`? Where none does, lines from
 * `top` on have the whole column, as if the formatting context had no floats: they are laid out
 * once for the content (its balanced or pretty breaks too), not band by band.
 */
export function floatsIntrude(space: ExclusionSpace, top: number, left: number, right: number): boolean {
  for (let link = space.last; reachesBelow(link, top); link = link.before) {
    const f = link.float;
    if (f.bottom > f.top && f.bottom > top + EPSILON && f.left < right - EPSILON && f.right > left + EPSILON) return true;
  }
  return false;
}

/** The lowest bottom edge of the floats on the given sides (for clearance, §9.5.2); -Infinity when none. */
export function floatsBottom(space: ExclusionSpace, clear: 'left' | 'right' | 'both'): number {
  const last = space.last;
  if (last === undefined) return -Infinity;
  return clear === 'both' ? Math.max(last.leftReach, last.rightReach) : clear === 'left' ? last.leftReach : last.rightReach;
}

/**
 * The lowest bottom, below `top`, of the initial letters placed so far; `top` when none reaches
 * below it (the walk stops at the first float from which none does, as a band's walk).
 */
export function initialLettersBottom(space: ExclusionSpace, top: number): number {
  let bottom = top;
  for (let link = space.last; reachesBelow(link, top); link = link.before) {
    if (link.float.initialLetter === true) bottom = Math.max(bottom, link.float.bottom);
  }
  return bottom;
}

/** The next y below `top` where a float intruding into the band ends (where a band may get wider). */
export function nextFloatBottom(space: ExclusionSpace, top: number, height: number): number | undefined {
  let next: number | undefined;
  for (let link = space.last; reachesBelow(link, top); link = link.before) {
    const f = link.float;
    if (!overlaps(f, top, top + height) || f.bottom <= top + EPSILON) continue;
    next = next === undefined ? f.bottom : Math.min(next, f.bottom);
  }
  return next;
}

export interface FloatRequest {
  readonly side: 'left' | 'right';
  /** The float's margin-box size. */
  readonly width: number;
  readonly height: number;
  /** The highest the float may go (its placeholder's position, after clearance). */
  readonly minTop: number;
  /** The containing block's content edges. */
  readonly left: number;
  readonly right: number;
}

/**
 * CSS2 §9.5.1: the highest position, then the one furthest to its side, where the float's margin
 * box fits between the containing block's edges and the floats already placed (rules 1-9); a
 * float wider than its containing block goes where no float is beside it.
 */
export function placeFloat(space: ExclusionSpace, request: FloatRequest): { x: number; y: number } {
  let top = Math.max(request.minTop, space.lowestTop);
  for (;;) {
    const band = freeBand(space, top, request.height, request.left, request.right);
    const fits = band.right - band.left >= request.width - EPSILON;
    const next = nextFloatBottom(space, top, request.height);
    if (fits || next === undefined) {
      const x = request.side === 'left' ? band.left : band.right - request.width;
      return { x, y: top };
    }
    top = next;
  }
}

export function addFloat(space: ExclusionSpace, float: PlacedFloat): ExclusionSpace {
  const before = space.last;
  const leftReach = Math.max(before?.leftReach ?? -Infinity, float.side === 'left' ? float.bottom : -Infinity);
  const rightReach = Math.max(before?.rightReach ?? -Infinity, float.side === 'right' ? float.bottom : -Infinity);
  return { last: { float, before, leftReach, rightReach }, count: space.count + 1, lowestTop: Math.max(space.lowestTop, float.top) };
}

/** The physical side of a float: `inline-start`/`inline-end` follow the containing block's direction (CSS Logical 1 §4.1). */
export function floatSide(value: ComputedStyle['float'], direction: 'ltr' | 'rtl'): 'left' | 'right' {
  if (value === 'inline-start') return direction === 'rtl' ? 'right' : 'left';
  if (value === 'inline-end') return direction === 'rtl' ? 'left' : 'right';
  return value === 'right' ? 'right' : 'left';
}

/** The physical sides `clear` names, by the containing block's direction; undefined for `none`. */
export function clearSides(value: 'none' | 'left' | 'right' | 'both' | 'inline-start' | 'inline-end', direction: 'ltr' | 'rtl'): 'left' | 'right' | 'both' | undefined {
  if (value === 'none') return undefined;
  return value === 'both' ? 'both' : floatSide(value, direction);
}
