/**
 * A layout that gives what fontkit's `layout()` gives, without its per-call setup, for the words
 * where that is provable: Latin and common characters whose glyphs no substitution and no
 * positioning lookup other than pair kerning can touch in the font's plan for this script and
 * these features. Such a word's glyphs are its cmap glyphs; each position is the glyph's advance
 * plus, per neighbouring pair, what fontkit's pair lookups (or `kern` table) add — and that is
 * read once per pair from those tables as fontkit applies them (pair-positioning.ts), or, where
 * that reader declines, from fontkit itself, by laying the two glyphs out alone.
 *
 * Why the decomposition is exact: fontkit applies each pair lookup at every glyph with the next
 * one (it never skips the second glyph, and nothing is ignored when no glyph is a mark or
 * ligature by GDEF and no pair lookup ignores base glyphs), and the legacy `kern` table adds
 * per pair too; every value is an integer in font units (no variation deltas: variable fonts
 * are left to fontkit), so the sums do not depend on their order. Any other lookup can only fire
 * at a glyph in its coverage; a word with such a glyph goes to fontkit.
 */
import type { FkGlyph, FontProgram } from './fontkit.js';
import type { ShapedGlyph } from './types.js';
import { laidOutPair, layoutFeatureTags, type OtTables } from './fontkit.js';
import { appliedSubTable, glyphCountOf, isContextual, markContextualTriggers, markCoverage, triggerCoverage, type ClassDef, type ContextSubTable, type SubTable } from './opentype-tables.js';
import { readPairAdjustment, type PairPositioning } from './pair-positioning.js';
import { BoundedCache } from '../cache/bounded.js';
import { glyphAdvance, type GlyphAdvances } from './advance.js';

/**
 * The accepted code points lie in two ranges, each code point with a slot in the per-font
 * tables below: up to the combining marks (U+0300), and General Punctuation, Superscripts and
 * Subscripts and Currency Symbols (U+2000–U+20CF) — an invoice's amounts in euros, its dashes
 * and curly quotes would otherwise each go to fontkit.
 */
const LOW_END = 0x250;
const HIGH_START = 0x2000;
const HIGH_END = 0x20d0;
const SLOTS = LOW_END + HIGH_END - HIGH_START;

/** The slot of a UTF-16 code unit in the per-code-point tables, or -1 outside the accepted ranges. */
function slotOf(code: number): number {
  if (code < LOW_END) return code;
  return code >= HIGH_START && code < HIGH_END ? code - HIGH_START + LOW_END : -1;
}

function codeOfSlot(slot: number): number {
  return slot < LOW_END ? slot : slot - LOW_END + HIGH_START;
}

/** U+2044 FRACTION SLASH: fontkit turns on `frac`, `numr` and `dnom` around it (DefaultShaper.assignFeatures). */
const FRACTION_SLASH = 0x2044;

/**
 * Per slot: 0 not accepted, 1 Common (fontkit's script detection passes it by), 2 Latin (the
 * script fontkit picks). Accepted: printable ASCII, Latin-1 and Latin Extended-A/B, where there
 * are no marks and no default ignorables but U+00AD; and the visible characters of the upper
 * range — not its format characters (fontkit hides default ignorables), line and paragraph
 * separators, unassigned code points or the fraction slash.
 */
const CHAR_KINDS: Uint8Array = (() => {
  const kinds = new Uint8Array(SLOTS);
  const latin = /\p{Script=Latin}/u;
  const visibleCommon = /^(?![\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{M}\p{Cn}])\p{Script=Common}$/u;
  for (let cp = 0x20; cp < LOW_END; cp++) {
    if (cp >= 0x7f && cp < 0xa0 || cp === 0xad) continue;
    kinds[cp] = latin.test(String.fromCharCode(cp)) ? 2 : 1;
  }
  for (let cp = HIGH_START; cp < HIGH_END; cp++) {
    const char = String.fromCharCode(cp);
    if (cp === FRACTION_SLASH) continue;
    if (latin.test(char)) kinds[slotOf(cp)] = 2;
    else if (visibleCommon.test(char)) kinds[slotOf(cp)] = 1;
  }
  return kinds;
})();

