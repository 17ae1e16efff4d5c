import { describe, expect, it } from 'vitest';
import { parsedBundledCount } from '../../src/text/bundled.js';
import { createFontRegistry } from '../../src/text/fonts.js';
import { newDiagnostics, request } from './helpers.js';

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
});
