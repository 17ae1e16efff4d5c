/**
 * `max-lines` and `line-clamp` (CSS Overflow 4): a block container shows its first N lines and discards what
 * comes after them. Lines count in the container's own block formatting context — its lines and
 * those of block descendants that do not start a formatting context of their own (floats,
 * flow-roots, tables, flex and grid boxes are passed over). The container ends
 * below the Nth line (the clamp point); the blocks around that line are cut there as at a page
 * break (their bottom border and padding dropped); everything after it in flow order goes, floats
 * that start below it too. When content was cut, the Nth line gets the ellipsis of
 * `block-ellipsis` at the end of its content, which loses whole characters to make room
 * (inline/ellipsis.ts).
 *
 * Works on the laid-out children of the container (index.ts lays a clamped box out whole, never
 * split by a page): the line count is a walk over fragments in flow order.
 */
import type { LayoutBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { TextSystem } from '../../text/types.js';
import type { BoxFragment, Fragment, LineFragment } from '../types.js';
import { ellipsizedLine } from '../inline/ellipsis.js';
import { isMarkerLine } from '../fragment.js';
import { withBoxFields } from '../fragment-records.js';

/** The style of the `::marker` whose line marker.ts added to the fragments of a list item, if any. */
function markerStyleOf(fragment: BoxFragment): ComputedStyle | undefined {
  return fragment.box.kind === 'block' ? fragment.box.marker?.style : undefined;
}

/** Where the Nth line is: its index in a fragment list, and inside that fragment when it is a block. */
interface ClampPoint {
  readonly index: number;
  /** The clamp point inside the block at `index`; undefined when `index` is the line itself. */
  readonly inside: ClampPoint | undefined;
  /** Bottom of the Nth line in the list's frame. */
  readonly bottom: number;
  /** Its baseline in the list's frame. */
  readonly baseline: number;
}

type Search = { readonly found: ClampPoint; readonly cut: boolean } | { readonly found: undefined; readonly left: number };

export interface ClampedChildren {
  readonly fragments: readonly Fragment[];
  /** Bottom of the Nth line (the end of the container's content), in the children's frame. */
  readonly endY: number;
  readonly lastBaseline: number;
}

/**
 * The container's children cut after its `lines`th line; undefined when they have no more
 * lines than that (nothing is cut). `startsContext`: whether a block box starts its own formatting
 * context (formatting-context-root.ts establishesBfc), whose lines do not count.
 */
export function clampLines(
  fragments: readonly Fragment[], lines: number, style: ComputedStyle,
  startsContext: (box: LayoutBox) => boolean, text: TextSystem,
): ClampedChildren | undefined {
  const search = findClampPoint(fragments, lines, startsContext, undefined);
  if (search.found === undefined || !search.cut) return undefined;
  return { fragments: cutAt(fragments, search.found, { style, text }, undefined), endY: search.found.bottom, lastBaseline: search.found.baseline };
}

/** The Nth line counting from `fragments` on, and whether any content follows it. */
function findClampPoint(fragments: readonly Fragment[], lines: number, startsContext: (box: LayoutBox) => boolean, marker: ComputedStyle | undefined): Search {
  let left = lines;
  for (let i = 0; i < fragments.length; i++) {
    const fragment = fragments[i]!;
    if (fragment.kind === 'line') {
      if (fragment.height <= 0 || isMarkerLine(fragment, marker)) continue;
      left--;
      if (left === 0) {
        const point: ClampPoint = { index: i, inside: undefined, bottom: fragment.y + fragment.height, baseline: fragment.baseline };
        return { found: point, cut: hasContentAfter(fragments, i + 1, marker) };
      }
    } else if (countsLines(fragment, startsContext)) {
      const inner = findClampPoint(fragment.children, left, startsContext, markerStyleOf(fragment));
      if (inner.found !== undefined) {
        const point: ClampPoint = { index: i, inside: inner.found, bottom: fragment.y + inner.found.bottom, baseline: fragment.y + inner.found.baseline };
        return { found: point, cut: inner.cut || hasContentAfter(fragments, i + 1, marker) };
      }
      left = inner.left;
    }
  }
  return { found: undefined, left };
}

/** A block-level box of the same formatting context, whose lines count. */
function countsLines(fragment: Fragment, startsContext: (box: LayoutBox) => boolean): fragment is BoxFragment {
  if (fragment.kind !== 'box' || fragment.box.kind !== 'block') return false;
  return fragment.box.outer === 'block' && !startsContext(fragment.box);
}

/** In-flow content after position `from` (floats and empty blocks are not content to cut). */
function hasContentAfter(fragments: readonly Fragment[], from: number, marker: ComputedStyle | undefined): boolean {
  for (let i = from; i < fragments.length; i++) {
    const fragment = fragments[i]!;
    if (fragment.kind === 'line') {
      if (fragment.height > 0 && !isMarkerLine(fragment, marker)) return true;
    } else if (fragment.kind !== 'box' || fragment.style.float === 'none') {
      if (fragment.height > 0 || (fragment.kind === 'box' && hasContentAfter(fragment.children, 0, markerStyleOf(fragment)))) return true;
    }
  }
  return false;
}

interface CutContext {
  /** The block container the lines of this list belong to (its `block-ellipsis`, in its font). */
  readonly style: ComputedStyle;
  readonly text: TextSystem;
}

/** `fragments` up to the clamp point: what follows goes, but floats that start above it. */
function cutAt(fragments: readonly Fragment[], point: ClampPoint, ctx: CutContext, marker: ComputedStyle | undefined): Fragment[] {
  const kept = fragments.slice(0, point.index);
  const at = fragments[point.index]!;
  if (at.kind === 'line') kept.push(withEllipsis(at, ctx));
  else if (at.kind === 'box' && point.inside !== undefined) kept.push(cutBlock(at, point.inside, ctx));
  // what follows goes, but floats that start above the cut and the item's marker (it is beside the item's first line)
  for (let i = point.index + 1; i < fragments.length; i++) {
    const fragment = fragments[i]!;
    const float = fragment.kind === 'box' && fragment.style.float !== 'none' && fragment.y < point.bottom;
    if (float || (fragment.kind === 'line' && isMarkerLine(fragment, marker))) kept.push(fragment);
  }
  return kept;
}

/** A block cut at the clamp point inside it, as a page break would cut it (box-decoration-break: slice). */
function cutBlock(block: BoxFragment, inside: ClampPoint, ctx: CutContext): BoxFragment {
  return {
    ...block,
    height: inside.bottom,
    border: { ...block.border, bottom: 0 },
    padding: { ...block.padding, bottom: 0 },
    children: cutAt(block.children, inside, { ...ctx, style: block.style }, markerStyleOf(block)),
    continuedAfter: true,
  };
}

/**
 * `continue: discard` (CSS Overflow 4 §5.1): the container's content cut at a page break, the
 * last line kept before it — in the container's formatting context, as the clamp counts lines —
 * ends with `block-ellipsis` as the Nth line of a clamp does. The same list when it has no line.
 */
export function withEllipsisOnLastLine(fragments: readonly Fragment[], style: ComputedStyle, startsContext: (box: LayoutBox) => boolean, text: TextSystem): readonly Fragment[] {
  return lastLineEllipsized(fragments, { style, text }, startsContext, undefined) ?? fragments;
}

function lastLineEllipsized(fragments: readonly Fragment[], ctx: CutContext, startsContext: (box: LayoutBox) => boolean, marker: ComputedStyle | undefined): Fragment[] | undefined {
  for (let i = fragments.length - 1; i >= 0; i--) {
    const fragment = fragments[i]!;
    let replaced: Fragment | undefined;
    if (fragment.kind === 'line') {
      if (fragment.height > 0 && !isMarkerLine(fragment, marker)) replaced = withEllipsis(fragment, ctx);
    } else if (countsLines(fragment, startsContext)) {
      const children = lastLineEllipsized(fragment.children, { ...ctx, style: fragment.style }, startsContext, markerStyleOf(fragment));
      if (children !== undefined) replaced = withBoxFields(fragment, { children });
    }
    if (replaced !== undefined) return [...fragments.slice(0, i), replaced, ...fragments.slice(i + 1)];
  }
  return undefined;
}

function withEllipsis(line: LineFragment, ctx: CutContext): LineFragment {
  const end = ctx.style.blockEllipsis;
  return end === 'clip' ? line : ellipsizedLine(line, { width: line.width, rtl: ctx.style.direction === 'rtl' }, end, ctx.style, ctx.text);
}
