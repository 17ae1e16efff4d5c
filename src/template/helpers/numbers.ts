/**
 * Number and money formatting through Intl (locale: the argument, else the render's locale).
 * Numbers are rounded half away from zero on their decimal value before formatting
 * (2.345 -> "2.35"), as accounting expects.
 *
 *   {{formatNumber 1234.5 2 "de-DE"}}        -> 1.234,50   (or decimals=2 locale="de-DE")
 *   {{formatCurrency total "EUR" "fr-FR"}}   -> 1 234,50 €
 *   {{formatPercent 0.256 1}}                -> 25.6%
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, argOrHash, optionalString, toNumber } from './define.js';
import { numberFormat } from './intl-cache.js';
import { roundHalfAwayFromZero } from './math.js';

function decimalsOf(call: HelperCall, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const decimals = toNumber(call, value, 'decimals');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new HelperError(`${call.name}: decimals must be an integer from 0 to 20, got ${decimals}`, call.loc);
  }
  return decimals;
}

function localeOf(call: HelperCall, index: number): string {
  return optionalString(call, argOrHash(call, index, 'locale'), 'the locale') ?? call.settings.locale;
}

function fractionDigits(decimals: number | undefined): Intl.NumberFormatOptions {
  return decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
}

function formatNumber(call: HelperCall): string {
  const value = toNumber(call, call.args[0], 'the value');
  const decimals = decimalsOf(call, argOrHash(call, 1, 'decimals'));
  const locale = localeOf(call, 2);
  const { format, maximumFractionDigits } = numberFormat(call, `n|${locale}|${decimals}`, locale, fractionDigits(decimals));
  return format.format(roundHalfAwayFromZero(value, maximumFractionDigits));
}

function formatCurrency(call: HelperCall): string {
  const value = toNumber(call, call.args[0], 'the value');
  const currency = optionalString(call, argOrHash(call, 1, 'currency'), 'the currency');
  if (currency === undefined) throw new HelperError('formatCurrency: a currency code (e.g. "EUR") is required', call.loc);
  const locale = localeOf(call, 2);
  const decimals = decimalsOf(call, call.hash['decimals']);
  const options: Intl.NumberFormatOptions = { style: 'currency', currency, ...fractionDigits(decimals) };
  const { format, maximumFractionDigits } = numberFormat(call, `c|${locale}|${currency}|${decimals}`, locale, options);
  return format.format(roundHalfAwayFromZero(value, maximumFractionDigits));
}

/** A fraction as a percentage: 0.256 -> "26%" (0 decimals unless asked). */
function formatPercent(call: HelperCall): string {
  const value = toNumber(call, call.args[0], 'the value');
  const decimals = decimalsOf(call, argOrHash(call, 1, 'decimals')) ?? 0;
  const locale = localeOf(call, 2);
  const { format } = numberFormat(call, `p|${locale}|${decimals}`, locale, { style: 'percent', ...fractionDigits(decimals) });
  // round the percentage itself (decimal shift, not a binary multiply), then back to a fraction
  const percent = roundHalfAwayFromZero(Number(`${value}e2`), decimals);
  return format.format(Number(`${percent}e-2`));
}

export const numberHelpers: HelperFamily = {
  formatNumber: { minArgs: 1, maxArgs: 3, hashKeys: ['decimals', 'locale'], fn: formatNumber },
  formatCurrency: { minArgs: 1, maxArgs: 3, hashKeys: ['currency', 'locale', 'decimals'], fn: formatCurrency },
  formatPercent: { minArgs: 1, maxArgs: 3, hashKeys: ['decimals', 'locale'], fn: formatPercent },
};
