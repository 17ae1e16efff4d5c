/**
 * The font registry of an engine: everything about fonts that outlives a render — extra fonts,
 * interned FontFace objects, catalogs per set of `@font-face` faces, and the shaping caches.
 * Bundled fonts are parsed lazily, once per process (bundled.ts).
 */
import { createHash } from 'node:crypto';
import type { Diagnostics } from '../diagnostics.js';
import type { FontFace, TextSystem } from './types.js';
import { BoundedCache, BoundedPairCache } from '../cache/bounded.js';
import { bundledFamilies } from './bundled.js';
import type { FaceCatalog } from './catalog.js';
import { createCatalog } from './catalog.js';
import { loadExtraFonts } from './extra-fonts.js';
import type { InstalledFonts } from './installed.js';
import { faceNames, installedFonts } from './installed.js';
import type { FaceEntry, Synthesis } from './face.js';
import { createFontFace, faceId } from './face.js';
import type { FontSourceRule, LoadedFontFace, LocalFonts } from './load.js';
import type { CachedText, ShapeCaches } from './system.js';
import type { GlyphAdvances } from './advance.js';
import { createTextSystem } from './system.js';
import type { GlyphRun } from './types.js';

export interface FontRegistryOptions {
  /** Font files or folders registered under their family names. */
  readonly extraFonts: readonly string[];
  /** Whether the machine's installed fonts are used (found on first need, installed.ts); default false. */
  readonly systemFonts?: boolean;
  /** The installed fonts to use instead of the machine's (tests: a folder tree scanned as without fontconfig). */
  readonly installed?: InstalledFonts;
  /** Entries of each shaping cache (default 5,000 texts and 5,000 runs). */
  readonly shapeCacheSize?: number;
}

export interface FontRegistry {
  /** The fonts `local()` in `@font-face` can name (extra fonts, then installed ones); undefined when there are none. */
  readonly local: LocalFonts | undefined;
  /** The text system of one render, over the `@font-face` faces that render loaded. */
  forRender(input: { readonly faces: readonly LoadedFontFace[]; readonly diagnostics: Diagnostics; readonly advances?: GlyphAdvances; readonly declaredFamilies?: ReadonlySet<string> }): TextSystem;
  /**
   * Keeps the most recently used `WARM_UP_KEPT_SHARE` of the shaped texts and glyph runs. After a
   * warm-up, once those caches are full of its made-up words, a request's words would each be
   * refused on their first miss (`admitOnSecondMiss`) and shaped again in the next request.
   * Whether it dropped any entry.
   */
  leaveRoomAfterWarmUp(): boolean;
  /** Cache counters, for benchmarks and tests. */
  readonly stats: {
    readonly texts: { readonly hits: number; readonly misses: number; readonly size: number };
    readonly runs: { readonly hits: number; readonly misses: number; readonly size: number };
    /** Every shape() call; those that are neither a text hit nor a miss were answered by a render's own memo. */
    readonly calls: number;
  };
}

/**
 * Entries of each shaping cache. Bounded well below what would hold every number a stream of
 * varying payloads shapes: entries outlive many renders, so each pins a page of the V8 heap that
 * the render's garbage shared; at 30,000 entries the heap grew to ~4× its live size (RSS +50 %
 * over 10,000 renders), at 5,000 it stays flat after ~500 renders (npm run soak).
 */
const DEFAULT_SHAPE_CACHE = 5_000;

/**
 * Share of the shaping caches a warm-up leaves filled (`leaveRoomAfterWarmUp`): its most recent
 * words (the labels and figures every step repeats, a stored template's own), with room for a
 * few hundred requests' new words before the caches refuse first-time ones again.
 */
const WARM_UP_KEPT_SHARE = 0.5;

/**
 * The faces of `@font-face` fonts kept across renders (each holds its parsed font and its caches,
 * ~0.6 MB for DejaVu Sans): as many as `text.parsed-fonts` keeps parsed, twice over for their
 * synthetic bold and oblique faces and variable instances. Under the 4,096 faces of the machine's
 * fonts, 3,000 documents each with a font of its own kept 1.8 GB of heap alive.
 */
const DOCUMENT_FACES = 128;

