/**
 * Text helpers: `{{uppercase name}}`, `{{capitalize word}}`, `{{truncate note 40}}`,
 * `{{join tags ", "}}`, `{{join people ", " "name"}}`. A missing value is the empty string.
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, describe, toNumber } from './define.js';

export function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Joins the items (or one field of each item) with a separator (default ", "). */
function join(call: HelperCall): string {
  const items = call.args[0];
  if (items === undefined || items === null) return '';
  if (!Array.isArray(items)) throw new HelperError(`join: expected a list, got ${describe(items)}`, call.loc);
  const separator = call.args[1] ?? call.hash['separator'] ?? ', ';
  const key = call.args[2] ?? call.hash['field'];
  if (typeof separator !== 'string') throw new HelperError('join: the separator must be a string', call.loc);
  if (key !== undefined && typeof key !== 'string') throw new HelperError('join: the field name must be a string', call.loc);
  return items
    .map((item: unknown) => key === undefined ? item
      : item !== null && typeof item === 'object' && Object.prototype.hasOwnProperty.call(item, key)
        ? (item as Record<string, unknown>)[key] : undefined)
    .map(text)
    .join(separator);
}

/** First letter in upper case, the rest as written ("élan vital" -> "Élan vital"). */
function capitalize(call: HelperCall): string {
  const value = text(call.args[0]);
  const [first = '', ...rest] = Array.from(value);
  return first.toUpperCase() + rest.join('');
}

/** At most `length` characters, the suffix ("…" by default) included; whole text when it fits. */
function truncate(call: HelperCall): string {
  const characters = Array.from(text(call.args[0]));
  const length = toNumber(call, call.args[1], 'the length');
  const suffix = call.args[2] ?? call.hash['suffix'] ?? '…';
  if (typeof suffix !== 'string') throw new HelperError('truncate: the suffix must be a string', call.loc);
  if (!Number.isInteger(length) || length < 0) throw new HelperError(`truncate: the length must be a whole number, got ${length}`, call.loc);
  if (characters.length <= length) return characters.join('');
  const keep = Math.max(0, length - Array.from(suffix).length);
  return characters.slice(0, keep).join('').trimEnd() + suffix;
}

export const stringHelpers: HelperFamily = {
  uppercase: { minArgs: 1, maxArgs: 1, fn: (call) => text(call.args[0]).toUpperCase() },
  lowercase: { minArgs: 1, maxArgs: 1, fn: (call) => text(call.args[0]).toLowerCase() },
  capitalize: { minArgs: 1, maxArgs: 1, fn: capitalize },
  truncate: { minArgs: 2, maxArgs: 3, hashKeys: ['suffix'], fn: truncate },
  join: { minArgs: 1, maxArgs: 3, hashKeys: ['separator', 'field'], fn: join },
};
