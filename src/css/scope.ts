/**
 * `@scope (<scope-start>) to (<scope-end>) { … }` (CSS Cascade 6 §2.5): the rules inside match
 * only elements in a scope — a scoping root (an element that matches the start) and its
 * descendants, down to and not into the scoping limits (descendants of the root that match the
 * end). A rule's selector is relative to the root: one that names neither `:scope` nor `&`
 * matches descendants of it (an implicit `:where(:scope)` and a descendant combinator, so the
 * root itself only through `:scope`); `:scope` is the root, with a pseudo-class's specificity,
 * and `&` is `:is(<scope-start>)`.
 *
 * Rules are desugared like nested ones (nesting.ts): the root becomes `:where(<scope-start>)` in
 * the selector, and the limits are checked when the selector matches (ScopeBounds.contains).
 * An `@scope` without a start is rooted at the parent of its `<style>` (of each `<style>` with
 * that text: a component repeated with its styles scopes each copy); a linked sheet's has no
 * `<style>`, and matches nothing, as its root would be the `<head>` of its `<link>`.
 * Between specificity and order of appearance, the cascade weighs scoping proximity: a rule whose
 * root is fewer generations up wins, and a scoped rule wins over an unscoped one
 * (SelectorEntry.proximity, rule-index.ts).
 */
import type { CssNode, ListItem, Selector, SelectorList } from 'css-tree';
import { List, clone, walk } from 'css-tree';
import type { DomElement } from '../dom/types.js';
import { childText, isElement } from '../dom/types.js';
import { parse } from './values/css-tree-parse.js';
import { prefixRelative } from './nesting.js';
import type { SelectorEntry } from './stylesheet.js';

/** The bounds of the `@scope` rule being read. */
export interface ScopeBounds {
  /** The root's selectors (for an `@scope` without one, `:has(> style)`: `contains` tells which). */
  readonly start: SelectorList;
  /** Whether an element is in scope of some root (the limits checked); undefined when there are no limits. */
  readonly contains?: ((element: DomElement) => boolean) | undefined;
  /** Generations from an element in scope up to its nearest root (0: the root itself); Infinity out of scope. */
  readonly proximity: (element: DomElement) => number;
}

/** The start and end selector texts of an `@scope` prelude, or undefined when it is not one. */
export function scopePrelude(text: string): { start: string | undefined; end: string | undefined } | undefined {
  let at = 0;
  const skipSpace = (): void => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const group = (): string | undefined => {
    if (text[at] !== '(') return undefined;
    let depth = 0;
    const from = at + 1;
    for (; at < text.length; at++) {
      const ch = text[at];
      if (ch === '"' || ch === "'") at = text.indexOf(ch, at + 1) < 0 ? text.length : text.indexOf(ch, at + 1);
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) return text.slice(from, at++).trim();
    }
    return undefined;
  };
  skipSpace();
  const start = text[at] === '(' ? group() : undefined;
  skipSpace();
  let end: string | undefined;
  if (/^to\b/i.test(text.slice(at))) {
    at += 2;
    skipSpace();
    end = group();
    if (end === undefined) return undefined;
    skipSpace();
  }
  return at === text.length ? { start, end } : undefined;
}

