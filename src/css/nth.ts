/**
 * Tree-structural pseudo-classes (Selectors 4 §14.4) in O(1) per test: element positions among
 * their siblings are computed once per parent and kept beside the DOM. css-select's own versions
 * scan every sibling on every test, which makes `tr:nth-child(even) td` quadratic in table rows.
 */
import { compile } from 'css-select';
import type { DomElement, DomNode } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { BoundedCache } from '../cache/bounded.js';
import { CSS_SELECT_OPTIONS } from './css-select-options.js';

interface Position {
  /** 1-based index among element siblings, and their count. */
  readonly index: number;
  readonly count: number;
  /** 1-based index among siblings of the same type, and their count. */
  readonly typeIndex: number;
  typeCount: number;
}

const positions = new WeakMap<DomElement, Position>();

function positionOf(element: DomElement): Position {
  const known = positions.get(element);
  if (known !== undefined) return known;
  const siblings = element.parent ? element.parent.children.filter((node): node is DomElement => isElement(node)) : [element];
  const byType = new Map<string, Position[]>();
  siblings.forEach((sibling, i) => {
    const list = byType.get(sibling.name) ?? [];
    const position: Position = { index: i + 1, count: siblings.length, typeIndex: list.length + 1, typeCount: 0 };
    list.push(position);
    byType.set(sibling.name, list);
    positions.set(sibling, position);
  });
  for (const list of byType.values()) for (const position of list) position.typeCount = list.length;
  return positions.get(element)!;
}

/** `An+B` (CSS Syntax 3 §6); undefined when invalid. */
export function parseAnB(text: string): { a: number; b: number } | undefined {
  const s = text.replace(/\s+/g, '').toLowerCase();
  if (s === 'odd') return { a: 2, b: 1 };
  if (s === 'even') return { a: 2, b: 0 };
  if (/^[+-]?\d+$/.test(s)) return { a: 0, b: Number(s) };
  const match = /^([+-]?\d*)n([+-]\d+)?$/.exec(s);
  if (!match) return undefined;
  const coefficient = match[1]!;
  const a = coefficient === '' || coefficient === '+' ? 1 : coefficient === '-' ? -1 : Number(coefficient);
  return { a, b: match[2] ? Number(match[2]) : 0 };
}

function matchesAnB(a: number, b: number, position: number): boolean {
  if (a === 0) return position === b;
  const n = (position - b) / a;
  return Number.isInteger(n) && n >= 0;
}

/** Parsed `:nth-*()` arguments, by text (shared by every render). */
const parsedArguments = new BoundedCache<string, { a: number; b: number; of?: (element: DomElement) => boolean } | null>('css.nth-arguments', 1024);

function argumentOf(data: string | null | undefined): { a: number; b: number; of?: (element: DomElement) => boolean } | null {
  if (data === null || data === undefined) return null;
  let parsed = parsedArguments.get(data);
  if (parsed === undefined) {
    // css-tree may print `2 of.x` (no space after `of`).
    const [, anb, of] = /^(.*?)(?:\s+of(?![\w-])\s*(.+))?$/is.exec(data.trim()) ?? [];
    const coefficients = anb === undefined ? undefined : parseAnB(anb);
    parsed = coefficients === undefined ? null : of === undefined ? coefficients : { ...coefficients, of: compile<DomNode, DomElement>(of, CSS_SELECT_OPTIONS) as (element: DomElement) => boolean };
    parsedArguments.set(data, parsed);
  }
  return parsed;
}

/**
 * `:nth-child(An+B of S)`: counts only the siblings matching S. The siblings' indexes among those
 * matching S are found once per parent and S, as positionOf does for the plain indexes: a scan of
 * the siblings per test made 10,000 list items cost 7 s.
 */
function filteredPosition(element: DomElement, of: (element: DomElement) => boolean, fromEnd: boolean): number {
  const parent = element.parent ?? element;
  let byParent = filteredIndexes.get(of);
  if (byParent === undefined) filteredIndexes.set(of, byParent = new WeakMap());
  let indexes = byParent.get(parent);
  if (indexes === undefined) {
    indexes = new Map();
    const siblings = element.parent === null ? [element] : element.parent.children;
    for (const node of siblings) if (isElement(node) && of(node)) indexes.set(node, indexes.size + 1);
    byParent.set(parent, indexes);
  }
  const index = indexes.get(element);
  if (index === undefined) return 0;
  return fromEnd ? indexes.size - index + 1 : index;
}

/** `An+B of S` at a position filteredPosition gave: an element that is not S (position 0) matches no formula (`even of .x`, `-n+1 of .x`). */
function matchesFiltered(a: number, b: number, position: number): boolean {
  return position > 0 && matchesAnB(a, b, position);
}

/** Per selector S and parent, each child matching S and its 1-based index among them. */
const filteredIndexes = new WeakMap<(element: DomElement) => boolean, WeakMap<object, Map<DomElement, number>>>();

type Pseudo = (element: DomElement, data?: string | null) => boolean;

/** A pre-parsed `:nth-*(An+B)` test for the native matcher. */
export function nthTest(name: string, a: number, b: number): ((element: DomElement) => boolean) | undefined {
  const fromEnd = name === 'nth-last-child' || name === 'nth-last-of-type';
  const ofType = name === 'nth-of-type' || name === 'nth-last-of-type';
  if (!fromEnd && !ofType && name !== 'nth-child') return undefined;
  return (element) => {
    const p = positionOf(element);
    const position = ofType ? (fromEnd ? p.typeCount - p.typeIndex + 1 : p.typeIndex) : fromEnd ? p.count - p.index + 1 : p.index;
    return matchesAnB(a, b, position);
  };
}

/** A pre-parsed `:nth-child(An+B of S)` / `:nth-last-child(An+B of S)` test (Selectors 4 §14.4.1). */
export function nthOfTest(name: string, a: number, b: number, of: (element: DomElement) => boolean): ((element: DomElement) => boolean) | undefined {
  if (name !== 'nth-child' && name !== 'nth-last-child') return undefined;
  const fromEnd = name === 'nth-last-child';
  return (element) => matchesFiltered(a, b, filteredPosition(element, of, fromEnd));
}

function nth(fromEnd: boolean, ofType: boolean): Pseudo {
  return (element, data) => {
    const arg = argumentOf(data);
    if (arg === null) return false;
    if (arg.of !== undefined) return matchesFiltered(arg.a, arg.b, filteredPosition(element, arg.of, fromEnd));
    const p = positionOf(element);
    const position = ofType ? (fromEnd ? p.typeCount - p.typeIndex + 1 : p.typeIndex) : fromEnd ? p.count - p.index + 1 : p.index;
    return matchesAnB(arg.a, arg.b, position);
  };
}

/** Overrides passed to css-select's `pseudos` option. */
export const STRUCTURAL_PSEUDOS: Readonly<Record<string, Pseudo>> = {
  'nth-child': nth(false, false),
  'nth-last-child': nth(true, false),
  'nth-of-type': nth(false, true),
  'nth-last-of-type': nth(true, true),
  'last-child': (element) => { const p = positionOf(element); return p.index === p.count; },
  'only-child': (element) => positionOf(element).count === 1,
  'first-of-type': (element) => positionOf(element).typeIndex === 1,
  'last-of-type': (element) => { const p = positionOf(element); return p.typeIndex === p.typeCount; },
  'only-of-type': (element) => positionOf(element).typeCount === 1,
};
