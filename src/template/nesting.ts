/**
 * Refuses a template whose blocks or subexpressions nest too deeply, in one linear scan of the
 * source before Handlebars parses it: its jison parser copies its whole stack on every reduction,
 * so parsing is quadratic in the nesting depth (1,000 nested `{{#if}}` took ~10 s under load, 3,000
 * overflowed the stack while compiling). `{{else if x}}` chains count as one level each, since
 * Handlebars nests each link inside the previous one.
 */
import type { OctavoError } from '../errors.js';
import { limitExceeded } from '../limits.js';

export interface NestingLimits {
  /** limits.maxTemplateNesting: blocks (and `{{else if}}` links) open at once. */
  readonly maxTemplateNesting: number;
  /** limits.maxSubexpressionDepth: `(helper (helper …))` nested inside one mustache. */
  readonly maxSubexpressionDepth: number;
}

/** 1-based line and column of `index`, counted once when a limit is hit. */
function locate(source: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = source.indexOf('\n'); at !== -1 && at < index; at = source.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/** Index just past the `}}` that closes the mustache opened at `start`, skipping string literals. */
function mustacheEnd(source: string, start: number, onParen: (depth: number, index: number) => void): number {
  let depth = 0;
  for (let index = start + 2; index < source.length; index++) {
    const char = source[index];
    if (char === '"' || char === "'") {
      const close = source.indexOf(char, index + 1);
      if (close === -1) return source.length;
      index = close;
    } else if (char === '[') {
      const close = source.indexOf(']', index + 1);
      if (close === -1) return source.length;
      index = close;
    } else if (char === '(') {
      onParen(++depth, index);
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === '}' && source[index + 1] === '}') {
      return index + 2 + (source[index + 2] === '}' ? 1 : 0);
    }
  }
  return source.length;
}

/** Where a comment or raw block starting at `start` ends, or undefined when it is neither. */
function skippedEnd(source: string, start: number): number | undefined {
  const end = (pattern: RegExp): number => {
    pattern.lastIndex = start;
    const match = pattern.exec(source);
    return match === null ? source.length : match.index + match[0].length;
  };
  if (source.startsWith('{{{{', start)) return end(/\{\{\{\{\/[^}]*\}\}\}\}/g);
  if (/^\{\{~?!--/.test(source.slice(start, start + 6))) return end(/--~?\}\}/g);
  if (/^\{\{~?!/.test(source.slice(start, start + 4))) return end(/\}\}/g);
  return undefined;
}

type Tag = 'open' | 'chain' | 'close' | 'other';

/** What a mustache does to the block structure, from its first characters. */
function tagKind(source: string, start: number): Tag {
  const head = /^\{\{\{?~?\s*(#|\/|\^|else\b)?\s*([^\s}~]?)/.exec(source.slice(start, start + 64));
  const [, sigil, next = ''] = head ?? [];
  if (sigil === '#') return 'open';
  if (sigil === '/') return 'close';
  if (sigil === '^') return next === '' ? 'other' : 'open'; // `{{^}}` is an else
  if (sigil === 'else') return next === '' ? 'other' : 'chain';
  return 'other';
}

/** Throws `limit_exceeded` at the first block or subexpression past its limit. */
export function checkTemplateNesting(source: string, name: string, limits: NestingLimits): void {
  const tooDeep = (limit: keyof NestingLimits, what: string, index: number): OctavoError =>
    limitExceeded(limit, limits[limit], `${what} nest more than ${limits[limit]} deep`, { file: name, ...locate(source, index) });
  const levels: number[] = []; // per open block: how many levels it adds (1 + its `else if` links)
  let depth = 0;
  const onParen = (parens: number, index: number): void => {
    if (parens > limits.maxSubexpressionDepth) throw tooDeep('maxSubexpressionDepth', 'subexpressions', index);
  };
  for (let start = source.indexOf('{{'); start !== -1; start = source.indexOf('{{', start)) {
    if (source[start - 1] === '\\') {
      start += 2; // an escaped mustache is text
      continue;
    }
    const skipped = skippedEnd(source, start);
    if (skipped !== undefined) {
      start = skipped;
      continue;
    }
    const kind = tagKind(source, start);
    if (kind === 'open' || (kind === 'chain' && levels.length > 0)) {
      depth++;
      if (kind === 'open') levels.push(1);
      else levels[levels.length - 1]! += 1;
      if (depth > limits.maxTemplateNesting) throw tooDeep('maxTemplateNesting', 'blocks', start);
    } else if (kind === 'close') {
      depth -= levels.pop() ?? 0;
    }
    start = mustacheEnd(source, start, onParen);
  }
}
