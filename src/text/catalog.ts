/**
 * The faces one render can use (its `@font-face` faces, the engine's extra fonts, the bundled
 * fonts, the installed fonts) and font matching over them: CSS Fonts 4 §5.2 (family list in
 * order, descriptors narrowed per family, per-character fallback). Catalogs are shared by all
 * renders that load the same `@font-face` faces, so their memos stay warm.
 *
 * Per-character fallback goes from the listed families to the bundled fonts, then to the engine's
 * extra fonts and the installed fonts chosen by what they cover (installed.ts: in fontconfig's
 * order of preference for the language of the character's script, script-language.ts). The last
 * two are looked at only for characters the first ones lack.
 *
 * Matching is kept apart from the variable-font step: which face draws a character depends on the
 * families, weight, style, stretch and CJK locale, never on the size, so a `Matching` (and its
 * per-character lookups) is made once per such key and shared by every size. Only a variable
 * face turns into an instance per size and `font-variation-settings` (variation.ts), kept on the
 * face's candidate; a static face is one FontFace for all.
 */
import type { FontFace } from './types.js';
import type { FaceEntry, Synthesis } from './face.js';
import { BoundedCache } from '../cache/bounded.js';
import { inUnicodeRange } from './face.js';
import type { MatchWanted } from './match.js';
import { hasExactFace, sameDescriptors, selectFaces, slantsUpright, synthesisFor } from './match.js';
import type { VariationWanted } from './variation.js';
import { variationAxes, variedEntry } from './variation.js';
import { DEFAULT_FAMILY, FALLBACK_FAMILIES, isBundledAlias, LAST_RESORT_FAMILIES } from './bundled.js';
import type { InstalledFonts } from './installed.js';
import type { CjkLocale } from './cjk-locale.js';
import { isGenericFamily, isPlatformUiFamily, localeGenericOf } from './browser-families.js';
import { reportInstalledProblem } from './installed.js';
import { fallbackLanguageOf, isOfScript } from './script-language.js';
import type { ScriptLanguage } from './script-language.js';

export type FamilyMap = ReadonlyMap<string, readonly FaceEntry[]>;

/** One family's matched faces: tried in reverse definition order (CSS Fonts 4 §4.5). */
interface FaceSet {
  /** The family's faces the set was chosen from. */
  readonly family: readonly FaceEntry[];
  readonly candidates: readonly Candidate[];
  /** A family the style lists (or the default one), not a fallback family. */
  readonly listed?: boolean;
}

/** A face a matching may draw with, and the FontFace objects made of it. */
interface Candidate {
  readonly entry: FaceEntry;
  readonly synthesis: Synthesis;
  /** A static face's one FontFace (whatever the size), once known. */
  face?: FontFace;
  /** A variable face's instances by variation key (size, settings): made once each, bounded. */
  instances?: BoundedCache<string, FontFace>;
}

/**
 * Instances of one variable face kept by its candidate: `opsz` follows the font size, so a
 * long-lived engine would otherwise keep one per size it ever drew (variation.ts keeps as many
 * fontkit instances per font).
 */
const INSTANCES_PER_CANDIDATE = 64;

/**
 * Matchings kept per catalog: one per families, weight, style, stretch and CJK locale a document
 * uses (a few dozen); a long-lived engine seeing many styles drops the least recently used.
 */
const MATCHINGS_PER_CATALOG = 256;

/** Matching result for one request: the size-free matching with the request's variable instances. */
export interface Resolution {
  /** The first available font (CSS Fonts 4 §5.3): metrics, strut, and .notdef for missing characters. */
  readonly primary: FontFace;
  /**
   * The face that draws a cluster (base character + marks), or undefined when no font has it.
   * `previous`: the face of the cluster before it, which a punctuation mark or digit no listed
   * family has stays in when that face has it (`Matching.candidateFor`).
   */
  faceFor(cluster: readonly number[], previous?: FontFace): FontFace | undefined;
  /** The colour font (emoji) that draws a cluster as one picture, if one is installed and has it. */
  colorFaceFor(cluster: readonly number[]): FontFace | undefined;
}

/** What of the text's language (`lang`) font matching depends on: FontRequest's fields. */
export interface TextLocale {
  readonly cjkLocale?: CjkLocale | undefined;
  readonly scriptLanguage?: ScriptLanguage | undefined;
}

