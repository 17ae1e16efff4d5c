/**
 * WOFF 1.0 to sfnt (src/sfnt/woff.ts): real WOFF files come back as the TrueType file they pack,
 * glyph for glyph; damaged ones fail with a FontFormatError at once. Issue 26: one flipped bit in
 * a compressed table made fontkit's own inflater spin for minutes; the same font is now dropped
 * with a located warning and the document renders.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FontFormatError } from '../../src/sfnt/cursor.js';
import { isWoff, woffToSfnt } from '../../src/sfnt/woff.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { renderPdf } from '../helpers/render.js';
import { withPdfFile } from '../helpers/tmp.js';
import { fontBytes, table, tableDirectory, toWoff } from '../pdf/subset-fixture.js';

const run = promisify(execFile);
const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Buffer): FkFont };

interface FkFont {
  readonly numGlyphs: number;
  readonly type: string;
  getGlyph(id: number): { readonly advanceWidth: number; readonly path: { toSVG(): string } };
}

const WEASYPRINT_WOFF = readFileSync(new URL('../fixtures/fonts/weasyprint.woff', import.meta.url));
const LIBERATION = 'fonts/liberation/LiberationSans-Regular.ttf';

/** weasyprint.woff with bit 5 of byte 1756 (inside the zlib stream of its `name` table) flipped: found by fuzzing (issue 26). */
function spinningWoff(): Buffer {
  const bytes = Buffer.from(WEASYPRINT_WOFF);
  bytes[1756]! ^= 0x20;
  return bytes;
}

describe('woffToSfnt', () => {
  test('a TrueType font packed as WOFF comes back table for table', () => {
    const ttf = fontBytes(LIBERATION);
    const woff = toWoff(ttf);
    expect(isWoff(woff)).toBe(true);
    expect(isWoff(ttf)).toBe(false);
    const sfnt = woffToSfnt(woff);
    const tags = tableDirectory(ttf).tables.map((record) => record.tag);
    expect(tableDirectory(sfnt).tables.map((record) => record.tag)).toEqual(tags);
    for (const tag of tags.filter((name) => name !== 'head')) expect(Buffer.from(table(sfnt, tag)!).equals(table(ttf, tag)!), tag).toBe(true);
  });

  test('every glyph of a real WOFF file keeps its outline and advance', () => {
    const reference = fontkit.create(WEASYPRINT_WOFF);
    expect(reference.type).toBe('WOFF');
    const converted = fontkit.create(Buffer.from(woffToSfnt(WEASYPRINT_WOFF)));
    expect(converted.type).toBe('TTF');
    expect(converted.numGlyphs).toBe(reference.numGlyphs);
    for (let id = 0; id < reference.numGlyphs; id++) {
      expect(converted.getGlyph(id).path.toSVG(), `glyph ${id}`).toBe(reference.getGlyph(id).path.toSVG());
      expect(converted.getGlyph(id).advanceWidth, `glyph ${id}`).toBe(reference.getGlyph(id).advanceWidth);
    }
  });

  test('a corrupt zlib stream fails at once (fontkit spun on it for minutes)', async () => {
    const { ms } = await cpuTime(() => expect(() => woffToSfnt(spinningWoff())).toThrow(new FontFormatError('WOFF table name does not inflate: invalid distances set')));
    expect(ms).toBeLessThan(1_000);
  });

  test('a table declaring more than deflate can expand to is refused before inflating', () => {
    const bytes = Buffer.from(WEASYPRINT_WOFF);
    const entry = Array.from({ length: bytes.readUInt16BE(12) }, (_, i) => 44 + 20 * i).find((at) => bytes.toString('latin1', at, at + 4) === 'name')!;
    bytes.writeUInt32BE(0xfffffff0, entry + 12);
    expect(() => woffToSfnt(bytes)).toThrow(/WOFF table name: 4294967280 bytes cannot come from 808 compressed ones/);
    bytes.writeUInt32BE(bytes.readUInt32BE(entry + 8) * 1000, entry + 12);
    expect(() => woffToSfnt(bytes)).toThrow(/WOFF table name inflates to 1608 bytes, the directory says 808000/);
  });

  test('damaged files fail with a FontFormatError (or still convert), never anything else', () => {
    fc.assert(
      fc.property(fc.nat(WEASYPRINT_WOFF.length - 1), fc.nat(255), fc.boolean(), (at, value, truncate) => {
        const mutated = truncate ? WEASYPRINT_WOFF.subarray(0, at) : Uint8Array.from(WEASYPRINT_WOFF);
        if (!truncate) mutated[at] = value;
        try {
          expect(woffToSfnt(mutated)).toBeInstanceOf(Uint8Array);
        } catch (error) {
          expect(error).toBeInstanceOf(FontFormatError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('WOFF fonts in documents', () => {
  test('a WOFF font embeds and its text extracts', async () => {
    const url = `data:font/woff;base64,${WEASYPRINT_WOFF.toString('base64')}`;
    const pdf = await renderPdf(`<style>@font-face { font-family: W; src: url(${url}) format("woff") } p { font-family: W }</style><p>abc</p>`);
    const fonts = await withPdfFile(pdf, async (path) => (await run('pdffonts', [path])).stdout);
    expect(fonts).toMatch(/\+WeasyPrint\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  test('the fuzzed WOFF that spun for minutes is left out with a located warning, within 5 s of CPU time', async () => {
    const url = `data:font/woff;base64,${spinningWoff().toString('base64')}`;
    const template = `<style>@font-face { font-family: Fuzzed; src: url(${url}) format("woff") }\np { font-family: Fuzzed, sans-serif }</style><p>Fuzzed text</p>`;
    const { result: pdf, ms } = await cpuTime(() => renderPdf(template, {
      templateName: 'fuzzed.html',
      expectDiagnostics: [{ code: 'font', file: 'fuzzed.html', line: 1, column: 47, message: /^@font-face "Fuzzed" was ignored: data:font\/woff;base64,….*WOFF table name does not inflate/ }],
    }));
    expect(ms).toBeLessThan(5_000);
    const text = await withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout);
    expect(text.trim()).toBe('Fuzzed text');
  });
});
