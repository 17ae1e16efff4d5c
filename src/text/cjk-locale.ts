/**
 * The CJK locale of a `lang` attribute, as fontconfig names it: Han characters are drawn
 * differently in Japan, mainland China, Taiwan, Hong Kong and Korea, and browsers choose the
 * fallback font for them by the content language (Chromium passes it to fontconfig). Other
 * languages have no CJK locale: their fallback stays the same whatever their `lang`.
 */
import { BoundedCache } from '../cache/bounded.js';

export type CjkLocale = 'ja' | 'ko' | 'zh-cn' | 'zh-tw' | 'zh-hk';

/** The first letters (lower case) of `ja`, `ko`, `zh`, `cmn` and `yue`. */
const CJK_INITIALS: ReadonlySet<number> = new Set([0x6a, 0x6b, 0x7a, 0x63, 0x79]);

/** `ja`, `zh-Hans`, `zh-CN`, `zh-Hant`, `zh-TW`, `zh-HK`, `ko` (BCP 47, any case) → fontconfig's lang; else undefined. */
export function cjkLocaleOf(lang: string): CjkLocale | undefined {
  // asked for every text run: a language that cannot be one of these ("en") is answered without parsing
  const first = lang.charCodeAt(0);
  if (first > 0x20 && first < 0x80 && !CJK_INITIALS.has(first | 0x20)) return undefined;
  // and one that can, once: CJK text breaks between any two characters, a run per character or two
  const known = KNOWN.get(lang);
  if (known !== undefined) return known === NONE ? undefined : known;
  const locale = parse(lang);
  KNOWN.set(lang, locale ?? NONE);
  return locale;
}

const NONE = 'none';
/** Languages parsed before (a document has a few; the bound is for one that names thousands). */
const KNOWN = new BoundedCache<string, CjkLocale | typeof NONE>('text.cjk-locales', 64);

function parse(lang: string): CjkLocale | undefined {
  const subtags = lang.trim().toLowerCase().split(/[-_]/);
  const language = subtags[0];
  if (language === 'ja') return 'ja';
  if (language === 'ko') return 'ko';
  if (language !== 'zh' && language !== 'cmn' && language !== 'yue') return undefined;
  const rest = subtags.slice(1);
  if (rest.includes('hk') || rest.includes('mo') || language === 'yue') return 'zh-hk';
  if (rest.includes('hant') || rest.includes('tw')) return 'zh-tw';
  // zh, zh-Hans, zh-CN, zh-SG: Simplified Chinese, as Chromium takes a bare "zh"
  return 'zh-cn';
}
