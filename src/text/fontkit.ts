/**
 * The one door to fontkit: parsing font bytes and laying out a string, narrowed to the typed
 * `FontProgram` the rest of text/ uses. Nothing else in octavo imports fontkit; the private
 * members it reaches are listed and checked in fontkit-internals.ts.
 */
import * as fontkit from 'fontkit';
import { isWoff, woffToSfnt } from '../sfnt/woff.js';
import { isWoff2, isWoff2Collection, woff2ToSfnt } from '../sfnt/woff2.js';
import { appliedFeatures, bitmapOnlyGlyphs, boundCmapLookups, cffCharStringCount, cmapArraysFit, guardGlyphOutlines, glyphFeatureTags, glyphRecordsOf, hasOutlines, hasTable, hideTable, lazyMarkAnchors, memoizeGlyphDecoding, otProcessors, rawTableBytes } from './fontkit-internals.js';
import { seedKernTable, seedLocaTable, seedPostTable } from './seeded-tables.js';
import type { LocaRead } from './seeded-tables.js';
import { CHECKED_LAYOUT_TABLES, layoutTableDamage } from '../sfnt/layout-table-check.js';
import type { KernTable } from './kern-table.js';
import type { DamagedTables, GlyphBounds } from './types.js';
import type { OtTable } from './opentype-tables.js';
import type { PairPositioning } from './pair-positioning.js';
import { FontFormatError } from '../sfnt/cursor.js';
import { i16 } from '../sfnt/binary.js';
import { readLoca } from '../sfnt/loca.js';
import { CffFormatError, readCffTable, type CffFace } from '../sfnt/cff.js';
import { variationAxesNamed } from './variation.js';
import { cmapClusters, sameCodePoints } from './code-points.js';
import { advanceHeight, readVerticalMetrics, topSideBearing } from '../sfnt/vertical-metrics.js';
import type { VerticalMetricsTables } from '../sfnt/vertical-metrics.js';
import { appendAll } from '../append-all.js';
import type { SyllableCluster } from './types.js';
import { syllableClusters } from './syllable-clusters.js';

export interface FkGlyph {
  readonly id: number;
  /** Unreliable after shaping (fontkit caches glyph objects); see `layoutProgram`. */
  readonly codePoints: readonly number[];
  readonly advanceWidth: number;
  readonly bbox: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
}

export interface FkPosition {
  readonly xAdvance: number;
  readonly yAdvance: number;
  readonly xOffset: number;
  readonly yOffset: number;
}

interface FkGlyphRun {
  readonly glyphs: readonly FkGlyph[];
  readonly positions: readonly FkPosition[];
  readonly direction: 'ltr' | 'rtl';
}

export interface Os2Table {
  readonly version: number;
  readonly usWeightClass: number;
  readonly usWidthClass: number;
  readonly fsSelection: { readonly italic: boolean; readonly oblique: boolean; readonly useTypoMetrics: boolean };
  readonly typoAscender?: number;
  readonly typoDescender?: number;
  readonly typoLineGap?: number;
  readonly winAscent?: number;
  readonly winDescent?: number;
  readonly xHeight?: number;
  readonly capHeight?: number;
  readonly xAvgCharWidth?: number;
}

/** A parsed font as text/ sees it (a fontkit TTFFont / WOFFFont / WOFF2Font). */
export interface FontProgram {
  readonly unitsPerEm: number;
  /** maxp's glyph count: glyph ids run below it. */
  readonly numGlyphs: number;
  readonly postscriptName: string | null;
  readonly familyName: string | null;
  readonly subfamilyName: string | null;
  readonly hhea: { readonly ascent: number; readonly descent: number; readonly lineGap: number };
  readonly 'OS/2'?: Os2Table;
  /** head's xMin, yMin, xMax, yMax: the union of the glyphs' boxes. */
  readonly bbox: { readonly minX: number; readonly maxX: number };
  readonly post?: { readonly underlinePosition: number; readonly underlineThickness: number; readonly italicAngle: number };
  getName(key: string): string | null;
  /** OpenType feature tags of GSUB and GPOS (a getter that reads the tables). */
  readonly availableFeatures?: readonly string[];
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): FkGlyph;
  glyphsForString(text: string): FkGlyph[];
  /** A string, or glyphs (their `codePoints` drive script detection and shaping). */
  layout(
    text: string | readonly FkGlyph[],
    features: Readonly<Record<string, boolean>>,
    script?: string,
    language?: string,
    direction?: 'ltr' | 'rtl',
  ): FkGlyphRun;
}