/** The kind (CHAR_KINDS) of a UTF-16 code unit: 0 outside the accepted ranges. */
function kindOf(code: number): number {
  const slot = slotOf(code);
  return slot < 0 ? 0 : CHAR_KINDS[slot]!;
}

/** The shaping facts of one font for one script, language system and feature set. */
interface Plan {
  readonly script: Script;
  readonly features: Readonly<Record<string, boolean>>;
  /** The OpenType language system (opentype-language.ts); the font's default one when undefined. */
  readonly language: string | undefined;
  /** Glyph ids some lookup of the plan (other than pair kerning) may act on, or marks/ligatures. */
  readonly touched: Uint8Array;
  /** What the plan's pair lookups and `kern` table are, read per pair (undefined: each pair is laid out by fontkit). */
  readonly positioning: PairPositioning | undefined;
  /** Per glyph pair (first * 65536 + second): [dxAdvance, dxOffset, dyOffset] of each, or null when none. */
  readonly pairs: BoundedCache<number, Int32Array | null>;
  /** Cleared when a pair reads back something this path cannot add exactly. */
  usable: boolean;
}

/** An OpenType script tag: 'latn', 'zzzz' (fontkit's default script) or a language's (Shaping.script). */
type Script = string;

/** Pairs kept per plan before the map starts again (a few thousand in practice). */
const MAX_PAIRS = 65_536;

/** Per font, by features, then language system ('' for the default one), per script. */
const plans = new WeakMap<FontProgram, Map<string, Map<string, Record<Script, Plan | null | undefined>>>>();
const featureKeys = new WeakMap<object, string>();

function featuresKey(features: Readonly<Record<string, boolean>>): string {
  let key = featureKeys.get(features);
  if (key === undefined) {
    key = Object.keys(features).sort().map((tag) => `${tag}=${features[tag] ? 1 : 0}`).join(',');
    featureKeys.set(features, key);
  }
  return key;
}

/** What a word is shaped with: features, direction, language system and script (as shape.ts has them). */
export interface Shaping {
  readonly features: Readonly<Record<string, boolean>>;
  readonly direction: 'ltr' | 'rtl' | undefined;
  readonly language: string | undefined;
  /** The script of a word of no script of its own (opentype-language.ts); undefined: fontkit's choice. */
  readonly script?: string | undefined;
}

/** px per font unit, and how advances are sized (text/advance.ts; default exact). */
export interface Sizing {
  readonly scale: number;
  readonly advances?: GlyphAdvances | undefined;
}

/** A word laid out: shaped glyphs in px and their total advance. */
export interface FastRun {
  readonly glyphs: ShapedGlyph[];
  readonly width: number;
}

/** One frozen `[cp]` per slot, shared by every glyph that stands for its code point. */
const SINGLE_CODE_POINTS: readonly (readonly number[])[] = Array.from({ length: SLOTS }, (_, slot) => Object.freeze([codeOfSlot(slot)]));

/**
 * The glyphs fontkit would lay out for `text`, scaled and sized by `sizing` as shape.ts sizes
 * fontkit's, or undefined when the word needs fontkit (a character outside the range, a
 * glyph some lookup touches, a font this path cannot vouch for).
 */
