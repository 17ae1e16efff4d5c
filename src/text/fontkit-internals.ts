/**
 * fontkit's private members that octavo relies on, listed in one place with the release they were
 * read from, and the two patches octavo makes through them. Both patches are made on octavo's own
 * objects (a font it parsed, that font's layout engine), never on a prototype: another user of
 * fontkit in the process (PDFKit's own fonts, an application's) sees fontkit as published. A
 * member that is missing or changed shape throws a FontkitInternalsError naming it — never a
 * silent fallback. test/text/fontkit-internals.test.ts asserts every member against the installed
 * fontkit and fails with the member and the version when it changes.
 */

import { field, isFunction, isLazyArray, isObject, markAnchorsType } from './restructure-types.js';

/** The fontkit release the members below were read from (package.json pins it exactly). */
export const FONTKIT_CHECKED_VERSION = '2.0.4';

/** A font object as fontkit builds it, seen through the members listed in FONTKIT_INTERNALS. */
type FontObject = Record<string, unknown>;

/** The OpenType layout engine (OTLayoutEngine) of a font with GSUB or GPOS, undefined for others. */
function openTypeEngine(font: FontObject): Record<string, unknown> | undefined {
  if (isObject(font['morx']) || (!isObject(font['GSUB']) && !isObject(font['GPOS']))) return undefined;
  const engine = (font['_layoutEngine'] as Record<string, unknown> | undefined)?.['engine'];
  return isObject(engine) ? engine : undefined;
}

/** The AAT morx processor (AATMorxProcessor) of a font with a `morx` table, undefined for others. */
function morxProcessor(font: FontObject): Record<string, unknown> | undefined {
  if (!isObject(font['morx'])) return undefined;
  const processor = ((font['_layoutEngine'] as Record<string, unknown> | undefined)?.['engine'] as Record<string, unknown> | undefined)?.['morxProcessor'];
  return isObject(processor) ? processor : undefined;
}

/** The morx processor's per-subtable-type steps, bound to it in its constructor (fontkit's aat/AATMorxProcessor.js). */
const MORX_STEPS = ['processIndicRearragement', 'processContextualSubstitution', 'processLigature', 'processGlyphInsertion'] as const;

/** A GSUB or GPOS processor has the table it applies and its features' lookup indexes. */
const isProcessor = (value: unknown): boolean => isObject(value) && isObject(value['table']) && isObject(value['features']);

/**
 * Every private member used, what for, and how its presence is checked on a font that has TrueType
 * outlines and GSUB/GPOS tables (after one layout).
 */
