/**
 * The OpenType language system of a text's content language. A font can draw the same characters
 * differently per language (its `locl` feature and other lookups under a LangSys): Noto Sans CJK
 * widens the space and the Latin letters under Korean, Noto Serif CJK JP gives proportional digits
 * under Japanese, Turkish fonts keep the dot of i out of the fi ligature. Browsers shape with the
 * `lang` of the text (Chromium hands it to HarfBuzz), so octavo does too.
 *
 * A language maps to one or more OpenType language system tags (the OpenType Language System Tag
 * registry, in the order HarfBuzz tries them); a font is shaped with the first of those it names in
 * its GSUB or GPOS, and with its default language system when it names none — so a font without
 * language-specific forms shapes (and caches) a text the same whatever its `lang`. A text of no
 * script of its own shaped alone takes its language's script (NON_LATIN_SCRIPTS).
 */
import { BoundedCache } from '../cache/bounded.js';
import { cjkLocaleOf, type CjkLocale } from './cjk-locale.js';
import type { FontProgram } from './fontkit.js';

/** ISO 639-1 (and a few ISO 639-2/3) primary language subtags → OpenType language system tags. */
const LANGUAGE_SYSTEMS: Readonly<Record<string, readonly string[]>> = {
  af: ['AFK'], am: ['AMH'], ar: ['ARA'], as: ['ASM'], az: ['AZE'], ba: ['BSH'], be: ['BEL'], bg: ['BGR'],
  bn: ['BEN'], bo: ['TIB'], br: ['BRE'], bs: ['BOS'], ca: ['CAT'], cs: ['CSY'], cv: ['CHU'], cy: ['WEL'],
  da: ['DAN'], de: ['DEU'], dz: ['DZN'], el: ['ELL'], en: ['ENG'], eo: ['NTO'], es: ['ESP'], et: ['ETI'],
  eu: ['EUQ'], fa: ['FAR'], fi: ['FIN'], fo: ['FOS'], fr: ['FRA'], fy: ['FRI'], ga: ['IRI'], gd: ['GAE'],
  gl: ['GAL'], gu: ['GUJ'], ha: ['HAU'], he: ['IWR'], hi: ['HIN'], hr: ['HRV'], hu: ['HUN'], hy: ['HYE0', 'HYE'],
  id: ['IND'], ig: ['IBO'], is: ['ISL'], it: ['ITA'], iu: ['INU'], iw: ['IWR'], kk: ['KAZ'],
  ka: ['KAT'], kl: ['GRN'], km: ['KHM'], kn: ['KAN'], ks: ['KSH'], ku: ['KUR'], ky: ['KIR'], la: ['LAT'],
  lb: ['LTZ'], lo: ['LAO'], lt: ['LTH'], lv: ['LVI'], mk: ['MKD'], ml: ['MAL', 'MLR'], mn: ['MNG'], mo: ['MOL', 'ROM'],
  mr: ['MAR'], ms: ['MLY'], mt: ['MTS'], my: ['BRM'], nb: ['NOR'], ne: ['NEP'], nl: ['NLD'], nn: ['NYN'],
  no: ['NOR'], oc: ['OCI'], or: ['ORI'], pa: ['PAN'], pl: ['PLK'], ps: ['PAS'], pt: ['PTG'], rm: ['RMS'],
  ro: ['ROM'], ru: ['RUS'], sa: ['SAN'], sd: ['SND'], se: ['NSM'], si: ['SNH'], sk: ['SKY'], sl: ['SLV'],
  sq: ['SQI'], sr: ['SRB'], sv: ['SVE'], sw: ['SWK'], ta: ['TAM'], te: ['TEL'], tg: ['TAJ'], th: ['THA'],
  ti: ['TGY'], tk: ['TKM'], tl: ['TGL'], tr: ['TRK'], tt: ['TAT'], ug: ['UYG'], uk: ['UKR'], ur: ['URD'],
  uz: ['UZB'], vi: ['VIT'], yi: ['JII'], yo: ['YBA'], zu: ['ZUL'], crh: ['CRT'], fil: ['PIL'],
};

/** Chinese by its CJK locale (cjk-locale.ts reads the script and region subtags), Japanese and Korean. */
const CJK_SYSTEMS: Readonly<Record<CjkLocale, readonly string[]>> = {
  'ja': ['JAN'], 'ko': ['KOR'], 'zh-cn': ['ZHS'], 'zh-tw': ['ZHT'], 'zh-hk': ['ZHH', 'ZHT'],
};

/**
 * The script a language is written in, as an OpenType script tag, for languages not written in the
 * Latin script. A text of no script of its own (spaces, digits, punctuation) shaped alone is shaped
 * in its language's script, as Blink does (its locale's script): so a space between Korean words
 * takes the Korean form of the font's `KOR` language system, which the default script has none of.
 */
