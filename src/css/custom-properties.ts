/**
 * Custom properties, `var()` and `env()` substitution (CSS Variables 1 §2-3, CSS Environment
 * Variables 1). Values are token text; substitution keeps tokens apart, with cycle detection; an
 * unresolvable reference makes the value invalid at computed-value time. So does a substitution longer than limits.maxCustomPropertyLength
 * (CSS Variables 1 §3.3 "Safely Handling Overly-Long Variables": properties doubling at each of 40
 * levels would need a terabyte): the property falls back as browsers do and the render goes on.
 */

import { DEFAULT_LIMITS } from '../options.js';
import type { Declaration, RegisteredProperty, Stylesheet } from './stylesheet.js';
import { NON_INHERITED_SVG_PROPERTIES } from './properties/unsupported.js';
import { matchSyntax } from './property-syntax.js';
import { replaceCalls, topLevelIndex } from './text-scan.js';

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
  /** Whether some registration has a syntax other than `*` (its values are checked and computed: registered-values.ts). */
  readonly typed: boolean;
}

export const NO_REGISTRY: PropertyRegistry = { byName: new Map(), nonInherited: [], initial: NO_CUSTOM_PROPERTIES, typed: false };

/**
 * The SVG properties that do not inherit, cascaded for inline SVG as custom properties of their
 * names (properties/unsupported.ts): registered as not inheriting, with no initial value, so an
 * element has one only where a rule sets it (a gradient's stop, not the stops of a gradient that has one).
 */
const SVG_REGISTRATIONS: readonly RegisteredProperty[] = [...NON_INHERITED_SVG_PROPERTIES].map((name) => ({ name, inherits: false, initial: undefined }));

/** The registry of documents without `@property` rules. */
const BASE_REGISTRY: PropertyRegistry = {
  byName: new Map(SVG_REGISTRATIONS.map((property) => [property.name, property])), nonInherited: SVG_REGISTRATIONS, initial: NO_CUSTOM_PROPERTIES, typed: false,
};

