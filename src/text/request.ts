/**
 * FontRequest from a computed style (CSS Fonts 4 §3-§7): the family list and descriptors font
 * matching needs, and the OpenType features the font-variant-* / font-kerning /
 * font-feature-settings properties ask for. Memoised per style object, since layout asks for
 * every text run.
 */
import type { ComputedStyle } from '../css/types.js';
import type { FontRequest, FontSynthesis } from './types.js';
import { CAPS_FEATURES } from './small-caps.js';
import { cjkLocaleOf } from './cjk-locale.js';
import { openTypeLanguageOf } from './opentype-language.js';

const memo = new WeakMap<ComputedStyle, FontRequest>();
/** A style's requests per language, by its OpenType language systems and script (`OpenTypeLanguage.key`). */
const localized = new WeakMap<ComputedStyle, Map<string, FontRequest>>();

/**
 * The request of a style, for text in language `lang` (the nearest `lang` attribute): a known
 * language gets a request of its own, shaped with the fonts' forms for that language; a CJK one's
 * fallback for Han characters also prefers that locale's font.
 */
export function fontRequestFromStyle(style: ComputedStyle, lang?: string): FontRequest {
  // asked for every piece a text is measured in, a character at a time in CJK text: the last answer first
  if (style === last.style && lang === last.lang) return last.request;
  const request = requestFor(style, lang);
  last.style = style;
  last.lang = lang;
  last.request = request;
  return request;
}

/** `fontRequestFromStyle`'s last question and answer (it keeps one style alive, no more). */
const last: { style: ComputedStyle | undefined; lang: string | undefined; request: FontRequest } = { style: undefined, lang: undefined, request: Object.freeze({}) as FontRequest };

function requestFor(style: ComputedStyle, lang: string | undefined): FontRequest {
  // a CJK language has language systems too (opentype-language.ts), each of its own: their key tells the locale
  const language = lang === undefined || lang === '' ? undefined : openTypeLanguageOf(lang);
  if (language === undefined) return plainRequest(style);
  let requests = localized.get(style);
  if (requests === undefined) localized.set(style, (requests = new Map()));
  let request = requests.get(language.key);
  if (request === undefined) {
    const locale = cjkLocaleOf(lang!);
    // a language of another script than Latin and CJK ranks its fallback fonts (script-language.ts)
    const own = locale === undefined && language.script !== 'latn' ? lang!.trim().toLowerCase().split(/[-_]/)[0] : undefined;
    const scriptLanguage = own === undefined ? undefined : { language: own, script: language.script };
    request = Object.freeze({ ...plainRequest(style), ...(locale === undefined ? {} : { cjkLocale: locale }), ...(scriptLanguage === undefined ? {} : { scriptLanguage }), language });
    requests.set(language.key, request);
  }
  return request;
}

function plainRequest(style: ComputedStyle): FontRequest {
  let request = memo.get(style);
  if (request === undefined) {
    request = Object.freeze({
      families: style.fontFamily,
      weight: style.fontWeight,
      style: style.fontStyle,
      stretch: style.fontStretch,
      size: platformFontSize(style.fontSize),
      features: fontFeatures(style),
      ...(style.fontVariantCaps === 'normal' ? {} : { caps: style.fontVariantCaps }),
      ...verticalOf(style),
      ...(style.fontVariationSettings.length === 0 ? {} : { variations: style.fontVariationSettings }),
      ...(style.fontOpticalSizing === 'none' ? { opticalSizing: false as const } : {}),
      ...synthesisOf(style),
      ...(style.fontSizeAdjust === 'none' ? {} : { sizeAdjust: style.fontSizeAdjust }),
    });
    memo.set(style, request);
  }
  return request;
}

/**
 * The size a font is used at for a computed `font-size`, as Chromium uses it: Blink keys its
 * font cache by the size in hundredths of a px (`font-size: 11pt`, 14.6667px, is a 14.66px
 * font: the size its PDFs write), and FreeType sizes a face in 64ths of a px (Skia truncates):
 * every glyph of 11pt text advances as at 14.65625px. Over a 413px line that is 0.3px, enough to
 * move a word to the next line. Whole and half px sizes (16px, 12pt, 10.5pt) are kept as they
 * are; CSS lengths in `em` still use the computed size.
 */
export function platformFontSize(size: number): number {
  const hundredths = Math.floor(size * 100 + 1e-6) / 100;
  return Math.floor(hundredths * 64 + 1e-6) / 64;
}

