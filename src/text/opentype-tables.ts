/**
 * OpenType layout tables as fontkit parsed them (its restructure objects), narrowed to what
 * fast-layout.ts and pair-positioning.ts read, and the two lookups into them that fontkit's
 * OTProcessor makes (`coverageIndex`, `getClassID`), with fontkit's answers: a reader that walks
 * the same objects the same way gets what fontkit's layout gets, by construction.
 */

/** A Coverage table (format 1: a glyph list, format 2: glyph ranges). */
export interface Coverage {
  readonly version: number;
  readonly glyphs?: readonly number[];
  readonly rangeRecords?: readonly { readonly start: number; readonly end: number; readonly startCoverageIndex?: number }[];
}

/** A Class Definition table (format 1: a class per glyph from a start, format 2: class ranges). */
export interface ClassDef {
  readonly version: number;
  readonly startGlyph?: number;
  readonly classValueArray?: readonly number[];
  readonly classRangeRecord?: readonly { readonly start: number; readonly end: number; readonly class: number }[];
}

/** A GPOS ValueRecord: only the fields its value format has are present (device tables are not read). */
export interface ValueRecord {
  readonly xPlacement?: number;
  readonly yPlacement?: number;
  readonly xAdvance?: number;
  readonly yAdvance?: number;
}

/** A restructure LazyArray: items decoded on first `get`, kept after; undefined out of range. */
export interface LazyArray<T> {
  readonly length: number;
  get(index: number): T | undefined;
}

/** A PairPos subtable (GPOS lookup type 2), format 1 (glyph pairs) or 2 (class pairs). */
export interface PairPosSubTable {
  readonly version: number;
  readonly coverage?: Coverage | null;
  /** Format 1: per coverage index, the pairs whose first glyph it is. */
  readonly pairSets?: LazyArray<readonly { readonly secondGlyph: number; readonly value1: ValueRecord; readonly value2: ValueRecord }[] | null>;
  /** Format 2. */
  readonly classDef1?: ClassDef | null;
  readonly classDef2?: ClassDef | null;
  readonly classRecords?: LazyArray<LazyArray<{ readonly value1: ValueRecord; readonly value2: ValueRecord }>>;
}

/**
 * A subtable of any lookup type: the fields fast-layout.ts reads to find the glyph it fires at,
 * and an Extension subtable's (GSUB 7, GPOS 9) own type and the subtable it points to.
 */
export interface SubTable {
  readonly version?: number;
  readonly lookupType?: number;
  readonly extension?: SubTable;
  readonly coverage?: Coverage;
  readonly coverages?: readonly Coverage[];
  readonly inputCoverage?: readonly Coverage[];
  readonly markCoverage?: Coverage;
  readonly mark1Coverage?: Coverage;
}

/** A rule of a contextual subtable: glyph ids (format 1) or classes (format 2) after the first input glyph, and before and after the input (chaining). */
interface ContextRule {
  readonly input?: readonly number[];
  readonly classes?: readonly number[];
  readonly backtrack?: readonly number[];
  readonly lookahead?: readonly number[];
}

/** A contextual (GSUB 5, GPOS 7) or chaining contextual (GSUB 6, GPOS 8) subtable, as fontkit parses its three formats. */
export interface ContextSubTable extends SubTable {
  readonly ruleSets?: readonly (readonly (ContextRule | null)[] | null)[];
  readonly chainRuleSets?: readonly (readonly (ContextRule | null)[] | null)[];
  readonly classDef?: ClassDef | null;
  readonly classSet?: readonly (readonly (ContextRule | null)[] | null)[];
  readonly backtrackClassDef?: ClassDef | null;
  readonly inputClassDef?: ClassDef | null;
  readonly lookaheadClassDef?: ClassDef | null;
  readonly chainClassSet?: readonly (readonly (ContextRule | null)[] | null)[];
  readonly backtrackCoverage?: readonly Coverage[];
  readonly lookaheadCoverage?: readonly Coverage[];
}

/** A lookup of a GSUB or GPOS lookup list. */
export interface Lookup {
  readonly lookupType: number;
  readonly flags: { readonly flags: { readonly ignoreBaseGlyphs: boolean } };
  readonly subTables: readonly object[];
}

/** The Extension lookup type of each table (GSUB 7, GPOS 9): its subtables name another type and point to a subtable of it. */
const EXTENSION_TYPE = { GSUB: 7, GPOS: 9 } as const;

