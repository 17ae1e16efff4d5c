import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import { commonSpacing, showOperators } from '../../src/pdf/text.js';
import { writePdf } from '../../src/pdf/writer.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { rasterize } from '../helpers/pixels.js';
import { withPdfFile } from '../helpers/tmp.js';
import { glyphItem, loadFace, shape } from './font-fixture.js';

const run = promisify(execFile);

async function write(items: DisplayItem[], compress = false, width = 400, height = 200): Promise<Uint8Array> {
  const pdf = await writePdf({ pages: [{ width, height, items }] }, { metadata: {}, encryption: undefined, deterministic: true, compress });
  await qpdfCheck(pdf);
  return pdf;
}

const pdftotext = (pdf: Uint8Array, args: string[] = []): Promise<string> =>
  withPdfFile(pdf, async (path) => (await run('pdftotext', [...args, path, '-'])).stdout);

describe('glyph runs', () => {
  test('text is extractable in reading order, ligatures included', async () => {
    const sans = loadFace('sans');
    const serif = loadFace('serif');
    const pdf = await write([
      glyphItem(sans, 'Office finance', { x: 10, y: 30, size: 16 }),
      glyphItem(serif, 'and fluffy waffles', { x: 10, y: 60, size: 14 }),
      glyphItem(loadFace('liberation'), 'Zürich – 12 €', { x: 10, y: 90, size: 12 }),
    ]);
    const sansGlyphs = shape(sans, 'Office finance', 16);
    expect(sansGlyphs.length).toBeLessThan('Office finance'.length); // the ligatures were used
    expect((await pdftotext(pdf)).trim().split(/\n+/)).toEqual(['Office finance', 'and fluffy waffles', 'Zürich – 12 €']);
  });

  test('fonts are embedded as subsets, each face once', async () => {
    const sans = loadFace('sans');
    const pdf = await write([
      glyphItem(sans, 'one', { x: 10, y: 30, size: 16 }),
      glyphItem(sans, 'two', { x: 10, y: 60, size: 10 }),
      glyphItem(loadFace('serif'), 'three', { x: 10, y: 90, size: 12 }),
    ]);
    const fonts = await withPdfFile(pdf, async (path) => (await run('pdffonts', [path])).stdout);
    const lines = fonts.trim().split('\n').slice(2);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toMatch(/[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(lines.join('\n')).toMatch(/[A-Z]{6}\+LiberationSerif\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  test('TJ adjustments turn the font advances into the final advances', async () => {
    const face = loadFace('liberation');
    const size = 20;
    const spacing = 2; // px added after every glyph, like letter-spacing
    const s = Buffer.from(await write([glyphItem(face, 'AV', { x: 5, y: 30, size, spacing })])).toString('latin1');
    const glyphs = shape(face, 'AV', size);
    const font = face.program as { getGlyph(id: number): { advanceWidth: number } };
    const natural = (id: number): number => (font.getGlyph(id).advanceWidth * size) / face.unitsPerEm;
    // the shared letter-spacing becomes character spacing (Tc); only kerning is left in TJ
    const adjust = Math.round(((natural(glyphs[0]!.id) - glyphs[0]!.advance) * 1000 / size) * 1000) / 1000;
    expect(s).toContain('BT\n/F1 20 Tf\n1 0 0 -1 5 30 Tm\n2 Tc\n');
    // (a tenth of an em: the word is spanned with its text, spaced-words.ts)
    expect(s).toContain(`[<0001> ${adjust} <0002>] TJ\nEMC\n0 Tc\nET`);
  });

  test('letter-spaced words extract as words and their spaces as spaces, nothing drawn moved', async () => {
    const face = loadFace('liberation');
    const runs = (spanned: boolean): DisplayItem[] => [
      // 0.12em and 0.3em (poppler starts a new word past a tenth of an em: `D E L I V E R TO` without the spans)
      { ...glyphItem(face, 'DELIVER TO', { x: 10, y: 30, size: 12, spacing: 1.44 }), ...(spanned ? {} : { actualText: '' }) } as DisplayItem,
      { ...glyphItem(face, 'LIVE NATION PRESENTS', { x: 10, y: 60, size: 10, spacing: 3 }), ...(spanned ? {} : { actualText: '' }) } as DisplayItem,
      // tracking-wide text needs none
      glyphItem(face, 'Quarterly report', { x: 10, y: 90, size: 12, spacing: 0.3 }),
    ];
    const pdf = await write(runs(true));
    expect((await pdftotext(pdf)).trim().split(/\n+/)).toEqual(['DELIVER TO', 'LIVE NATION PRESENTS', 'Quarterly report']);
    const s = Buffer.from(await write(runs(true))).toString('latin1');
    expect(s.match(/ActualText/g)).toHaveLength(5);
    expect(s).toContain('/Span <</ActualText <FEFF00440045004C0049005600450052>>> BDC');
    // the same glyphs where the spans are not written (a run with its own ActualText, here empty)
    expect(await rasterize(pdf)).toEqual(await rasterize(await write(runs(false))));
  });

  test('x and y offsets of marks become adjustments and text rise', () => {
    const ops = showOperators(
      {
        size: 10,
        glyphs: [
          { id: 1, advance: 5, xOffset: 0, yOffset: 0, codePoints: [0x61] },
          { id: 2, advance: 0, xOffset: -3, yOffset: 2, codePoints: [0x301] },
        ],
        advances: [5, 0],
      },
      (id) => ({ hex: id.toString(16).padStart(4, '0'), width: id === 1 ? 500 : 0 }),
    );
    // glyph 1 is 5 px wide at 10 px (500 units): no adjustment; the mark moves 3 px left (300 units);
    // the letter and its mark are one cluster, in an ActualText span (pdf/mark-clusters.ts)
    expect(ops).toBe('/Span <</ActualText <FEFF00610301>>> BDC\n[<0001> 300] TJ\n2 Ts\n[<0002>] TJ\n0 Ts\nEMC');
  });

  test('glyphs are drawn where the display list puts them', async () => {
    // a full block (U+2588) of DejaVu Sans fills the em box horizontally
    const face = loadFace('sans');
    const pdf = await write([glyphItem(face, '█', { x: 2, y: 16, size: 16, color: { r: 255, g: 0, b: 0, a: 1 } })], true, 20, 24);
    const [page] = await rasterize(pdf);
    const redColumns = new Set<number>();
    page!.forEach((row) => [...row].forEach((c, x) => c === 'R' && redColumns.add(x)));
    const columns = [...redColumns].sort((a, b) => a - b);
    expect(columns[0]).toBe(2);
    expect(columns.length).toBeGreaterThanOrEqual(9);
  });

  test('synthetic bold strokes the outline; synthetic oblique skews the text matrix', async () => {
    const bold = loadFace('sans', { syntheticBold: true });
    const oblique = loadFace('sans', { syntheticOblique: true });
    const s = Buffer.from(await write([
      glyphItem(bold, 'Bold', { x: 10, y: 30, size: 24 }),
      glyphItem(oblique, 'Slant', { x: 10, y: 60, size: 24 }),
    ])).toString('latin1');
    expect(s).toContain('0 0 0 RG\n1 w\n0 J\n1 j\nBT');
    expect(s).toContain('2 Tr');
    expect(s).toContain('1 0 0.25 -1 10 60 Tm');
  });

  test('translucent text uses an ExtGState', async () => {
    const s = Buffer.from(await write([glyphItem(loadFace('sans'), 'Faint', { x: 10, y: 30, size: 12, color: { r: 0, g: 0, b: 0, a: 0.5 } })])).toString('latin1');
    expect(s).toMatch(/q\n\/Gs1 gs\n0 0 0 rg\nBT/);
  });
});

describe('commonSpacing', () => {
  /** Every glyph's extra rounded and counted, no shortcut: what commonSpacing's early exits must agree with. */
  function countedSpacing(glyphs: readonly { advance: number }[], advances: readonly number[]): number {
    const counts = new Map<number, number>();
    glyphs.forEach((glyph, i) => {
      const extra = Math.round(((advances[i] ?? glyph.advance) - glyph.advance) * 1000) / 1000;
      counts.set(extra, (counts.get(extra) ?? 0) + 1);
    });
    const [best, count] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
    return count * 2 > glyphs.length ? best : 0;
  }

  test('the same as counting every glyph, for plain, letter-spaced, justified and mixed runs', () => {
    const cases: [number[], number[]][] = [
      [[5, 6, 7, 5], [5, 6, 7, 5]],
      [[5, 6, 7, 5], [5.5, 6.5, 7.5, 5.5]],
      [[5, 6, 7, 5], [5, 8, 7, 5]],
      [[5, 6, 7, 5], [5, 8, 9, 5]],
      [[5, 6, 7, 5], [5, 8, 9, 7]],
      [[5, 6, 7], [5.0000001, 6, 9]],
      [[5, 6, 7, 8, 9], [6, 7, 8, 8, 9]],
      [[5], [7]],
      [[5, 6], [5]],
    ];
    for (const [own, advances] of cases) {
      const glyphs = own.map((advance, id) => ({ id, advance, xOffset: 0, yOffset: 0, codePoints: [0x61] }));
      expect(commonSpacing({ glyphs, advances })).toBe(countedSpacing(glyphs, advances));
    }
  });
});
