/**
 * The TextSystem of one render: matching through the render's catalog, shaping through the
 * engine-wide caches, and this render's record of used faces and missing-glyph warnings.
 *
 * Two caches owned by the registry and shared by every render of the engine:
 * - `texts`: (catalog, request, text) -> ShapedText, the same object on every hit;
 * - `runs`: (face id, size, features, text) -> GlyphRun, so requests that resolve to the same
 *   face (`Arial`, `sans-serif`, weight 400 or 500) share their shaping.
 * In front of them, a per-render memo keyed by the request object (layout reuses one request per
 * style) and the text, so a word measured again in the same render costs two Map lookups; it
 * holds at most MEMO_ENTRIES texts.
 */
import type { Diagnostics } from '../diagnostics.js';
import type { FontFace, FontRequest, GlyphRun, ScaledFontMetrics, ShapedText, TextSystem } from './types.js';
import type { BoundedCache } from '../cache/bounded.js';
import type { FaceCatalog, Resolution } from './catalog.js';
import { requestKeys } from './keys.js';
import { segmentByFace } from './segment.js';
import { shapeRun } from './shape.js';
import type { GlyphAdvances } from './advance.js';
import { orientedPieces, uprightRequest } from './upright.js';
import { scaleMetrics } from './metrics.js';
import { capsPlan, smallCapsPieces, syntheticCapsRequests } from './small-caps.js';

export interface CachedText {
  readonly shaped: ShapedText;
  /** Characters no font has, reported once per render. */
  readonly missing: readonly number[];
}

export interface ShapeCaches {
  readonly texts: BoundedCache<string, CachedText>;
  readonly runs: BoundedCache<string, GlyphRun>;
  /** shape() calls with a non-empty text, over every render (benchmarks). */
  readonly counters: { calls: number };
}

export interface TextSystemInput {
  readonly catalog: FaceCatalog;
  readonly caches: ShapeCaches;
  readonly diagnostics: Diagnostics;
  /** Problems known before the render (unreadable extra fonts), reported into it. */
  readonly notices?: readonly string[];
  /** How glyph advances are sized (text/advance.ts); default exact. */
  readonly advances?: GlyphAdvances;
}

/** `auto`: the direction of the text's script, as fontkit decides it. */
type Direction = 'ltr' | 'rtl' | 'auto';

const EMPTY: ShapedText = Object.freeze({ runs: Object.freeze([]), width: 0 });

type SegmentShaper = (face: FontFace, text: string, request: FontRequest, direction: Direction) => GlyphRun;

/** Shapes one face's text through the engine-wide run cache; a face whose tables fail is reported once. */
function segmentShaper(caches: ShapeCaches, diagnostics: Diagnostics, advances: GlyphAdvances): SegmentShaper {
  const degradedFaces = new Set<string>();
  return (face, text, request, direction) => {
    const keys = requestKeys(request);
    const key = `${face.id}\u0000${request.size}\u0000${keys.featuresKey}${request.upright === true ? '\u0000upright' : ''}\u0000${direction}\u0000${advances}\u0000${text}`;
    const cached = caches.runs.get(key);
    if (cached !== undefined) return cached;
    const result = shapeRun({ face, text, size: request.size, features: keys.features, advances, upright: request.upright === true, ...(direction === 'auto' ? {} : { direction }) });
    if (result.degraded !== undefined && !degradedFaces.has(face.id)) {
      degradedFaces.add(face.id);
      diagnostics.warn('font', `font "${face.postscriptName}" could not be shaped (${result.degraded}); glyphs drawn without its layout tables`);
    }
    caches.runs.set(key, result.run);
    return result.run;
  };
}

/**
 * The runs of one face's text: one run (with the caps features the face has, small-caps.ts), or
 * for small capitals the face cannot draw, runs of capitals at the small-caps size between runs
 * at the full size (their `text` stays the source).
 */
function faceRuns(shapeSegment: SegmentShaper, face: FontFace, text: string, request: FontRequest, direction: Direction): GlyphRun[] {
  if (request.caps === undefined) return [shapeSegment(face, text, request, direction)];
  const plan = capsPlan(face, request, request.caps);
  if (plan.kind === 'font') return [shapeSegment(face, text, plan.request, direction)];
  const requests = syntheticCapsRequests(request);
  return smallCapsPieces(text, plan.shrink).map((piece) => {
    const run = shapeSegment(face, piece.shaped, piece.small ? requests.small : requests.plain, direction);
    return piece.shaped === piece.text ? run : { ...run, text: piece.text, caseMapped: true };
  });
}

/** Warns once per render and character about characters no font has. */
function missingReporter(diagnostics: Diagnostics): (text: string, missing: readonly number[]) => void {
  const reported = new Set<number>();
  return (text, missing) => {
    const fresh = missing.filter((cp) => !reported.has(cp));
    if (fresh.length === 0) return;
    for (const cp of fresh) reported.add(cp);
    const names = fresh.map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
    const sample = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    diagnostics.warn('font', `no available font has a glyph for ${names} (in "${sample}"); drawn as .notdef`);
  };
}

/** What the per-render memo keeps per request and direction: its results, and the engine-wide cache key's prefix. */
interface RequestMemo {
  readonly prefix: string;
  results: Map<string, ShapedText>;
  /** The memo's generation these results belong to (older ones are dropped on their next use). */
  generation: number;
}

