/**
 * A multi-column container (CSS Multi-column Layout 1): its box (a block-level formatting context
 * root, width as a block, height from its rows of columns and spanners unless definite), its
 * content laid out in columns (flow.ts) that continue over pages, and the column rules.
 */
import type { BlockBox } from '../../boxes/types.js';
import type { BoxFragment } from '../types.js';
import type { BreakToken, LayoutContext, LayoutInput, LayoutResult } from '../contract.js';
import { sizingStyle } from '../contract.js';
import type { ComputedStyle } from '../../css/types.js';
import { EMPTY_STRUT, addMargin } from '../margins.js';
import { clampHeight, containerMetrics, definiteContentHeight, marginOrZero, resolveMaxSize, toContentSize } from '../box-model.js';
import { forcedBreakOf } from '../break-token.js';
import { slicedContainer } from '../fragment.js';
import { contentHeightFromRatio } from '../aspect-ratio.js';
import { containerStart } from '../container-start.js';
import { columnGeometry } from './columns.js';
import { layoutMulticolFlow } from './flow.js';

export { isMulticol } from '../formatting-context-root.js';

export function layoutMulticol(box: BlockBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = sizingStyle(box, input);
  const continued = resume !== undefined;
  const cw = input.containingWidth;
  const metrics = containerMetrics(style, input);
  const { h, border, padding, edgesY } = metrics;

  const { page, borderTop, top } = containerStart(style, input, metrics, continued);
  const contentTop = borderTop + top.border + top.padding;
  const fixed = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY) : undefined;
  // an auto height from `aspect-ratio` holds the columns as `height` would (as Chromium)
  const fromRatio = fixed !== undefined || continued ? undefined : contentHeightFromRatio(style, h.contentWidth + h.border.left + h.border.right + h.padding.left + h.padding.right, { x: h.border.left + h.border.right + h.padding.left + h.padding.right, y: edgesY });
  const ratio = fromRatio === undefined ? undefined : clampHeight(style, fromRatio, input.containingHeight, edgesY);
  const definite = fixed ?? ratio ?? (continued ? undefined : definiteContentHeight(style, input.containingHeight, edgesY));
  const cap = continued ? undefined : fixed ?? ratio ?? heightCap(style, input.containingHeight, edgesY);

  const flow = layoutMulticolFlow(box, {
    mode: input.mode, contentX: input.x + h.marginLeft + border.left + padding.left, contentWidth: h.contentWidth, contentTop,
    cap, containingHeight: definite, page, geometry: columnGeometry(style, h.contentWidth),
  }, ctx, resume);
  if (flow.pushed) return { kind: 'pushed' };

  const broken = flow.token !== undefined;
  const autoHeight = flow.endY - contentTop;
  const contentHeight = fixed ?? (broken || continued ? autoHeight : ratio !== undefined ? Math.max(ratio, autoHeight) : clampHeight(style, autoHeight, input.containingHeight, edgesY, autoHeight));
  const x = input.x + h.marginLeft;
  const sliced = slicedContainer(box, metrics, { x, y: borderTop, contentHeight }, flow.fragments, { continued, broken });
  // Object.assign, not a spread followed by a new key (a new hidden class per call on Node 20)
  const fragment: BoxFragment = flow.rules.length > 0 ? Object.assign({}, sliced, { columnRules: flow.rules.map((r) => ({ ...r, x: r.x - x, y: r.y - borderTop })) }) : sliced;
  return {
    kind: 'placed', fragment, endY: borderTop + fragment.height,
    strut: addMargin(EMPTY_STRUT, broken ? 0 : marginOrZero(style.marginBottom, cw)), resolvedAt: borderTop,
    baselines: {
      first: flow.baselines.first === undefined ? undefined : flow.baselines.first - borderTop,
      last: flow.baselines.last === undefined ? undefined : flow.baselines.last - borderTop,
    },
    breakToken: flow.token, forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: input.exclusions, positioned: flow.positioned, pageContent: flow.pageContent,
  };
}

/** What holds the columns' height (§8.2): `height`, else `max-height` (content box). */
function heightCap(style: ComputedStyle, containingHeight: number | undefined, edgesY: number): number | undefined {
  const definite = definiteContentHeight(style, containingHeight, edgesY);
  if (definite !== undefined) return clampHeight(style, definite, containingHeight, edgesY);
  const max = resolveMaxSize(style.maxHeight, containingHeight);
  return max === Infinity ? undefined : toContentSize(max, style, edgesY);
}
