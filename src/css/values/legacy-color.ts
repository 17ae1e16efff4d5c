/**
 * HTML §2.3.6.4 "rules for parsing a legacy colour value", for `bgcolor`, `<font color>`, `<body
 * text link>`, `bordercolor`…: any string but `transparent` and the empty one is a colour, read
 * digit by digit as Chromium reads it (`HTMLElement::ParseColorWithLegacyRules`), so that
 * `#faf6ef;` is #fa6e00 and `chucknorris` #c00000. Not CSS: `rgb(…)` and 4/8-digit hex are digits.
 */
import { NAMED_COLORS } from './named-colors.js';

const ASCII_WHITESPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;
/** The code points kept of a value (the spec's step 8). */
const MAX_DIGITS = 128;

/** The colour of a legacy attribute value as `#rrggbb`, or undefined where it gives none. */
export function legacyColor(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const input = value.replace(ASCII_WHITESPACE, '');
  const lower = input.toLowerCase();
  if (lower === 'transparent') return undefined;
  const named = NAMED_COLORS.get(lower);
  if (named !== undefined) return `#${named.toString(16).padStart(6, '0')}`;
  if (/^#[0-9a-f]{3}$/i.test(input)) return `#${input[1]!.repeat(2)}${input[2]!.repeat(2)}${input[3]!.repeat(2)}`.toLowerCase();
  // a code point above U+FFFF becomes "00": its two UTF-16 units are two non-digits
  let digits = (input.startsWith('#') ? input.slice(1) : input).slice(0, MAX_DIGITS).replace(/[^0-9a-f]/gi, '0');
  while (digits.length === 0 || digits.length % 3 !== 0) digits += '0';
  let length = digits.length / 3;
  let components = [0, 1, 2].map((i) => digits.slice(i * length, (i + 1) * length));
  if (length > 8) {
    components = components.map((c) => c.slice(length - 8));
    length = 8;
  }
  while (length > 2 && components.every((c) => c.startsWith('0'))) {
    components = components.map((c) => c.slice(1));
    length--;
  }
  return `#${components.map((c) => c.slice(0, 2).padStart(2, '0')).join('')}`.toLowerCase();
}
