/**
 * Arithmetic helpers: `{{multiply quantity unitPrice}}`, `{{sum items "amount"}}`,
 * `{{sumProduct items "quantity" "unitPrice"}}`.
 * Arguments are numbers or numeric strings; a missing or non-numeric argument is a template error
 * (a silent NaN in an invoice total is worse than a failed render). Results are cleaned of
 * floating-point noise (0.1 + 0.2 prints 0.3); format them with formatNumber/formatCurrency.
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, cleanFloat, describe, toNumber } from './define.js';

function numbers(call: HelperCall): number[] {
  return call.args.map((value, index) => toNumber(call, value, `argument ${index + 1}`));
}

/**
 * The arguments as numbers, combined left to right by `op`. A loop, not an array of them: an
 * array's hidden class depends on its numbers (whole or not), and a helper compiled for the
 * warm-up's numbers was thrown away at a request's others.
 */
function fold(call: HelperCall, op: (a: number, b: number) => number): number {
  let result = toNumber(call, call.args[0], 'argument 1');
  for (let index = 1; index < call.args.length; index++) result = op(result, toNumber(call, call.args[index], `argument ${index + 1}`));
  return cleanFloat(result);
}

function divide(call: HelperCall): number {
  const [dividend, divisor] = numbers(call) as [number, number];
  if (divisor === 0) throw new HelperError('divide: division by zero', call.loc);
  return cleanFloat(dividend / divisor);
}

function round(call: HelperCall): number {
  const value = toNumber(call, call.args[0], 'the value');
  const decimals = call.args.length > 1 ? toNumber(call, call.args[1], 'decimals') : 0;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new HelperError(`round: decimals must be an integer from 0 to 20, got ${decimals}`, call.loc);
  }
  return roundHalfAwayFromZero(value, decimals);
}

/** Commercial rounding (2.345 -> 2.35) on the decimal representation, not the binary one. */
export function roundHalfAwayFromZero(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}

/** Reads a dotted field path ("price.net") of an item, own properties only. */
function field(item: unknown, path: readonly string[]): unknown {
  let value: unknown = item;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `{{sum list}}` adds the numbers of a list; `{{sum items "amount"}}` adds a field of each item. */
function sum(call: HelperCall): number {
  const [list, path] = call.args;
  if (!Array.isArray(list)) throw new HelperError(`sum: expected a list, got ${describe(list)}`, call.loc);
  if (path !== undefined && typeof path !== 'string') throw new HelperError('sum: the field name must be a string', call.loc);
  const keys = path === undefined ? [] : path.split('.');
  let total = 0;
  list.forEach((item, index) => {
    total += toNumber(call, field(item, keys), path === undefined ? `item ${index + 1}` : `"${path}" of item ${index + 1}`);
  });
  return cleanFloat(total);
}

/**
 * `{{sumProduct items "quantity" "unitPrice"}}`: the sum over the items of the product of the
 * named fields (an invoice subtotal without precomputed line amounts).
 */
function sumProduct(call: HelperCall): number {
  const [list, ...paths] = call.args;
  if (!Array.isArray(list)) throw new HelperError(`sumProduct: expected a list, got ${describe(list)}`, call.loc);
  const fields = paths.map((path) => {
    if (typeof path !== 'string') throw new HelperError('sumProduct: field names must be strings', call.loc);
    return { path, keys: path.split('.') };
  });
  let total = 0;
  list.forEach((item, index) => {
    total += fields.reduce((product, { path, keys }) => product * toNumber(call, field(item, keys), `"${path}" of item ${index + 1}`), 1);
  });
  return cleanFloat(total);
}

export const mathHelpers: HelperFamily = {
  add: { minArgs: 2, maxArgs: Infinity, fn: (call) => fold(call, (a, b) => a + b) },
  subtract: { minArgs: 2, maxArgs: 2, fn: (call) => fold(call, (a, b) => a - b) },
  multiply: { minArgs: 2, maxArgs: Infinity, fn: (call) => fold(call, (a, b) => a * b) },
  divide: { minArgs: 2, maxArgs: 2, fn: divide },
  round: { minArgs: 1, maxArgs: 2, fn: round },
  sum: { minArgs: 1, maxArgs: 2, fn: sum },
  sumProduct: { minArgs: 3, maxArgs: Infinity, fn: sumProduct },
};
