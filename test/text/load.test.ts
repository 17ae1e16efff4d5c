import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FontFaceRule } from '../../src/css/types.js';
import { OctavoError } from '../../src/errors.js';
import { createFontRegistry, loadFontFaces } from '../../src/text/fonts.js';
import { cacheStats } from '../../src/cache/bounded.js';
import { fontHash } from '../../src/text/load.js';
import { FIXTURES, codes, fixtureBytes, loadBytes, newDiagnostics, request, runSummary } from './helpers.js';

function rule(family: string, sources: FontFaceRule['sources'], overrides: Partial<FontFaceRule> = {}): FontFaceRule {
  return { family, sources, weight: [400, 400], style: 'normal', stretch: [100, 100], unicodeRange: [], ...overrides };
}

const woffUrl = new URL('weasyprint.woff', FIXTURES).href;
const otfUrl = new URL('weasyprint.otf', FIXTURES).href;
const dataUrl = `data:font/otf;base64,${Buffer.from(fixtureBytes('weasyprint.otf')).toString('base64')}`;

describe('@font-face loading', () => {
  it('loads a WOFF file and shapes with it', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([rule('Test WOFF', [{ url: woffUrl, format: 'woff' }])], loadBytes, diagnostics);
    expect(faces).toHaveLength(1);
    expect(faces[0]?.url).toBe(woffUrl);
    const text = createFontRegistry({ extraFonts: [] }).forRender({ faces, diagnostics });
    const shaped = text.shape('abc', request({ families: ['Test WOFF'], size: 10 }));
    expect(shaped.runs[0]?.face.family).toBe('Test WOFF');
    expect(shaped.runs[0]?.face.postscriptName).toBe('WeasyPrint');
    expect(shaped.width).toBeCloseTo(30, 9); // 1 em per glyph in the test font
    expect(text.metrics(request({ families: ['Test WOFF'], size: 10 })).ascent).toBeCloseTo((819 * 10) / 1024, 9); // hhea ascender 819 of 1024
    expect(diagnostics.list()).toEqual([]);
  });

  it('loads a data: URL', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([rule('Inline', [{ url: dataUrl }])], loadBytes, diagnostics);
    expect(faces).toHaveLength(1);
    const text = createFontRegistry({ extraFonts: [] }).forRender({ faces, diagnostics });
    expect(runSummary(text.shape('ab', request({ families: ['inline'] })))).toEqual(['Inline: ab']);
  });

  it('uses the first source that loads and parses, and warns only when none does', async () => {
    const diagnostics = newDiagnostics();
    const missing = new URL('missing.woff', FIXTURES).href;
    const notAFont = 'data:font/ttf;base64,' + Buffer.from('this is not a font').toString('base64');
    const faces = await loadFontFaces([
      rule('Second wins', [{ url: missing }, { url: notAFont }, { url: 'x.eot', format: 'embedded-opentype' }, { url: otfUrl, format: 'opentype' }]),
      rule('Broken', [{ url: missing, format: 'woff2' }, { url: notAFont }]),
    ], loadBytes, diagnostics);
    expect(faces.map((f) => [f.family, f.url])).toEqual([['Second wins', otfUrl]]);
    const warnings = codes(diagnostics);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^font: @font-face "Broken" was ignored: .*missing\.woff: .*; data:font\/ttf;base64,…: not a usable font/);
  });

  it('skips a refused face with one warning per family (the read is still refused)', async () => {
    const deny = async (url: string): Promise<Uint8Array> => {
      throw new OctavoError('resource_denied', `${url} is outside the sandbox`);
    };
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([
      rule('Denied', [{ url: 'file:///etc/fonts/x.ttf' }]),
      rule('Denied', [{ url: 'file:///etc/fonts/y.ttf' }]),
    ], deny, diagnostics);
    expect(faces).toEqual([]);
    expect(codes(diagnostics)).toEqual(['font: @font-face "Denied" was ignored: file:///etc/fonts/x.ttf is outside the sandbox (and 1 more of its @font-face rules)']);
  });

  it('loads only the unicode-range subsets that hold a code point the document uses', async () => {
    const asked: string[] = [];
    const load = async (url: string): Promise<Uint8Array> => {
      asked.push(url);
      return fixtureBytes('weasyprint.otf');
    };
    const subset = (url: string, range: [number, number][]): FontFaceRule => ({ ...rule('Sub', [{ url }]), unicodeRange: range });
    const faces = await loadFontFaces([
      subset('file:///latin.otf', [[0x0, 0xff]]),
      subset('file:///cyrillic.otf', [[0x400, 0x4ff]]),
      subset('file:///greek.otf', [[0x370, 0x3ff]]),
    ], load, newDiagnostics(), { used: new Set([0x41, 0x3b1]) });
    expect(asked.sort()).toEqual(['file:///greek.otf', 'file:///latin.otf']);
    expect(faces.map((face) => face.url).sort()).toEqual(['file:///greek.otf', 'file:///latin.otf']);
  });

  it('parses the same bytes once and keeps face ids stable across renders', async () => {
    const registry = createFontRegistry({ extraFonts: [] });
    const render = async () => {
      const diagnostics = newDiagnostics();
      const faces = await loadFontFaces([rule('Same', [{ url: otfUrl }])], loadBytes, diagnostics);
      return { faces, text: registry.forRender({ faces, diagnostics }) };
    };
    const first = await render();
    const second = await render();
    expect(second.faces[0]?.program()).toBe(first.faces[0]?.program());
    const a = first.text.shape('abc', request({ families: ['Same'] }));
    const b = second.text.shape('abc', request({ families: ['Same'] }));
    expect(b).toBe(a); // the shaping cache hits across renders
    expect([...second.text.faces.keys()]).toEqual([...first.text.faces.keys()]);
    expect(a.runs[0]?.face.id).toMatch(/^F[0-9a-f]{12}_/);
    // The same file under other descriptors is another face.
    const other = await loadFontFaces([rule('Same', [{ url: otfUrl }], { weight: [700, 700] })], loadBytes, newDiagnostics());
    expect(other[0]?.key).not.toBe(first.faces[0]?.key);
  });

  it("reuses a URL's hash only for the same bytes", () => {
    const sha1 = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex');
    const url = 'file:///fonts/changing.otf';
    const otf = fixtureBytes('weasyprint.otf');
    const woff = fixtureBytes('weasyprint.woff');
    // a new copy of the same bytes (as a new read gives), then another file at that URL, then the first again
    const reused = (): number => cacheStats().find((stats) => stats.name === 'text.font-hash-by-url')?.hits ?? 0;
    expect(fontHash(url, otf)).toBe(sha1(otf));
    const before = reused();
    expect(fontHash(url, new Uint8Array(otf))).toBe(sha1(otf));
    expect(reused()).toBe(before + 1);
    expect(fontHash(url, woff)).toBe(sha1(woff));
    const changed = new Uint8Array(woff);
    changed[changed.length - 1] ^= 1;
    expect(fontHash(url, changed)).toBe(sha1(changed));
    expect(fontHash(url, otf)).toBe(sha1(otf));
    expect(fontHash(dataUrl, otf)).toBe(sha1(otf));
  });

  it('keeps a punctuation mark no listed family has in the fallback face of the letters before it, as Chromium 156', async () => {
    // Arabic after a face of Latin letters only: its letters fall back to DejaVu Sans, and so does the
    // full stop after them (a character of no script of its own), where the standard font, earlier
    // in the chain, took it alone; a full stop after Latin letters is the standard font's.
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([rule('Letters', [{ url: otfUrl }], { unicodeRange: [[0x41, 0x5a], [0x61, 0x7a]] })], loadBytes, diagnostics);
    const text = createFontRegistry({ extraFonts: [] }).forRender({ faces, diagnostics });
    const faceOf = (s: string): string[] => text.shape(s, request({ families: ['Letters'] })).runs.map((run) => `${run.face.family}: ${[...run.glyphs].length}`);
    expect(faceOf('\u0645\u0631\u062d\u0628\u0627.')).toEqual(['DejaVu Sans: 6']);
    expect(faceOf('\u0645\u0631\u062d\u0628\u0627 .')).toEqual(['DejaVu Sans: 7']);
    expect(runSummary(text.shape('ab.', request({ families: ['Letters'] })))).toEqual(['Letters: ab', 'Liberation Serif: .']);
  });

  it('hides bundled fonts of the same family name and honours unicode-range', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([
      rule('Arial', [{ url: otfUrl }], { unicodeRange: [[0x30, 0x39]] }),
    ], loadBytes, diagnostics);
    const text = createFontRegistry({ extraFonts: [] }).forRender({ faces, diagnostics });
    // Digits come from the @font-face face; letters are outside its unicode-range, and as the
    // family "Arial" now means that face only, they fall back — to the standard font first, the
    // list naming no generic family, as Chromium 156 prints them (Liberation Serif, not Sans).
    const shaped = text.shape('ab12', request({ families: ['Arial'] }));
    expect(runSummary(shaped)).toEqual(['Liberation Serif: ab', 'Arial: 12']);
    // The first available font is the first face whose range holds U+0020: here that fallback.
    expect(text.metrics(request({ families: ['Arial'], size: 16 })).ascent).toBeCloseTo((1825 * 16) / 2048, 9);
    // with a generic family in the list, that family's font draws them
    expect(runSummary(text.shape('ab12', request({ families: ['Arial', 'sans-serif'] })))).toEqual(['Liberation Sans: ab', 'Arial: 12']);
  });
});
