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
import { withAsciiPairBreaks } from './ascii-breaks.js';

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
 * ASCII letters, digits and the other ASCII characters of class AL (`# & * = > @ ^ _ \` ~`) among
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
  // not `<`: Blink breaks before it after `#&*=>~` (ascii-breaks.ts)
  for (const ch of '#&*=>@^_`~') table[ch.charCodeAt(0)] = 1;
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
  return withBreaksAfterSpaces(text, withBreaksAfterHebrewHyphens(text, withBreaksBeforeSmallKana(text, withAsciiPairBreaks(text, withBreaksBetweenWords(text, opportunities)))));
}

/**
 * Blink breaks after every run of spaces, tabs and newlines whatever follows (`IsBreakableSpace`
 * in text_break_iterator.cc, asked before UAX #14): `abcdefg |});`, `( |x`, `" |{`, and before a
 * combining mark too. UAX #14 keeps a space with a closing bracket or a stop after it (LB13), with
 * an opening bracket before it (LB14) and a few more (LB15-LB17): code such as `} else {` or
 * `foo(a, b );` overflowed where Chromium wraps it. A no-break space (and U+3000) is no such space.
 */
function withBreaksAfterSpaces(text: string, opportunities: BreakOpportunity[]): BreakOpportunity[] {
  let added: number[] | undefined;
  let next = 0; // the first opportunity not before i: most points after spaces are one already
  for (let i = 1; i < text.length; i++) {
    if (!isBreakableSpace(text.charCodeAt(i - 1)) || isBreakableSpace(text.charCodeAt(i))) continue;
    while (next < opportunities.length && opportunities[next]!.index < i) next++;
    if (opportunities[next]?.index !== i) (added ??= []).push(i);
  }
  return withAllowed(opportunities, added);
}

const isBreakableSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0a;

/**
 * UAX #14 gives the characters of Thai, Lao, Khmer, Myanmar and the Tai scripts (class SA) no
 * break opportunity among them: these scripts write no space between words, and the breaks come
 * from a dictionary (LB1). Chromium asks ICU's; so does this, through `Intl.Segmenter`'s word
 * boundaries inside each run of such characters. Without them a Thai paragraph was one word,
 * wider than the page.
 */
function withBreaksBetweenWords(text: string, opportunities: BreakOpportunity[]): BreakOpportunity[] {
  let added: number[] | undefined;
  for (let i = 0; i < text.length; i++) {
    if (!isComplexContext(text.charCodeAt(i))) continue;
    let end = i + 1;
    while (end < text.length && isComplexContext(text.charCodeAt(end))) end++;
    if (end - i > 1) dictionaryBreaks(text, i, end, (added ??= []));
    i = end;
  }
  return withAllowed(opportunities, added);
}

/** Characters handed to ICU's dictionary at once: its time grows faster than the text (186,000 Thai characters took 24 s whole, 0.1 s in windows). */
const DICTIONARY_WINDOW = 1024;

/** Words at the end of a window looked up again with what follows (the dictionary chooses among splits by the words after them). */
const WORDS_AGAIN = 4;

/**
 * Pushes to `added` the word boundaries inside text[start, end), a window at a time; each window
 * after the first starts where the one before had WORDS_AGAIN words left, whose boundaries it
 * decides instead (the window's end had cut their context). A word longer than the window is not
 * broken.
 */
function dictionaryBreaks(text: string, start: number, end: number, added: number[]): void {
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let from = start;
  while (from < end) {
    const to = Math.min(end, from + DICTIONARY_WINDOW);
    const first = added.length;
    for (const segment of words.segment(text.slice(from, to))) if (segment.index > 0) added.push(from + segment.index);
    if (to === end) return;
    const kept = added.length - WORDS_AGAIN;
    if (kept <= first) {
      from = to;
      continue;
    }
    from = added[kept - 1]!;
    added.length = kept;
  }
}
let words: Intl.Segmenter | undefined;

/** The Basic Multilingual Plane blocks of UAX #14 class SA: Thai, Lao, Myanmar (and its extensions), Khmer, Tai Le, New Tai Lue, Tai Tham, Tai Viet. */
export function isComplexContext(code: number): boolean {
  return (code >= 0x0e00 && code <= 0x0eff) || (code >= 0x1000 && code <= 0x109f) || (code >= 0x1780 && code <= 0x17ff)
    || (code >= 0x1950 && code <= 0x1aaf) || (code >= 0xa9e0 && code <= 0xa9ff) || (code >= 0xaa60 && code <= 0xaadf);
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
  return withAllowed(opportunities, added);
}

/**
 * UAX #14 since Unicode 15.1 keeps a hyphen after a Hebrew letter from ending a line only when no
 * Hebrew letter follows (LB21a: HL (HY | BA) × [^HL]); the package applies the older rule, no
 * break at all, so "האפרו-אסיאתיות" and "בית־ספר" (a maqaf) stayed whole where Chromium, whose ICU
 * has the new rule, breaks after the hyphen. A break goes back between a hyphen (HY, or BA that is
 * not East Asian wide) after a Hebrew letter, its points between, and a Hebrew letter.
 */
function withBreaksAfterHebrewHyphens(text: string, opportunities: BreakOpportunity[]): BreakOpportunity[] {
  let added: number[] | undefined;
  for (let i = 1; i + 1 < text.length; i++) {
    if (!isHebrewHyphen(text.charCodeAt(i)) || !isHebrewLetter(text.charCodeAt(i + 1))) continue;
    let before = i - 1;
    while (before > 0 && isHebrewPoint(text.charCodeAt(before))) before--;
    if (isHebrewLetter(text.charCodeAt(before))) (added ??= []).push(i + 1);
  }
  return withAllowed(opportunities, added);
}

/** HY (`-`) and the hyphens and dashes of class BA that are not East Asian wide: ‐ ‒ – and the maqaf ־. */
function isHebrewHyphen(code: number): boolean {
  return code === 0x2d || code === 0x2010 || code === 0x2012 || code === 0x2013 || code === 0x05be;
}

/** Line_Break class HL: the Hebrew letters and their presentation forms. */
function isHebrewLetter(code: number): boolean {
  return (code >= 0x05d0 && code <= 0x05ea) || (code >= 0x05ef && code <= 0x05f2) || code === 0xfb1d
    || (code >= 0xfb1f && code <= 0xfb28) || (code >= 0xfb2a && code <= 0xfb4f && code !== 0xfb37 && code !== 0xfb3d && code !== 0xfb3f && code !== 0xfb42 && code !== 0xfb45);
}

/** The Hebrew points and accents (class CM), which stay with the letter before them (LB9). */
function isHebrewPoint(code: number): boolean {
  return (code >= 0x0591 && code <= 0x05bd) || code === 0x05bf || code === 0x05c1 || code === 0x05c2 || code === 0x05c4 || code === 0x05c5 || code === 0x05c7;
}

/** `opportunities` with allowed breaks at the `added` indices they lack, in order. */
function withAllowed(opportunities: BreakOpportunity[], added: readonly number[] | undefined): BreakOpportunity[] {
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
