/**
 * Which lines `text-box-trim` trims (CSS Inline 3 §4.1): a block container's first formatted line
 * at the start and its last at the end — its own, or the first (last) line of its first (last)
 * in-flow child block, and so on down, as ::first-line finds it; padding or a border between the
 * trimming block's content edge and the line stops it (no effect then, as the spec and Chromium
 * say). The block holding the line is marked with the edge (`textBoxTrim`); layout trims it
 * (layout/block/text-box-trim.ts).
 */
import type { ComputedStyle, TextEdgeOver, TextEdgeUnder } from '../css/types.js';
import type { BlockBox } from './types.js';

type Side = { readonly side: 'start'; readonly edge: TextEdgeOver } | { readonly side: 'end'; readonly edge: TextEdgeUnder };

/** `box` with its first and last formatted lines marked as its `text-box-trim` asks; `unsupported` for what is not trimmed. */
export function withTextBoxTrim(box: BlockBox, unsupported: (message: string) => void): BlockBox {
  const trim = box.style.textBoxTrim;
  if (trim === 'none') return box;
  if (box.style.writingMode !== 'horizontal-tb') {
    unsupported('`text-box-trim` has no effect in a vertical writing mode');
    return box;
  }
  const edge = box.style.textBoxEdge;
  const start = trim === 'trim-end' ? box : marked(box, { side: 'start', edge: edge.over }, true);
  return trim === 'trim-start' ? start : marked(start, { side: 'end', edge: edge.under }, true);
}

function marked(box: BlockBox, side: Side, trimming: boolean): BlockBox {
  if (!trimming && intervenes(box.style, side.side)) return box;
  if (box.inlineContent) return { ...box, textBoxTrim: { ...box.textBoxTrim, [side.side]: side.edge } };
  const children = box.children;
  const inFlow = (child: (typeof children)[number]): boolean => child.kind !== 'out-of-flow';
  const index = side.side === 'start' ? children.findIndex(inFlow) : children.findLastIndex(inFlow);
  const child = children[index];
  if (child === undefined || child.kind !== 'block' || child.outer !== 'block') return box;
  const copy = [...children];
  copy[index] = marked(child, side, false);
  return { ...box, children: copy };
}

/** Padding or a border on the side of a block inside the trimming one. */
function intervenes(style: ComputedStyle, side: 'start' | 'end'): boolean {
  const padding = side === 'start' ? style.paddingTop : style.paddingBottom;
  const border = side === 'start' ? style.borderTopWidth : style.borderBottomWidth;
  return border > 0 || padding !== 0;
}
