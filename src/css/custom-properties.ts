/**
 * Custom properties and `var()` substitution (CSS Variables 1 §2-3). Values are token text;
 * substitution is textual with cycle detection; an unresolvable reference makes the value
 * invalid at computed-value time.
 */

/** Computed custom properties of an element: name -> substituted value text. */
export type CustomProperties = ReadonlyMap<string, string>;

export const NO_CUSTOM_PROPERTIES: CustomProperties = new Map();

/** Substitutes every `var()` in `text`; undefined when a reference cannot be resolved. */
export function substituteVars(text: string, lookup: (name: string) => string | undefined): string | undefined {
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
      const comma = topLevelComma(inner);
      const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
      if (!name.startsWith('--')) return undefined;
      let value = lookup(name);
      if (value === undefined && comma >= 0) value = substituteVars(inner.slice(comma + 1).trim(), lookup);
      if (value === undefined) return undefined;
      out += value;
      i = close + 1;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function isNameChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\w-]/.test(ch);
}

function skipString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") { i = skipString(text, i) - 1; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

function topLevelComma(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") { i = skipString(text, i) - 1; continue; }
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) return i;
  }
  return -1;
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
 * Computes an element's custom properties: inherited ones plus its declared ones with `var()`
 * substituted. A property in a reference cycle, or referencing an invalid one without a usable
 * fallback, gets the guaranteed-invalid value (it is dropped).
 */
export function computeCustomProperties(parent: CustomProperties, declared: ReadonlyMap<string, string | undefined>): CustomProperties {
  if (declared.size === 0) return parent;
  const result = new Map(parent);
  const cyclic = cyclicNames(declared);
  const memo = new Map<string, string | undefined>();
  const resolve = (name: string): string | undefined => {
    if (!declared.has(name)) return parent.get(name);
    if (cyclic.has(name)) return undefined;
    if (memo.has(name)) return memo.get(name);
    const raw = declared.get(name);
    const value = raw === undefined ? undefined : substituteVars(raw, resolve);
    memo.set(name, value);
    return value;
  };
  for (const name of declared.keys()) {
    const value = resolve(name);
    if (value === undefined) result.delete(name);
    else result.set(name, value);
  }
  return result;
}
