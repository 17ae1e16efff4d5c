import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cacheStats } from '../../src/cache/bounded.js';
import { parsedBundledCount } from '../../src/text/bundled.js';
import { createFontRegistry, loadFontFaces } from '../../src/text/fonts.js';
import { fixtureBytes, newDiagnostics, request } from './helpers.js';

describe('font registry', () => {
  it('parses bundled fonts lazily, once per process, whatever the number of engines', () => {
    const before = parsedBundledCount();
    const first = createFontRegistry({ extraFonts: [] });
    expect(parsedBundledCount()).toBe(before); // creating an engine parses nothing
    const a = first.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('x', request({ families: ['monospace'] }));
    const afterFirst = parsedBundledCount();
    expect(afterFirst).toBe(before + 1);
    const second = createFontRegistry({ extraFonts: [] });
    const b = second.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('x', request({ families: ['Courier'] }));
    expect(parsedBundledCount()).toBe(afterFirst);
    expect(b.runs[0]?.face.program).toBe(a.runs[0]?.face.program);
  });

  it('asks the bundled fallback fonts about a character they lack without parsing them for use', () => {
    const fonts = createFontRegistry({ extraFonts: [] }).forRender({ faces: [], diagnostics: newDiagnostics() });
    fonts.shape('x', request({ families: ['monospace'] }));
    const before = parsedBundledCount();
    // Hangul: Liberation Mono lacks it, and so do the fallbacks after it (Liberation Sans and
    // Serif, DejaVu Sans), whose cmaps alone are read to learn so
    fonts.shape('\uD55C', request({ families: ['monospace'] }));
    expect(parsedBundledCount()).toBe(before);
    // a character only DejaVu Sans has (☃): that one is parsed, to draw with
    const run = fonts.shape('\u2603', request({ families: ['monospace'] })).runs[0]!;
    expect(run.face.entryKey).toBe('DejaVuSans');
    expect(parsedBundledCount()).toBe(before + 1);
  });

  it('lists only the faces a render shaped with', () => {
    const registry = createFontRegistry({ extraFonts: [] });
    const one = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    one.shape('a', request({ families: ['serif'] }));
    one.shape('b', request({ families: ['serif'], weight: 700 }));
    const two = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    two.shape('a', request({ families: ['serif'] }));
    expect([...one.faces.keys()].sort()).toEqual(['LiberationSerif-Bold', 'LiberationSerif-Regular']);
    expect([...two.faces.keys()]).toEqual(['LiberationSerif-Regular']);
  });

  it('matches a static font once for every size, keeping what it holds bounded', () => {
    const built = (): number => cacheStats().find((stats) => stats.name === 'text.font-matchings')?.misses ?? 0;
    const registry = createFontRegistry({ extraFonts: [] });
    const before = built();
    const first = registry.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('Ab', request({ families: ['serif'], size: 6 })).runs[0]!.face;
    // the font's character lookups, which matching does per character (shaping itself does not ask)
    const program = first.program as { hasGlyphForCodePoint(cp: number): boolean };
    const own = program.hasGlyphForCodePoint;
    let lookups = 0;
    program.hasGlyphForCodePoint = (cp) => (lookups++, own.call(program, cp));
    try {
      for (let size = 6.5; size < 206; size += 0.5) {
        const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
        const shaped = text.shape('Ab', request({ families: ['serif'], size }));
        expect(shaped.runs[0]?.face).toBe(first);
        expect(shaped.runs[0]?.size).toBe(size);
        expect(text.metrics(request({ families: ['serif'], size })).ascent / size).toBeCloseTo(0.8911, 4);
      }
    } finally {
      program.hasGlyphForCodePoint = own;
    }
    // one matching for 400 sizes: its per-character lookups were done for the first size only
    expect(lookups).toBe(0);
    expect(built() - before).toBe(1);
    const kept = cacheStats().find((stats) => stats.name === 'text.font-matchings')!;
    expect(kept.size).toBeLessThanOrEqual(kept.bound * kept.instances);
  });

  it("draws a variable font's opsz in the instance of each size, the same one when a size comes back", () => {
    const inter = fileURLToPath(new URL('../../node_modules/@fontsource-variable/inter/files/inter-latin-opsz-normal.woff2', import.meta.url));
    const registry = createFontRegistry({ extraFonts: [inter] });
    const faceAt = (size: number, more: Partial<Parameters<typeof request>[0]> = {}): { id: string; width: number } => {
      const run = registry.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('Hamburgefonstiv', request({ families: ['Inter'], size, ...more })).runs[0]!;
      return { id: run.face.id, width: run.width / size };
    };
    const [small, large, smallAgain] = [faceAt(14), faceAt(32), faceAt(14)];
    // opsz 14 is the axis's default (the font itself); at 32 the tighter instance
    expect(large.id).not.toBe(small.id);
    expect(large.id).toMatch(/opsz32/);
    expect(smallAgain).toEqual(small);
    expect(large.width).toBeLessThan(small.width * 0.95);
    // font-optical-sizing: none and an explicit opsz pick their instances whatever the size
    expect(faceAt(32, { opticalSizing: false }).id).toBe(small.id);
    expect(faceAt(14, { variations: [{ tag: 'opsz', value: 32 }] }).id).toBe(large.id);
  });

  it('gives every render the same shaping functions, not closures made per render', () => {
    // V8 keeps a closure's optimised code only while a closure of it lives: functions made per
    // render were compiled again after each full GC (bench/README.md, issue 32 stop 30)
    const registry = createFontRegistry({ extraFonts: [] });
    const one = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const two = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    expect(two.shape).toBe(one.shape);
    expect(two.metrics).toBe(one.metrics);
    expect(two.hyphen).toBe(one.hyphen);
    const shaped = one.shape('Zürich', request({ families: ['serif'] }));
    expect(two.shape('Zürich', request({ families: ['serif'] })).width).toBe(shaped.width);
    expect(one.faces.size).toBe(1);
  });

  it('keeps what shaping a character pair together adds across renders, without shaping the pair again', () => {
    const registry = createFontRegistry({ extraFonts: [] });
    const shapedTexts = (): number => registry.stats.texts.hits + registry.stats.texts.misses;
    const serif = (): ReturnType<typeof request> => request({ families: ['serif'], size: 40 });
    const first = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const before = shapedTexts();
    const kerned = first.pairKerning!(serif(), 0x41, 0x56); // "AV": Liberation Serif kerns it
    expect(first.pairKerning!(serif(), 0x78, 0x78)).toBe(0);
    expect(kerned).toBeLessThan(-1);
    expect(shapedTexts()).toBeGreaterThan(before);
    const second = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const shapedBefore = shapedTexts();
    expect(second.pairKerning!(serif(), 0x41, 0x56)).toBe(kerned);
    expect(second.pairKerning!(serif(), 0x78, 0x78)).toBe(0);
    // the answers came from the pairs kept, not from shaping "A", "V" and "AV" again
    expect(shapedTexts()).toBe(shapedBefore);
  });

  it('keeps the faces of at most 128 @font-face fonts across renders, and lets go of their shaped texts and runs', async () => {
    // each document with a font of its own: under the 4,096 faces kept for the machine's fonts,
    // 3,000 such documents held 1.8 GB of parsed fonts alive, pinned by the faces and by the runs
    const registry = createFontRegistry({ extraFonts: [] });
    const base = fixtureBytes('weasyprint.otf');
    for (let i = 0; i < 200; i++) {
      // a byte past the tables: another font to the engine (its hash), the same glyphs
      const bytes = new Uint8Array([...base, i]);
      const rule = { family: `Own ${i}`, sources: [{ url: `https://fonts.test/${i}.otf` }], weight: [400, 400], style: 'normal', stretch: [100, 100], unicodeRange: [] } as const;
      const diagnostics = newDiagnostics();
      const faces = await loadFontFaces([rule], () => Promise.resolve(bytes), diagnostics);
      registry.forRender({ faces, diagnostics }).shape(`abc ${i}`, request({ families: [`Own ${i}`] }));
      expect(diagnostics.list()).toEqual([]);
    }
    expect(cacheStats().find((stats) => stats.name === 'text.document-faces')?.size).toBe(128);
    // the runs of the faces let go went with them; the texts of the font sets let go (32 kept) too
    expect(registry.stats.runs.size).toBeLessThanOrEqual(128 * 2);
    expect(registry.stats.texts.size).toBeLessThanOrEqual(32);
  });
});