/** One shaped glyph in visual order with the code points it stands for (logical order inside). */
export interface LaidOutGlyph {
  readonly glyph: FkGlyph;
  readonly position: FkPosition;
  readonly codePoints: readonly number[];
  /** On the first glyph of a syllable of several glyphs (Indic and Universal shapers): its glyphs and characters. */
  readonly cluster?: SyllableCluster;
}

/**
 * Parses font bytes. A collection yields every font in it. Throws when the bytes are not a font
 * fontkit understands or when its essential tables (head, cmap, hhea) cannot be read.
 *
 * A WOFF2 file is first turned back into the TrueType/OpenType file it compresses (sfnt/woff2.ts):
 * fontkit reads WOFF2 outlines but keeps no glyph bytes, and its subsetter then wrote garbage
 * (invisible text, or "Offset is outside the bounds of the DataView" on composite glyphs). A WOFF
 * file is inflated by sfnt/woff.ts too: fontkit's inflater spins forever on a corrupt stream.
 */
export function parseFontBytes(bytes: Uint8Array): FontProgram[] {
  const sfnt = isWoff(bytes) ? woffToSfnt(bytes) : isWoff2(bytes) && !isWoff2Collection(bytes) ? woff2ToSfnt(bytes) : bytes;
  const parsed = createFontkitFont(sfnt) as { fonts?: unknown[] };
  const fonts = Array.isArray(parsed.fonts) ? parsed.fonts : [parsed];
  return fonts.map(checkProgram);
}

