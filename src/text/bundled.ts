/**
 * The fonts shipped in fonts/ (Liberation, DejaVu), the family names that resolve to them, and
 * their process-wide parse cache: each file is read and parsed at most once per process, on
 * first use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FontStyle } from '../css/types.js';
import type { FaceEntry } from './face.js';
import type { FontProgram } from './fontkit.js';
import { cmapProbe, parseFontBytes } from './fontkit.js';
import { OctavoError } from '../errors.js';
import { withoutKernedOnes } from './digit-one-kern.js';
import { withArialMiddleDot } from './middle-dot.js';

/** Works from src/text/ and dist/text/ alike. */
const FONTS_DIR = new URL('../../fonts/', import.meta.url);

interface BundledFace {
  readonly family: string;
  readonly file: string;
  readonly weight: number;
  readonly style: FontStyle;
}

function liberation(family: string, stem: string): BundledFace[] {
  const file = (variant: string): string => `liberation/Liberation${stem}-${variant}.ttf`;
  return [
    { family, file: file('Regular'), weight: 400, style: 'normal' },
    { family, file: file('Bold'), weight: 700, style: 'normal' },
    { family, file: file('Italic'), weight: 400, style: 'italic' },
    { family, file: file('BoldItalic'), weight: 700, style: 'italic' },
  ];
}

const BUNDLED: readonly BundledFace[] = [
  ...liberation('Liberation Sans', 'Sans'),
  ...liberation('Liberation Serif', 'Serif'),
  ...liberation('Liberation Mono', 'Mono'),
  { family: 'DejaVu Sans', file: 'dejavu/DejaVuSans.ttf', weight: 400, style: 'normal' },
  { family: 'DejaVu Sans', file: 'dejavu/DejaVuSans-Bold.ttf', weight: 700, style: 'normal' },
  { family: 'DejaVu Sans', file: 'dejavu/DejaVuSans-Oblique.ttf', weight: 400, style: 'oblique' },
  { family: 'DejaVu Sans', file: 'dejavu/DejaVuSans-BoldOblique.ttf', weight: 700, style: 'oblique' },
  { family: 'Noto Sans Math', file: 'noto/NotoSansMath-Regular.ttf', weight: 400, style: 'normal' },
];

/**
 * Generic families (CSS Fonts 4 §2.1.1) and common platform names, lower-cased, mapped to the
 * bundled family that stands in for them (Liberation fonts are metric-compatible with Arial,
 * Times New Roman and Courier New; Arimo/Tinos/Cousine are their Chrome OS names).
 */
const ALIASES: Readonly<Record<string, string>> = {
  'sans-serif': 'Liberation Sans',
  'arial': 'Liberation Sans',
  'helvetica': 'Liberation Sans',
  'helvetica neue': 'Liberation Sans',
  'system-ui': 'Liberation Sans',
  'ui-sans-serif': 'Liberation Sans',
  'arimo': 'Liberation Sans',
  'serif': 'Liberation Serif',
  '-webkit-standard': 'Liberation Serif',
  'times new roman': 'Liberation Serif',
  'times': 'Liberation Serif',
  'ui-serif': 'Liberation Serif',
  'tinos': 'Liberation Serif',
  'monospace': 'Liberation Mono',
  'courier new': 'Liberation Mono',
  'courier': 'Liberation Mono',
  'ui-monospace': 'Liberation Mono',
  'cousine': 'Liberation Mono',
};

/** Whether a lower-cased name is a generic or platform name the bundled fonts stand in for (not their own family name). */
export function isBundledAlias(key: string): boolean {
  return Object.hasOwn(ALIASES, key);
}

/** The browser default (initial `font-family`, Blink's standard font), used when no listed family exists. */
export const DEFAULT_FAMILY = '-webkit-standard';

/** Where a character no listed family has is looked for next, in order. */
export const FALLBACK_FAMILIES: readonly string[] = ['Liberation Sans', 'Liberation Serif', 'DejaVu Sans'];