const NON_LATIN_SCRIPTS: Readonly<Record<string, string>> = {
  am: 'ethi', ar: 'arab', as: 'beng', ba: 'cyrl', be: 'cyrl', bg: 'cyrl', bn: 'beng', bo: 'tibt', cv: 'cyrl',
  dz: 'tibt', el: 'grek', fa: 'arab', gu: 'gujr', he: 'hebr', hi: 'deva', hy: 'armn', iu: 'cans', iw: 'hebr',
  ka: 'geor', kk: 'cyrl', km: 'khmr', kn: 'knda', ks: 'arab', ky: 'cyrl', lo: 'lao ', mk: 'cyrl', ml: 'mlym',
  mn: 'cyrl', mr: 'deva', my: 'mymr', ne: 'deva', or: 'orya', pa: 'guru', ps: 'arab', ru: 'cyrl', sa: 'deva',
  sd: 'arab', si: 'sinh', sr: 'cyrl', ta: 'taml', te: 'telu', tg: 'cyrl', th: 'thai', ti: 'ethi', tt: 'cyrl',
  ug: 'arab', uk: 'cyrl', ur: 'arab', yi: 'hebr',
};

/** Japanese is written in kana and kanji, Chinese in Han characters, Korean in Hangul (and Han). */
const CJK_SCRIPTS: Readonly<Record<CjkLocale, string>> = { 'ja': 'kana', 'ko': 'hang', 'zh-cn': 'hani', 'zh-tw': 'hani', 'zh-hk': 'hani' };

/** What shaping takes from a text's language. */
export interface OpenTypeLanguage {
  /** The language system tags to try, in order. */
  readonly systems: readonly string[];
  /** The OpenType script tag of text of no script of its own. */
  readonly script: string;
  /** Both, as one string (for cache keys). */
  readonly key: string;
}

/** Languages looked up before (a document has a few; the bound is for one that names thousands). */
const KNOWN = new BoundedCache<string, OpenTypeLanguage | null>('text.opentype-languages', 64);

/**
 * The OpenType language systems and script of a `lang` value (BCP 47, any case), or undefined for
 * an unknown language or none. An unlisted three-letter language subtag is its own tag upper-cased,
 * as HarfBuzz takes it.
 */
export function openTypeLanguageOf(lang: string): OpenTypeLanguage | undefined {
  if (lang === '') return undefined;
  let known = KNOWN.get(lang);
  if (known === undefined) {
    known = parse(lang) ?? null;
    KNOWN.set(lang, known);
  }
  return known ?? undefined;
}

function parse(lang: string): OpenTypeLanguage | undefined {
  const locale = cjkLocaleOf(lang);
  if (locale !== undefined) return described(CJK_SYSTEMS[locale], CJK_SCRIPTS[locale]);
  const language = lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!/^[a-z]{2,3}$/.test(language)) return undefined;
  const script = (Object.hasOwn(NON_LATIN_SCRIPTS, language) ? NON_LATIN_SCRIPTS[language] : undefined) ?? 'latn';
  const listed = Object.hasOwn(LANGUAGE_SYSTEMS, language) ? LANGUAGE_SYSTEMS[language] : undefined;
  if (listed !== undefined) return described(listed, script);
  return language.length === 3 ? described([language.toUpperCase()], script) : undefined;
}

function described(systems: readonly string[], script: string): OpenTypeLanguage {
  return Object.freeze({ systems, script, key: `${systems.join(',')}/${script}` });
}

/** Characters of no script of their own (Unicode Script Common, Inherited, Unknown). */
const NO_SCRIPT = /^[\p{Script=Zyyy}\p{Script=Zinh}\p{Script=Zzzz}]*$/u;

/** Whether `text` has no character of a script of its own (it is then shaped in its language's script). */
export function hasNoScript(text: string): boolean {
  return NO_SCRIPT.test(text);
}

/** The language system tags each font names in its GSUB and GPOS script lists (trimmed). */
const namedSystems = new WeakMap<FontProgram, ReadonlySet<string>>();

/**
 * The first of the language's systems the font has a language system for (the tag fontkit is given), or
 * undefined when it has none of them: the text is then shaped with the default language system.
 */
export function fontLanguageSystem(program: FontProgram, language: OpenTypeLanguage | undefined): string | undefined {
  if (language === undefined) return undefined;
  let named = namedSystems.get(program);
  if (named === undefined) {
    named = languageSystemsOf(program);
    namedSystems.set(program, named);
  }
  for (const tag of language.systems) if (named.has(tag)) return tag;
  return undefined;
}

interface ScriptListTable {
  readonly scriptList?: readonly { readonly script?: { readonly langSysRecords?: readonly { readonly tag?: unknown }[] } }[];
}

function languageSystemsOf(program: FontProgram): ReadonlySet<string> {
  const tags = new Set<string>();
  for (const name of ['GSUB', 'GPOS'] as const) {
    let table: ScriptListTable | null | undefined;
    try {
      // fontkit decodes the table on first access; a damaged one (hidden as null, or one that throws) names none
      table = (program as unknown as Record<'GSUB' | 'GPOS', ScriptListTable | null | undefined>)[name];
    } catch {
      continue;
    }
    for (const record of table?.scriptList ?? []) {
      for (const langSys of record.script?.langSysRecords ?? []) {
        if (typeof langSys.tag === 'string') tags.add(langSys.tag.trimEnd());
      }
    }
  }
  return tags;
}
