/**
 * Synthesized small capitals (CSS Fonts 4 §6.5 font-variant-caps, §7.2 synthesis): a face
 * without the `smcp` feature draws the letters that would become small capitals as capitals
 * scaled to 0.7 of the font size, the factor Chrome and Firefox use. `all-small-caps` does the
 * same to capital letters (`c2sc`). Other characters keep the full size.
 */
import type { FontProgram } from './fontkit.js';
import type { FontFace, FontRequest } from './types.js';

/** Chrome's and Firefox's size of synthesized small capitals, relative to the font size. */
export const SMALL_CAPS_SCALE = 0.7;

/** A piece of a text: drawn as small capitals (`shaped` is its upper-case form) or as is. */
export interface CapsPiece {
  readonly text: string;
  readonly shaped: string;
  readonly small: boolean;
}

const featureSets = new WeakMap<FontFace, ReadonlySet<string>>();

/** Whether the face's layout tables have a feature (GSUB or GPOS). */
export function faceHasFeature(face: FontFace, tag: string): boolean {
  let features = featureSets.get(face);
  if (features === undefined) {
    let tags: readonly string[] = [];
    try {
      tags = (face.program as FontProgram).availableFeatures ?? [];
    } catch {
      // Unreadable layout tables: no features.
    }
    features = new Set(tags);
    featureSets.set(face, features);
  }
  return features.has(tag);
}

/** Whether `request` asks for small capitals this face cannot draw itself. */
export function needsSyntheticSmallCaps(face: FontFace, request: FontRequest): boolean {
  return request.caps !== undefined && !faceHasFeature(face, 'smcp');
}

const LOWER = /\p{Ll}/u;
const UPPER = /[\p{Lu}\p{Lt}]/u;
const MARK = /\p{M}/u;

/** Splits a text into pieces drawn small (letters that become small capitals) and the rest; marks stay with their base. */
export function smallCapsPieces(text: string, caps: NonNullable<FontRequest['caps']>): CapsPiece[] {
  const pieces: CapsPiece[] = [];
  let current = '';
  let small = false;
  for (const ch of text) {
    const isSmall: boolean = MARK.test(ch) && current !== '' ? small : LOWER.test(ch) || (caps === 'all-small-caps' && UPPER.test(ch));
    if (current !== '' && isSmall !== small) {
      pieces.push(piece(current, small));
      current = '';
    }
    current += ch;
    small = isSmall;
  }
  if (current !== '') pieces.push(piece(current, small));
  return pieces;
}

function piece(text: string, small: boolean): CapsPiece {
  return { text, shaped: small ? text.toUpperCase() : text, small };
}

const derived = new WeakMap<FontRequest, { readonly plain: FontRequest; readonly small: FontRequest }>();

/**
 * The requests a synthesized text is shaped with: without the small-caps features, at the full
 * size and at the small-capitals size. Memoised per request (shaping caches key on the object).
 */
export function syntheticCapsRequests(request: FontRequest): { readonly plain: FontRequest; readonly small: FontRequest } {
  let pair = derived.get(request);
  if (pair === undefined) {
    const { caps: _caps, ...rest } = request;
    const features = { ...request.features };
    delete features['smcp'];
    delete features['c2sc'];
    const plain: FontRequest = Object.freeze({ ...rest, features: Object.freeze(features) });
    const small: FontRequest = Object.freeze({ ...plain, size: request.size * SMALL_CAPS_SCALE });
    pair = { plain, small };
    derived.set(request, pair);
  }
  return pair;
}
