import { describe, expect, it } from 'vitest';
import type { FontStyle } from '../../src/css/types.js';
import type { FaceDescriptors } from '../../src/text/face.js';
import { selectFaces, synthesisFor } from '../../src/text/match.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { loadFontFaces } from '../../src/text/fonts.js';
import { FIXTURES, loadBytes, newDiagnostics, request } from './helpers.js';

interface Face extends FaceDescriptors {
  readonly name: string;
}

function face(name: string, weight: number | [number, number], style: FontStyle = 'normal', stretch = 100): Face {
  const range: [number, number] = typeof weight === 'number' ? [weight, weight] : weight;
  return { name, weight: range, style, stretch: [stretch, stretch] };
}

const pick = (faces: readonly Face[], weight: number, style: FontStyle = 'normal', stretch = 100): string[] =>
  selectFaces(faces, { weight, style, stretch }).map((f) => f.name);

describe('CSS Fonts 4 §5.2 weight matching', () => {
  const regularBold = [face('400', 400), face('700', 700)];

  it('picks 400 or 700 for every weight from 100 to 900 as the spec orders them', () => {
    const chosen = [100, 200, 300, 400, 500, 600, 700, 800, 900].map((w) => pick(regularBold, w)[0]);
    expect(chosen).toEqual(['400', '400', '400', '400', '400', '700', '700', '700', '700']);
  });

  it('for 400-500 tries heavier weights up to 500 first, then lighter, then above 500', () => {
    const faces = [face('300', 300), face('450', 450), face('600', 600)];
    expect(pick(faces, 400)).toEqual(['450']);
    expect(pick([face('300', 300), face('600', 600)], 400)).toEqual(['300']);
    expect(pick([face('600', 600), face('800', 800)], 500)).toEqual(['600']);
  });

  it('below 400 prefers lighter faces (descending), above 500 heavier ones (ascending)', () => {
    const faces = [face('100', 100), face('200', 200), face('500', 500), face('800', 800), face('900', 900)];
    expect(pick(faces, 300)).toEqual(['200']);
    expect(pick(faces, 600)).toEqual(['800']);
    expect(pick([face('300', 300), face('500', 500)], 700)).toEqual(['500']);
    expect(pick([face('500', 500), face('700', 700)], 250)).toEqual(['500']);
  });

  it('a face with a weight range matches any weight inside it', () => {
    const faces = [face('var', [100, 900]), face('bold', 700)];
    expect(pick(faces, 650)).toEqual(['var']);
  });
});

describe('style and stretch matching', () => {
  it('italic falls back to oblique, then normal', () => {
    expect(pick([face('n', 400), face('o', 400, 'oblique'), face('i', 400, 'italic')], 400, 'italic')).toEqual(['i']);
    expect(pick([face('n', 400), face('o', 400, 'oblique')], 400, 'italic')).toEqual(['o']);
    expect(pick([face('n', 400)], 400, 'italic')).toEqual(['n']);
  });

  it('oblique falls back to italic; normal prefers normal, then oblique', () => {
    expect(pick([face('n', 400), face('i', 400, 'italic')], 400, 'oblique')).toEqual(['i']);
    expect(pick([face('o', 400, 'oblique'), face('i', 400, 'italic')], 400, 'normal')).toEqual(['o']);
  });

  it('style narrows before weight', () => {
    const faces = [face('n400', 400), face('i700', 700, 'italic')];
    expect(pick(faces, 400, 'italic')).toEqual(['i700']);
  });

  it('stretch narrows first: narrower widths for condensed requests, wider for expanded', () => {
    const faces = [face('cond', 400, 'normal', 75), face('norm', 400, 'normal', 100), face('exp', 400, 'normal', 125)];
    expect(pick(faces, 400, 'normal', 87.5)).toEqual(['cond']);
    expect(pick(faces, 400, 'normal', 112.5)).toEqual(['exp']);
    expect(pick([face('norm', 400), face('exp', 400, 'normal', 125)], 400, 'normal', 62.5)).toEqual(['norm']);
  });

  it('synthesizes bold and oblique only when the chosen faces lack them', () => {
    expect(synthesisFor([face('r', 400)], { weight: 700, style: 'italic', stretch: 100 })).toEqual({ bold: true, oblique: true });
    expect(synthesisFor([face('b', 700, 'italic')], { weight: 900, style: 'italic', stretch: 100 })).toEqual({ bold: false, oblique: false });
    expect(synthesisFor([face('r', 400)], { weight: 500, style: 'normal', stretch: 100 })).toEqual({ bold: false, oblique: false });
  });

  it('synthesizes neither where font-synthesis forbids it', () => {
    const wanted = { weight: 700, style: 'italic', stretch: 100 } as const;
    expect(synthesisFor([face('r', 400)], { ...wanted, synthesis: { weight: false, style: true, smallCaps: true } })).toEqual({ bold: false, oblique: true });
    expect(synthesisFor([face('r', 400)], { ...wanted, synthesis: { weight: true, style: false, smallCaps: true } })).toEqual({ bold: true, oblique: false });
  });
});

