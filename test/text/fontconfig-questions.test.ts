/**
 * Names no font has are asked about in fontconfig (two process spawns each, ~17 ms): a render
 * asks about MAX_FONTCONFIG_QUESTIONS of them at most. A `font-family` list of 2,000 invented
 * names took 9.6 s in a fresh process before.
 */
import { describe, expect, test } from 'vitest';
import { createFontRegistry } from '../../src/text/fonts.js';
import { installedFontsIn } from '../../src/text/installed.js';
import type { InstalledFonts } from '../../src/text/installed.js';
import { MAX_FONTCONFIG_QUESTIONS } from '../../src/text/catalog.js';
import { codes, newDiagnostics, request, runSummary } from './helpers.js';

/** Installed fonts with no families, whose fontconfig answers nothing, counting the questions it would spawn for. */
function countingFontconfig(asked: string[], answered: Set<string>): InstalledFonts {
  return {
    ...installedFontsIn([]),
    substitute: (key) => {
      if (!answered.has(key)) asked.push(key);
      answered.add(key);
      return key === 'corporate sans' ? 'liberation sans' : undefined;
    },
    substituteKnown: (key) => answered.has(key),
  };
}

describe('fontconfig questions per render', () => {
  const invented = Array.from({ length: 100 }, (_, i) => `Invented ${i}`);

  test('a render asks about the first names only, passes over the rest with one warning, and prints with the next family', () => {
    const asked: string[] = [];
    const registry = createFontRegistry({ extraFonts: [], installed: countingFontconfig(asked, new Set()) });
    const diagnostics = newDiagnostics();
    const text = registry.forRender({ faces: [], diagnostics });
    expect(runSummary(text.shape('Hello', request({ families: [...invented, 'serif'] })))).toEqual(['Liberation Serif: Hello']);
    expect(asked).toHaveLength(MAX_FONTCONFIG_QUESTIONS);
    expect(codes(diagnostics)).toEqual([expect.stringMatching(/^font: font-family names no font has: fontconfig was asked about 32 of them in this document .* "invented 32" and the later ones are passed over/)]);
  });

  test('names asked before cost nothing: the next render goes on where the last stopped, and a name it has an answer for is used', () => {
    const asked: string[] = [];
    const answered = new Set<string>();
    const registry = createFontRegistry({ extraFonts: [], installed: countingFontconfig(asked, answered) });
    const families = [...invented, 'Corporate Sans', 'serif'];
    // 'Hello', shaped with names passed over, is not kept in the engine's cache with those fonts
    for (let i = 0; i < 3; i++) expect(runSummary(registry.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('Hello', request({ families })))).toEqual(['Liberation Serif: Hello']);
    // three renders of 32 new questions each
    expect(asked).toHaveLength(3 * MAX_FONTCONFIG_QUESTIONS);
    const diagnostics = newDiagnostics();
    // the fourth asks about the last 4 names, Corporate Sans (whose substitute prints the text) and serif
    expect(runSummary(registry.forRender({ faces: [], diagnostics }).shape('Hello', request({ families })))).toEqual(['Liberation Sans: Hello']);
    expect(asked).toHaveLength(100 + 2);
    expect(codes(diagnostics)).toEqual([]);
  });
});
