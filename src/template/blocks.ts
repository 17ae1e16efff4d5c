/**
 * A light scan of the block structure of a template source (`{{#name}}` ... `{{/name}}`), used only
 * to explain a failed parse in human words: which block is never closed, or which two blocks a
 * closing tag mismatches, with their real lines and columns. Handlebars' parser only says what
 * token it expected at the end of the file.
 */

export interface BlockTag {
  readonly name: string;
  /** The tag as an author would write it: `{{#if}}`, `{{^items}}`, `{{#> layout}}`. */
  readonly display: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  /** Offsets of the whole tag in the source, `{{` to `}}` included. */
  readonly start: number;
  readonly end: number;
}

export type BlockProblem =
  | { readonly kind: 'unclosed'; readonly open: BlockTag }
  /** `skipped`: the closing tag closes a block further out, so `open` is left unclosed inside it. */
  | { readonly kind: 'mismatch'; readonly open: BlockTag; readonly close: BlockTag; readonly skipped: boolean }
  /** A closing tag that no open block matches (Handlebars reports it without naming the block). */
  | { readonly kind: 'stray'; readonly close: BlockTag };

/** Comments, raw blocks and escaped mustaches, which hold no block tags. */
const SKIP = /\\\{\{|\{\{!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}|\{\{\{\{([^}]*)\}\}\}\}[\s\S]*?\{\{\{\{\/[^}]*\}\}\}\}/y;
const TAG = /\{\{~?\s*([#^/])\s*([>*]?)\s*([^\s}~()]+)/y;

function position(source: string, index: number): { line: number; column: number } {
  const before = source.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

function tagAt(source: string, index: number, match: RegExpExecArray): BlockTag {
  const [, sigil = '', modifier = '', rawName = ''] = match;
  const name = modifier === '*' ? rawName.replace(/^\*/, '') : rawName;
  const close = source.indexOf('}}', index + match[0].length);
  return {
    name, display: `{{${sigil}${modifier === '>' ? '> ' : modifier}${name}}}`, ...position(source, index),
    start: index, end: close === -1 ? index + match[0].length : close + 2,
  };
}

/** The block tags of a source, in order, with whether each opens or closes. */
function blockTags(source: string): { tag: BlockTag; closes: boolean }[] {
  const tags: { tag: BlockTag; closes: boolean }[] = [];
  for (let index = source.indexOf('{', 0); index !== -1; index = source.indexOf('{', index + 1)) {
    const start = source[index - 1] === '\\' ? index - 1 : index;
    SKIP.lastIndex = start;
    if (SKIP.exec(source) !== null) {
      index = SKIP.lastIndex - 1;
      continue;
    }
    TAG.lastIndex = index;
    const match = TAG.exec(source);
    if (match !== null) tags.push({ tag: tagAt(source, index, match), closes: match[1] === '/' });
  }
  return tags;
}

/**
 * Every structural problem of the source's blocks: a closing tag that skips open blocks closes
 * them too (each reported as mismatched), one that matches no open block is stray, and the blocks
 * still open at the end are unclosed (innermost first, as Handlebars would meet them).
 */
export function findBlockProblems(source: string): BlockProblem[] {
  const stack: BlockTag[] = [];
  const problems: BlockProblem[] = [];
  for (const { tag, closes } of blockTags(source)) {
    if (!closes) {
      stack.push(tag);
      continue;
    }
    const depth = stack.map((open) => open.name).lastIndexOf(tag.name);
    if (depth === -1) {
      // a misnamed close: taken as closing the innermost block, as an author most likely meant
      const open = stack.pop();
      problems.push(open === undefined ? { kind: 'stray', close: tag } : { kind: 'mismatch', open, close: tag, skipped: false });
      continue;
    }
    for (const open of stack.splice(depth + 1).reverse()) problems.push({ kind: 'mismatch', open, close: tag, skipped: true });
    stack.pop();
  }
  for (const open of stack.reverse()) problems.push({ kind: 'unclosed', open });
  return problems;
}

/** The first structural problem of the source's blocks, if any. */
export function findBlockProblem(source: string): BlockProblem | undefined {
  return findBlockProblems(source)[0];
}

/** Spaces for every character of source[start, end) but line breaks (every other character stays where it was). */
export function blank(source: string, start: number, end: number): string {
  return source.slice(0, start) + source.slice(start, end).replace(/[^\n]/g, ' ') + source.slice(end);
}

/**
 * The source with its block problems mended so the rest can be parsed and checked (`octavo
 * check`), every other character at its line and column: unclosed blocks are closed at the end,
 * a block skipped by a closing tag loses its opening tag, a block closed by a misnamed tag loses
 * both, and a closing tag that closes nothing is blanked out.
 */
export function mendBlocks(source: string, problems: readonly BlockProblem[]): string {
  let mended = source;
  let closers = '';
  for (const problem of problems) {
    if (problem.kind === 'unclosed') closers += closingTag(problem.open);
    else if (problem.kind === 'stray') mended = blank(mended, problem.close.start, problem.close.end);
    else {
      mended = blank(mended, problem.open.start, problem.open.end);
      if (!problem.skipped) mended = blank(mended, problem.close.start, problem.close.end);
    }
  }
  return mended + closers;
}

/** `{{#if}}` -> `{{/if}}`. */
export function closingTag(open: BlockTag): string {
  return `{{/${open.name}}}`;
}
