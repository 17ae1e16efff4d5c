/**
 * Absolutely positioned boxes split over the fragments of a broken containing block (CSS
 * Fragmentation 3 §4.3, as Chromium's LayoutNG fragments them): a timeline's rule
 * `::before { position: absolute; top: 0; bottom: 0 }` in a list that runs over four pages is as
 * tall as the whole list, and each page draws the part of it beside the list's part there.
 *
 * Such a box's size or offset needs the whole block's height, known only when its last fragment is
 * laid out, after the pages of the fragments before are. So the last fragment places the box
 * against the stitched block (stitched-block.ts), keeps the part that falls in it, and leaves the
 * parts for the fragments before here, by the containing box and the fragment's place in its
 * sequence; once the document is laid out, those pages are patched. Pages streamed one at a time
 * are final when yielded, so a document holding such a box is laid out whole (layoutPages).
 */
import type { Box } from '../boxes/types.js';
import type { BoxFragment, Fragment, PageLayout } from './types.js';
import type { LayoutContext } from './contract.js';
import { cacheKey } from './contract.js';
import { offsetFragment } from './fragment.js';
import { withBoxFields } from './fragment-records.js';
import { appendAll } from '../append-all.js';

/** One fragment of a broken containing block before its last: its border-box top in the stitched block, and its height. */
export interface StitchedSpan {
  readonly offset: number;
  readonly height: number;
}

/** The parts left for earlier fragments, by containing box, then by the fragment's index in its sequence (a pagination's). */
interface LateSlices {
  /** Whether the pagination keeps its pages until the end (they can be patched). */
  patchable: boolean;
  readonly byBox: Map<Box, SliceParts>;
}

const LATE_SLICES = cacheKey<LateSlices>('layout.late-slices', () => ({ patchable: false, byBox: new Map() }));

/** Called by a pagination that keeps its pages: boxes may be split over fragments already laid out. */
export function allowLateSlices(ctx: LayoutContext): void {
  ctx.caches.of(LATE_SLICES).patchable = true;
}

/** Whether fragments laid out earlier can still receive parts of a box (the pages are kept whole). */
export function lateSlicesAllowed(ctx: LayoutContext): boolean {
  return ctx.caches.of(LATE_SLICES).patchable;
}

/** Where the stitched block lies on the last fragment's page, and the fragments before it. */
export interface SliceFrame {
  /** The page y of the stitched padding box's top, in the last fragment's frame. */
  readonly stitchedY: number;
  /** The last fragment's border-box top in the stitched block. */
  readonly lastOffset: number;
  /** The last fragment's x in its parent's frame (its children are relative to it). */
  readonly lastX: number;
  readonly spans: readonly StitchedSpan[];
}

/** Where the parts for the fragments before go, by fragment index. */
type SliceParts = Map<number, Fragment[]>;

/**
 * Starts placing the boxes split over a broken block's fragments, at its last: the parts left by
 * an earlier layout of that fragment (a page laid out again) are dropped.
 */
export function openSlices(ctx: LayoutContext, box: Box): SliceParts {
  const parts: SliceParts = new Map();
  ctx.caches.of(LATE_SLICES).byBox.set(box, parts);
  return parts;
}

/**
 * A box laid out against the whole stitched block (`placed`, in the last fragment's page frame),
 * cut at the fragments' edges: returns the part for the last fragment (relative to it; undefined
 * when nothing of the box falls there) and records the parts for the fragments before. Content
 * goes to the part where its top falls (not laid out again).
 */
export function sliceOverFragments(placed: BoxFragment, frame: SliceFrame, parts: SliceParts): BoxFragment | undefined {
  const top = placed.y - frame.stitchedY;
  const bottom = top + placed.height;
  // each fragment's border-box top in the stitched block; the first takes what lies above, the last what lies below
  const starts = [...frame.spans.map((s) => s.offset), frame.lastOffset];
  const last = starts.length - 1;
  let here: BoxFragment | undefined;
  for (let i = 0; i <= last; i++) {
    const from = i === 0 ? -Infinity : starts[i]!;
    const to = i === last ? Infinity : starts[i + 1]!;
    const sliceTop = Math.max(top, from);
    const sliceBottom = Math.min(bottom, to);
    // (an empty box goes to the fragment its top falls in)
    if (sliceBottom < sliceTop || (sliceBottom === sliceTop && (placed.height > 0 || top >= to))) continue;
    const part = slice(placed, { top: sliceTop - top, bottom: sliceBottom - top, first: sliceTop <= top, last: sliceBottom >= bottom });
    // relative to fragment i, whose border-box top is starts[i] in the stitched block, at the same x as in the last
    const moved = offsetFragment(part, -frame.lastX, sliceTop - starts[i]! - part.y);
    if (i === last) {
      here = moved;
      continue;
    }
    let list = parts.get(i);
    if (list === undefined) parts.set(i, list = []);
    list.push(moved);
  }
  return here;
}

/** The part of a box between `top` and `bottom` below its border-box top, its children that start there, moved up with it. */
function slice(f: BoxFragment, cut: { readonly top: number; readonly bottom: number; readonly first: boolean; readonly last: boolean }): BoxFragment {
  if (cut.first && cut.last) return f;
  const clone = f.style.boxDecorationBreak === 'clone';
  const children: Fragment[] = [];
  for (const child of f.children) {
    // (children are in the box's frame)
    const at = child.y;
    if ((cut.first || at >= cut.top) && (cut.last || at < cut.bottom)) children.push(offsetFragment(child, 0, -cut.top));
  }
  const border = clone ? f.border : { ...f.border, top: cut.first ? f.border.top : 0, bottom: cut.last ? f.border.bottom : 0 };
  const padding = clone ? f.padding : { ...f.padding, top: cut.first ? f.padding.top : 0, bottom: cut.last ? f.padding.bottom : 0 };
  return withBoxFields(f, {
    y: f.y + cut.top, height: cut.bottom - cut.top, border, padding, children,
    continuedBefore: f.continuedBefore || !cut.first, continuedAfter: f.continuedAfter || !cut.last,
  });
}

/**
 * The pages with the parts left for fragments laid out before their boxes' last: each containing
 * box's fragments are counted in page and tree order, and the n-th receives its parts last among
 * its children (where placed positioned boxes go). Pages without any are returned as they are.
 */
export function withLateSlices(pages: PageLayout[], ctx: LayoutContext): PageLayout[] {
  const late = ctx.caches.of(LATE_SLICES).byBox;
  if (late.size === 0) return pages;
  const seen = new Map<Box, number>();
  const patch = (f: Fragment): Fragment => {
    if (f.kind !== 'box') return f;
    let children: Fragment[] | undefined;
    for (let i = 0; i < f.children.length; i++) {
      const child = f.children[i]!;
      const patched = patch(child);
      if (patched !== child) (children ??= [...f.children])[i] = patched;
    }
    const parts = late.get(f.box);
    if (parts !== undefined) {
      const index = seen.get(f.box) ?? 0;
      seen.set(f.box, index + 1);
      const own = parts.get(index);
      if (own !== undefined) appendAll(children ??= [...f.children], own);
    }
    return children === undefined ? f : withBoxFields(f, { children });
  };
  return pages.map((page) => {
    const children = page.children.map(patch);
    return children.every((c, i) => c === page.children[i]) ? page : { ...page, children };
  });
}
