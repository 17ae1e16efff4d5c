/**
 * How wide a page's content is: the right edge of its scrollable overflow (CSS Overflow 3 §2.2)
 * from the page area's left edge — what Chromium's printing measures to shrink a page whose
 * content is wider than the page (docs/css.md, "Content wider than the page"). In it, as in
 * Chromium: in-flow boxes, their text and images, relatively and absolutely positioned boxes
 * (all where they are laid out). Not in it: what a box with `overflow` other than `visible` (or
 * paint containment) clips, fixed boxes, and overflow to the left (not scrollable there).
 */
import type { BoxElement } from '../../boxes/types.js';
import type { Fragment } from '../types.js';

export interface ContentWidth {
  /** The right edge of the widest content, from the page area's left edge (px). */
  readonly width: number;
  /** The element of the innermost box reaching that edge (for the warning's location). */
  readonly element: BoxElement | undefined;
}

/** The page's content width; `fragments` are the page's, in the parent-relative frames of layout (fragment.ts). */
export function contentWidth(fragments: readonly Fragment[], areaX: number): ContentWidth {
  let right = areaX;
  let widest: BoxElement | undefined;
  const stack: { fragment: Fragment; x: number; element: BoxElement | undefined }[] = fragments.map((fragment) => ({ fragment, x: 0, element: undefined }));
  while (stack.length > 0) {
    const { fragment, x: originX, element: owner } = stack.pop()!;
    const x = fragment.x + originX;
    let element = owner;
    if (fragment.kind === 'box') {
      if (fragment.style.position === 'fixed') continue;
      element = fragment.box.element ?? owner;
    }
    // a line box spans its container: its own width is not content, its text and boxes are
    if (fragment.kind !== 'line' && x + fragment.width > right) {
      right = x + fragment.width;
      widest = element;
    }
    if (fragment.kind === 'box' && clipsInline(fragment.style)) continue;
    if (fragment.kind === 'box' || fragment.kind === 'line') {
      for (const child of fragment.children) stack.push({ fragment: child, x, element });
    }
  }
  return { width: right - areaX, element: widest };
}

function clipsInline(style: Extract<Fragment, { kind: 'box' }>['style']): boolean {
  return style.overflowX !== 'visible' || style.contain.paint;
}
