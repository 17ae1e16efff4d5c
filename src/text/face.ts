/**
 * Faces as the font catalog knows them (descriptors + a lazily parsed program) and the
 * `FontFace` records handed to layout, paint and pdf.
 */
import type { FontMetricOverrides, FontStyle } from '../css/types.js';
import type { FontFace, GlyphBounds } from './types.js';
import type { FontProgram } from './fontkit.js';
import { damagedLayoutTables } from './fontkit.js';
import type { ColorBitmaps } from '../sfnt/cbdt.js';
import { colorLayersOf, undrawnColorGlyphs } from './color-layers.js';

export type UnicodeRange = readonly (readonly [number, number])[];

/** The descriptors font matching looks at (CSS Fonts 4 §4.2-4.5); ranges are inclusive. */
export interface FaceDescriptors {
  readonly weight: readonly [number, number];
  readonly style: FontStyle;
  /** Percentages, 100 = normal. */
  readonly stretch: readonly [number, number];
}

/** A face a catalog can offer: bundled, engine-registered or from `@font-face`. */
export interface FaceEntry extends FaceDescriptors {
  readonly family: string;
  /** An `@font-face` rule's `font-variation-settings`: applied before the element's. */
  readonly variations?: readonly { readonly tag: string; readonly value: number }[];
  /** An `@font-face` rule's `size-adjust` and metric overrides (createFontFace applies them). */
  readonly metricOverrides?: FontMetricOverrides;
  /** Empty = every character (CSS Fonts 4 §4.5 `unicode-range`). */
  readonly unicodeRange: UnicodeRange;
  /** Stable, PDF-name-safe identity of program + descriptors within an engine. */
  readonly key: string;
  /** The parsed font; parses on first call (bundled fonts) and never again. */
  program(): FontProgram;
  /**
   * False for a character the face surely lacks, known without parsing it (an installed font's
   * character set from fontconfig); absent when only the parsed font can tell.
   */
  readonly mayCover?: (codePoint: number) => boolean;
  /** A colour bitmap font's pictures (color-font.ts): its glyphs are drawn as images. */
  readonly colorBitmaps?: () => ColorBitmaps;
  /** The file an extra or installed font was read from: warnings about the font name it. */
  readonly file?: string;
  /** From an `@font-face` rule (load.ts): Chromium slants such a face for more oblique angles than an installed one (match.ts slantsUpright). */
  readonly declared?: true;
  /** A variable font's instance (variation.ts): the key of the entry it was made of, by which a render finds its `@font-face` rule. */
  readonly instanceOf?: string;
}

export interface Synthesis {
  readonly bold: boolean;
  readonly oblique: boolean;
}

export function faceId(entry: FaceEntry, synthesis: Synthesis): string {
  return entry.key + (synthesis.bold ? '-sb' : '') + (synthesis.oblique ? '-so' : '');
}

export function inUnicodeRange(range: UnicodeRange, codePoint: number): boolean {
  if (range.length === 0) return true;
  for (const [from, to] of range) if (codePoint >= from && codePoint <= to) return true;
  return false;
}

/** Builds the FontFace record of an entry (parsing its program if that has not happened yet). */
export function createFontFace(entry: FaceEntry, synthesis: Synthesis): FontFace {
  const program = entry.program();
  const upem = program.unitsPerEm;
  const vertical = withOverrides(verticalMetrics(program), entry.metricOverrides, upem);
  const underline = underlineMetrics(program, vertical.descent);
  const range = entry.unicodeRange;
  const layers = colorLayersOf(program);
  const undrawn = layers === undefined && entry.colorBitmaps === undefined ? undrawnColorGlyphs(program) : undefined;
  const damaged = damagedLayoutTables(program);
  return {
    id: faceId(entry, synthesis),
    entryKey: entry.instanceOf ?? entry.key,
    family: entry.family,
    postscriptName: program.postscriptName ?? entry.key,
    weight: clamp(400, entry.weight[0], entry.weight[1]),
    style: entry.style,
    unitsPerEm: upem,
    sizeAdjust: entry.metricOverrides?.sizeAdjust ?? 1,
    ascent: vertical.ascent,
    descent: vertical.descent,
    lineGap: vertical.lineGap,
    xHeight: glyphHeight(program, program['OS/2']?.xHeight, 0x78, upem * 0.5),
    capHeight: glyphHeight(program, program['OS/2']?.capHeight, 0x48, upem * 0.7),
    underlinePosition: underline.position,
    underlineThickness: underline.thickness,
    glyphBounds: glyphBoundsOf(program),
    program,
    syntheticBold: synthesis.bold,
    syntheticOblique: synthesis.oblique,
    ...(entry.colorBitmaps === undefined ? {} : { color: entry.colorBitmaps() }),
    ...(layers === undefined ? {} : { colorLayers: layers }),
    ...(damaged === undefined ? {} : { damagedTables: damaged }),
    ...(entry.file === undefined ? {} : { file: entry.file }),
    ...(undrawn === undefined ? {} : { undrawnColor: undrawn }),
    hasGlyphFor: range.length === 0
      ? (codePoint) => program.hasGlyphForCodePoint(codePoint)
      : (codePoint) => inUnicodeRange(range, codePoint) && program.hasGlyphForCodePoint(codePoint),
  };
}

