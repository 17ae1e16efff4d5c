/**
 * Test-only fonts for the pdf stage: real fontkit fonts from the repository's fonts/ folder,
 * wrapped as FontFace values and shaped into glyph display items. (fontkit belongs to src/text;
 * tests may load it directly to build fixtures, and only this file does.)
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Color } from '../../src/css/types.js';
import type { DisplayItem } from '../../src/paint/display-list.js';
import type { FontFace, ShapedGlyph } from '../../src/text/types.js';

interface FixtureGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: readonly number[];
}
interface FixtureFont {
  readonly postscriptName: string;
  readonly familyName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string, features?: Record<string, boolean>): {
    readonly glyphs: readonly FixtureGlyph[];
    readonly positions: readonly { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

const fontkit = createRequire(import.meta.url)('fontkit') as { openSync(path: string): FixtureFont };

export const FONT_FILES = {
  sans: 'fonts/dejavu/DejaVuSans.ttf',
  sansBold: 'fonts/dejavu/DejaVuSans-Bold.ttf',
  liberation: 'fonts/liberation/LiberationSans-Regular.ttf',
  serif: 'fonts/liberation/LiberationSerif-Regular.ttf',
  serifItalic: 'fonts/liberation/LiberationSerif-Italic.ttf',
  /** CFF outlines with local subroutines (bwip-js's copy, a dependency of octavo). */
  cff: 'node_modules/bwip-js/fonts/Inconsolata.otf',
} as const;

const cache = new Map<string, FontFace>();

/** A FontFace over a repository font, parsed once per test process. */
export function loadFace(file: keyof typeof FONT_FILES, flags: { syntheticBold?: boolean; syntheticOblique?: boolean } = {}): FontFace {
  const key = `${file}|${flags.syntheticBold === true}|${flags.syntheticOblique === true}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const path = fileURLToPath(new URL(`../../${FONT_FILES[file]}`, import.meta.url));
  const font = fontkit.openSync(path);
  const face: FontFace = {
    id: key,
    entryKey: key,
    family: font.familyName,
    postscriptName: font.postscriptName,
    weight: 400,
    style: 'normal',
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent,
    descent: font.descent,
    lineGap: font.lineGap,
    xHeight: font.xHeight,
    capHeight: font.capHeight,
    underlinePosition: font.underlinePosition,
    underlineThickness: font.underlineThickness,
    glyphBounds: undefined,
    program: font,
    syntheticBold: flags.syntheticBold === true,
    syntheticOblique: flags.syntheticOblique === true,
    hasGlyphFor: (codePoint) => font.hasGlyphForCodePoint(codePoint),
  };
  cache.set(key, face);
  return face;
}

/** Shapes `text` (with ligatures) at `size` px. */
export function shape(face: FontFace, text: string, size: number): ShapedGlyph[] {
  const font = face.program as FixtureFont;
  const run = font.layout(text, { liga: true, kern: true });
  const scale = size / face.unitsPerEm;
  return run.glyphs.map((glyph, i) => ({
    id: glyph.id,
    advance: run.positions[i]!.xAdvance * scale,
    xOffset: run.positions[i]!.xOffset * scale,
    yOffset: run.positions[i]!.yOffset * scale,
    codePoints: [...glyph.codePoints],
  }));
}

export interface GlyphItemOptions {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly color?: Color;
  /** Extra px added after every glyph (letter-spacing). */
  readonly spacing?: number;
}

/** A `glyphs` display item for `text`, as paint would produce it. */
export function glyphItem(face: FontFace, text: string, options: GlyphItemOptions): DisplayItem {
  const glyphs = shape(face, text, options.size);
  return {
    kind: 'glyphs',
    x: options.x,
    y: options.y,
    face,
    size: options.size,
    color: options.color ?? { r: 0, g: 0, b: 0, a: 1 },
    glyphs,
    advances: glyphs.map((g) => g.advance + (options.spacing ?? 0)),
    syntheticBold: face.syntheticBold ? options.size / 24 : 0,
    syntheticOblique: face.syntheticOblique,
  };
}
