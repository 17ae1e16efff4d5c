/**
 * Fonts an engine is given (`createEngine({ fonts })`): files, or folders searched recursively for
 * .ttf/.otf/.woff/.woff2/.ttc files. Each face is registered under its family name (name ID 1)
 * and its typographic family name (ID 16), with weight, style and width from its OS/2 table, as
 * installed fonts are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { FontStyle } from '../css/types.js';
import { OctavoError } from '../errors.js';
import type { FaceEntry } from './face.js';
import { safeKey } from './face.js';
import type { FontProgram } from './fontkit.js';
import { parseFontBytes } from './fontkit.js';
import { appendAll } from '../append-all.js';

const FONT_EXTENSIONS = new Set(['.ttf', '.otf', '.woff', '.woff2', '.ttc', '.otc']);
const MAX_DEPTH = 8;

export interface ExtraFonts {
  readonly families: ReadonlyMap<string, readonly FaceEntry[]>;
  /** Font files found in folders that could not be parsed (reported as warnings per render). */
  readonly problems: readonly string[];
}

/**
 * Reads and parses every extra font once. A path that does not exist, or a file named
 * explicitly that is not a font, is a configuration error (`invalid_options`).
 */
export function loadExtraFonts(paths: readonly string[]): ExtraFonts {
  const families = new Map<string, FaceEntry[]>();
  const problems: string[] = [];
  const register = registrar(families, 'X');
  for (const path of paths) {
    const absolute = resolve(path);
    if (isDirectory(absolute)) {
      for (const file of fontFilesIn(absolute, 0)) parseInto(file, register, problems, 'extra font');
    } else {
      try {
        for (const program of parseFontBytes(readFileSync(absolute))) register(program, absolute);
      } catch (error) {
        throw new OctavoError('invalid_options', `fonts: ${path} is not a usable font file`, {
          cause: error,
          hint: 'pass .ttf, .otf, .woff, .woff2 or .ttc files, or folders containing them',
        });
      }
    }
  }
  return { families, problems };
}

/**
 * The fonts installed in `folders` (the standard font folders, when there is no fontconfig to
 * ask): every font file under them parsed once. A folder that is missing or cannot be read, and a
 * file that is not a font, is a problem to report, never an error.
 */
export function scanFontFolders(folders: readonly string[]): ExtraFonts {
  const families = new Map<string, FaceEntry[]>();
  const problems: string[] = [];
  const register = registrar(families, 'S');
  for (const folder of folders) {
    let files: string[];
    try {
      files = fontFilesIn(folder, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`font folder ${folder} could not be read: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const file of files) parseInto(file, register, problems, 'installed font');
  }
  return { families, problems };
}

/** Registers each face of a parsed font file under its family names, with keys `prefix`0, `prefix`1… */
function registrar(families: Map<string, FaceEntry[]>, prefix: string): (program: FontProgram, file: string) => void {
  let counter = 0;
  return (program, file) => {
    const entry = { ...entryFor(program, `${prefix}${counter++}`), file };
    for (const name of familyNames(program)) {
      const key = name.toLowerCase();
      const list = families.get(key);
      if (list) list.push({ ...entry, family: name });
      else families.set(key, [{ ...entry, family: name }]);
    }
  };
}

/** Parses one font file found in a folder; one that is not a font is a problem, not an error. */
function parseInto(file: string, register: (program: FontProgram, file: string) => void, problems: string[], what: string): void {
  try {
    for (const program of parseFontBytes(readFileSync(file))) register(program, file);
  } catch (error) {
    problems.push(`${what} ${file} could not be used: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (error) {
    throw new OctavoError('invalid_options', `fonts: ${path} does not exist`, { cause: error });
  }
}

/** The font files under `folder`, sorted, down to MAX_DEPTH folders deep. */
export function fontFilesIn(folder: string, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  const files: string[] = [];
  for (const item of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, item.name);
    if (item.isDirectory()) appendAll(files, fontFilesIn(path, depth + 1));
    else if (item.isFile() && FONT_EXTENSIONS.has(extname(item.name).toLowerCase())) files.push(path);
  }
  return files;
}

export function familyNames(program: FontProgram): string[] {
  const names = [program.getName('preferredFamily'), program.familyName]
    .filter((name): name is string => typeof name === 'string' && name.trim().length > 0)
    .map((name) => name.trim());
  return [...new Set(names)];
}

/** OS/2 usWidthClass 1-9 as font-stretch percentages (CSS Fonts 4 §2.4 table). */
const WIDTHS = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200];

export function entryFor(program: FontProgram, prefix: string): FaceEntry {
  const os2 = program['OS/2'];
  const rawWeight = os2?.usWeightClass ?? 400;
  const weight = rawWeight >= 1 && rawWeight <= 9 ? rawWeight * 100 : Math.min(1000, Math.max(1, rawWeight || 400));
  const stretch = WIDTHS[(os2?.usWidthClass ?? 5) - 1] ?? 100;
  return {
    family: program.familyName ?? 'Unknown',
    weight: [weight, weight],
    style: styleOf(program),
    stretch: [stretch, stretch],
    unicodeRange: [],
    key: `${prefix}_${safeKey(program.postscriptName ?? 'font').slice(0, 40)}`,
    program: () => program,
  };
}

function styleOf(program: FontProgram): FontStyle {
  const selection = program['OS/2']?.fsSelection;
  const subfamily = (program.subfamilyName ?? '').toLowerCase();
  if (selection?.oblique || subfamily.includes('oblique')) return 'oblique';
  if (selection?.italic || subfamily.includes('italic')) return 'italic';
  return 'normal';
}
