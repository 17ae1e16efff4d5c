/**
 * Outside list markers (CSS Lists 3 §3.1, CSS2 §12.5.1): laid out as a one-line inline
 * formatting context and placed just before the list item's content box, on the baseline of
 * the item's first line.
 */
import type { BlockBox } from '../boxes/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { LayoutContext } from './context.js';
import { layoutInlineContent } from './inline/index.js';
import { inlineEnv } from './block-lines.js';
import { translateFragment } from './translate.js';

const MARKER_ROOM = 10_000;

export function placeOutsideMarker(item: BoxFragment, marker: BlockBox, contentX: number, contentTop: number, ctx: LayoutContext): BoxFragment {
  const lines = layoutInlineContent(withLoadedImage(marker, ctx), MARKER_ROOM, inlineEnv(ctx));
  const line = lines[0];
  if (line === undefined || line.height === 0) return item;
  const width = lineContentWidth(line.fragment);
  const baseline = firstBaseline(item) ?? contentTop + line.baseline;
  const rtl = item.style.direction === 'rtl';
  // The marker box ends at the item's content edge (its start edge in rtl), as in browsers.
  const x = rtl ? contentX + contentWidthOf(item) : contentX - width;
  const moved = translateFragment(line.fragment, x - contentLeft(line.fragment), baseline - line.baseline);
  const sized = moved.kind === 'line' ? { ...moved, x, width } : moved;
  return { ...item, children: [...item.children, sized] };
}

/** A `list-style-image` marker whose image did not load shows its `list-style-type` instead (CSS Lists 3 §3.1). */
function withLoadedImage(marker: BlockBox, ctx: LayoutContext): BlockBox {
  if (marker.imageFallback === undefined) return marker;
  const loaded = marker.children.every((child) => child.kind !== 'replaced' || ctx.images.has(child.src));
  return loaded ? marker : { ...marker, children: marker.imageFallback };
}

function contentLeft(line: Fragment): number {
  return line.kind === 'line' && line.children.length > 0 ? Math.min(...line.children.map((c) => c.x)) : 0;
}

function lineContentWidth(line: Fragment): number {
  if (line.kind !== 'line' || line.children.length === 0) return 0;
  const left = Math.min(...line.children.map((c) => c.x));
  const right = Math.max(...line.children.map((c) => c.x + c.width));
  return right - left;
}

function contentWidthOf(item: BoxFragment): number {
  return item.width - item.border.left - item.border.right - item.padding.left - item.padding.right;
}

/** Absolute baseline of the first line box inside a fragment (depth first). */
export function firstBaseline(fragment: Fragment): number | undefined {
  if (fragment.kind === 'line') return fragment.children.length > 0 ? fragment.baseline : undefined;
  if (fragment.kind !== 'box') return undefined;
  for (const child of fragment.children) {
    const found = firstBaseline(child);
    if (found !== undefined) return found;
  }
  return undefined;
}
