/**
 * The shape of an octavo template helper and the argument plumbing shared by all helper families.
 * Handlebars calls a helper as `fn(...positional, options)`; octavo helpers receive the positional
 * arguments, the hash (`key=value` arguments) and the call's source location, and throw a
 * `HelperError` (converted to a located `template_runtime` OctavoError by the renderer).
 */

import type { HelperSettings } from './settings.js';

/** 1-based line, 0-based column, as Handlebars' AST reports them. */
export interface HelperLocation {
  readonly line: number;
  readonly column: number;
}

export interface HelperCall {
  readonly name: string;
  /** The render's locale, time zone and log sink. */
  readonly settings: HelperSettings;
  readonly args: readonly unknown[];
  readonly hash: Readonly<Record<string, unknown>>;
  readonly loc: HelperLocation | undefined;
}

export interface HelperDefinition {
  /** Fewest positional arguments accepted (checked when the template compiles). */
  readonly minArgs: number;
  /** Most positional arguments accepted; `Infinity` for variadic helpers. */
  readonly maxArgs: number;
  /** Hash keys accepted (`{{formatNumber x decimals=2}}`); others are a template error. */
  readonly hashKeys?: readonly string[];
  readonly fn: (call: HelperCall) => unknown;
}

export type HelperFamily = Readonly<Record<string, HelperDefinition>>;

/** A helper failure at a known place of the template. */
export class HelperError extends Error {
  override name = 'HelperError';
  readonly loc: HelperLocation | undefined;

  constructor(message: string, loc: HelperLocation | undefined) {
    super(message);
    this.loc = loc;
  }
}

/** What Handlebars hands a helper as its last argument (only the fields octavo reads). */
interface HandlebarsHelperOptions {
  readonly name?: string;
  readonly hash?: Record<string, unknown>;
  readonly loc?: { readonly start?: { readonly line: number; readonly column: number } };
}

/** Adapts a definition to Handlebars' calling convention, for a run with `settings`. */
export function toHandlebarsHelper(name: string, definition: HelperDefinition, settings: HelperSettings): (...raw: unknown[]) => unknown {
  return function octavoHelper(...raw: unknown[]): unknown {
    const options = raw.pop() as HandlebarsHelperOptions;
    const start = options.loc?.start;
    return definition.fn({
      name,
      settings,
      args: raw,
      hash: options.hash ?? {},
      loc: start === undefined ? undefined : { line: start.line, column: start.column },
    });
  };
}

/** Describes a value for an error message without dumping whole objects. */
export function describe(value: unknown): string {
  if (value === undefined) return 'a missing value';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/**
 * A number from a JSON value: numbers, and strings holding a plain decimal number ("12.50"),
 * since payloads often carry amounts as strings. Anything else is a template error.
 */
export function toNumber(call: HelperCall, value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  throw new HelperError(`${call.name}: ${what} must be a number, got ${describe(value)}`, call.loc);
}

/** An optional string argument (positional or hash), undefined when absent. */
export function optionalString(call: HelperCall, value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  throw new HelperError(`${call.name}: ${what} must be a string, got ${describe(value)}`, call.loc);
}

/** Positional argument `index`, or hash argument `key` when the positional one is absent. */
export function argOrHash(call: HelperCall, index: number, key: string): unknown {
  return index < call.args.length ? call.args[index] : call.hash[key];
}

/**
 * Removes floating-point noise from arithmetic results (0.1 + 0.2 -> 0.3) by rounding to
 * 15 significant digits, the precision a double represents exactly.
 */
export function cleanFloat(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  return Number(value.toPrecision(15));
}

/** Handlebars' truthiness: like JavaScript's, except that an empty array is false. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}
