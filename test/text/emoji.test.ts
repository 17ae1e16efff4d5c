/**
 * Colour emoji (src/text/segment.ts, color-font.ts, src/sfnt/cbdt.ts, src/pdf/color-glyphs.ts):
 * emoji sequences (VS16, skin tones, ZWJ, flags, keycaps) are one cluster given to the colour font;
 * text-presentation characters keep the text fonts. Where an installed colour font is found by the
 * installed-font discovery (Noto Color Emoji: CI installs fonts-noto-color-emoji), they print as
 * PNG images, one per distinct emoji, in colour, and extract as their characters.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createEngine } from '../../src/api.js';
import { installedFonts } from '../../src/text/installed.js';
import { segmentByFace, wantsEmojiPresentation } from '../../src/text/segment.js';
import type { Resolution } from '../../src/text/catalog.js';
import type { FontFace } from '../../src/text/types.js';
import { decodePng } from '../helpers/pixels.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const cps = (text: string): number[] => [...text].map((ch) => ch.codePointAt(0)!);

describe('emoji clusters', () => {
  test('sequences that ask for emoji presentation, and characters that do not', () => {
    for (const emoji of ['😀', '👍🏽', '👩‍💻', '👨‍👩‍👧', '🇫🇷', '1️⃣', '❤️', '⌚']) expect(wantsEmojiPresentation(cps(emoji)), emoji).toBe(true);
    for (const text of ['©', '❤', '1', 'a', '😀\uFE0E', '\u200D']) expect(wantsEmojiPresentation(cps(text)), text).toBe(false);
  });

  const text = { id: 'text' } as FontFace;
  const color = { id: 'color' } as FontFace;
  const resolution: Resolution = {
    primary: text,
    faceFor: (cluster) => (cluster[0]! < 0x2000 || cluster[0] === 0x2764 ? text : undefined),
    colorFaceFor: (cluster) => (cluster[0]! >= 0x2000 || cluster[0] === 0x31 ? color : undefined),
  };
  const runs = (input: string): string[] => segmentByFace(input, resolution).segments.map((s) => `${s.face.id}:${s.text}`);

  test('a whole sequence goes to the colour font; its neighbours stay with the text font', () => {
    expect(runs('a👩‍💻b')).toEqual(['text:a', 'color:👩‍💻', 'text:b']);
    expect(runs('🇫🇷🇩🇪')).toEqual(['color:🇫🇷🇩🇪']);
    expect(segmentByFace('🇫🇷🇩🇪x', resolution).segments[0]!.text).toBe('🇫🇷🇩🇪');
    expect(runs('1️⃣1')).toEqual(['color:1️⃣', 'text:1']);
    expect(runs('x👍🏽')).toEqual(['text:x', 'color:👍🏽']);
  });

  test('text presentation keeps the text font when it has the character', () => {
    expect(runs('❤ ❤️')).toEqual(['text:❤ ', 'color:❤️']);
  });
});

const FONTS = new URL('../fixtures/fonts/', import.meta.url);

/** Pixels near `rgb` (each channel within 30). */
function near(image: ReturnType<typeof decodePng>, rgb: readonly [number, number, number]): number {
  let count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    if (rgb.every((c, k) => Math.abs(image.data[i * image.channels + k]! - c) <= 30)) count++;
  }
  return count;
}

describe('COLRv0 fonts (octavo-colr-test.ttf: U+1F600 is a red square under a blue one)', () => {
  const css = '@font-face { font-family: Colr; src: url(octavo-colr-test.ttf) } @page { size: 40px 40px; margin: 0 } p { margin: 4px; font: 24px Colr, serif; color: #000 }';

  test('print their layers in their palette colours and extract as the character', async () => {
    for (const emoji of ['😀', '😀\uFE0F']) {
      const pdf = await renderPdf(`<style>${css}</style><p>${emoji}</p>`, { baseDir: FONTS.pathname });
      const image = await pixels(pdf);
      expect(near(image, [255, 0, 0]), emoji).toBeGreaterThan(50);
      expect(near(image, [0, 0, 255]), emoji).toBeGreaterThan(50);
      const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
      expect(text.trim()).toBe(emoji);
    }
  });
});

