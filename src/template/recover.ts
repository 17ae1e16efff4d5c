/**
 * Error recovery for `octavo check`, which reports every problem of a template in one run where a
 * render stops at the first. Handlebars' parser gives up at the first syntax error, so the source
 * is mended and parsed again until it parses: block structure problems (./blocks.ts) are all
 * reported and mended at once, any other syntax error is reported and the mustache holding it
 * blanked out. Mending keeps every other character at its line and column, so what is found later
 * (helpers, fields, CSS in a trial render of the mended source) is located in the author's file.
 */
import { OctavoError } from '../errors.js';
import type { AstNode, CallNode } from './ast.js';
import { walk } from './ast.js';
import { blank, findBlockProblems, mendBlocks } from './blocks.js';
import { blockError } from './errors.js';
import { parse } from './parse.js';
import { appendAll } from '../append-all.js';

export interface RecoveredTemplate {
  /** The AST of the mended source; undefined when it could not be mended into one. */
  readonly ast: AstNode | undefined;
  /** The source with its syntax errors mended, every other character where it was. */
  readonly source: string;
  /** The syntax errors, located, in the order they were found. */
  readonly errors: readonly OctavoError[];
}

/** More syntax errors than anyone fixes in one sitting: the rest is found on the next run. */
const MAX_SYNTAX_ERRORS = 50;

/** Offset of a 1-based line and column. */
export function offsetOf(source: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = source.indexOf('\n', offset);
    if (next === -1) return source.length;
    offset = next + 1;
  }
  return Math.min(source.length, offset + column - 1);
}

/** The source with the mustache at (or around) an error's place blanked out; unchanged when there is none. */
function blankAround(source: string, error: OctavoError): string {
  if (error.line === undefined) return source;
  const offset = offsetOf(source, error.line, error.column ?? 1);
  const open = source.lastIndexOf('{{', offset + 1);
  const closedBefore = open === -1 ? -1 : source.indexOf('}}', open);
  const start = open !== -1 && (closedBefore === -1 || closedBefore + 2 > offset) ? open : offset;
  const close = source.indexOf('}}', Math.max(start + 2, offset));
  const lineEnd = source.indexOf('\n', offset);
  // a broken mustache ends at its `}}` or, when that is missing, at the end of the line
  const end = close !== -1 && (lineEnd === -1 || close < lineEnd) ? close + 2 : lineEnd === -1 ? source.length : lineEnd;
  return blank(source, start, end);
}

export function parseRecovering(source: string, file: string): RecoveredTemplate {
  const errors: OctavoError[] = [];
  let text = source;
  let blocksMended = false;
  while (errors.length < MAX_SYNTAX_ERRORS) {
    try {
      return { ast: parse(text, file), source: text, errors };
    } catch (error) {
      if (!(error instanceof OctavoError)) throw error;
      const blocks = blocksMended ? [] : findBlockProblems(text);
      blocksMended = true;
      if (blocks.length > 0) {
        appendAll(errors, blocks.map((problem) => blockError(problem, file)));
        text = mendBlocks(text, blocks);
        continue;
      }
      errors.push(error);
      const mended = blankAround(text, error);
      if (mended === text) break;
      text = mended;
    }
  }
  return { ast: undefined, source: text, errors };
}

const STATEMENTS = new Set(['MustacheStatement', 'BlockStatement', 'PartialStatement', 'PartialBlockStatement', 'Decorator', 'DecoratorBlock']);

function contains(outer: AstNode, inner: AstNode): boolean {
  const [a, b] = [outer.loc, inner.loc];
  if (a === undefined || b === undefined) return false;
  const before = (x: { line: number; column: number }, y: { line: number; column: number }) => x.line < y.line || (x.line === y.line && x.column <= y.column);
  return before(a.start, b.start) && before(b.end, a.end);
}

/**
 * The source with the statements holding `nodes` blanked out (a block keeps its content, only its
 * tags go), so that a template with helper or partial errors can still be rendered for its CSS
 * and resources.
 */
export function blankStatements(source: string, ast: AstNode, nodes: readonly AstNode[]): string {
  let text = source;
  for (const node of nodes) {
    let innermost: AstNode | undefined;
    walk(ast, (candidate) => {
      if (STATEMENTS.has(candidate.type) && contains(candidate, node)) innermost = candidate;
    });
    const loc = innermost?.loc;
    if (innermost === undefined || loc === undefined) continue;
    const start = offsetOf(text, loc.start.line, loc.start.column + 1);
    const end = offsetOf(text, loc.end.line, loc.end.column + 1);
    const program = (innermost as CallNode & { program?: AstNode }).program;
    if (program === undefined) {
      text = blank(text, start, end);
      continue;
    }
    const openEnd = text.indexOf('}}', start);
    const closeStart = text.lastIndexOf('{{', end - 1);
    text = blank(text, start, openEnd === -1 ? end : openEnd + 2);
    if (closeStart > start) text = blank(text, closeStart, end);
  }
  return text;
}