/** fontkit's font (or collection) over `bytes`, without a copy: it decodes the table directory, the tables when first read. */
function createFontkitFont(bytes: Uint8Array): unknown {
  return fontkit.create(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * Whether a font's `cmap` maps each code point, read without the checks `parseFontBytes` makes
 * (fontkit decodes the table directory and `cmap` alone): for octavo's own bundled fonts, which
 * the fallback search asks about characters they lack before any is drawn with.
 */
export function cmapProbe(bytes: Uint8Array): (codePoint: number) => boolean {
  const font = createFontkitFont(bytes) as FontProgram;
  return (codePoint) => font.hasGlyphForCodePoint(codePoint);
}

/** The glyph a font's `cmap` gives a code point (0: none), and its glyph count, read as cmapProbe reads it. */
export function cmapGlyph(bytes: Uint8Array, codePoint: number): { readonly id: number; readonly numGlyphs: number } {
  const font = createFontkitFont(bytes) as FontProgram;
  return { id: font.hasGlyphForCodePoint(codePoint) ? font.glyphForCodePoint(codePoint).id : 0, numGlyphs: font.numGlyphs };
}

/** A bitmap-only sfnt font (CBDT colour emoji), parsed for shaping only: never embedded. */
export function parseBitmapFont(bytes: Uint8Array): FontProgram {
  const program = createFontkitFont(bytes) as FontProgram;
  if (typeof program.layout !== 'function' || !(program.unitsPerEm > 0)) throw new Error('not a scalable font');
  hideDamagedLayoutTables(program);
  boundCmapLookups(program, program.numGlyphs);
  bitmapOnlyGlyphs(program);
  return program;
}

function checkProgram(font: unknown): FontProgram {
  const program = font as FontProgram;
  if (typeof program.layout !== 'function' || !(program.unitsPerEm > 0)) throw new Error('not a scalable font');
  hideDamagedLayoutTables(program);
  // Touch the tables every face needs so a corrupt font fails here, not in the middle of layout.
  boundCmapLookups(program, program.numGlyphs);
  program.hasGlyphForCodePoint(0x20);
  if (cmapArraysFit(program) === false) throw new Error('its cmap table runs past the end of the file');
  if (!variationAxesNamed(program)) throw new Error('its fvar table names an axis its name table does not have');
  void program.hhea.ascent;
  // colour bitmap fonts (CBDT, sbix only) have nothing a PDF font program can carry
  if (!hasOutlines(program)) throw new Error('no glyph outlines (a bitmap-only font, such as a colour emoji font)');
  seedPostTable(program);
  seedKernTable(program);
  lazyMarkAnchors(program);
  const onDamage = (id: number, problem: string): void => noteDamagedGlyph(program, id, problem);
  memoizeGlyphDecoding(program, onDamage);
  guardGlyphOutlines(program, onDamage);
  touchEmbeddingTables(program);
  return program;
}

const damagedTables = new WeakMap<object, DamagedTables>();

/**
 * Checks the layout tables fontkit would decode (sfnt/layout-table-check.ts) and hides from it
 * those that would make it read outside them or without bound: fontkit follows their offsets
 * unchecked through the whole file, and one damaged byte held a render for a minute. The font is
 * then shaped without those tables (and warned about: `damagedLayoutTables`).
 */
function hideDamagedLayoutTables(program: FontProgram): void {
  const tags: string[] = [];
  const problems: string[] = [];
  for (const tag of CHECKED_LAYOUT_TABLES) {
    if (!hasTable(program, tag)) continue;
    const bytes = rawTableBytes(program, tag);
    if (bytes?.length === 0) continue; // fontkit does not read an empty table
    const damage = bytes === undefined ? 'it lies past the end of the file' : layoutTableDamage(tag, bytes);
    if (damage === undefined) continue;
    hideTable(program, tag);
    tags.push(tag);
    problems.push(`${tag}: ${damage}`);
  }
  if (tags.length > 0) damagedTables.set(program, { tags, reason: problems.join('; ') });
}

/** Per font: the first glyph whose outline fontkit could not read, and why (`glyph 36: Unknown op: 9`). */
const damagedGlyphs = new WeakMap<object, string>();

/**
 * Records a glyph drawn empty because its outline cannot be read — by fontkit, or by the PDF
 * subsetter's check of its bytes (pdf/subset/glyf.ts) — unless one was recorded before.
 */
export function noteDamagedGlyph(program: object, id: number, problem: string): void {
  if (!damagedGlyphs.has(program)) damagedGlyphs.set(program, `glyph ${id}: ${problem}`);
}

/** The first glyph of `program` found drawn empty because fontkit could not read its outline, or undefined. */
export function damagedGlyphOutline(program: object): string | undefined {
  return damagedGlyphs.get(program);
}

/** The layout tables of `program` hidden from fontkit, or undefined when none was. */
export function damagedLayoutTables(program: object): DamagedTables | undefined {
  return damagedTables.get(program);
}

/**
 * What the PDF writer reads of every embedded font besides the glyphs laid out (PDFKit's
 * EmbeddedFont: the subsetter, glyph 0's width, the descriptor's flags and box), read once here so
 * that a font damaged there is refused when it loads, with a warning and a fallback font, instead
 * of failing the document when it is written (issue 26: one policy for bad resources).
 */
function touchEmbeddingTables(program: FontProgram): void {
  const font = program as unknown as {
    createSubset(): { encode(): unknown };
    getGlyph(id: number): { readonly advanceWidth: number };
    readonly numGlyphs: number;
    readonly post: { readonly isFixedPitch: unknown };
    readonly head: { readonly macStyle: { readonly italic: unknown } };
    readonly bbox: { readonly minX: number };
    readonly directory: { readonly tables: Readonly<Record<string, unknown>> };
  };
  // fontkit writes neither a CFF2 subset nor a varied one (it takes such a font for TrueType and finds no loca)
  if (font.directory.tables['CFF2'] !== undefined) throw new Error('its outlines are CFF2 (a CFF2 variable font), which octavo cannot embed');
  // fontkit reads a glyph where loca says, past glyf too, and a glyph's advance through its box
  const loca = font.directory.tables['glyf'] === undefined ? null : locaInGlyf(program, font.numGlyphs);
  if (loca === undefined) throw new Error('its loca table does not fit its glyf table');
  if (loca !== null) seedLocaTable(program, loca);
  // a glyph past the charstrings has no outline fontkit can find: subsetting it threw when the PDF was written
  const hasCff = font.directory.tables['CFF '] !== undefined;
  const cff = hasCff ? cffFaceOf(program) : undefined;
  // a table octavo's reader refuses (a header size of 0) fontkit may still read, counting its charstrings itself
  const charStrings = cff?.charStrings.count ?? (hasCff ? cffCharStringCount(program) : undefined);
  if (charStrings !== undefined && charStrings < font.numGlyphs) throw new Error(`its CFF table has ${charStrings} charstrings for ${font.numGlyphs} glyphs`);
  if (cff === undefined) {
    const subset = font.createSubset();
    // fontkit writes the subset of a CFF table octavo's reader refuses: its charset, encodings and private dicts are read only then
    if (hasCff) subset.encode();
  }
  // the last glyph's width reads the end of hmtx, which a cut file lacks (the widths of the glyphs used are read when the PDF is written)
  for (const id of [0, Math.max(0, font.numGlyphs - 1)]) if (!Number.isFinite(font.getGlyph(id).advanceWidth)) throw new Error(`glyph ${id} has no advance width`);
  void font.post.isFixedPitch;
  void font.head.macStyle.italic;
  void font.bbox.minX;
}

/**
 * The font's `CFF ` table as octavo's CFF reader reads it (sfnt/cff.ts: once per table), or
 * undefined when it has none or the reader refuses it. Loading a font reads the table so, and
 * refuses one with fewer charstrings than maxp has glyphs (a subset would read past its end);
 * octavo's CFF subsets are written from what it reads; fontkit parses the table when a glyph's
 * outline is first drawn or subset (guarded: a glyph it cannot read is drawn empty, with a
 * warning). Checking the table through fontkit's subsetter made an object of every charstring's
 * place: each face of Noto Sans CJK's collection held 110,000 (4 MB), ten faces parsed (~0.4 s)
 * for a document using one.
 */
export function cffFaceOf(program: object): CffFace | undefined {
  const table = rawTableBytes(program, 'CFF ');
  try {
    return table === undefined ? undefined : readCffTable(table);
  } catch (error) {
    if (error instanceof CffFormatError) return undefined;
    throw error;
  }
}

/** loca, when it holds numGlyphs + 1 ascending offsets that stay in glyf (sfnt/loca.ts): its bytes, format and those offsets. */
function locaInGlyf(program: FontProgram, numGlyphs: number): LocaRead | undefined {
  const head = rawTableBytes(program, 'head');
  const loca = rawTableBytes(program, 'loca');
  const glyf = rawTableBytes(program, 'glyf');
  if (head === undefined || loca === undefined || glyf === undefined || head.length < 52) return undefined;
  const format = i16(head, 50);
  const offsets = readLoca(loca, format, numGlyphs, glyf.length);
  return offsets === undefined ? undefined : { bytes: loca, format, offsets };
}

/** The layout engine fontkit keeps per font (a cached getter: created on first use). */
function layoutEngineOf(program: FontProgram): { readonly engine?: unknown } | undefined {
  return (program as unknown as { _layoutEngine?: { readonly engine?: unknown } })._layoutEngine;
}

/** How layoutProgram lays a text out. */
export interface LayoutOptions {
  /** OpenType features on or off (kern/liga/...). */
  readonly features: Readonly<Record<string, boolean>>;
  readonly direction?: 'ltr' | 'rtl' | undefined;
  /** The language system (an OpenType tag such as `KOR`); the font's default one when undefined. */
  readonly language?: string | undefined;
  /** The script (an OpenType tag such as `hang`); when undefined, fontkit's choice from the text. */
  readonly script?: string | undefined;
  /** Right-to-left glyphs' mirrored code points (bidi rule L4). */
  readonly mirror?: ((cp: number) => number | undefined) | undefined;
}

/**
 * Lays `text` out with OpenType features (kern/liga/... as booleans). Glyphs come back in
 * visual order (right-to-left scripts reversed, as HarfBuzz does), each with the code points it
 * represents: a ligature has several, the extra glyphs of a decomposition none.
 *
 * fontkit caches glyph objects per id with the code points of their first use, so the glyphs it
 * returns lie for a glyph reached from two characters (U+002D and U+2010 in many fonts). The
 * input is therefore given as glyphs carrying the right code points, and the OpenType engine's
 * own records (which follow ligatures and decompositions) are read back after the layout.
 */
export function layoutProgram(program: FontProgram, text: string, options: LayoutOptions): LaidOutGlyph[] {
  const { features, direction, language, script, mirror } = options;
  const capture = glyphRecordsOf(program);
  const input = glyphsWithCodePoints(program, text);
  if (mirror !== undefined) mirrorGlyphs(program, input, mirror);
  if (capture !== undefined) {
    capture.records = capture.logical = null;
    capture.everywhere = everywhereOf(features);
  }
  // A copy: fontkit writes the features it applied into the object it is given. An explicit
  // direction (the bidi level's) makes fontkit order the glyphs of any script visually.
  const run = direction === undefined && language === undefined && script === undefined ? program.layout(input, { ...features }) : program.layout(input, { ...features }, script, language, direction);
  const records = capture?.records ?? null;
  const logicalRecords = capture?.logical ?? null;
  if (capture !== undefined) capture.records = capture.logical = capture.everywhere = null;
  const count = run.glyphs.length;
  // fontkit's layout engines reverse right-to-left runs; without one (no GSUB/GPOS/morx) it does not.
  const reversedByFontkit = run.direction === 'rtl' && layoutEngineOf(program)?.engine !== undefined;
  const logical: readonly (readonly number[])[] = records !== null && records.length === count
    ? records.map((record) => record.codePoints)
    : count === input.length
      ? input.map((glyph) => glyph.codePoints)
      : run.glyphs.map((glyph) => glyph.codePoints); // an AAT font substituted: best available
  const result: LaidOutGlyph[] = new Array<LaidOutGlyph>(count);
  for (let i = 0; i < count; i++) {
    result[i] = {
      glyph: run.glyphs[i] as FkGlyph,
      position: run.positions[i] as FkPosition,
      codePoints: logical[reversedByFontkit ? count - 1 - i : i] ?? [],
    };
  }
  // (the shapers with syllables serve left-to-right scripts; a right-to-left run's records are reversed)
  const clusters = run.direction !== 'rtl' && records !== null && records.length === count ? syllableClusters(records, logicalRecords, text) : undefined;
  if (clusters !== undefined) for (const [at, cluster] of clusters) result[at] = { ...result[at]!, cluster };
  return run.direction === 'rtl' && !reversedByFontkit ? result.reverse() : result;
}

/**
 * Bidi rule L4: a character with a mirrored form (brackets, `<`, `«`...) at a right-to-left level
 * is drawn with the glyph of its mirror, keeping its own code point for the text layer.
 */
function mirrorGlyphs(program: FontProgram, glyphs: FkGlyph[], mirror: (cp: number) => number | undefined): void {
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i] as FkGlyph;
    if (glyph.codePoints.length !== 1) continue;
    const cp = glyph.codePoints[0] as number;
    const mirrored = mirror(cp);
    if (mirrored === undefined || !program.hasGlyphForCodePoint(mirrored)) continue;
    const target = program.glyphForCodePoint(mirrored);
    void target.advanceWidth;
    const copy = Object.create(target) as { codePoints: readonly number[] };
    copy.codePoints = [cp];
    glyphs[i] = copy as unknown as FkGlyph;
  }
}

