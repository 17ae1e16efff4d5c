/**
 * Rule buckets (as browsers do): every selector is filed under its rightmost compound's id,
 * class or tag, so an element only tests the selectors that could match it.
 */
import type { DomElement } from '../dom/types.js';
import type { MediaEnvironment, MediaPredicate } from './media.js';
import type { SelectorEntry, StyleRule, Stylesheet } from './stylesheet.js';

export interface IndexedSelector {
  readonly entry: SelectorEntry;
  readonly rule: StyleRule;
  /** 0 = user agent, 1 = author. */
  readonly origin: 0 | 1;
  /** Source order of the rule across all sheets. */
  readonly order: number;
  /** Unique id within this index (used in style-sharing keys). */
  readonly id: number;
}

export interface RuleIndex {
  /** Matching selectors, sorted by origin, specificity, then order. */
  match(element: DomElement): IndexedSelector[];
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
  return a.origin - b.origin || a.entry.specificity - b.entry.specificity || a.order - b.order;
}

export function buildRuleIndex(sheets: readonly Stylesheet[], env: MediaEnvironment): RuleIndex {
  const byId = new Map<string, IndexedSelector[]>();
  const byClass = new Map<string, IndexedSelector[]>();
  const byTag = new Map<string, IndexedSelector[]>();
  const byAttribute = new Map<string, IndexedSelector[]>();
  const universal: IndexedSelector[] = [];
  const memo = new Map<MediaPredicate, boolean>();
  let order = 0;
  let id = 0;
  for (const sheet of sheets) {
    if (!allHold(sheet.media, env, memo)) continue;
    const origin = sheet.origin === 'user-agent' ? 0 : 1;
    for (const rule of sheet.parsed.rules) {
      order++;
      if (rule.media.length > 0 && !allHold(rule.media, env, memo)) continue;
      for (const entry of rule.selectors) {
        const indexed: IndexedSelector = { entry, rule, origin, order, id: id++ };
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
  return {
    match(element) {
      const matched: IndexedSelector[] = [];
      const test = (list: readonly IndexedSelector[] | undefined): void => {
        if (list === undefined) return;
        for (const candidate of list) if (candidate.entry.match(element)) matched.push(candidate);
      };
      const attribs = element.attribs;
      const elementId = attribs['id'];
      if (elementId !== undefined && byId.size > 0) test(byId.get(elementId));
      const classes = attribs['class'];
      if (classes !== undefined && byClass.size > 0) {
        const seen = new Set<string>();
        for (const name of classes.split(/[ \t\n\f\r]+/)) {
          if (name === '' || seen.has(name)) continue;
          seen.add(name);
          test(byClass.get(name));
        }
      }
      test(byTag.get(element.name));
      if (byAttribute.size > 0) for (const name in attribs) test(byAttribute.get(name));
      test(universal);
      if (matched.length > 1) matched.sort(compareSelectors);
      return matched;
    },
  };
}
