/**
 * Line breaks between two printable ASCII characters as Blink decides them. Blink does not ask
 * UAX #14 for such a pair: it reads its own table (`kAsciiLineBreakTable` in
 * text_break_iterator.cc, made compatible with Firefox 3.6 and Internet Explorer), which allows a
 * break before `( < [ {` after one of `! " # % & ) * + , . : ; = > \ ] | } ~`, and after `-` and
 * `?` before most characters — nowhere else. So `and/or`, paths and URLs stay whole (UAX #14
 * breaks after `/`, LB31), as does `x!y`, while `a-|b`, `f(x)` after `=` and `--` break. A hyphen
 * before a digit breaks only after an ASCII letter or digit (`T-|001`, `2024-|05`; not `(-5)`,
 * `$-5` or a lone `-5`: there it may be a minus sign). Read back from Chromium 156 for all
 * 94 × 94 pairs; a test holds the table to that reading.
 */
import type { BreakOpportunity } from './types.js';

const FIRST = 0x21;
const LAST = 0x7e;
const SPAN = LAST - FIRST + 1;

/** Letters, digits' neighbours and most symbols: what a line may start with after `-` or `?`. */
const AFTER_DASH = `"#%&'(*+-<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`;
const AFTER_QUESTION = `#$%&(*+-0123456789<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_\`abcdefghijklmnopqrstuvwxyz{|~`;

/** 1 where a line may break between (before, after), indexed (before - FIRST) * SPAN + (after - FIRST). */
const PAIRS = ((): Uint8Array => {
  const table = new Uint8Array(SPAN * SPAN);
  const allow = (before: string, after: string): void => {
    for (const b of before) for (const a of after) table[(b.charCodeAt(0) - FIRST) * SPAN + (a.charCodeAt(0) - FIRST)] = 1;
  };
  allow('!"#%&)*+,.:;=>\\]|}~', '(<[{');
  allow('-', AFTER_DASH);
  allow('?', AFTER_QUESTION);
  return table;
})();

const isPrintableAscii = (code: number): boolean => code >= FIRST && code <= LAST;
const isAsciiDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isAsciiAlphanumeric = (code: number): boolean => isAsciiDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** Whether Blink breaks at `index` of `text`, both characters around it printable ASCII. */
export function asciiPairBreaks(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  if (before === 0x2d && isAsciiDigit(after)) return index >= 2 && isAsciiAlphanumeric(text.charCodeAt(index - 2));
  return PAIRS[(before - FIRST) * SPAN + (after - FIRST)] === 1;
}

/** `opportunities` (in order) with those between two printable ASCII characters decided by Blink's table instead. */
export function withAsciiPairBreaks(text: string, opportunities: BreakOpportunity[]): BreakOpportunity[] {
  let changed = false;
  const out: BreakOpportunity[] = [];
  let next = 0;
  for (let i = 1; i < text.length; i++) {
    // the opportunities before this pair, as UAX #14 found them
    while (next < opportunities.length && opportunities[next]!.index < i) out.push(opportunities[next++]!);
    const found = next < opportunities.length && opportunities[next]!.index === i;
    if (!isPrintableAscii(text.charCodeAt(i - 1)) || !isPrintableAscii(text.charCodeAt(i))) continue;
    const allowed = asciiPairBreaks(text, i);
    if (found) next++;
    if (allowed) out.push(found ? opportunities[next - 1]! : { index: i, required: false });
    if (allowed !== found) changed = true;
  }
  if (!changed) return opportunities;
  while (next < opportunities.length) out.push(opportunities[next++]!);
  return out;
}
