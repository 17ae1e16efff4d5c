/**
 * Anonymous block boxes (CSS2 §9.2.1.1): a block container's children are either all
 * block-level or all inline-level; runs of inline-level content between blocks are wrapped
 * in anonymous blocks, and runs of collapsible white space alone are dropped.
 */
import type { ComputedStyle, Display } from '../css/types.js';
import type { BlockBox, Box, InlineLevelBox } from './types.js';
import { isCollapsibleWhiteSpaceOnly, processWhiteSpace } from './whitespace.js';

export function isBlockLevel(box: Box): boolean {
  return (box.kind === 'block' || box.kind === 'replaced') && box.outer === 'block';
}

export interface BlockContainerContent {
  readonly children: readonly Box[];
  readonly inlineContent: boolean;
}

export function blockContainerChildren(
  children: readonly Box[],
  anonymousStyle: (display: Display) => ComputedStyle,
): BlockContainerContent {
  if (!children.some(isBlockLevel)) {
    return { children: processWhiteSpace(children as readonly InlineLevelBox[]), inlineContent: true };
  }
  const out: Box[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (): void => {
    if (run.length > 0 && !run.every(isIgnorableWhiteSpace)) out.push(anonymousBlock(run, anonymousStyle('block')));
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
  return { children: out, inlineContent: false };
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
