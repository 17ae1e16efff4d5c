/**
 * The installed font a character no listed or bundled font has falls back to, ranked as Chromium
 * 156 on Linux asks fontconfig for it: with the language of the character's script (src/text/
 * script-language.ts), so the fonts that declare the language come first. Expected fonts from
 * Chromium's PDFs (`pdffonts`), line heights from getBoundingClientRect, with the Debian Noto
 * packages installed (.ci/run installs them).
 */
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { findById, inPageFrames } from '../helpers/layout.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { fallbackLanguageOf } from '../../src/text/script-language.js';
import { newDiagnostics, request } from './helpers.js';

const families = installedFamilies();
const wanted = ['noto sans tamil', 'noto sans grantha', 'noto sans telugu', 'noto sans bengali', 'noto serif gujarati', 'noto sans malayalam', 'noto serif sinhala', 'noto sans khmer', 'noto sans myanmar', 'noto sans ethiopic', 'noto sans', 'noto kufi arabic', 'noto sans arabic'];
const absent = wanted.filter((family) => !families.has(family));
const skipped = absent.length === 0 ? '' : ` — SKIPPED: ${absent.join(', ')} not installed (apt-get install fonts-noto-core; .ci/run does)`;
if (absent.length > 0) console.warn(`test/text/script-fallback.test.ts: skipped${skipped}`);

const TAMIL = 'மழை அல்லது ஈரப்பதத்தில் வைக்க வேண்டாம். மூன்று வயதுக்குட்பட்ட குழந்தைகளுக்கு எட்டாத இடத்தில் வைக்கவும்.';