export const FONTKIT_INTERNALS: readonly { readonly member: string; readonly use: string; readonly present: (font: FontObject) => boolean }[] = [
  { member: 'TTFFont#directory.tables', use: 'whether the font has TrueType outlines (glyf)', present: (font) => isObject((font['directory'] as FontObject | undefined)?.['tables']) },
  { member: 'TTFFont#_getBaseGlyph', use: 'wrapped per font object so that its TrueType glyphs memoise _decode', present: (font) => isFunction(font['_getBaseGlyph']) },
  { member: 'TTFGlyph#_decode', use: 'the glyf outline parse, called by PDF subsetting once per document and glyph: memoised per glyph', present: (font) => isFunction((font['_getBaseGlyph'] as (id: number) => FontObject)(0)['_decode']) },
  { member: 'TTFFont#_layoutEngine', use: "the font's LayoutEngine (a cached getter)", present: (font) => isObject(font['_layoutEngine']) },
  { member: 'LayoutEngine#engine', use: 'the OTLayoutEngine of a GSUB/GPOS font', present: (font) => openTypeEngine(font) !== undefined },
  { member: 'OTLayoutEngine#glyphInfos', use: 'the shaping records (code points of each output glyph), read when the engine cleans up', present: (font) => openTypeEngine(font) !== undefined && 'glyphInfos' in openTypeEngine(font)! },
  { member: 'OTLayoutEngine#cleanup', use: "wrapped per engine object to read glyphInfos before it drops them", present: (font) => isFunction(openTypeEngine(font)?.['cleanup']) },
  { member: 'OTLayoutEngine#substitute', use: 'wrapped per engine object to keep the glyphInfos in logical order (after the shaper decomposed split vowels, before GSUB and reordering), and to turn on in every GlyphInfo#features the fraction features asked for (GlyphRecords.everywhere)', present: (font) => isFunction(openTypeEngine(font)?.['substitute']) },
  { member: 'GlyphInfo#shaperInfo.syllable', use: 'the syllable the Indic and Universal shapers put each record in, numbered in logical order: the clusters they reorder (syllable-clusters.ts)', present: (font) => !hasDevanagari(font) || syllablesAfterIndicLayout(font) },
  { member: 'OTLayoutEngine#GSUBProcessor', use: '.table and .features[tag].lookupListIndexes: the substitutions a plan applies (fast-layout.ts)', present: (font) => !isObject(font['GSUB']) || isProcessor(openTypeEngine(font)?.['GSUBProcessor']) },
  { member: 'GlyphRun#features', use: 'the features a layout applied (fast-layout.ts plans with them)', present: (font) => isObject(((font['layout'] as (text: string, features: object) => FontObject)('a', {}))['features']) },
  { member: 'OTProcessor#applyFeatures', use: 'wrapped per GSUB processor object: where a stage of substitutions starts, and with how many glyphs', present: (font) => isFunction((openTypeEngine(font)?.['GSUBProcessor'] as FontObject | undefined)?.['applyFeatures']) },
  { member: 'GSUBProcessor#applyLookup', use: 'wrapped per GSUB processor object: stops a substitution that never ends', present: (font) => isFunction((openTypeEngine(font)?.['GSUBProcessor'] as FontObject | undefined)?.['applyLookup']) },
  { member: 'TTFFont#_tables', use: 'the decoded-table cache: a layout table the check refuses is entered there as null, so fontkit never decodes it (hideTable); post, loca and kern are entered there as octavo read them (seedTable)', present: (font) => isObject(font['_tables']) },
  { member: 'GPOS lookup types (restructure)', use: "the types fontkit decodes a GPOS lookup with (lookupList.type…versions[4].baseArray, restructure Pointers): copied with mark attachment's anchor arrays lazy (lazyMarkAnchors)", present: (font) => !isObject(font['GPOS']) || markAnchorsType(((font['GPOS'] as FontObject)['lookupList'] as FontObject)['type']) !== undefined },
  { member: 'TTFFont#_decodeTable', use: "fontkit's own decode of a table entered by seedTable, when one of the fields octavo left to it is read (decodeTable); wrapped per font object (lazyMarkAnchors)", present: (font) => isFunction(font['_decodeTable']) },
  { member: 'TTFFont#_cmapProcessor', use: "the font's CmapProcessor (a cached getter): its lookup is wrapped per font (boundCmapLookups)", present: (font) => isFunction((font['_cmapProcessor'] as FontObject | undefined)?.['lookup']) },
  { member: 'CmapProcessor#cmap (restructure LazyArrays)', use: 'the subtable fontkit chose, whose arrays (base, length, type.size(), stream.length) must lie in the file (cmapArraysFit)', present: (font) => cmapArraysFit(font) !== undefined },
  { member: 'Glyph#_getPath', use: "wrapped per glyph object (guardGlyphOutlines); the base Glyph class's, an empty path, stands for an outline that cannot be read", present: (font) => isFunction((font['_getBaseGlyph'] as (id: number) => FontObject)(0)['_getPath']) },
  { member: 'Glyph#_getCBox', use: 'wrapped per glyph object (guardGlyphOutlines): the box fontkit derives advances from', present: (font) => isFunction((font['_getBaseGlyph'] as (id: number) => FontObject)(0)['_getCBox']) },
  { member: 'TTFFont#_getTableStream', use: 'a table\'s bytes where they sit in the file (PDF subsetting copies glyf, loca, hmtx… raw: pdf/subset/source.ts)', present: (font) => isFunction(font['_getTableStream']) },
  { member: 'TTFFont#stream', use: 'the font file\'s stream, whose position _getTableStream moves (restored after)', present: (font) => typeof (font['stream'] as FontObject | undefined)?.['pos'] === 'number' },
  { member: 'TTFFont#_glyphs', use: 'the glyph cache a bitmap-only font fills with advance-only glyphs (bitmapOnlyGlyphs)', present: (font) => isObject(font['_glyphs']) },
  { member: 'TTFFont#hmtx.metrics', use: "a bitmap-only font's advances (bitmapOnlyGlyphs)", present: (font) => isFunction(((font['hmtx'] as FontObject | undefined)?.['metrics'] as FontObject | undefined)?.['get']) },
  { member: 'GlyphInfo#features', use: 'the features a glyph carried through a layout (the GPOS lookups applied to it: pair-positioning.ts)', present: (font) => glyphFeaturesAfterLayout(font) !== undefined },
  { member: 'AATLayoutEngine#morxProcessor', use: "the AAT processor of a morx font: its process and state machine steps are wrapped per object (boundMorx)", present: (font) => !isObject(font['morx']) || isFunction(morxProcessor(font)?.['process']) },
  { member: 'AATMorxProcessor#processIndicRearragement…processGlyphInsertion', use: 'own functions per processor, one per step of a state machine: counted so that a machine that never ends is stopped', present: (font) => !isObject(font['morx']) || MORX_STEPS.every((step) => isFunction(morxProcessor(font)?.[step])) },
  { member: 'CFFGlyph#_usedGsubrs/_usedSubrs', use: 'the global and local subroutines a CFF glyph\'s charstring called, set when its path is parsed (PDF subsetting keeps those: pdf/subset/cff.ts)', present: (font) => !hasTable(font, 'CFF ') || usageOf(glyphOf(font, 0)) !== undefined },
  { member: 'CFFFont#topDict.CharStrings', use: "the charstrings fontkit's subsetter reads a glyph's from (getCharString): a font with fewer than its glyphs is refused when it loads (cffCharStringCount)", present: (font) => !hasTable(font, 'CFF ') || cffCharStringCount(font) !== undefined },
  { member: 'OTLayoutEngine#GPOSProcessor', use: '.table and .features[tag].lookupListIndexes: the positionings a plan applies (fast-layout.ts)', present: (font) => !isObject(font['GPOS']) || isProcessor(openTypeEngine(font)?.['GPOSProcessor']) },
];