/** The registrations of author sheets in cascade order (the last one of a name wins, CSS Properties and Values API 1 §3.1). */
export function propertyRegistry(sheets: readonly Stylesheet[]): PropertyRegistry {
  const byName = new Map<string, RegisteredProperty>(BASE_REGISTRY.byName);
  for (const sheet of sheets) for (const property of sheet.parsed.properties) byName.set(property.name, property);
  if (byName.size === BASE_REGISTRY.byName.size) return BASE_REGISTRY;
  const initial = new Map<string, string>();
  for (const property of byName.values()) if (property.initial !== undefined) initial.set(property.name, property.initial);
  const typed = [...byName.values()].some((p) => p.syntax !== undefined);
  return { byName, nonInherited: [...byName.values()].filter((p) => !p.inherits), initial, typed };
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
 * The UA environment variables of a printed page (CSS Environment Variables 1 §2): no notch, no
 * on-screen keyboard, no title bar, so every inset and area is 0 (Chromium prints them so).
 */
const ENVIRONMENT: ReadonlyMap<string, string> = new Map([
  'safe-area-inset-top', 'safe-area-inset-right', 'safe-area-inset-bottom', 'safe-area-inset-left',
  'safe-area-max-inset-top', 'safe-area-max-inset-right', 'safe-area-max-inset-bottom', 'safe-area-max-inset-left',
  'keyboard-inset-top', 'keyboard-inset-right', 'keyboard-inset-bottom', 'keyboard-inset-left', 'keyboard-inset-width', 'keyboard-inset-height',
  'titlebar-area-x', 'titlebar-area-y', 'titlebar-area-width', 'titlebar-area-height',
].map((name) => [name, '0px']));

/** A `var(`/`env(` function starting at `i`, not the tail of a longer name (`--my-var(`). */
function substitutionAt(text: string, i: number): 'var' | 'env' | undefined {
  const ch = text[i];
  if (ch !== 'v' && ch !== 'V' && ch !== 'e' && ch !== 'E') return undefined;
  if (isNameChar(text[i - 1])) return undefined;
  const head = text.slice(i, i + 4).toLowerCase();
  return head === 'var(' ? 'var' : head === 'env(' ? 'env' : undefined;
}

/**
 * Substitutes every `var()` and `env()` in `text`; undefined when a reference cannot be resolved,
 * OVERLONG as soon as the result grows past `maxLength` characters. Substitution is of tokens
 * (CSS Variables 1 §3): a value never merges with its neighbours (`var(--n)px` with `--n: 4` is
 * `4` then `px`, not `4px`), so an empty comment keeps them apart where they would merge.
 */
export function substituteVars(text: string, lookup: (name: string) => Substituted, maxLength = DEFAULT_MAX_LENGTH): Substituted {
  const out = replaceCalls(text, (source, i) => (substitutionAt(source, i) === undefined ? 0 : 4), ({ at, inner, close, done }): string | undefined | typeof OVERLONG => {
    const kind = substitutionAt(text, at)!;
    const comma = topLevelIndex(inner, ',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    if (kind === 'var' && !name.startsWith('--')) return undefined;
    let value = kind === 'var' ? lookup(name) : ENVIRONMENT.get(name.toLowerCase());
    if (value === undefined && comma >= 0) value = substituteVars(inner.slice(comma + 1).trim(), lookup, maxLength);
    if (value === undefined || value === OVERLONG) return value;
    if (done.length + value.length > maxLength) return OVERLONG;
    // a var() right after is separated from this one by its own head check
    return separated(done, value, substitutionAt(text, close + 1) === undefined ? text[close + 1] : undefined);
  });
  return typeof out === 'string' && out.length > maxLength ? OVERLONG : out;
}

/** `value` between `before` and the character after it, with an empty comment where tokens would merge. */
function separated(before: string, value: string, next: string | undefined): string {
  if (value === '') return value;
  const head = mergesAcross(before[before.length - 1], value[0]) ? '/**/' : '';
  const tail = mergesAcross(value[value.length - 1], next) ? '/**/' : '';
  return head + value + tail;
}

/** Characters that would make one token of what they touch (an ident, number, dimension or hash). */
function mergesAcross(left: string | undefined, right: string | undefined): boolean {
  return left !== undefined && right !== undefined && /[\w.+#@-]/.test(left) && /[\w.-]/.test(right);
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

/**
 * The value of a custom property registered with a syntax other than `*` that does not match it,
 * or could not be substituted, is invalid at computed-value time (CSS Properties and Values API 1
 * §2.4): `unset`, so the parent's value if it inherits, its initial value if not. (One registered
 * with `*` gets the guaranteed-invalid value, as an unregistered one does: Chromium's `''`.)
 */
function matchingRegistration(name: string, value: Substituted, parent: CustomProperties, registry: PropertyRegistry, limit: SubstitutionLimit | undefined): Substituted {
  const registered = registry.byName.get(name);
  if (registered?.syntax === undefined) return value;
  if (typeof value === 'string' && matchSyntax(registered.syntax, value) !== undefined) return value;
  if (value === OVERLONG) limit?.onOverlong(name);
  return registered.inherits ? parent.get(name) : registered.initial;
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
    const checked = registry.typed ? matchingRegistration(name, value, parent, registry, limit) : value;
    memo.set(name, checked);
    return checked;
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

const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** Declared custom property texts; CSS-wide keywords resolved against the parent and the registrations. */
export function customValues(declared: ReadonlyMap<string, Declaration>, parent: CustomProperties, registry: PropertyRegistry): Map<string, string | undefined> {
  const result = new Map<string, string | undefined>();
  for (const [name, decl] of declared) {
    if (decl.value.kind !== 'custom') continue;
    const text = decl.value.text;
    const keyword = text.toLowerCase();
    result.set(name, CSS_WIDE.has(keyword) ? customKeywordValue(keyword, name, parent, registry) : text);
  }
  return result;
}