export function createFontRegistry(options: FontRegistryOptions): FontRegistry {
  const extra = loadExtraFonts(options.extraFonts);
  const bundled = bundledFamilies();
  const installed = options.installed ?? (options.systemFonts === true ? installedFonts : undefined);
  const size = options.shapeCacheSize ?? DEFAULT_SHAPE_CACHE;
  const caches: ShapeCaches = {
    // a long table's texts outnumber the bound and come back in the same order every render
    texts: new BoundedPairCache<string, string, CachedText>('text.shaped-texts', size, { admitOnSecondMiss: true }),
    runs: new BoundedPairCache<string, string, GlyphRun>('text.glyph-runs', size, { admitOnSecondMiss: true }),
    // a text of random characters has as many pairs as characters
    kernings: new BoundedPairCache<string, number, number>('text.kerning-pairs', size * 4, { admitOnSecondMiss: true }),
    counters: { calls: 0 },
  };
  // the machine's, bundled and extra fonts are a finite set; documents bring fonts without end
  const faces = new BoundedCache<string, FontFace>('text.faces', 4096);
  // a face let go takes its glyph runs with it: they hold it (and its parsed font) alive
  const forgetRuns = (faceKey: string): void => caches.runs.deleteWhereFirst((first) => first.startsWith(faceKey));
  const documentFaces = new BoundedCache<string, FontFace>('text.document-faces', DOCUMENT_FACES, { onDrop: (id) => forgetRuns(`${id}\u0000`) });
  const intern = (entry: FaceEntry, synthesis: Synthesis, fromDocument: boolean): FontFace => {
    const cache = fromDocument ? documentFaces : faces;
    const id = faceId(entry, synthesis);
    let face = cache.get(id);
    if (face === undefined) {
      face = createFontFace(entry, synthesis);
      cache.set(id, face);
    }
    return face;
  };
  // a set of fonts let go takes its shaped texts and its fonts' runs with it (a font another set
  // still uses is shaped again there)
  const documentKeysOf = new WeakMap<FaceCatalog, ReadonlySet<string>>();
  const forgetCatalog = (catalog: FaceCatalog): void => {
    const ofCatalog = (first: string): boolean => first.startsWith(`${catalog.id}\u0000`);
    caches.texts.deleteWhereFirst(ofCatalog);
    caches.kernings.deleteWhereFirst(ofCatalog);
    const keys = [...(documentKeysOf.get(catalog) ?? [])];
    if (keys.length > 0) caches.runs.deleteWhereFirst((first) => keys.some((key) => first.startsWith(key)));
  };
  const catalogs = new BoundedCache<string, FaceCatalog>('text.face-catalogs', 32, { onDrop: (_, catalog) => forgetCatalog(catalog) });
  const catalogFor = (fontFaces: readonly LoadedFontFace[]): FaceCatalog => {
    const signature = fontFaces.map((face) => face.key).join(',');
    let catalog = catalogs.get(signature);
    if (catalog === undefined) {
      const id = fontFaces.length === 0 ? 'c0' : `c${createHash('sha1').update(signature).digest('hex').slice(0, 12)}`;
      const documentKeys = new Set(fontFaces.map((face) => face.key));
      const internFor = (entry: FaceEntry, synthesis: Synthesis): FontFace => intern(entry, synthesis, documentKeys.has(entry.instanceOf ?? entry.key));
      catalog = createCatalog({ id, fontFaces, extra: extra.families, bundled, installed, intern: internFor });
      documentKeysOf.set(catalog, documentKeys);
      catalogs.set(signature, catalog);
    }
    return catalog;
  };
  let extraNames: Map<string, FaceEntry> | undefined;
  const local: LocalFonts | undefined = installed === undefined && extra.families.size === 0 ? undefined : (name) => {
    extraNames ??= faceNames(extra.families);
    return extraNames.get(name.trim().toLowerCase()) ?? installed?.face(name);
  };
  return {
    local,
    forRender({ faces: fontFaces, diagnostics, advances, declaredFamilies }) {
      const notices = installed === undefined ? extra.problems : [...extra.problems, ...installed.problems];
      return createTextSystem({ catalog: catalogFor(fontFaces), caches, diagnostics, notices, rules: rulesByEntry(fontFaces), declaredFamilies, ...(advances === undefined ? {} : { advances }) });
    },
    leaveRoomAfterWarmUp() {
      const before = caches.texts.size + caches.runs.size;
      caches.texts.keepNewest(Math.floor(size * WARM_UP_KEPT_SHARE));
      caches.runs.keepNewest(Math.floor(size * WARM_UP_KEPT_SHARE));
      return caches.texts.size + caches.runs.size < before;
    },
    get stats() {
      return {
        texts: { ...caches.texts.stats, size: caches.texts.size },
        runs: { ...caches.runs.stats, size: caches.runs.size },
        calls: caches.counters.calls,
      };
    },
  };
}

/** The rule of each `@font-face` face by its entry key (the first rule when two load the same face). */
function rulesByEntry(faces: readonly LoadedFontFace[]): ReadonlyMap<string, FontSourceRule> {
  const rules = new Map<string, FontSourceRule>();
  for (const face of faces) if (face.rule !== undefined && !rules.has(face.key)) rules.set(face.key, face.rule);
  return rules;
}