/**
 * `glyphsForString` with the right code points on every glyph. Where fontkit's cached glyph
 * carries other code points than this occurrence (rare), an object inheriting from it (metrics
 * stay shared) gets its own `codePoints`.
 */
function glyphsWithCodePoints(program: FontProgram, text: string): FkGlyph[] {
  const glyphs = program.glyphsForString(text);
  const clusters = cmapClusters(text);
  if (clusters.length !== glyphs.length) return glyphs;
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i] as FkGlyph;
    const wanted = clusters[i] as number[];
    if (sameCodePoints(glyph.codePoints, wanted)) continue;
    void glyph.advanceWidth; // computed once on the shared glyph, inherited by the copy
    const copy = Object.create(glyph) as { codePoints: readonly number[] };
    copy.codePoints = wanted;
    glyphs[i] = copy as unknown as FkGlyph;
  }
  return glyphs;
}

/** The lookups fontkit's plan may apply for a script and feature set, per table. */
export interface OtTables {
  readonly lookups: readonly { readonly table: OtTable; readonly kind: 'GSUB' | 'GPOS'; readonly lookupIndexes: readonly number[] }[];
  /** What fontkit's pair positioning applies to a glyph of this plan; undefined when that cannot be read back. */
  readonly pairPositioning: PairPositioning | undefined;
}

