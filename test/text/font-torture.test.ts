/**
 * A fast sample of scripts/font-torture.mjs (every character of a face printed, then
 * `qpdf --check`, `pdffonts`, `pdftotext`), and the faults the whole torture found: glyphs two
 * characters share, bitmap-only fonts, a GSUB loop fontkit never leaves. The installed-font
 * samples need the Debian font packages (.ci/run installs them) and are skipped, with the reason
 * printed, without them.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { facesOf, printableCharacters, tortureFace } from '../../scripts/font-torture.mjs';
import { createEngine } from '../../src/api.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const FIXTURES = new URL('../fixtures/fonts/', import.meta.url);
const fixture = (name: string): string => fileURLToPath(new URL(name, FIXTURES));
const bundled = (name: string): string => fileURLToPath(new URL(`../../fonts/${name}`, import.meta.url));

/** [file, face index, every n-th character] */
const SAMPLES: readonly (readonly [string, number, number])[] = [
  [bundled('dejavu/DejaVuSans-Bold.ttf'), 0, 7],
  [bundled('liberation/LiberationSerif-Italic.ttf'), 0, 3],
  [fixture('fira-sans-latin-ext-400-normal.woff2'), 0, 1],
  [fixture('SourceSerif4-Regular.woff2'), 0, 2],
];

const NOTO = '/usr/share/fonts/truetype/noto/';
const INSTALLED: readonly (readonly [string, number, number])[] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 0, 400],
  [`${NOTO}NotoSansThai-Regular.ttf`, 0, 1],
  [`${NOTO}NotoSansDevanagari-Regular.ttf`, 0, 1],
  [`${NOTO}NotoNaskhArabic-Regular.ttf`, 0, 3],
  [`${NOTO}NotoSansBengali-Regular.ttf`, 0, 1],
  ['/usr/share/fonts/truetype/tlwg/Loma.ttf', 0, 1],
];
const absent = INSTALLED.filter(([file]) => !existsSync(file)).map(([file]) => file);
const reason = absent.length === 0 ? '' : ` — SKIPPED: ${absent.join(', ')} not installed (fonts-noto-core, fonts-noto-cjk, fonts-thai-tlwg; .ci/run installs them)`;
if (absent.length > 0) console.warn(`test/text/font-torture.test.ts: installed-font samples skipped${reason}`);

async function torture(file: string, index: number, every: number): Promise<void> {
  const program = facesOf(file)[index]!;
  const characters = printableCharacters(program, every);
  expect(characters.length).toBeGreaterThan(20);
  const outcome = await tortureFace(createEngine, file, program, characters);
  expect(outcome.problems, `${file}#${index}`).toEqual([]);
}

describe('font torture, sample', () => {
  test.each(SAMPLES)('%s #%i (every %i-th character)', torture);
});

describe.skipIf(absent.length > 0)(`font torture, installed Debian fonts${reason}`, () => {
  test.each(INSTALLED)('%s #%i (every %i-th character)', torture);

  test('a font whose GSUB loops in fontkit is drawn unshaped, with a warning, in bounded time', async () => {
    const file = `${NOTO}NotoSansMeeteiMayek-Bold.ttf`;
    const engine = createEngine({ fonts: [file], systemFonts: false });
    const started = performance.now();
    const pdf = await renderPdf('<p style="font: 700 20px \'Noto Sans Meetei Mayek\'">\uABED</p>', {
      engine, expectDiagnostics: [{ code: 'font', message: new RegExp(`^font "NotoSansMeeteiMayek-Bold" from ${file} could not be shaped \\(its GSUB substitutions do not end`) }],
    });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout.trim())).toBe('\uABED');
    // later renders take the text from the engine's caches (admitted at its second miss), and are told as well
    for (let again = 0; again < 2; again++) {
      await renderPdf('<p style="font: 700 20px \'Noto Sans Meetei Mayek\'">\uABED</p>', {
        engine, expectDiagnostics: [{ code: 'font', message: new RegExp(`^font "NotoSansMeeteiMayek-Bold" from ${file} could not be shaped \\(its GSUB substitutions do not end`) }],
      });
    }
  });

  test('a bitmap-only colour font is refused: a warning for @font-face, an options error for fonts', async () => {
    const css = '@font-face { font-family: E; src: url(NotoColorEmoji.ttf) } p { font-family: E }';
    await renderPdf(`<style>${css}</style><p>x</p>`, {
      baseDir: NOTO, expectDiagnostics: [{ code: 'font', message: /@font-face "E" was ignored: .*no glyph outlines \(a bitmap-only font/ }],
    });
    expect(() => createEngine({ fonts: [`${NOTO}NotoColorEmoji.ttf`] })).toThrow(/NotoColorEmoji.ttf is not a usable font file/);
  });
});

test('a glyph two characters share extracts as each of them (Source Serif 4: -, U+2011, µ/μ, ʻ/‘, Ω/Ω)', async () => {
  const css = '@font-face { font-family: SS; src: url(SourceSerif4-Regular.woff2) } p { font: 16px SS }';
  const text = 'a-b\u2011c \u00B5\u03BC \u02BBx\u2018 \u03A9\u2126';
  const pdf = await renderPdf(`<style>${css}</style><p>${text}</p>`, { baseDir: fileURLToPath(FIXTURES) });
  expect(await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout.trim())).toBe(text);
});
