/**
 * The language a character's fallback font is asked for with, as Chromium asks it: the text's
 * `lang` when it is written in the character's script, else the language most associated with
 * the script (ICU's likely subtags, `und-Taml` → `ta`), which it hands to fontconfig with the
 * character. fontconfig then ranks the fonts that declare the language first — Noto Sans Tamil
 * before Noto Sans Grantha, which also has many Tamil letters and comes first in the plain
 * sans-serif order, with taller lines; Noto Kufi Arabic for `lang="ur"`.
 *
 * Latin and characters of no script of their own (Common, Inherited) have none; Han, kana and
 * Hangul keep the CJK locale rules (cjk-locale.ts).
 */

/** A text's language written in a script of the table (its `lang`), as FontRequest carries it. */
export interface ScriptLanguage {
  /** The primary language subtag, lower-cased (`ur`): what fontconfig is asked with. */
  readonly language: string;
  /** The OpenType script tag of the script it is written in (`arab`). */
  readonly script: string;
}

interface ScriptEntry {
  readonly pattern: RegExp;
  readonly language: string;
  /** OpenType script tag. */
  readonly script: string;
}

/** Script (Unicode Script property, not its extensions) → fontconfig language, as ICU's likely subtags give it, and OpenType tag. */
const SCRIPT_LANGUAGES: readonly ScriptEntry[] = ([
  ['Greek', 'el', 'grek'], ['Cyrillic', 'ru', 'cyrl'], ['Armenian', 'hy', 'armn'], ['Hebrew', 'he', 'hebr'], ['Arabic', 'ar', 'arab'],
  ['Syriac', 'syr', 'syrc'], ['Thaana', 'dv', 'thaa'], ['Nko', 'nqo', 'nko '], ['Devanagari', 'hi', 'deva'], ['Bengali', 'bn', 'beng'],
  ['Gurmukhi', 'pa', 'guru'], ['Gujarati', 'gu', 'gujr'], ['Oriya', 'or', 'orya'], ['Tamil', 'ta', 'taml'], ['Telugu', 'te', 'telu'],
  ['Kannada', 'kn', 'knda'], ['Malayalam', 'ml', 'mlym'], ['Sinhala', 'si', 'sinh'], ['Thai', 'th', 'thai'], ['Lao', 'lo', 'lao '],
  ['Tibetan', 'bo', 'tibt'], ['Myanmar', 'my', 'mymr'], ['Georgian', 'ka', 'geor'], ['Ethiopic', 'am', 'ethi'], ['Cherokee', 'chr', 'cher'],
  ['Khmer', 'km', 'khmr'], ['Mongolian', 'mn-cn', 'mong'], ['Yi', 'ii', 'yi  '], ['Ol_Chiki', 'sat', 'olck'], ['Vai', 'vai', 'vai '],
] as const).map(([script, language, tag]) => ({ pattern: new RegExp(`^\\p{Script=${script}}$`, 'u'), language, script: tag }));

/** Answers per code point: a document has few distinct characters that reach the installed fonts. */
const known = new Map<number, ScriptEntry | null>();
const MAX_KNOWN = 4096;

/**
 * The language fontconfig is asked for a fallback font for `codePoint` with, if its script has one:
 * the text's own language when it is written in that script (`lang="ur"` Arabic asks as `ur`), as
 * Chromium asks, else the script's likely language.
 */
export function fallbackLanguageOf(codePoint: number, own?: ScriptLanguage): string | undefined {
  const entry = scriptEntryOf(codePoint);
  if (entry === undefined) return undefined;
  return own !== undefined && own.script === entry.script ? own.language : entry.language;
}

/** Whether `codePoint` is of the script `own` is written in. */
export function isOfScript(codePoint: number, own: ScriptLanguage): boolean {
  return scriptEntryOf(codePoint)?.script === own.script;
}

function scriptEntryOf(codePoint: number): ScriptEntry | undefined {
  // ASCII and Latin never fall back past the bundled fonts' script (and are not in the table)
  if (codePoint < 0x370) return undefined;
  let entry = known.get(codePoint);
  if (entry === undefined) {
    const character = String.fromCodePoint(codePoint);
    entry = SCRIPT_LANGUAGES.find(({ pattern }) => pattern.test(character)) ?? null;
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(codePoint, entry);
  }
  return entry ?? undefined;
}
