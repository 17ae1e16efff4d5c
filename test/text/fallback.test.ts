import { describe, expect, it } from 'vitest';
import { createFontRegistry } from '../../src/text/fonts.js';
import { codes, newDiagnostics, request, runSummary } from './helpers.js';

describe('per-character font fallback', () => {
  const registry = createFontRegistry({ extraFonts: [] });

  it('splits Latin + Greek + Cyrillic + Hebrew + Arabic where Liberation lacks the glyphs', () => {
    const diagnostics = newDiagnostics();
    const text = registry.forRender({ faces: [], diagnostics });
    const shaped = text.shape('Hi Ωμέγα Привет שלום مرحبا ok', request({ families: ['Liberation Sans'] }));
    expect(runSummary(shaped)).toEqual([
      'Liberation Sans: Hi Ωμέγα Привет שלום ',
      'DejaVu Sans: مرحبا',
      'Liberation Sans:  ok',
    ]);
    const arabic = shaped.runs[1];
    // Arabic is shaped (contextual forms from DejaVu's GSUB) and comes out in visual order.
    expect(arabic?.glyphs.map((g) => g.codePoints)).toEqual([[0x627], [0x628], [0x62d], [0x631], [0x645]]);
    const isolatedAlef = text.shape('ا', request({ families: ['DejaVu Sans'] })).runs[0]?.glyphs[0]?.id;
    expect(arabic?.glyphs[0]?.id).not.toBe(isolatedAlef); // final form, not the isolated one
    expect(shaped.width).toBeCloseTo(shaped.runs.reduce((sum, run) => sum + run.width, 0), 9);
    expect(diagnostics.list()).toEqual([]);
    expect([...text.faces.values()].map((f) => f.postscriptName).sort()).toEqual(['DejaVuSans', 'LiberationSans']);
  });

  it('finds a bold or italic character no listed family has in a fallback family\'s regular face, emboldened or slanted (as Chromium on Linux)', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    // fontconfig sorts fallback fonts for a pattern with no weight: DejaVu Sans Book, made bold, not DejaVu Sans Bold
    const face = (weight: number, style: 'normal' | 'italic') => {
      const run = text.shape('✓ مرحبا', request({ families: ['Liberation Sans'], weight, style })).runs.find((r) => r.face.family === 'DejaVu Sans')!;
      return `${run.face.postscriptName} bold ${run.face.syntheticBold} oblique ${run.face.syntheticOblique}`;
    };
    expect(face(700, 'normal')).toBe('DejaVuSans bold true oblique false');
    expect(face(700, 'italic')).toBe('DejaVuSans bold true oblique true');
    expect(face(400, 'normal')).toBe('DejaVuSans bold false oblique false');
    // a listed family's bold face stays its bold face
    const listed = text.shape('✓', request({ families: ['DejaVu Sans'], weight: 700 })).runs[0]!.face;
    expect([listed.postscriptName, listed.syntheticBold]).toEqual(['DejaVuSans-Bold', false]);
  });

  it('tries the listed families in order before the bundled fallbacks', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const shaped = text.shape('aب', request({ families: ['Liberation Mono', 'DejaVu Sans', 'Liberation Serif'] }));
    expect(runSummary(shaped)).toEqual(['Liberation Mono: a', 'DejaVu Sans: ب']);
  });

  it('keeps combining marks with their base and invisible characters inside runs', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    // U+20D0 (combining left harpoon above) is in DejaVu Sans but not in Liberation Serif.
    const shaped = text.shape('xo\u20d0a', request({ families: ['serif'] }));
    expect(runSummary(shaped)).toEqual(['Liberation Serif: x', 'DejaVu Sans: o\u20d0', 'Liberation Serif: a']);
    const joined = text.shape('a\u200bb\u00adc', request({ families: ['serif'] }));
    expect(joined.runs).toHaveLength(1);
  });

  it('draws .notdef and warns once per render for characters no font has', () => {
    const diagnostics = newDiagnostics();
    const text = registry.forRender({ faces: [], diagnostics });
    const shaped = text.shape('ab你好', request({ families: ['sans-serif'] }));
    expect(runSummary(shaped)).toEqual(['Liberation Sans: ab你好']);
    expect(shaped.runs[0]?.glyphs.slice(2).map((g) => g.id)).toEqual([0, 0]);
    text.shape('你好', request({ families: ['sans-serif'] }));
    text.shape('好你', request({ families: ['monospace'] }));
    // said once layout is done, where the render's text first holds a character (render.ts finds the element)
    expect(codes(diagnostics)).toEqual([]);
    const asked: number[][] = [];
    const places = { family: () => undefined, text: (codePoints: readonly number[]) => (asked.push([...codePoints]), { file: 'doc.html', line: 7 }) };
    text.reportDeferred?.(places);
    expect(codes(diagnostics)).toEqual(['font: no available font has a glyph for U+4F60 U+597D (in "ab你好"); drawn as .notdef']);
    expect([asked, diagnostics.list()[0]?.line]).toEqual([[[0x4f60, 0x597d]], 7]);
    text.shape('世', request());
    text.reportDeferred?.(places);
    expect(diagnostics.list()).toHaveLength(2);
    expect(diagnostics.list()[1]?.message).toContain('U+4E16');

    // A new render warns again, even though the shaping comes from the cache.
    const next = newDiagnostics();
    const again = registry.forRender({ faces: [], diagnostics: next });
    again.shape('ab你好', request({ families: ['sans-serif'] }));
    again.reportDeferred?.(places);
    expect(codes(next)).toHaveLength(1);
  });
});
