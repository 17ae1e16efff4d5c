/**
 * The pdf stage's font subsetter: TrueType (glyf) fonts are subset here from their raw tables,
 * variation instances from their varied outlines, everything else (CFF-flavoured OpenType, WOFF2,
 * malformed tables) by fontkit, through PDFKit, as before.
 */
import { trueTypeFace, type Hinting } from './face.js';
import { createTrueTypeSubset, type TrueTypeSubset } from './truetype.js';

export type { Hinting } from './face.js';
export type { FontSubset, TrueTypeSubset } from './truetype.js';

export interface SubsetOptions {
  /** Keep the TrueType instructions (cvt, fpgm, prep and per-glyph); default 'keep'. */
  readonly hinting?: Hinting;
}

/** A subset of the parsed font `program` for one document, or undefined when fontkit's must be used. */
export function createFontSubset(program: object, options: SubsetOptions = {}): TrueTypeSubset | undefined {
  const face = trueTypeFace(program);
  return face.ok ? createTrueTypeSubset(face.face, options.hinting ?? 'keep') : undefined;
}

/** Why `program` is not subset here (undefined when it is). */
export function subsetFallbackReason(program: object): string | undefined {
  const face = trueTypeFace(program);
  return face.ok ? undefined : face.reason;
}
