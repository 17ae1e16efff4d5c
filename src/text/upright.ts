/**
 * Upright glyphs in vertical text (CSS Writing Modes 3 §5.1): a vertical text is cut into pieces
 * set upright or turned sideways (`text-orientation`, Unicode's Vertical_Orientation for `mixed`);
 * upright pieces are shaped with the font's vertical forms (`vert`, `vrt2`: the corner 、。 and
 * turned brackets 「」 of CJK fonts) and advance by the glyphs' vertical advances (`vmtx`; a font
 * without one, as most Latin fonts: its height, the whole-pixel ascent and descent its lines use,
 * as Chromium synthesizes it) plus what the font's vertical GPOS features asked for add (`vkrn`,
 * `vpal`, `vhal`, `valt`).
 */
import type { FontRequest, GlyphRun, ShapedGlyph } from './types.js';
import type { FkPosition, FontProgram } from './fontkit.js';
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

/**
 * What HarfBuzz (and so Chromium) leaves off in vertical text: the horizontal features (kerning
 * along x, ligatures, contextual alternates, cursive attachment). A style can turn them on again.
 */
const HORIZONTAL_ONLY: Readonly<Record<string, number>> = { kern: 0, liga: 0, clig: 0, calt: 0, rclt: 0, curs: 0 };

/**
 * The request with the vertical forms on (CSS Writing Modes 3 §5.1.1: `vert`, or `vrt2`) and the
 * horizontal-only features off; `vkrn` and `vpal` come from the style (request.ts).
 */
export function uprightRequest(request: FontRequest): FontRequest {
  let upright = uprightRequests.get(request);
  if (upright === undefined) {
    upright = Object.freeze({ ...request, vertical: undefined, upright: true, features: Object.freeze({ ...HORIZONTAL_ONLY, vert: 1, vrt2: 1, ...request.features }) });
    uprightRequests.set(request, upright);
  }
  return upright;
}

/**
 * A run shaped with the glyphs' horizontal metrics, made upright: vertical advances, and of the
 * GPOS positions (font units, `positions[i]` for glyph i) what a vertical layout reads, as
 * HarfBuzz does for a top-to-bottom run: the y advance added to the vertical advance, the x and y
 * placement moving the glyph. x advances are horizontal kerning, not used. A glyph without
 * advance (a mark) keeps no placement: fontkit attaches marks along x only.
 */
export function uprightRun(run: GlyphRun, positions: readonly FkPosition[] = []): GlyphRun {
  const { face, size } = run;
  const scale = size / face.unitsPerEm;
  const program = face.program as FontProgram;
  // in font units, so that GPOS adjustments add to it as to a vmtx advance
  const synthesized = (Math.round(face.ascent * scale) + Math.round(-face.descent * scale)) / scale;
  const glyphs = run.glyphs.map((glyph, i): ShapedGlyph => {
    const metrics = verticalGlyphMetrics(program, glyph.id, face.ascent);
    const position = glyph.advance === 0 ? undefined : positions[i];
    // GPOS y grows upwards, down the line is +y in the upright glyph's frame
    const placement = position === undefined || (position.xOffset === 0 && position.yOffset === 0) ? undefined : { x: position.xOffset * scale, y: -position.yOffset * scale };
    const upright = { originY: metrics.originY * scale, width: horizontalAdvance(program, glyph.id, face.unitsPerEm) * scale, ...(placement === undefined ? {} : { placement }) };
    const advance = glyph.advance === 0 ? 0 : ((metrics.advance ?? synthesized) + (position?.yAdvance ?? 0)) * scale;
    return { ...glyph, advance, xOffset: 0, yOffset: 0, upright };
  });
  const total = glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
  return { ...run, glyphs, width: total, upright: { ascent: face.ascent * scale, descent: -face.descent * scale } };
}

function horizontalAdvance(program: FontProgram, id: number, fallback: number): number {
  const getGlyph = (program as unknown as { getGlyph?: (id: number) => { readonly advanceWidth: number } }).getGlyph;
  return typeof getGlyph === 'function' ? getGlyph.call(program, id).advanceWidth : fallback;
}