/**
 * Lays one glyph out in `script` (and `language`, a language system) and reads back the features fontkit's plan chose and, from the
 * GSUB/GPOS processors (set to that script by the layout), the lookups behind them. Undefined
 * for fonts whose layout is not OpenType's (AAT `morx`) or that vary (`fvar`).
 *
 * `lookups` has every feature the run names (those turned off included: a superset); the pair
 * positioning has the GPOS lookups of the features the glyph itself carried (fontkit applies a
 * lookup to a glyph only for those: the fraction features, for one, are local to digits around a
 * U+2044 unless `features` turns them on, everywhereOf) and the `kern` table when fontkit's LayoutEngine falls back to it: the font has one,
 * the GPOS of the script has no `kern` feature and kerning is not turned off.
 */
export function layoutFeatureTags(program: FontProgram, script: string, features: Readonly<Record<string, boolean>>, language: string | undefined): OtTables | undefined {
  const tables = program as unknown as { morx?: unknown; fvar?: unknown; kern?: KernTable | null };
  if (tables.morx !== undefined && tables.morx !== null) return undefined;
  if (tables.fvar !== undefined && tables.fvar !== null) return undefined;
  const capture = glyphRecordsOf(program);
  if (capture !== undefined) {
    capture.records = null;
    capture.everywhere = everywhereOf(features);
  }
  const run = program.layout([program.glyphForCodePoint(0x20)], { ...features }, script, language);
  const glyphFeatures = capture === undefined ? [] : glyphFeatureTags(capture.records);
  if (capture !== undefined) capture.records = capture.logical = capture.everywhere = null;
  const processors = otProcessors<OtTable>(program);
  const applied = appliedFeatures(run);
  const lookups: { table: OtTable; kind: 'GSUB' | 'GPOS'; lookupIndexes: number[] }[] = [];
  for (const [kind, processor] of [['GSUB', processors.GSUB], ['GPOS', processors.GPOS]] as const) {
    if (processor === undefined) continue;
    const lookupIndexes: number[] = [];
    for (const tag of applied) appendAll(lookupIndexes, processor.features[tag]?.lookupListIndexes ?? []);
    lookups.push({ table: processor.table, kind, lookupIndexes });
  }
  const gpos = processors.GPOS;
  // LayoutEngine#position's condition (the layout above read the table under the same one)
  const kernFallback = !gpos?.features['kern'] && (run as unknown as { readonly features: Readonly<Record<string, unknown>> }).features['kern'] !== false;
  const pairPositioning: PairPositioning | undefined = glyphFeatures === undefined ? undefined : {
    gpos: gpos?.table,
    lookupIndexes: gpos === undefined ? [] : glyphFeatures.flatMap((tag) => gpos.features[tag]?.lookupListIndexes ?? []),
    kernTable: kernFallback ? tables.kern ?? undefined : undefined,
  };
  return { lookups, pairPositioning };
}