export class FontkitInternalsError extends Error {
  override name = 'FontkitInternalsError';

  constructor(member: string, problem: string) {
    super(`fontkit ${member} ${problem}: octavo uses it as fontkit ${FONTKIT_CHECKED_VERSION} has it (src/text/fontkit-internals.ts)`);
  }
}

/** The listed member, or a FontkitInternalsError naming it. */
function required(font: FontObject, member: string): void {
  const entry = FONTKIT_INTERNALS.find((internal) => internal.member === member)!;
  if (!entry.present(font)) throw new FontkitInternalsError(member, 'is missing or has another shape');
}

const glyphOf = (font: FontObject, id: number): FontObject => (font['getGlyph'] as (id: number) => FontObject).call(font, id);

/** The subroutines a CFF glyph calls, as fontkit recorded them when it parsed its path. */
function usageOf(glyph: FontObject): { readonly global: number[]; readonly local: number[] } | undefined {
  void glyph['path']; // parses the charstring (once per glyph object), recording the calls
  const global = glyph['_usedGsubrs'];
  const local = glyph['_usedSubrs'];
  if (!isObject(global) || !isObject(local)) return undefined;
  return { global: Object.keys(global).map(Number), local: Object.keys(local).map(Number) };
}

/**
 * The global and local subroutines a CFF glyph's charstring calls (their indexes, unbiased). A
 * glyph whose outline cannot be read (guardGlyphOutlines) records none, as fontkit's own subsetter
 * then keeps none for it.
 */
export function cffSubroutinesUsed(program: object, id: number): { readonly global: readonly number[]; readonly local: readonly number[] } {
  const glyph = glyphOf(program as FontObject, id);
  const usage = usageOf(glyph);
  if (usage !== undefined) return usage;
  // no record: a damaged outline (drawn empty) is fine, a drawn one means fontkit changed
  const commands = (glyph['path'] as FontObject | undefined)?.['commands'];
  if (Array.isArray(commands) && commands.length > 0) throw new FontkitInternalsError('CFFGlyph#_usedGsubrs/_usedSubrs', 'is missing or has another shape');
  return { global: [], local: [] };
}

/**
 * How many charstrings fontkit reads in the font's `CFF ` table (its subsetter takes a glyph's
 * from there), or undefined when fontkit cannot decode the table. For a table octavo's own
 * reader refuses, whose count only fontkit knows.
 */
export function cffCharStringCount(program: object): number | undefined {
  let cff: unknown;
  try {
    cff = (program as FontObject)['CFF '];
  } catch {
    return undefined;
  }
  const charStrings = isObject(cff) && isObject(cff['topDict']) ? cff['topDict']['CharStrings'] : undefined;
  return Array.isArray(charStrings) ? charStrings.length : undefined;
}

/** Whether the font's table directory lists `tag` (e.g. 'SVG '). */
export function hasTable(program: object, tag: string): boolean {
  const font = program as FontObject;
  required(font, 'TTFFont#directory.tables');
  return isObject(((font['directory'] as FontObject)['tables'] as FontObject)[tag]);
}

/**
 * The bytes of table `tag` as they sit in the font file (a TTC member's offsets are file-absolute;
 * a WOFF table is inflated by fontkit), or undefined when the font has no such table. The file
 * stream's position, which fontkit moves to read the table, is restored.
 */
