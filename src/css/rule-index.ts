/**
 * Rule buckets (as browsers do): every selector is filed under its rightmost compound's id,
 * class or tag, so an element only tests the selectors that could match it.
 */
import type { DomElement } from '../dom/types.js';
import type { MediaEnvironment, MediaPredicate } from './media.js';
import type { SelectorEntry, StyleRule, Stylesheet } from './stylesheet.js';
import { layerRanks } from './layers.js';
import type { AncestorFilter, NeededKeys } from './ancestor-filter.js';
import { classNames, neededKeys } from './ancestor-filter.js';

export interface IndexedSelector {
  readonly entry: SelectorEntry;
  readonly rule: StyleRule;
  /** 0 = user agent, 1 = author. */
  readonly origin: 0 | 1;
  /** Source order of the rule across all sheets. */
  readonly order: number;
  /** The rank of the rule's cascade layer (layers.ts); the same for every rule when there are no layers. */
  readonly layer: number;
  /**
   * Unique within this index, and the selector's place in cascade order (`compareSelectors`):
   * matches are sorted by comparing ids alone (style-sharing keys use it too).
   */
  readonly id: number;
}

export interface RuleIndex {
  /**
   * Fills `out` with the matching selectors, sorted by origin, layer, specificity, then order.
   * `ancestors`: the filter of the element's ancestors, when the caller keeps one.
   */
  match(element: DomElement, out: IndexedSelector[], ancestors?: AncestorFilter): IndexedSelector[];
  /** Some author rules are in cascade layers: their `!important` declarations cascade in the reverse layer order. */
  readonly layered: boolean;
  /** The ancestors' keys the selectors need, for the caller's ancestor filter; undefined: none. */
  readonly ancestorKeys: NeededKeys | undefined;
  /** Some rules are inside `@container` rules (StyleRule.containers). */
  readonly containerRules: boolean;
}

function allHold(predicates: readonly MediaPredicate[], env: MediaEnvironment, memo: Map<MediaPredicate, boolean>): boolean {
  for (const predicate of predicates) {
    let result = memo.get(predicate);
    if (result === undefined) {
      result = predicate(env);
      memo.set(predicate, result);
    }
    if (!result) return false;
  }
  return true;
}

export function compareSelectors(a: IndexedSelector, b: IndexedSelector): number {
  return a.origin - b.origin || a.layer - b.layer || a.entry.specificity - b.entry.specificity || a.order - b.order;
}

/**
 * The order of `!important` declarations (CSS Cascade 5 §6.4): earlier layers win over later ones
 * and over unlayered rules. For a stable sort of matches already in cascade order: ties keep
 * that order (scoping proximity, then order of appearance).
 */
export function compareImportant(a: IndexedSelector, b: IndexedSelector): number {
  return a.origin - b.origin || b.layer - a.layer || a.entry.specificity - b.entry.specificity;
}

export function buildRuleIndex(sheets: readonly Stylesheet[], env: MediaEnvironment): RuleIndex {
  const byId = new Map<string, IndexedSelector[]>();
  const byClass = new Map<string, IndexedSelector[]>();
  const byTag = new Map<string, IndexedSelector[]>();
  const byAttribute = new Map<string, IndexedSelector[]>();
  const universal: IndexedSelector[] = [];
  const memo = new Map<MediaPredicate, boolean>();
  const layers = layerRanks(sheets);
  let order = 0;
  const all: { -readonly [K in keyof IndexedSelector]: IndexedSelector[K] }[] = [];
  for (const sheet of sheets) {
    if (!allHold(sheet.media, env, memo)) continue;
    const origin: 0 | 1 = sheet.origin === 'user-agent' ? 0 : 1;
    for (const rule of sheet.parsed.rules) {
      order++;
      if (rule.media.length > 0 && !allHold(rule.media, env, memo)) continue;
      const layer = layers.rankOf(sheet, rule.layer);
      for (const entry of rule.selectors) {
        // the id is set once every selector is known (below)
        const indexed: (typeof all)[number] = { entry, rule, origin, order, layer, id: 0 };
        all.push(indexed);
        const bucket = entry.bucket;
        if (bucket.kind === 'universal') { universal.push(indexed); continue; }
        const map = bucket.kind === 'id' ? byId : bucket.kind === 'class' ? byClass : bucket.kind === 'attribute' ? byAttribute : byTag;
        for (const key of bucket.kind === 'tags' ? bucket.keys : [bucket.key]) {
          const list = map.get(key);
          if (list) list.push(indexed);
          else map.set(key, [indexed]);
        }
      }
    }
  }
  // ids in cascade order, and every bucket in that order: an element's matches arrive as a few sorted runs
  all.sort(compareSelectors);
  for (let i = 0; i < all.length; i++) all[i]!.id = i;
  for (const map of [byId, byClass, byTag, byAttribute]) for (const list of map.values()) list.sort(inCascadeOrder);
  universal.sort(inCascadeOrder);
  const buckets: Buckets = { byId, byClass, byTag, byAttribute: [...byAttribute], universal, scoped: all.some((selector) => selector.entry.proximity !== undefined) };
  return {
    match: (element, out, ancestors) => matchInto(element, buckets, out, ancestors),
    layered: layers.layered,
    ancestorKeys: neededKeys(all.map((selector) => selector.entry.ancestors)),
    containerRules: all.some((selector) => selector.rule.containers !== undefined),
  };
}

