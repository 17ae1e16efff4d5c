import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFontRegistry } from '../../src/text/fonts.js';
import { FIXTURES, newDiagnostics, request, runSummary } from './helpers.js';

const folder = fileURLToPath(FIXTURES);

describe('engine extra fonts', () => {
  it('registers the fonts of a folder under their family names', () => {
    const diagnostics = newDiagnostics();
    const text = createFontRegistry({ extraFonts: [folder] }).forRender({ faces: [], diagnostics });
    const shaped = text.shape('abc', request({ families: ['WeasyPrint', 'serif'], size: 10 }));
    expect(runSummary(shaped)).toEqual(['WeasyPrint: abc']);
    expect(shaped.width).toBeCloseTo(30, 9);
    expect(shaped.runs[0]?.face.id).toMatch(/^X\d+_WeasyPrint$/);
    // Bold is synthesized: the family has a regular face only.
    expect(text.shape('abc', request({ families: ['weasyprint'], weight: 700 })).runs[0]?.face.syntheticBold).toBe(true);
    expect(diagnostics.list()).toEqual([]);
  });

  it('accepts a single font file', () => {
    const text = createFontRegistry({ extraFonts: [fileURLToPath(new URL('weasyprint.woff', FIXTURES))] })
      .forRender({ faces: [], diagnostics: newDiagnostics() });
    expect(text.shape('a', request({ families: ['WeasyPrint'] })).runs[0]?.face.family).toBe('WeasyPrint');
  });

  it('rejects a path that does not exist or a file that is not a font', () => {
    expect(() => createFontRegistry({ extraFonts: [`${folder}/nope.ttf`] })).toThrow(expect.objectContaining({ code: 'invalid_options' }));
    expect(() => createFontRegistry({ extraFonts: [`${folder}/LICENSE`] })).toThrow(/not a usable font file/);
  });
});
