/**
 * The fonts installed on the machine, as one process-wide index built on first need — the first
 * family name no template font, engine font or bundled font answers, or the first character none
 * of them has — and never before: a document the bundled fonts answer never pays for it.
 *
 * With fontconfig (Linux, most BSDs) the index is `fc-list`'s: names, styles and character sets
 * from fontconfig's cache, no font file opened; a file is read and parsed when a face of it is
 * first used. Without fontconfig, the standard font folders (below) are scanned and every font in
 * them is parsed once, to learn its names and characters.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, posix, win32 } from 'node:path';
import { startupSnapshot } from 'node:v8';
import type { FaceEntry } from './face.js';
import { safeKey } from './face.js';
import type { InstalledFaceInfo } from './fontconfig.js';
import { charsetHas, fontconfigLanguageOrder, readFontconfig, readFontconfigFamily } from './fontconfig.js';
import type { FontProgram } from './fontkit.js';
import { parseFontBytes } from './fontkit.js';
import { scanFontFolders } from './extra-fonts.js';
import { colorFaceEntry } from './color-font.js';
import { browserFamilyFor, localeFallbackFamily, substituteKnown } from './browser-families.js';
import type { LocaleGeneric } from './browser-families.js';
import type { CjkLocale } from './cjk-locale.js';

export interface InstalledFonts {
  /** The faces of an installed family (lower-cased name), if there is one. */
  family(key: string): readonly FaceEntry[] | undefined;
  /**
   * The faces of an installed family (lower-cased name) as `family` gives them, without listing
   * every installed font while they are not listed yet: for a family asked about alone.
   */
  familyAlone(key: string): readonly FaceEntry[] | undefined;
  /** The installed face of a full name or PostScript name (`local()` in `@font-face`), any case. */
  face(name: string): FaceEntry | undefined;
  /**
   * The installed family (lower-cased name) a browser on this machine uses for a name no font has
   * (generic families, `Arial` on a machine without Arial), as fontconfig answers it; undefined
   * without fontconfig or when a browser would go on to the next family (browser-families.ts).
   */
  substitute(key: string): string | undefined;
  /** Whether `substitute(key)` answers without calling fontconfig (asked before, or nothing to ask). */
  substituteKnown(key: string): boolean;
  /**
   * The installed family fontconfig prefers for a generic family's text in a CJK locale, if any
   * (sans-serif, the default: also where its Han characters fall back first).
   */
  localeFamily(locale: CjkLocale, generic?: LocaleGeneric): readonly FaceEntry[] | undefined;
  /**
   * Installed families in the order characters fall back to them: fontconfig's for sans-serif, or
   * for sans-serif in `language` (script-language.ts), whose fonts it ranks first.
   */
  fallback(language?: string): readonly (readonly FaceEntry[])[];
  /** Whether `fallback` ranks fonts by language (fontconfig answered): the installed fonts' order is then a browser's. */
  readonly ranksLanguages: () => boolean;
  /** Installed colour bitmap fonts (emoji), for emoji clusters only. */
  colorFaces(): readonly FaceEntry[];
  /** Installed font files that could not be used (reported as warnings by later renders). */
  readonly problems: readonly string[];
}

interface Index {
  readonly families: ReadonlyMap<string, readonly FaceEntry[]>;
  /** Lower-cased full and PostScript names → face. */
  readonly faces: ReadonlyMap<string, FaceEntry>;
  readonly fallback: readonly (readonly FaceEntry[])[];
  readonly colorFaces: readonly FaceEntry[];
  /** Whether fontconfig answered (it is asked again for names only then). */
  readonly fontconfig: boolean;
}

/** Where fonts are installed on a platform when there is no fontconfig to ask. */
export function standardFontFolders(platform: string = process.platform, env: Readonly<Record<string, string | undefined>> = process.env, home = homedir()): string[] {
  const path = platform === 'win32' ? win32 : posix;
  switch (platform) {
    case 'darwin':
      return ['/System/Library/Fonts', '/Library/Fonts', path.join(home, 'Library/Fonts')];
    case 'win32': {
      const windows = env['WINDIR'] ?? 'C:\\Windows';
      const local = env['LOCALAPPDATA'];
      return [path.join(windows, 'Fonts'), ...(local === undefined ? [] : [path.join(local, 'Microsoft\\Windows\\Fonts')])];
    }
    default:
      return ['/usr/share/fonts', '/usr/local/share/fonts', path.join(home, '.fonts'), path.join(home, '.local/share/fonts')];
  }
}