interface Buckets {
  readonly byId: ReadonlyMap<string, readonly IndexedSelector[]>;
  readonly byClass: ReadonlyMap<string, readonly IndexedSelector[]>;
  readonly byTag: ReadonlyMap<string, readonly IndexedSelector[]>;
  /** Attribute name and its selectors (few: tested against every element). */
  readonly byAttribute: readonly (readonly [string, readonly IndexedSelector[]])[];
  readonly universal: readonly IndexedSelector[];
  /** Some selectors are in `@scope` rules (SelectorEntry.proximity). */
  readonly scoped: boolean;
}

/** Writes the selectors of `list` that match from `out[count]` on; the new count. */
function testList(list: readonly IndexedSelector[] | undefined, element: DomElement, out: IndexedSelector[], count: number, ancestors: AncestorFilter | undefined): number {
  if (list === undefined) return count;
  for (let i = 0; i < list.length; i++) {
    const candidate = list[i]!;
    const needed = candidate.entry.ancestors;
    if (needed !== undefined && ancestors !== undefined && !ancestors.mayMatch(needed)) continue;
    if (candidate.entry.match(element)) out[count++] = candidate;
  }
  return count;
}

/**
 * The matches overwrite the scratch list and its length is set once at the end: `length = 0` first
 * would drop its backing store, so that every element (tens of thousands in a long table) grew a new one.
 */
function matchInto(element: DomElement, buckets: Buckets, out: IndexedSelector[], ancestors: AncestorFilter | undefined): IndexedSelector[] {
  let count = 0;
  const attribs = element.attribs;
  if (buckets.byId.size > 0) {
    const id = attribs['id'];
    if (id !== undefined) count = testList(buckets.byId.get(id), element, out, count, ancestors);
  }
  const classes = attribs['class'];
  if (classes !== undefined && buckets.byClass.size > 0) {
    const names = classNames(classes);
    for (let i = 0; i < names.length; i++) count = testList(buckets.byClass.get(names[i]!), element, out, count, ancestors);
  }
  count = testList(buckets.byTag.get(element.name), element, out, count, ancestors);
  const byAttribute = buckets.byAttribute;
  for (let i = 0; i < byAttribute.length; i++) {
    const [name, list] = byAttribute[i]!;
    if (Object.hasOwn(attribs, name)) count = testList(list, element, out, count, ancestors);
  }
  count = testList(buckets.universal, element, out, count, ancestors);
  out.length = count;
  sortMatches(out);
  if (buckets.scoped) weighProximity(out, element);
  return out;
}

/**
 * Scoping proximity (CSS Cascade 6 §6.5), between specificity and order of appearance: of two
 * matches in the same origin and layer with the same specificity, the one whose `@scope` root is
 * fewer generations up wins, and a scoped one wins over an unscoped one (infinitely far).
 */
function weighProximity(out: IndexedSelector[], element: DomElement): void {
  let scoped = false;
  for (let i = 0; i < out.length && !scoped; i++) scoped = out[i]!.entry.proximity !== undefined;
  if (!scoped) return;
  const hops = new Map<IndexedSelector, number>();
  for (const match of out) hops.set(match, match.entry.proximity?.(element) ?? Number.POSITIVE_INFINITY);
  const farther = (a: IndexedSelector, b: IndexedSelector): number => {
    const ha = hops.get(a)!;
    const hb = hops.get(b)!;
    return ha === hb ? 0 : ha > hb ? -1 : 1;
  };
  out.sort((a, b) => a.origin - b.origin || a.layer - b.layer || a.entry.specificity - b.entry.specificity || farther(a, b) || a.order - b.order);
}

function inCascadeOrder(a: IndexedSelector, b: IndexedSelector): number {
  return a.id - b.id;
}

/**
 * Insertion sort by cascade order, which the ids are (one comparison of two numbers instead of
 * `compareSelectors`' four fields): matches are few and arrive as runs already sorted (one per
 * bucket), and Array#sort copies them first. Ids are unique, so no order between equals to keep.
 */
function sortMatches(out: IndexedSelector[]): void {
  for (let i = 1; i < out.length; i++) {
    const item = out[i]!;
    const id = item.id;
    if (out[i - 1]!.id < id) continue;
    let j = i - 1;
    while (j >= 0 && out[j]!.id > id) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = item;
  }
}