/** fontkit's positions for two glyphs laid out alone, in `script` (font units). */
export function laidOutPair(
  program: FontProgram, glyphs: readonly [FkGlyph, FkGlyph], codePoints: readonly [number, number],
  { features, script, direction, language }: { readonly features: Readonly<Record<string, boolean>>; readonly script: string; readonly direction: 'ltr' | undefined; readonly language: string | undefined },
): readonly FkPosition[] {
  const input = glyphs.map((glyph, i) => {
    void glyph.advanceWidth; // computed once on the shared glyph, inherited by the copy
    const copy = Object.create(glyph) as { codePoints: readonly number[] };
    copy.codePoints = [codePoints[i] as number];
    return copy as unknown as FkGlyph;
  });
  const capture = glyphRecordsOf(program);
  if (capture !== undefined) capture.everywhere = everywhereOf(features);
  try {
    return program.layout(input, { ...features }, script, language, direction).positions;
  } finally {
    if (capture !== undefined) capture.everywhere = null;
  }
}

/**
 * The features fontkit plans as local (its DefaultShaper's fraction features, on only around a
 * U+2044) that `features` turns on: applied to every glyph, as HarfBuzz applies a user's feature
 * (fontkit-internals.ts GlyphRecords.everywhere), so that `font-variant-numeric:
 * diagonal-fractions` sets `1/2` as the font's ½. Null when there are none.
 */
