/**
 * Line break opportunities (UAX #14, via the linebreak package). An opportunity at `index`
 * means a line may end before text[index] (a UTF-16 index); `required` marks mandatory breaks
 * after a newline (BK, CR, LF, NL classes).
 *
 * Only opportunities inside the text are returned, plus the end of the text when the text ends
 * with a newline (that break is mandatory); the end of the text is otherwise not listed.
 */
import LineBreaker from 'linebreak';
import type { BreakOpportunity } from './types.js';
import { BoundedCache } from '../cache/bounded.js';

/** UAX #14 classes BK, CR, LF, NL: a break after them is mandatory (LB4-LB5). */
function isMandatoryBreakChar(code: number): boolean {
  return code === 0x0a || code === 0x0b || code === 0x0c || code === 0x0d || code === 0x85 || code === 0x2028 || code === 0x2029;
}

/** Whether `text` holds a character a break must follow (nothing else makes a required break). */
export function hasMandatoryBreak(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isMandatoryBreakChar(text.charCodeAt(i))) return true;
  return false;
}

const NONE: readonly BreakOpportunity[] = Object.freeze([]);

/**
 * The opportunities of texts seen before, per process (they depend on the text alone). Layout asks
 * for each text of an inline context several times a render (intrinsic sizes, then lines), and a
 * long document's texts come back on every render: the UAX #14 pass costs ~10× the lookup. Bounded
 * as the shaped texts are, and admitting on a second miss for the same reason (registry.ts).
 */
const seen = new BoundedCache<string, readonly BreakOpportunity[]>('text.break-opportunities', 5_000, { admitOnSecondMiss: true });

/** The opportunities of `text`, read-only (a text seen before gets the array it got then). */
export function findBreakOpportunities(text: string): readonly BreakOpportunity[] {
  if (text.length === 0) return NONE;
  const simple = wordsAndSpaces(text);
  if (simple !== undefined) return simple;
  let found = seen.get(text);
  if (found === undefined) {
    found = Object.freeze(uax14Opportunities(text));
    seen.set(text, found);
  }
  return found;
}

/**
 * ASCII letters, digits and the other ASCII characters of class AL (`# & * < = > @ ^ _ \` ~`) among
 * spaces: between these, UAX #14 allows a break only after a run of spaces (LB7, LB18; AL and NU
 * never break between them: LB23, LB28), at the start of the text too, as the package does. Answered
 * without the package or the cache (most of a table's cells); undefined for any other character.
 * A test compares it with `uax14Opportunities`.
 */
function wordsAndSpaces(text: string): readonly BreakOpportunity[] | undefined {
  let opportunities: BreakOpportunity[] | undefined;
  let afterSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x20) {
      afterSpace = true;
      continue;
    }
    if (code > 0x7e || SIMPLE_ASCII[code] !== 1) return undefined;
    if (afterSpace) (opportunities ??= []).push({ index: i, required: false });
    afterSpace = false;
  }
  return opportunities === undefined ? NONE : opportunities;
}

/** 1 for the ASCII characters `wordsAndSpaces` takes besides the space: letters, digits, and AL symbols. */
const SIMPLE_ASCII = ((): Uint8Array => {
  const table = new Uint8Array(0x7f);
  table.fill(1, 0x30, 0x3a);
  table.fill(1, 0x41, 0x5b);
  table.fill(1, 0x61, 0x7b);
  for (const ch of '#&*<=>@^_`~') table[ch.charCodeAt(0)] = 1;
  return table;
})();

/** UAX #14 through the package, uncached (the slow path; tests compare the fast one with it). */
export function uax14Opportunities(text: string): BreakOpportunity[] {
  const opportunities: BreakOpportunity[] = [];
  if (text.length === 0) return opportunities;
  const breaker = new LineBreaker(text);
  for (let next = breaker.nextBreak(); next !== null; next = breaker.nextBreak()) {
    if (next.position < text.length) {
      opportunities.push({ index: next.position, required: next.required });
    } else if (isMandatoryBreakChar(text.charCodeAt(text.length - 1))) {
      opportunities.push({ index: text.length, required: true });
    }
  }
  return withBreaksBeforeSmallKana(text, opportunities);
}

/**
 * UAX #14 resolves class CJ (small kana ぁっゃ…, the prolonged sound mark ー) to NS: no break
 * before them, as `line-break: strict` asks. CSS Text 3 §5.3 allows these breaks with `normal`
 * (and `auto`, which Chromium prints as `normal`): a CJ character after kana or a Han character
 * may start a line. `line-break: strict` takes these breaks away again (layout/inline/line-break-rules.ts).
 */
function withBreaksBeforeSmallKana(text: string, opportunities: BreakOpportunity[]): BreakOpportunity[] {
  let added: number[] | undefined;
  for (let i = 1; i < text.length; i++) {
    if (!isSmallKanaClass(text.charCodeAt(i))) continue;
    const previous = text.codePointAt(i >= 2 && isLowSurrogate(text.charCodeAt(i - 1)) ? i - 2 : i - 1)!;
    if (KANA_OR_HAN.test(String.fromCodePoint(previous))) (added ??= []).push(i);
  }
  if (added === undefined) return opportunities;
  const known = new Set(opportunities.map((o) => o.index));
  const extra = added.filter((index) => !known.has(index)).map((index) => ({ index, required: false }));
  return [...opportunities, ...extra].sort((a, b) => a.index - b.index);
}

const KANA_OR_HAN = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30fc\uff70]/u;

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Line_Break class CJ of the Basic Multilingual Plane (UAX #14, LineBreak.txt). */
export function isSmallKanaClass(code: number): boolean {
  switch (code) {
    case 0x3041: case 0x3043: case 0x3045: case 0x3047: case 0x3049: case 0x3063: case 0x3083: case 0x3085: case 0x3087: case 0x308e:
    case 0x3095: case 0x3096: case 0x30a1: case 0x30a3: case 0x30a5: case 0x30a7: case 0x30a9: case 0x30c3: case 0x30e3: case 0x30e5:
    case 0x30e7: case 0x30ee: case 0x30f5: case 0x30f6: case 0x30fc:
      return true;
    default:
      return (code >= 0x31f0 && code <= 0x31ff) || (code >= 0xff67 && code <= 0xff70);
  }
}
