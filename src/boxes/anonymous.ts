/**
 * Anonymous block boxes (CSS2 §9.2.1.1): a block container's children are either all
 * block-level or all inline-level; runs of inline-level content between blocks are wrapped
 * in anonymous blocks, and runs of collapsible white space alone are dropped. Out-of-flow
 * placeholders (CSS2 §9.3) belong to neither kind: they join the inline run they stand in, and
 * are block-level where no inline content surrounds them.
 */
import type { ComputedStyle } from '../css/types.js';
import type { BlockBox, BlockLevelBox, Box, BoxElement, InlineBox, InlineLevelBox } from './types.js';
import { isCollapsibleWhiteSpaceOnly, processWhiteSpace } from './whitespace.js';
import { exactLength } from '../exact-length.js';
import type { AnonymousStyle } from './table.js';

export function isBlockLevel(box: Box): box is Exclude<BlockLevelBox, { kind: 'out-of-flow' }> {
  switch (box.kind) {
    case 'block': case 'replaced': case 'flex': case 'grid': case 'table-wrapper': case 'math': return box.outer === 'block';
    default: return false;
  }
}

/** The children of a block container, typed by what they hold. */
export type BlockContainerContent =
  | { readonly inlineContent: true; readonly children: readonly InlineLevelBox[] }
  | { readonly inlineContent: false; readonly children: readonly BlockLevelBox[] };

/**
 * `parent`: the container's style, which its anonymous blocks inherit from. The style and the
 * function are passed apart, not as a closure over the style: this runs for every block box (each
 * table cell's content), and a closure per call was garbage of every one.
 */
export function blockContainerChildren(children: readonly Box[], parent: ComputedStyle, anonymousStyle: AnonymousStyle): BlockContainerContent {
  const inline = children as readonly InlineLevelBox[];
  if (!children.some(isBlockLevel)) {
    if (inline.length === 0 || !inline.every(isOutOfFlowOrIgnorable)) {
      return { children: processWhiteSpace(inline), inlineContent: true };
    }
  }
  const clipsLines = parent.overflowX !== 'visible' && parent.textOverflow.some((end) => end !== 'clip');
  const containerStyle = clipsLines || parent.height !== 'auto' ? parent : undefined;
  return { children: blockLevelChildren(inline, parent, anonymousStyle, containerStyle), inlineContent: false };
}

/**
 * Block-level children with inline runs wrapped (anonymous blocks), or dropped when only white
 * space. `containerStyle`: the block container's style the anonymous blocks keep (types.ts InlineFlowBox).
 */
export function blockLevelChildren(children: readonly Box[], parent: ComputedStyle, anonymousStyle: AnonymousStyle, containerStyle?: ComputedStyle): BlockLevelBox[] {
  const out: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (): void => {
    if (!run.every(isOutOfFlowOrIgnorable)) out.push(anonymousBlock(run, anonymousStyle(parent, 'block'), containerStyle));
    else for (const c of run) if (c.kind === 'out-of-flow') out.push(c);
    run = [];
  };
  for (const child of children) {
    if (isBlockLevel(child)) {
      flush();
      out.push(child);
    } else {
      run.push(child as InlineLevelBox);
    }
  }
  flush();
  return exactLength(out);
}

function isIgnorableWhiteSpace(box: InlineLevelBox): boolean {
  return box.kind === 'text' && isCollapsibleWhiteSpaceOnly(box);
}

function isOutOfFlowOrIgnorable(box: InlineLevelBox): boolean {
  return box.kind === 'out-of-flow' || isIgnorableWhiteSpace(box);
}

function anonymousBlock(children: readonly InlineLevelBox[], style: ComputedStyle, containerStyle: ComputedStyle | undefined): BlockBox {
  const box: BlockBox = { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children: processWhiteSpace(children), inlineContent: true };
  return containerStyle === undefined ? box : { ...box, containerStyle };
}

/** An inline box; block-level children split it (CSS2 §9.2.1.1) into inline parts around them. */
export function inlineBoxes(style: ComputedStyle, element: BoxElement, children: readonly Box[]): Box[] {
  const out: Box[] = [];
  let part: InlineLevelBox[] = [];
  const flush = (force: boolean): void => {
    if (part.length > 0 || force) out.push({ kind: 'inline', style, element, pseudo: undefined, children: part } satisfies InlineBox);
    part = [];
  };
  const decorates = style.textDecorationLine.underline || style.textDecorationLine.overline || style.textDecorationLine.lineThrough;
  for (const child of children) {
    if (isBlockLevel(child)) {
      flush(false);
      out.push(decorates ? { ...child, decoratedBy: [style, ...(child.decoratedBy ?? [])] } : child);
    } else {
      part.push(child as InlineLevelBox);
    }
  }
  flush(out.length === 0);
  return out;
}