describe('the language a character\'s fallback font is asked for with', () => {
  it('is the likely language of the character\'s script (ICU\'s), none for Latin, Common and Han', () => {
    const asked = (text: string): (string | undefined)[] => [...text].map((ch) => fallbackLanguageOf(ch.codePointAt(0)!));
    expect(asked('பతবગമසខမአქՀअΩЖשع')).toEqual(['ta', 'te', 'bn', 'gu', 'ml', 'si', 'km', 'my', 'am', 'ka', 'hy', 'hi', 'el', 'ru', 'he', 'ar']);
    // Latin, the danda and digits (Script=Common: they follow the letters before them), Han (CJK locale rules)
    expect(asked('aẞ।3—直')).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe.skipIf(absent.length > 0)(`fallback fonts ranked by the language of the character's script${skipped}`, () => {
  const registry = createFontRegistry({ extraFonts: [], systemFonts: true });

  /** The fonts (PostScript names) a sans-serif text's runs are set in, the Latin default left out. */
  const fontsOf = (text: string): string[] => {
    const shaped = registry.forRender({ faces: [], diagnostics: newDiagnostics() }).shape(text, request({ families: ['sans-serif'], size: 11 }));
    return [...new Set(shaped.runs.map((run) => run.face.postscriptName).filter((name) => name !== 'LiberationSans'))];
  };

  it.each([
    // Noto Sans Grantha has many Tamil letters and comes first in fontconfig's plain sans-serif order
    ['Tamil', TAMIL, 'NotoSansTamil-Regular'],
    ['Telugu', 'తెలుగు భాష ద్రావిడ భాషల కుటుంబానికి చెందిన భాష', 'NotoSansTelugu-Regular'],
    ['Bengali', 'বাংলা ভাষা দক্ষিণ এশিয়ার একটি ইন্দো-আর্য ভাষা।', 'NotoSansBengali-Regular'],
    // fontconfig ranks the serif Gujarati and Sinhala fonts first for gu and si; Chromium prints them
    ['Gujarati', 'ગુજરાતી ભાષા ઇન્ડો-આર્યન ભાષા છે', 'NotoSerifGujarati-Regular'],
    ['Malayalam', 'മലയാളം ഭാഷ ദ്രാവിഡ ഭാഷാ കുടുംബത്തിൽ', 'NotoSansMalayalam-Regular'],
    ['Sinhala', 'සිංහල භාෂාව ශ්‍රී ලංකාවේ භාෂාවකි', 'NotoSerifSinhala-Regular'],
    ['Khmer', 'ភាសាខ្មែរ គឺជាភាសាកំណើតរបស់ជនជាតិខ្មែរ', 'NotoSansKhmer-Regular'],
    ['Myanmar', 'မြန်မာဘာသာစကားသည် မြန်မာနိုင်ငံ၏ ရုံးသုံးဘာသာ', 'NotoSansMyanmar-Regular'],
    ['Ethiopic', 'አማርኛ የኢትዮጵያ መደበኛ ቋንቋ ነው', 'NotoSansEthiopic-Regular'],
    // the bundled DejaVu Sans has them: it comes before the installed fonts, as in Chromium
    ['Georgian', 'ქართული ენა ქართველური ენების ოჯახის', 'DejaVuSans'],
    ['Armenian', 'Հայերենը հնդեվրոպական լեզվաընտանիքի', 'DejaVuSans'],
  ])('%s is set in the font of its language alone', (_script, text, font) => {
    expect(fontsOf(text)).toEqual([font]);
  });

  it.each([
    // fontconfig ranks Noto Kufi Arabic first for ur and ps, Noto Sans Arabic for ks — before DejaVu Sans, which octavo bundles
    ['ur', 'اردو پاکستان کی قومی زبان ہے', 'NotoKufiArabic-Regular'],
    ['ps', 'پښتو د افغانستان ژبه ده', 'NotoKufiArabic-Regular'],
    ['ks', 'کٲشُر زَبان', 'NotoSansArabic-Regular'],
    ['fa', 'زبان فارسی', 'DejaVuSans'],
    ['ar', 'اللغة العربية لغة سامية', 'DejaVuSans'],
    // letters neither Liberation Sans has: Noto Sans, where the bundled DejaVu Sans took them before
    ['ru', 'ԔԕԖԗ', 'NotoSans-Regular', 'cyrl'],
    ['el', 'ͰͱͲͳͶͷ', 'NotoSans-Regular', 'grek'],
  ])('text in lang="%s" is set in the font fontconfig ranks first for the language', (language, text, font, script = 'arab') => {
    const shaped = registry.forRender({ faces: [], diagnostics: newDiagnostics() })
      .shape(text, request({ families: ['sans-serif'], size: 16, scriptLanguage: { language, script } }));
    expect([...new Set(shaped.runs.map((run) => run.face.postscriptName).filter((name) => name !== 'LiberationSans'))]).toEqual([font]);
  });

  it('measures Arabic in lang="ur", "ps" and "ks" as Chromium 156 does (its widths)', async () => {
    const engine = createInternalEngine({ systemFonts: true });
    const doc = inPageFrames(await engine.layout({
      template: `<!DOCTYPE html><style>body { margin: 0; font-family: sans-serif; font-size: 16px }</style>
        <span id=ur lang=ur>اردو پاکستان کی قومی زبان ہے</span><br><span id=ps lang=ps>پښتو د افغانستان ژبه ده</span><br><span id=ks lang=ks>کٲشُر زَبان</span>`,
      data: {},
    }));
    const width = (id: string): number => findById(doc.pages[0]!, id)!.width;
    // before: ur 200.7 (DejaVu Sans, with Noto Kufi Arabic for the letters it lacks)
    expect(width('ur')).toBeCloseTo(210.72, 1);
    expect(width('ps')).toBeCloseTo(169.25, 1);
    expect(width('ks')).toBeCloseTo(60.34, 1);
  });

  it('sets Tamil lines at Noto Sans Tamil\'s height, with lang and without (Chromium 156: 56px for four lines, 14px for one)', async () => {
    const engine = createInternalEngine({ systemFonts: true });
    const doc = inPageFrames(await engine.layout({
      template: `<!DOCTYPE html><style>body { margin: 0; font-family: sans-serif; font-size: 11px } div { width: 260px }</style>
        <div id=ta lang=ta>${TAMIL}</div><div id=plain>${TAMIL}</div><div id=word>மழை</div><div id=grantha>ஈரப்பதத்தில்</div>`,
      data: {},
    }));
    const height = (id: string): number => findById(doc.pages[0]!, id)!.height;
    // before: 68px and 68px, Grantha's words' lines 20px tall
    expect(['ta', 'plain', 'word', 'grantha'].map(height)).toEqual([56, 56, 14, 14]);
  });
});
