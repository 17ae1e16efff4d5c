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

/** Handlebars' built-in helpers with their positional arity, checked at compile time like ours. */
export const BUILTIN_ARITY: ReadonlyMap<string, { readonly minArgs: number; readonly maxArgs: number; readonly hashKeys?: readonly string[] }> = new Map([
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
