/**
 * The lines of a block container with inline content, placed one under the other and broken
 * between lines at the page end, honouring `orphans` and `widows` (CSS Fragmentation 3 §4.4).
 */
import type { BlockBox, ReplacedBox } from '../boxes/types.js';
import type { Fragment } from './types.js';
import type { LayoutContext } from './context.js';
import type { BreakToken, LayoutInput } from './flow.js';
import type { ChildrenResult } from './block.js';
import { EMPTY_STRUT, collapsedMargin } from './margins.js';
import type { InlineEnv, LaidOutLine } from './inline/index.js';
import { layoutInlineContent } from './inline/index.js';
import { translateFragment } from './translate.js';
import { layoutAtomicInline } from './atomic.js';

interface LinesFrame {
  readonly box: BlockBox;
  readonly contentX: number;
  readonly contentWidth: number;
  readonly input: LayoutInput;
}

export function inlineEnv(ctx: LayoutContext): InlineEnv {
  return {
    text: ctx.text,
    layoutAtomic: (box: BlockBox | ReplacedBox, containingWidth: number) => layoutAtomicInline(box, containingWidth, ctx),
  };
}

export function layoutLines(frame: LinesFrame, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  const resumed = resume?.kind === 'lines' ? resume : undefined;
  const lines = resumed?.lines ?? layoutInlineContent(frame.box, frame.contentWidth, inlineEnv(ctx));
  const first = resumed?.lineIndex ?? 0;
  const visible = lines.slice(first).some((line) => line.height > 0);
  if (!visible) {
    return { fragments: [], endY: frame.input.y, strut: frame.input.strut, resolvedAt: undefined, breakToken: undefined, pushed: false };
  }
  const top = frame.input.y + collapsedMargin(frame.input.strut);
  const count = linesThatFit(lines, first, top, frame);
  if (count === 0) {
    return { fragments: [], endY: top, strut: EMPTY_STRUT, resolvedAt: undefined, breakToken: undefined, pushed: true };
  }
  const fragments: Fragment[] = [];
  let y = top;
  for (let i = first; i < first + count; i++) {
    const line = lines[i]!;
    fragments.push(translateFragment(line.fragment, frame.contentX, y));
    y += line.height;
  }
  const end = first + count;
  return {
    fragments,
    endY: y,
    strut: EMPTY_STRUT,
    resolvedAt: top,
    breakToken: end < lines.length ? { kind: 'lines', box: frame.box, lines, lineIndex: end } : undefined,
    pushed: false,
  };
}

/** How many lines from `first` go on this page (0 = push the whole block to the next page). */
function linesThatFit(lines: readonly LaidOutLine[], first: number, top: number, frame: LinesFrame): number {
  const bottom = frame.input.fragmentainerBottom;
  let y = top;
  let fit = 0;
  for (let i = first; i < lines.length; i++) {
    const height = lines[i]!.height;
    if (y + height > bottom + 0.01 && !(fit === 0 && frame.input.atPageTop)) break;
    y += height;
    fit++;
  }
  if (first + fit >= lines.length) return fit;
  const style = frame.box.style;
  const orphans = Math.max(1, style.orphans);
  const widows = Math.max(1, style.widows);
  const remaining = lines.length - (first + fit);
  if (remaining < widows) fit -= widows - remaining;
  if (fit < orphans && first === 0) fit = 0;
  if (fit <= 0) return frame.input.atPageTop ? Math.max(1, Math.min(lines.length - first, orphans)) : 0;
  return fit;
}