/** A selector list's text parsed, or undefined when it is not a selector list. */
export function parseSelectorList(text: string): SelectorList | undefined {
  try {
    const list = parse(text, { context: 'selectorList' }) as SelectorList;
    return list.type === 'SelectorList' && list.children.toArray().every((node) => node.type === 'Selector') ? list : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A scoped rule's selector list made absolute: the implicit root becomes `:where(<start>)`, an
 * explicit `:scope` `:where(<start>):is(:root, :nth-child(n))` — an element the start matches,
 * with a pseudo-class's specificity (every element is the root or somebody's child) — and `&`
 * becomes `:is(<start>)`.
 */
export function scopedSelectorList(list: SelectorList, start: SelectorList): SelectorList {
  const result = clone(list) as SelectorList;
  result.children.forEach((selector) => {
    if (selector.type !== 'Selector') return;
    let named = false;
    walk(selector, (node) => {
      if ((node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'scope') || node.type === 'NestingSelector') named = true;
    });
    if (!named) prefixRelative(selector, rootSelector(start));
    replaceRoots(selector, start);
  });
  return result;
}

/** `:scope` and `&` in `selector` (a limit's, or a scoped rule's) replaced by the root's selectors. */
export function replaceRoots(selector: Selector, start: SelectorList): void {
  walk(selector, {
    enter: (node: CssNode, item: ListItem<CssNode> | null, list: List<CssNode> | null) => {
      if (list === null || item === null) return;
      if (node.type === 'PseudoClassSelector' && node.name.toLowerCase() === 'scope') {
        list.insert(list.createItem(rootSelector(start)), item);
        list.replace(item, list.createItem(clone(ANY_ELEMENT)));
      } else if (node.type === 'NestingSelector') {
        list.replace(item, list.createItem({ type: 'PseudoClassSelector', name: 'is', children: new List<CssNode>().appendData(clone(start)) }));
      }
    },
  });
}

/** `:is(:root, :nth-child(n))`: every element, with a pseudo-class's specificity (that of `:scope`). */
const ANY_ELEMENT: CssNode = (parse(':is(:root, :nth-child(n))', { context: 'selector' }) as Selector).children.first!;

function rootSelector(start: SelectorList): CssNode {
  return { type: 'PseudoClassSelector', name: 'where', children: new List<CssNode>().appendData(clone(start)) };
}

/**
 * How many generations up from `element` the nearest root `isRoot` matches is with no limit
 * `isLimit` matches between them, the element included (0: it is a root); Infinity when there is
 * none: the element is out of scope.
 */
export function scopeProximity(element: DomElement, isRoot: (element: DomElement) => boolean, isLimit: (element: DomElement) => boolean): number {
  if (isRoot(element)) return 0;
  if (isLimit(element)) return Number.POSITIVE_INFINITY;
  let hops = 1;
  for (let node = element.parent; node !== null && isElement(node); node = node.parent, hops++) {
    if (isRoot(node)) return hops;
    if (isLimit(node)) return Number.POSITIVE_INFINITY;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The bounds of an `@scope` rule from its prelude's text, inside `outer` when it is nested in
 * another; undefined when the prelude is invalid. `compile` gives a selector list's matcher
 * (undefined when a selector in it is invalid); `warn` says what is not honoured.
 */
export function scopeBounds(text: string, outer: ScopeBounds | undefined, source: string, compile: (list: SelectorList) => ((element: DomElement) => boolean) | undefined): ScopeBounds | undefined {
  const prelude = scopePrelude(text);
  if (prelude === undefined) return undefined;
  const written = parseSelectorList(prelude.start ?? ':has(> style)');
  if (written === undefined) return undefined;
  // a nested @scope's roots are in the outer scope
  const start = outer === undefined ? written : scopedSelectorList(written, outer.start);
  const matchesStart = compile(start);
  if (matchesStart === undefined) return undefined;
  const isRoot = prelude.start !== undefined ? matchesStart : (element: DomElement) => matchesStart(element) && ownsSheet(element, source);
  let isLimit: ((element: DomElement) => boolean) | undefined;
  if (prelude.end !== undefined) {
    const end = parseSelectorList(prelude.end);
    if (end === undefined) return undefined;
    end.children.forEach((selector) => {
      if (selector.type === 'Selector') replaceRoots(selector, start);
    });
    isLimit = compile(end);
    if (isLimit === undefined) return undefined;
  }
  const within = outer?.contains;
  const limit = isLimit ?? NO_LIMIT;
  // asked for each rule of the scope an element matches, twice (its match and the cascade's weighing)
  const hops = new WeakMap<DomElement, number>();
  const proximity = (element: DomElement): number => {
    let found = hops.get(element);
    if (found === undefined) hops.set(element, (found = scopeProximity(element, isRoot, limit)));
    return found;
  };
  if (isLimit === undefined && prelude.start !== undefined) return { start, contains: within, proximity };
  return { start, contains: (element) => proximity(element) !== Number.POSITIVE_INFINITY && (within === undefined || within(element)), proximity };
}

const NO_LIMIT = (): boolean => false;

/** Whether one of the element's children is a `<style>` with this CSS. */
function ownsSheet(element: DomElement, source: string): boolean {
  for (const child of element.children) if (isElement(child) && child.name === 'style' && childText(child) === source) return true;
  return false;
}

/** A compiled selector of a rule inside `scope`: matched only in scope, weighed by proximity. */
export function scopedEntry(entry: SelectorEntry, scope: ScopeBounds): SelectorEntry {
  const contains = scope.contains;
  const match = contains === undefined ? entry.match : (element: DomElement): boolean => entry.match(element) && contains(element);
  return { ...entry, match, proximity: scope.proximity };
}
