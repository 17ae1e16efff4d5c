import { describe, expect, it, vi } from 'vitest';
import { createFontRegistry, loadFontFaces } from '../../src/text/fonts.js';
import type { FontRequest, ShapedText } from '../../src/text/types.js';
import { FIXTURES, loadBytes, newDiagnostics, request } from './helpers.js';

const registry = createFontRegistry({ extraFonts: [] });
const system = () => registry.forRender({ faces: [], diagnostics: newDiagnostics() });

describe('shaping', () => {
  it('shapes a long row of combining marks in pieces of at most 32 marks, every mark kept, in order', () => {
    // fontkit's mark positioning looks back over the row for each mark: a base with 100,000
    // accents was one call of a minute, past the render's time limit
    const text = system();
    const sans = request({ families: ['DejaVu Sans'], size: 20 });
    const program = text.shape('a', sans).runs[0]!.face.program as { layout: (...args: unknown[]) => unknown };
    const layout = vi.spyOn(program, 'layout');
    const marks = '\u0301'.repeat(100);
    const latin = text.shape(`a${marks}b`, sans);
    expect(Math.max(...layout.mock.calls.map(([glyphs]) => (glyphs as unknown[]).length))).toBeLessThanOrEqual(33);
    expect(latin.runs.flatMap((run) => run.glyphs.flatMap((g) => g.codePoints))).toEqual([0x61, ...Array(100).fill(0x301), 0x62]);
    // the first 32 marks sit on the base as they do in a short row
    const short = text.shape('a\u0301\u0301', sans).runs[0]!.glyphs;
    expect(latin.runs[0]!.glyphs.slice(0, 3).map((g) => [g.xOffset, g.yOffset])).toEqual(short.map((g) => [g.xOffset, g.yOffset]));
    // right to left: the pieces in visual order, so the whole run is the text reversed
    const hebrew = text.shape(`\u05d0${'\u05b8'.repeat(40)}\u05d1`, sans, { direction: 'rtl' });
    expect(hebrew.runs.flatMap((run) => run.glyphs.flatMap((g) => g.codePoints))).toEqual([0x5d1, ...Array(40).fill(0x5b8), 0x5d0]);
    layout.mockRestore();
  });

  it('kerns: "AV" is narrower than A + V in Liberation Serif; font-kerning: none turns it off', () => {
    const text = system();
    const serif = request({ families: ['Liberation Serif'] });
    const pair = text.shape('AV', serif).width;
    const apart = text.shape('A', serif).width + text.shape('V', serif).width;
    expect(pair).toBeLessThan(apart - 1);
    const unkerned = text.shape('AV', request({ families: ['Liberation Serif'], features: { kern: 0 } })).width;
    expect(unkerned).toBeCloseTo(apart, 9);
  });

  it('scales advances to px: advance * size / unitsPerEm', () => {
    const text = system();
    // Liberation Sans "H" advances 1479 of 2048 units.
    const at16 = text.shape('H', request({ families: ['Arial'], size: 16 }));
    expect(at16.width).toBeCloseTo((1479 * 16) / 2048, 9);
    expect(text.shape('H', request({ families: ['Arial'], size: 32 })).width).toBeCloseTo(at16.width * 2, 9);
    expect(at16.runs[0]?.size).toBe(16);
  });

  it('forms standard ligatures where the font has them, with every code point on the ligature', () => {
    const text = system();
    const shaped = text.shape('fit', request({ families: ['DejaVu Sans'] }));
    const glyphs = shaped.runs[0]?.glyphs ?? [];
    expect(glyphs.map((g) => g.codePoints)).toEqual([[0x66, 0x69], [0x74]]);
    const diagnostics = newDiagnostics();
    const noLiga = registry.forRender({ faces: [], diagnostics });
    const off = noLiga.shape('fit', request({ families: ['DejaVu Sans'], features: { liga: 0 } }));
    expect(off.runs[0]?.glyphs).toHaveLength(3);
    // Arabic then Latin with one request: what fontkit applied to one must not leak into the other.
    const both = request({ families: ['DejaVu Sans'] });
    noLiga.shape('مرحبا', both);
    expect(noLiga.shape('fit', both).runs[0]?.glyphs).toHaveLength(2);
    expect(diagnostics.list()).toEqual([]);
  });

  it('passes features through (small caps and fwid of the WeasyPrint test font)', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([{
      family: 'weasyprint',
      sources: [{ url: new URL('weasyprint.otf', FIXTURES).href, format: 'opentype' }],
      weight: [400, 400], style: 'normal', stretch: [100, 100], unicodeRange: [],
    }], loadBytes, diagnostics);
    const text = registry.forRender({ faces, diagnostics });
    const base: FontRequest = request({ families: ['weasyprint'], size: 10 });
    // Every glyph of the test font is 1 em wide except those its features substitute.
    expect(text.shape('abc', base).width).toBeCloseTo(30, 9);
    expect(text.shape('abc', { ...base, features: { smcp: 1 } }).width).toBeCloseTo(20 + 3.75, 9);
    expect(text.shape('liga', base).runs[0]?.glyphs.map((g) => g.codePoints)).toEqual([[0x6c, 0x69, 0x67, 0x61]]);
    expect(text.shape('liga', { ...base, features: { liga: 0 } }).width).toBeCloseTo(40, 9);
    expect(diagnostics.list()).toEqual([]);
  });

  it('reports exact code points even for glyphs shared by several characters', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([{
      family: 'wp',
      sources: [{ url: new URL('weasyprint.otf', FIXTURES).href }],
      weight: [400, 400], style: 'normal', stretch: [100, 100], unicodeRange: [],
    }], loadBytes, diagnostics);
    const text = registry.forRender({ faces, diagnostics });
    const wp = request({ families: ['wp'] });
    // The test font draws U+002D and U+2010 with one glyph; fontkit caches glyph objects with the
    // code points of their first use, which must not leak into later runs.
    const minus = text.shape('a-b', wp).runs[0]?.glyphs ?? [];
    const hyphen = text.shape('a\u2010b', wp).runs[0]?.glyphs ?? [];
    expect(hyphen[1]?.id).toBe(minus[1]?.id);
    expect(minus.map((g) => g.codePoints)).toEqual([[0x61], [0x2d], [0x62]]);
    expect(hyphen.map((g) => g.codePoints)).toEqual([[0x61], [0x2010], [0x62]]);
  });

  it('returns right-to-left runs in visual order', () => {
    const text = system();
    const glyphs = text.shape('שלום', request({ families: ['Liberation Sans'] })).runs[0]?.glyphs ?? [];
    expect(glyphs.map((g) => g.codePoints[0])).toEqual([0x05dd, 0x05d5, 0x05dc, 0x05e9]);
  });

  it('returns an empty result for empty text', () => {
    expect(system().shape('', request())).toEqual({ runs: [], width: 0 });
  });
});

