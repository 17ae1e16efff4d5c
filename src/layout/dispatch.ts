/**
 * The one place that decides how a box is laid out and how it is measured: an exhaustive switch
 * on the formatting context the box establishes. Block children, atomic inlines, floats,
 * positioned boxes, the page root and margin boxes all come through `layoutBox`; asking for
 * min-content or max-content (`input.available`) is the same call in measuring mode.
 * A new formatting context (flex, grid) is one new case here.
 */
import type { LayoutBox } from '../boxes/types.js';
import type { LayoutContext } from './context.js';
import type { BreakToken, LayoutInput, LayoutResult } from './contract.js';
import { layoutBlock } from './block.js';
import { layoutBlockReplaced } from './block-replaced.js';
import { layoutFlex } from './flex/index.js';
import { layoutGrid } from './grid/index.js';
import { isMulticol, layoutMulticol } from './multicol/index.js';
import { measureIntrinsic } from './intrinsic.js';
import { layoutTable } from './table/index.js';
import { withRelativeOffset } from './positioned.js';
import { assertNever } from '../errors.js';
import { resolveSize } from './box-model.js';
import { withKeywordSizes } from './size-keywords.js';

export function layoutBox(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume?: BreakToken): LayoutResult {
  if (typeof input.available !== 'number') return measureIntrinsic(box, input, input.available, ctx);
  const sized = withKeywordSizes(box, input, ctx);
  if (resume === undefined && sized.fragmentainer !== undefined && clipsAtFixedHeight(box, sized)) return monolithic(box, sized, ctx);
  return withRelativeOffset(box.style, sized, layoutByContext(box, sized, ctx, resume));
}

/**
 * A box that clips its overflow in the block axis and has a definite height never grows with its
 * content: what runs past its end is clipped, so the page must not continue it either. It is
 * laid out whole, as monolithic content (CSS Fragmentation 3 §4.1), and moves to the next page
 * when it does not fit (unless nothing precedes it there).
 */
function clipsAtFixedHeight(box: LayoutBox, input: LayoutInput): boolean {
  const style = box.style;
  return box.kind !== 'replaced' && box.kind !== 'table-wrapper' && style.overflowY !== 'visible'
    && resolveSize(style.height, input.containingHeight) !== undefined;
}

function monolithic(box: LayoutBox, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const page = input.fragmentainer!;
  const laid = withRelativeOffset(box.style, input, layoutByContext(box, { ...input, fragmentainer: undefined }, ctx, undefined));
  if (laid.kind === 'placed' && !page.atTop && laid.endY > page.bottom + 0.01) return { kind: 'pushed' };
  return laid;
}

function layoutByContext(box: LayoutBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  switch (box.kind) {
    case 'block': return isMulticol(box.style) ? layoutMulticol(box, input, ctx, resume) : layoutBlock(box, box, input, ctx, resume);
    case 'replaced': return layoutBlockReplaced(box, input, ctx);
    case 'flex': return layoutFlex(box, input, ctx, resume);
    case 'grid': return layoutGrid(box, input, ctx, resume);
    case 'table-wrapper': return layoutTable(box, input, ctx, resume);
    default: return assertNever(box, 'box kind');
  }
}
