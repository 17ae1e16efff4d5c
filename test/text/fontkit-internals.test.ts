/**
 * The internals contract with fontkit (src/text/fontkit-internals.ts): the installed fontkit is
 * the one the private members were read from, every member listed is there with the shape octavo
 * uses, octavo's patches stay on its own font objects (another user of fontkit in the process
 * sees fontkit as published), and a member that changed fails loudly, naming it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONTKIT_CHECKED_VERSION, FONTKIT_INTERNALS, FontkitInternalsError, cffSubroutinesUsed, glyphRecordsOf, memoizeGlyphDecoding } from '../../src/text/fontkit-internals.js';
import { layoutProgram, parseFontBytes } from '../../src/text/fontkit.js';

const ROOT = join(import.meta.dirname, '..', '..');
const INSTALLED = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'fontkit', 'package.json'), 'utf8')) as { version: string }).version;
const SANS = readFileSync(join(ROOT, 'fonts', 'dejavu', 'DejaVuSans.ttf'));

/** A font as another user of fontkit in the process would have it. */
const foreignFont = (): Record<string, unknown> & { getGlyph(id: number): Record<string, unknown>; layout(text: string): unknown } =>
  fontkit.create(SANS) as never;

describe('fontkit internals contract', () => {
  it(`runs on the fontkit release its private members were read from (${FONTKIT_CHECKED_VERSION})`, () => {
    expect(INSTALLED, `fontkit ${INSTALLED} is installed; src/text/fontkit-internals.ts was checked against ${FONTKIT_CHECKED_VERSION}: re-check every member it lists, then update FONTKIT_CHECKED_VERSION`).toBe(FONTKIT_CHECKED_VERSION);
  });

  it.each(FONTKIT_INTERNALS.map((internal) => [internal.member, internal]))('finds %s', (member, internal) => {
    const [program] = parseFontBytes(SANS);
    layoutProgram(program!, 'office', { features: { liga: true, kern: true } });
    expect(internal.present(program as never), `fontkit ${INSTALLED}: ${member} (${internal.use}) is missing or has another shape`).toBe(true);
  });

  it('finds a CFF glyph\'s record of the subroutines its charstring called, and fails loudly without it', () => {
    const [cff] = parseFontBytes(readFileSync(join(ROOT, 'test', 'fixtures', 'fonts', 'weasyprint.otf')));
    const member = FONTKIT_INTERNALS.find((internal) => internal.member === 'CFFGlyph#_usedGsubrs/_usedSubrs')!;
    expect(member.present(cff as never)).toBe(true);
    const drawn = (cff as unknown as { glyphForCodePoint(c: number): { id: number } }).glyphForCodePoint(0x41).id;
    expect(cffSubroutinesUsed(cff!, drawn)).toEqual({ global: expect.any(Array), local: expect.any(Array) });
    const glyph = (cff as unknown as { getGlyph(id: number): Record<string, unknown> }).getGlyph(drawn);
    delete glyph['_usedSubrs'];
    expect(() => cffSubroutinesUsed(cff!, drawn)).toThrow('fontkit CFFGlyph#_usedGsubrs/_usedSubrs is missing or has another shape');
  });

  it('patches only the font objects octavo parsed, never a prototype', () => {
    const foreign = foreignFont();
    const glyphPrototype = Object.getPrototypeOf(foreign.getGlyph(0)) as Record<string, unknown>;
    const fontPrototype = Object.getPrototypeOf(foreign) as Record<string, unknown>;
    const before = { decode: glyphPrototype['_decode'], base: fontPrototype['_getBaseGlyph'] };

    const [program] = parseFontBytes(SANS);
    layoutProgram(program!, 'office', { features: { liga: true, kern: true } });
    const ours = (program as unknown as { getGlyph(id: number): Record<string, unknown> }).getGlyph(36);
    expect(Object.hasOwn(ours, '_decode')).toBe(true);
    expect((ours['_decode'] as () => unknown)()).toBe((ours['_decode'] as () => unknown)());

    expect({ decode: glyphPrototype['_decode'], base: fontPrototype['_getBaseGlyph'] }).toEqual(before);
    const theirs = foreignFont();
    theirs.layout('office');
    const glyph = theirs.getGlyph(36);
    expect(Object.hasOwn(glyph, '_decode')).toBe(false);
    expect((glyph['_decode'] as () => unknown)()).not.toBe((glyph['_decode'] as () => unknown)());
    const engine = (theirs['_layoutEngine'] as { engine: object }).engine;
    expect(Object.hasOwn(engine, 'cleanup')).toBe(false);
  });

  it('fails loudly, naming the member and the version, when a member is gone', () => {
    const withoutBaseGlyph = foreignFont();
    withoutBaseGlyph['_getBaseGlyph'] = undefined;
    expect(() => memoizeGlyphDecoding(withoutBaseGlyph, () => undefined)).toThrow(FontkitInternalsError);
    expect(() => memoizeGlyphDecoding(withoutBaseGlyph, () => undefined)).toThrow(`fontkit TTFFont#_getBaseGlyph is missing or has another shape: octavo uses it as fontkit ${FONTKIT_CHECKED_VERSION} has it`);

    const withoutCleanup = foreignFont();
    const engine = (withoutCleanup['_layoutEngine'] as { engine: Record<string, unknown> }).engine;
    engine['cleanup'] = 'renamed';
    expect(() => glyphRecordsOf(withoutCleanup)).toThrow('fontkit OTLayoutEngine#cleanup is missing or has another shape');
  });
});
