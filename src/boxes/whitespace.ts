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

/**
 * The list processed; a new list is started only at the first child that changes (most lists,
 * a table cell's one text, change nowhere), and the result is of exact length either way.
 */
function processList(children: readonly InlineLevelBox[], state: CollapseState): InlineLevelBox[] {
  let out: InlineLevelBox[] | undefined;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const processed = processChild(child, state);
    if (out === undefined) {
      if (processed === child) continue;
      out = children.slice(0, i);
    }
    if (processed !== undefined) out.push(processed);
  }
  return out === undefined ? children.slice() : exactLength(out);
}

/** The child processed: itself when unchanged, undefined when it goes (a text left empty). */
function processChild(child: InlineLevelBox, state: CollapseState): InlineLevelBox | undefined {
  switch (child.kind) {
    case 'text': {
      const text = processText(child, state);
      // an empty string() kept: a running element prints the page's value in it (layout/page/running-counters.ts)
      if (text.length === 0 && child.pageCounter === undefined) return undefined;
      return text === child.text ? child : { ...child, text };
    }
    case 'inline':
      return { ...child, children: processList(child.children, state) };
    case 'br':
      state.afterCollapsibleSpace = true;
      return child;
    case 'block':
    case 'replaced':
    case 'flex':
    case 'grid':
    case 'table-wrapper':
    case 'math':
      state.afterCollapsibleSpace = false;
      return child;
    case 'out-of-flow':
      // an out-of-flow box takes no room in the line: spaces collapse across it (CSS Text 3 §4.1.1)
      return child;
  }
}

/**
 * Text that phase I may change: a carriage return, a segment break, a tab or form feed, or two
 * spaces in a row. Most texts have none of these (a table cell's `1,234.00`, a sentence), and
 * both replacements would copy a text with single spaces only to give the same text.
 */
const MAY_CHANGE = /[\r\n\t\f]| {2}/;

function processText(box: TextBox, state: CollapseState): string {
  const whiteSpace = box.style.whiteSpace;
  if (!MAY_CHANGE.test(box.text)) return collapsedStart(box.text, preservesSpaces(whiteSpace), state);
  let text = box.text.replace(/\r\n?/g, '\n');
  if (preservesSpaces(whiteSpace)) return collapsedStart(text, true, state);
  if (whiteSpace === 'pre-line') {
    text = text.replace(/[ \t]*\n[ \t]*/g, '\n').replace(/[ \t\f]+/g, ' ');
  } else {
    text = text.replace(/[ \t\n\f]+/g, ' ');
  }
  return collapsedStart(text, false, state);
}

/**
 * A text whose collapsible runs are single spaces already: its leading space goes after a
 * collapsible space; `preserved` (pre, pre-wrap, break-spaces) keeps it as it is.
 */
function collapsedStart(text: string, preserved: boolean, state: CollapseState): string {
  if (preserved) {
    if (text.length > 0) state.afterCollapsibleSpace = false;
    return text;
  }
  const kept = state.afterCollapsibleSpace && text.startsWith(' ') ? text.slice(1) : text;
  if (kept.length > 0) {
    const last = kept[kept.length - 1];
    state.afterCollapsibleSpace = last === ' ' || last === '\n';
  }
  return kept;
}

/** One object for every test: a regular expression literal in the function made a new one per call (per text box, several times). */
const WHITE_SPACE_ONLY = /^[ \t\n\r\f]*$/;

/** True when a text box holds only white space that phase I would collapse away between blocks. */
export function isCollapsibleWhiteSpaceOnly(box: TextBox): boolean {
  return !preservesSpaces(box.style.whiteSpace) && WHITE_SPACE_ONLY.test(box.text)
    && (box.style.whiteSpace !== 'pre-line' || !box.text.includes('\n'));
}
