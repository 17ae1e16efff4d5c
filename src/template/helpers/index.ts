/** Every helper octavo registers, by name (one module per family). */
import type { HelperDefinition } from './define.js';
import { comparisonHelpers } from './comparison.js';
import { mathHelpers } from './math.js';
import { numberHelpers } from './numbers.js';
import { dateHelpers } from './date.js';
import { stringHelpers } from './strings.js';
import { collectionHelpers } from './collections.js';
import { valueHelpers } from './values.js';
import { barcodeHelpers } from './barcode.js';

export const OCTAVO_HELPERS: ReadonlyMap<string, HelperDefinition> = new Map(Object.entries({
  ...comparisonHelpers,
  ...mathHelpers,
  ...numberHelpers,
  ...dateHelpers,
  ...stringHelpers,
  ...collectionHelpers,
  ...valueHelpers,
  ...barcodeHelpers,
}));

/** How a helper may be called: its positional arguments and the hash keys it accepts. */
export interface HelperArity {
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Hash keys accepted; `any` for the engine's own helpers, whose arguments octavo cannot know. */
  readonly hashKeys?: readonly string[] | 'any';
  /**
   * A helper the caller registered on the engine (EngineOptions.helpers): a call whatever its
   * arguments, a block too, as in Handlebars — the rule that a field wins over a helper of the
   * same name (./rewrite.ts) is for octavo's own names, which a payload cannot know to avoid.
   */
  readonly own?: true;
}

/** The helpers a template may call besides Handlebars' built-ins: octavo's, and the engine's own. */
export type HelperCatalog = ReadonlyMap<string, HelperArity>;

const OWN_HELPER: HelperArity = { minArgs: 0, maxArgs: Infinity, hashKeys: 'any', own: true };

/** octavo's helpers and the engine's own (`names`, checked by validateHelpers not to shadow any). */
export function helperCatalog(names: readonly string[]): HelperCatalog {
  if (names.length === 0) return OCTAVO_HELPERS;
  const catalog = new Map<string, HelperArity>(OCTAVO_HELPERS);
  for (const name of names) catalog.set(name, OWN_HELPER);
  return catalog;
}

/** Handlebars' built-in helpers with their positional arity, checked at compile time like ours. */
export const BUILTIN_ARITY: ReadonlyMap<string, HelperArity> = new Map<string, HelperArity>([
  ['if', { minArgs: 1, maxArgs: 1 }],
  ['unless', { minArgs: 1, maxArgs: 1 }],
  ['with', { minArgs: 1, maxArgs: 1 }],
  ['each', { minArgs: 1, maxArgs: 1 }],
  ['lookup', { minArgs: 2, maxArgs: 2 }],
  ['log', { minArgs: 1, maxArgs: Infinity, hashKeys: ['level'] }],
  // the helper of raw blocks: {{{{raw}}}} {{not processed}} {{{{/raw}}}}
  ['raw', { minArgs: 0, maxArgs: 0 }],
]);

/** Built-in helpers that only make sense around a block (`{{#each items}}...{{/each}}`). */
export const BLOCK_ONLY_HELPERS: ReadonlySet<string> = new Set(['if', 'unless', 'with', 'each', 'raw']);