/**
 * A lookup's subtable as fontkit applies it: an Extension subtable's own type and the subtable it
 * points to, else the lookup's type and the subtable itself (undefined parts: a malformed extension).
 */
export function appliedSubTable<S extends { readonly lookupType?: number; readonly extension?: S }>(
  kind: 'GSUB' | 'GPOS', lookup: Lookup, raw: S,
): { readonly type: number | undefined; readonly sub: S | undefined } {
  return lookup.lookupType === EXTENSION_TYPE[kind] ? { type: raw.lookupType, sub: raw.extension } : { type: lookup.lookupType, sub: raw };
}

/** A GSUB or GPOS table. */
export interface OtTable {
  readonly lookupList: { get(index: number): Lookup };
}

/**
 * The coverage index of `glyph`, -1 when the table does not cover it: fontkit's
 * `OTProcessor#coverageIndex` (the first match of a format 1 list, the first range of format 2).
 */
export function coverageIndex(coverage: Coverage, glyph: number): number {
  if (coverage.version === 1) return coverage.glyphs!.indexOf(glyph);
  if (coverage.version === 2) {
    for (const range of coverage.rangeRecords!) {
      if (range.start <= glyph && glyph <= range.end) return range.startCoverageIndex! + glyph - range.start;
    }
  }
  return -1;
}

/** The class of `glyph`, 0 when the table does not list it: fontkit's `OTProcessor#getClassID`. */
export function classOf(classDef: ClassDef, glyph: number): number {
  if (classDef.version === 1) {
    const i = glyph - classDef.startGlyph!;
    if (i >= 0 && i < classDef.classValueArray!.length) return classDef.classValueArray![i]!;
  } else if (classDef.version === 2) {
    for (const range of classDef.classRangeRecord!) {
      if (range.start <= glyph && glyph <= range.end) return range.class;
    }
  }
  return 0;
}

/** The number of glyphs of a font (fontkit's `numGlyphs`), 65,536 when it does not say: the size of glyph-indexed tables. */
export function glyphCountOf(program: object): number {
  const count = (program as unknown as { numGlyphs?: number }).numGlyphs;
  return typeof count === 'number' && count > 0 ? count : 65_536;
}

/** The coverage of the glyph a subtable fires at (fontkit's GSUBProcessor / GPOSProcessor / OTProcessor). */
export function triggerCoverage(kind: 'GSUB' | 'GPOS', type: number, sub: SubTable): Coverage | undefined {
  const contextual = kind === 'GSUB' ? type === 5 || type === 6 : type === 7 || type === 8;
  if (contextual) {
    if (sub.version === 1 || sub.version === 2) return sub.coverage;
    return type === (kind === 'GSUB' ? 5 : 7) ? sub.coverages?.[0] : sub.inputCoverage?.[0];
  }
  if (kind === 'GPOS' && (type === 4 || type === 5)) return sub.markCoverage;
  if (kind === 'GPOS' && type === 6) return sub.mark1Coverage;
  return sub.coverage;
}

/** Whether a subtable of this type matches a context (GSUB 5 and 6, GPOS 7 and 8). */
export function isContextual(kind: 'GSUB' | 'GPOS', type: number): boolean {
  return kind === 'GSUB' ? type === 5 || type === 6 : type === 7 || type === 8;
}

/**
 * Sets to 1 in `touched` the glyphs a contextual subtable can fire at in a text made of
 * `repertoire`'s glyphs only (1 per glyph id), with no glyph skipped: its coverage's glyphs that
 * have a rule whose every position some glyph of the repertoire matches, as fontkit's
 * `applyContext` and `applyChainingContext` match them. DejaVu's `ccmp` makes `i` dotless before
 * a mark above: with no mark in the repertoire, `i` is not touched. False for a format or table
 * this reader does not know.
 */