describe('matching through the registry', () => {
  const registry = createFontRegistry({ extraFonts: [] });

  it('uses the real bold and italic Liberation faces', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const bold = text.shape('Hi', request({ families: ['Arial'], weight: 700, style: 'italic' })).runs[0]?.face;
    expect(bold?.postscriptName).toBe('LiberationSans-BoldItalic');
    expect(bold?.syntheticBold).toBe(false);
    expect(bold?.syntheticOblique).toBe(false);
    const light = text.shape('Hi', request({ families: ['Times New Roman'], weight: 300 })).runs[0]?.face;
    expect(light?.postscriptName).toBe('LiberationSerif');
  });

  it('italic asked of DejaVu Sans gets its oblique face, not a synthetic one', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const run = text.shape('Hi', request({ families: ['DejaVu Sans'], style: 'italic' })).runs[0];
    expect(run?.face.postscriptName).toBe('DejaVuSans-Oblique');
    expect(run?.face.syntheticOblique).toBe(false);
  });

  it('synthesizes bold and oblique for a family that only has a regular face', async () => {
    const diagnostics = newDiagnostics();
    const faces = await loadFontFaces([{
      family: 'Only Regular',
      sources: [{ url: new URL('weasyprint.otf', FIXTURES).href }],
      weight: [400, 400],
      style: 'normal',
      stretch: [100, 100],
      unicodeRange: [],
    }], loadBytes, diagnostics);
    const text = registry.forRender({ faces, diagnostics });
    const regular = text.shape('abc', request({ families: ['Only Regular'] })).runs[0]?.face;
    const bold = text.shape('abc', request({ families: ['Only Regular'], weight: 700 })).runs[0]?.face;
    const italic = text.shape('abc', request({ families: ['only regular'], style: 'italic' })).runs[0]?.face;
    expect(regular?.syntheticBold).toBe(false);
    expect(bold?.syntheticBold).toBe(true);
    expect(bold?.syntheticOblique).toBe(false);
    expect(italic?.syntheticOblique).toBe(true);
    expect(new Set([regular?.id, bold?.id, italic?.id]).size).toBe(3);
    expect(bold?.program).toBe(regular?.program);
    expect([...text.faces.keys()].sort()).toEqual([regular?.id, bold?.id, italic?.id].sort());
    expect(diagnostics.list()).toEqual([]);
  });

  it('generic and common family names resolve to the bundled fonts; unknown ones to serif', () => {
    const text = registry.forRender({ faces: [], diagnostics: newDiagnostics() });
    const psName = (families: string[]): string | undefined => text.shape('a', request({ families })).runs[0]?.face.postscriptName;
    expect(psName(['sans-serif'])).toBe('LiberationSans');
    expect(psName(['Helvetica Neue'])).toBe('LiberationSans');
    expect(psName(['system-ui'])).toBe('LiberationSans');
    expect(psName(['"Nope"', 'Times'])).toBe('LiberationSerif');
    expect(psName(['monospace'])).toBe('LiberationMono');
    expect(psName(['Courier New'])).toBe('LiberationMono');
    expect(psName(['DejaVu Sans'])).toBe('DejaVuSans');
    expect(psName(['No Such Font'])).toBe('LiberationSerif');
    expect(psName([])).toBe('LiberationSerif');
  });
});