export function fastLayout(program: FontProgram, text: string, shaping: Shaping, sizing: Sizing): FastRun | undefined {
  const { features, direction, language, script } = shaping;
  const { scale, advances = 'exact' } = sizing;
  if (direction === 'rtl' || text.length === 0) return undefined;
  let latin = false;
  for (let i = 0; i < text.length; i++) {
    const kind = kindOf(text.charCodeAt(i));
    if (kind === 0) return undefined;
    if (kind === 2) latin = true;
  }
  // fontkit takes Latin for a word with a Latin letter, else its default script ('zzzz' finds none)
  const plan = planFor(program, latin ? 'latn' : script ?? 'zzzz', features, language);
  if (plan === undefined || !plan.usable) return undefined;
  const fkGlyphs: FkGlyph[] = new Array<FkGlyph>(text.length);
  for (let i = 0; i < text.length; i++) {
    const glyph = glyphOf(program, text.charCodeAt(i));
    if (plan.touched[glyph.id] === 1) return undefined;
    fkGlyphs[i] = glyph;
  }
  const glyphs: ShapedGlyph[] = new Array<ShapedGlyph>(text.length);
  const plain = plainGlyphsOf(program, scale, advances);
  const word: PairSource = { program, plan, features, direction, text };
  let width = 0;
  let before: Int32Array | null = null;
  for (let i = 0; i < fkGlyphs.length; i++) {
    const glyph = fkGlyphs[i]!;
    const next = fkGlyphs[i + 1];
    const after = next === undefined ? null : pairAdjustment(word, i, glyph, next);
    if (!plan.usable) return undefined;
    let xAdvance = glyph.advanceWidth;
    let xOffset = 0;
    let yOffset = 0;
    if (after !== null) {
      xAdvance += after[0]!;
      xOffset += after[1]!;
      yOffset += after[2]!;
    }
    if (before !== null) {
      xAdvance += before[3]!;
      xOffset += before[4]!;
      yOffset += before[5]!;
    }
    const advance = glyphAdvance(glyph.advanceWidth, xAdvance, scale, advances);
    width += advance;
    const code = text.charCodeAt(i);
    glyphs[i] = after === null && before === null
      ? plainGlyph(plain, glyph, code, scale, advances)
      : { id: glyph.id, advance, xOffset: xOffset * scale, yOffset: yOffset * scale, codePoints: SINGLE_CODE_POINTS[slotOf(code)]! };
    before = after;
  }
  return { glyphs, width };
}

/**
 * Reads the pair adjustments of every ordered pair of `characters` in each plan the font already
 * has, so that they are at hand later: the CLI's startup snapshot keeps them (src/cli/snapshot/),
 * sparing a new process one fontkit layout per new pair.
 */
export function primePairs(program: FontProgram, characters: string): void {
  for (const perLanguage of plans.get(program)?.values() ?? []) for (const perScript of perLanguage.values()) {
    for (const plan of Object.values(perScript)) {
      if (plan === undefined || plan === null) continue;
      for (const a of characters) {
        for (const b of characters) {
          const text = a + b;
          const kinds = [kindOf(text.charCodeAt(0)), kindOf(text.charCodeAt(1))];
          // only pairs a word laid out with this plan can hold
          if (kinds.includes(0) || (plan.script !== 'latn' && kinds.includes(2))) continue;
          const first = glyphOf(program, text.charCodeAt(0));
          const second = glyphOf(program, text.charCodeAt(1));
          if (plan.touched[first.id] === 1 || plan.touched[second.id] === 1 || !plan.usable) continue;
          pairAdjustment({ program, plan, features: plan.features, direction: undefined, text }, 0, first, second);
        }
      }
    }
  }
}

/**
 * Glyphs no pair adjusts, shared per way of sizing advances, font and scale: a shaped glyph is
 * then a reference, not an object of its own (a long document's measured text holds tens of
 * thousands of them).
 */
const plainGlyphs: Record<GlyphAdvances, WeakMap<FontProgram, BoundedCache<number, (ShapedGlyph | undefined)[]>>> = {
  'whole-px': new WeakMap(),
  exact: new WeakMap(),
};

/** Scales kept per font before its shared glyphs start again (a document uses a few). */
const MAX_SCALES = 64;

function plainGlyphsOf(program: FontProgram, scale: number, advances: GlyphAdvances): (ShapedGlyph | undefined)[] {
  const byProgram = plainGlyphs[advances];
  let byScale = byProgram.get(program);
  if (byScale === undefined) {
    byScale = new BoundedCache('text.plain-glyphs-by-scale', MAX_SCALES);
    byProgram.set(program, byScale);
  }
  let glyphs = byScale.get(scale);
  if (glyphs === undefined) {
    glyphs = new Array<ShapedGlyph | undefined>(SLOTS);
    byScale.set(scale, glyphs);
  }
  return glyphs;
}

