import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../../src/css/types.js';
import { fontRequestFromStyle } from '../../src/text/request.js';

function style(overrides: Partial<ComputedStyle> = {}): ComputedStyle {
  const fonts: Partial<ComputedStyle> = {
    fontFamily: ['serif'],
    fontSize: 16,
    fontWeight: 400,
    fontStyle: 'normal',
    fontStretch: 100,
    fontVariantCaps: 'normal',
    fontVariantNumeric: [],
    fontVariantEastAsian: [],
    fontVariantLigatures: [],
    fontFeatureSettings: [],
    fontVariationSettings: [],
    fontKerning: 'auto',
    letterSpacing: 0,
  };
  return { ...fonts, ...overrides } as ComputedStyle;
}

describe('fontRequestFromStyle', () => {
  it('copies families and descriptors and adds no features by default', () => {
    const request = fontRequestFromStyle(style({ fontFamily: ['Arial', 'sans-serif'], fontWeight: 700, fontStyle: 'italic', fontSize: 12, fontStretch: 75 }));
    expect(request).toEqual({ families: ['Arial', 'sans-serif'], weight: 700, style: 'italic', stretch: 75, size: 12, features: {} });
  });

  it('carries font-variation-settings, in the order written, when not normal', () => {
    const variations = [{ tag: 'wght', value: 650 }, { tag: 'opsz', value: 20 }];
    expect(fontRequestFromStyle(style({ fontVariationSettings: variations })).variations).toEqual(variations);
    expect(fontRequestFromStyle(style()).variations).toBeUndefined();
  });

  it('gives a CJK language its locale, whatever its case or spacing, and no other language one', () => {
    const base = style();
    const localeOf = (lang: string): string | undefined => fontRequestFromStyle(base, lang).cjkLocale;
    expect(['ja', 'JA-jp', ' ja', 'ko', 'zh', 'zh-Hans', 'ZH-Hant', 'zh-TW', 'zh_HK', 'yue', 'cmn-Hant'].map(localeOf))
      .toEqual(['ja', 'ja', 'ja', 'ko', 'zh-cn', 'zh-cn', 'zh-tw', 'zh-tw', 'zh-hk', 'zh-hk', 'zh-tw']);
    for (const lang of ['en', 'EN-us', 'fr', 'de-CH', 'cy', 'kn', 'zu', 'yi', 'jv', '*', '-', 'x-klingon']) expect(localeOf(lang)).toBeUndefined();
  });

  it('gives a known language its OpenType language systems and script, and the same request each time', () => {
    const base = style();
    const languageOf = (lang: string) => fontRequestFromStyle(base, lang).language;
    expect(languageOf('ko')).toMatchObject({ systems: ['KOR'], script: 'hang' });
    expect(languageOf('ja-JP')).toMatchObject({ systems: ['JAN'], script: 'kana' });
    expect(languageOf('zh-HK')).toMatchObject({ systems: ['ZHH', 'ZHT'], script: 'hani' });
    expect(languageOf('tr')).toMatchObject({ systems: ['TRK'], script: 'latn' });
    expect(languageOf('sr-Cyrl')).toMatchObject({ systems: ['SRB'], script: 'cyrl' });
    expect(languageOf('haw')).toMatchObject({ systems: ['HAW'], script: 'latn' });
    for (const lang of ['', '*', 'x-klingon', 'qq', '123']) expect(languageOf(lang)).toBeUndefined();
    const english = fontRequestFromStyle(base, 'en-GB');
    fontRequestFromStyle(base, 'ko');
    expect(fontRequestFromStyle(base, 'en-GB') === english).toBe(true);
    expect(fontRequestFromStyle(base, 'en') === fontRequestFromStyle(base)).toBe(false);
    expect(fontRequestFromStyle(base, 'x-klingon') === fontRequestFromStyle(base)).toBe(true);
  });

  it('is memoised per style object', () => {
    const s = style();
    expect(fontRequestFromStyle(s)).toBe(fontRequestFromStyle(s));
    expect(fontRequestFromStyle(style())).not.toBe(fontRequestFromStyle(s));
  });

  it('maps font-kerning, font-variant-numeric and font-variant-caps to OpenType features', () => {
    expect(fontRequestFromStyle(style({ fontKerning: 'none' })).features).toEqual({ kern: 0 });
    expect(fontRequestFromStyle(style({ fontKerning: 'normal' })).features).toEqual({ kern: 1 });
    expect(fontRequestFromStyle(style({
      fontVariantNumeric: ['tabular-nums', 'oldstyle-nums', 'slashed-zero', 'ordinal', 'diagonal-fractions'],
    })).features).toEqual({ tnum: 1, onum: 1, zero: 1, ordn: 1, frac: 1 });
    expect(fontRequestFromStyle(style({ fontVariantNumeric: ['lining-nums', 'proportional-nums', 'stacked-fractions'] })).features)
      .toEqual({ lnum: 1, pnum: 1, afrc: 1 });
    expect(fontRequestFromStyle(style({ fontVariantCaps: 'small-caps' })).features).toEqual({ smcp: 1 });
    expect(fontRequestFromStyle(style({ fontVariantCaps: 'all-small-caps' })).features).toEqual({ smcp: 1, c2sc: 1 });
  });

  it('maps font-variant-east-asian to its features (CSS Fonts 4 §6.10)', () => {
    expect(fontRequestFromStyle(style({ fontVariantEastAsian: ['jis78', 'proportional-width', 'ruby'] })).features).toEqual({ jp78: 1, pwid: 1, ruby: 1 });
    expect(fontRequestFromStyle(style({ fontVariantEastAsian: ['traditional', 'full-width'] })).features).toEqual({ trad: 1, fwid: 1 });
    expect(fontRequestFromStyle(style({ fontVariantLigatures: ['none'] })).features).toEqual({ liga: 0, clig: 0, dlig: 0, hlig: 0, calt: 0 });
    expect(fontRequestFromStyle(style({ fontVariantLigatures: ['no-common-ligatures', 'discretionary-ligatures', 'contextual'] })).features).toEqual({ liga: 0, clig: 0, dlig: 1, calt: 1 });
  });

  it('kerns upright vertical text with vkrn only when font-kerning asks for it', () => {
    const vertical = { writingMode: 'vertical-rl', textOrientation: 'mixed', textCombineUpright: 'none' } as const;
    expect(fontRequestFromStyle(style({ ...vertical })).features).toEqual({});
    expect(fontRequestFromStyle(style({ ...vertical, fontKerning: 'normal' })).features).toEqual({ kern: 1, vkrn: 1 });
    expect(fontRequestFromStyle(style({ ...vertical, fontKerning: 'none' })).features).toEqual({ kern: 0, vkrn: 0 });
    expect(fontRequestFromStyle(style({ ...vertical, textOrientation: 'sideways', fontKerning: 'normal' })).features).toEqual({ kern: 1 });
  });

  it('lets font-feature-settings override the other properties (CSS Fonts 4 §7.2)', () => {
    const request = fontRequestFromStyle(style({
      fontVariantNumeric: ['tabular-nums'],
      fontKerning: 'normal',
      fontFeatureSettings: [{ tag: 'tnum', value: 0 }, { tag: 'kern', value: 0 }, { tag: 'ss01', value: 1 }],
    }));
    expect(request.features).toEqual({ tnum: 0, kern: 0, ss01: 1 });
  });

  it('turns common ligatures off under letter-spacing, even asked for, unless font-feature-settings turns them on (as Chromium)', () => {
    expect(fontRequestFromStyle(style({ letterSpacing: 2 })).features).toEqual({ liga: 0, clig: 0 });
    expect(fontRequestFromStyle(style({ letterSpacing: -0.5, fontVariantLigatures: ['common-ligatures', 'discretionary-ligatures'] })).features).toEqual({ liga: 0, clig: 0, dlig: 1 });
    expect(fontRequestFromStyle(style({ letterSpacing: 2, fontFeatureSettings: [{ tag: 'liga', value: 1 }] })).features).toEqual({ liga: 1, clig: 0 });
  });
});
