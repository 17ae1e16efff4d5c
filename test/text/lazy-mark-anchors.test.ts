/**
 * A GPOS lookup's mark attachment anchors are decoded when fontkit first attaches a mark with them
 * (src/text/fontkit-internals.ts lazyMarkAnchors), not when a layout first applies the lookup's
 * feature: fontkit decoded every anchor of Liberation Sans' `mark` lookups (~60 ms of a fresh
 * process's first render) for a document without a mark. Marks are placed as fontkit placed them,
 * and fontkit's own types stay as published for another user of fontkit in the process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { parseFontBytes } from '../../src/text/fontkit.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FONTS = [join('fonts', 'dejavu', 'DejaVuSans.ttf'), join('fonts', 'liberation', 'LiberationSans-Regular.ttf'), join('fonts', 'liberation', 'LiberationSerif-Bold.ttf')];

interface Laid { readonly glyphs: readonly { readonly id: number }[]; readonly positions: readonly Record<string, number>[] }
type Font = Record<string, unknown> & { layout(text: string, features?: object): Laid };
interface Lookup { readonly lookupType: number; readonly subTables: readonly Record<string, unknown>[] }
const lookups = (font: Font): Lookup[] => {
  const list = (font['GPOS'] as { lookupList: { length: number; get(i: number): Lookup } }).lookupList;
  return Array.from({ length: list.length }, (_, i) => list.get(i));
};
const markSubTable = (font: Font): Record<string, unknown> => lookups(font).find((lookup) => lookup.lookupType === 4)!.subTables[0]!;

/** Mark attachment (base, ligature, mark to mark) and plain text with kerning. */
const TEXTS = ['e\u0301 a\u0300 o\u0323\u0302 n\u0303', 'x\u0301\u0301 A\u030A q\u0327', 'AVATAR Wave, office 1/2'];

describe('lazy mark attachment anchors', () => {
  it.each(FONTS)('%s: text with marks laid out as fontkit lays it out', (file) => {
    const bytes = readFileSync(join(ROOT, file));
    const [program] = parseFontBytes(bytes) as unknown as Font[];
    const reference = fontkit.create(bytes) as unknown as Font;
    for (const text of TEXTS) {
      const ours = program!.layout(text, { kern: true, mark: true, mkmk: true });
      const theirs = reference.layout(text, { kern: true, mark: true, mkmk: true });
      expect(ours.glyphs.map((glyph) => glyph.id)).toEqual(theirs.glyphs.map((glyph) => glyph.id));
      expect(ours.positions.map((position) => ({ ...position }))).toEqual(theirs.positions.map((position) => ({ ...position })));
    }
  });

  it('leaves the anchors undecoded until a mark is attached', () => {
    const bytes = readFileSync(join(ROOT, 'fonts', 'liberation', 'LiberationSans-Regular.ttf'));
    const [program] = parseFontBytes(bytes) as unknown as Font[];
    program!.layout('Invoice', { kern: true });
    const sub = markSubTable(program!);
    expect(Object.getOwnPropertyDescriptor(sub, 'baseArray')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(sub, 'markArray')?.get).toBeTypeOf('function');
    expect(sub['markCoverage']).toBeTypeOf('object');
    const foreign = fontkit.create(bytes) as unknown as Font;
    foreign.layout('Invoice', { kern: true });
    expect(Object.getOwnPropertyDescriptor(markSubTable(foreign), 'baseArray')?.get).toBeUndefined();
    expect(markSubTable(foreign)['baseArray']).toEqual(sub['baseArray']);
  });
});
