/**
 * Variable fonts (src/text/variation.ts, src/pdf/subset/varied-glyph.ts): the weight, the
 * `@font-face` weight range and `font-variation-settings` choose the instance of Inter (a
 * variable `.woff2` as Google Fonts and Fontsource serve it, `wght` 100-900), and layout, pixels
 * and the embedded font all show that instance.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { findById, layoutHtml, textFragments } from '../helpers/layout.js';
import { renderPdf } from '../helpers/render.js';
import { decodePng } from '../helpers/pixels.js';
import { withPdfFile } from '../helpers/tmp.js';
import { parseFontBytes } from '../../src/text/fontkit.js';
import { createFontSubset } from '../../src/pdf/subset/index.js';
import { parseFont } from '../pdf/subset-fixture.js';
import type { Fragment } from '../../src/layout/types.js';
import type { FaceEntry } from '../../src/text/face.js';
import type { FontStyleValue } from '../../src/css/types.js';
import { variationCoords } from '../../src/text/variation.js';

const run = promisify(execFile);
const FONTS = fileURLToPath(new URL('../../node_modules/@fontsource-variable/inter/files/', import.meta.url));
const INTER = 'inter-latin-wght-normal.woff2';
const WORD = 'Hamburgefonstiv';

const page = (faceWeight: string, spans: string): string => `<style>
  @page { size: 400px 200px; margin: 10px }
  @font-face { font-family: InterV; src: url("${INTER}") format("woff2-variations"); font-weight: ${faceWeight}; }
  body { font-family: InterV; font-size: 24px; margin: 0 }
  span { display: inline-block }
</style>${spans}`;

function runsOf(fragment: Fragment | undefined): { width: number; bold: boolean; face: string } {
  const texts = fragment === undefined ? [] : textFragments(fragment);
  const runs = texts.flatMap((text) => text.runs.map((placed) => placed.run));
  return { width: texts.reduce((sum, text) => sum + text.width, 0), bold: runs.some((r) => r.face.syntheticBold), face: runs[0]?.face.id ?? '' };
}

describe('variable fonts', () => {
  test('each weight is its own instance, as wide as in Chromium', async () => {
    const spans = ['400', '700', '200'].map((w) => `<div><span id="w${w}" style="font-weight: ${w}">${WORD}</span></div>`).join('');
    const laid = await layoutHtml(page('100 900', spans), { baseDir: FONTS });
    const [w400, w700, w200] = ['w400', 'w700', 'w200'].map((id) => runsOf(findById(laid.pages[0]!, id)));
    // Chromium printing the same HTML: word boxes of 146.36, 153.23 and 141.05 pt (pdftotext -bbox), in px
    expect(w400!.width).toBeCloseTo(195.15, 1);
    expect(w700!.width).toBeCloseTo(204.31, 1);
    expect(w200!.width).toBeCloseTo(188.07, 1);
    expect(new Set([w400!.face, w700!.face, w200!.face]).size).toBe(3);
    // the face's range reaches 700: the instance is bold, nothing is synthesized
    expect(w700!.bold).toBe(false);
  });

  test('font-variation-settings comes last; the @font-face range clamps the weight', async () => {
    const spans = [
      '<div><span id="set" style="font-weight: 400; font-variation-settings: \'wght\' 900">x</span></div>',
      '<div><span id="heavy" style="font-weight: 900">x</span></div>',
      '<div><span id="unknown" style="font-variation-settings: \'ZZZZ\' 3">x</span></div>',
    ].map((span) => span.replace(/>x</, `>${WORD}<`)).join('');
    const laid = await layoutHtml(page('100 900', spans), { baseDir: FONTS });
    const [set, heavy, unknown] = ['set', 'heavy', 'unknown'].map((id) => runsOf(findById(laid.pages[0]!, id)));
    expect(set!.width).toBeCloseTo(heavy!.width, 5);
    expect(set!.face).toBe(heavy!.face);
    // Chromium: 159.08 pt at wght 900
    expect(heavy!.width).toBeCloseTo(212.11, 1);
    // an axis the font lacks changes nothing: the default instance, the font's own face
    expect(unknown!.width).toBeCloseTo(195.15, 1);
    const clamped = await layoutHtml(page('300 500', '<div><span id="c" style="font-weight: 900">' + WORD + '</span></div><div><span id="m" style="font-weight: 500">' + WORD + '</span></div>'), { baseDir: FONTS });
    const [c, m] = ['c', 'm'].map((id) => runsOf(findById(clamped.pages[0]!, id)));
    expect(c!.width).toBeCloseTo(m!.width, 5);
    // 500 is the face's heaviest: bold is synthesized over it (CSS Fonts 4 §5.2)
    expect(c!.bold).toBe(true);
  });

  test("without font-weight, @font-face takes the font's wght range; its font-variation-settings come before the element's", async () => {
    const html = `<style>
      @font-face { font-family: Auto; src: url("${INTER}") }
      @font-face { font-family: Set; src: url("${INTER}"); font-weight: 100 900; font-variation-settings: "wght" 900 }
      p { margin: 0; font-size: 24px } span { display: inline-block }
    </style><p style="font-family: Auto"><span id="auto" style="font-weight: 700">${WORD}</span></p>
    <p style="font-family: Set"><span id="set">${WORD}</span></p>
    <p style="font-family: Set"><span id="element" style="font-variation-settings: 'wght' 200">${WORD}</span></p>`;
    const laid = await layoutHtml(html, { baseDir: FONTS });
    const [auto, set, element] = ['auto', 'set', 'element'].map((id) => runsOf(findById(laid.pages[0]!, id)));
    // Chromium: 153.23 pt at 700 with no font-weight descriptor (no synthetic bold over 400)
    expect(auto!.width).toBeCloseTo(204.31, 1);
    expect(auto!.bold).toBe(false);
    expect(set!.width).toBeCloseTo(212.11, 1);
    expect(element!.width).toBeCloseTo(188.07, 1);
  });

  test('opsz follows the font size unless font-variation-settings sets it or font-optical-sizing is none', async () => {
    const html = `<style>
      @font-face { font-family: InterO; src: url("inter-latin-opsz-normal.woff2"); font-weight: 100 900 }
      body { font-family: InterO; font-size: 32px }
    </style><div><span id="auto">${WORD}</span></div><div><span id="set" style="font-variation-settings: 'opsz' 14">${WORD}</span></div>`
      + `<div style="font-optical-sizing: none"><span id="none">${WORD}</span></div>`
      + `<div style="font-optical-sizing: none; font: 32px InterO"><span id="reset">${WORD}</span></div>`;
    const laid = await layoutHtml(html, { baseDir: FONTS });
    const [auto, set, none, reset] = ['auto', 'set', 'none', 'reset'].map((id) => runsOf(findById(laid.pages[0]!, id)));
    // Chromium: 179.91 pt (opsz 32, tighter) and 195.14 pt (opsz 14, the axis's default: also with
    // font-optical-sizing: none); the `font` shorthand resets font-optical-sizing to auto
    expect(auto!.width).toBeCloseTo(239.88, 1);
    expect(set!.width).toBeCloseTo(260.19, 1);
    expect(none!.width).toBeCloseTo(260.19, 1);
    expect(reset!.width).toBeCloseTo(239.88, 1);
  });

  test('the PDF draws the varied outlines: the bold instance inks more', async () => {
    const ink = async (weight: number): Promise<number> => {
      const pdf = await renderPdf(page('100 900', `<span style="font-weight: ${weight}">${WORD}</span>`), { baseDir: FONTS });
      const [text, fonts] = await withPdfFile(pdf, (path) => Promise.all([run('pdftotext', [path, '-']), run('pdffonts', [path])]));
      expect(text.stdout.trim()).toBe(WORD);
      // each instance is a font of its own, named by its coordinates (the default one keeps the font's name)
      expect(fonts.stdout).toMatch(weight === 400 ? /\+Inter-Regular / : new RegExp(`\\+Inter-${weight}wght `));
      return darkPixels(pdf);
    };
    const [light, regular, bold] = [await ink(200), await ink(400), await ink(800)];
    expect(regular).toBeGreaterThan(light * 1.3);
    expect(bold).toBeGreaterThan(regular * 1.4);
  });

  test('a CFF2 font, which fontkit cannot embed, is refused with a warning at its rule; text falls back', async () => {
    // Liberation Sans with its glyf table announced as CFF2: the directory is what fontkit looks at
    const bytes = Buffer.from(readFileSync(fileURLToPath(new URL('../../fonts/liberation/LiberationSans-Regular.ttf', import.meta.url))));
    const tables = bytes.readUInt16BE(4);
    for (let i = 0; i < tables; i++) if (bytes.toString('latin1', 12 + i * 16, 16 + i * 16) === 'glyf') bytes.write('CFF2', 12 + i * 16, 'latin1');
    expect(() => parseFontBytes(bytes)).toThrow(/CFF2/);
    const html = `<style>@font-face { font-family: Cff2; src: url(data:font/ttf;base64,${bytes.toString('base64')}) }
      p { font-family: Cff2, sans-serif }</style><p>${WORD}</p>`;
    const pdf = await renderPdf(html, { expectDiagnostics: [{ code: 'font', message: /@font-face "Cff2" was ignored: .*CFF2/ }] });
    const text = await withPdfFile(pdf, (path) => run('pdftotext', [path, '-']));
    expect(text.stdout.trim()).toBe(WORD);
  });

  test('the subset of an instance carries its outlines and advances', () => {
    const program = parseFontBytes(readFileSync(join(FONTS, INTER)))[0] as unknown as { getVariation(c: Record<string, number>): FkInstance };
    const instance = program.getVariation({ wght: 700 });
    const glyphs = instance.layout('Ag%ÅÉ').glyphs.map((g) => g.id);
    const subset = createFontSubset(instance)!;
    const ids = glyphs.map((id) => subset.includeGlyph(id));
    const parsed = parseFont(subset.encode()) as unknown as FkInstance;
    glyphs.forEach((id, i) => {
      const source = instance.getGlyph(id);
      const copy = parsed.getGlyph(ids[i]!);
      expect(copy.advanceWidth).toBe(Math.round(source.advanceWidth));
      for (const side of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(Math.abs(copy.bbox[side] - source.bbox[side]), `${side} of glyph ${id}`).toBeLessThanOrEqual(1);
    });
  });
});

interface FkInstance {
  layout(text: string): { glyphs: readonly { id: number }[] };
  getGlyph(id: number): { advanceWidth: number; bbox: { minX: number; minY: number; maxX: number; maxY: number } };
}

/** Pixels darker than mid-grey on the first page at 96 dpi, anti-aliased. */
async function darkPixels(pdf: Uint8Array): Promise<number> {
  return withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-r', '96', '-f', '1', '-l', '1', path, join(folder, 'page')]);
    const image = decodePng(readFileSync(join(folder, readdirSync(folder).find((name) => name.endsWith('.png'))!)));
    let count = 0;
    for (let i = 0; i < image.width * image.height; i++) if (image.data[i * image.channels]! < 128) count++;
    return count;
  });
}

describe('slnt of an oblique angle', () => {
  // no font here has a slnt axis to measure Chromium with: CSS Fonts 4 §7.3 sets slnt to minus the angle
  const axes = { slnt: { min: -20, default: 0, max: 0 }, wght: { min: 100, default: 400, max: 900 } };
  const entry = { weight: [100, 900], stretch: [100, 100] } as unknown as FaceEntry;
  const slnt = (style: FontStyleValue): number | undefined => variationCoords(entry, axes, { weight: 400, style, stretch: 100 })['slnt'];
  test('oblique is 14deg, an angle its own, clamped into the axis', () => {
    expect([slnt('normal'), slnt('oblique'), slnt(10), slnt(30), slnt(-10)]).toEqual([0, -14, -10, -20, 0]);
  });
});
