/**
 * The machine's fonts as fontconfig knows them (`fc-list`, `fc-match`): every scalable face with
 * its file, family names, weight, slant, width and character set, read from fontconfig's own
 * cache in one call (~0.1 s for 400 faces) without opening a font file; and the order in which
 * fontconfig prefers families for `sans-serif`, which is the order browsers on Linux try fonts
 * for characters the page's fonts lack (Chromium asks FcFontSort the same question).
 */
import { execFileSync } from 'node:child_process';
import type { FontStyle } from '../css/types.js';

/** A face of an installed font file, as an index lists it (no font file opened). */
export interface InstalledFaceInfo {
  readonly file: string;
  /** The face's index in a collection (.ttc), 0 otherwise. */
  readonly index: number;
  /** Family names, the first the primary one (fontconfig lists localized names too). */
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: FontStyle;
  /** Percent, 100 = normal. */
  readonly stretch: number;
  /**
   * Inclusive code point ranges, sorted, parsed on first use: a machine lists hundreds of faces
   * (395 here, half a megabyte of ranges) and a render asks about the few it falls back to.
   */
  readonly charset: () => Uint32Array;
  /** Full names and PostScript name, lower-cased: what `local()` in `@font-face` matches. */
  readonly faceNames: readonly string[];
}

export interface FontconfigIndex {
  readonly faces: readonly InstalledFaceInfo[];
  /** Lower-cased family names, most preferred first, for characters no listed font has. */
  readonly fallbackOrder: readonly string[];
  /** Colour bitmap faces (Noto Color Emoji: no outlines), drawn as pictures for emoji. */
  readonly colorFaces: readonly { readonly file: string; readonly index: number }[];
}

const FIELDS = ['%{file}', '%{index}', '%{family}', '%{weight}', '%{slant}', '%{width}', '%{outline}', '%{color}', '%{charset}', '%{fullname}', '%{postscriptname}'];
const TIMEOUT_MS = 20_000;

/** The fontconfig index, or undefined when fontconfig is not installed (or fails). */
export function readFontconfig(): FontconfigIndex | undefined {
  let listing: string;
  let order: string;
  try {
    listing = run('fc-list', ['--format', `${FIELDS.join('\t')}\n`]);
    order = run('fc-match', ['-s', '--format', '%{family[0]}\n', 'sans-serif']);
  } catch {
    return undefined;
  }
  const lines = listing.split('\n');
  const faces = facesOf(lines);
  faces.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.index - b.index));
  const fallbackOrder = familyOrder(order);
  const colorFaces = lines.map((line) => line.split('\t')).filter((fields) => fields[6] !== 'True' && fields[7] === 'True')
    .map((fields) => ({ file: fields[0]!, index: Number(fields[1]) || 0 })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { faces, fallbackOrder, colorFaces };
}

/**
 * The installed faces of one family (any of each face's names, any case), undefined without
 * fontconfig: one `fc-list` of that family (~15 ms) where listing every font costs several times that.
 */
