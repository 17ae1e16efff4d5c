/**
 * Atomic inlines (CSS2 §10.3.9, §10.6.6, §10.8.1): inline-blocks sized shrink-to-fit and laid
 * out as their own formatting context, and inline images. Laid out at the origin (margin box
 * at 0,0); the line box moves them into place.
 */
import type { BlockBox, ReplacedBox } from '../boxes/types.js';
import type { Fragment } from './types.js';
import type { LayoutContext } from './context.js';
import type { AtomicLayout } from './inline/pieces.js';
import { EMPTY_STRUT } from './margins.js';
import { marginOrZero, resolveSize, usedBorder, usedPadding } from './box-model.js';
import { replacedSize } from './replaced.js';
import { replacedFragment } from './block-replaced.js';
import { layoutBlockLevel } from './block.js';
import { intrinsicSizes } from './intrinsic.js';
import { translateFragment } from './translate.js';

export function layoutAtomicInline(box: BlockBox | ReplacedBox, containingWidth: number, ctx: LayoutContext): AtomicLayout {
  const marginLeft = marginOrZero(box.style.marginLeft, containingWidth);
  const marginRight = marginOrZero(box.style.marginRight, containingWidth);
  const marginTop = marginOrZero(box.style.marginTop, containingWidth);
  const marginBottom = marginOrZero(box.style.marginBottom, containingWidth);
  if (box.kind === 'replaced') {
    const image = ctx.images.get(box.src);
    const size = replacedSize(box, image, containingWidth, undefined);
    const fragment = replacedFragment(box, image, marginLeft, marginTop, size);
    const height = fragment.height + marginTop + marginBottom;
    // An image's baseline is its bottom margin edge.
    return { fragment, width: fragment.width + marginLeft + marginRight, height, baseline: height };
  }
  const width = shrinkToFitWidth(box, containingWidth, ctx);
  const laid = layoutBlockLevel(box, {
    x: 0, y: 0, strut: EMPTY_STRUT, containingWidth, containingHeight: undefined,
    fragmentainerBottom: Infinity, atPageTop: true, discardTopMargins: false, fixedContentWidth: width,
  }, ctx);
  if (laid.kind !== 'placed') throw new Error('an inline-block cannot be pushed');
  // A right-to-left block gives its free room to the left margin: bring the margin box to x = 0.
  const fragment = laid.fragment.x === marginLeft ? laid.fragment : translateFragment(laid.fragment, marginLeft - laid.fragment.x, 0);
  const height = fragment.height + marginTop + marginBottom;
  const lastBaseline = box.style.overflowY === 'visible' ? lastLineBaseline(fragment) : undefined;
  return {
    fragment,
    width: fragment.width + marginLeft + marginRight,
    height,
    baseline: lastBaseline === undefined ? height : lastBaseline,
  };
}

/** CSS2 §10.3.9: min(max(min-content, available), max-content), as a content-box width. */
function shrinkToFitWidth(box: BlockBox, containingWidth: number, ctx: LayoutContext): number {
  const style = box.style;
  const border = usedBorder(style);
  const padding = usedPadding(style, containingWidth);
  const edges = border.left + border.right + padding.left + padding.right;
  const specified = resolveSize(style.width, containingWidth);
  if (specified !== undefined) return style.boxSizing === 'border-box' ? Math.max(0, specified - edges) : specified;
  const available = containingWidth - edges - marginOrZero(style.marginLeft, containingWidth) - marginOrZero(style.marginRight, containingWidth);
  const sizes = intrinsicSizes(box, ctx);
  return Math.max(0, Math.min(Math.max(sizes.minContent, available), sizes.maxContent));
}

/** The baseline of the last line box inside a fragment, relative to the fragment's margin-box top. */
function lastLineBaseline(fragment: Fragment): number | undefined {
  const walk = (node: Fragment): number | undefined => {
    if (node.kind === 'line') return node.baseline;
    if (node.kind !== 'box') return undefined;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const found = walk(node.children[i]!);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(fragment);
}