const problems: string[] = [];
let index: Index | undefined;

function theIndex(): Index {
  // A V8 startup snapshot (the CLI's) must not carry the fonts of the machine that built it.
  if (startupSnapshot.isBuildingSnapshot()) return { families: new Map(), faces: new Map(), fallback: [], colorFaces: [], fontconfig: false };
  index ??= buildIndex();
  return index;
}

/** The process-wide installed fonts. */
export const installedFonts: InstalledFonts = {
  family: (key) => theIndex().families.get(key),
  familyAlone: (key) => {
    if (startupSnapshot.isBuildingSnapshot()) return undefined;
    if (index !== undefined) return index.families.get(key);
    if (!familiesAlone.has(key)) familiesAlone.set(key, familyFromFontconfig(key));
    return familiesAlone.get(key);
  },
  face: (name) => theIndex().faces.get(name.trim().toLowerCase()),
  // fontconfig is asked directly (no index needed); without it, there is no answer
  substitute: (key) => (startupSnapshot.isBuildingSnapshot() ? undefined : browserFamilyFor(key)),
  substituteKnown: (key) => startupSnapshot.isBuildingSnapshot() || substituteKnown(key),
  localeFamily: (locale, generic) => {
    const name = theIndex().fontconfig ? localeFallbackFamily(locale, generic) : undefined;
    return name === undefined ? undefined : theIndex().families.get(name);
  },
  fallback: (language) => (language === undefined ? theIndex().fallback : languageFallback(language)),
  ranksLanguages: () => theIndex().fontconfig,
  colorFaces: () => theIndex().colorFaces,
  problems,
};

/** The fallback order per language, asked of fontconfig once per process and language (one `fc-match`, ~30 ms). */
const languageOrders = new Map<string, readonly (readonly FaceEntry[])[]>();

function languageFallback(language: string): readonly (readonly FaceEntry[])[] {
  const index = theIndex();
  if (!index.fontconfig) return index.fallback;
  let order = languageOrders.get(language);
  if (order === undefined) {
    const preferred = fontconfigLanguageOrder(language);
    order = preferred === undefined ? index.fallback : fallbackOrder(index.families, preferred);
    languageOrders.set(language, order);
  }
  return order;
}

/** Families asked about alone before the index was built (fontconfig's answer, or the index's without fontconfig). */
const familiesAlone = new Map<string, readonly FaceEntry[] | undefined>();

function familyFromFontconfig(key: string): readonly FaceEntry[] | undefined {
  const infos = readFontconfigFamily(key);
  if (infos === undefined) return theIndex().families.get(key);
  const faces = infos.flatMap(fontconfigEntry).filter((entry) => entry.family.toLowerCase() === key);
  return faces.length === 0 ? undefined : faces;
}

function buildIndex(): Index {
  const fontconfig = readFontconfig();
  if (fontconfig !== undefined) {
    const entries = fontconfig.faces.map(fontconfigEntry);
    const families = groupFamilies(entries);
    const faces = new Map<string, FaceEntry>();
    fontconfig.faces.forEach((info, i) => {
      for (const name of info.faceNames) if (!faces.has(name)) faces.set(name, entries[i]![0]!);
    });
    const colorFaces = fontconfig.colorFaces.filter((face) => face.index === 0).map((face) => colorFaceEntry(face.file, reportInstalledProblem));
    return { families, faces, fallback: fallbackOrder(families, fontconfig.fallbackOrder), colorFaces, fontconfig: true };
  }
  return scannedIndex(standardFontFolders(), reportInstalledProblem);
}

