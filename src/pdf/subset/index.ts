/**
 * The pdf stage's font subsetter: TrueType (glyf) fonts are subset here from their raw tables,
 * variation instances from their varied outlines, CFF-flavoured OpenType fonts from their `CFF `
 * table (cff.ts), everything else (CFF2, WOFF2 collections, malformed tables) by fontkit, through
 * PDFKit, as before.
 */
import { trueTypeFace, type Hinting } from './face.js';
import { createTrueTypeSubset, type TrueTypeSubset } from './truetype.js';
import { createCffSubset, type CffSubset } from './cff.js';
import { cffFaceOf } from '../../text/fontkit.js';

export type { Hinting } from './face.js';
export type { FontSubset, TrueTypeSubset } from './truetype.js';
export type { CffSubset } from './cff.js';

/** A document's subset of one font, by the outlines it holds. */
export type OctavoSubset = { readonly format: 'truetype'; readonly subset: TrueTypeSubset } | { readonly format: 'cff'; readonly subset: CffSubset };

export interface SubsetOptions {
  /** Keep the TrueType instructions (cvt, fpgm, prep and per-glyph); default 'keep'. */
  readonly hinting?: Hinting;
}

/** A TrueType subset of the parsed font `program` for one document, or undefined when it has other outlines. */
export function createFontSubset(program: object, options: SubsetOptions = {}): TrueTypeSubset | undefined {
  const face = trueTypeFace(program);
  return face.ok ? createTrueTypeSubset(face.face, options.hinting ?? 'keep') : undefined;
}

/** A subset of `program` for one document, TrueType or CFF, or undefined when fontkit's must be used. */
export function createOctavoSubset(program: object, options: SubsetOptions = {}): OctavoSubset | undefined {
  const trueType = createFontSubset(program, options);
  if (trueType !== undefined) return { format: 'truetype', subset: trueType };
  const cff = cffFaceOf(program);
  return cff === undefined ? undefined : { format: 'cff', subset: createCffSubset(cff, program) };
}

/** Why `program` is not subset here (undefined when it is). */
export function subsetFallbackReason(program: object): string | undefined {
  const face = trueTypeFace(program);
  if (face.ok || cffFaceOf(program) !== undefined) return undefined;
  return face.reason;
}
