/**
 * The ancestor filter of browsers' style engines, exact instead of a Bloom filter: the tags,
 * classes and ids of the ancestors of the element being matched, counted while the cascade walks
 * down the tree. A selector names the tags, classes and ids some of its subject's ancestors must
 * have (`.totals td`: an ancestor of class `totals`); when no ancestor has one of them, it cannot
 * match and is rejected without walking up the tree. In a table, every cell tested each of the
 * stylesheet's `… td` selectors by walking to the root: ~3,500 compound tests per invoice render,
 * most of them for selectors of another table.
 */
import type { CssNode } from 'css-tree';
import type { DomElement } from '../dom/types.js';
import { BoundedCache } from '../cache/bounded.js';
import { unescaped } from './values/nodes.js';

/**
 * What a selector needs among its subject's ancestors: tags (lowercase), classes (`.name`) and ids
 * (`#name`), one key each (a tag never starts with `.` or `#`).
 */
export type AncestorKeys = readonly string[];

/**
 * The keys of the compounds that are ancestors of the subject: those followed by a descendant or
 * child combinator (an ancestor of the subject's sibling, or of its ancestor's, is the subject's
 * ancestor too). Only type, class and id selectors of the compound itself (not inside `:is()`,
 * `:not()`...). Undefined when the selector names none. `nodes`: one complex selector, without
 * its pseudo-element.
 */
export function ancestorKeysOf(nodes: readonly CssNode[]): AncestorKeys | undefined {
  const keys: string[] = [];
  let compound: CssNode[] = [];
  for (const node of nodes) {
    if (node.type !== 'Combinator') {
      compound.push(node);
      continue;
    }
    const name = node.name.trim();
    if (name === '' || name === '>') {
      for (const simple of compound) {
        // tags compared lowercased, as the matchers do; `*`, namespaced types and escaped names
        // that read as a class or id key name no tag here
        if (simple.type === 'TypeSelector') {
          const tag = simple.name.includes('|') ? '*' : unescaped(simple.name).toLowerCase();
          if (tag !== '*' && !tag.startsWith('.') && !tag.startsWith('#')) keys.push(tag);
        }
        else if (simple.type === 'ClassSelector') keys.push(`.${unescaped(simple.name)}`);
        else if (simple.type === 'IdSelector') keys.push(`#${unescaped(simple.name)}`);
      }
    }
    compound = [];
  }
  return keys.length === 0 ? undefined : keys;
}

const CLASS_SEPARATOR = /[ \t\n\f\r]+/;

/** The distinct class names of a `class` attribute, by its text (shared by every render; bounded). */
const classLists = new BoundedCache<string, readonly string[]>('css.class-lists', 4096);

export function classNames(text: string): readonly string[] {
  let names = classLists.get(text);
  if (names === undefined) {
    names = [...new Set(text.split(CLASS_SEPARATOR))].filter((name) => name !== '');
    classLists.set(text, names);
  }
  return names;
}

/** The keys some selector of a rule index needs (the filter counts no other), by tag, class name and id. */
export interface NeededKeys {
  readonly tags: ReadonlySet<string>;
  /** Class name to its key (`.name`: made once, not per element). */
  readonly classes: ReadonlyMap<string, string>;
  /** Id to its key (`#id`). */
  readonly ids: ReadonlyMap<string, string>;
}

/** The union of the selectors' keys; undefined when none needs any (then no filter is kept). */
export function neededKeys(selectors: Iterable<AncestorKeys | undefined>): NeededKeys | undefined {
  const tags = new Set<string>();
  const classes = new Map<string, string>();
  const ids = new Map<string, string>();
  let any = false;
  for (const keys of selectors) {
    if (keys === undefined) continue;
    any = true;
    for (const key of keys) {
      if (key.startsWith('.')) classes.set(key.slice(1), key);
      else if (key.startsWith('#')) ids.set(key.slice(1), key);
      else tags.add(key);
    }
  }
  return any ? { tags, classes, ids } : undefined;
}

/**
 * The ancestors' keys that some selector needs, counted (an element and its ancestor may share a
 * class). Only those: in a long table, most elements are cells whose tag and classes no selector
 * names as an ancestor's.
 */
export class AncestorFilter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly needed: NeededKeys) {}

  /** Before matching `element`'s children. */
  enter(element: DomElement): void {
    this.count(element, 1);
  }

  /** After matching `element`'s descendants: undoes `enter`. */
  leave(element: DomElement): void {
    this.count(element, -1);
  }

  private count(element: DomElement, delta: 1 | -1): void {
    const { needed, counts } = this;
    const tag = element.name.toLowerCase();
    if (needed.tags.has(tag)) add(counts, tag, delta);
    const attribs = element.attribs;
    const classText = attribs['class'];
    if (classText !== undefined && needed.classes.size > 0) {
      const names = classNames(classText);
      for (let i = 0; i < names.length; i++) {
        const key = needed.classes.get(names[i]!);
        if (key !== undefined) add(counts, key, delta);
      }
    }
    const id = attribs['id'];
    const idKey = id === undefined ? undefined : needed.ids.get(id);
    if (idKey !== undefined) add(counts, idKey, delta);
  }

  /** False when some key is on no ancestor: the selector cannot match. */
  mayMatch(keys: AncestorKeys): boolean {
    for (let i = 0; i < keys.length; i++) if (!this.counts.has(keys[i]!)) return false;
    return true;
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count === 0) counts.delete(key);
  else counts.set(key, count);
}