export function rawTableBytes(program: object, tag: string): Uint8Array | undefined {
  const font = program as FontObject;
  required(font, 'TTFFont#directory.tables');
  const entry = ((font['directory'] as FontObject)['tables'] as FontObject)[tag];
  const length = isObject(entry) ? entry['length'] : undefined;
  if (typeof length !== 'number') return undefined;
  required(font, 'TTFFont#_getTableStream');
  required(font, 'TTFFont#stream');
  const fileStream = font['stream'] as { pos: number };
  const position = fileStream.pos;
  try {
    const stream = (font['_getTableStream'] as (tag: string) => { readonly buffer?: unknown; readonly pos?: unknown } | null).call(font, tag);
    const buffer = stream?.buffer;
    const pos = stream?.pos;
    if (!(buffer instanceof Uint8Array) || typeof pos !== 'number' || pos < 0 || pos + length > buffer.length) return undefined;
    return buffer.subarray(pos, pos + length);
  } finally {
    fileStream.pos = position;
  }
}

/**
 * Hides table `tag` from fontkit: its getter returns null, as for a font without the table, and the
 * bytes are never decoded. Must run before anything reads the table.
 */
export function hideTable(program: object, tag: string): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_tables');
  (font['_tables'] as Record<string, unknown>)[tag] = null;
}

/**
 * Enters `value` as fontkit's decoded table `tag`, unless fontkit decoded the table already: for
 * tables octavo reads from the bytes much more cheaply than fontkit's generic decoder (one object
 * per field, one defineProperties per struct). Must give what fontkit's decode would.
 */
export function seedTable(program: object, tag: string, value: object): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_tables');
  const tables = font['_tables'] as Record<string, unknown>;
  if (!(tag in tables)) tables[tag] = value;
}

/** fontkit's own decode of table `tag` (as its getter makes it, without caching it), or undefined when that throws. */
export function decodeTable(program: object, tag: string): Record<string, unknown> | undefined {
  const font = program as FontObject;
  required(font, 'TTFFont#directory.tables');
  required(font, 'TTFFont#_decodeTable');
  const entry = ((font['directory'] as FontObject)['tables'] as FontObject)[tag];
  if (!isObject(entry)) return undefined;
  try {
    return (font['_decodeTable'] as (table: unknown) => Record<string, unknown>).call(font, entry);
  } catch {
    return undefined;
  }
}

/**
 * fontkit decodes a GPOS lookup whole when a layout first applies its feature: for mark
 * attachment, an anchor object per base glyph and mark class (Liberation Sans: ~60 ms of a fresh
 * process's first render, for a document with no mark). This font's GPOS lookup list decodes its
 * lookups with lazy anchor arrays instead (`_decodeTable` wrapped on this font object). Throws
 * FontkitInternalsError when the types have another shape.
 */
export function lazyMarkAnchors(program: object): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_decodeTable');
  const decode = font['_decodeTable'] as (this: object, table: { readonly tag: string }) => unknown;
  font['_decodeTable'] = function decodeWithLazyAnchors(this: object, table: { readonly tag: string }): unknown {
    const decoded = decode.call(this, table);
    const lookupList = table.tag === 'GPOS' ? field(decoded, 'lookupList') : undefined;
    if (lookupList === undefined) return decoded;
    const lazy = markAnchorsType(lookupList['type']);
    if (lazy === undefined) throw new FontkitInternalsError('GPOS lookup types (restructure)', 'have another shape');
    lookupList['type'] = lazy;
    return decoded;
  };
}

/**
 * A damaged cmap can map a character to a glyph id the font does not have (past maxp's count):
 * fontkit returns it, and layout and the PDF subset then fail on it. The font's cmap lookups are
 * wrapped (on its own CmapProcessor object) so that such an id counts as no glyph (0), as in
 * HarfBuzz: the character falls back to another font, or .notdef.
 */
export function boundCmapLookups(program: object, numGlyphs: number): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_cmapProcessor');
  const processor = font['_cmapProcessor'] as { lookup: (this: object, codePoint: number, variationSelector?: number) => number };
  const lookup = processor.lookup;
  processor.lookup = function glyphInFont(this: object, codePoint: number, variationSelector?: number): number {
    const id = lookup.call(this, codePoint, variationSelector);
    return id < numGlyphs ? id : 0;
  };
}

/**
 * Whether the arrays of the cmap subtable fontkit chose lie within the font's file, or undefined
 * when the subtable is not shaped as fontkit 2.0.4 builds it. fontkit decodes those arrays lazily,
 * a character at a time: a damaged subtable offset or count (FUZZ_SEED=8743: one byte of an
 * encoding record) put them past the end, and a lookup threw a RangeError in the middle of layout.
 */
