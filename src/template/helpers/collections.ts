/** List helpers: `{{length items}}`, `{{first items}}`, `{{last items}}` (join is a string helper). */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, describe } from './define.js';

function list(call: HelperCall): readonly unknown[] {
  const value = call.args[0];
  if (Array.isArray(value)) return value;
  throw new HelperError(`${call.name}: expected a list, got ${describe(value)}`, call.loc);
}

/** Number of items of a list, characters of a string, keys of an object; 0 for null/missing. */
function length(call: HelperCall): number {
  const value = call.args[0];
  if (value === undefined || value === null) return 0;
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  if (typeof value === 'object') return Object.keys(value).length;
  throw new HelperError(`length: expected a list, string or object, got ${describe(value)}`, call.loc);
}

function edge(call: HelperCall, pick: (items: readonly unknown[]) => unknown): unknown {
  const value = call.args[0];
  if (typeof value === 'string') return pick([...value]);
  if (value === undefined || value === null) return undefined;
  return pick(list(call));
}

export const collectionHelpers: HelperFamily = {
  length: { minArgs: 1, maxArgs: 1, fn: length },
  first: { minArgs: 1, maxArgs: 1, fn: (call) => edge(call, (items) => items[0]) },
  last: { minArgs: 1, maxArgs: 1, fn: (call) => edge(call, (items) => items[items.length - 1]) },
};
