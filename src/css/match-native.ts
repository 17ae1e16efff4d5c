/**
 * A direct matcher for the selectors real stylesheets are made of (Selectors 4): compounds of
 * type, class, id, attribute and structural pseudo-classes, joined by descendant, child and
 * sibling combinators, matched right to left. Anything else goes to css-select. Several times
 * faster than css-select's generic closures, which matters for tables of thousands of rows.
 */
import { elementNameOf } from '../dom/svg-names.js';
import type { CssNode } from 'css-tree';
import { generate } from 'css-tree';
import type { DomElement, DomNode } from '../dom/types.js';
import { STRUCTURAL_PSEUDOS, nthOfTest, nthTest, parseAnB } from './nth.js';
import { STATE_PSEUDOS } from './state-pseudos.js';
import { directionalityOf } from '../dom/directionality.js';
import { childrenOf, unescaped } from './values/nodes.js';

type Test = (element: DomElement) => boolean;
export type Matcher = (element: DomElement) => boolean;

const WHITESPACE = /[ \t\n\f\r]+/;

/** HTML attributes whose values selectors compare case-insensitively (HTML §4.16.2). */
const CASE_INSENSITIVE = new Set([
  'accept', 'accept-charset', 'align', 'alink', 'axis', 'bgcolor', 'charset', 'checked', 'clear', 'codetype', 'color',
  'compact', 'declare', 'defer', 'dir', 'direction', 'disabled', 'enctype', 'face', 'frame', 'hreflang', 'http-equiv',
  'lang', 'language', 'link', 'media', 'method', 'multiple', 'nohref', 'noresize', 'noshade', 'nowrap', 'readonly',
  'rel', 'rev', 'rules', 'scope', 'scrolling', 'selected', 'shape', 'target', 'text', 'type', 'valign', 'valuetype', 'vlink',
]);

function isElementNode(node: DomNode | null | undefined): node is DomElement {
  return node !== null && node !== undefined && (node.type === 'tag' || node.type === 'script' || node.type === 'style');
}

function parentElement(element: DomElement): DomElement | null {
  const parent = element.parent;
  return isElementNode(parent as DomNode | null) ? (parent as DomElement) : null;
}

function previousElement(element: DomElement): DomElement | null {
  let node = element.prev;
  while (node !== null && !isElementNode(node)) node = node.prev;
  return node;
}

function hasClass(element: DomElement, name: string): boolean {
  const value = element.attribs['class'];
  if (value === undefined) return false;
  if (value === name) return true;
  return hasToken(value, name);
}

