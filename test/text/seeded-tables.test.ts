/**
 * post, loca and kern are read by octavo from a font's bytes and entered as fontkit's decoded tables
 * (src/text/seeded-tables.ts seedPostTable, seedLocaTable, seedKernTable): fontkit's own decoder made an object per
 * entry (~10, ~7 and ~7 ms a font in a fresh process). What fontkit reads from them must be what its
 * decoder gives, the glyph names (post version 2) decoded by fontkit when first read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { parseFontBytes } from '../../src/text/fontkit.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FONTS = [
  join('fonts', 'dejavu', 'DejaVuSans.ttf'),
  join('fonts', 'liberation', 'LiberationSans-Regular.ttf'),
  join('test', 'fixtures', 'fonts', 'weasyprint.woff'),
  join('test', 'fixtures', 'fonts', 'SourceSerif4-Regular.woff2'),
  join('test', 'fixtures', 'fonts', 'octavo-colr-test.ttf'),
];

type Font = Record<string, unknown> & { readonly _tables: Record<string, unknown>; readonly stream: { readonly buffer: Uint8Array }; getGlyph(id: number): { readonly name: string; readonly advanceWidth: number } };

/** The same sfnt bytes parsed by fontkit alone (a WOFF or WOFF2 file as octavo unpacked it). */
const fontkitAlone = (program: Font): Font => fontkit.create(Buffer.from(program.stream.buffer)) as never;

const plain = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));

describe('post and loca read by octavo', () => {
  it.each(FONTS)('%s: the tables fontkit decodes, entered before it reads them', (file) => {
    const [program] = parseFontBytes(readFileSync(join(ROOT, file))) as unknown as Font[];
    const reference = fontkitAlone(program!);
    expect(Object.hasOwn(program!._tables, 'post')).toBe(true);
    expect(plain(program!['post'])).toBe(plain(reference['post']));
    if (reference['kern'] !== undefined && reference['kern'] !== null) {
      expect(Object.hasOwn(program!._tables, 'kern')).toBe(true);
      expect(plain(program!['kern'])).toBe(plain(reference['kern']));
    }
    if (reference['loca'] !== undefined) {
      expect(Object.hasOwn(program!._tables, 'loca')).toBe(true);
      expect(plain(program!['loca'])).toBe(plain(reference['loca']));
    }
  });

  it('reads the kern pairs the fontkit way: the kerning of every pair of the font\'s table', () => {
    for (const file of [join('fonts', 'dejavu', 'DejaVuSans.ttf'), join('fonts', 'liberation', 'LiberationSans-Regular.ttf')]) {
      const [program] = parseFontBytes(readFileSync(join(ROOT, file))) as unknown as Font[];
      const reference = fontkitAlone(program!);
      const kern = reference['kern'] as { tables: { subtable: { pairs: { left: number; right: number; value: number }[] } }[] };
      expect(kern.tables[0]!.subtable.pairs.length).toBeGreaterThan(500);
      const layoutOf = (font: Font, text: string): number[] => (font as unknown as { layout(text: string, features: Record<string, boolean>, script: string): { positions: { xAdvance: number }[] } }).layout(text, {}, 'DFLT').positions.map((p) => p.xAdvance);
      // digits and punctuation: the script whose GPOS has no kern feature, so fontkit kerns with the table
      for (const text of ['1,1.', '7/7-', '(1)', '"4"', 'T.,']) expect(layoutOf(program!, text)).toEqual(layoutOf(reference, text));
    }
  });

  it('decodes the glyph names only when one is read, as fontkit names them', () => {
    const [program] = parseFontBytes(readFileSync(join(ROOT, 'fonts', 'dejavu', 'DejaVuSans.ttf'))) as unknown as Font[];
    const post = program!._tables['post'] as Record<string, unknown>;
    expect(post['version']).toBe(2);
    expect(Object.getOwnPropertyDescriptor(post, 'names')?.get).toBeTypeOf('function');
    const reference = fontkitAlone(program!);
    for (const id of [0, 3, 36, 1000]) expect(program!.getGlyph(id).name).toBe(reference.getGlyph(id).name);
    for (const id of [0, 36, 1000]) expect(program!.getGlyph(id).advanceWidth).toBe(reference.getGlyph(id).advanceWidth);
  });
});
