/**
 * How wide a page's content is: the right edge of its scrollable overflow (CSS Overflow 3 §2.2)
 * from the page area's left edge — what Chromium's printing measures to shrink a page whose
 * content is wider than the page (docs/css.md, "Content wider than the page"). In it, as in
 * Chromium: in-flow boxes, their text and images, relatively and absolutely positioned boxes
 * (all where they are laid out), transformed boxes where their transform puts them. Not in it:
 * what a box with `overflow` other than `visible` (or paint containment) clips — but for the root
 * and the body, whose `overflow` is the viewport's —, fixed boxes, and overflow to the left (not
 * scrollable there).
 */
import type { BoxElement } from '../../boxes/types.js';
import type { Fragment } from '../types.js';
import { transformMatrix, transformedBounds } from '../transform.js';

export interface ContentWidth {
  /** The right edge of the widest content, from the page area's left edge (px). */
  readonly width: number;
  /** The element of the innermost box reaching that edge (for the warning's location). */
  readonly element: BoxElement | undefined;
}

/** The page's content width; `fragments` are the page's, in the parent-relative frames of layout (fragment.ts). */
export function contentWidth(fragments: readonly Fragment[], areaX: number): ContentWidth {
  const reach: Reach = { right: areaX, element: undefined };
  for (const fragment of fragments) extend(reach, fragment, 0, 0, undefined);
  return { width: reach.right - areaX, element: reach.element };
}

interface Reach {
  right: number;
  element: BoxElement | undefined;
}

/**
 * Widens `reach` to `fragment` and what overflows from it, `originX`/`originY` being its parent's
 * page position. A transformed box reaches as far as its border box and its content, transformed,
 * reach (Chromium counts `translateX(300px)`: CSS Overflow 3 §2.2 takes the transformed area).
 */
function extend(reach: Reach, fragment: Fragment, originX: number, originY: number, owner: BoxElement | undefined): void {
  const x = fragment.x + originX;
  const y = fragment.y + originY;
  let element = owner;
  if (fragment.kind === 'box') {
    if (fragment.style.position === 'fixed') return;
    element = fragment.box.element ?? owner;
    // most boxes have no transform: no rectangle made for them (this walk visits every fragment of every page)
    const matrix = fragment.box.kind === 'inline' || fragment.style.transform.length === 0 ? undefined : transformMatrix(fragment.style, { x, y, width: fragment.width, height: fragment.height });
    if (matrix !== undefined) {
      const inner: Reach = { right: x + fragment.width, element };
      if (!clipsInline(fragment)) for (const child of fragment.children) extend(inner, child, x, y, element);
      const bounds = transformedBounds(matrix, { x, y, width: inner.right - x, height: fragment.height });
      if (bounds.x + bounds.width > reach.right) Object.assign(reach, { right: bounds.x + bounds.width, element: inner.element });
      return;
    }
  }
  // a line box spans its container: its own width is not content, its text and boxes are
  const width = fragment.kind === 'text' ? fragment.width - hangingSpaces(fragment) : fragment.width;
  if (fragment.kind !== 'line' && x + width > reach.right) Object.assign(reach, { right: x + width, element });
  if (fragment.kind === 'box' && clipsInline(fragment)) return;
  if (fragment.kind === 'box' || fragment.kind === 'line') {
    for (const child of fragment.children) extend(reach, child, x, y, element);
  }
}

/** Spaces that hang at a line's end (CSS Text 3 §4.1.3). */
const HANGING = new Set([0x20, 0x09, 0x3000]);

/**
 * The width of the preserved spaces ending a `pre-wrap` text: at a line's end they hang (CSS Text 3
 * §4.1.3) and are not content — Chromium's printing does not shrink a page for them (measured: 300
 * spaces before a wrap). Elsewhere on a line, content after them reaches farther anyway.
 */
function hangingSpaces(fragment: Extract<Fragment, { kind: 'text' }>): number {
  if (fragment.style.whiteSpace !== 'pre-wrap') return 0;
  let width = 0;
  for (let r = fragment.runs.length - 1; r >= 0; r--) {
    const { run, advances } = fragment.runs[r]!;
    for (let g = run.glyphs.length - 1; g >= 0; g--) {
      const points = run.glyphs[g]!.codePoints;
      if (points.length === 0 || !points.every((point) => HANGING.has(point))) return width;
      width += advances[g] ?? 0;
    }
  }
  return width;
}

/**
 * What a box with `overflow` other than `visible` (or paint containment) clips is not content —
 * but the root's and the body's `overflow` are the viewport's (CSS Overflow 3 §3.3), which
 * Chromium's printing shrinks all the same (`body { overflow: hidden }`: measured).
 */
function clipsInline(fragment: Extract<Fragment, { kind: 'box' }>): boolean {
  const style = fragment.style;
  if (style.overflowX === 'visible' && !style.contain.paint) return false;
  const name = fragment.box.element?.name;
  return !(fragment.box.pseudo === undefined && (name === 'html' || name === 'body') && !style.contain.paint);
}
