/**
 * Value helpers: `{{default customer.reference "—"}}` (a fallback for null, missing or empty
 * values) and `{{json value}}` (the value as JSON text, `{{json value 2}}` indented).
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, toNumber } from './define.js';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function json(call: HelperCall): string {
  const indent = call.args.length > 1 ? toNumber(call, call.args[1], 'the indent') : 0;
  if (!Number.isInteger(indent) || indent < 0 || indent > 10) {
    throw new HelperError(`json: the indent must be a whole number from 0 to 10, got ${indent}`, call.loc);
  }
  return JSON.stringify(call.args[0], null, indent) ?? 'null';
}

export const valueHelpers: HelperFamily = {
  default: { minArgs: 2, maxArgs: 2, fn: (call) => (isBlank(call.args[0]) ? call.args[1] : call.args[0]) },
  json: { minArgs: 1, maxArgs: 2, fn: json },
};
