import { describe, expect, test, vi } from 'vitest';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type * as PdfKitModule from '../../src/pdf/pdfkit-document.js';
import type * as SubsetModule from '../../src/pdf/subset/index.js';
import { MAX_ENTRIES_PER_FONT, remember, toUnicodeCmap, unicodeKey } from '../../src/pdf/font-embed.js';
import { BoundedCache } from '../../src/cache/bounded.js';
import { writePdf } from '../../src/pdf/writer.js';
import type { WritePdfOptions } from '../../src/pdf/write.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { glyphItem, loadFace } from './font-fixture.js';

// `pdfkit: true` leaves the fonts to PDFKit's own embed(), the reference; `encodes` counts the
// font programs octavo's subsetter writes
const switches = vi.hoisted(() => ({ pdfkit: false, encodes: 0 }));
vi.mock('../../src/pdf/pdfkit-document.js', async (importOriginal) => {
  const real = await importOriginal<typeof PdfKitModule>();
  const replaceFontSubset: typeof real.replaceFontSubset = (font, subset, embed) => {
    if (switches.pdfkit) font.subset = subset;
    else real.replaceFontSubset(font, subset, embed);
  };
  return { ...real, replaceFontSubset };
});
vi.mock('../../src/pdf/subset/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof SubsetModule>();
  const createOctavoSubset: typeof real.createOctavoSubset = (program, options) => {
    const made = real.createOctavoSubset(program, options);
    if (made?.format !== 'truetype') return made;
    const subset = made.subset;
    return {
      format: 'truetype',
      subset: {
        includeGlyph: (glyphId) => subset.includeGlyph(glyphId),
        includeCopy: (glyphId) => subset.includeCopy(glyphId),
        get glyphs() {
          return subset.glyphs;
        },
        hinting: subset.hinting,
        encode: () => {
          switches.encodes++;
          return subset.encode();
        },
      },
    };
  };
  return { ...real, createOctavoSubset };
});

function items(text: string): DisplayItem[] {
  return [
    glyphItem(loadFace('liberation'), `Zürich – 12 € ${text}`, { x: 10, y: 30, size: 18 }),
    glyphItem(loadFace('serifItalic'), 'and fluffy waffles', { x: 10, y: 70, size: 14 }),
    glyphItem(loadFace('sansBold', { syntheticBold: true }), 'Total 1,234.56 𝐀', { x: 10, y: 110, size: 12 }),
  ];
}

const BASE: WritePdfOptions = { metadata: {}, encryption: undefined, deterministic: true, compress: true };

async function render(text: string, options: Partial<WritePdfOptions> = {}, pdfkit = false): Promise<Uint8Array> {
  switches.pdfkit = pdfkit;
  try {
    return await writePdf({ pages: [{ width: 400, height: 150, items: items(text) }] }, { ...BASE, ...options });
  } finally {
    switches.pdfkit = false;
  }
}

describe('font embedding with cached streams', () => {
  test.each([
    ['compressed', {}],
    ['uncompressed', { compress: false }],
    ['encrypted', { encryption: { userPassword: 'u', ownerPassword: 'o' } }],
    ['tagged PDF/A-2b', { pdfa: '2b' as const, tagged: true }],
  ])('writes the same bytes as PDFKit\'s own embed() (%s)', async (_name, options) => {
    const ours = await render('Ǻngström', options);
    const reference = await render('Ǻngström', options, true);
    expect(Buffer.from(ours).equals(Buffer.from(reference))).toBe(true);
    await qpdfCheck(ours, 'encryption' in options ? 'u' : undefined);
  });

  test('a second document with the same glyphs reuses the font programs; other glyphs make new ones', async () => {
    await render('first');
    switches.encodes = 0;
    const again = await render('first');
    expect(switches.encodes).toBe(0);
    expect(Buffer.from(again).equals(Buffer.from(await render('first', {}, true)))).toBe(true);
    switches.encodes = 0;
    await render('other words');
    // only the face whose glyphs changed writes its program again
    expect(switches.encodes).toBe(1);
  });

  test('the caches drop their least recently used entry past 32', () => {
    const map = new BoundedCache<string, Uint8Array>('test.font-embed', MAX_ENTRIES_PER_FONT);
    const made: string[] = [];
    const make = (key: string) => () => {
      made.push(key);
      return new Uint8Array([key.length]);
    };
    for (let i = 0; i < 32; i++) remember(map, `k${i}`, make(`k${i}`));
    remember(map, 'k0', make('k0')); // a hit refreshes k0
    remember(map, 'k32', make('k32')); // evicts k1, the oldest
    expect(map.size).toBe(32);
    expect(map.get('k0')).toBeDefined();
    expect(map.get('k1')).toBeUndefined();
    expect(made.filter((key) => key === 'k0')).toHaveLength(1);
  });

  test('ToUnicode maps code points beyond the BMP to surrogate pairs, 256 CIDs per range', () => {
    const unicode = [[0], [0x1d400], ...Array.from({ length: 300 }, (_, i) => [0x41 + (i % 26)])];
    const text = toUnicodeCmap(unicode);
    expect(text).toContain('2 beginbfrange');
    expect(text).toContain('<0000> <00ff> [<0000> <d835 dc00> <0041>');
    expect(text).toContain('<0100> <012d> [');
  });

  test('the CMap cache key tells apart the mappings whose CMaps differ, and only those', () => {
    const mappings: number[][][] = [
      [], [[]], [[], []], [[0]], [[0], []], [[], [0]], [[0x41, 0x42]], [[0x41], [0x42]], [[0x1d400]], [[0xd835, 0xdc00]],
      [[0x10000]], [[0x1], [0x0]], [[0x10041]], [[0x41], []],
    ];
    for (const a of mappings) {
      for (const b of mappings) {
        expect(unicodeKey(a) === unicodeKey(b), JSON.stringify([a, b])).toBe(JSON.stringify(a) === JSON.stringify(b));
      }
    }
    // past one chunk of code units
    const long = Array.from({ length: 3000 }, (_, i) => [0x20 + i, 0x10000 + i]);
    expect(unicodeKey(long)).not.toBe(unicodeKey([...long.slice(0, 2999), [0x20, 0x10000]]));
  });
});
