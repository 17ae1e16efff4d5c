/**
 * Forgiving selector lists (Selectors 4 §3.6): the argument of `:is()` and `:where()` loses the
 * selectors that cannot be used — unknown or invalid ones, pseudo-elements, shadow-host selectors
 * a document without shadow trees never matches — instead of invalidating the whole rule. Pico
 * writes its root variables under `:where(:root), :where(:host)`: without this the rule, and the
 * page's font and colours with it, were dropped.
 */
import type { CssNode } from 'css-tree';
import { clone, parse } from 'css-tree';
import { childrenOf } from './values/nodes.js';

/** The pseudo-classes whose argument is a forgiving selector list (`:matches`, `:-webkit-any` are older names of `:is`). */
const FORGIVING = new Set(['is', 'where', 'matches', '-webkit-any', 'any']);

/** Stands for an argument left empty: it matches nothing and weighs nothing, as an empty `:is()`. */
const MATCHES_NOTHING = (): CssNode => parse(':not(*)', { context: 'selector' });

type Usable = (selector: CssNode) => boolean;

/** Whether the selector has an `:is()` or `:where()` anywhere, so that forgiving it may change something. */
export function hasForgivingList(selector: CssNode): boolean {
  for (const node of childrenOf(selector)) {
    if (node.type !== 'PseudoClassSelector') continue;
    const argument = childrenOf(node)[0];
    if (argument?.type !== 'SelectorList') continue;
    if (FORGIVING.has(node.name.toLowerCase()) || childrenOf(argument).some(hasForgivingList)) return true;
  }
  return false;
}

/**
 * A copy of the selector whose `:is()`/`:where()` arguments keep only the selectors `usable`
 * accepts (nested lists forgiven first); an argument with nothing left matches nothing.
 */
export function forgivenSelector(selector: CssNode, usable: Usable): CssNode {
  const copy = clone(selector);
  forgiveIn(copy, usable);
  return copy;
}

function forgiveIn(selector: CssNode, usable: Usable): void {
  if (selector.type !== 'Selector') return;
  selector.children.forEach((node, item, list) => {
    if (node.type !== 'PseudoClassSelector' || node.children === null) return;
    const argument = node.children.first;
    if (argument?.type !== 'SelectorList') return;
    argument.children.forEach((inner) => forgiveIn(inner, usable));
    if (!FORGIVING.has(node.name.toLowerCase())) return;
    argument.children = argument.children.filter((inner) => usable(inner));
    if (argument.children.isEmpty) list.replace(item, list.createItem(childrenOf(MATCHES_NOTHING())[0]!));
  });
}
