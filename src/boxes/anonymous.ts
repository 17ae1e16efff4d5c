/**
 * Anonymous block boxes (CSS2 §9.2.1.1): a block container's children are either all
 * block-level or all inline-level; runs of inline-level content between blocks are wrapped
 * in anonymous blocks, and runs of collapsible white space alone are dropped. Out-of-flow
 * placeholders (CSS2 §9.3) belong to neither kind: they join the inline run they stand in, and
 * are block-level where no inline content surrounds them.
 */
import type { ComputedStyle, Display } from '../css/types.js';
import type { BlockBox, BlockLevelBox, Box, InlineLevelBox } from './types.js';
import { isCollapsibleWhiteSpaceOnly, processWhiteSpace } from './whitespace.js';
import { exactLength } from '../exact-length.js';

export function isBlockLevel(box: Box): box is Exclude<BlockLevelBox, { kind: 'out-of-flow' }> {
  switch (box.kind) {
    case 'block': case 'replaced': case 'flex': case 'grid': case 'table-wrapper': return box.outer === 'block';
    default: return false;
  }
}

/** The children of a block container, typed by what they hold. */
export type BlockContainerContent =
  | { readonly inlineContent: true; readonly children: readonly InlineLevelBox[] }
  | { readonly inlineContent: false; readonly children: readonly BlockLevelBox[] };

export function blockContainerChildren(
  children: readonly Box[],
  anonymousStyle: (display: Display) => ComputedStyle,
): BlockContainerContent {
  const inline = children as readonly InlineLevelBox[];
  if (!children.some(isBlockLevel)) {
    if (inline.length === 0 || !inline.every((c) => c.kind === 'out-of-flow' || isIgnorableWhiteSpace(c))) {
      return { children: processWhiteSpace(inline), inlineContent: true };
    }
  }
  return { children: blockLevelChildren(inline, anonymousStyle), inlineContent: false };
}

/** Block-level children with inline runs wrapped (anonymous blocks), or dropped when only white space. */
export function blockLevelChildren(children: readonly Box[], anonymousStyle: (display: Display) => ComputedStyle): BlockLevelBox[] {
  const out: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (): void => {
    if (run.some((c) => c.kind !== 'out-of-flow' && !isIgnorableWhiteSpace(c))) out.push(anonymousBlock(run, anonymousStyle('block')));
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

function anonymousBlock(children: readonly InlineLevelBox[], style: ComputedStyle): BlockBox {
  return {
    kind: 'block',
    outer: 'block',
    style,
    element: undefined,
    pseudo: undefined,
    children: processWhiteSpace(children),
    inlineContent: true,
  };
}
