/**
 * Intl formatters are expensive to construct (tens of microseconds) and immutable, so helpers share
 * them per option set for the life of the process. Invalid locales, currencies or time zones are
 * reported as template errors at the helper call.
 */
import type { HelperCall } from './define.js';
import { HelperError } from './define.js';
import { BoundedCache } from '../../cache/bounded.js';

/** A number formatter with the fraction digits it resolved to (resolvedOptions() is slow). */
export interface NumberFormatter {
  readonly format: Intl.NumberFormat;
  readonly maximumFractionDigits: number;
}

// bounded: templates cannot grow memory without limit
const numberFormats = new BoundedCache<string, NumberFormatter>('template.number-formats', 500);
const dateFormats = new BoundedCache<string, Intl.DateTimeFormat>('template.date-formats', 500);

function remember<T>(cache: BoundedCache<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * Drops every cached formatter. A V8 startup snapshot (scripts/build-snapshot.mjs) cannot hold
 * ICU objects, so the snapshot's warm-up render clears them before the heap is written.
 */
export function clearFormatters(): void {
  numberFormats.clear();
  dateFormats.clear();
}

function intlError(call: HelperCall, error: unknown): HelperError {
  const reason = error instanceof Error ? error.message : String(error);
  return new HelperError(`${call.name}: ${reason}`, call.loc);
}

/** `key` identifies `locale` + `options` (built by the caller without JSON.stringify: this is hot). */
export function numberFormat(call: HelperCall, key: string, locale: string, options: Intl.NumberFormatOptions): NumberFormatter {
  try {
    return remember(numberFormats, key, () => {
      const format = new Intl.NumberFormat(locale, options);
      return { format, maximumFractionDigits: format.resolvedOptions().maximumFractionDigits ?? 3 };
    });
  } catch (error) {
    throw intlError(call, error);
  }
}

export function dateFormat(call: HelperCall, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return remember(dateFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
  } catch (error) {
    throw intlError(call, error);
  }
}
