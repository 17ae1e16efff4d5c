/**
 * Shaping one run of text in one face: fontkit's OpenType layout (GSUB substitutions such as
 * ligatures, GPOS/kern positioning), advances scaled from font units to px (text/advance.ts);
 * upright glyphs of vertical text take their vertical metrics and positions (upright.ts).
 */
import type { FontFace, GlyphRun, ShapedGlyph } from './types.js';
import type { FontProgram, LaidOutGlyph } from './fontkit.js';
import { layoutProgram } from './fontkit.js';
import { firstStrongLevel, mirroredCodePoint } from './bidi.js';
import { fastLayout } from './fast-layout.js';
import { glyphAdvance, type GlyphAdvances } from './advance.js';
import { uprightRun } from './upright.js';

export interface ShapeRunInput {
  readonly face: FontFace;
  readonly text: string;
  /** px */
  readonly size: number;
  readonly features: Readonly<Record<string, boolean>>;
  /** Shaping direction (the bidi level's); right-to-left also mirrors brackets (UAX #9 L4). */
  readonly direction?: 'ltr' | 'rtl';
  /** How advances are sized (text/advance.ts); default exact. */
  readonly advances?: GlyphAdvances;
  /** Set upright in vertical text (upright.ts). */
  readonly upright?: boolean;
  /** The OpenType language system to shape with (opentype-language.ts); the font's default one when absent. */
  readonly language?: string;
  /** The OpenType script tag to shape with; fontkit finds the text's own when absent. */
  readonly script?: string;
}

export interface ShapeRunResult {
  readonly run: GlyphRun;
  /** Set when the font's layout tables failed and glyphs were mapped one to one instead. */
  readonly degraded?: string;
}

/**
 * Shapes with the font's layout tables, or, when fontkit fails on the font (a table, a glyph's
 * outline it cannot read, a glyph id the font does not have), maps the characters one to one
 * to the glyphs that can be read (`degraded` says why).
 */
export function shapeRun(input: ShapeRunInput): ShapeRunResult {
  const program = input.face.program as FontProgram;
  try {
    return { run: shapeWithTables(input, program) };
  } catch (error) {
    const fallback = layoutWithoutTables(program, input.text);
    const run = orientedRun(input, input.direction === 'rtl' ? fallback.reverse() : fallback);
    return { run, degraded: error instanceof Error ? error.message : String(error) };
  }
}

function shapeWithTables(input: ShapeRunInput, program: FontProgram): GlyphRun {
  // (colour glyphs advance by their bitmaps: always through toGlyphRun; upright glyphs need their vertical positions)
  const fast = input.face.color === undefined && input.upright !== true ? fastLayout(program, input.text, { features: input.features, direction: input.direction, language: input.language, script: input.script }, { scale: input.size / input.face.unitsPerEm, advances: input.advances }) : undefined;
  if (fast !== undefined) return { face: input.face, size: input.size, glyphs: fast.glyphs, width: fast.width, text: input.text };
  const laid = layoutBounded(program, input);
  // a damaged GSUB can substitute a glyph id past the font's glyphs, which no PDF subset holds
  for (const { glyph } of laid) {
    if (glyph.id >= program.numGlyphs) throw new Error(`its layout tables give glyph ${glyph.id}, which the font does not have (${program.numGlyphs} glyphs)`);
  }
  return orientedRun(input, laid);
}

/**
 * Most combining marks in a row shaped in one fontkit call. fontkit looks back over the marks
 * before each mark it attaches (GPOS mark positioning), so one base with 100,000 accents took a
 * minute in a single call, out of reach of the render's time limit. Longer rows are shaped in
 * pieces, the marks past each 32 placed as the font places a mark with no base. (Unicode's
 * Stream-Safe Text Format, UAX #15 §13, holds rows to 30.)
 */
const MAX_MARKS_IN_A_ROW = 32;
const LONG_MARK_ROW = new RegExp(`\\p{M}{${MAX_MARKS_IN_A_ROW + 1}}`, 'u');
const MARK = /\p{M}/u;

function layoutBounded(program: FontProgram, input: ShapeRunInput): LaidOutGlyph[] {
  const { features, language, script } = input;
  if (!LONG_MARK_ROW.test(input.text)) return layoutProgram(program, input.text, { features, direction: input.direction, language, script, mirror: input.direction === 'rtl' ? mirroredCodePoint : undefined });
  // one direction for every piece (a piece of marks alone has none of its own); right-to-left
  // pieces come back in visual order, so the last piece goes first
  const direction = input.direction ?? (firstStrongLevel(input.text) === 1 ? 'rtl' : 'ltr');
  const mirror = direction === 'rtl' ? mirroredCodePoint : undefined;
  const pieces = markRowPieces(input.text).map((piece) => layoutProgram(program, piece, { features, direction, language, script, mirror }));
  return (direction === 'rtl' ? pieces.reverse() : pieces).flat();
}

