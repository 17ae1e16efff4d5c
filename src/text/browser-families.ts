/**
 * Which installed family a browser on this machine prints a `font-family` name with, when no font
 * of that name exists: the way Chromium on Linux asks fontconfig (Skia's SkFontConfigInterface
 * and Blink's font cache), so `Arial` prints with Liberation Sans where fontconfig maps it there.
 *
 * - Generic families go through Chromium's default font settings: `serif` is "Times New Roman",
 *   `sans-serif` "Arial", `monospace` "Monospace", `cursive` "Comic Sans MS", `fantasy`
 *   "Impact"; `system-ui` is fontconfig's sans (Chromium's UI font when the desktop names none).
 * - fontconfig always answers something, so its answer for a named family counts only when it is
 *   a good match: the family itself, the family fontconfig's configuration put first, a
 *   metric-compatible replacement (Chromium's list: Arial, Arimo and Liberation Sans are one
 *   class…), or any answer for fontconfig's own generic names (sans, serif, monospace).
 *   `Georgia`, which fontconfig answers with Noto Serif only as a weak default, is not found, so
 *   the next family of the list is used — as in Chromium.
 * - A name that is not found is tried once more under Blink's alternate name (Arial and
 *   Helvetica, Times and Times New Roman, Courier and Courier New).
 */
import { startupSnapshot } from 'node:v8';
import { fontconfigConfiguredFamily, fontconfigLanguageFamily, fontconfigMatch } from './fontconfig.js';
import type { CjkLocale } from './cjk-locale.js';
import { unquotedGenericFamily } from '../css/model/font-types.js';

/** Chromium's default generic font settings on Linux (IDS_*_FONT_FAMILY); system-ui asks fontconfig. */
const GENERIC_SETTINGS: Readonly<Record<string, string>> = {
  '-webkit-standard': 'times new roman',
  'serif': 'times new roman',
  'sans-serif': 'arial',
  'monospace': 'monospace',
  'cursive': 'comic sans ms',
  'fantasy': 'impact',
  // Chromium's UI font on Linux when the desktop names none it can use (gfx: kFallbackFontFamilyName)
  'system-ui': 'sans',
};

/** Whether a lower-cased name is a CSS generic family (CSS Fonts 4 §4.1.1): never an installed family's name. */
export function isGenericFamily(key: string): boolean {
  return Object.hasOwn(GENERIC_SETTINGS, key) || key.startsWith('ui-') || key === 'emoji' || key === 'math' || key === 'fangsong';
}

/**
 * The generic families of a platform's own UI fonts (CSS Fonts 4 §4.1.1: `ui-serif`,
 * `ui-sans-serif`, `ui-monospace`, `ui-rounded`), which Chromium maps on macOS only: on Linux it
 * finds none of them and uses the next family of the list (Tailwind's `ui-sans-serif, system-ui, …`
 * prints with system-ui's font).
 */
export function isPlatformUiFamily(key: string): boolean {
  return key.startsWith('ui-');
}

/** fontconfig names whose answer is always good (Skia: IsFallbackFontAllowed). */
const FONTCONFIG_GENERIC = new Set(['sans', 'serif', 'monospace']);

/** Metric-compatible classes (Skia's kFontEquivMap), lower-cased. */
const METRIC_CLASSES: readonly (readonly string[])[] = [
  ['arial', 'arimo', 'liberation sans'],
  ['times new roman', 'tinos', 'liberation serif'],
  ['courier new', 'cousine', 'liberation mono'],
  ['symbol', 'symbol neu'],
  ['ms pgothic', 'ｍｓ ｐゴシック', 'noto sans cjk jp', 'ipapgothic', 'motoyag04gothic'],
  ['ms gothic', 'ｍｓ ゴシック', 'noto sans mono cjk jp', 'ipagothic', 'motoyag04gothicmono'],
  ['ms pmincho', 'ｍｓ ｐ明朝', 'noto serif cjk jp', 'ipapmincho', 'motoyag04mincho'],
  ['ms mincho', 'ｍｓ 明朝', 'noto serif cjk jp', 'ipamincho', 'motoyag04minchomono'],
  ['simsun', '宋体', 'noto serif cjk sc', 'msung gb18030', 'song asc'],
  ['nsimsun', '新宋体', 'noto serif cjk sc', 'msung gb18030', 'n song asc'],
  ['simhei', '黑体', 'noto sans cjk sc', 'myingheigb18030', 'myingheib5hk'],
  ['pmingliu', '新細明體', 'noto serif cjk tc', 'msung b5hk'],
  ['mingliu', '細明體', 'noto serif cjk tc', 'msung b5hk'],
  ['pmingliu_hkscs', '新細明體_hkscs', 'noto serif cjk tc', 'msung b5hk'],
  ['mingliu_hkscs', '細明體_hkscs', 'noto serif cjk tc', 'msung b5hk'],
  ['cambria', 'caladea'],
  ['calibri', 'carlito'],
];