/**
 * Where a character is looked for once the installed fonts have not got it either: Noto Sans Math
 * has the mathematical alphanumerics (𝑥, the italic a MathML `<mi>x</mi>` prints) and operators.
 * Last, so that a machine with a math font installed prints with it, as its browser does
 * (Chromium on Debian: DejaVu Math TeX Gyre).
 */
export const LAST_RESORT_FAMILIES: readonly string[] = ['Noto Sans Math'];

const programs = new Map<string, FontProgram>();

/** Parses a bundled file once per process. */
function bundledProgram(file: string): FontProgram {
  let program = programs.get(file);
  if (program === undefined) {
    program = parseFontBytes(probes.get(file)?.bytes ?? readBundled(file))[0] as FontProgram;
    programs.set(file, program);
    probes.delete(file);
  }
  return program;
}

/** The bundled fonts parsed so far in this process. */
export function parsedBundledPrograms(): FontProgram[] {
  return [...programs.values()];
}

/** How many bundled files have been parsed in this process (for tests and benchmarks). */
export function parsedBundledCount(): number {
  return programs.size;
}

/**
 * Each bundled file's `cmap`, read without parsing the font for use (cmapProbe), until it is
 * parsed: the fallback search asks the bundled fonts first about every character the page's fonts
 * lack, and checking DejaVu Sans and Liberation Sans for use only to learn they have no Hangul,
 * Han or emoji cost a process's first such document ~45 ms.
 */
const probes = new Map<string, { readonly bytes: Uint8Array; readonly has: (codePoint: number) => boolean }>();

function mayCover(file: string, codePoint: number): boolean {
  const parsed = programs.get(file);
  if (parsed !== undefined) return parsed.hasGlyphForCodePoint(codePoint);
  let probe = probes.get(file);
  if (probe === undefined) {
    const bytes = readBundled(file);
    probes.set(file, (probe = { bytes, has: cmapProbe(bytes) }));
  }
  return probe.has(codePoint);
}

/**
 * A bundled file's bytes (the probe keeps them: a font first probed and then drawn with is read
 * once). A package copied without its `fonts/` folder is a typed error naming the file, not a
 * bare ENOENT from deep inside layout.
 */
function readBundled(file: string): Uint8Array {
  const path = fileURLToPath(new URL(file, FONTS_DIR));
  try {
    // Liberation 2.x's middle dot, made as wide as Arial's and Times New Roman's (middle-dot.ts),
    // and its Sans without the "11" kerning Liberation 1.x and Arial do not have (digit-one-kern.ts)
    return withoutKernedOnes(file, withArialMiddleDot(file, readFileSync(path)));
  } catch (cause) {
    throw new OctavoError('render_error', `bundled font ${file} cannot be read at ${path}: ${(cause as Error).message}`, {
      hint: 'octavo ships its fonts in the fonts/ folder beside dist/; install the package whole (npm install), not dist/ alone',
      cause,
    });
  }
}

function toEntry(face: BundledFace): FaceEntry {
  const stem = face.file.slice(face.file.lastIndexOf('/') + 1, -'.ttf'.length);
  return {
    family: face.family,
    weight: [face.weight, face.weight],
    style: face.style,
    stretch: [100, 100],
    unicodeRange: [],
    key: stem,
    program: () => bundledProgram(face.file),
    mayCover: (codePoint) => mayCover(face.file, codePoint),
  };
}

const ENTRIES: readonly FaceEntry[] = BUNDLED.map(toEntry);

/** Bundled faces grouped by lower-cased family name, aliases included. */
export function bundledFamilies(): ReadonlyMap<string, readonly FaceEntry[]> {
  const families = new Map<string, FaceEntry[]>();
  for (const entry of ENTRIES) {
    const key = entry.family.toLowerCase();
    families.set(key, [...(families.get(key) ?? []), entry]);
  }
  for (const [alias, family] of Object.entries(ALIASES)) {
    const faces = families.get(family.toLowerCase());
    if (faces) families.set(alias, faces);
  }
  return families;
}
