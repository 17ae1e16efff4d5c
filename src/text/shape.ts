/**
 * Shaping one run of text in one face: fontkit's OpenType layout (GSUB substitutions such as
 * ligatures, GPOS/kern positioning), advances scaled from font units to px.
 */
import type { FontFace, GlyphRun, ShapedGlyph } from './types.js';
import type { FontProgram, LaidOutGlyph } from './fontkit.js';
import { layoutProgram } from './fontkit.js';
import { mirroredCodePoint } from './bidi.js';

export interface ShapeRunInput {
  readonly face: FontFace;
  readonly text: string;
  /** px */
  readonly size: number;
  readonly features: Readonly<Record<string, boolean>>;
  /** Shaping direction (the bidi level's); right-to-left also mirrors brackets (UAX #9 L4). */
  readonly direction?: 'ltr' | 'rtl';
}

export interface ShapeRunResult {
  readonly run: GlyphRun;
  /** Set when the font's layout tables failed and glyphs were mapped one to one instead. */
  readonly degraded?: string;
}

export function shapeRun(input: ShapeRunInput): ShapeRunResult {
  const program = input.face.program as FontProgram;
  let laid: readonly LaidOutGlyph[];
  let degraded: string | undefined;
  try {
    const rtl = input.direction === 'rtl';
    laid = layoutProgram(program, input.text, input.features, input.direction, rtl ? mirroredCodePoint : undefined);
  } catch (error) {
    degraded = error instanceof Error ? error.message : String(error);
    const fallback = layoutWithoutTables(program, input.text);
    laid = input.direction === 'rtl' ? fallback.reverse() : fallback;
  }
  const run = toGlyphRun(input, laid);
  return degraded === undefined ? { run } : { run, degraded };
}

function toGlyphRun(input: ShapeRunInput, laid: readonly LaidOutGlyph[]): GlyphRun {
  const scale = input.size / input.face.unitsPerEm;
  const glyphs: ShapedGlyph[] = new Array<ShapedGlyph>(laid.length);
  let width = 0;
  for (let i = 0; i < laid.length; i++) {
    const { glyph, position, codePoints } = laid[i] as LaidOutGlyph;
    const advance = position.xAdvance * scale;
    width += advance;
    glyphs[i] = {
      id: glyph.id,
      advance,
      xOffset: position.xOffset * scale,
      yOffset: position.yOffset * scale,
      codePoints,
    };
  }
  return { face: input.face, size: input.size, glyphs, width, text: input.text };
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