export function readFontconfigFamily(family: string): InstalledFaceInfo[] | undefined {
  if (fontconfigMissing) return undefined;
  let listing: string;
  try {
    listing = run('fc-list', ['--format', `${FIELDS.join('\t')}\n`, escapePattern(family)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') fontconfigMissing = true;
    return undefined;
  }
  return facesOf(listing.split('\n'));
}

/** The outline faces of `fc-list` lines in FIELDS' format. */
function facesOf(lines: readonly string[]): InstalledFaceInfo[] {
  return lines.map(parseLine).filter((face): face is InstalledFaceInfo => face !== undefined);
}

/** Set once a fontconfig tool is found missing: it is not spawned again. */
let fontconfigMissing = false;

/** The family names of the face fontconfig matches `family` with (`fc-match`), undefined without fontconfig. */
export function fontconfigMatch(family: string): string[] | undefined {
  if (fontconfigMissing) return undefined;
  try {
    return run('fc-match', ['--format', '%{family}', escapePattern(family)]).split(',').map(unescapeName).filter((name) => name.length > 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') fontconfigMissing = true;
    return undefined;
  }
}

/** The family fontconfig prefers for a generic family's text in a language (`fc-match sans-serif:lang=ja`). */
export function fontconfigLanguageFamily(lang: string, generic: 'sans-serif' | 'serif' | 'monospace' = 'sans-serif'): string | undefined {
  try {
    return run('fc-match', ['--format', '%{family[0]}', `${generic.replace('-', '\\-')}:lang=${lang}`]).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Families in the order fontconfig sorts them for sans-serif text in a language (`fc-match -s
 * sans-serif:lang=ta`): the fonts that declare the language first, then the rest in the plain
 * order — Chromium's question for a character's fallback font, which carries the script's language.
 * Lower-cased, distinct; undefined without fontconfig.
 */
export function fontconfigLanguageOrder(lang: string): string[] | undefined {
  if (fontconfigMissing) return undefined;
  try {
    return familyOrder(run('fc-match', ['-s', '--format', '%{family[0]}\n', `sans\\-serif:lang=${lang}`]));
  } catch {
    return undefined;
  }
}

/** `fc-match -s` lines as distinct lower-cased family names. */
function familyOrder(listing: string): string[] {
  return [...new Set(listing.split('\n').map((name) => name.trim().toLowerCase()).filter((name) => name.length > 0))];
}

/** The first family of the pattern fontconfig's configuration makes of `family` (`fc-pattern -c`). */
export function fontconfigConfiguredFamily(family: string): string | undefined {
  try {
    return run('fc-pattern', ['--config', '--format', '%{family[0]}', escapePattern(family)]).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A family name as a fontconfig pattern: `-`, `:`, `,` and `\` are pattern syntax. */
function escapePattern(family: string): string {
  return family.replace(/[\\:,-]/g, (ch) => `\\${ch}`);
}

const unescapeName = (name: string): string => name.replaceAll('\\-', '-').trim();

function run(command: string, args: readonly string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** One fc-list line; undefined for bitmap-only faces (colour emoji, PCF), which have no outlines to embed. */
function parseLine(line: string): InstalledFaceInfo | undefined {
  const [file, index, family, weight, slant, width, outline, , charset, fullname, postscriptname] = line.split('\t');
  if (file === undefined || family === undefined || charset === undefined || outline !== 'True') return undefined;
  const families = family.split(',').map(unescapeName).filter((name) => name.length > 0);
  if (families.length === 0) return undefined;
  return {
    file,
    index: Number(index) || 0,
    families,
    weight: cssWeight(Number(weight)),
    style: Number(slant) >= 110 ? 'oblique' : Number(slant) >= 100 ? 'italic' : 'normal',
    stretch: Number(width) > 0 ? Number(width) : 100,
    charset: lazyCharset(charset),
    faceNames: [...(fullname ?? '').split(','), postscriptname ?? ''].map((name) => unescapeName(name).toLowerCase()).filter((name) => name.length > 0),
  };
}

function lazyCharset(text: string): () => Uint32Array {
  let ranges: Uint32Array | undefined;
  return () => (ranges ??= parseCharset(text));
}

/** fontconfig weights (FC_WEIGHT_*) and the CSS weights they stand for. */
const WEIGHTS: readonly (readonly [number, number])[] = [
  [0, 100], [40, 200], [50, 300], [55, 350], [75, 380], [80, 400], [100, 500], [180, 600], [200, 700], [205, 800], [210, 900], [215, 950],
];

/** Linear between fontconfig's named weights (as FcWeightToOpenType does). */
export function cssWeight(fcWeight: number): number {
  if (!Number.isFinite(fcWeight)) return 400;
  for (let i = 1; i < WEIGHTS.length; i++) {
    const [fc1, css1] = WEIGHTS[i - 1]!;
    const [fc2, css2] = WEIGHTS[i]!;
    if (fcWeight <= fc2) return Math.round(css1 + ((Math.max(fcWeight, fc1) - fc1) * (css2 - css1)) / (fc2 - fc1));
  }
  return 950;
}

/** `20-7e a0-17f 2010` as flat inclusive [from, to, from, to, …] ranges. */
export function parseCharset(text: string): Uint32Array {
  const ranges: number[] = [];
  for (const part of text.split(' ')) {
    if (part.length === 0) continue;
    const dash = part.indexOf('-');
    const from = parseInt(dash === -1 ? part : part.slice(0, dash), 16);
    const to = dash === -1 ? from : parseInt(part.slice(dash + 1), 16);
    if (Number.isFinite(from) && Number.isFinite(to)) ranges.push(from, to);
  }
  return Uint32Array.from(ranges);
}

/** Whether the flat sorted ranges contain `codePoint` (binary search). */
export function charsetHas(ranges: Uint32Array, codePoint: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (codePoint < ranges[2 * mid]!) high = mid - 1;
    else if (codePoint > ranges[2 * mid + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}