/** Whether HTML white space (space, tab, LF, FF, CR) delimits a token at this code unit. */
function isTokenEdge(list: string, index: number): boolean {
  if (index < 0 || index >= list.length) return true;
  const code = list.charCodeAt(index);
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

/**
 * `list.split(WHITESPACE).includes(token)` without the list and its strings: every class test of
 * every element split its `class` attribute again (a few per element, every render).
 */
export function hasToken(list: string, token: string): boolean {
  if (list.length > LONG_LIST) return longListTokens(list).has(token);
  if (token === '') return list.split(WHITESPACE).includes(token);
  for (let at = list.indexOf(token); at !== -1; at = list.indexOf(token, at + 1)) {
    // a token holding white space is never one of the split parts
    if (isTokenEdge(list, at - 1) && isTokenEdge(list, at + token.length)) return !WHITESPACE.test(token);
  }
  return false;
}

/**
 * Past this length a list is split once into a set: each search of a long list costs its length,
 * and an element is tested against every rule of each of its classes (10,000 classes, 10,000
 * rules: 20 s for 20 elements).
 */
const LONG_LIST = 256;
let lastLongList = '';
let lastLongTokens: ReadonlySet<string> = new Set();

/** The tokens of the long list tested last: an element's classes are tested many times in a row. */
function longListTokens(list: string): ReadonlySet<string> {
  if (list !== lastLongList) {
    lastLongList = list;
    lastLongTokens = new Set(list.split(WHITESPACE));
  }
  return lastLongTokens;
}

function attributeTest(node: CssNode & { type: 'AttributeSelector' }): Test | undefined {
  if (node.name.type !== 'Identifier') return undefined;
  const name = unescaped(node.name.name).toLowerCase();
  if (node.matcher === null) return (element) => element.attribs[name] !== undefined;
  const raw = node.value === null ? '' : node.value.type === 'String' ? node.value.value : unescaped(node.value.name);
  const flag = node.flags?.toLowerCase();
  const fold = flag === 'i' || (flag !== 's' && CASE_INSENSITIVE.has(name));
  const expected = fold ? raw.toLowerCase() : raw;
  const read = (element: DomElement): string | undefined => {
    const value = element.attribs[name];
    return value === undefined ? undefined : fold ? value.toLowerCase() : value;
  };
  switch (node.matcher) {
    case '=': return (element) => read(element) === expected;
    // decided by the selector alone: an empty value or one with white space matches nothing
    case '~=': return expected === '' || WHITESPACE.test(expected) ? () => false : (element) => { const v = read(element); return v !== undefined && hasToken(v, expected); };
    case '|=': return (element) => { const v = read(element); return v !== undefined && (v === expected || v.startsWith(`${expected}-`)); };
    case '^=': return (element) => expected !== '' && (read(element)?.startsWith(expected) ?? false);
    case '$=': return (element) => expected !== '' && (read(element)?.endsWith(expected) ?? false);
    case '*=': return (element) => expected !== '' && (read(element)?.includes(expected) ?? false);
    default: return undefined;
  }
}

const LINK_TAGS = new Set(['a', 'area', 'link']);

function pseudoClassTest(node: CssNode & { type: 'PseudoClassSelector' }): Test | undefined {
  const name = node.name.toLowerCase();
  const args = childrenOf(node);
  if (args.length === 0) {
    switch (name) {
      case 'first-child': return (element) => previousElement(element) === null;
      case 'root': return (element) => parentElement(element) === null;
      case 'link':
      case 'any-link': return (element) => LINK_TAGS.has(element.name) && element.attribs['href'] !== undefined;
      case 'defined': return () => true;
      default: {
        const state = STATE_PSEUDOS[name];
        if (state !== undefined) return state;
        const structural = STRUCTURAL_PSEUDOS[name];
        return structural === undefined || structural.length > 1 ? undefined : (element) => structural(element);
      }
    }
  }
  const arg = args[0]!;
  if (name === 'dir' && arg.type === 'Identifier') {
    const wanted = arg.name.toLowerCase();
    return (element) => directionalityOf(element) === wanted;
  }
  if (name.startsWith('nth-') && arg.type === 'Nth') {
    const anb = parseAnB(generate(arg.nth));
    if (anb === undefined) return undefined;
    if (arg.selector === null) return nthTest(name, anb.a, anb.b);
    const of = selectorListTest(arg.selector);
    return of === undefined ? undefined : nthOfTest(name, anb.a, anb.b, of);
  }
  if ((name === 'not' || name === 'is' || name === 'where' || name === 'matches') && arg.type === 'SelectorList') {
    const alternatives: Test[] = [];
    for (const selector of childrenOf(arg)) {
      const test = compoundTest(childrenOf(selector));
      if (test === undefined) return undefined;
      alternatives.push(test);
    }
    return name === 'not'
      ? (element) => !alternatives.some((test) => test(element))
      : (element) => alternatives.some((test) => test(element));
  }
  return undefined;
}

/** A list of complex selectors (the `S` of `:nth-child(An+B of S)`): one of them must match. */
function selectorListTest(list: CssNode): Test | undefined {
  const alternatives: Matcher[] = [];
  for (const selector of childrenOf(list)) {
    const matcher = compileNative(childrenOf(selector));
    if (matcher === undefined) return undefined;
    alternatives.push(matcher);
  }
  return alternatives.length === 1 ? alternatives[0] : (element) => alternatives.some((test) => test(element));
}

/** All simple selectors of one compound must hold; undefined if one is not supported here. */
function compoundTest(nodes: readonly CssNode[]): Test | undefined {
  const tests: Test[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'TypeSelector': {
        if (node.name.includes('|')) return undefined;
        if (node.name === '*') break;
        const tag = elementNameOf(unescaped(node.name).toLowerCase());
        tests.push((element) => element.name === tag);
        break;
      }
      case 'ClassSelector': { const name = unescaped(node.name); tests.push((element) => hasClass(element, name)); break; }
      case 'IdSelector': { const id = unescaped(node.name); tests.push((element) => element.attribs['id'] === id); break; }
      case 'AttributeSelector': { const test = attributeTest(node); if (test === undefined) return undefined; tests.push(test); break; }
      case 'PseudoClassSelector': { const test = pseudoClassTest(node); if (test === undefined) return undefined; tests.push(test); break; }
      default: return undefined;
    }
  }
  switch (tests.length) {
    case 0: return () => true;
    case 1: return tests[0];
    case 2: { const [a, b] = tests as [Test, Test]; return (element) => a(element) && b(element); }
    default: return (element) => tests.every((test) => test(element));
  }
}

