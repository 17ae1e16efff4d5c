/**
 * Installed and extra fonts (src/text/installed.ts, fontconfig.ts, catalog.ts): fontconfig's
 * listing read right, a `--font-dir` font found for characters the bundled fonts lack with no
 * font named, Arial and generic families on the bundled metric-compatible fonts whatever is
 * installed, and — where the Debian font packages are installed (CI installs them, .ci/run) —
 * Japanese, Chinese, Korean, Arabic, Thai, Devanagari, Hebrew and emoji printed with no font named.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/api.js';
import { charsetHas, cssWeight, parseCharset, readFontconfig } from '../../src/text/fontconfig.js';
import { renderPdf } from '../helpers/render.js';
import { sizesById } from '../helpers/layout.js';
import { createInternalEngine } from '../../src/render.js';
import { installedFamilies } from '../helpers/installed-fonts.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const FIXTURES = new URL('../fixtures/fonts/', import.meta.url);

async function inspect(pdf: Uint8Array): Promise<{ text: string; fonts: string }> {
  return withPdfFile(pdf, async (path) => ({
    text: (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout,
    fonts: (await run('pdffonts', [path])).stdout,
  }));
}


describe('fontconfig listing', () => {
  test('character sets are sorted inclusive ranges', () => {
    const ranges = parseCharset('20-7e a0-17f 2010 4e00-9fff');
    expect([...ranges]).toEqual([0x20, 0x7e, 0xa0, 0x17f, 0x2010, 0x2010, 0x4e00, 0x9fff]);
    expect([0x20, 0x41, 0x7e, 0xe9, 0x2010, 0x65e5].map((cp) => charsetHas(ranges, cp))).toEqual([true, true, true, true, true, true]);
    expect([0x1f, 0x7f, 0x180, 0x2011, 0xa000].map((cp) => charsetHas(ranges, cp))).toEqual([false, false, false, false, false]);
  });

  test.skipIf(!installedFamilies().has('dejavu sans'))('each face’s character set is read from the listing once, when asked for', () => {
    const index = readFontconfig()!;
    const dejavu = index.faces.find((face) => face.families[0] === 'DejaVu Sans' && face.weight === 400 && face.style === 'normal')!;
    const ranges = dejavu.charset();
    expect(dejavu.charset()).toBe(ranges);
    expect([0x41, 0x416, 0x5d0].map((cp) => charsetHas(ranges, cp))).toEqual([true, true, true]);
    expect(charsetHas(ranges, 0x65e5)).toBe(false);
  });

  test('fontconfig weights become CSS weights', () => {
    expect([0, 40, 50, 80, 100, 180, 200, 205, 210].map(cssWeight)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(cssWeight(90)).toBe(450);
  });
});

describe('fonts of a --font-dir folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'octavo-font-dir-'));
  copyFileSync(new URL('SourceSerif4-Regular.woff2', FIXTURES), join(folder, 'SourceSerif4-Regular.woff2'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  // U+2E3A TWO-EM DASH: Source Serif 4 has it, no bundled font does
  const template = '<p>a\u2E3Ab</p>';

  test('print the characters the bundled fonts lack, with no font named', async () => {
    const engine = createEngine({ fonts: [folder], systemFonts: false });
    const { text, fonts } = await inspect(await renderPdf(template, { engine }));
    expect(text.trim()).toBe('a\u2E3Ab');
    expect(fonts).toMatch(/\+SourceSerif4-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/\+LiberationSerif\s/); // a and b stay in the default font
  });

  test('local() in @font-face names an extra font by its full or PostScript name, installed fonts off', async () => {
    const engine = createEngine({ fonts: [folder], systemFonts: false });
    for (const name of ['"Source Serif 4"', 'SourceSerif4-Regular', '"sourceserif4-regular"']) {
      const { fonts } = await inspect(await renderPdf(`<style>@font-face { font-family: Brand; src: local(${name}) } p { font-family: Brand }</style><p>Hello</p>`, { engine }));
      expect(fonts.split('\n').filter((line) => line.includes('+')), name).toEqual([expect.stringContaining('+SourceSerif4-Regular ')]);
    }
  });

  test('without it the character is a .notdef, warned', async () => {
    const engine = createEngine({ systemFonts: false });
    await renderPdf(template, { engine, expectDiagnostics: [{ code: 'font', message: /U\+2E3A/ }] });
  });
});

describe('names with metric-compatible stand-ins and generic families, installed fonts off', () => {
  test.each([
    ['Arial', 'LiberationSans'],
    ['Helvetica', 'LiberationSans'],
    ['"Times New Roman"', 'LiberationSerif'],
    ['"Courier New"', 'LiberationMono'],
    ['sans-serif', 'LiberationSans'],
    ['serif', 'LiberationSerif'],
    ['monospace', 'LiberationMono'],
    ['system-ui', 'LiberationSans'],
  ])('%s prints with the bundled %s', async (family, postscript) => {
    const engine = createEngine({ systemFonts: false });
    const { fonts } = await inspect(await renderPdf(`<p style='font-family: ${family}'>Hello</p>`, { engine }));
    expect(fonts.split('\n').filter((line) => line.includes('+'))).toEqual([expect.stringContaining(`+${postscript} `)]);
  });
});

/** What fontconfig answers for a pattern (`fc-match -f FORMAT`), undefined without fontconfig. */
function fcMatch(pattern: string, format: string): string | undefined {
  try {
    return execFileSync('fc-match', ['-f', format, pattern], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

const liberationMapped = fcMatch('Arial', '%{family[0]}') === 'Liberation Sans' && fcMatch('Times New Roman', '%{family[0]}') === 'Liberation Serif';
const noLiberation = liberationMapped ? '' : ' — SKIPPED: fontconfig does not map Arial to Liberation Sans here (apt-get install fontconfig fonts-liberation; .ci/run does)';
if (!liberationMapped) console.warn(`test/text/installed.test.ts: fontconfig family tests${noLiberation}`);

describe.skipIf(!liberationMapped)(`generic and common web families through fontconfig, as Chromium on Linux asks it${noLiberation}`, () => {
  const engine = createEngine({ systemFonts: true });
  const printedWith = async (family: string, missing?: string): Promise<string[]> => {
    const expectDiagnostics = missing === undefined ? [] : [{ code: 'font' as const, message: `font-family "${missing}" has no font` }];
    const { fonts } = await inspect(await renderPdf(`<p style='font-family: ${family}'>Hello</p>`, { engine, expectDiagnostics }));
    return fonts.split('\n').filter((line) => line.includes('+')).map((line) => line.slice(line.indexOf('+') + 1, line.indexOf(' ')));
  };

  test('Arial, Helvetica, Times New Roman, Courier New, serif and sans-serif: the metric-compatible fonts fontconfig maps them to', async () => {
    // Chromium's default settings: serif is "Times New Roman", sans-serif "Arial"; Helvetica is Blink's alternate name of Arial
    for (const [family, postscript] of [['Arial', 'LiberationSans'], ['Helvetica', 'LiberationSans'], ['"Times New Roman"', 'LiberationSerif'],
      ['"Courier New"', 'LiberationMono'], ['serif', 'LiberationSerif'], ['sans-serif', 'LiberationSans']] as const) {
      expect(await printedWith(family), family).toEqual([postscript]);
    }
  });

  test('monospace and system-ui: the family fontconfig chooses for monospace and sans-serif', async () => {
    expect(await printedWith('monospace')).toEqual([fcMatch('monospace', '%{postscriptname}')]);
    expect(await printedWith('system-ui')).toEqual([fcMatch('sans-serif', '%{postscriptname}')]);
  });

  test('ch of system-ui and of a skipped ui- family is that of the font the text prints with', async () => {
    // before: ch was Liberation Sans's (0.556em) under system-ui while the text was set in fontconfig's
    // sans (Noto Sans, 0.572em): a 60ch paragraph (Open Props' normalize) was 17px narrower than in Chromium
    const family = fcMatch('sans-serif', '%{family[0]}')!;
    const div = (id: string, fonts: string): string => `<div id=${id} style="font-size: 16px; font-family: ${fonts}; width: 40ch; height: 1px"></div>`;
    const sizes = await sizesById(createInternalEngine({ systemFonts: true }),
      div('a', 'system-ui') + div('b', `'${family}'`) + div('c', 'ui-sans-serif, system-ui, sans-serif'), ['a', 'b', 'c']);
    expect(sizes[0]!.slice(2)).toBe(sizes[1]!.slice(2));
    expect(sizes[2]!.slice(2)).toBe(sizes[1]!.slice(2));
    // Chromium 156 where fontconfig's sans is Noto Sans (Debian's fonts-noto-core)
    if (family === 'Noto Sans') expect(sizes[0]).toBe('a 366.08x1');
  });

  test('a family fontconfig answers only with its default is not found: the next family is used', async (context) => {
    // fontconfig answers Georgia with its serif default unless Gelasio (its metric-compatible stand-in) is installed
    if (fcMatch('Georgia', '%{family[0]}') === 'Gelasio') context.skip();
    // a first family that has no font is said (text/system.ts)
    expect(await printedWith('Georgia, "Courier New"', 'Georgia')).toEqual(['LiberationMono']);
    expect(await printedWith('"No Such Family 28", monospace', 'No Such Family 28')).toEqual([fcMatch('monospace', '%{postscriptname}')]);
    expect(await printedWith('cursive')).toEqual(['LiberationSerif']); // Comic Sans MS is not installed: the default font
  });

  test('a generic name in quotes is a font name, looked up as Chromium looks it up (Skia: fontconfig answers sans, serif and monospace)', async () => {
    // "serif" in quotes: fontconfig's serif (Noto Serif on Debian), where the generic is Times New Roman's stand-in
    expect(await printedWith(`"serif"`)).toEqual([fcMatch('serif', '%{postscriptname}')]);
    expect(await printedWith(`"monospace"`)).toEqual([fcMatch('monospace', '%{postscriptname}')]);
    // "sans-serif" is no name fontconfig answers for any font: the next family
    const { fonts } = await inspect(await renderPdf(`<p style='font-family: "sans-serif", Arial'>Hello</p>`, { engine, expectDiagnostics: [{ code: 'font', message: 'font-family "sans-serif" in quotes names a font, not the generic family' }] }));
    expect(fonts).toContain('+LiberationSans ');
  });

  test('ui-serif, ui-sans-serif, ui-monospace and ui-rounded are not found, as in Chromium on Linux: the next family is used', async () => {
    expect(await printedWith('ui-sans-serif, "Times New Roman"')).toEqual(['LiberationSerif']);
    expect(await printedWith('ui-monospace, Arial')).toEqual(['LiberationSans']);
    expect(await printedWith('ui-serif, ui-rounded, Arial')).toEqual(['LiberationSans']);
    // Tailwind's default stack: system-ui's font
    expect(await printedWith('ui-sans-serif, system-ui, sans-serif')).toEqual([fcMatch('sans-serif', '%{postscriptname}')]);
  });
});

/** Whether fontconfig lists DejaVu Sans ExtraLight and Condensed (fonts-dejavu-extra), which the bundled DejaVu Sans lacks. */
const dejavuExtra = (fcMatch('DejaVu Sans:weight=40', '%{style}') ?? '').includes('ExtraLight') && (fcMatch('DejaVu Sans:width=87', '%{style}') ?? '').includes('Condensed');
const noDejavuExtra = dejavuExtra ? '' : ' — SKIPPED: DejaVu Sans ExtraLight and Condensed are not installed (apt-get install fonts-dejavu-extra; .ci/run does)';
if (!dejavuExtra) console.warn(`test/text/installed.test.ts: bundled families widened by installed faces${noDejavuExtra}`);

describe.skipIf(!dejavuExtra)(`a weight or width the bundled family lacks, from the installed family of its name${noDejavuExtra}`, () => {
  const html = `<body style="font-family: 'DejaVu Sans'"><p style="font-weight: 300">Light</p><p style="font-weight: 200">Extra</p><p style="font-weight: 500">Medium</p>
    <p style="font-weight: 600">Semibold</p><p style="font-stretch: condensed">Condensed</p><p style="font-stretch: condensed; font-weight: bold">Narrow</p>`;
  const faces = async (systemFonts: boolean): Promise<string[]> => {
    const { fonts } = await inspect(await renderPdf(html, { engine: createEngine({ systemFonts }) }));
    return fonts.split('\n').filter((line) => line.includes('+')).map((line) => line.slice(line.indexOf('+') + 1, line.indexOf(' '))).sort();
  };

  test('light weights print in DejaVu Sans ExtraLight and condensed text in DejaVu Sans Condensed, as Chromium prints them', async () => {
    // Chromium 156 on the same HTML: 300 and 200 in ExtraLight, 500 in Book, 600 in Bold, condensed in Condensed (Bold)
    expect(await faces(true)).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-ExtraLight', 'DejaVuSansCondensed', 'DejaVuSansCondensed-Bold']);
  });

  test('without the installed fonts the bundled faces stand in', async () => {
    expect(await faces(false)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});

const families = installedFamilies();
const wanted = ['noto sans cjk jp', 'noto sans thai', 'noto sans devanagari', 'noto sans hebrew'];
const absent = wanted.filter((family) => !families.has(family));
const reason = absent.length === 0 ? '' : ` — SKIPPED: ${absent.join(', ')} not installed (apt-get install fonts-noto-core fonts-noto-cjk; .ci/run does)`;
if (absent.length > 0) console.warn(`test/text/installed.test.ts: installed-font tests skipped${reason}`);

describe.skipIf(absent.length > 0)(`installed fonts (Debian font packages)${reason}`, () => {
  const engine = createEngine({ systemFonts: true });

  test('Japanese, Chinese, Korean, Arabic, Thai, Devanagari, Hebrew and emoji with no font named', async () => {
    const lines = ['日本語のテキスト', '中文文本', '한국어', 'العربية', 'ภาษาไทย', 'नमस्ते', 'עברית', '😀'];
    const template = `<style>p { margin: 0 }</style>${lines.map((line) => `<p>${line}</p>`).join('')}`;
    const { text, fonts } = await inspect(await renderPdf(template, { engine }));
    // pdftotext gives right-to-left lines in logical order; Devanagari's i-matra comes out visual
    const extracted = text.split('\n').map((line) => line.replace(/[\u202A-\u202E]/g, '').trim()).filter((line) => line.length > 0);
    expect(extracted).toEqual(lines);
    expect(fonts).toMatch(/\+NotoSans(Mono)?CJK\w*-Regular/);
    for (const line of fonts.split('\n').filter((l) => l.includes('+'))) expect(line).toMatch(/yes yes yes/);
  });

  test('local() in @font-face: an installed face by its full or PostScript name; one not installed skipped, warned where the rule is', async () => {
    const template = `<style>
@font-face { font-family: Brand; src: local("No Such Face 28"), local("DejaVu Sans Mono Bold") }
@font-face { font-family: Plain; src: local(DejaVuSansMono-Oblique) }
@font-face { font-family: Gone; src: local("No Such Face 28") }
.b { font-family: Brand } .p { font-family: Plain } .g { font-family: Gone, "Courier New" }
</style><p class="b">Brand</p><p class="p">Plain</p><p class="g">Gone</p>`;
    const { fonts, text } = await inspect(await renderPdf(template, {
      engine, expectDiagnostics: [{ code: 'font', line: 4, message: /@font-face "Gone" was ignored: local\("No Such Face 28"\): no installed font has this name/ }],
    }));
    expect(text.split('\n').filter((line) => line.trim() !== '')).toEqual(['Brand', 'Plain', 'Gone']);
    const names = fonts.split('\n').filter((line) => line.includes('+')).map((line) => line.slice(line.indexOf('+') + 1, line.indexOf(' ')));
    expect(names.sort()).toEqual(['DejaVuSansMono-Bold', 'DejaVuSansMono-Oblique', 'LiberationMono']);
  });

  test('an installed family by its name', async () => {
    const { fonts, text } = await inspect(await renderPdf('<p style=\'font-family: "Noto Sans CJK JP", serif\'>漢字 and Latin</p>', { engine }));
    expect(text.trim()).toBe('漢字 and Latin');
    expect(fonts.split('\n').filter((l) => l.includes('+'))).toEqual([expect.stringMatching(/\+NotoSansCJKjp-Regular\s+CID Type 0C/)]);
  });
});


const cjkFaces = ['noto sans cjk jp', 'noto sans cjk sc', 'noto sans cjk tc', 'noto sans cjk hk', 'noto sans cjk kr'];
const noCjk = cjkFaces.every((family) => families.has(family)) ? '' : ' — SKIPPED: Noto Sans CJK not installed (apt-get install fonts-noto-cjk; .ci/run does)';

describe.skipIf(noCjk !== '')(`Han characters in the font of the text's language${noCjk}`, () => {
  const engine = createEngine({ systemFonts: true });
  // 直 and 骨 are drawn differently in Japan, China, Taiwan, Hong Kong and Korea
  const printedWith = async (html: string): Promise<string[]> => {
    const { fonts, text } = await inspect(await renderPdf(html, { engine }));
    expect(text).toMatch(/直骨/);
    return fonts.split('\n').filter((line) => line.includes('+')).map((line) => line.slice(line.indexOf('+') + 1, line.indexOf(' ')));
  };

  test.each([
    ['ja', 'NotoSansCJKjp-Regular'],
    ['ja-JP', 'NotoSansCJKjp-Regular'],
    ['zh-Hans', 'NotoSansCJKsc-Regular'],
    ['zh-CN', 'NotoSansCJKsc-Regular'],
    ['zh-Hant', 'NotoSansCJKtc-Regular'],
    ['zh-TW', 'NotoSansCJKtc-Regular'],
    ['zh-HK', 'NotoSansCJKhk-Regular'],
    ['ko', 'NotoSansCJKkr-Regular'],
  ])('lang="%s" on an ancestor: %s', async (lang, postscript) => {
    const fonts = await printedWith(`<div lang="${lang}"><p>直骨 <span>直骨</span></p></div>`);
    expect(fonts.filter((name) => name.includes('CJK'))).toEqual([postscript]);
  });

  test('the nearest lang wins, and without lang the choice is fontconfig\'s order as before', async () => {
    const fonts = await printedWith('<div lang="ja"><p>直骨</p><p lang="zh-CN">直骨</p></div><p>直骨</p>');
    expect(fonts).toEqual(expect.arrayContaining(['NotoSansCJKjp-Regular', 'NotoSansCJKsc-Regular']));
    // without lang: the first font with 直 in fontconfig's order for sans-serif (Chromium's own order)
    const order = execFileSync('fc-match', ['-s', '-f', '%{postscriptname}\t%{charset}\n', 'sans-serif'], { encoding: 'utf8' }).split('\n');
    const first = order.map((line) => line.split('\t')).find(([, charset]) => charset !== undefined && charsetHas(parseCharset(charset), 0x76f4));
    expect(await printedWith('<p>直骨</p>')).toEqual([first?.[0]]);
  });

  test('a listed family keeps Han characters whatever the language', async () => {
    expect(await printedWith('<p lang="ja" style=\'font-family: "Noto Sans CJK KR"\'>直骨</p>')).toEqual(['NotoSansCJKkr-Regular']);
  });
});