describe('COLRv1 and SVG-in-OpenType fonts (not drawn in colour)', () => {
  test.each([
    ['octavo-colrv1-test.ttf', 'Octavo COLRv1 Test', /has COLR version 1 colour glyphs, which octavo does not draw/],
    ['octavo-svg-test.ttf', 'Octavo SVG Test', /has SVG colour glyphs \(SVG-in-OpenType\), which octavo does not draw/],
  ])('%s prints its plain outlines, with one warning naming the font', async (file, name, message) => {
    const css = `@font-face { font-family: Colour; src: url(${file}) } @page { size: 40px 40px; margin: 0 } p { margin: 4px; font: 24px Colour, serif; color: #000 }`;
    const pdf = await renderPdf(`<style>${css}</style><p>😀</p><p>😀</p>`, {
      baseDir: FONTS.pathname, expectDiagnostics: [{ code: 'font', line: 1, message: new RegExp(`^font "${name}[^"]*" from ${file} \\(@font-face "Colour"\\) ${message.source}`) }],
    });
    const image = await pixels(pdf);
    expect(near(image, [0, 0, 0])).toBeGreaterThan(50); // the outline, in the text colour
    expect(near(image, [255, 0, 0])).toBe(0);
  });
});

const colorFaces = installedFonts.colorFaces();
const reason = colorFaces.length === 0 ? ' (skipped: no installed colour emoji font, such as fonts-noto-color-emoji, was found)' : '';
if (reason !== '') console.warn(`test/text/emoji.test.ts: colour emoji tests${reason}`);

/** The pixels of the PDF's first page at 96 dpi, anti-aliased as a viewer shows them. */
async function pixels(pdf: Uint8Array): Promise<ReturnType<typeof decodePng>> {
  return withPdfFile(pdf, async (path, folder) => {
    await run('pdftocairo', ['-png', '-r', '96', '-f', '1', '-l', '1', path, join(folder, 'page')]);
    const file = readdirSync(folder).find((name) => name.endsWith('.png'))!;
    return decodePng(readFileSync(join(folder, file)));
  });
}

/** Pixels whose channels differ by more than 40: colour, not black, white or grey. */
function colourful(image: ReturnType<typeof decodePng>): number {
  let count = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const [r, g, b] = [image.data[i * image.channels]!, image.data[i * image.channels + 1]!, image.data[i * image.channels + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) count++;
  }
  return count;
}

