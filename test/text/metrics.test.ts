import { describe, expect, it } from 'vitest';
import { createFontRegistry } from '../../src/text/fonts.js';
import { newDiagnostics, request } from './helpers.js';

describe('TextSystem.metrics', () => {
  const text = createFontRegistry({ extraFonts: [] }).forRender({ faces: [], diagnostics: newDiagnostics() });

  it('Liberation Sans at 16px uses hhea 1854/434/67 of 2048: line-height normal 18.4px as in Chromium', () => {
    const m = text.metrics(request({ families: ['Arial'], size: 16 }));
    expect(m.ascent).toBeCloseTo((1854 * 16) / 2048, 9);
    expect(m.ascent).toBeCloseTo(14.48, 2);
    expect(m.descent).toBeCloseTo(3.39, 2);
    expect(m.lineGap).toBeCloseTo((67 * 16) / 2048, 9);
    expect(m.ascent + m.descent + m.lineGap).toBeCloseTo(18.4, 1);
  });

  it('scales x-height, cap height and underline (OS/2 and post tables) with the size', () => {
    const m = text.metrics(request({ families: ['Liberation Sans'], size: 20.48 }));
    expect(m.xHeight).toBeCloseTo(10.82, 9);
    expect(m.capHeight).toBeCloseTo(14.09, 9);
    expect(m.underlinePosition).toBeCloseTo(0.67, 9); // post.underlinePosition -67: below the baseline
    expect(m.underlineThickness).toBeCloseTo(1.5, 9);
  });

  it('takes the metrics of the first available font of the request', () => {
    const serif = text.metrics(request({ families: ['Nope', 'Liberation Serif'], size: 16 }));
    expect(serif.ascent).toBeCloseTo((1825 * 16) / 2048, 9);
    const mono = text.metrics(request({ families: ['monospace'], size: 16 }));
    expect(mono.descent).toBeCloseTo((615 * 16) / 2048, 9);
    expect(mono.lineGap).toBe(0);
    const dejavu = text.metrics(request({ families: ['DejaVu Sans'], size: 16 }));
    expect(dejavu.ascent).toBeCloseTo((1901 * 16) / 2048, 9);
  });

  it('does not mark faces as used: only shape() does', () => {
    expect(text.faces.size).toBe(0);
  });
});
