/**
 * The faces one render can use (its `@font-face` faces, the engine's extra fonts, the bundled
 * fonts, the installed fonts) and font matching over them: CSS Fonts 4 §5.2 (family list in
 * order, descriptors narrowed per family, per-character fallback). Catalogs are shared by all
 * renders that load the same `@font-face` faces, so their memos stay warm.
 *
 * Per-character fallback goes from the listed families to the bundled fonts, then to the engine's
 * extra fonts and the installed fonts chosen by what they cover (installed.ts: in fontconfig's
 * order of preference). The last two are looked at only for characters the first ones lack.
 */
import type { FontFace } from './types.js';
import type { FaceEntry, Synthesis } from './face.js';
import { createFontFace, faceId, inUnicodeRange } from './face.js';
import type { MatchWanted } from './match.js';
import { selectFaces, synthesisFor } from './match.js';
import type { VariationWanted } from './variation.js';
import { variedEntry } from './variation.js';
import { DEFAULT_FAMILY, FALLBACK_FAMILIES, isBundledAlias } from './bundled.js';
import type { InstalledFonts } from './installed.js';
import type { CjkLocale } from './cjk-locale.js';
import { isGenericFamily } from './browser-families.js';
import { reportInstalledProblem } from './installed.js';

export type FamilyMap = ReadonlyMap<string, readonly FaceEntry[]>;

/** One family's matched faces: tried in reverse definition order (CSS Fonts 4 §4.5). */
interface FaceSet {
  /** The family's faces the set was chosen from. */
  readonly family: readonly FaceEntry[];
  readonly entries: readonly FaceEntry[];
  readonly synthesis: Synthesis;
  /** A family the style lists (or the default one), not a fallback family. */
  readonly listed?: boolean;
}

/** Matching result for one (families, weight, style, stretch). */
export interface Resolution {
  /** The first available font (CSS Fonts 4 §5.3): metrics, strut, and .notdef for missing characters. */
  readonly primary: FontFace;
  /** The face that draws a cluster (base character + marks), or undefined when no font has it. */
  faceFor(cluster: readonly number[]): FontFace | undefined;
  /** The colour font (emoji) that draws a cluster as one picture, if one is installed and has it. */
  colorFaceFor(cluster: readonly number[]): FontFace | undefined;
}

export interface FaceCatalog {
  /** Distinguishes catalogs in caches shared across renders. */
  readonly id: string;
  /** `cjkLocale`: the text's CJK locale, whose font comes first among the fallback fonts (the match key includes it). */
  resolve(families: readonly string[], wanted: VariationWanted, matchKey: string, cjkLocale?: CjkLocale): Resolution;
}

export interface CatalogInput {
  readonly id: string;
  /** `@font-face` faces in definition order; their families hide same-named fonts. */
  readonly fontFaces: readonly FaceEntry[];
  readonly extra: FamilyMap;
  readonly bundled: FamilyMap;
  /** The machine's fonts, when the engine looks at them. */
  readonly installed: InstalledFonts | undefined;
  /** Returns the one FontFace object of an entry + synthesis (interned by the registry). */
  readonly intern: (id: string, create: () => FontFace) => FontFace;
}