export function cmapArraysFit(program: object): boolean | undefined {
  const cmap = ((program as FontObject)['_cmapProcessor'] as FontObject | undefined)?.['cmap'];
  if (!isObject(cmap)) return undefined;
  for (const value of Object.values(cmap)) {
    if (!isLazyArray(value)) continue;
    if (value.base + value.length * value.type.size() > value.stream.length) return false;
  }
  return true;
}

/** Whether the font has outlines: a glyf, CFF or CFF2 table. */
export function hasOutlines(program: object): boolean {
  const font = program as FontObject;
  required(font, 'TTFFont#directory.tables');
  const tables = (font['directory'] as FontObject)['tables'] as FontObject;
  return isObject(tables['glyf']) || isObject(tables['CFF ']) || isObject(tables['CFF2']);
}

/**
 * fontkit re-parses a TrueType glyph's outline (`_decode`) every time a PDF subset includes it,
 * once per document and glyph — a quarter of a warm invoice render. Glyph objects are cached per
 * font and their data never changes, so each glyph this font creates gets its own memoised
 * `_decode` (an own property shadowing the prototype's, on this font's glyphs only). A glyph whose
 * bytes cannot be decoded (they run past the file: FUZZ_SEED=8809) is an empty one to the
 * subsetter, as fontkit decodes a glyph of no bytes, and `onDamage` hears of it.
 */
export function memoizeGlyphDecoding(program: object, onDamage: (id: number, problem: string) => void): void {
  const font = program as FontObject;
  required(font, 'TTFFont#directory.tables');
  const tables = (font['directory'] as FontObject)['tables'] as FontObject;
  if (!isObject(tables['glyf'])) return; // CFF outlines: fontkit has no _decode to repeat
  required(font, 'TTFFont#_getBaseGlyph');
  const base = font['_getBaseGlyph'] as (this: object, id: number, characters?: number[]) => object | undefined;
  font['_getBaseGlyph'] = function glyphWithMemoisedDecode(this: object, id: number, characters?: number[]): object | undefined {
    const glyph = base.call(this, id, characters);
    if (glyph !== undefined && glyph !== null) memoiseDecode(glyph as FontObject, onDamage);
    return glyph;
  };
  required(font, 'TTFGlyph#_decode');
}

function memoiseDecode(glyph: FontObject, onDamage: (id: number, problem: string) => void): void {
  if (Object.hasOwn(glyph, '_decode')) return;
  const decode = glyph['_decode'];
  if (!isFunction(decode)) throw new FontkitInternalsError('TTFGlyph#_decode', 'is not a function');
  let decoded: unknown;
  let done = false;
  glyph['_decode'] = function memoisedDecode(this: object): unknown {
    if (!done) {
      try {
        decoded = decode.call(this);
      } catch (error) {
        onDamage(glyph['id'] as number, error instanceof Error ? error.message : String(error));
        decoded = null;
      }
      done = true;
    }
    return decoded;
  };
}

/**
 * Whether the font has a `CFF ` table fontkit could not decode (its table getter swallows the error
 * and answers nothing): every CFF glyph's outline then fails alike, whatever message it throws.
 */
function cffUndecoded(font: FontObject): boolean {
  const tables = (font['directory'] as { readonly tables?: Readonly<Record<string, unknown>> } | undefined)?.tables;
  return tables?.['CFF '] !== undefined && font['CFF '] == null;
}

/**
 * fontkit reads a glyph's advance through its outline's box (for the vertical metrics it derives
 * without vmtx), so a glyph whose outline it cannot decode (a CFF charstring with an unknown
 * operator, glyf bytes that end early) threw wherever its width was asked: in layout, or when the
 * PDF was written. Each glyph this font makes gets guarded `_getPath` and `_getCBox` (own
 * properties on its object, two functions per font, none made per glyph): an outline that fails is
 * fontkit's empty path (its base Glyph class's), the advance stays hmtx's, and `onDamage` hears of
 * it each time it is read.
 */