function everywhereOf(features: Readonly<Record<string, boolean>>): readonly string[] | null {
  const tags = FRACTION_FEATURES.filter((tag) => features[tag] === true);
  return tags.length === 0 ? null : tags;
}

const FRACTION_FEATURES: readonly string[] = ['frac', 'numr', 'dnom'];

/** One command of a glyph outline in font units, y up (fontkit's `Path` commands). */
export interface OutlineCommand {
  readonly command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  readonly args: readonly number[];
}

/** The outline of glyph `id` (TrueType or CFF), empty for a glyph without one (a space, a bitmap glyph). */
export function glyphOutlineCommands(program: object, id: number): readonly OutlineCommand[] {
  const getGlyph = (program as { getGlyph?: (id: number) => { path?: { commands?: unknown } } }).getGlyph;
  if (typeof getGlyph !== 'function') return [];
  const commands = getGlyph.call(program, id).path?.commands;
  return Array.isArray(commands) ? (commands as OutlineCommand[]) : [];
}

/** Each font's glyph control boxes read so far (null: the glyph has no outline or none could be read). */
const controlBoxes = new WeakMap<object, Map<number, GlyphBounds | null>>();

/**
 * The box of a glyph's outline points, font units, y up (fontkit's `cbox`: a TrueType glyph's
 * header, without decoding its outline); it holds all the glyph's ink. Undefined for a glyph
 * without an outline, or when the font cannot say.
 */
