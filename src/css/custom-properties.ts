/**
 * Custom properties and `var()` substitution (CSS Variables 1 §2-3). Values are token text;
 * substitution is textual with cycle detection; an unresolvable reference makes the value
 * invalid at computed-value time. So does a substitution longer than limits.maxCustomPropertyLength
 * (CSS Variables 1 §3.3 "Safely Handling Overly-Long Variables": properties doubling at each of 40
 * levels would need a terabyte): the property falls back as browsers do and the render goes on.
 */

import { DEFAULT_LIMITS } from '../options.js';
import type { RegisteredProperty, Stylesheet } from './stylesheet.js';
import { matchingParen, skipString, topLevelIndex } from './text-scan.js';

/** Computed custom properties of an element: name -> substituted value text. */
export type CustomProperties = ReadonlyMap<string, string>;

export const NO_CUSTOM_PROPERTIES: CustomProperties = new Map();

/** The custom properties registered by `@property` rules (CSS Properties and Values API 1 §3). */
export interface PropertyRegistry {
  readonly byName: ReadonlyMap<string, RegisteredProperty>;
  /** Those that do not inherit: an element that does not set one has its initial value. */
  readonly nonInherited: readonly RegisteredProperty[];
  /** Every initial value: the custom properties the root inherits from. */
  readonly initial: CustomProperties;
}

export const NO_REGISTRY: PropertyRegistry = { byName: new Map(), nonInherited: [], initial: NO_CUSTOM_PROPERTIES };

/** The registrations of author sheets in cascade order (the last one of a name wins, CSS Properties and Values API 1 §3.1). */
export function propertyRegistry(sheets: readonly Stylesheet[]): PropertyRegistry {
  const byName = new Map<string, RegisteredProperty>();
  for (const sheet of sheets) for (const property of sheet.parsed.properties) byName.set(property.name, property);
  if (byName.size === 0) return NO_REGISTRY;
  const initial = new Map<string, string>();
  for (const property of byName.values()) if (property.initial !== undefined) initial.set(property.name, property.initial);
  return { byName, nonInherited: [...byName.values()].filter((p) => !p.inherits), initial };
}

/** The value a CSS-wide keyword gives a custom property (`revert` as `unset`: octavo's UA sheet sets none). */
export function customKeywordValue(keyword: string, name: string, parent: CustomProperties, registry: PropertyRegistry): string | undefined {
  const registered = registry.byName.get(name);
  if (keyword === 'initial' || (keyword !== 'inherit' && registered !== undefined && !registered.inherits)) return registered?.initial;
  return parent.get(name);
}

/** Maps in which an element set a non-inherited registered property: its children get the initial value back. */
const holdsOwnValues = new WeakSet<CustomProperties>();

/** What a substitution longer than its limit gives: invalid at computed-value time, like an unresolvable one. */
export const OVERLONG = Symbol('overlong substitution');
export type Substituted = string | undefined | typeof OVERLONG;

const DEFAULT_MAX_LENGTH = DEFAULT_LIMITS.maxCustomPropertyLength;

/**
 * Substitutes every `var()` in `text`; undefined when a reference cannot be resolved, OVERLONG
 * as soon as the result grows past `maxLength` characters.
 */
export function substituteVars(text: string, lookup: (name: string) => Substituted, maxLength = DEFAULT_MAX_LENGTH): Substituted {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if ((ch === 'v' || ch === 'V') && /^var\(/i.test(text.slice(i, i + 4)) && !isNameChar(text[i - 1])) {
      const close = matchingParen(text, i + 3);
      if (close < 0) return undefined;
      const inner = text.slice(i + 4, close);
      const comma = topLevelIndex(inner, ',');
      const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      if (!name.startsWith('--')) return undefined;
      let value = lookup(name);
      if (value === undefined && comma >= 0) value = substituteVars(inner.slice(comma + 1).trim(), lookup, maxLength);
      if (value === undefined || value === OVERLONG) return value;
      if (out.length + value.length > maxLength) return OVERLONG;
      out += value;
      i = close + 1;
      continue;
    }
    out += ch;
    i++;
  }
  return out.length > maxLength ? OVERLONG : out;
}

function isNameChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\w-]/.test(ch);
}

/** Names referenced by `var()` anywhere in the text, fallbacks included. */
function references(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[^\s,)]+)/gi)].map((m) => m[1]!);
}

/** Declared custom properties that take part in a dependency cycle (CSS Variables 1 §2.3). */
function cyclicNames(declared: ReadonlyMap<string, string | undefined>): Set<string> {
  const cyclic = new Set<string>();
  const state = new Map<string, 'open' | 'closed'>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    state.set(name, 'open');
    stack.push(name);
    for (const ref of references(declared.get(name) ?? '')) {
      if (!declared.has(ref)) continue;
      const status = state.get(ref);
      if (status === 'open') for (const member of stack.slice(stack.indexOf(ref))) cyclic.add(member);
      else if (status === undefined) visit(ref);
    }
    stack.pop();
    state.set(name, 'closed');
  };
  for (const name of declared.keys()) if (!state.has(name)) visit(name);
  return cyclic;
}

/** limits.maxCustomPropertyLength and who hears of a property that went past it. */
export interface SubstitutionLimit {
  readonly maxLength: number;
  readonly onOverlong: (name: string) => void;
}

/**
 * Computes an element's custom properties: inherited ones plus its declared ones with `var()`
 * substituted. A property in a reference cycle, referencing an invalid one without a usable
 * fallback, or longer than the limit gets the guaranteed-invalid value (it is dropped).
 */
export function computeCustomProperties(
  parent: CustomProperties, declared: ReadonlyMap<string, string | undefined>, registry: PropertyRegistry, limit?: SubstitutionLimit,
): CustomProperties {
  const reset = holdsOwnValues.has(parent);
  if (declared.size === 0 && !reset) return parent;
  const result = new Map(parent);
  if (reset) {
    for (const property of registry.nonInherited) {
      if (property.initial === undefined) result.delete(property.name);
      else result.set(property.name, property.initial);
    }
  }
  const cyclic = cyclicNames(declared);
  const memo = new Map<string, Substituted>();
  const resolve = (name: string): Substituted => {
    if (!declared.has(name)) return result.get(name);
    if (cyclic.has(name)) return undefined;
    if (memo.has(name)) return memo.get(name);
    const raw = declared.get(name);
    const value = raw === undefined ? undefined : substituteVars(raw, resolve, limit?.maxLength);
    memo.set(name, value);
    return value;
  };
  let ownValues = false;
  for (const name of declared.keys()) {
    const value = resolve(name);
    if (value === OVERLONG) limit?.onOverlong(name);
    if (value === undefined || value === OVERLONG) result.delete(name);
    else result.set(name, value);
    const registered = registry.byName.get(name);
    if (registered !== undefined && !registered.inherits && value !== registered.initial) ownValues = true;
  }
  if (ownValues) holdsOwnValues.add(result);
  return result;
}
