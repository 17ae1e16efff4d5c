/**
 * `text-box-trim` in layout (CSS Inline 3 §4.1): a block's first line trimmed at its top to the
 * edge `text-box-edge` names of its root inline box's first available font (cap height, x-height,
 * ascent), its last at its bottom (baseline, descent): the lines are laid
 * out again from higher up by what the first loses, and the content ends higher by what the last
 * loses. The lines themselves keep their heights (their ink may overflow the trimmed box, as in
 * Chromium). The block that holds the lines is marked when boxes are built (boxes/text-box-trim.ts);
 * a line continued from an earlier page is not trimmed at its start, nor one that continues on a
 * later page at its end.
 */
import type { InlineFlowBox } from '../../boxes/types.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { Fragment, LineFragment } from '../types.js';
import type { BreakToken, LayoutContext } from '../contract.js';
import type { BlockFrame, ChildrenResult } from './flow.js';
import { layoutLines } from './lines.js';
import { overEdge, underEdge } from '../inline/text-box-edges.js';

export function trimmedLines(frame: BlockFrame, box: InlineFlowBox, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  const trim = box.textBoxTrim ?? {};
  const font = ctx.text.metrics(fontRequestFromStyle(box.style));
  let laid = layoutLines(frame, box, ctx, resume);
  const first = trim.start === undefined || resume !== undefined ? undefined : lineAt(laid.fragments, 0);
  if (first !== undefined) {
    const cut = first.baseline - overEdge(trim.start!, font) - first.y;
    // the margins before the block still resolve where its untrimmed lines began
    if (cut !== 0) laid = { ...layoutLines({ ...frame, y: frame.y - cut }, box, ctx, resume), resolvedAt: laid.resolvedAt };
  }
  const last = trim.end === undefined || laid.breakToken !== undefined ? undefined : lineAt(laid.fragments, -1);
  if (last === undefined) return laid;
  const cut = last.y + last.height - (last.baseline + underEdge(trim.end!, font));
  return { ...laid, endY: laid.endY - cut };
}

/** The first (0) or last (-1) line among the fragments. */
function lineAt(fragments: readonly Fragment[], at: 0 | -1): LineFragment | undefined {
  const lines = fragments.filter((f): f is LineFragment => f.kind === 'line');
  return lines.at(at);
}
