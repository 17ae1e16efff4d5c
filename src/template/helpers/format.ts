/**
 * Formatting helpers: numbers, money, dates and text case, locale-aware through Intl (default
 * locale en-US). Numbers are rounded half away from zero on their decimal value before formatting
 * (2.345 -> "2.35"), as accounting expects.
 *
 *   {{formatNumber 1234.5 2 "de-DE"}}        -> 1.234,50   (or decimals=2 locale="de-DE")
 *   {{formatCurrency total "EUR" "fr-FR"}}   -> 1 234,50 €
 *   {{formatDate issued "long" "en-GB"}}     -> 5 March 2024
 *   {{default customer.reference "—"}}       -> the fallback for null, missing or empty values
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, argOrHash, optionalString, toNumber } from './define.js';
import { numberFormat } from './intl-cache.js';
import { roundHalfAwayFromZero } from './math.js';
import { formatDate } from './date.js';

const DEFAULT_LOCALE = 'en-US';

function decimalsOf(call: HelperCall, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const decimals = toNumber(call, value, 'decimals');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new HelperError(`${call.name}: decimals must be an integer from 0 to 20, got ${decimals}`, call.loc);
  }
  return decimals;
}

function formatNumber(call: HelperCall): string {
  const value = toNumber(call, call.args[0], 'the value');
  const decimals = decimalsOf(call, argOrHash(call, 1, 'decimals'));
  const locale = optionalString(call, argOrHash(call, 2, 'locale'), 'the locale') ?? DEFAULT_LOCALE;
  const options: Intl.NumberFormatOptions = decimals === undefined
    ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const { format, maximumFractionDigits } = numberFormat(call, `n|${locale}|${decimals}`, locale, options);
  return format.format(roundHalfAwayFromZero(value, maximumFractionDigits));
}

function formatCurrency(call: HelperCall): string {
  const value = toNumber(call, call.args[0], 'the value');
  const currency = optionalString(call, argOrHash(call, 1, 'currency'), 'the currency');
  if (currency === undefined) throw new HelperError('formatCurrency: a currency code (e.g. "EUR") is required', call.loc);
  const locale = optionalString(call, argOrHash(call, 2, 'locale'), 'the locale') ?? DEFAULT_LOCALE;
  const decimals = decimalsOf(call, call.hash['decimals']);
  const options: Intl.NumberFormatOptions = { style: 'currency', currency };
  if (decimals !== undefined) Object.assign(options, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const { format, maximumFractionDigits } = numberFormat(call, `c|${locale}|${currency}|${decimals}`, locale, options);
  return format.format(roundHalfAwayFromZero(value, maximumFractionDigits));
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export const formatHelpers: HelperFamily = {
  formatNumber: { minArgs: 1, maxArgs: 3, hashKeys: ['decimals', 'locale'], fn: formatNumber },
  formatCurrency: { minArgs: 1, maxArgs: 3, hashKeys: ['currency', 'locale', 'decimals'], fn: formatCurrency },
  formatDate: { minArgs: 1, maxArgs: 4, hashKeys: ['style', 'locale', 'timeZone'], fn: formatDate },
  uppercase: { minArgs: 1, maxArgs: 1, fn: (call) => text(call.args[0]).toUpperCase() },
  lowercase: { minArgs: 1, maxArgs: 1, fn: (call) => text(call.args[0]).toLowerCase() },
  default: { minArgs: 2, maxArgs: 2, fn: (call) => (isBlank(call.args[0]) ? call.args[1] : call.args[0]) },
};
