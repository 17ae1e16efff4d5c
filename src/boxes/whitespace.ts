/**
 * White space processing, phase I (CSS Text 3 §4.1.1), over one inline formatting context:
 * collapsible spaces collapse across element boundaries, segment breaks become spaces (or stay,
 * for pre/pre-line), and spaces at the start of the context go. Spaces at the end of each line
 * are removed by line layout (phase II), which is the only place that knows where lines end.
 */
import type { WhiteSpace } from '../css/types.js';
import type { InlineLevelBox, TextBox } from './types.js';
import { exactLength } from '../exact-length.js';

export function preservesSpaces(whiteSpace: WhiteSpace): boolean {
  return whiteSpace === 'pre' || whiteSpace === 'pre-wrap' || whiteSpace === 'break-spaces';
}

export function preservesNewlines(whiteSpace: WhiteSpace): boolean {
  return whiteSpace !== 'normal' && whiteSpace !== 'nowrap';
}

/** Processes the text of one inline formatting context; empty text boxes are dropped. */
export function processWhiteSpace(children: readonly InlineLevelBox[]): InlineLevelBox[] {
  const state = { afterCollapsibleSpace: true };
  return processList(children, state);
}

interface CollapseState {
  /** The previous character of the context was a collapsible space (or the context just began). */
  afterCollapsibleSpace: boolean;
}

function processList(children: readonly InlineLevelBox[], state: CollapseState): InlineLevelBox[] {
  const out: InlineLevelBox[] = [];
  for (const child of children) {
    switch (child.kind) {
      case 'text': {
        const text = processText(child, state);
        if (text.length > 0) out.push(text === child.text ? child : { ...child, text });
        break;
      }
      case 'inline':
        out.push({ ...child, children: processList(child.children, state) });
        break;
      case 'br':
        state.afterCollapsibleSpace = true;
        out.push(child);
        break;
      case 'block':
      case 'replaced':
      case 'flex':
      case 'grid':
      case 'table-wrapper':
        state.afterCollapsibleSpace = false;
        out.push(child);
        break;
      case 'out-of-flow':
        // an out-of-flow box takes no room in the line: spaces collapse across it (CSS Text 3 §4.1.1)
        out.push(child);
        break;
    }
  }
  return exactLength(out);
}

function processText(box: TextBox, state: CollapseState): string {
  const whiteSpace = box.style.whiteSpace;
  let text = box.text.replace(/\r\n?/g, '\n');
  if (preservesSpaces(whiteSpace)) {
    if (text.length > 0) state.afterCollapsibleSpace = false;
    return text;
  }
  if (whiteSpace === 'pre-line') {
    text = text.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/[ \t\f]+/g, ' ');
  } else {
    text = text.replace(/[ \t\n\f]+/g, ' ');
  }
  if (state.afterCollapsibleSpace && text.startsWith(' ')) text = text.slice(1);
  if (text.length > 0) {
    const last = text[text.length - 1];
    state.afterCollapsibleSpace = last === ' ' || last === '\n';
  }
  return text;
}

/** True when a text box holds only white space that phase I would collapse away between blocks. */
export function isCollapsibleWhiteSpaceOnly(box: TextBox): boolean {
  return !preservesSpaces(box.style.whiteSpace) && /^[ \t\n\r\f]*$/.test(box.text)
    && (box.style.whiteSpace !== 'pre-line' || !box.text.includes('\n'));
}
