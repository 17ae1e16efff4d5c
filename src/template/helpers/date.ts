/**
 * `formatDate(value, style|pattern, locale?, timeZone?)`: deterministic date formatting.
 *
 * - value: a Date, epoch milliseconds, or an ISO 8601 string. A date-only string ("2024-03-05") is
 *   that calendar day; a date-time without offset ("2024-03-05T10:00") is wall-clock time in the
 *   time zone; other strings are refused (JavaScript would read them in the machine's zone).
 * - style: short | medium (default) | long | full (Intl dateStyle), `time` (short time), `datetime`
 *   (medium date, short time), `iso` (YYYY-MM-DD), or a pattern of tokens
 *   YYYY YY MMMM MMM MM M DD D dddd ddd HH H hh h mm ss A, with literal text in [brackets].
 * - locale and timeZone default to the render's (option, `<html lang>`), else en-US and UTC, so the
 *   output never depends on the machine.
 */
import type { HelperCall, HelperFamily } from './define.js';
import { HelperError, argOrHash, describe, optionalString } from './define.js';
import { dateFormat } from './intl-cache.js';

const STYLES = new Set(['short', 'medium', 'long', 'full']);
const TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|A/g;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Wall-clock fields of an instant in a time zone. */
interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallClock(call: HelperCall, instant: Date, timeZone: string): WallClock {
  const format = dateFormat(call, 'en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
    hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields['year'] ?? 0, month: fields['month'] ?? 1, day: fields['day'] ?? 1,
    hour: (fields['hour'] ?? 0) % 24, minute: fields['minute'] ?? 0, second: fields['second'] ?? 0,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in ms. */
function zoneOffset(call: HelperCall, instant: number, timeZone: string): number {
  const c = wallClock(call, new Date(instant), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Reads a wall-clock time string as a time in `timeZone` (two passes settle DST transitions). */
function fromWallClock(call: HelperCall, text: string, timeZone: string): Date {
  const naive = Date.parse(`${text.replace(' ', 'T')}Z`);
  let instant = naive - zoneOffset(call, naive, timeZone);
  instant = naive - zoneOffset(call, instant, timeZone);
  return new Date(instant);
}

export function toDate(call: HelperCall, value: unknown, timeZone: string): { date: Date; dateOnly: boolean } {
  let date: Date | undefined;
  let dateOnly = false;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    const text = value.trim();
    if (ISO_DATE.test(text)) { date = new Date(`${text}T00:00:00Z`); dateOnly = true; }
    else if (ISO_ZONED.test(text)) date = new Date(text.replace(' ', 'T'));
    else if (ISO_LOCAL.test(text)) date = fromWallClock(call, text, timeZone);
  }
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw new HelperError(`formatDate: expected a date (ISO 8601 string, epoch ms or Date), got ${describe(value)}`, call.loc);
  }
  return { date, dateOnly };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The locale's name of a month or weekday, in the form used inside a date (genitive where it differs). */
/** A date being written: the helper call, the instant, and the locale and time zone it is written in. */
interface DateAt {
  readonly call: HelperCall;
  readonly date: Date;
  readonly locale: string;
  readonly timeZone: string;
}

function localName({ call, date, locale, timeZone }: DateAt, field: 'month' | 'weekday', width: 'long' | 'short'): string {
  const options: Intl.DateTimeFormatOptions = field === 'month'
    ? { timeZone, month: width, day: 'numeric' }
    : { timeZone, weekday: width };
  const part = dateFormat(call, locale, options).formatToParts(date).find((p) => p.type === field);
  return part?.value ?? '';
}

function formatPattern(call: HelperCall, date: Date, pattern: string, locale: string, timeZone: string): string {
  const c = wallClock(call, date, timeZone);
  const at: DateAt = { call, date, locale, timeZone };
  return pattern.replace(TOKEN, (token: string, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY': return pad(c.year, 4);
      case 'YY': return pad(c.year % 100, 2);
      case 'MMMM': return localName(at, 'month', 'long');
      case 'MMM': return localName(at, 'month', 'short');
      case 'MM': return pad(c.month, 2);
      case 'M': return String(c.month);
      case 'DD': return pad(c.day, 2);
      case 'D': return String(c.day);
      case 'dddd': return localName(at, 'weekday', 'long');
      case 'ddd': return localName(at, 'weekday', 'short');
      case 'HH': return pad(c.hour, 2);
      case 'H': return String(c.hour);
      case 'hh': return pad(c.hour % 12 || 12, 2);
      case 'h': return String(c.hour % 12 || 12);
      case 'mm': return pad(c.minute, 2);
      case 'ss': return pad(c.second, 2);
      case 'A': return c.hour < 12 ? 'AM' : 'PM';
      default: return token;
    }
  });
}

/** Named styles beyond Intl's four date styles. */
const NAMED: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  time: { timeStyle: 'short' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
};

function formatDate(call: HelperCall): string {
  const style = optionalString(call, argOrHash(call, 1, 'style'), 'the style') ?? 'medium';
  const locale = optionalString(call, argOrHash(call, 2, 'locale'), 'the locale') ?? call.settings.locale;
  const requestedZone = optionalString(call, argOrHash(call, 3, 'timeZone'), 'the time zone') ?? call.settings.timeZone;
  const { date, dateOnly } = toDate(call, call.args[0], requestedZone);
  // A calendar day has no time: show it as that day whatever the zone.
  const timeZone = dateOnly ? 'UTC' : requestedZone;
  if (style === 'iso') return formatPattern(call, date, 'YYYY-MM-DD', locale, timeZone);
  if (STYLES.has(style)) {
    return dateFormat(call, locale, { timeZone, dateStyle: style as 'short' | 'medium' | 'long' | 'full' }).format(date);
  }
  const named = Object.hasOwn(NAMED, style) ? NAMED[style] : undefined;
  if (named !== undefined) return dateFormat(call, locale, { timeZone, ...named }).format(date);
  return formatPattern(call, date, style, locale, timeZone);
}

export const dateHelpers: HelperFamily = {
  formatDate: { minArgs: 1, maxArgs: 4, hashKeys: ['style', 'locale', 'timeZone'], fn: formatDate },
};