export function guardGlyphOutlines(program: object, onDamage: (id: number, problem: string) => void): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_getBaseGlyph');
  const emptyPath = (glyph: FontObject, error: unknown): { readonly cbox: unknown } => {
    onDamage(glyph['id'] as number, cffUndecoded(font) ? 'fontkit cannot decode its CFF table' : error instanceof Error ? error.message : String(error));
    return (baseGlyphPrototype(glyph)['_getPath'] as (this: object) => { readonly cbox: unknown }).call(glyph);
  };
  // the glyph class's own methods, which the guards (own properties) shadow
  const guardedPath = function guardedPath(this: FontObject): unknown {
    try {
      return ((Object.getPrototypeOf(this) as FontObject)['_getPath'] as (this: object) => unknown).call(this);
    } catch (error) {
      return emptyPath(this, error);
    }
  };
  const guardedCBox = function guardedCBox(this: FontObject, internal?: boolean): unknown {
    try {
      return ((Object.getPrototypeOf(this) as FontObject)['_getCBox'] as (this: object, internal?: boolean) => unknown).call(this, internal);
    } catch (error) {
      return emptyPath(this, error).cbox;
    }
  };
  const base = font['_getBaseGlyph'] as (this: object, id: number, characters?: number[]) => object | undefined;
  font['_getBaseGlyph'] = function glyphWithGuardedOutline(this: object, id: number, characters?: number[]): object | undefined {
    const glyph = base.call(this, id, characters) as FontObject | undefined;
    if (glyph !== undefined && glyph !== null && !Object.hasOwn(glyph, '_getPath')) {
      if (!isFunction(glyph['_getPath']) || !isFunction(glyph['_getCBox'])) throw new FontkitInternalsError('Glyph#_getPath', 'is not a function');
      glyph['_getPath'] = guardedPath;
      glyph['_getCBox'] = guardedCBox;
    }
    return glyph;
  };
  required(font, 'Glyph#_getPath');
  required(font, 'Glyph#_getCBox');
}

/** fontkit's base Glyph class (the last prototype before Object's), whose `_getPath` is an empty Path. */
function baseGlyphPrototype(glyph: object): FontObject {
  let prototype = Object.getPrototypeOf(glyph) as object;
  for (let next = Object.getPrototypeOf(prototype) as object | null; next !== null && next !== Object.prototype; next = Object.getPrototypeOf(next) as object | null) prototype = next;
  return prototype as FontObject;
}

/** One of the OpenType engine's shaping records (fontkit's GlyphInfo). */
export interface GlyphRecord {
  readonly codePoints: readonly number[];
  readonly features?: unknown;
  /** Set by the Indic and Universal shapers: the syllable the glyph belongs to, numbered in logical order. */
  readonly shaperInfo?: { readonly syllable?: unknown };
}

/** The OpenType engine's shaping records, caught as it cleans up after a layout. */
export interface GlyphRecords {
  records: readonly GlyphRecord[] | null;
  /** The records as substitution started: one per character (split vowels decomposed), in logical order. */
  logical: readonly GlyphRecord[] | null;
  /**
   * Features the next layout applies to every glyph, set by its caller: fontkit's DefaultShaper
   * plans `frac`, `numr` and `dnom` as local features, turned on only around a U+2044 (its
   * assignFeatures), and ShapingPlan#setFeatureOverrides skips a feature already planned, so a
   * user's `frac` would never reach the other glyphs. HarfBuzz applies a user feature to every
   * glyph: the font's own `frac` lookup then finds the fractions (`1/2` → ½).
   */
  everywhere: readonly string[] | null;
}

/** Per font octavo parsed: its engine's records, or null when it has no OpenType engine. */
const recordsByFont = new WeakMap<object, GlyphRecords | null>();

/**
 * The records of `program`'s OpenType layout engine: its `cleanup` is wrapped once, on that engine
 * object, to keep `glyphInfos` in the returned record. Undefined for fonts laid out without an
 * OpenType engine (no GSUB/GPOS, or AAT `morx`).
 */
export function glyphRecordsOf(program: object): GlyphRecords | undefined {
  const known = recordsByFont.get(program);
  if (known !== undefined) return known ?? undefined;
  const font = program as FontObject;
  required(font, 'TTFFont#_layoutEngine');
  const engine = openTypeEngine(font);
  if (engine === undefined) {
    if (!isObject(font['morx']) && (isObject(font['GSUB']) || isObject(font['GPOS']))) required(font, 'LayoutEngine#engine');
    if (isObject(font['morx'])) boundMorx(font);
    recordsByFont.set(program, null);
    return undefined;
  }
  required(font, 'OTLayoutEngine#glyphInfos');
  required(font, 'OTLayoutEngine#cleanup');
  required(font, 'OTLayoutEngine#substitute');
  if (isObject(engine['GSUBProcessor'])) boundSubstitutions(font, engine['GSUBProcessor']);
  const capture: GlyphRecords = { records: null, logical: null, everywhere: null };
  const cleanup = engine['cleanup'] as (this: object) => void;
  engine['cleanup'] = function keepGlyphInfos(this: { glyphInfos: GlyphRecords['records'] }): void {
    capture.records = this.glyphInfos;
    cleanup.call(this);
  };
  // GSUB replaces ligated records and moves the others; the objects themselves keep their code points
  const substitute = engine['substitute'] as (this: object, run: unknown) => void;
  engine['substitute'] = function keepLogicalOrder(this: { glyphInfos: readonly GlyphRecord[] }, run: unknown): void {
    capture.logical = this.glyphInfos.slice();
    if (capture.everywhere !== null) turnOnEverywhere(this.glyphInfos, capture.everywhere);
    substitute.call(this, run);
  };
  recordsByFont.set(program, capture);
  return capture;
}

