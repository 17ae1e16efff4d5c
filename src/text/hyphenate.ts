/**
 * Automatic hyphenation (CSS Text 3 §5.4 `hyphens: auto`): Liang's algorithm with the TeX
 * patterns of the `hyphen` package (ISC licence; patterns under their own free licences, see
 * docs/typography.md). Patterns of a language are loaded on first use and kept for the life of
 * the process; results are cached per word.
 */
import { createRequire } from 'node:module';
import { BoundedCache } from '../cache/bounded.js';

const require = createRequire(import.meta.url);

/**
 * BCP 47 language (lower-cased) -> pattern file of the package. A tag falls back to its primary
 * subtag (`en-AU` -> `en`); English without a region is American English, as in browsers.
 */
const PATTERNS: Readonly<Record<string, string>> = {
  'en': 'en-us', 'en-us': 'en-us', 'en-gb': 'en-gb', 'en-au': 'en-gb', 'en-nz': 'en-gb', 'en-ie': 'en-gb', 'en-in': 'en-gb',
  'de': 'de-1996', 'de-de': 'de-1996', 'de-at': 'de-1996', 'de-ch': 'de-1996', 'de-1901': 'de-1901',
  'fr': 'fr', 'es': 'es', 'it': 'it', 'nl': 'nl', 'pt': 'pt', 'pt-br': 'pt', 'pt-pt': 'pt',
  'ca': 'ca', 'cs': 'cs', 'da': 'da', 'el': 'el-monoton', 'et': 'et', 'eu': 'eu', 'fi': 'fi', 'ga': 'ga', 'gl': 'gl',
  'hr': 'hr', 'hu': 'hu', 'hy': 'hy', 'id': 'id', 'is': 'is', 'la': 'la', 'lt': 'lt', 'lv': 'lv', 'nb': 'nb', 'nn': 'nn',
  'no': 'nb', 'pl': 'pl', 'ro': 'ro', 'ru': 'ru', 'sk': 'sk', 'sl': 'sl', 'sq': 'sq', 'sr': 'sr', 'sv': 'sv', 'tr': 'tr', 'uk': 'uk',
};

type Hyphenator = (word: string) => string;

const SOFT_HYPHEN = '\u00ad';
const hyphenators = new BoundedCache<string, Hyphenator | null>('text.hyphenators', 64);
const words = new BoundedCache<string, readonly number[]>('text.hyphenated-words', 50_000);

/**
 * Longest word `hyphens: auto` hyphenates (UTF-16 units): the longest dictionary words are under
 * 100 letters, and a longer run is no word but a 330 KB string whose hyphenation is quadratic.
 * A longer word is left whole (it breaks as `overflow-wrap` says), with a warning (boxes/build.ts).
 */
export const MAX_HYPHENATED_WORD = 100;

/** The pattern file for a language tag, or undefined when none is available. */
export function patternsFor(lang: string): string | undefined {
  const tag = lang.trim().toLowerCase().replace(/_/g, '-');
  if (tag === '') return undefined;
  return PATTERNS[tag] ?? PATTERNS[tag.split('-')[0] as string];
}

function hyphenatorFor(file: string): Hyphenator | null {
  let hyphenator = hyphenators.get(file);
  if (hyphenator === undefined) {
    try {
      const create = (require('hyphen/hyphen.js') as { default?: unknown }).default ?? require('hyphen/hyphen.js');
      const patterns: unknown = require(`hyphen/patterns/${file}.js`);
      hyphenator = (create as (p: unknown, o: object) => Hyphenator)(patterns, { hyphenChar: SOFT_HYPHEN });
    } catch {
      hyphenator = null;
    }
    hyphenators.set(file, hyphenator);
  }
  return hyphenator;
}

/**
 * Hyphenation opportunities of one word: UTF-16 indices `i` where the word may break before
 * `word[i]` (a hyphen is then drawn after `word[i - 1]`). Empty for unknown languages and for
 * words the patterns do not split (shorter than five letters, at least two letters each side).
 */
export function hyphenationPoints(word: string, lang: string): readonly number[] {
  const file = patternsFor(lang);
  if (file === undefined || word.length > MAX_HYPHENATED_WORD) return [];
  const key = `${file}\u0000${word}`;
  const cached = words.get(key);
  if (cached !== undefined) return cached;
  const hyphenator = hyphenatorFor(file);
  const points: number[] = [];
  if (hyphenator !== null) {
    const marked = hyphenator(word);
    let index = 0;
    for (let i = 0; i < marked.length; i++) {
      if (marked[i] === SOFT_HYPHEN) points.push(index);
      else index++;
    }
  }
  const frozen = Object.freeze(points);
  words.set(key, frozen);
  return frozen;
}