/** `font-synthesis-*` (CSS Fonts 4 §3.8): nothing unless one says `none`, as nearly always. */
function synthesisOf(style: ComputedStyle): { synthesis?: FontSynthesis } {
  const weight = style.fontSynthesisWeight !== 'none';
  const oblique = style.fontSynthesisStyle !== 'none';
  const smallCaps = style.fontSynthesisSmallCaps !== 'none';
  return weight && oblique && smallCaps ? {} : { synthesis: { weight, style: oblique, smallCaps } };
}

/**
 * Glyphs of vertical text that may stand upright (CSS Writing Modes 3 §5.1): not in the
 * `sideways-*` modes, with `text-orientation: sideways`, or in a tate-chū-yoko inline (set
 * horizontally as a whole, css/compute.ts).
 */
function verticalOf(style: ComputedStyle): { vertical?: 'mixed' | 'upright' } {
  if (style.writingMode !== 'vertical-rl' && style.writingMode !== 'vertical-lr') return {};
  if (style.textOrientation === 'sideways' || style.textCombineUpright === 'all') return {};
  return { vertical: style.textOrientation };
}

/** CSS Fonts 4 §6.7 `font-variant-numeric` keywords and the features they turn on. */
const NUMERIC_FEATURES: Readonly<Record<string, string>> = {
  'lining-nums': 'lnum',
  'oldstyle-nums': 'onum',
  'proportional-nums': 'pnum',
  'tabular-nums': 'tnum',
  'diagonal-fractions': 'frac',
  'stacked-fractions': 'afrc',
  'ordinal': 'ordn',
  'slashed-zero': 'zero',
};

/** CSS Fonts 4 §6.10 `font-variant-east-asian` keywords and the features they turn on. */
const EAST_ASIAN_FEATURES: Readonly<Record<string, string>> = {
  'jis78': 'jp78',
  'jis83': 'jp83',
  'jis90': 'jp90',
  'jis04': 'jp04',
  'simplified': 'smpl',
  'traditional': 'trad',
  'full-width': 'fwid',
  'proportional-width': 'pwid',
  'ruby': 'ruby',
};

/** `font-variant-ligatures` keywords as OpenType features (CSS Fonts 4 §6.4). */
const LIGATURE_FEATURES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'none': { liga: 0, clig: 0, dlig: 0, hlig: 0, calt: 0 },
  'common-ligatures': { liga: 1, clig: 1 },
  'no-common-ligatures': { liga: 0, clig: 0 },
  'discretionary-ligatures': { dlig: 1 },
  'no-discretionary-ligatures': { dlig: 0 },
  'historical-ligatures': { hlig: 1 },
  'no-historical-ligatures': { hlig: 0 },
  'contextual': { calt: 1 },
  'no-contextual': { calt: 0 },
};

/**
 * CSS Fonts 4 §7.2 "Feature precedence": defaults (kerning and standard ligatures, applied by the
 * shaper unless turned off), then font-kerning and font-variant-* (common ligatures off under
 * letter-spacing), then font-feature-settings.
 */
export function fontFeatures(style: ComputedStyle): Readonly<Record<string, number>> {
  const features: Record<string, number> = {};
  // upright glyphs of vertical text kern with `vkrn` (upright.ts), only when asked for: HarfBuzz, and so Chromium, leaves it off by default
  const vertical = verticalOf(style).vertical !== undefined;
  if (style.fontKerning === 'none') Object.assign(features, vertical ? { kern: 0, vkrn: 0 } : { kern: 0 });
  else if (style.fontKerning === 'normal') Object.assign(features, vertical ? { kern: 1, vkrn: 1 } : { kern: 1 });
  for (const keyword of style.fontVariantNumeric) {
    const tag = NUMERIC_FEATURES[keyword];
    if (tag !== undefined) features[tag] = 1;
  }
  for (const keyword of style.fontVariantLigatures) Object.assign(features, LIGATURE_FEATURES[keyword]);
  // spaced letters are drawn apart: no common ligatures (CSS Text 3 §8.2), whatever font-variant-ligatures asks, as Chromium shapes them (`fi` as f and i)
  if (style.letterSpacing !== 0) Object.assign(features, LIGATURE_FEATURES['no-common-ligatures']);
  for (const keyword of style.fontVariantEastAsian) {
    const tag = EAST_ASIAN_FEATURES[keyword];
    if (tag !== undefined) features[tag] = 1;
  }
  // §6.6 the font's glyphs only, as Chromium and WeasyPrint: no synthesized superscripts (docs/typography.md)
  if (style.fontVariantPosition === 'super') features['sups'] = 1;
  else if (style.fontVariantPosition === 'sub') features['subs'] = 1;
  if (style.fontVariantCaps !== 'normal') for (const tag of CAPS_FEATURES[style.fontVariantCaps]) features[tag] = 1;
  for (const { tag, value } of style.fontFeatureSettings) features[tag] = value;
  return Object.freeze(features);
}
