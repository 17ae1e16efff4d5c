import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test, vi } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type * as SubsetModule from '../../src/pdf/subset/index.js';
import { writePdf } from '../../src/pdf/writer.js';
import { rasterize } from '../helpers/pixels.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { withPdfFile } from '../helpers/tmp.js';
import type { FontFace } from '../../src/text/types.js';
import { glyphItem, loadFace, type GlyphItemOptions } from './font-fixture.js';
import { parseFont, sumWords, tableDirectory } from './subset-fixture.js';

const run = promisify(execFile);

// `fontkit: true` makes the pdf stage fall back to fontkit's subsetter (PDFKit's default), the
// reference here; `unhinted: true` makes it drop the TrueType instructions
const switches = vi.hoisted(() => ({ fontkit: false, unhinted: false }));
vi.mock('../../src/pdf/subset/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof SubsetModule>();
  const createOctavoSubset: typeof real.createOctavoSubset = (program, options) =>
    switches.fontkit ? undefined : real.createOctavoSubset(program, switches.unhinted ? { ...options, hinting: 'drop' } : options);
  return { ...real, createOctavoSubset };
});

function items(): DisplayItem[] {
  return [
    glyphItem(loadFace('liberation'), 'Zürich – 12 € Ǻngström', { x: 10, y: 30, size: 18 }),
    glyphItem(loadFace('sans'), 'Office finance: ǻ é ü ŷ', { x: 10, y: 70, size: 16 }),
    glyphItem(loadFace('serifItalic'), 'and fluffy waffles', { x: 10, y: 110, size: 14 }),
    glyphItem(loadFace('sansBold', { syntheticBold: true }), 'Total 1,234.56', { x: 10, y: 150, size: 12 }),
  ];
}

/**
 * A glyph item for text without ligatures, its code points taken from the text: fontkit caches
 * glyph objects per font, so the code points a shaped glyph carries can be stale once other
 * code has asked for the same glyph by id (src/text deals with that; the fixture does not).
 */
function plainItem(face: FontFace, text: string, options: GlyphItemOptions): DisplayItem {
  const item = glyphItem(face, text, options) as Extract<DisplayItem, { kind: 'glyphs' }>;
  const characters = [...text];
  expect(item.glyphs).toHaveLength(characters.length);
  return { ...item, glyphs: item.glyphs.map((glyph, i) => ({ ...glyph, codePoints: [characters[i]!.codePointAt(0)!] })) };
}

async function render(subsetter: 'octavo' | 'fontkit' | 'octavo unhinted', compress = true): Promise<Uint8Array> {
  switches.fontkit = subsetter === 'fontkit';
  switches.unhinted = subsetter === 'octavo unhinted';
  try {
    const pdf = await writePdf({ pages: [{ width: 400, height: 180, items: items() }] }, { metadata: {}, encryption: undefined, deterministic: true, compress });
    await qpdfCheck(pdf);
    return pdf;
  } finally {
    switches.fontkit = false;
    switches.unhinted = false;
  }
}

const tool = (name: string, args: string[]) => (pdf: Uint8Array): Promise<string> =>
  withPdfFile(pdf, async (path) => (await run(name, [...args, path, ...(name === 'pdftotext' ? ['-'] : [])])).stdout);

/** `pdftoppm` grey output at 150 dpi with anti-aliasing (glyph hinting and coverage show up here). */
const pdftoppm = (pdf: Uint8Array): Promise<Buffer> =>
  withPdfFile(pdf, async (path, folder) => {
    await run('pdftoppm', ['-gray', '-r', '150', '-singlefile', path, join(folder, 'page')]);
    return readFileSync(join(folder, 'page.pgm'));
  });

/** The /FontFile2 streams of an uncompressed PDF. */
function fontPrograms(pdf: Uint8Array): Uint8Array[] {
  const text = Buffer.from(pdf).toString('latin1');
  const ids = [...text.matchAll(/\/FontFile2 (\d+) 0 R/g)].map((m) => m[1]!);
  return ids.map((id) => {
    const start = text.indexOf('stream\n', text.indexOf(`\n${id} 0 obj`)) + 'stream\n'.length;
    const length = Number(/\/Length (\d+)/.exec(text.slice(text.indexOf(`\n${id} 0 obj`), start))![1]);
    return pdf.subarray(start, start + length);
  });
}