/** The `head` table's box of all glyphs; undefined when it is missing or empty (a damaged or odd font). */
function glyphBoundsOf(program: object): GlyphBounds | undefined {
  const head = (program as { readonly head?: Partial<GlyphBounds> | null }).head;
  if (head === undefined || head === null) return undefined;
  const { xMin, yMin, xMax, yMax } = head;
  if (typeof xMin !== 'number' || typeof yMin !== 'number' || typeof xMax !== 'number' || typeof yMax !== 'number') return undefined;
  if (!(xMax > xMin && yMax > yMin)) return undefined;
  return { xMin, yMin, xMax, yMax };
}

interface VerticalMetrics {
  readonly ascent: number;
  /** Negative: below the baseline. */
  readonly descent: number;
  readonly lineGap: number;
}

/**
 * Ascent/descent/line gap as browsers pick them: OS/2 typo metrics when USE_TYPO_METRICS is set,
 * else hhea; hhea all zero falls back to typo, then win metrics.
 */
export function verticalMetrics(program: FontProgram): VerticalMetrics {
  const os2 = program['OS/2'];
  const typo = os2 && os2.typoAscender !== undefined && os2.typoDescender !== undefined
    ? { ascent: os2.typoAscender, descent: os2.typoDescender, lineGap: os2.typoLineGap ?? 0 }
    : undefined;
  if (typo && os2?.fsSelection.useTypoMetrics && typo.ascent - typo.descent > 0) return typo;
  const hhea = program.hhea;
  if (hhea.ascent !== 0 || hhea.descent !== 0) {
    return { ascent: hhea.ascent, descent: -Math.abs(hhea.descent), lineGap: Math.max(0, hhea.lineGap) };
  }
  if (typo && typo.ascent - typo.descent > 0) return typo;
  if (os2?.winAscent !== undefined && os2.winDescent !== undefined) {
    return { ascent: os2.winAscent, descent: -os2.winDescent, lineGap: 0 };
  }
  return { ascent: program.unitsPerEm * 0.8, descent: -program.unitsPerEm * 0.2, lineGap: 0 };
}

/** The font's vertical metrics with an `@font-face` rule's overrides (fractions of the em) in their place. */
function withOverrides(metrics: VerticalMetrics, overrides: FontMetricOverrides | undefined, upem: number): VerticalMetrics {
  if (overrides === undefined) return metrics;
  return {
    ascent: overrides.ascent === undefined ? metrics.ascent : overrides.ascent * upem,
    descent: overrides.descent === undefined ? metrics.descent : -overrides.descent * upem,
    lineGap: overrides.lineGap === undefined ? metrics.lineGap : overrides.lineGap * upem,
  };
}

/** post table underline, or a sensible default (thickness 1/14 em, half the descent down). */
function underlineMetrics(program: FontProgram, descent: number): { position: number; thickness: number } {
  const post = program.post;
  const upem = program.unitsPerEm;
  const thickness = post && post.underlineThickness > 0 ? post.underlineThickness : upem / 14;
  const position = post && post.underlineThickness > 0 ? post.underlinePosition : descent / 2;
  return { position, thickness };
}

/** OS/2 x-height / cap-height, else the top of the glyph of `codePoint`, else `fallback`. */
function glyphHeight(program: FontProgram, fromOs2: number | undefined, codePoint: number, fallback: number): number {
  if (fromOs2 !== undefined && fromOs2 > 0) return fromOs2;
  try {
    if (program.hasGlyphForCodePoint(codePoint)) {
      const top = program.glyphForCodePoint(codePoint).bbox.maxY;
      if (Number.isFinite(top) && top > 0) return top;
    }
  } catch {
    // A glyph that cannot be decoded: use the fallback.
  }
  return fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The font's name as warnings say it: its PostScript name, else its full or family name (a font
 * without a `name` table has neither: its face's family).
 */
export function fontNameOf(face: FontFace): string {
  const program = face.program as FontProgram;
  try {
    return program.postscriptName ?? program.getName('fullName') ?? program.familyName ?? face.family;
  } catch {
    return face.family; // a name table fontkit cannot read
  }
}

/** Keeps the characters PDF names and resource keys are happy with. */
export function safeKey(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return cleaned.length > 0 ? cleaned : 'font';
}
