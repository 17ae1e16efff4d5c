/**
 * Installed and extra fonts (src/text/installed.ts, fontconfig.ts, catalog.ts): fontconfig's
 * listing read right, a `--font-dir` font found for characters the bundled fonts lack with no
 * font named, Arial and generic families on the bundled metric-compatible fonts whatever is
 * installed, and — where the Debian font packages are installed (CI installs them, .ci/run) —
 * Japanese, Chinese, Korean, Arabic, Thai, Devanagari, Hebrew and emoji printed with no font named.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/index.js';
import { charsetHas, cssWeight, parseCharset } from '../../src/text/fontconfig.js';
import { renderPdf } from '../helpers/render.js';
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

  test('without it the character is a .notdef, warned', async () => {
    const engine = createEngine({ systemFonts: false });
    await renderPdf(template, { engine, expectDiagnostics: [{ code: 'font', message: /U\+2E3A/ }] });
  });
});

describe('names with metric-compatible stand-ins and generic families', () => {
  test.each([
    ['Arial', 'LiberationSans'],
    ['"Times New Roman"', 'LiberationSerif'],
    ['"Courier New"', 'LiberationMono'],
    ['sans-serif', 'LiberationSans'],
    ['serif', 'LiberationSerif'],
    ['monospace', 'LiberationMono'],
  ])('%s prints with %s, installed fonts or not', async (family, postscript) => {
    for (const systemFonts of [false, true]) {
      const engine = createEngine({ systemFonts });
      const { fonts } = await inspect(await renderPdf(`<p style='font-family: ${family}'>Hello</p>`, { engine }));
      expect(fonts.split('\n').filter((line) => line.includes('+'))).toEqual([expect.stringContaining(`+${postscript} `)]);
    }
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

  test('an installed family by its name', async () => {
    const { fonts, text } = await inspect(await renderPdf('<p style=\'font-family: "Noto Sans CJK JP", serif\'>漢字 and Latin</p>', { engine }));
    expect(text.trim()).toBe('漢字 and Latin');
    expect(fonts.split('\n').filter((l) => l.includes('+'))).toEqual([expect.stringMatching(/\+NotoSansCJKjp-Regular\s+CID Type 0C/)]);
  });
});