/** Blink's AlternateFamilyName pairs. */
const ALTERNATES: Readonly<Record<string, string>> = {
  'arial': 'helvetica', 'helvetica': 'arial',
  'times': 'times new roman', 'times new roman': 'times',
  'courier': 'courier new', 'courier new': 'courier',
};

function metricCompatible(requested: string, answer: string): boolean {
  return METRIC_CLASSES.some((names) => names.includes(requested) && names.includes(answer));
}

/**
 * Distinct names looked up per process at most: each costs a fontconfig call (~5 ms), and a
 * service rendering hostile templates must not be made to spawn one per invented name.
 */
const MAX_LOOKUPS = 512;
const answers = new Map<string, string | undefined>();

/** fontconfig's good answer for one name (lower-cased family), once per process. */
function fontconfigAnswer(name: string): string | undefined {
  if (answers.has(name)) return answers.get(name);
  if (answers.size >= MAX_LOOKUPS || startupSnapshot.isBuildingSnapshot()) return undefined;
  const families = fontconfigMatch(name)?.map((family) => family.toLowerCase()) ?? [];
  const good = FONTCONFIG_GENERIC.has(name)
    || families.some((family) => family === name || metricCompatible(name, family))
    || (families.length > 0 && families.includes(fontconfigConfiguredFamily(name)?.toLowerCase() ?? ''));
  const answer = good ? families[0] : undefined;
  answers.set(name, answer);
  return answer;
}

/**
 * The name fontconfig is asked about for a `font-family` key: a generic family's default font
 * (Chromium's settings), a generic's name in quotes as itself (`"monospace"`: fontconfig's
 * monospace, where the generic is Chromium's "Monospace" setting and `"serif"` fontconfig's serif
 * where the generic is Times New Roman), any other name as written.
 */
function lookedUpName(key: string): string {
  return unquotedGenericFamily(key) ?? GENERIC_SETTINGS[key] ?? key;
}

/**
 * Whether `browserFamilyFor(key)` answers without calling fontconfig: its names were asked about
 * already in this process, or no more are asked.
 */
export function substituteKnown(key: string): boolean {
  const name = lookedUpName(key);
  const alternate = ALTERNATES[name];
  const known = (n: string): boolean => answers.has(n) || answers.size >= MAX_LOOKUPS;
  return known(name) && (alternate === undefined || answers.get(name) !== undefined || known(alternate));
}

/**
 * The lower-cased family fontconfig gives a browser for `key` (a lower-cased `font-family` name
 * no font of the template, the engine or the machine has by that name), or undefined when a
 * browser would go on to the next family of the list.
 */
export function browserFamilyFor(key: string): string | undefined {
  const name = lookedUpName(key);
  const alternate = ALTERNATES[name];
  return fontconfigAnswer(name) ?? (alternate === undefined ? undefined : fontconfigAnswer(alternate));
}

/** The generic families fontconfig answers per language, as Chromium asks it for a CJK script. */
export type LocaleGeneric = 'sans-serif' | 'serif' | 'monospace';

const localeFamilies = new Map<string, string | undefined>();

/**
 * The lower-cased family a browser uses for a generic family in a CJK locale (Chromium asks
 * fontconfig with the content language: `sans-serif:lang=ja` is Noto Sans CJK JP, `serif:lang=ko`
 * Noto Serif CJK KR…), once per process. The sans-serif one is also where Han characters fall
 * back first.
 */
export function localeFallbackFamily(locale: CjkLocale, generic: LocaleGeneric = 'sans-serif'): string | undefined {
  const key = `${locale} ${generic}`;
  if (localeFamilies.has(key)) return localeFamilies.get(key);
  if (startupSnapshot.isBuildingSnapshot()) return undefined;
  const family = fontconfigLanguageFamily(locale, generic)?.toLowerCase();
  localeFamilies.set(key, family);
  return family;
}

/**
 * The generic family a CSS generic name is printed with in a CJK locale, as Chromium 156 on Linux
 * prints it (measured): the standard font (the initial value, or a list of which nothing exists)
 * and `sans-serif` as the language's sans-serif font, `serif` and `monospace` as its own.
 */
export function localeGenericOf(key: string): LocaleGeneric | undefined {
  switch (key) {
    case '-webkit-standard': case 'sans-serif': return 'sans-serif';
    case 'serif': return 'serif';
    case 'monospace': return 'monospace';
    default: return undefined;
  }
}
