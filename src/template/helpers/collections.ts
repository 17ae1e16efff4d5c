/** List helpers: `{{length items}}`, `{{join tags ", "}}`, `{{join people ", " "name"}}`, `{{first items}}`. */
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

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Joins the items (or one field of each item) with a separator (default ", "). */
function join(call: HelperCall): string {
  const items = list(call);
  const separator = call.args[1] ?? call.hash['separator'] ?? ', ';
  const key = call.args[2] ?? call.hash['field'];
  if (typeof separator !== 'string') throw new HelperError('join: the separator must be a string', call.loc);
  if (key !== undefined && typeof key !== 'string') throw new HelperError('join: the field name must be a string', call.loc);
  return items
    .map((item) => key === undefined ? item
      : item !== null && typeof item === 'object' && Object.prototype.hasOwnProperty.call(item, key)
        ? (item as Record<string, unknown>)[key] : undefined)
    .map(text)
    .join(separator);
}

function edge(call: HelperCall, pick: (items: readonly unknown[]) => unknown): unknown {
  const value = call.args[0];
  if (typeof value === 'string') return pick([...value]);
  if (value === undefined || value === null) return undefined;
  return pick(list(call));
}

export const collectionHelpers: HelperFamily = {
  length: { minArgs: 1, maxArgs: 1, fn: length },
  join: { minArgs: 1, maxArgs: 3, hashKeys: ['separator', 'field'], fn: join },
  first: { minArgs: 1, maxArgs: 1, fn: (call) => edge(call, (items) => items[0]) },
  last: { minArgs: 1, maxArgs: 1, fn: (call) => edge(call, (items) => items[items.length - 1]) },
};
