/**
 * Comparison and logic helpers, meant for subexpressions: `{{#if (eq status "paid")}}`,
 * `{{#if (and (gt total 0) (not paid))}}`.
 * Equality is strict (`1` is not `"1"`); ordering compares numbers with numbers and strings with
 * strings (numeric strings compare as numbers when the other side is a number).
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, describe, isTruthy } from './define.js';

function orderable(call: HelperCall): [number, number] | [string, string] {
  const [a, b] = call.args;
  if (typeof a === 'string' && typeof b === 'string') return [a, b];
  const x = typeof a === 'string' && a.trim() !== '' ? Number(a) : a;
  const y = typeof b === 'string' && b.trim() !== '' ? Number(b) : b;
  if (typeof x === 'number' && typeof y === 'number' && !Number.isNaN(x) && !Number.isNaN(y)) return [x, y];
  throw new HelperError(`${call.name}: cannot compare ${describe(a)} with ${describe(b)}`, call.loc);
}

function compare(test: (order: number) => boolean) {
  return (call: HelperCall): boolean => {
    const [a, b] = orderable(call);
    return test(a < b ? -1 : a > b ? 1 : 0);
  };
}

export const comparisonHelpers: HelperFamily = {
  eq: { minArgs: 2, maxArgs: 2, fn: (call) => call.args[0] === call.args[1] },
  ne: { minArgs: 2, maxArgs: 2, fn: (call) => call.args[0] !== call.args[1] },
  lt: { minArgs: 2, maxArgs: 2, fn: compare((order) => order < 0) },
  lte: { minArgs: 2, maxArgs: 2, fn: compare((order) => order <= 0) },
  gt: { minArgs: 2, maxArgs: 2, fn: compare((order) => order > 0) },
  gte: { minArgs: 2, maxArgs: 2, fn: compare((order) => order >= 0) },
  /** True when every argument is truthy (an empty list is false, as in `{{#if}}`). */
  and: { minArgs: 2, maxArgs: Infinity, fn: (call) => call.args.every(isTruthy) },
  /** The first truthy argument (so `{{or nickname name}}` prints a fallback), else the last one. */
  or: { minArgs: 2, maxArgs: Infinity, fn: (call) => call.args.find(isTruthy) ?? call.args[call.args.length - 1] },
  not: { minArgs: 1, maxArgs: 1, fn: (call) => !isTruthy(call.args[0]) },
};