export function glyphControlBox(program: object, id: number): GlyphBounds | undefined {
  let boxes = controlBoxes.get(program);
  if (boxes === undefined) {
    boxes = new Map();
    controlBoxes.set(program, boxes);
  }
  let box = boxes.get(id);
  if (box === undefined) {
    box = null;
    try {
      const getGlyph = (program as { getGlyph?: (id: number) => { cbox?: { minX: number; minY: number; maxX: number; maxY: number } } }).getGlyph;
      const cbox = typeof getGlyph === 'function' ? getGlyph.call(program, id).cbox : undefined;
      if (cbox !== undefined && [cbox.minX, cbox.minY, cbox.maxX, cbox.maxY].every(Number.isFinite) && cbox.maxX >= cbox.minX && cbox.maxY >= cbox.minY) {
        box = { xMin: cbox.minX, yMin: cbox.minY, xMax: cbox.maxX, yMax: cbox.maxY };
      }
    } catch {
      box = null;
    }
    boxes.set(id, box);
  }
  return box ?? undefined;
}

/** A glyph's advance width, font units (0 when the font cannot say): for glyphs drawn by id, not shaped from text. */
export function glyphAdvanceWidth(program: object, id: number): number {
  try {
    const getGlyph = (program as { getGlyph?: (id: number) => { advanceWidth?: unknown } }).getGlyph;
    const advance = typeof getGlyph === 'function' ? getGlyph.call(program, id).advanceWidth : undefined;
    return typeof advance === 'number' && Number.isFinite(advance) ? advance : 0;
  } catch {
    return 0;
  }
}

/** A glyph's vertical metrics (OpenType `vmtx`, `VORG`), in font units. */
export interface VerticalGlyphMetrics {
  /** Advance down the vertical line: `vmtx`; undefined without one (the caller synthesizes it, CSS Writing Modes 3 §5.1). */
  readonly advance: number | undefined;
  /** Height of the vertical origin above the baseline: `VORG`, else the glyph's top plus its `vmtx` top side bearing, else the typographic ascent. */
  readonly originY: number;
}

/** Each font's vertical tables, read once (null: none, or unreadable ones, which count as none). */
const verticalTables = new WeakMap<object, VerticalMetricsTables | null>();

function verticalTablesOf(program: FontProgram): VerticalMetricsTables | undefined {
  let tables = verticalTables.get(program);
  if (tables === undefined) {
    try {
      tables = readVerticalMetrics(rawTableBytes(program, 'vhea'), rawTableBytes(program, 'vmtx'), rawTableBytes(program, 'VORG')) ?? null;
    } catch (error) {
      // a truncated table: the font is set with synthesized metrics, as one without them
      if (!(error instanceof FontFormatError)) throw error;
      tables = null;
    }
    verticalTables.set(program, tables);
  }
  return tables ?? undefined;
}

/** Glyph `id`'s vertical metrics, as Chromium reads them (its OpenTypeVerticalData: VORG, else vmtx's bearing over the glyph's top). */
export function verticalGlyphMetrics(program: FontProgram, id: number, ascent: number): VerticalGlyphMetrics {
  const tables = verticalTablesOf(program);
  if (tables === undefined) return { advance: undefined, originY: ascent };
  const advance = advanceHeight(tables, id);
  const origin = tables.origins;
  if (origin !== undefined) return { advance, originY: origin.byGlyph.get(id) ?? origin.byDefault };
  const bearing = topSideBearing(tables, id);
  const top = bearing === undefined ? undefined : glyphTop(program, id);
  return { advance, originY: top === undefined || bearing === undefined ? ascent : top + bearing };
}

function glyphTop(program: FontProgram, id: number): number | undefined {
  const getGlyph = (program as unknown as { getGlyph?: (id: number) => { readonly bbox?: { readonly maxY: number } } }).getGlyph;
  const top = typeof getGlyph === 'function' ? getGlyph.call(program, id).bbox?.maxY : undefined;
  return top !== undefined && Number.isFinite(top) ? top : undefined;
}
