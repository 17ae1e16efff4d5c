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
}

export type BlockProblem =
  | { readonly kind: 'unclosed'; readonly open: BlockTag }
  | { readonly kind: 'mismatch'; readonly open: BlockTag; readonly close: BlockTag };

/** Comments, raw blocks and escaped mustaches, which hold no block tags. */
const SKIP = /\\\{\{|\{\{!--[\s\S]*?--~?\}\}|\{\{~?![\s\S]*?\}\}|\{\{\{\{([^}]*)\}\}\}\}[\s\S]*?\{\{\{\{\/[^}]*\}\}\}\}/y;
const TAG = /\{\{~?\s*([#^/])\s*([>*]?)\s*([^\s}~()]+)/y;

function position(source: string, index: number): { line: number; column: number } {
  const before = source.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - before.lastIndexOf('\n') };
}

/** The first structural problem of the source's blocks, if any. */
export function findBlockProblem(source: string): BlockProblem | undefined {
  const stack: BlockTag[] = [];
  for (let index = source.indexOf('{', 0); index !== -1; index = source.indexOf('{', index + 1)) {
    const start = source[index - 1] === '\\' ? index - 1 : index;
    SKIP.lastIndex = start;
    if (SKIP.exec(source) !== null) {
      index = SKIP.lastIndex - 1;
      continue;
    }
    TAG.lastIndex = index;
    const match = TAG.exec(source);
    if (match === null) continue;
    const [, sigil = '', modifier = '', rawName = ''] = match;
    const name = modifier === '*' ? rawName.replace(/^\*/, '') : rawName;
    const tag: BlockTag = { name, display: `{{${sigil}${modifier === '>' ? '> ' : modifier}${name}}}`, ...position(source, index) };
    if (sigil !== '/') {
      stack.push(tag);
      continue;
    }
    const open = stack.pop();
    if (open === undefined) continue; // Handlebars reports a stray close itself, with its location
    if (open.name !== name) return { kind: 'mismatch', open, close: tag };
  }
  const open = stack.pop();
  return open === undefined ? undefined : { kind: 'unclosed', open };
}

/** `{{#if}}` -> `{{/if}}`. */
export function closingTag(open: BlockTag): string {
  return `{{/${open.name}}}`;
}
