/**
 * The language a character's fallback font is asked for with, as Chromium asks it: the language
 * most associated with the character's script (ICU's likely subtags, `und-Taml` → `ta`), which it
 * hands to fontconfig with the character. fontconfig then ranks the fonts that declare the
 * language first — Noto Sans Tamil before Noto Sans Grantha, which also has many Tamil letters
 * and comes first in the plain sans-serif order, with taller lines.
 *
 * Scripts written by one language family and no other font in the way (Latin, Common) have none;
 * Han, kana and Hangul keep the CJK locale rules (cjk-locale.ts).
 */

/** Script (Unicode Script property, not its extensions) → fontconfig language, as ICU's likely subtags give it. */
const SCRIPT_LANGUAGES: readonly (readonly [RegExp, string])[] = [
  ['Greek', 'el'], ['Cyrillic', 'ru'], ['Armenian', 'hy'], ['Hebrew', 'he'], ['Arabic', 'ar'], ['Syriac', 'syr'],
  ['Thaana', 'dv'], ['Nko', 'nqo'], ['Devanagari', 'hi'], ['Bengali', 'bn'], ['Gurmukhi', 'pa'], ['Gujarati', 'gu'],
  ['Oriya', 'or'], ['Tamil', 'ta'], ['Telugu', 'te'], ['Kannada', 'kn'], ['Malayalam', 'ml'], ['Sinhala', 'si'],
  ['Thai', 'th'], ['Lao', 'lo'], ['Tibetan', 'bo'], ['Myanmar', 'my'], ['Georgian', 'ka'], ['Ethiopic', 'am'],
  ['Cherokee', 'chr'], ['Khmer', 'km'], ['Mongolian', 'mn-cn'], ['Yi', 'ii'], ['Ol_Chiki', 'sat'], ['Vai', 'vai'],
].map(([script, language]) => [new RegExp(`^\\p{Script=${script}}$`, 'u'), language] as const);

/** Answers per code point: a document has few distinct characters that reach the installed fonts. */
const known = new Map<number, string | null>();
const MAX_KNOWN = 4096;

/** The language fontconfig is asked for a fallback font for `codePoint` with, if its script has one. */
export function fallbackLanguageOf(codePoint: number): string | undefined {
  // ASCII and Latin never fall back past the bundled fonts' script (and are not in the table)
  if (codePoint < 0x370) return undefined;
  let language = known.get(codePoint);
  if (language === undefined) {
    const character = String.fromCodePoint(codePoint);
    language = SCRIPT_LANGUAGES.find(([script]) => script.test(character))?.[1] ?? null;
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(codePoint, language);
  }
  return language ?? undefined;
}
