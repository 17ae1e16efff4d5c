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
import { appliedSubTable, glyphCountOf, markCoverage, triggerCoverage, type Lookup, type SubTable } from './opentype-tables.js';

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
    const font = program as unknown as { kern?: unknown; GPOS?: { lookupList?: { readonly length?: number; get(index: number): Lookup | undefined } } | null };
    if (font.kern !== undefined && font.kern !== null) return EVERYTHING;
    const lookups = font.GPOS?.lookupList;
    const first = new Uint8Array(glyphCountOf(program));
    const second = new Uint8Array(first.length);
    for (let i = 0; i < (lookups?.length ?? 0); i++) {
      const lookup = lookups!.get(i);
      if (lookup === undefined) continue;
      for (const raw of lookup.subTables as readonly SubTable[]) {
        const { type, sub } = appliedSubTable('GPOS', lookup, raw);
        if (type === undefined || sub === undefined) return EVERYTHING;
        // pair and cursive positioning fire at the first glyph; contextual at its input's first, which may follow another
        if (type !== 2 && type !== 3 && type !== 7 && type !== 8) continue;
        const coverage = triggerCoverage('GPOS', type, sub);
        if (coverage === undefined || !markCoverage(coverage, first)) return EVERYTHING;
        if (type >= 7) markCoverage(coverage, second);
      }
    }
    return { first, second, all: false };
  } catch {
    return EVERYTHING;
  }
}
