/**
 * Whether two glyphs side by side can position each other: whether shaping them together can
 * differ from shaping them apart. Layout asks what a pair adds across the pieces it shapes apart
 * (system.ts `pairKerning`), for every word and every CJK character; shaping each new pair of a
 * Chinese text (thousands) doubled the first render of a long one, where the font kerns no Han
 * character. A pair can interact only when the first glyph is in the coverage of a GPOS lookup that
 * looks at the glyph after it (pair, cursive or contextual positioning), or the second in the input
 * of a contextual one (it may have the first as its backtrack), or the font has a `kern` table.
 * Any lookup of the font counts, whatever its feature: a superset, never a pair missed.
 */
import type { FontProgram } from './fontkit.js';
import { appliedSubTable, type Coverage, type Lookup, type SubTable } from './opentype-tables.js';

interface Interactions {
  /** Glyphs a lookup may position together with the next glyph (as the first of the pair). */
  readonly first: Uint8Array;
  /** Glyphs a contextual lookup may position after another glyph. */
  readonly second: Uint8Array;
  /** Every pair may interact (a `kern` table, a table this reader does not follow). */
  readonly all: boolean;
}

const interactions = new WeakMap<FontProgram, Interactions>();

/** Whether glyphs `first` then `second` of the font can position each other (see above). */
export function mayInteract(program: FontProgram, first: number, second: number): boolean {
  let known = interactions.get(program);
  if (known === undefined) {
    known = interactionsOf(program);
    interactions.set(program, known);
  }
  return known.all || known.first[first] === 1 || known.second[second] === 1;
}

const EVERYTHING: Interactions = { first: new Uint8Array(0), second: new Uint8Array(0), all: true };

function interactionsOf(program: FontProgram): Interactions {
  try {
    const font = program as unknown as { kern?: unknown; GPOS?: { lookupList?: { readonly length?: number; get(index: number): Lookup | undefined } } | null; numGlyphs?: number };
    if (font.kern !== undefined && font.kern !== null) return EVERYTHING;
    const lookups = font.GPOS?.lookupList;
    const count = typeof font.numGlyphs === 'number' && font.numGlyphs > 0 ? font.numGlyphs : 65_536;
    const first = new Uint8Array(count);
    const second = new Uint8Array(count);
    for (let i = 0; i < (lookups?.length ?? 0); i++) {
      const lookup = lookups!.get(i);
      if (lookup === undefined) continue;
      for (const raw of lookup.subTables as readonly SubTable[]) {
        const { type, sub } = appliedSubTable('GPOS', lookup, raw);
        if (type === undefined || sub === undefined) return EVERYTHING;
        if (type === 2 || type === 3) {
          if (!mark(sub.coverage, first)) return EVERYTHING;
        } else if (type === 7 || type === 8) {
          const input = sub.version === 1 || sub.version === 2 ? sub.coverage : type === 7 ? sub.coverages?.[0] : sub.inputCoverage?.[0];
          if (!mark(input, first) || !mark(input, second)) return EVERYTHING;
        }
      }
    }
    return { first, second, all: false };
  } catch {
    return EVERYTHING;
  }
}

/** Marks the glyphs of a coverage table; false for one this reader does not know. */
function mark(coverage: Coverage | undefined, glyphs: Uint8Array): boolean {
  if (coverage?.version === 1 && coverage.glyphs !== undefined) {
    for (const id of coverage.glyphs) if (id < glyphs.length) glyphs[id] = 1;
    return true;
  }
  if (coverage?.version === 2 && coverage.rangeRecords !== undefined) {
    for (const range of coverage.rangeRecords) glyphs.fill(1, range.start, Math.min(range.end + 1, glyphs.length));
    return true;
  }
  return false;
}