describe('shaping caches', () => {
  it('returns the same object for the same text and request, within and across renders', () => {
    const local = createFontRegistry({ extraFonts: [] });
    const first = local.forRender({ faces: [], diagnostics: newDiagnostics() });
    const req = request({ families: ['Arial'] });
    const a = first.shape('cached', req);
    expect(first.shape('cached', req)).toBe(a);
    expect(first.shape('cached', { ...req })).toBe(a); // equal request, new object
    const second = local.forRender({ faces: [], diagnostics: newDiagnostics() });
    expect(second.shape('cached', req)).toBe(a);
    expect(second.faces.size).toBe(1); // faces are tracked per render even on cache hits
    // The first repeat is served by the render's own memo, the copy and the second render by the shared cache.
    expect(local.stats.texts).toMatchObject({ hits: 2, misses: 1 });
  });

  it('shares glyph runs between requests that resolve to the same face', () => {
    const local = createFontRegistry({ extraFonts: [] });
    const text = local.forRender({ faces: [], diagnostics: newDiagnostics() });
    const a = text.shape('word', request({ families: ['Arial'] }));
    const b = text.shape('word', request({ families: ['sans-serif'], weight: 500 }));
    expect(b).not.toBe(a);
    expect(b.runs[0]).toBe(a.runs[0]);
    expect(text.shape('word', request({ families: ['Arial'], size: 12 })).runs[0]).not.toBe(a.runs[0]);
  });

  it('once full, stores a text on its second miss, evicting the least recently used', () => {
    const local = createFontRegistry({ extraFonts: [], shapeCacheSize: 2 });
    const req = request();
    // a render of its own for each text: the render's memo would answer repeats
    const shape = (word: string): ShapedText => local.forRender({ faces: [], diagnostics: newDiagnostics() }).shape(word, req);
    const one = shape('one');
    shape('two');
    expect(shape('one')).toBe(one); // one is now the most recent; two the least
    shape('three'); // full: refused
    expect(local.stats.texts).toEqual({ hits: 1, misses: 3, size: 2 });
    const three = shape('three'); // refused before: stored, and two goes
    expect([shape('three'), shape('one')]).toEqual([three, one]);
    expect(local.stats.texts).toEqual({ hits: 3, misses: 4, size: 2 });
    shape('two');
    expect(local.stats.texts.misses).toBe(5);
  });
});