function scannedIndex(folders: readonly string[], report: (problem: string) => void): Index {
  const scanned = scanFontFolders(folders);
  for (const problem of scanned.problems) report(problem);
  return { families: scanned.families, faces: faceNames(scanned.families), fallback: fallbackOrder(scanned.families, []), colorFaces: [], fontconfig: false };
}

/** Full and PostScript names of parsed faces (every family name of a face shares its program). */
export function faceNames(families: ReadonlyMap<string, readonly FaceEntry[]>): Map<string, FaceEntry> {
  const faces = new Map<string, FaceEntry>();
  for (const entries of families.values()) {
    for (const entry of entries) {
      const program = entry.program();
      for (const name of [program.getName('fullName'), program.postscriptName]) {
        const key = name?.trim().toLowerCase();
        if (key !== undefined && key !== '' && !faces.has(key)) faces.set(key, entry);
      }
    }
  }
  return faces;
}

/**
 * The installed fonts of `folders` scanned as on a machine without fontconfig (macOS, Windows),
 * for tests that stand a folder tree in for the standard folders; built on first need.
 */
export function installedFontsIn(folders: readonly string[]): InstalledFonts {
  let scanned: Index | undefined;
  const found: string[] = [];
  const built = (): Index => (scanned ??= scannedIndex(folders, (problem) => found.push(problem)));
  return {
    family: (key) => built().families.get(key),
    familyAlone: (key) => built().families.get(key),
    face: (name) => built().faces.get(name.trim().toLowerCase()),
    substitute: () => undefined,
    substituteKnown: () => true,
    localeFamily: () => undefined,
    fallback: () => built().fallback,
    ranksLanguages: () => false,
    colorFaces: () => [],
    problems: found,
  };
}

function groupFamilies(entries: readonly (readonly FaceEntry[])[]): Map<string, FaceEntry[]> {
  const families = new Map<string, FaceEntry[]>();
  for (const named of entries) {
    for (const entry of named) {
      const key = entry.family.toLowerCase();
      const list = families.get(key);
      if (list === undefined) families.set(key, [entry]);
      else list.push(entry);
    }
  }
  return families;
}

/** The families in `preferred` order first, then every other one (in index order). */
function fallbackOrder(families: ReadonlyMap<string, readonly FaceEntry[]>, preferred: readonly string[]): (readonly FaceEntry[])[] {
  const order: (readonly FaceEntry[])[] = [];
  const seen = new Set<readonly FaceEntry[]>();
  const add = (faces: readonly FaceEntry[] | undefined): void => {
    if (faces === undefined || seen.has(faces)) return;
    seen.add(faces);
    order.push(faces);
  };
  for (const name of preferred) add(families.get(name));
  for (const faces of families.values()) add(faces);
  return order;
}

/** One FaceEntry per family name of a fontconfig face (they share the lazily parsed program). */
function fontconfigEntry(info: InstalledFaceInfo): FaceEntry[] {
  const fileHash = createHash('sha1').update(info.file).digest('hex').slice(0, 8);
  const key = `I${fileHash}_${info.index}_${safeKey(basename(info.file)).slice(0, 32)}`;
  const program = (): FontProgram => programOf(info.file, info.index);
  const charset = info.charset;
  return info.families.map((family) => ({
    family,
    weight: [info.weight, info.weight],
    style: info.style,
    stretch: [info.stretch, info.stretch],
    unicodeRange: [],
    key,
    program,
    file: info.file,
    mayCover: (codePoint: number) => charsetHas(charset(), codePoint),
  }));
}

/** Parsed installed files (each font of a collection), once per process. */
const parsedFiles = new Map<string, readonly FontProgram[]>();

function programOf(file: string, faceIndex: number): FontProgram {
  let programs = parsedFiles.get(file);
  if (programs === undefined) {
    programs = parseFontBytes(readFileSync(file));
    parsedFiles.set(file, programs);
  }
  const program = programs[faceIndex];
  if (program === undefined) throw new Error(`${file} has no face ${faceIndex}`);
  return program;
}

/** Records an installed font that failed to load, once. */
export function reportInstalledProblem(message: string): void {
  if (!problems.includes(message)) problems.push(message);
}
