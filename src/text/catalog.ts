/**
 * The faces one render can use (its `@font-face` faces, the engine's extra fonts, the bundled
 * fonts) and font matching over them: CSS Fonts 4 §5.2 (family list in order, descriptors
 * narrowed per family, per-character fallback). Catalogs are shared by all renders that load the
 * same `@font-face` faces, so their memos stay warm.
 */
import type { FontFace } from './types.js';
import type { FaceEntry, Synthesis } from './face.js';
import { createFontFace, faceId, inUnicodeRange } from './face.js';
import type { MatchWanted } from './match.js';
import { selectFaces, synthesisFor } from './match.js';
import { DEFAULT_FAMILY, FALLBACK_FAMILIES } from './bundled.js';

export type FamilyMap = ReadonlyMap<string, readonly FaceEntry[]>;

/** One family's matched faces: tried in reverse definition order (CSS Fonts 4 §4.5). */
interface FaceSet {
  readonly entries: readonly FaceEntry[];
  readonly synthesis: Synthesis;
}

/** Matching result for one (families, weight, style, stretch). */
export interface Resolution {
  /** The first available font (CSS Fonts 4 §5.3): metrics, strut, and .notdef for missing characters. */
  readonly primary: FontFace;
  /** The face that draws a cluster (base character + marks), or undefined when no font has it. */
  faceFor(cluster: readonly number[]): FontFace | undefined;
}

export interface FaceCatalog {
  /** Distinguishes catalogs in caches shared across renders. */
  readonly id: string;
  resolve(families: readonly string[], wanted: MatchWanted, matchKey: string): Resolution;
}

export interface CatalogInput {
  readonly id: string;
  /** `@font-face` faces in definition order; their families hide same-named fonts. */
  readonly fontFaces: readonly FaceEntry[];
  readonly extra: FamilyMap;
  readonly bundled: FamilyMap;
  /** Returns the one FontFace object of an entry + synthesis (interned by the registry). */
  readonly intern: (id: string, create: () => FontFace) => FontFace;
}

export function createCatalog(input: CatalogInput): FaceCatalog {
  const declared = groupByFamily(input.fontFaces);
  const lookup = (family: string): readonly FaceEntry[] | undefined => {
    const key = family.trim().toLowerCase();
    return declared.get(key) ?? input.extra.get(key) ?? input.bundled.get(key);
  };
  const resolutions = new Map<string, Resolution>();
  return {
    id: input.id,
    resolve(families, wanted, matchKey) {
      let resolution = resolutions.get(matchKey);
      if (resolution === undefined) {
        resolution = createResolution(buildChain(families, wanted, lookup, input.bundled), input.intern);
        resolutions.set(matchKey, resolution);
      }
      return resolution;
    },
  };
}

function groupByFamily(entries: readonly FaceEntry[]): Map<string, FaceEntry[]> {
  const families = new Map<string, FaceEntry[]>();
  for (const entry of entries) {
    const key = entry.family.trim().toLowerCase();
    const list = families.get(key);
    if (list) list.push(entry);
    else families.set(key, [entry]);
  }
  return families;
}

/**
 * §5.2 steps 1-5: each listed family that exists contributes its best-matching faces; with none,
 * the default (serif). Then the bundled fallback families, for characters nobody else has.
 */
function buildChain(
  families: readonly string[],
  wanted: MatchWanted,
  lookup: (family: string) => readonly FaceEntry[] | undefined,
  bundled: FamilyMap,
): FaceSet[] {
  const chain: FaceSet[] = [];
  const seen = new Set<readonly FaceEntry[]>();
  const add = (faces: readonly FaceEntry[] | undefined): void => {
    if (!faces || faces.length === 0 || seen.has(faces)) return;
    seen.add(faces);
    const chosen = selectFaces(faces, wanted);
    if (chosen.length > 0) chain.push({ entries: [...chosen].reverse(), synthesis: synthesisFor(chosen, wanted) });
  };
  for (const family of families) add(lookup(family));
  if (chain.length === 0) add(lookup(DEFAULT_FAMILY));
  for (const family of FALLBACK_FAMILIES) add(bundled.get(family.toLowerCase()));
  return chain;
}

function createResolution(chain: readonly FaceSet[], intern: CatalogInput['intern']): Resolution {
  const faceOf = (set: FaceSet, entry: FaceEntry): FontFace =>
    intern(faceId(entry, set.synthesis), () => createFontFace(entry, set.synthesis));
  const covers = (entry: FaceEntry, codePoints: readonly number[]): boolean => {
    if (!inUnicodeRange(entry.unicodeRange, codePoints[0] as number)) return false;
    const program = entry.program();
    return codePoints.every((cp) => program.hasGlyphForCodePoint(cp));
  };
  const find = (codePoints: readonly number[]): FontFace | undefined => {
    for (const set of chain) {
      for (const entry of set.entries) if (covers(entry, codePoints)) return faceOf(set, entry);
    }
    return undefined;
  };
  const single = new Map<number, FontFace | null>();
  const faceForCodePoint = (cp: number): FontFace | undefined => {
    let face = single.get(cp);
    if (face === undefined) {
      face = find([cp]) ?? null;
      single.set(cp, face);
    }
    return face ?? undefined;
  };
  let primary: FontFace | undefined;
  return {
    get primary(): FontFace {
      primary ??= firstAvailable(chain, faceOf);
      return primary;
    },
    faceFor(cluster) {
      const base = cluster[0] as number;
      if (cluster.length === 1) return faceForCodePoint(base);
      // A cluster stays in one face when some face has all of it; else its base decides.
      return find(cluster) ?? faceForCodePoint(base);
    },
  };
}

/** CSS Fonts 4 §5.3: the first face whose unicode-range includes U+0020 and that loads. */
function firstAvailable(chain: readonly FaceSet[], faceOf: (set: FaceSet, entry: FaceEntry) => FontFace): FontFace {
  for (const set of chain) {
    for (const entry of set.entries) {
      if (inUnicodeRange(entry.unicodeRange, 0x20)) return faceOf(set, entry);
    }
  }
  const first = chain[0];
  if (!first || !first.entries[0]) throw new Error('font catalog has no faces');
  return faceOf(first, first.entries[0]);
}
