/**
 * Containing blocks formed by positioned inline boxes (CSS2 §10.1 item 4, CSS Position 3 §3.2):
 * an absolutely positioned box inside a `position: relative` span is placed against the span, from
 * the start of its first fragment to the end of its last one (their padding edges, as Chromium
 * places them), not against the block around it. Found once the block container's lines are laid
 * out, among its line fragments; a span broken over pages gives the part on this page.
 */
import type { Box, InlineBox, OutOfFlowBox } from '../boxes/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { PendingPositioned } from './escaping.js';
import type { ContainingBlock } from './positioned.js';

/** The pending boxes of `fragment`'s lines whose containing block is an inline box there, grouped by it. */
export function inlineContainingBlocks(fragment: BoxFragment, pending: readonly PendingPositioned[]): { block: ContainingBlock; pending: PendingPositioned[] }[] {
  // most blocks have nothing positioned pending: their inline content is not walked
  if (pending.length === 0 || fragment.box.kind !== 'block') return [];
  const owners = positionedInlineAncestors(fragment.box);
  if (owners.size === 0) return [];
  const groups = new Map<InlineBox, PendingPositioned[]>();
  for (const p of pending) {
    const owner = owners.get(p.placeholder);
    if (owner === undefined) continue;
    groups.set(owner, [...(groups.get(owner) ?? []), p]);
  }
  const found: { block: ContainingBlock; pending: PendingPositioned[] }[] = [];
  for (const [inline, boxes] of groups) {
    const block = spanOf(inline, fragment);
    if (block !== undefined) found.push({ block, pending: boxes });
  }
  return found;
}

/** Each absolutely positioned box among a block's inline content, by its nearest positioned inline ancestor (atomic inlines and blocks are their own). */
function positionedInlineAncestors(block: Box): Map<OutOfFlowBox, InlineBox> {
  const owners = new Map<OutOfFlowBox, InlineBox>();
  const visit = (box: Box, owner: InlineBox | undefined): void => {
    if (box.kind === 'out-of-flow') {
      if (owner !== undefined && box.scheme === 'absolute') owners.set(box, owner);
      return;
    }
    if (box.kind !== 'inline') return;
    const own = isPositioned(box) ? box : owner;
    for (const child of box.children) visit(child, own);
  };
  if (block.kind === 'block') for (const child of block.children) visit(child, undefined);
  return owners;
}

function isPositioned(box: InlineBox): boolean {
  const style = box.style;
  return style.position !== 'static' || style.transform.length > 0 || style.contain.layout || style.contain.paint;
}

/**
 * The padding box spanning the inline's fragments in `fragment`, in the frame `fragment` is in:
 * from the first fragment's start and top to the last fragment's end and bottom (CSS2 §10.1; in
 * right-to-left text, from the first's right edge to the last's left one).
 */
function spanOf(inline: InlineBox, fragment: BoxFragment): ContainingBlock | undefined {
  const parts: { f: BoxFragment; x: number; y: number }[] = [];
  const visit = (f: Fragment, originX: number, originY: number): void => {
    if (f.kind === 'box' && f.box === inline) {
      parts.push({ f, x: originX + f.x, y: originY + f.y });
      return;
    }
    if (f.kind === 'line' || (f.kind === 'box' && f.box.kind === 'inline')) for (const child of f.children) visit(child, originX + f.x, originY + f.y);
    else if (f.kind === 'box' && f.box.kind === 'block' && f.box.element === undefined) for (const child of f.children) visit(child, originX + f.x, originY + f.y);
  };
  for (const child of fragment.children) visit(child, fragment.x, fragment.y);
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const direction = inline.style.direction;
  const top = first.y + first.f.border.top;
  const bottom = last.y + last.f.height - last.f.border.bottom;
  const start = direction === 'rtl' ? first.x + first.f.width - first.f.border.right : first.x + first.f.border.left;
  const end = direction === 'rtl' ? last.x + last.f.border.left : last.x + last.f.width - last.f.border.right;
  const x = direction === 'rtl' ? end : start;
  return { x, y: top, width: Math.max(0, Math.abs(end - start)), height: Math.max(0, bottom - top), direction };
}