describe('subset fonts in the PDF', () => {
  test('a CFF font: text extracts and rasterizes exactly as with fontkit\'s subsetter', async () => {
    const cffItems = [plainItem(loadFace('cff'), 'CFF outlines {jumps} 0123 & @#%', { x: 10, y: 40, size: 22 }), plainItem(loadFace('liberation'), 'beside TrueType', { x: 10, y: 90, size: 16 })];
    const write = async (fontkit: boolean): Promise<Uint8Array> => {
      switches.fontkit = fontkit;
      try {
        const pdf = await writePdf({ pages: [{ width: 400, height: 120, items: cffItems }] }, { metadata: {}, encryption: undefined, deterministic: true, compress: true });
        await qpdfCheck(pdf);
        return pdf;
      } finally {
        switches.fontkit = false;
      }
    };
    const [ours, reference] = [await write(false), await write(true)];
    expect(Buffer.from(ours).equals(Buffer.from(reference))).toBe(false);
    expect(await tool('pdffonts', [])(ours)).toMatch(/Inconsolata\s+CID Type 0C\s+Identity-H\s+yes yes yes/);
    expect(await tool('pdftotext', [])(ours)).toBe(await tool('pdftotext', [])(reference));
    expect((await pdftoppm(ours)).equals(await pdftoppm(reference))).toBe(true);
  });

  test("text extracts and rasterizes exactly as with fontkit's subsetter", async () => {
    const ours = await render('octavo');
    const reference = await render('fontkit');
    expect(Buffer.from(ours).equals(Buffer.from(reference))).toBe(false);
    const text = tool('pdftotext', ['-layout']);
    expect(await text(ours)).toBe(await text(reference));
    expect((await text(ours)).split('\n')[0]).toContain('Zürich – 12 € Ǻngström');
    const [page] = await rasterize(ours);
    expect(page!.join('\n')).toMatch(/K/); // there is text on it
    expect(page).toEqual((await rasterize(reference))[0]);
    expect((await pdftoppm(ours)).equals(await pdftoppm(reference))).toBe(true);
  });

  test('without hinting the file is much smaller and poppler (which does not hint) draws the same pixels', async () => {
    const hinted = await render('octavo');
    const unhinted = await render('octavo unhinted');
    expect(unhinted.length).toBeLessThan(hinted.length * 0.75);
    expect((await pdftoppm(unhinted)).equals(await pdftoppm(hinted))).toBe(true);
    expect((await rasterize(unhinted))[0]).toEqual((await rasterize(hinted))[0]);
    expect(await tool('pdftotext', [])(unhinted)).toBe(await tool('pdftotext', [])(hinted));
  });

  test('two faces over one font program (synthetic oblique) share one subset', async () => {
    const draw = (subsetter: 'octavo' | 'fontkit'): Promise<Uint8Array> => {
      switches.fontkit = subsetter === 'fontkit';
      return writePdf(
        {
          pages: [{
            width: 300,
            height: 80,
            items: [
              plainItem(loadFace('sans'), 'upright text', { x: 10, y: 30, size: 16 }),
              // the same program object, as the engine's synthetic faces have
              plainItem({ ...loadFace('sans'), id: 'sans oblique', syntheticOblique: true }, 'slanted words', { x: 10, y: 60, size: 16 }),
            ],
          }],
        },
        { metadata: {}, encryption: undefined, deterministic: true, compress: true },
      ).finally(() => (switches.fontkit = false));
    };
    const ours = await draw('octavo');
    await qpdfCheck(ours);
    expect((await tool('pdftotext', [])(ours)).trim().split(/\n+/)).toEqual(['upright text', 'slanted words']);
    expect((await pdftoppm(ours)).equals(await pdftoppm(await draw('fontkit')))).toBe(true);
  });

  test('pdffonts lists every face as an embedded CID TrueType subset', async () => {
    const lines = (await tool('pdffonts', [])(await render('octavo'))).trim().split('\n').slice(2);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  test('each embedded program is a well-formed sfnt with the glyphs the page uses', async () => {
    const pdf = await render('octavo', false);
    const programs = fontPrograms(pdf);
    expect(programs).toHaveLength(4);
    for (const program of programs) {
      expect(sumWords(program, 0, program.length)).toBe(0xb1b0afba);
      for (const t of tableDirectory(program).tables) {
        if (t.tag !== 'head') expect(sumWords(program, t.offset, t.length), t.tag).toBe(t.checksum);
      }
      const font = parseFont(program);
      expect(font.numGlyphs).toBeGreaterThan(5);
      expect(font.numGlyphs).toBeLessThan(40);
    }
  });
});
