/**
 * `font-variant-caps` (CSS Fonts 4 §6.5) per face: the font's own features when it has them, else
 * the fallback Chromium takes (petite capitals as small capitals, unicase as `c2sc`), else
 * synthesized small capitals (§7.2 synthesis): the letters that would become small capitals are
 * drawn as capitals scaled to 0.7 of the font size, the factor Chrome and Firefox use (Pango, so
 * WeasyPrint, uses 0.8). Other characters keep the full size, except in `all-*` (below). `titling-caps` has nothing to synthesize: without `titl` the
 * capitals are the font's ordinary ones.
 */
import type { FontCaps } from '../css/types.js';
import type { FontProgram } from './fontkit.js';
import type { FontFace, FontRequest } from './types.js';

/** Chrome's and Firefox's size of synthesized small capitals, relative to the font size. */
export const SMALL_CAPS_SCALE = 0.7;

/**
 * The size of synthesized small capitals for a font size in px: Chromium 156 sets them at a whole
 * number of pixels, 0.7 of the size rounded (13px text: 9px capitals, 14px: 10, 15px: 11), so a
 * line of small capitals is as long as there; below a pixel they keep the fraction.
 */
export function smallCapsSize(size: number): number {
  const scaled = size * SMALL_CAPS_SCALE;
  return scaled >= 1 ? Math.round(scaled) : scaled;
}

/** The OpenType features each keyword turns on (CSS Fonts 4 §6.5). */
export const CAPS_FEATURES: Readonly<Record<FontCaps, readonly string[]>> = {
  'small-caps': ['smcp'],
  'all-small-caps': ['smcp', 'c2sc'],
  'petite-caps': ['pcap'],
  'all-petite-caps': ['pcap', 'c2pc'],
  unicase: ['unic'],
  'titling-caps': ['titl'],
};

/** Feature sets tried in order after the keyword's own (Chromium's OpenTypeCapsSupport). */
const FALLBACK_FEATURES: Readonly<Record<FontCaps, readonly (readonly string[])[]>> = {
  'small-caps': [],
  'all-small-caps': [],
  'petite-caps': [['smcp']],
  'all-petite-caps': [['smcp', 'c2sc']],
  unicase: [['c2sc']],
  'titling-caps': [],
};

/** What synthesized small capitals shrink: lower-case letters, the whole text, or capitals only (unicase). */
export type CapsShrink = 'lower' | 'all' | 'upper';

const SHRINK: Readonly<Record<FontCaps, CapsShrink | undefined>> = {
  'small-caps': 'lower',
  'all-small-caps': 'all',
  'petite-caps': 'lower',
  'all-petite-caps': 'all',
  unicase: 'upper',
  'titling-caps': undefined,
};

const ALL_CAPS_TAGS: readonly string[] = [...new Set(Object.values(CAPS_FEATURES).flat())];

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

/** How a face draws a request's capitals: shaped with these features, or synthesized. */
export type CapsPlan =
  | { readonly kind: 'font'; readonly request: FontRequest }
  | { readonly kind: 'synthesize'; readonly shrink: CapsShrink };

/** The plan for `request`, whose `font-variant-caps` is `caps`, in `face`. */
export function capsPlan(face: FontFace, request: FontRequest, caps: FontCaps): CapsPlan {
  const has = (tags: readonly string[]): boolean => tags.every((tag) => faceHasFeature(face, tag));
  if (has(CAPS_FEATURES[caps])) return { kind: 'font', request };
  for (const tags of FALLBACK_FEATURES[caps]) {
    if (has(tags)) return { kind: 'font', request: withCapsFeatures(request, tags) };
  }
  const shrink = SHRINK[caps];
  return shrink === undefined || request.synthesis?.smallCaps === false ? { kind: 'font', request } : { kind: 'synthesize', shrink };
}

const fallbacks = new WeakMap<FontRequest, Map<string, FontRequest>>();

/** The request with the caps features replaced by `tags`; memoised (shaping caches key on the object). */
function withCapsFeatures(request: FontRequest, tags: readonly string[]): FontRequest {
  let byTags = fallbacks.get(request);
  if (byTags === undefined) fallbacks.set(request, (byTags = new Map()));
  const key = tags.join(',');
  let derived = byTags.get(key);
  if (derived === undefined) {
    const features = withoutCapsFeatures(request.features);
    for (const tag of tags) features[tag] = 1;
    derived = Object.freeze({ ...request, features: Object.freeze(features) });
    byTags.set(key, derived);
  }
  return derived;
}

function withoutCapsFeatures(features: Readonly<Record<string, number>>): Record<string, number> {
  const rest = { ...features };
  for (const tag of ALL_CAPS_TAGS) delete rest[tag];
  return rest;
}

const LOWER = /\p{Ll}/u;
const UPPER = /[\p{Lu}\p{Lt}]/u;
const MARK = /\p{M}/u;

/**
 * Splits a text into pieces drawn small (letters that become small capitals) and the rest; marks
 * stay with their base. `all` shrinks the whole text, digits and punctuation too, as Chromium
 * does: they are set among small capitals.
 */
export function smallCapsPieces(text: string, shrink: CapsShrink): CapsPiece[] {
  if (shrink === 'all') return text === '' ? [] : [piece(text, true)];
  const pieces: CapsPiece[] = [];
  let current = '';
  let small = false;
  for (const ch of text) {
    const isSmall: boolean = MARK.test(ch) && current !== '' ? small : (shrink === 'lower' ? LOWER : UPPER).test(ch);
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
 * The requests a synthesized text is shaped with: without the caps features, at the full
 * size and at the small-capitals size. Memoised per request (shaping caches key on the object).
 */
export function syntheticCapsRequests(request: FontRequest): { readonly plain: FontRequest; readonly small: FontRequest } {
  let pair = derived.get(request);
  if (pair === undefined) {
    const { caps: _caps, ...rest } = request;
    const features = withoutCapsFeatures(request.features);
    const plain: FontRequest = Object.freeze({ ...rest, features: Object.freeze(features) });
    const small: FontRequest = Object.freeze({ ...plain, size: smallCapsSize(request.size) });
    pair = { plain, small };
    derived.set(request, pair);
  }
  return pair;
}
