/** A block-level replaced element (`img { display: block }`): sized, then placed as one unbreakable piece. */
import type { ReplacedBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { IntrinsicSizes, LayoutContext, LayoutInput, LayoutResult } from '../contract.js';
import type { ReplacedSize } from '../replaced.js';
import { contentHeightFor, contentWidthFor, replacedEdges, replacedSize } from '../replaced.js';
import type { ComputedStyle } from '../../css/types.js';
import { placeBlockLevel } from '../block-level.js';
import { ImageRecord, boxFragment } from '../fragment-records.js';
import { layoutForeignObjects } from '../foreign-object.js';

/**
 * A replaced element's content sizes (the replaced entry of the table): its natural width, sized
 * by `width`/`min-width`/`max-width`. A percentage there is cyclic (CSS Sizing 3 §5.2.1): it
 * behaves as `auto` for the max-content contribution and resolves against zero for the min-content
 * one (§5.2.2, compressible replaced elements), then against the final size at layout. So a
 * `width: 100%; max-width: 300px` logo gives its cell 300px and can shrink, as in Chromium.
 * `contentHeight`: its content height when given before its width (contract.ts `Dispatch.contentSizes`).
 */
export function replacedIntrinsicSizes(box: ReplacedBox, ctx: LayoutContext, _keep?: boolean, contentHeight?: number): IntrinsicSizes {
  const image = ctx.images.get(box.src);
  if (contentHeight !== undefined && box.style.width === 'auto') {
    // its height given before its width (a grid item stretched in a row of fixed size): the width its ratio gives
    const size = replacedSize(box, image, { width: undefined, height: undefined }, ctx.text, true);
    if (size.ratio !== undefined) {
      const edges = replacedEdges(size);
      const width = contentWidthFor(size.ratio, contentHeight, edges.x, edges.y);
      return { minContent: width, maxContent: width };
    }
  }
  const minContent = replacedSize(box, image, { width: 0, height: undefined }, ctx.text, true).width;
  const maxContent = replacedSize(box, image, { width: undefined, height: undefined }, ctx.text, true).width;
  return { minContent: Math.min(minContent, maxContent), maxContent };
}

export function layoutBlockReplaced(box: ReplacedBox, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const image = ctx.images.get(box.src);
  const natural = replacedSize(box, image, { width: input.containingWidth, height: input.containingHeight }, ctx.text);
  const size = fixedFromOutside(natural, input, box.style);
  const edges = replacedEdges(size);
  return placeBlockLevel(box, input, { width: size.width + edges.x, height: size.height + edges.y }, (x, y) => replacedFragment(box, x, y, size, ctx));
}

/**
 * Border-box sizes given from outside (a stretched flex item, an absolutely positioned image)
 * replace the natural ones; the other size, when the style leaves it `auto`, follows through the
 * ratio (a logo shrunk in a flex row keeps its proportions).
 */
function fixedFromOutside(size: ReplacedSize, input: LayoutInput, style: ComputedStyle): ReplacedSize {
  const { x: edgesX, y: edgesY } = replacedEdges(size);
  const width = input.fixedWidth !== undefined ? Math.max(0, input.fixedWidth - edgesX) : size.width;
  const height = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY) : size.height;
  const ratio = size.ratio;
  if (ratio === undefined || (input.fixedWidth === undefined) === (input.fixedHeight === undefined)) return { ...size, width, height };
  if (input.fixedWidth !== undefined && style.height === 'auto') return { ...size, width, height: contentHeightFor(ratio, width, edgesX, edgesY) };
  if (input.fixedHeight !== undefined && style.width === 'auto') return { ...size, width: contentWidthFor(ratio, height, edgesX, edgesY), height };
  return { ...size, width, height };
}

/**
 * The box fragment of a replaced element (border box) holding its image fragment (content box,
 * relative to it), with an inline SVG's `<foreignObject>` blocks laid out (layout/foreign-object.ts).
 */
export function replacedFragment(box: ReplacedBox, x: number, y: number, size: ReplacedSize, ctx: LayoutContext): BoxFragment {
  const image = ctx.images.get(box.src);
  const contentX = size.border.left + size.padding.left;
  const contentY = size.border.top + size.padding.top;
  const children: Fragment[] = image === undefined
    ? []
    : [new ImageRecord({ style: box.style, width: size.width, height: size.height, image, foreign: layoutForeignObjects(box, ctx) }, contentX, contentY)];
  return boxFragment({
    box, style: box.style, x, y,
    width: size.width + size.border.left + size.border.right + size.padding.left + size.padding.right,
    height: size.height + size.border.top + size.border.bottom + size.padding.top + size.padding.bottom,
    border: size.border, padding: size.padding, children,
    continuedBefore: false, continuedAfter: false,
  });
}
