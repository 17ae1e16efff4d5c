/**
 * Declarations whose value is known only per element (CSS Variables 1 §3, CSS Values 5 §7.7):
 * `var()` and `env()` substituted, then `attr()`, then parsed with the property's grammar. Invalid
 * at computed-value time -> undefined (the declaration behaves as `unset`), with a warning at the
 * declaration. Two such cases are CSS working as written, and warned only when linting
 * (ComputeInput.lint): a `var()` of a custom property no ancestor sets and a substitution that
 * leaves nothing. Frameworks rely on both — Bootstrap's `text-align: var(--bs-body-text-align)`
 * for a variable a page may set, its `--bs-card-height: ;` — and browsers say nothing of either.
 */
import { excerpt } from '../diagnostics.js';
import { SIBLING_FUNCTION, substituteSiblings } from './sibling-functions.js';
import { unhonouredMessages } from './properties/unhonoured.js';
import { parse } from './values/css-tree-parse.js';
import { DEFAULT_LIMITS } from '../options.js';
import { parseValue } from './declarations.js';
import { RESET } from './properties/define.js';
import { lookupProperty } from './properties/registry.js';
import type { PendingValue } from './stylesheet.js';
import { childrenOf } from './values/nodes.js';
import { BoundedCache } from '../cache/bounded.js';
import { OVERLONG, substituteVars } from './custom-properties.js';
import { substituteAttrs } from './attr-substitution.js';
import type { ComputeInput } from './compute.js';

/** Parsed values after substitution, by property and text (shared by every render). */
const substitutedCache = new BoundedCache<string, ReadonlyMap<string, unknown> | null>('css.substituted-values', 4096);

/**
 * A declaration containing `var()`: substitute, then parse with the property's grammar
 * (CSS Variables 1 §3). Invalid at computed-value time -> undefined (behaves as `unset`).
 */
export function resolvePending(value: PendingValue, input: ComputeInput): unknown {
  const maxLength = input.maxSubstitution ?? DEFAULT_LIMITS.maxCustomPropertyLength;
  const text = substituteVars(value.text, (name) => input.custom.get(name), maxLength);
  const property = value.shorthand ?? value.longhand;
  if (text === undefined) {
    if (input.lint === true) warnAt(input, value, `\`${property}: ${excerpt(value.text)}\` refers to an undefined custom property; the declaration is ignored`);
    return undefined;
  }
  if (text === OVERLONG) {
    warnAt(input, value, `\`${property}: ${excerpt(value.text)}\` expands to more than ${maxLength} characters`
      + ` (limits.maxCustomPropertyLength = ${maxLength}); the declaration is ignored`);
    return undefined;
  }
  const withAttrs = /attr\(/i.test(text) ? (input.attribute === undefined ? undefined : substituteAttrs(text, input.attribute, maxLength)) : text;
  if (withAttrs === undefined) {
    warnAt(input, value, `\`${property}: ${excerpt(value.text)}\` reads an attribute the element does not have, or one that does not fit its type; the declaration is ignored`);
    return undefined;
  }
  const withSiblings = SIBLING_FUNCTION.test(withAttrs) ? (input.siblings === undefined ? undefined : substituteSiblings(withAttrs, input.siblings())) : withAttrs;
  if (withSiblings === undefined) {
    warnAt(input, value, `\`${property}: ${excerpt(value.text)}\` uses sibling-index() or sibling-count() where there are no siblings (@page), or with arguments; the declaration is ignored`);
    return undefined;
  }
  return parsedPending(value, property, withSiblings, input);
}

/** The longhand's value from a substituted text, parsed once per property and text. */
function parsedPending(value: PendingValue, property: string, text: string, input: ComputeInput): unknown {
  const key = `${property}\u0000${text}`;
  let parsed = substitutedCache.get(key);
  if (parsed === undefined) {
    parsed = parseSubstituted(property, text);
    substitutedCache.set(key, parsed);
  }
  if (parsed === null) {
    if (input.lint === true || text.trim() !== '') warnAt(input, value, `invalid value \`${excerpt(text)}\` for \`${property}\` after var() substitution`);
    return undefined;
  }
  warnUnhonoured(property, parsed, input);
  return parsed.get(value.longhand) ?? RESET;
}

/** A value invalid at computed-value time, warned where it is declared (at the element, for a `style` attribute's). */
function warnAt(input: ComputeInput, value: PendingValue, message: string): void {
  input.diagnostics.warn('css_invalid_value', message, input.declaredAt?.(value) ?? input.where?.());
}

/** The unhonoured-property check of declarations.ts, for a value known only after substitution. */
function warnUnhonoured(property: string, parsed: ReadonlyMap<string, unknown>, input: ComputeInput): void {
  const lookup = lookupProperty(property);
  if (lookup.kind !== 'known') return;
  const def = lookup.def.kind === 'shorthand' ? lookup.def : { name: lookup.def.name };
  for (const message of unhonouredMessages(def, parsed)) input.diagnostics.warn('css_unsupported', message, input.where?.());
}

function parseSubstituted(property: string, text: string): ReadonlyMap<string, unknown> | null {
  const lookup = lookupProperty(property);
  if (lookup.kind !== 'known') return null;
  try {
    const nodes = childrenOf(parse(text, { context: 'value' }));
    if (nodes.length === 0) return null;
    return parseValue(lookup.def, nodes, { baseUrl: undefined, unsupported: () => undefined }) ?? null;
  } catch {
    return null;
  }
}
