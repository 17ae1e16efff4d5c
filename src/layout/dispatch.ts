/**
 * The one place that decides how a box is laid out and how it is measured: an exhaustive switch
 * on the formatting context the box establishes. Block children, atomic inlines, floats,
 * positioned boxes, the page root and margin boxes all come through `layoutBox`; asking for
 * min-content or max-content (`input.available`) is the same call in measuring mode.
 * A new formatting context (table, flex, grid) is one new case here.
 */
import type { BlockFlowBox, FlexBox, LayoutBox, TableWrapperBox } from '../boxes/types.js';
import { tableFallbackChildren } from '../boxes/types.js';
import type { LayoutContext } from './context.js';
import type { BreakToken, LayoutInput, LayoutResult } from './contract.js';
import { layoutBlock } from './block.js';
import { layoutBlockReplaced } from './block-replaced.js';
import { layoutFlex } from './flex/index.js';
import { measureIntrinsic } from './intrinsic.js';
import { withRelativeOffset } from './positioned.js';
import { assertNever } from '../errors.js';

export function layoutBox(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume?: BreakToken): LayoutResult {
  if (typeof input.available !== 'number') return measureIntrinsic(box, input, input.available, ctx);
  return withRelativeOffset(box.style, input, layoutByContext(box, input, ctx, resume));
}

function layoutByContext(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  switch (box.kind) {
    case 'block': return layoutBlock(box, box, input, ctx, resume);
    case 'replaced': return layoutBlockReplaced(box, input, ctx);
    case 'flex': return layoutFlex(box, input, ctx, resume);
    // Grid layout is not built yet: its items are laid out in block flow (warned at box building).
    case 'grid': return layoutBlock(box, blockView(box, ctx), input, ctx, resume);
    // Table layout is not built yet: captions and cell contents in block flow.
    case 'table-wrapper': return layoutBlock(box, tableView(box, ctx), input, ctx, resume);
    default: return assertNever(box, 'box kind');
  }
}

/** A flex or grid container's items as the children of a block container (kept per render, for caches keyed by box). */
function blockView(box: FlexBox, ctx: LayoutContext): BlockFlowBox {
  let view = ctx.caches.blockViews.get(box);
  if (view === undefined) {
    view = { kind: 'block', outer: box.outer, style: box.style, element: box.element, pseudo: box.pseudo, inlineContent: false, children: box.children };
    ctx.caches.blockViews.set(box, view);
  }
  return view;
}

function tableView(box: TableWrapperBox, ctx: LayoutContext): BlockFlowBox {
  let view = ctx.caches.blockViews.get(box);
  if (view === undefined) {
    view = { kind: 'block', outer: box.outer, style: box.style, element: box.element, pseudo: box.pseudo, inlineContent: false, children: tableFallbackChildren(box) };
    ctx.caches.blockViews.set(box, view);
  }
  return view;
}
