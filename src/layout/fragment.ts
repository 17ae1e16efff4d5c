/**
 * Fragment frames. During layout a fragment's position (x, y, and a line's or text's baseline
 * and glyph runs) is relative to its parent fragment's border-box origin, so that aligning or
 * moving an already laid-out subtree (a line, an atomic inline, a cell, a positioned box) changes
 * one record: `offsetFragment` is O(1) in the subtree's size. The page's fragments are turned
 * into page coordinates once, when the page is complete (`toPageFrame`), for paint and tests.
 */
import type { BoxFragment, Fragment } from './types.js';
import type { LayoutBox } from '../boxes/types.js';
import type { ContainerMetrics } from './box-model.js';

/** The fragment moved by (dx, dy) in its parent's frame; its descendants are untouched. */
export function offsetFragment<F extends Fragment>(fragment: F, dx: number, dy: number): F {
  if (dx === 0 && dy === 0) return fragment;
  switch (fragment.kind) {
    case 'box':
    case 'image':
      return { ...fragment, x: fragment.x + dx, y: fragment.y + dy };
    case 'line':
      return { ...fragment, x: fragment.x + dx, y: fragment.y + dy, baseline: fragment.baseline + dy };
    case 'text':
      return {
        ...fragment,
        x: fragment.x + dx,
        y: fragment.y + dy,
        baseline: fragment.baseline + dy,
        runs: fragment.runs.map((run) => ({ ...run, x: run.x + dx })),
      };
  }
}

/** Fragments placed in a frame whose origin is at (originX, originY) of the current one, as children of a box there. */
export function relativeTo(fragments: readonly Fragment[], originX: number, originY: number): Fragment[] {
  return fragments.map((f) => offsetFragment(f, -originX, -originY));
}

/** The subtree in page coordinates: every position resolved against its ancestors' (one copy per page). */
export function toPageFrame(fragment: Fragment, originX: number, originY: number): Fragment {
  const placed = offsetFragment(fragment, originX, originY);
  if (placed.kind !== 'box' && placed.kind !== 'line') return placed;
  return { ...placed, children: placed.children.map((child) => toPageFrame(child, placed.x, placed.y)) };
}

/**
 * A container's fragment on one page (flex and multi-column containers): its top border and
 * padding dropped where it continues from the page before, its bottom ones where it goes on to the
 * next (box-decoration-break: slice; `clone` keeps them). `children` are in the page's frame.
 */
export function slicedContainer(
  box: LayoutBox, metrics: ContainerMetrics, x: number, y: number, contentHeight: number,
  children: readonly Fragment[], slices: { readonly continued: boolean; readonly broken: boolean },
): BoxFragment {
  const { border, padding, h, edgesX } = metrics;
  // box-decoration-break: clone keeps them at every break (the content left room for them)
  const clone = box.style.boxDecorationBreak === 'clone';
  const cutTop = slices.continued && !clone;
  const cutBottom = slices.broken && !clone;
  const top = { border: cutTop ? 0 : border.top, padding: cutTop ? 0 : padding.top };
  const bottom = { border: cutBottom ? 0 : border.bottom, padding: cutBottom ? 0 : padding.bottom };
  return {
    kind: 'box', box, style: box.style, x, y,
    width: h.contentWidth + edgesX, height: top.border + top.padding + contentHeight + bottom.padding + bottom.border,
    border: { top: top.border, right: border.right, bottom: bottom.border, left: border.left },
    padding: { top: top.padding, right: padding.right, bottom: bottom.padding, left: padding.left },
    children: relativeTo(children, x, y),
    continuedBefore: slices.continued, continuedAfter: slices.broken,
  };
}