function plainGlyph(shared: (ShapedGlyph | undefined)[], glyph: FkGlyph, code: number, scale: number, advances: GlyphAdvances): ShapedGlyph {
  const slot = slotOf(code);
  let shaped = shared[slot];
  if (shaped === undefined) {
    // the same shape as the other glyphs (not frozen: one hidden class where layout reads them)
    shaped = { id: glyph.id, advance: glyphAdvance(glyph.advanceWidth, glyph.advanceWidth, scale, advances), xOffset: 0, yOffset: 0, codePoints: SINGLE_CODE_POINTS[slot]! };
    shared[slot] = shaped;
  }
  return shaped;
}

/** fontkit's glyph of each accepted code point, per font (its `glyphForCodePoint`, remembered). */
const glyphTables = new WeakMap<FontProgram, (FkGlyph | undefined)[]>();

function glyphOf(program: FontProgram, cp: number): FkGlyph {
  let table = glyphTables.get(program);
  if (table === undefined) {
    table = new Array<FkGlyph | undefined>(SLOTS);
    glyphTables.set(program, table);
  }
  const slot = slotOf(cp);
  let glyph = table[slot];
  if (glyph === undefined) {
    glyph = program.glyphForCodePoint(cp);
    table[slot] = glyph;
  }
  return glyph;
}

function planFor(program: FontProgram, script: Script, features: Readonly<Record<string, boolean>>, language: string | undefined): Plan | undefined {
  let perFont = plans.get(program);
  if (perFont === undefined) {
    perFont = new Map();
    plans.set(program, perFont);
  }
  const key = featuresKey(features);
  let perLanguage = perFont.get(key);
  if (perLanguage === undefined) {
    perLanguage = new Map();
    perFont.set(key, perLanguage);
  }
  let perScript = perLanguage.get(language ?? '');
  if (perScript === undefined) {
    perScript = {};
    perLanguage.set(language ?? '', perScript);
  }
  let plan = perScript[script];
  if (plan === undefined) {
    plan = makePlan(program, script, features, language);
    perScript[script] = plan;
  }
  return plan ?? undefined;
}

/** null: this font, script, language system and feature set are left to fontkit. */
function makePlan(program: FontProgram, script: Script, features: Readonly<Record<string, boolean>>, language: string | undefined): Plan | null {
  try {
    const tables = layoutFeatureTags(program, script, features, language);
    if (tables === undefined) return null;
    const touched = new Uint8Array(glyphCountOf(program));
    if (!markTouched(tables, touched, repertoireOf(program, touched.length))) return null;
    markMarksAndLigatures(program, touched);
    return { script, features, language, touched, positioning: tables.pairPositioning, pairs: new BoundedCache('text.kerning-pairs', MAX_PAIRS), usable: true };
  } catch {
    return null;
  }
}

/**
 * Marks the glyphs at which a lookup of the plan can fire in a word of `repertoire`'s glyphs. Pair
 * positioning is left out (it is read per pair); false when the plan has something this path
 * cannot reason about.
 */
function markTouched(tables: OtTables, touched: Uint8Array, repertoire: Uint8Array): boolean {
  for (const { table, kind, lookupIndexes } of tables.lookups) {
    for (const index of lookupIndexes) {
      const lookup = table.lookupList.get(index);
      for (const raw of lookup.subTables as readonly SubTable[]) {
        const { type, sub } = appliedSubTable(kind, lookup, raw);
        if (type === undefined || sub === undefined) return false;
        if (kind === 'GPOS' && type === 2) {
          if (lookup.flags.flags.ignoreBaseGlyphs) return false;
          continue;
        }
        // a context is matched at consecutive glyphs of a word (none of its glyphs is a mark or
        // ligature: those are touched), unless base glyphs are skipped
        if (isContextual(kind, type) && !lookup.flags.flags.ignoreBaseGlyphs) {
          if (!markContextualTriggers(kind, type, sub as ContextSubTable, repertoire, touched)) return false;
          continue;
        }
        const coverage = triggerCoverage(kind, type, sub);
        if (coverage === undefined || !markCoverage(coverage, touched)) return false;
      }
    }
  }
  return true;
}

