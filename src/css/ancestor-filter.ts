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

/** What a selector needs among its subject's ancestors (each list possibly empty, not all three). */
export interface AncestorKeys {
  readonly tags: readonly string[];
  readonly classes: readonly string[];
  readonly ids: readonly string[];
}

/**
 * The keys of the compounds that are ancestors of the subject: those followed by a descendant or
 * child combinator (an ancestor of the subject's sibling, or of its ancestor's, is the subject's
 * ancestor too). Only type, class and id selectors of the compound itself (not inside `:is()`,
 * `:not()`...). Undefined when the selector names none. `nodes`: one complex selector, without
 * its pseudo-element.
 */
export function ancestorKeysOf(nodes: readonly CssNode[]): AncestorKeys | undefined {
  const tags: string[] = [];
  const classes: string[] = [];
  const ids: string[] = [];
  let compound: CssNode[] = [];
  for (const node of nodes) {
    if (node.type !== 'Combinator') {
      compound.push(node);
      continue;
    }
    const name = node.name.trim();
    if (name === '' || name === '>') {
      for (const simple of compound) {
        // tags compared lowercased, as the matchers do; `*` and namespaced types name no tag
        if (simple.type === 'TypeSelector' && simple.name !== '*' && !simple.name.includes('|')) tags.push(unescaped(simple.name).toLowerCase());
        else if (simple.type === 'ClassSelector') classes.push(unescaped(simple.name));
        else if (simple.type === 'IdSelector') ids.push(unescaped(simple.name));
      }
    }
    compound = [];
  }
  return tags.length + classes.length + ids.length === 0 ? undefined : { tags, classes, ids };
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

/** The ancestors' keys, counted (an element and its ancestor may share a class). */
export class AncestorFilter {
  private readonly tags = new Map<string, number>();
  private readonly classes = new Map<string, number>();
  private readonly ids = new Map<string, number>();

  /** Before matching `element`'s children. */
  enter(element: DomElement): void {
    this.count(element, 1);
  }

  /** After matching `element`'s descendants: undoes `enter`. */
  leave(element: DomElement): void {
    this.count(element, -1);
  }

  private count(element: DomElement, delta: 1 | -1): void {
    add(this.tags, element.name.toLowerCase(), delta);
    const attribs = element.attribs;
    const classText = attribs['class'];
    if (classText !== undefined) {
      const names = classNames(classText);
      for (let i = 0; i < names.length; i++) add(this.classes, names[i]!, delta);
    }
    const id = attribs['id'];
    if (id !== undefined) add(this.ids, id, delta);
  }

  /** False when some key is on no ancestor: the selector cannot match. */
  mayMatch(keys: AncestorKeys): boolean {
    return allIn(keys.classes, this.classes) && allIn(keys.ids, this.ids) && allIn(keys.tags, this.tags);
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count === 0) counts.delete(key);
  else counts.set(key, count);
}

function allIn(keys: readonly string[], counts: ReadonlyMap<string, number>): boolean {
  for (let i = 0; i < keys.length; i++) if (!counts.has(keys[i]!)) return false;
  return true;
}