/** The text cut after every MAX_MARKS_IN_A_ROW marks of a row. */
function markRowPieces(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let row = 0;
  let at = 0;
  for (const char of text) {
    row = MARK.test(char) ? row + 1 : 0;
    if (row > MAX_MARKS_IN_A_ROW) {
      pieces.push(text.slice(start, at));
      start = at;
      row = 1;
    }
    at += char.length;
  }
  pieces.push(text.slice(start));
  return pieces;
}

function orientedRun(input: ShapeRunInput, laid: readonly LaidOutGlyph[]): GlyphRun {
  const horizontal = toGlyphRun(input, laid);
  return input.upright === true ? uprightRun(horizontal, laid.map((glyph) => glyph.position)) : horizontal;
}

function toGlyphRun(input: ShapeRunInput, laid: readonly LaidOutGlyph[]): GlyphRun {
  const scale = input.size / input.face.unitsPerEm;
  const glyphs: ShapedGlyph[] = new Array<ShapedGlyph>(laid.length);
  let width = 0;
  for (let i = 0; i < laid.length; i++) {
    const { glyph, position, codePoints, cluster } = laid[i] as LaidOutGlyph;
    // Default ignorables (ZWJ, ZWNJ, bidi marks...) take no room and draw nothing, whatever the font has.
    const ignorable = codePoints.length > 0 && codePoints.every(isDefaultIgnorable);
    const advance = ignorable ? 0 : colorAdvance(input, glyph.id) ?? glyphAdvance(glyph.advanceWidth, position.xAdvance, scale, input.advances ?? 'exact');
    width += advance;
    const shaped: ShapedGlyph = {
      id: ignorable ? spaceGlyph(input.face.program as FontProgram) : glyph.id,
      advance,
      xOffset: position.xOffset * scale,
      yOffset: position.yOffset * scale,
      codePoints,
    };
    // (a field of its own on those few glyphs: the others keep one shape)
    glyphs[i] = cluster === undefined ? shaped : { ...shaped, cluster };
  }
  return { face: input.face, size: input.size, glyphs, width, text: input.text };
}

/** A colour bitmap glyph advances by its bitmap's advance, as FreeType reports it for CBDT strikes. */
function colorAdvance(input: ShapeRunInput, id: number): number | undefined {
  const bitmap = input.face.color?.glyph(id);
  return bitmap === undefined ? undefined : (bitmap.advance * input.size) / bitmap.ppem;
}

/**
 * Default_Ignorable_Code_Point (Unicode DerivedCoreProperties) without U+115F, U+1160, U+3164
 * and U+FFA0, as HarfBuzz treats them.
 */
export function isDefaultIgnorable(cp: number): boolean {
  return cp === 0xad || cp === 0x34f || cp === 0x61c || cp === 0x17b4 || cp === 0x17b5 || (cp >= 0x180b && cp <= 0x180f)
    || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f)
    || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff || (cp >= 0xfff0 && cp <= 0xfff8) || (cp >= 0x1bca0 && cp <= 0x1bca3)
    || (cp >= 0x1d173 && cp <= 0x1d17a) || (cp >= 0xe0000 && cp <= 0xe0fff);
}

const spaceGlyphs = new WeakMap<FontProgram, number>();

/** The glyph drawn for an ignorable character: the font's space (invisible), as fontkit does. */
function spaceGlyph(program: FontProgram): number {
  let id = spaceGlyphs.get(program);
  if (id === undefined) {
    try {
      id = program.hasGlyphForCodePoint(0x20) ? program.glyphForCodePoint(0x20).id : 0;
    } catch {
      id = 0;
    }
    spaceGlyphs.set(program, id);
  }
  return id;
}

/** Last resort for a font whose GSUB/GPOS cannot be read: cmap glyphs with their hmtx advances. */
function layoutWithoutTables(program: FontProgram, text: string): LaidOutGlyph[] {
  const laid: LaidOutGlyph[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    let id = 0;
    let advance = program.unitsPerEm / 2;
    try {
      const glyph = program.glyphForCodePoint(cp);
      id = glyph.id;
      advance = glyph.advanceWidth;
    } catch {
      // Keep .notdef with a half-em advance.
    }
    laid.push({
      glyph: { id, codePoints: [cp], advanceWidth: advance, bbox: { minX: 0, minY: 0, maxX: 0, maxY: 0 } },
      position: { xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0 },
      codePoints: [cp],
    });
  }
  return laid;
}
