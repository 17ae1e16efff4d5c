/**
 * Upright glyphs in vertical text (CSS Writing Modes 3 §5.1): a vertical text is cut into pieces
 * set upright or turned sideways (`text-orientation`, Unicode's Vertical_Orientation for `mixed`);
 * upright pieces are shaped with the font's vertical forms (`vert`, `vrt2`: the corner 、。 and
 * turned brackets 「」 of CJK fonts) and advance by the glyphs' vertical advances (`vmtx`, else 1em).
 */
import type { FontRequest, GlyphRun, ShapedGlyph } from './types.js';
import type { FontProgram } from './fontkit.js';
import { verticalGlyphMetrics } from './fontkit.js';
import { isUprightInMixed } from './vertical-orientation.js';

export interface OrientedPiece {
  readonly text: string;
  readonly upright: boolean;
}

/** The text in pieces of one orientation, in logical order (a combining mark stays with its base). */
export function orientedPieces(text: string, orientation: 'mixed' | 'upright'): OrientedPiece[] {
  if (orientation === 'upright') return [{ text, upright: true }];
  const pieces: OrientedPiece[] = [];
  let start = 0;
  let current: boolean | undefined;
  let index = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    // marks and joiners take their base's orientation
    const upright = /\p{M}|\p{Cf}/u.test(char) && current !== undefined ? current : isUprightInMixed(cp);
    if (current !== undefined && upright !== current) {
      pieces.push({ text: text.slice(start, index), upright: current });
      start = index;
    }
    current = upright;
    index += char.length;
  }
  if (current !== undefined) pieces.push({ text: text.slice(start), upright: current });
  return pieces;
}

const uprightRequests = new WeakMap<FontRequest, FontRequest>();

/** The request with the vertical forms on (CSS Writing Modes 3 §5.1.1: `vert`, or `vrt2`). */
export function uprightRequest(request: FontRequest): FontRequest {
  let upright = uprightRequests.get(request);
  if (upright === undefined) {
    upright = Object.freeze({ ...request, vertical: undefined, features: Object.freeze({ vert: 1, vrt2: 1, ...request.features }) });
    uprightRequests.set(request, upright);
  }
  return upright;
}

/** A run shaped horizontally, made upright: vertical advances, no horizontal positioning. */
export function uprightRun(run: GlyphRun): GlyphRun {
  const { face, size } = run;
  const scale = size / face.unitsPerEm;
  const program = face.program as FontProgram;
  const glyphs = run.glyphs.map((glyph): ShapedGlyph => {
    const metrics = verticalGlyphMetrics(program, glyph.id, face.ascent);
    const upright = { originY: metrics.originY * scale, width: horizontalAdvance(program, glyph.id, face.unitsPerEm) * scale };
    return { ...glyph, advance: glyph.advance === 0 ? 0 : metrics.advance * scale, xOffset: 0, yOffset: 0, upright };
  });
  const total = glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
  return { ...run, glyphs, width: total, upright: { ascent: face.ascent * scale, descent: -face.descent * scale } };
}

function horizontalAdvance(program: FontProgram, id: number, fallback: number): number {
  const getGlyph = (program as unknown as { getGlyph?: (id: number) => { readonly advanceWidth: number } }).getGlyph;
  return typeof getGlyph === 'function' ? getGlyph.call(program, id).advanceWidth : fallback;
}