export function markContextualTriggers(kind: 'GSUB' | 'GPOS', type: number, sub: ContextSubTable, repertoire: Uint8Array, touched: Uint8Array): boolean {
  const chaining = type === (kind === 'GSUB' ? 6 : 8);
  const holds = (glyphs: readonly number[] | undefined): boolean => (glyphs ?? []).every((id) => repertoire[id] === 1);
  if (sub.version === 3) {
    const sequences = chaining ? [sub.backtrackCoverage, sub.inputCoverage, sub.lookaheadCoverage] : [sub.coverages];
    if (sequences.some((sequence) => sequence === undefined)) return false;
    const first = chaining ? sub.inputCoverage![0] : sub.coverages![0];
    if (first === undefined) return true;
    let possible = true;
    for (const sequence of sequences) {
      for (const coverage of sequence!) {
        const some = coveredSome(coverage, repertoire);
        if (some === undefined) return false;
        possible &&= some;
      }
    }
    return !possible || markCoverage(first, touched);
  }
  const coverage = sub.coverage;
  if (coverage === undefined) return false;
  if (sub.version === 1) {
    const sets = chaining ? sub.chainRuleSets : sub.ruleSets;
    if (sets === undefined) return false;
    return forEachCovered(coverage, (glyph, index) => {
      if (mayFire(sets[index], (rule) => holds(rule.input) && holds(rule.backtrack) && holds(rule.lookahead))) touched[glyph] = 1;
    });
  }
  if (sub.version === 2) {
    const inputClasses = chaining ? sub.inputClassDef : sub.classDef;
    const sets = chaining ? sub.chainClassSet : sub.classSet;
    if (inputClasses == null || sets === undefined || (chaining && (sub.backtrackClassDef == null || sub.lookaheadClassDef == null))) return false;
    const input = classesIn(inputClasses, repertoire);
    const backtrack = chaining ? classesIn(sub.backtrackClassDef!, repertoire) : input;
    const lookahead = chaining ? classesIn(sub.lookaheadClassDef!, repertoire) : input;
    const all = (classes: readonly number[] | undefined, held: ReadonlySet<number>): boolean => (classes ?? []).every((c) => held.has(c));
    return forEachCovered(coverage, (glyph) => {
      const rules = sets[classOf(inputClasses, glyph)];
      // (fontkit passes over a chaining class without rules)
      if (chaining && rules == null) return;
      if (mayFire(rules, (rule) => all(chaining ? rule.input : rule.classes, input) && all(rule.backtrack, backtrack) && all(rule.lookahead, lookahead))) touched[glyph] = 1;
    });
  }
  return false;
}

/** Whether a rule of a set may match (`matches`); a missing set or rule, on which fontkit would fail, counts as one that may. */
function mayFire(rules: readonly (ContextRule | null)[] | null | undefined, matches: (rule: ContextRule) => boolean): boolean {
  if (rules == null) return true;
  return rules.some((rule) => rule == null || matches(rule));
}

/** Whether a coverage table covers some glyph of `repertoire`; undefined for a format this reader does not know. */
function coveredSome(coverage: Coverage, repertoire: Uint8Array): boolean | undefined {
  let some = false;
  const known = forEachCovered(coverage, (glyph) => {
    some ||= repertoire[glyph] === 1;
  });
  return known ? some : undefined;
}

/** Calls `visit` with each glyph a coverage table covers and its coverage index; false for a format this reader does not know. */
function forEachCovered(coverage: Coverage, visit: (glyph: number, index: number) => void): boolean {
  if (coverage.version === 1 && coverage.glyphs !== undefined) {
    coverage.glyphs.forEach((glyph, index) => visit(glyph, index));
    return true;
  }
  if (coverage.version === 2 && coverage.rangeRecords !== undefined) {
    for (const range of coverage.rangeRecords) {
      for (let glyph = range.start; glyph <= range.end; glyph++) visit(glyph, (range.startCoverageIndex ?? 0) + glyph - range.start);
    }
    return true;
  }
  return false;
}

/** The classes a class definition gives the glyphs of `repertoire` (0 for those it does not list). */
function classesIn(classDef: ClassDef, repertoire: Uint8Array): ReadonlySet<number> {
  const classes = new Set<number>();
  for (let glyph = 0; glyph < repertoire.length; glyph++) if (repertoire[glyph] === 1) classes.add(classOf(classDef, glyph));
  return classes;
}

/** Sets the glyphs of a coverage table to 1 in `touched`; false for a coverage format this reader does not know. */
export function markCoverage(coverage: Coverage, touched: Uint8Array): boolean {
  if (coverage.version === 1 && coverage.glyphs !== undefined) {
    for (const id of coverage.glyphs) if (id < touched.length) touched[id] = 1;
    return true;
  }
  if (coverage.version === 2 && coverage.rangeRecords !== undefined) {
    for (const range of coverage.rangeRecords) touched.fill(1, range.start, Math.min(range.end + 1, touched.length));
    return true;
  }
  return false;
}