describe.skipIf(colorFaces.length > 0 ? false : true)(`colour emoji from the installed colour font${reason}`, () => {
  const engine = createEngine({ systemFonts: true });
  const line = 'Hello 😀 👍🏽 👩‍💻 🇫🇷 1️⃣ ❤️';

  test('print as one image per distinct emoji and extract as their characters', async () => {
    const pdf = await renderPdf(`<p>${line} 😀</p>`, { engine });
    const { list, text } = await withPdfFile(pdf, async (path) => ({
      list: (await run('pdfimages', ['-list', path])).stdout,
      text: (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout,
    }));
    const images = list.split('\n').slice(2).filter((row) => row.trim() !== '').map((row) => row.trim().split(/\s+/));
    // page num type width height color comp bpc enc interp object ...: seven emoji drawn (each with its
    // alpha mask), six image objects (the second 😀 reuses the first); Noto's PNGs are palette images
    const drawn = images.filter((row) => row[2] === 'image');
    expect(drawn.map((row) => [row[3], row[4], row[5]])).toEqual(new Array(7).fill(['136', '128', expect.stringMatching(/^(rgb|index)$/)]));
    expect(images.filter((row) => row[2] === 'smask')).toHaveLength(7);
    expect(new Set(drawn.map((row) => row[10])).size).toBe(6);
    expect(drawn[6]![10]).toBe(drawn[0]![10]);
    expect(text.trim()).toBe(`${line} 😀`);
  });

  test('a ZWJ sequence the font does not join prints as its parts and keeps its joiners in the text', async () => {
    const pdf = await renderPdf('<p>a 👩‍🦰‍😀 b</p>', { engine });
    const { list, text } = await withPdfFile(pdf, async (path) => ({
      list: (await run('pdfimages', ['-list', path])).stdout,
      text: (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout,
    }));
    expect(list.split('\n').filter((row) => row.trim().split(/\s+/)[2] === 'image')).toHaveLength(2); // 👩‍🦰 and 😀
    expect(text.trim()).toBe('a 👩‍🦰‍😀 b');
  });

  test('lines of nothing but emoji extract in logical order, one line each', async () => {
    // the first emoji of the page used to come out on a line of its own and the rest after it
    const lines = ['😀👍🎉', '🇫🇷🇩🇪👩‍💻', '1️⃣❤️😀', '👍🏽👍🏽'];
    const pdf = await renderPdf(`<style>p { margin: 0 0 8px }</style>${lines.map((l) => `<p>${l}</p>`).join('')}`, { engine });
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    expect(text.split('\n').filter((l) => l.trim() !== '')).toEqual(lines);
    // emoji separated by spaces stay one line too (poppler drops those spaces, in Chromium's PDFs as well)
    const spaced = await renderPdf('<p>😀 👍 🎉</p><p>x 😀 y</p>', { engine });
    const spacedText = await withPdfFile(spaced, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    expect(spacedText.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/ /g, ''))).toEqual(['😀👍🎉', 'x😀y']);
  });

  test('in a tagged PDF/A-2b document, the same text comes back', async () => {
    const pdf = await renderPdf(`<p>${line}</p>`, { engine, tagged: true, pdfa: '2b' });
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout);
    expect(text.trim()).toBe(line);
  });

  test('an emoji is drawn in colour; ❤ without VS16 stays a black glyph of the text font', async () => {
    const page = (content: string): string => `<style>@page { size: 40px 40px; margin: 0 } body { margin: 0 } p { margin: 4px; font-size: 24px }</style><p>${content}</p>`;
    expect(colourful(await pixels(await renderPdf(page('😀'), { engine })))).toBeGreaterThan(100);
    expect(colourful(await pixels(await renderPdf(page('❤'), { engine })))).toBe(0);
    expect(colourful(await pixels(await renderPdf(page('❤️'), { engine })))).toBeGreaterThan(100);
  });

  test('an italic emoji leans from its baseline as Chromium slants it; a bold one is as it is', async () => {
    const page = (content: string): string => `<style>@page { size: 60px 60px; margin: 0 } body { margin: 0 } p { margin: 8px; font: 36px/44px Arial }</style><p>${content}</p>`;
    // the coloured pixels' mean x in the picture's top and bottom rows: a quarter of its height apart in italic
    const lean = async (content: string): Promise<number> => {
      const image = await pixels(await renderPdf(page(content), { engine }));
      const rows: number[][] = [];
      for (let y = 0; y < image.height; y++) {
        const xs: number[] = [];
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * image.channels;
          const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
          if (Math.max(r, g, b) - Math.min(r, g, b) > 40) xs.push(x);
        }
        if (xs.length > 0) rows.push(xs);
      }
      const mean = (xs: readonly number[]): number => xs.reduce((sum, x) => sum + x, 0) / xs.length;
      const band = Math.max(1, Math.floor(rows.length / 4));
      return mean(rows.slice(0, band).flat()) - mean(rows.slice(-band).flat());
    };
    expect(await lean('<i>🏨</i>')).toBeGreaterThan(4);
    expect(Math.abs(await lean('<b>🏨</b>'))).toBeLessThan(1);
    expect(Math.abs(await lean('🏨'))).toBeLessThan(1);
  });

  test('as in Chromium, 😀 keeps a listed font that has it unless VS16 asks for the emoji', async () => {
    const page = (content: string): string => `<style>@page { size: 40px 40px; margin: 0 } body { margin: 0 } p { margin: 4px; font: 24px "DejaVu Sans" }</style><p>${content}</p>`;
    expect(colourful(await pixels(await renderPdf(page('😀'), { engine })))).toBe(0);
    expect(colourful(await pixels(await renderPdf(page('😀\uFE0F'), { engine })))).toBeGreaterThan(100);
  });
});