export interface FaceCatalog {
  /** Distinguishes catalogs in caches shared across renders. */
  readonly id: string;
  /**
   * `keys.match`: families, weight, style, stretch, CJK locale and script language (keys.ts), no
   * size; `keys.variation`: what else a variable face's instance depends on (size,
   * `font-variation-settings`, optical sizing). `locale`: the text's CJK locale, whose font comes
   * first among the fallback fonts, and its language of another script, whose fonts come first
   * for that script's characters. `questions`: what the render may still ask fontconfig.
   */
  resolve(families: readonly string[], wanted: VariationWanted, keys: { readonly match: string; readonly variation: string }, locale: TextLocale, questions: FontconfigQuestions): Resolution;
  /** Whether a `font-family` name finds fonts (by its name, or as a browser here would substitute them). */
  hasFamily(family: string, questions: FontconfigQuestions): boolean;
}

/** Names no font has that one render may still ask fontconfig about, and the ones it passed over. */
export interface FontconfigQuestions {
  left: number;
  readonly passedOver: string[];
}

/** Names no font has that one render asks fontconfig about, at most (a stylesheet people write names a few). */
export const MAX_FONTCONFIG_QUESTIONS = 32;

export interface CatalogInput {
  readonly id: string;
  /** `@font-face` faces in definition order; their families hide same-named fonts. */
  readonly fontFaces: readonly FaceEntry[];
  readonly extra: FamilyMap;
  readonly bundled: FamilyMap;
  /** The machine's fonts, when the engine looks at them. */
  readonly installed: InstalledFonts | undefined;
  /** Returns the one FontFace object of an entry + synthesis (interned by the registry). */
  readonly intern: (entry: FaceEntry, synthesis: Synthesis) => FontFace;
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
  const lookup = (family: string, questions: FontconfigQuestions): readonly FaceEntry[] | undefined => {
    const key = family.trim().toLowerCase();
    const direct = byName(key);
    if (direct !== undefined) return direct;
    // as a browser on this machine prints it: Chromium on Linux has no ui-* fonts and goes on to the next family
    if (input.installed !== undefined && isPlatformUiFamily(key)) return undefined;
    const substitute = substituteOf(key, questions);
    return (substitute === undefined ? undefined : byName(substitute))
      ?? (isBundledAlias(key) ? input.installed?.family(key) : undefined)
      ?? input.bundled.get(key);
  };
  // a generic family in a CJK locale: the installed family fontconfig gives that language (Chromium
  // prints `lang=ja` text's Latin letters in Noto Sans CJK JP too), else the generic as anywhere.
  // Only a family that writes the language: on a machine without CJK fonts fontconfig answers
  // DejaVu Sans or the like, and the text stays in the Latin default.
  const localeGeneric = (family: string, cjkLocale: CjkLocale | undefined): readonly FaceEntry[] | undefined => {
    const generic = cjkLocale === undefined ? undefined : localeGenericOf(family.trim().toLowerCase());
    const faces = generic === undefined ? undefined : input.installed?.localeFamily(cjkLocale!, generic);
    return faces !== undefined && faces.length > 0 && covers(faces[0]!, [cjkLocale === 'ko' ? HANGUL_HAN : IDEOGRAPH_SUN]) ? faces : undefined;
  };
  // Each name fontconfig has not answered yet costs two process spawns (~17 ms): a render asks
  // about `questions.left` of them at most, and passes over the rest as names with no substitute.
  const substituteOf = (key: string, questions: FontconfigQuestions): string | undefined => {
    const installed = input.installed;
    if (installed === undefined) return undefined;
    if (!installed.substituteKnown(key)) {
      if (questions.left <= 0) {
        questions.passedOver.push(key);
        return undefined;
      }
      questions.left--;
    }
    return installed.substitute(key);
  };
  // A bundled family stands for the installed family of its name with its four common faces
  // only: a weight or width it lacks (DejaVu Sans ExtraLight for Tailwind's `font-light` over
  // system-ui, DejaVu Sans Condensed) is looked for among the installed family's faces too, as a
  // browser finds it. Asked only then, and about that family alone (fontconfig lists its faces).
  const bundledKeys = new Map<readonly FaceEntry[], string>([...input.bundled].map(([key, faces]) => [faces, key]));
  const widened = new Map<string, readonly FaceEntry[]>();
  const withInstalledFaces = (faces: readonly FaceEntry[] | undefined, wanted: MatchWanted): readonly FaceEntry[] | undefined => {
    const key = faces === undefined || input.installed === undefined ? undefined : bundledKeys.get(faces);
    if (key === undefined || hasExactFace(faces!, wanted)) return faces;
    let all = widened.get(key);
    if (all === undefined) {
      const more = (input.installed!.familyAlone(key) ?? []).filter((face) => !faces!.some((own) => sameDescriptors(own, face)));
      all = more.length === 0 ? faces! : [...faces!, ...more];
      widened.set(key, all);
    }
    return all;
  };
  const matchings = new BoundedCache<string, Matching>('text.font-matchings', MATCHINGS_PER_CATALOG);
  const found = new BoundedCache<string, boolean>('text.families-found', MATCHINGS_PER_CATALOG);
  return {
    id: input.id,
    hasFamily(family, questions) {
      const key = family.trim().toLowerCase();
      let has = found.get(key);
      if (has === undefined) {
        const passedOver = questions.passedOver.length;
        has = lookup(family, questions) !== undefined;
        if (questions.passedOver.length === passedOver) found.set(key, has);
      }
      return has;
    },
    resolve(families, wanted, keys, { cjkLocale, scriptLanguage }, questions) {
      let matching = matchings.get(keys.match);
      if (matching === undefined) {
        const passedOver = questions.passedOver.length;
        const chain = buildChain(families, wanted, (family) => withInstalledFaces(lookup(family, questions), wanted), input.bundled, (family) => localeGeneric(family, cjkLocale));
        const fallback = (language: string | undefined): FaceSet[] => fallbackSets(fallbackFamilies(input, cjkLocale, language), chain, wanted);
        const ranksLanguages = (): boolean => input.installed?.ranksLanguages() === true;
        matching = createMatching({ chain, fallback, own: scriptLanguage, ranksLanguages }, input.intern, { entries: () => input.installed?.colorFaces() ?? [], synthesis: colorSynthesis(wanted) });
        // a chain that passed a name over is this render's only: the next render asks again
        if (questions.passedOver.length === passedOver) matchings.set(keys.match, matching);
      }
      return new MatchedResolution(matching, wanted, keys.variation, input.intern);
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
 * §5.2 steps 1-5: each listed family that exists contributes its best-matching faces (a generic
 * one its CJK locale's family first, `localeGeneric`); with none, the default (the standard
 * font), which also follows a list that names no generic family. Then the bundled fallback
 * families, for characters nobody else has.
 */
function buildChain(
  families: readonly string[],
  wanted: MatchWanted,
  lookup: (family: string) => readonly FaceEntry[] | undefined,
  bundled: FamilyMap,
  localeGeneric: (family: string) => readonly FaceEntry[] | undefined,
): FaceSet[] {
  const chain: FaceSet[] = [];
  const add = (faces: readonly FaceEntry[] | undefined, setOf = faceSet): void => {
    if (!faces || faces.length === 0 || chain.some((set) => set.family === faces)) return;
    const set = setOf(faces, wanted);
    if (set !== undefined) chain.push(set);
  };
  const standard = (): readonly FaceEntry[] | undefined => localeGeneric(DEFAULT_FAMILY) ?? lookup(DEFAULT_FAMILY);
  for (const family of families) add(localeGeneric(family) ?? lookup(family));
  if (chain.length === 0) add(standard());
  chain.forEach((set, i) => (chain[i] = { ...set, listed: true }));
  // a list without a generic family ends in the standard font, as in Chromium: the Latin letters and
  // digits a Hebrew or Thai font lacks (`font-family: "Noto Sans Hebrew"`) print in Times New Roman
  if (!families.some((family) => isGenericFamily(family.trim().toLowerCase()))) add(standard());
  for (const family of FALLBACK_FAMILIES) add(bundled.get(family.toLowerCase()), characterFallbackSet);
  return chain;
}

/** The faces of `faces` that best match `matchedAs` (the wanted face by default), made bold or oblique as `wanted` asks where they are not. */
function faceSet(faces: readonly FaceEntry[], wanted: MatchWanted, matchedAs: MatchWanted = wanted): FaceSet | undefined {
  const chosen = selectFaces(faces, matchedAs);
  if (chosen.length === 0) return undefined;
  const synthesis = synthesisFor(chosen, wanted);
  return { family: faces, candidates: [...chosen].reverse().map((entry) => ({ entry, synthesis })) };
}

/**
 * The face set of a family found for a character no listed family has, as Chromium on Linux finds
 * it (gfx::GetFallbackFontForChar, FontCache::PlatformFallbackFontForCharacter): fontconfig sorts
 * the fonts for a pattern with no weight, slope or width, so the family's regular face comes first,
 * made bold or oblique when the text is — a bold ✓ or bold Arabic prints in DejaVu Sans Book
 * emboldened, not in DejaVu Sans Bold (whose Arabic is wider).
 */
function characterFallbackSet(faces: readonly FaceEntry[], wanted: MatchWanted): FaceSet | undefined {
  return faceSet(faces, wanted, REGULAR_FACE);
}

const REGULAR_FACE: MatchWanted = { weight: 400, style: 'normal', stretch: 100 };

/**
 * The families a character the chain has not got is looked for in: the engine's extra fonts, then
 * the installed ones (a CJK locale's font first, as fontconfig answers a browser that passes the
 * content language; in the order fontconfig gives the language of the character's script,
 * `language`, as Chromium asks it), then the bundled last resort.
 */
function fallbackFamilies(input: CatalogInput, cjkLocale: CjkLocale | undefined, language: string | undefined): FallbackFamily[] {
  const localeFaces = cjkLocale === undefined ? undefined : input.installed?.localeFamily(cjkLocale);
  const lastResort = LAST_RESORT_FAMILIES.map((family) => input.bundled.get(family.toLowerCase())).filter((faces) => faces !== undefined);
  const byCharacter = (faces: readonly FaceEntry[]): FallbackFamily => ({ faces, regular: true });
  return [
    ...[...input.extra.values()].map(byCharacter),
    ...(localeFaces === undefined ? [] : [{ faces: localeFaces, regular: false }]),
    ...(input.installed?.fallback(language) ?? []).map(byCharacter),
    ...lastResort.map(byCharacter),
  ];
}

/** A fallback family, and whether it is found by character (its regular face, characterFallbackSet) or by the wanted face (a CJK locale's family). */
interface FallbackFamily {
  readonly faces: readonly FaceEntry[];
  readonly regular: boolean;
}

/**
 * A colour emoji's synthesis: slanted in italic or oblique text, as Chromium slants the picture
 * (Skia cannot embolden a bitmap, so bold text leaves it as it is).
 */
function colorSynthesis(wanted: MatchWanted): Synthesis {
  return slantsUpright(wanted.style, false) && wanted.synthesis?.style !== false ? OBLIQUE_ONLY : NO_SYNTHESIS;
}

/** The face sets of the fallback families that are not in the chain already. */
function fallbackSets(families: readonly FallbackFamily[], chain: readonly FaceSet[], wanted: MatchWanted): FaceSet[] {
  const sets: FaceSet[] = [];
  for (const { faces, regular } of families) {
    if (faces.length === 0 || chain.some((set) => set.family === faces) || sets.some((set) => set.family === faces)) continue;
    const set = regular ? characterFallbackSet(faces, wanted) : faceSet(faces, wanted);
    if (set !== undefined) sets.push(set);
  }
  return sets;
}

/** Whether the face has every code point; a face whose file cannot be read has none (and is reported). */
/** A character every font writing the language has: 日 (U+65E5) for Japanese and Chinese, 한 (U+D55C) for Korean. */
const IDEOGRAPH_SUN = 0x65e5;
const HANGUL_HAN = 0xd55c;

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

/** What matching found for one (families, weight, style, stretch, CJK locale), for every size. */
interface Matching {
  /** The first available font's candidate (CSS Fonts 4 §5.3). */
  readonly primary: Candidate;
  /**
   * The candidate that draws a cluster, or undefined when no font has it. A character of no script
   * of its own (Script=Common or Inherited: punctuation, digits, the danda ।) that no listed
   * family has stays in `previous`, the fallback face of the text before it, when that face has
   * it — as Chromium shapes it within the run of the script around it, with the fallback font that
   * run found: "ভাষা।" all in Noto Sans Bengali, where the first installed font with a danda
   * (Noto Sans Takri) took the danda alone.
   */
  candidateFor(cluster: readonly number[], previous?: Candidate): Candidate | undefined;
  /** `faceOf`: the resolution's face of a candidate (whether a listed face draws the sequence in colour). */
  colorFaceFor(cluster: readonly number[], faceOf: (candidate: Candidate) => FontFace): FontFace | undefined;
}

/** The face sets a matching looks in: the chain, the fallback sets per language, and the text's own language of another script. */
interface MatchingSets {
  readonly chain: readonly FaceSet[];
  readonly fallback: (language: string | undefined) => readonly FaceSet[];
  readonly own: ScriptLanguage | undefined;
  /** Whether the installed fonts are ranked by language (fontconfig's index; asked only when a character of `own`'s script needs it). */
  readonly ranksLanguages: () => boolean;
}

function createMatching(
  { chain, fallback, own, ranksLanguages }: MatchingSets,
  intern: CatalogInput['intern'],
  color: { readonly entries: () => readonly FaceEntry[]; readonly synthesis: Synthesis },
): Matching {
  // per language of the characters' scripts ('' for none): made when a character of it first falls back
  const fallbackChains = new Map<string, readonly FaceSet[]>();
  const fallbackChain = (codePoint: number): readonly FaceSet[] => {
    const language = fallbackLanguageOf(codePoint, own);
    let sets = fallbackChains.get(language ?? '');
    if (sets === undefined) {
      sets = fallback(language);
      fallbackChains.set(language ?? '', sets);
    }
    return sets;
  };
  const listedCandidates = new Set(chain.filter((set) => set.listed === true).flatMap((set) => set.candidates));
  const findIn = (sets: readonly FaceSet[], codePoints: readonly number[]): Candidate | undefined => {
    for (const set of sets) {
      for (const candidate of set.candidates) if (covers(candidate.entry, codePoints)) return candidate;
    }
    return undefined;
  };
  const listedSets = chain.filter((set) => set.listed === true);
  const bundledSets = chain.filter((set) => set.listed !== true);
  const find = (codePoints: readonly number[]): Candidate | undefined => {
    const base = codePoints[0] as number;
    if (own === undefined || !isOfScript(base, own)) return findIn(chain, codePoints) ?? findIn(fallbackChain(base), codePoints);
    // a character of the text's own script: the listed families, then — where fontconfig ranks the
    // installed fonts, as it does for Chromium — the fonts of its language before the bundled ones
    // (`lang="ur"` Arabic in Noto Kufi Arabic, not DejaVu Sans)
    const listed = findIn(listedSets, codePoints);
    if (listed !== undefined) return listed;
    return ranksLanguages()
      ? findIn(fallbackChain(base), codePoints) ?? findIn(bundledSets, codePoints)
      : findIn(bundledSets, codePoints) ?? findIn(fallbackChain(base), codePoints);
  };
  const single = new Map<number, Candidate | null>();
  const forCodePoint = (cp: number): Candidate | undefined => {
    let candidate = single.get(cp);
    if (candidate === undefined) {
      candidate = find([cp]) ?? null;
      single.set(cp, candidate);
    }
    return candidate ?? undefined;
  };
  let primary: Candidate | undefined;
  return {
    get primary(): Candidate {
      primary ??= firstAvailable(chain);
      return primary;
    },
    candidateFor(cluster, previous) {
      const base = cluster[0] as number;
      // A cluster stays in one face when some face has all of it; else its base decides.
      const found = cluster.length === 1 ? forCodePoint(base) : find(cluster) ?? forCodePoint(base);
      if (previous === undefined || found === undefined || found === previous || listedCandidates.has(found) || listedCandidates.has(previous)) return found;
      return NO_SCRIPT_OF_ITS_OWN.test(String.fromCodePoint(base)) && covers(previous.entry, cluster) ? previous : found;
    },
    colorFaceFor(cluster, faceOf) {
      // as in Chromium, a listed font that has the whole sequence draws it: a colour (COLR) one always, another without VS16
      const visible = cluster.filter((cp) => cp !== 0x200d && cp !== 0xfe0f);
      const found = findIn(chain.filter((set) => set.listed === true), visible);
      const listed = found === undefined ? undefined : faceOf(found);
      if (listed !== undefined && (listed.colorLayers !== undefined || !cluster.includes(0xfe0f))) return undefined;
      // the sequence's first character decides: the font's GSUB makes the rest one picture
      const entry = color.entries().find((candidate) => covers(candidate, cluster.slice(0, 1)));
      return entry === undefined ? undefined : intern(entry, color.synthesis);
    },
  };
}

/**
 * The resolution of one request: the matching's candidates drawn in the request's instances. A
 * class, not an object literal with a `get primary()`: V8 turns a literal that defines an accessor
 * into a dictionary-mode object on every evaluation (a map of its own, ~40 per invoice render),
 * so each site reading a resolution missed its inline cache, and the literal's three closures
 * were made per request.
 */
class MatchedResolution implements Resolution {
  private primaryFace: FontFace | undefined = undefined;
  /** The candidate of each face this resolution gave (a `previous` face back to its candidate). */
  private readonly candidates = new Map<FontFace, Candidate>();

  constructor(
    private readonly matching: Matching,
    private readonly wanted: VariationWanted,
    private readonly variationKey: string,
    private readonly intern: CatalogInput['intern'],
  ) {}

  get primary(): FontFace {
    return (this.primaryFace ??= this.faceOf(this.matching.primary));
  }

  faceFor(cluster: readonly number[], previous?: FontFace): FontFace | undefined {
    const candidate = this.matching.candidateFor(cluster, previous === undefined ? undefined : this.candidates.get(previous));
    return candidate === undefined ? undefined : this.faceOf(candidate);
  }

  colorFaceFor(cluster: readonly number[]): FontFace | undefined {
    return this.matching.colorFaceFor(cluster, (candidate) => this.faceOf(candidate));
  }

  private faceOf(candidate: Candidate): FontFace {
    const face = candidate.face ?? candidateFace(candidate, this.wanted, this.variationKey, this.intern);
    this.candidates.set(face, candidate);
    return face;
  }
}

/**
 * A candidate's face for `wanted`: a static font's one FontFace, kept on the candidate; a variable
 * font's instance (a face of its own), kept per variation key — the instance depends on the
 * matching's weight, style and stretch and on the key's size and settings only (variation.ts).
 */
function candidateFace(candidate: Candidate, wanted: VariationWanted, variationKey: string, intern: CatalogInput['intern']): FontFace {
  const { entry, synthesis } = candidate;
  if (candidate.face !== undefined) return candidate.face;
  if (candidate.instances === undefined) {
    if (!isVariable(entry)) return (candidate.face = intern(entry, synthesis));
    candidate.instances = new BoundedCache<string, FontFace>('text.variable-instances', INSTANCES_PER_CANDIDATE);
  }
  let face = candidate.instances.get(variationKey);
  if (face === undefined) {
    const varied = variedEntry(entry, wanted);
    face = intern(varied, synthesis);
    candidate.instances.set(variationKey, face);
  }
  return face;
}

/** Whether the entry's font has variation axes; a font that cannot be read counts as static (variedEntry draws it as it is). */
function isVariable(entry: FaceEntry): boolean {
  try {
    return variationAxes(entry.program()) !== undefined;
  } catch {
    return false;
  }
}

const NO_SYNTHESIS: Synthesis = { bold: false, oblique: false };
const OBLIQUE_ONLY: Synthesis = { bold: false, oblique: true };

/** Characters that take the script of the text around them (UAX #24): they follow its fallback face. */
const NO_SCRIPT_OF_ITS_OWN = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** CSS Fonts 4 §5.3: the first face whose unicode-range includes U+0020 and that loads. */
function firstAvailable(chain: readonly FaceSet[]): Candidate {
  for (const set of chain) {
    for (const candidate of set.candidates) {
      if (inUnicodeRange(candidate.entry.unicodeRange, 0x20)) return candidate;
    }
  }
  const first = chain[0]?.candidates[0];
  if (first === undefined) throw new Error('font catalog has no faces');
  return first;
}