/** The glyphs (1 per id) a word this path takes can hold: those of the accepted characters. */
function repertoireOf(program: FontProgram, glyphCount: number): Uint8Array {
  const repertoire = new Uint8Array(glyphCount);
  for (let slot = 0; slot < SLOTS; slot++) {
    if (CHAR_KINDS[slot] === 0) continue;
    const id = glyphOf(program, codeOfSlot(slot)).id;
    if (id < glyphCount) repertoire[id] = 1;
  }
  return repertoire;
}

/** Marks, ligatures and components by GDEF class: lookup flags may skip them. */
function markMarksAndLigatures(program: FontProgram, touched: Uint8Array): void {
  const classDef = (program as unknown as { GDEF?: { glyphClassDef?: ClassDef } }).GDEF?.glyphClassDef;
  if (classDef === undefined) return;
  if (classDef.version === 1 && classDef.classValueArray !== undefined) {
    classDef.classValueArray.forEach((value, i) => {
      if (value >= 2 && classDef.startGlyph! + i < touched.length) touched[classDef.startGlyph! + i] = 1;
    });
  } else if (classDef.version === 2 && classDef.classRangeRecord !== undefined) {
    for (const range of classDef.classRangeRecord) {
      if (range.class >= 2) touched.fill(1, range.start, Math.min(range.end + 1, touched.length));
    }
  } else {
    touched.fill(1);
  }
}

/** A word and how it is laid out: what a pair of its glyphs is measured with when its plan has not seen the pair. */
interface PairSource {
  readonly program: FontProgram;
  readonly plan: Plan;
  readonly features: Readonly<Record<string, boolean>>;
  readonly direction: 'ltr' | undefined;
  readonly text: string;
}

/**
 * What fontkit's pair lookups and `kern` table add to `first` and `second` (at `index` of the word)
 * side by side (cached per plan): read from the tables (pair-positioning.ts), or where the reader
 * declines, from fontkit laying the two glyphs out alone.
 */
function pairAdjustment(word: PairSource, index: number, first: FkGlyph, second: FkGlyph): Int32Array | null {
  const { plan } = word;
  const key = first.id * 65_536 + second.id;
  let adjustment = plan.pairs.get(key);
  if (adjustment === undefined) {
    const values = (plan.positioning === undefined ? undefined : readPairAdjustment(plan.positioning, first.id, second.id)) ?? laidOutPairAdjustment(word, index, first, second);
    // Only integers in font units add up exactly whatever the order.
    if (values.length !== 6 || !values.every((value) => Number.isInteger(value) && Math.abs(value) < 2 ** 30)) {
      plan.usable = false;
      return null;
    }
    adjustment = values.every((value) => value === 0) ? null : Int32Array.from(values);
    plan.pairs.set(key, adjustment);
  }
  return adjustment;
}

/** The pair's adjustment as fontkit lays the two glyphs out alone; [] when fontkit fails on it (the word goes to fontkit, which reports it). */
function laidOutPairAdjustment(word: PairSource, index: number, first: FkGlyph, second: FkGlyph): number[] {
  const { program, plan, features, direction, text } = word;
  try {
    const pair = laidOutPair(program, [first, second], [text.charCodeAt(index), text.charCodeAt(index + 1)], { features, script: plan.script, direction, language: plan.language });
    return pair.length === 2 ? [
      pair[0]!.xAdvance - first.advanceWidth, pair[0]!.xOffset, pair[0]!.yOffset,
      pair[1]!.xAdvance - second.advanceWidth, pair[1]!.xOffset, pair[1]!.yOffset,
    ] : [];
  } catch {
    return [];
  }
}