/**
 * Most texts the per-render memo holds. Past it the memo starts again: a long document keeps
 * the shaped text of the pages still to come, not of every page (a text seen again after that
 * comes from the engine-wide cache, or is shaped again).
 */
const MEMO_ENTRIES = 8192;

type SharedShaper = (text: string, request: FontRequest, direction: Direction, prefix: string) => ShapedText;

/** Per-render memo in front of a shaper: request object -> text -> result, per direction. */
function memoized(shapeShared: SharedShaper, keyPrefix: (request: FontRequest, direction: Direction) => string, counters: ShapeCaches['counters']): TextSystem['shape'] {
  const memos: Record<Direction, WeakMap<FontRequest, RequestMemo>> = { auto: new WeakMap(), ltr: new WeakMap(), rtl: new WeakMap() };
  let generation = 0;
  let entries = 0;
  return (text, request, options) => {
    if (text.length === 0) return EMPTY;
    counters.calls++;
    const direction: Direction = options?.direction ?? 'auto';
    let memo = memos[direction].get(request);
    if (memo === undefined) {
      memo = { prefix: keyPrefix(request, direction), results: new Map(), generation };
      memos[direction].set(request, memo);
    } else if (memo.generation !== generation) {
      memo.results = new Map();
      memo.generation = generation;
    }
    let shaped = memo.results.get(text);
    if (shaped === undefined) {
      shaped = shapeShared(text, request, direction, memo.prefix);
      if (++entries > MEMO_ENTRIES) {
        generation++;
        entries = 1;
        memo.results = new Map();
        memo.generation = generation;
      }
      memo.results.set(text, shaped);
    }
    return shaped;
  };
}

export function createTextSystem(input: TextSystemInput): TextSystem {
  const { catalog, caches, diagnostics } = input;
  const advances = input.advances ?? 'exact';
  for (const notice of input.notices ?? []) diagnostics.warn('font', notice);
  const faces = new Map<string, FontFace>();
  const metricsMemo = new Map<string, ScaledFontMetrics>();
  const shapeSegment = segmentShaper(caches, diagnostics, advances);
  const reportMissing = missingReporter(diagnostics);

  // a resolution is a small object over the catalog's shared matching: one per request object (layout reuses one per style)
  const resolutions = new WeakMap<FontRequest, Resolution>();
  const resolve = (request: FontRequest): Resolution => {
    let resolution = resolutions.get(request);
    if (resolution === undefined) {
      const keys = requestKeys(request);
      resolution = catalog.resolve(request.families, request, keys.match, keys.variation, request.cjkLocale);
      resolutions.set(request, resolution);
    }
    return resolution;
  };

  const shapeFaces = (text: string, request: FontRequest, direction: Direction, missing: number[]): GlyphRun[] => {
    const segmented = segmentByFace(text, resolve(request));
    missing.push(...segmented.missing);
    return segmented.segments.flatMap((segment) => faceRuns(shapeSegment, segment.face, segment.text, request, direction));
  };

  const shapeUncached = (text: string, request: FontRequest, direction: Direction): CachedText => {
    const missing: number[] = [];
    const runs = request.vertical === undefined
      ? shapeFaces(text, request, direction, missing)
      // vertical text: upright pieces with the fonts' vertical forms and advances, the rest sideways
      : orientedPieces(text, request.vertical).flatMap((piece) => piece.upright
        ? shapeFaces(piece.text, uprightRequest(request), direction, missing)
        : shapeFaces(piece.text, request, direction, missing));
    const width = runs.reduce((sum, run) => sum + run.width, 0);
    return { shaped: Object.freeze({ runs: Object.freeze(runs), width }), missing };
  };

  const keyPrefix = (request: FontRequest, direction: Direction): string => {
    const keys = requestKeys(request);
    return `${catalog.id}\u0000${keys.match}\u0000${keys.variation}\u0000${keys.rendering}\u0000${direction}\u0000${advances}\u0000`;
  };

  const shapeShared: SharedShaper = (text, request, direction, prefix) => {
    const key = prefix + text;
    let entry = caches.texts.get(key);
    if (entry === undefined) {
      entry = shapeUncached(text, request, direction);
      caches.texts.set(key, entry);
    }
    for (const run of entry.shaped.runs) {
      if (faces.has(run.face.id)) continue;
      faces.set(run.face.id, run.face);
      if (run.face.undrawnColor !== undefined) {
        diagnostics.warn('font', `font "${run.face.family}": ${run.face.undrawnColor}, which octavo does not draw: its glyphs print in their plain outlines`);
      }
    }
    if (entry.missing.length > 0) reportMissing(text, entry.missing);
    return entry.shaped;
  };

  const hyphens = new WeakMap<FontRequest, string>();
  return {
    faces,
    shape: memoized(shapeShared, keyPrefix, caches.counters),
    hyphen(request) {
      let hyphen = hyphens.get(request);
      if (hyphen === undefined) {
        hyphen = resolve(request).primary.hasGlyphFor(0x2010) ? '\u2010' : '-';
        hyphens.set(request, hyphen);
      }
      return hyphen;
    },
    metrics(request) {
      const primary = resolve(request).primary;
      const key = `${primary.id}\u0000${request.size}`;
      let metrics = metricsMemo.get(key);
      if (metrics === undefined) {
        metrics = Object.freeze(scaleMetrics(primary, request.size));
        metricsMemo.set(key, metrics);
      }
      return metrics;
    },
  };
}