/** Turns `tags` on in every record's features (GlyphInfo#features, an object of tag → true). */
function turnOnEverywhere(records: readonly GlyphRecord[], tags: readonly string[]): void {
  for (const record of records) {
    const features = record.features;
    if (!isObject(features)) throw new FontkitInternalsError('GlyphInfo#features', 'is missing or has another shape');
    for (const tag of tags) features[tag] = true;
  }
}

/**
 * fontkit applies GSUB lookups until the glyphs run out, and a font whose lookups re-insert glyphs
 * (Noto Sans Meetei Mayek Bold on a lone U+ABED) makes that loop forever, its memory growing by
 * gigabytes. Each stage of substitutions may apply lookups a bounded number of times and grow the
 * glyphs a bounded amount; past that it throws, and the text is drawn without the font's layout
 * tables (shape.ts reports it), as for any other font fontkit cannot shape.
 */
function boundSubstitutions(font: FontObject, processor: Record<string, unknown>): void {
  required(font, 'OTProcessor#applyFeatures');
  required(font, 'GSUBProcessor#applyLookup');
  const applyFeatures = processor['applyFeatures'] as (this: object, ...args: unknown[]) => unknown;
  const applyLookup = processor['applyLookup'] as (this: object, ...args: unknown[]) => unknown;
  let calls = 0;
  let maxCalls = 0;
  let maxGlyphs = 0;
  processor['applyFeatures'] = function boundedFeatures(this: object, features: unknown, glyphs: readonly unknown[], ...rest: unknown[]): unknown {
    calls = 0;
    maxCalls = 100_000 + 5_000 * glyphs.length;
    maxGlyphs = 1_000 + 32 * glyphs.length;
    return applyFeatures.call(this, features, glyphs, ...rest);
  };
  processor['applyLookup'] = function boundedLookup(this: { glyphs?: readonly unknown[] }, ...args: unknown[]): unknown {
    if (++calls > maxCalls || (this.glyphs?.length ?? 0) > maxGlyphs) {
      throw new Error('its GSUB substitutions do not end (fontkit would loop forever)');
    }
    return applyLookup.apply(this, args);
  };
}

/**
 * fontkit runs each morx subtable's state machine until it reaches the end of the glyphs, and an
 * entry that asks not to advance (DONT_ADVANCE) and leads back to its own state runs it forever —
 * one damaged byte of a flag (found by fuzzing a morx table). A glyph insertion subtable can also
 * grow the glyphs without end. As for GSUB (boundSubstitutions), each layout may take a bounded
 * number of state machine steps and grow the glyphs a bounded amount; past that it throws, and
 * the text is drawn without the font's layout tables (shape.ts reports it).
 */
function boundMorx(font: FontObject): void {
  required(font, 'AATLayoutEngine#morxProcessor');
  required(font, 'AATMorxProcessor#processIndicRearragement…processGlyphInsertion');
  const processor = morxProcessor(font)!;
  const process = processor['process'] as (this: object, glyphs: readonly unknown[], ...rest: unknown[]) => unknown;
  let steps = 0;
  let maxSteps = 0;
  let maxGlyphs = 0;
  processor['process'] = function boundedProcess(this: object, glyphs: readonly unknown[], ...rest: unknown[]): unknown {
    steps = 0;
    maxSteps = 100_000 + 5_000 * glyphs.length;
    maxGlyphs = 1_000 + 32 * glyphs.length;
    return process.call(this, glyphs, ...rest);
  };
  for (const name of MORX_STEPS) {
    const step = processor[name] as (...args: unknown[]) => unknown;
    processor[name] = function boundedStep(this: unknown, ...args: unknown[]): unknown {
      if (++steps > maxSteps || ((processor['glyphs'] as readonly unknown[] | undefined)?.length ?? 0) > maxGlyphs) {
        throw new Error('its morx state machine does not end (fontkit would loop forever)');
      }
      return step(...args);
    };
  }
}

