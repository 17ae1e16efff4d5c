/**
 * CSS Nesting 1: a style rule inside a style rule is desugared into a flat rule whose selector
 * has every `&` replaced by `:is(<parent selector list>)` (§3.2: `&` matches what the parent's
 * selectors match, with the specificity of `:is()`). A nested selector without `&` is relative
 * (§3.1): `.b` means `& .b`, `> .b` means `& > .b`.
 */
import type { CssLocation, CssNode, Raw, Selector, SelectorList } from 'css-tree';
import { List, clone, walk } from 'css-tree';
import { parse } from './values/css-tree-parse.js';

/** The nested selector list with its parent substituted for `&`. */
export function nestSelectorList(parent: SelectorList, nested: SelectorList): SelectorList {
  const result = clone(nested) as SelectorList;
  result.children.forEach((selector) => {
    if (selector.type !== 'Selector') return;
    makeAbsolute(selector);
    substituteParent(selector, parent);
  });
  return result;
}

function makeAbsolute(selector: Selector): void {
  let hasNesting = false;
  walk(selector, (node) => {
    if (node.type === 'NestingSelector') hasNesting = true;
  });
  if (!hasNesting) prefixRelative(selector, { type: 'NestingSelector' });
}

/** A relative selector (`.b`, `> .b`) made to start at `subject`: `subject .b`, `subject > .b`. */
export function prefixRelative(selector: Selector, subject: CssNode): void {
  const first = selector.children.first;
  if (first?.type !== 'Combinator') selector.children.prependData({ type: 'Combinator', name: ' ' });
  selector.children.prependData(subject);
}

function substituteParent(selector: Selector, parent: SelectorList): void {
  walk(selector, {
    visit: 'NestingSelector',
    enter: (node, item, list: List<CssNode> | null) => {
      if (list === null || item === null) return;
      const replacement: CssNode = { type: 'PseudoClassSelector', name: 'is', children: new List<CssNode>().appendData(clone(parent)), ...(node.loc ? { loc: node.loc } : {}) };
      list.replace(item, list.createItem(replacement));
    },
  });
}

/** One item of a block's contents that css-tree could not parse itself (it reads nested rules only when they begin with `&`). */
export interface RawBlockItem {
  readonly kind: 'rule' | 'declaration';
  readonly text: string;
  /** Offset of the item in the raw text. */
  readonly offset: number;
}

/**
 * Splits the raw contents of a style block into declarations (ending at a top-level `;`) and
 * nested rules (a prelude and its `{}` block), as CSS Syntax 3 "consume a block's contents"
 * does: strings, comments and brackets are skipped over.
 */
export function splitRawBlock(raw: string): RawBlockItem[] {
  const items: RawBlockItem[] = [];
  let start = 0;
  let depth = 0;
  const push = (kind: RawBlockItem['kind'], end: number): void => {
    const text = raw.slice(start, kind === 'declaration' && raw[end - 1] === ';' ? end - 1 : end);
    const lead = text.length - text.trimStart().length;
    if (text.trim() !== '') items.push({ kind, text: text.trim(), offset: start + lead });
    start = end;
  };
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '"' || ch === "'") i = skipString(raw, i);
    else if (ch === '/' && raw[i + 1] === '*') i = skipComment(raw, i);
    else if (ch === '\\') i++;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (ch === '}') {
      depth = Math.max(0, depth - 1);
      // a custom property's value may hold `{}` blocks: it ends at its `;` only
      if (depth === 0 && !raw.slice(start, i).trimStart().startsWith('--')) push('rule', i + 1);
    } else if (ch === ';' && depth === 0) push('declaration', i + 1);
  }
  push('declaration', raw.length);
  return items;
}

function skipString(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote || text[i] === '\n') return i;
  }
  return text.length;
}

function skipComment(text: string, open: number): number {
  const end = text.indexOf('*/', open + 2);
  return end < 0 ? text.length : end + 1;
}

type Position = CssLocation['start'];
export type RawBlockError = (offset: number, message: string, line: number, column: number) => void;

/**
 * The nodes of a raw run of a style block's contents: declarations, nested style rules and
 * nested at-rules (whose blocks are raw runs again, read the same way when visited).
 */
export function readRawBlock(raw: Raw, report: RawBlockError): CssNode[] {
  const origin = raw.loc?.start;
  if (origin === undefined) return [];
  const nodes: CssNode[] = [];
  for (const item of splitRawBlock(raw.value)) {
    const at = positionIn(raw.value, origin, item.offset);
    const node = item.text.startsWith('@') ? readNestedAtRule(item.text, raw.value, origin, item.offset, report) : parseItem(item.text, item.kind, at, report);
    if (node !== undefined) nodes.push(node);
  }
  return nodes;
}

function parseItem(text: string, kind: RawBlockItem['kind'] | 'atrule', at: Position, report: RawBlockError): CssNode | undefined {
  try {
    const node = parse(text, {
      context: kind,
      positions: true,
      parseCustomProperty: false,
      offset: at.offset,
      line: at.line,
      column: at.column,
      onParseError: (error) => {
        const { offset, line, column } = error as { offset?: number; line?: number; column?: number };
        report(offset ?? -1, error.message, line ?? at.line, column ?? at.column);
      },
    });
    return node.type === 'Rule' || node.type === 'Declaration' || node.type === 'Atrule' ? node : undefined;
  } catch {
    report(-1, `could not parse \`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``, at.line, at.column);
    return undefined;
  }
}

/** `@media … { … }` inside a style block: css-tree would read its contents as rules only, so they stay one raw run. */
function readNestedAtRule(text: string, source: string, origin: Position, offset: number, report: RawBlockError): CssNode | undefined {
  const brace = text.indexOf('{');
  const close = text.lastIndexOf('}');
  if (brace < 0 || close < brace) return parseItem(text, 'declaration', positionIn(source, origin, offset), report);
  const node = parseItem(`${text.slice(0, brace)}{}`, 'atrule', positionIn(source, origin, offset), report);
  if (node?.type !== 'Atrule' || node.block === null) return node;
  const inner: Raw = {
    type: 'Raw',
    value: text.slice(brace + 1, close),
    loc: { source: '', start: positionIn(source, origin, offset + brace + 1), end: positionIn(source, origin, offset + close) },
  };
  node.block.children = new List<CssNode>().appendData(inner);
  return node;
}

/** The source position of an index into a raw run. */
function positionIn(source: string, origin: Position, index: number): Position {
  const before = source.slice(0, index);
  const lastBreak = before.lastIndexOf('\n');
  const newlines = before.split('\n').length - 1;
  return {
    offset: origin.offset + index,
    line: origin.line + newlines,
    column: lastBreak < 0 ? origin.column + index : index - lastBreak,
  };
}
