/**
 * What a date or time `<input>` shows, as Chromium prints it in its default en-US locale: the
 * value parsed as HTML §2.3.5 asks (an invalid one is sanitized to the empty string, §4.10.5.1)
 * and written `12/31/2026`, `02:30 PM`, `12/31/2026, 02:30 PM`, `December 2026`, `Week 53, 2026`;
 * an empty field shows the pattern of its fields (`mm/dd/yyyy`, `--:-- --`).
 */

/** The types of a date or time `<input>` (css/control-fallback.ts DATE_TIME_INPUT_TYPES tells them). */
export type DateTimeType = 'date' | 'time' | 'datetime-local' | 'month' | 'week';

/** One of a field's editable fields (`field`: Chromium pads each 1px either side) or the text between them. */
export interface DateTimePart {
  readonly text: string;
  readonly field: boolean;
}

export interface DateTimeText {
  readonly parts: readonly DateTimePart[];
  /**
   * The pattern shown empty, whose characters (monospace) and editable fields size the control
   * whatever the value: Chromium sizes each field for its widest value.
   */
  readonly pattern: string;
  readonly fields: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

interface Time { readonly hour: number; readonly minute: number; readonly second: number; readonly millisecond: number }
interface DateParts { readonly year: number; readonly month: number; readonly day: number }

/** The text of a date or time field of `type` with `value` (and the `step` that may show seconds). */
export function dateTimeText(type: DateTimeType, value: string, step: string | undefined): DateTimeText {
  switch (type) {
    case 'date': {
      const date = parseDate(value);
      return shown(date === undefined ? DATE_PATTERN : dateParts(date), DATE_PATTERN);
    }
    case 'time': {
      const time = parseTime(value);
      const precision = timePrecision(time, step);
      const pattern = timeParts(undefined, precision);
      return shown(time === undefined ? pattern : timeParts(time, precision), pattern);
    }
    case 'datetime-local': {
      const match = /^(.*)[T ](.*)$/.exec(value);
      const date = match === null ? undefined : parseDate(match[1]!);
      const time = match === null || date === undefined ? undefined : parseTime(match[2]!);
      const precision = timePrecision(time, step);
      const pattern = [...DATE_PATTERN, text(', '), ...timeParts(undefined, precision)];
      return shown(date === undefined || time === undefined ? pattern : [...dateParts(date), text(', '), ...timeParts(time, precision)], pattern);
    }
    case 'month': {
      const match = /^(\d{4,})-(\d\d)$/.exec(value);
      const year = Number(match?.[1]);
      const month = Number(match?.[2]);
      const valid = match !== null && year > 0 && month >= 1 && month <= 12;
      const pattern = [field('---------'), text(' '), field('----')];
      return shown(valid ? [field(MONTHS[month - 1]!), text(' '), field(pad(year, 4))] : pattern, pattern);
    }
    case 'week': {
      const match = /^(\d{4,})-W(\d\d)$/.exec(value);
      const year = Number(match?.[1]);
      const week = Number(match?.[2]);
      const valid = match !== null && year > 0 && week >= 1 && week <= weeksInYear(year);
      const pattern = [text('Week '), field('--'), text(', '), field('----')];
      return shown(valid ? [text('Week '), field(pad(week, 2)), text(', '), field(pad(year, 4))] : pattern, pattern);
    }
  }
}

const field = (value: string): DateTimePart => ({ text: value, field: true });
const text = (value: string): DateTimePart => ({ text: value, field: false });
const DATE_PATTERN: readonly DateTimePart[] = [field('mm'), text('/'), field('dd'), text('/'), field('yyyy')];

function shown(parts: readonly DateTimePart[], pattern: readonly DateTimePart[]): DateTimeText {
  return { parts, pattern: pattern.map((part) => part.text).join(''), fields: pattern.filter((part) => part.field).length };
}

/** HTML §2.3.5.2: a valid date string, four or more digits of year. */
function parseDate(text: string): DateParts | undefined {
  const match = /^(\d{4,})-(\d\d)-(\d\d)$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year <= 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** HTML §2.3.5.4: a valid time string, `HH:MM`, `HH:MM:SS` or with one to three decimals. */
function parseTime(text: string): Time | undefined {
  const match = /^(\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3}))?)?$/.exec(text);
  if (match === null) return undefined;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second, millisecond: Number((match[4] ?? '0').padEnd(3, '0')) };
}

/** 0: hours and minutes, 1: with seconds, 2: with milliseconds — as the value or a `step` in seconds needs. */
function timePrecision(time: Time | undefined, step: string | undefined): 0 | 1 | 2 {
  const stepSeconds = Number(step);
  const fineStep = step !== undefined && Number.isFinite(stepSeconds) && stepSeconds > 0;
  if ((time !== undefined && time.millisecond !== 0) || (fineStep && !Number.isInteger(stepSeconds))) return 2;
  if ((time !== undefined && time.second !== 0) || (fineStep && stepSeconds % 60 !== 0)) return 1;
  return 0;
}

function dateParts(date: DateParts): DateTimePart[] {
  return [field(pad(date.month, 2)), text('/'), field(pad(date.day, 2)), text('/'), field(pad(date.year, 4))];
}

/**
 * A 12-hour clock (00:30 is 12:30 AM, 12:00 is 12:00 PM) with seconds and milliseconds as
 * `precision` asks; without a time, its pattern (`--:-- --`).
 */
function timeParts(time: Time | undefined, precision: 0 | 1 | 2): DateTimePart[] {
  const hour = time === undefined ? '--' : pad(time.hour % 12 === 0 ? 12 : time.hour % 12, 2);
  const parts = [field(hour), text(':'), field(time === undefined ? '--' : pad(time.minute, 2))];
  if (precision >= 1) parts.push(text(':'), field(time === undefined ? '--' : pad(time.second, 2)));
  if (precision === 2) parts.push(text('.'), field(time === undefined ? '---' : pad(time.millisecond, 3)));
  parts.push(text(' '), field(time === undefined ? '--' : time.hour < 12 ? 'AM' : 'PM'));
  return parts;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** ISO 8601: a year has 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year (HTML §2.3.5.8). */
function weeksInYear(year: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, 0, 1);
  const weekday = date.getUTCDay();
  const leap = daysInMonth(year, 2) === 29;
  return weekday === 4 || (leap && weekday === 3) ? 53 : 52;
}
