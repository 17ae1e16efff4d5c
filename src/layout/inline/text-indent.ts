/**
 * `text-indent` (CSS Text 3 §8.1) of one line: the block's first line is indented — with
 * `each-line`, a line after a forced break too — and `hanging` indents every other line instead.
 * Shared by line layout and the intrinsic sizes, so both indent the same lines.
 */
import type { TextIndent } from '../../css/model/types.js';
import { resolveLength } from '../../css/values/length.js';

/** `afterForcedBreak`: the line follows a forced break; `basis`: what a percentage resolves against. */
export function textIndentOfLine(indent: TextIndent, first: boolean, afterForcedBreak: boolean, basis: number): number {
  const startsParagraph = first || (indent.eachLine && afterForcedBreak);
  return startsParagraph !== indent.hanging ? resolveLength(indent.length, basis) : 0;
}
