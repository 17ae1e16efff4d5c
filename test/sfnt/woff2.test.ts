/**
 * WOFF2 to sfnt (src/sfnt/woff2.ts): every glyph of real WOFF2 files comes back with fontkit's
 * own outline and advance; unicode-range subsets as Google Fonts serves them (Fira Sans `latin`
 * and `latin-ext`, the files of issue 28's FiraGO case) embed and print; broken bytes fail with a
 * FontFormatError.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FontFormatError } from '../../src/sfnt/cursor.js';
import { isWoff2, woff2ToSfnt } from '../../src/sfnt/woff2.js';
import { renderPdf } from '../helpers/render.js';
import { rasterize } from '../helpers/pixels.js';
import { withPdfFile } from '../helpers/tmp.js';

const run = promisify(execFile);
const FONTS = new URL('../fixtures/fonts/', import.meta.url);
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Buffer): FkFont };

interface FkFont {
  readonly numGlyphs: number;
  readonly type: string;
  getGlyph(id: number): { readonly advanceWidth: number; readonly path: { toSVG(): string } };
}

const FILES = ['fira-sans-latin-400-normal.woff2', 'fira-sans-latin-ext-400-normal.woff2', 'SourceSerif4-Regular.woff2'];

describe('woff2ToSfnt', () => {
  test.each(FILES)('%s: every glyph keeps its outline and advance', (file) => {
    const bytes = readFileSync(new URL(file, FONTS));
    expect(isWoff2(bytes)).toBe(true);
    const reference = fontkit.create(bytes);
    const converted = fontkit.create(Buffer.from(woff2ToSfnt(bytes)));
    expect(converted.type).toBe('TTF');
    expect(converted.numGlyphs).toBe(reference.numGlyphs);
    for (let id = 0; id < reference.numGlyphs; id++) {
      const [a, b] = [reference.getGlyph(id), converted.getGlyph(id)];
      expect(b.path.toSVG(), `glyph ${id}`).toBe(a.path.toSVG());
      expect(b.advanceWidth, `glyph ${id}`).toBe(a.advanceWidth);
    }
  });

  test('damaged files fail with a FontFormatError (or still convert), never anything else', () => {
    const bytes = readFileSync(new URL(FILES[0]!, FONTS));
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.nat(255), fc.boolean(), (at, value, truncate) => {
        const mutated = truncate ? bytes.subarray(0, at) : Uint8Array.from(bytes);
        if (!truncate) mutated[at] = value;
        try {
          expect(woff2ToSfnt(mutated)).toBeInstanceOf(Uint8Array);
        } catch (error) {
          expect(error).toBeInstanceOf(FontFormatError);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('unicode-range WOFF2 subsets embed (issue 28: FiraGO latin / latin-ext)', () => {
  const css = `
    @font-face { font-family: Fira; src: url(fira-sans-latin-400-normal.woff2) format("woff2");
      unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }
    @font-face { font-family: Fira; src: url(fira-sans-latin-ext-400-normal.woff2) format("woff2");
      unicode-range: U+0100-02AF, U+0304, U+0308, U+0329, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF; }
    @page { size: 300px 60px; margin: 0 } body { margin: 10px; font: 24px Fira }`;

  test('é, ü (composite glyphs of the latin file) and ő (of latin-ext) print and extract', async () => {
    const pdf = await renderPdf(`<style>${css}</style><p>café über Őrség</p>`, { baseDir: FONTS.pathname });
    const [text, fonts] = await withPdfFile(pdf, async (path) => [
      (await run('pdftotext', [path, '-'])).stdout,
      (await run('pdffonts', [path])).stdout,
    ]);
    expect(text.trim()).toBe('café über Őrség');
    expect(fonts).toMatch(/FiraSans-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts.match(/FiraSans-Regular/g)).toHaveLength(2); // one embedded subset per file
  });

  test('the glyphs have ink: Ő drawn alone blackens pixels in its box', async () => {
    const pdf = await renderPdf(`<style>${css}</style><p>Ő</p>`, { baseDir: FONTS.pathname });
    const [page] = await rasterize(pdf, { _: '#ffffff', K: '#000000' });
    const ink = page!.join('').replace(/[^K]/g, '').length;
    expect(ink).toBeGreaterThan(60);
  });
});