export function createCatalog(input: CatalogInput): FaceCatalog {
  const declared = groupByFamily(input.fontFaces);
  // generic families and the names the bundled fonts stand in for are not looked for among the
  // installed families first: fontconfig's answer alone (one fc-match) often leads to a bundled font,
  // and the installed fonts' index (fc-list, the slowest part of a first render) is then never built
  const standIn = (key: string): boolean => isBundledAlias(key) || isGenericFamily(key);
  const byName = (key: string): readonly FaceEntry[] | undefined =>
    declared.get(key) ?? input.extra.get(key) ?? (standIn(key) ? undefined : input.bundled.get(key) ?? input.installed?.family(key));
  // a name nothing has by that name: fontconfig's answer, as a browser would print it, else an installed font of that name, else the bundled stand-in
  const lookup = (family: string): readonly FaceEntry[] | undefined => {
    const key = family.trim().toLowerCase();
    const direct = byName(key);
    if (direct !== undefined) return direct;
    const substitute = input.installed?.substitute(key);
    return (substitute === undefined ? undefined : byName(substitute))
      ?? (isBundledAlias(key) ? input.installed?.family(key) : undefined)
      ?? input.bundled.get(key);
  };
  // the engine's extra fonts, then the installed ones (a CJK locale's font first, as fontconfig answers a browser that passes the content language)
  const fallbackFamilies = (cjkLocale: CjkLocale | undefined): (readonly FaceEntry[])[] => {
    const localeFaces = cjkLocale === undefined ? undefined : input.installed?.localeFamily(cjkLocale);
    return [...input.extra.values(), ...(localeFaces === undefined ? [] : [localeFaces]), ...(input.installed?.fallback() ?? [])];
  };
  const resolutions = new Map<string, Resolution>();
  return {
    id: input.id,
    resolve(families, wanted, matchKey, cjkLocale) {
      let resolution = resolutions.get(matchKey);
      if (resolution === undefined) {
        const chain = buildChain(families, wanted, lookup, input.bundled);
        const fallback = (): FaceSet[] => fallbackSets(fallbackFamilies(cjkLocale), chain, wanted);
        resolution = createResolution(chain, fallback, input.intern, () => input.installed?.colorFaces() ?? [], wanted);
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
  const add = (faces: readonly FaceEntry[] | undefined): void => {
    if (!faces || faces.length === 0 || chain.some((set) => set.family === faces)) return;
    const set = faceSet(faces, wanted);
    if (set !== undefined) chain.push(set);
  };
  for (const family of families) add(lookup(family));
  if (chain.length === 0) add(lookup(DEFAULT_FAMILY));
  chain.forEach((set, i) => (chain[i] = { ...set, listed: true }));
  for (const family of FALLBACK_FAMILIES) add(bundled.get(family.toLowerCase()));
  return chain;
}

function faceSet(faces: readonly FaceEntry[], wanted: MatchWanted): FaceSet | undefined {
  const chosen = selectFaces(faces, wanted);
  return chosen.length > 0 ? { family: faces, entries: [...chosen].reverse(), synthesis: synthesisFor(chosen, wanted) } : undefined;
}

/** The face sets of the fallback families that are not in the chain already. */
function fallbackSets(families: readonly (readonly FaceEntry[])[], chain: readonly FaceSet[], wanted: MatchWanted): FaceSet[] {
  const sets: FaceSet[] = [];
  for (const faces of families) {
    if (faces.length === 0 || chain.some((set) => set.family === faces) || sets.some((set) => set.family === faces)) continue;
    const set = faceSet(faces, wanted);
    if (set !== undefined) sets.push(set);
  }
  return sets;
}

/** Whether the face has every code point; a face whose file cannot be read has none (and is reported). */
function covers(entry: FaceEntry, codePoints: readonly number[]): boolean {
  if (!inUnicodeRange(entry.unicodeRange, codePoints[0] as number)) return false;
  if (entry.mayCover !== undefined && !codePoints.every(entry.mayCover)) return false;
  let program;
  try {
    program = entry.program();
  } catch (error) {
    reportInstalledProblem(`font "${entry.family}" could not be used: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  return codePoints.every((cp) => program.hasGlyphForCodePoint(cp));
}

function createResolution(
  chain: readonly FaceSet[],
  fallback: () => readonly FaceSet[],
  intern: CatalogInput['intern'],
  colorEntries: () => readonly FaceEntry[],
  wanted: VariationWanted,
): Resolution {
  // a variable font is drawn in the instance the request asks for, a face of its own
  const faceOf = (set: FaceSet, entry: FaceEntry): FontFace => {
    const varied = variedEntry(entry, wanted);
    return intern(faceId(varied, set.synthesis), () => createFontFace(varied, set.synthesis));
  };
  let fallbackChain: readonly FaceSet[] | undefined;
  const findIn = (sets: readonly FaceSet[], codePoints: readonly number[]): FontFace | undefined => {
    for (const set of sets) {
      for (const entry of set.entries) if (covers(entry, codePoints)) return faceOf(set, entry);
    }
    return undefined;
  };
  const find = (codePoints: readonly number[]): FontFace | undefined =>
    findIn(chain, codePoints) ?? findIn((fallbackChain ??= fallback()), codePoints);
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
    colorFaceFor(cluster) {
      // as in Chromium, a listed font that has the whole sequence draws it: a colour (COLR) one always, another without VS16
      const visible = cluster.filter((cp) => cp !== 0x200d && cp !== 0xfe0f);
      const listed = findIn(chain.filter((set) => set.listed === true), visible);
      if (listed !== undefined && (listed.colorLayers !== undefined || !cluster.includes(0xfe0f))) return undefined;
      // the sequence's first character decides: the font's GSUB makes the rest one picture
      const entry = colorEntries().find((candidate) => covers(candidate, cluster.slice(0, 1)));
      return entry === undefined ? undefined : intern(faceId(entry, NO_SYNTHESIS), () => createFontFace(entry, NO_SYNTHESIS));
    },
  };
}

const NO_SYNTHESIS: Synthesis = { bold: false, oblique: false };

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