/** Compiles a complex selector (pseudo-element already removed); undefined to use css-select. */
export function compileNative(nodes: readonly CssNode[]): Matcher | undefined {
  const compounds: Test[] = [];
  const combinators: string[] = [];
  let current: CssNode[] = [];
  for (const node of nodes) {
    if (node.type === 'Combinator') {
      const test = compoundTest(current);
      if (test === undefined || current.length === 0) return undefined;
      compounds.push(test);
      combinators.push(node.name.trim() === '' ? ' ' : node.name.trim());
      current = [];
    } else current.push(node);
  }
  const last = compoundTest(current);
  if (last === undefined) return undefined;
  compounds.push(last);
  if (combinators.some((c) => c !== ' ' && c !== '>' && c !== '+' && c !== '~')) return undefined;
  if (compounds.length === 1) return last;
  const matchAt = (element: DomElement, index: number): MatchResult => {
    if (!compounds[index]!(element)) return RESTART_FROM_LATER_SIBLING;
    if (index === 0) return MATCHED;
    const combinator = combinators[index - 1];
    const sibling = combinator === '+' || combinator === '~';
    for (let next = sibling ? previousElement(element) : parentElement(element); next !== null; next = sibling ? previousElement(next) : parentElement(next)) {
      const result = matchAt(next, index - 1);
      if (result === MATCHED || result === NOT_MATCHED_GLOBALLY || combinator === '+') return result;
      if (combinator === '>') return RESTART_FROM_DESCENDANT;
      if (combinator === '~' && result === RESTART_FROM_DESCENDANT) return result;
      // a descendant combinator tries the next ancestor, a later-sibling one the next sibling
    }
    return sibling ? RESTART_FROM_DESCENDANT : NOT_MATCHED_GLOBALLY;
  };
  const top = compounds.length - 1;
  return (element) => matchAt(element, top) === MATCHED;
}

/**
 * How matching the part of a selector left of a combinator failed, so that a descendant or
 * sibling combinator further right stops trying other elements when no other can succeed
 * (Servo's `SelectorMatchingResult`): without it, `div div … div` (30 compounds) against 40
 * nested divs tried every way to choose 30 of the 40 ancestors, and ran for minutes.
 * - restart from a later sibling: this element's compound failed; another candidate may match;
 * - restart from a descendant: no candidate reached through sibling combinators matched; only a
 *   descendant combinator further right may try another ancestor;
 * - globally: no ancestor can match either: the whole selector fails for this element.
 */
type MatchResult = 0 | 1 | 2 | 3;
const MATCHED = 0;
const RESTART_FROM_LATER_SIBLING = 1;
const RESTART_FROM_DESCENDANT = 2;
const NOT_MATCHED_GLOBALLY = 3;