/** Whether the font draws Devanagari (its shaper is then the Indic one). */
function hasDevanagari(font: FontObject): boolean {
  return (font['hasGlyphForCodePoint'] as (cp: number) => boolean).call(font, 0x915);
}

/** Lays a Devanagari syllable with a reph and a vowel sign drawn before its consonant out: whether every record says its syllable. */
function syllablesAfterIndicLayout(font: FontObject): boolean {
  const capture = glyphRecordsOf(font);
  if (capture === undefined) return false;
  (font['layout'] as (text: string, features: object) => unknown).call(font, '\u0930\u094d\u0915\u093f', {});
  const records = capture.records;
  capture.records = capture.logical = null;
  return records !== null && records.length > 0 && records.every((record) => typeof (record.shaperInfo as { syllable?: unknown } | undefined)?.syllable === 'number');
}

/** Lays out one glyph to read the features its record carried (the presence check of GlyphInfo#features). */
function glyphFeaturesAfterLayout(font: FontObject): readonly string[] | undefined {
  const capture = glyphRecordsOf(font);
  if (capture === undefined) return undefined;
  (font['layout'] as (text: string, features: object) => unknown).call(font, 'a', {});
  const records = capture.records;
  capture.records = capture.logical = null;
  const features = records?.[0]?.features;
  return isObject(features) ? Object.keys(features) : undefined;
}

/**
 * The feature tags the first glyph of a layout carried (its GlyphInfo's `features`: fontkit applies
 * a lookup to a glyph only for those), from the records `glyphRecordsOf` caught; undefined when
 * none were caught.
 */
export function glyphFeatureTags(records: GlyphRecords['records']): string[] | undefined {
  const first = records?.[0];
  if (first === undefined) return undefined;
  if (!isObject(first.features)) throw new FontkitInternalsError('GlyphInfo#features', 'is missing or has another shape');
  return Object.keys(first.features);
}

/** A GSUB or GPOS processor as fontkit keeps it, narrowed to what fast-layout.ts reads. */
export interface OtProcessor<Table> {
  readonly table: Table;
  readonly features: Readonly<Record<string, { readonly lookupListIndexes: readonly number[] } | undefined>>;
}

/** The GSUB and GPOS processors of the font's OpenType engine (after a layout), checked. */
export function otProcessors<Table>(program: object): { readonly GSUB?: OtProcessor<Table>; readonly GPOS?: OtProcessor<Table> } {
  const font = program as FontObject;
  required(font, 'TTFFont#_layoutEngine');
  const engine = openTypeEngine(font);
  if (engine === undefined) return {};
  required(font, 'OTLayoutEngine#GSUBProcessor');
  required(font, 'OTLayoutEngine#GPOSProcessor');
  const processor = (key: string): OtProcessor<Table> | undefined => (isObject(engine[key]) ? engine[key] as unknown as OtProcessor<Table> : undefined);
  return { GSUB: processor('GSUBProcessor'), GPOS: processor('GPOSProcessor') };
}

/** The features a layout applied (fontkit's GlyphRun#features). */
export function appliedFeatures(run: object): string[] {
  const features = (run as FontObject)['features'];
  if (!isObject(features)) throw new FontkitInternalsError('GlyphRun#features', 'is missing or has another shape');
  return Object.keys(features);
}

/**
 * fontkit makes glyph objects only for glyf, CFF, sbix and COLR fonts: a CBDT font's getGlyph
 * returns null and its layout throws ('reading id'). This font object's `_getBaseGlyph` makes
 * glyphs with an id, code points and the hmtx advance — all GSUB shaping needs (the pictures
 * come from CBDT, src/sfnt/cbdt.ts). Throws FontkitInternalsError when those members changed.
 */
export function bitmapOnlyGlyphs(program: object): void {
  const font = program as FontObject;
  required(font, 'TTFFont#_getBaseGlyph');
  required(font, 'TTFFont#_glyphs');
  required(font, 'TTFFont#hmtx.metrics');
  const cache = font['_glyphs'] as Record<number, object | undefined>;
  const metrics = (font['hmtx'] as FontObject)['metrics'] as { get(id: number): { advance?: number } | undefined };
  const unitsPerEm = font['unitsPerEm'] as number;
  font['_getBaseGlyph'] = function advanceOnlyGlyph(id: number, characters: number[] = []): object {
    const advance = metrics.get(id)?.advance ?? unitsPerEm;
    cache[id] ??= { id, codePoints: characters, advanceWidth: advance, bbox: { minX: 0, minY: 0, maxX: advance, maxY: unitsPerEm }, isMark: false, isLigature: false };
    return cache[id];
  };
}
