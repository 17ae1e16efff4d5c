/**
 * Whether two glyphs side by side can position each other: whether shaping them together can
 * differ from shaping them apart. Layout asks what a pair adds across the pieces it shapes apart
 * (system.ts `pairKerning`), for every word and every CJK character; shaping each new pair of a
 * Chinese text (thousands) doubled the first render of a long one, where the font kerns no Han
 * character. A pair can interact only when the first glyph is in the coverage of a GPOS lookup that
 * looks at the glyph after it (pair, cursive or contextual positioning), or the second in the input
 * of a contextual one (it may have the first as its backtrack), or fontkit may kern the pair
 * with the font's legacy `kern` table (kernTableUse). Any lookup of the font counts, whatever its
 * feature: a superset, never a pair missed.
 */
import type { FontProgram } from './fontkit.js';
import { hasNoScript } from './opentype-language.js';
import { appliedSubTable, glyphCountOf, markCoverage, triggerCoverage, type Lookup, type SubTable } from './opentype-tables.js';

interface Interactions {
  /** Glyphs a lookup may position together with the next glyph (as the first of the pair). */
  readonly first: Uint8Array;
  /** Glyphs a contextual lookup may position after another glyph. */
  readonly second: Uint8Array;
  /** Every pair may interact (a table this reader does not follow). */
  readonly all: boolean;
  /** Which pairs fontkit may kern with the `kern` table: each of them may interact. */
  readonly kernTable: KernTableUse;
}

/**
 * When fontkit kerns with a font's `kern` table: never (none, or a GPOS `kern` feature wherever
 * fontkit can land), for texts of no Latin letter (the default script's language systems have no
 * GPOS `kern`: Liberation's and DejaVu's `DFLT`, which fontkit picks for digits and punctuation
 * alone), or always.
 */
type KernTableUse = 'never' | 'not-latin' | 'always';

const interactions = new WeakMap<FontProgram, Interactions>();

/**
 * Whether glyphs `first` then `second` of the font can position each other (see above); `latin`:
 * the pair's text has a Latin letter before any letter of another script (fontkit then lays it
 * out as Latin: pairLaidOutAsLatin).
 */
export function mayInteract(program: FontProgram, first: number, second: number, latin: boolean): boolean {
  let known = interactions.get(program);
  if (known === undefined) {
    known = interactionsOf(program);
    interactions.set(program, known);
  }
  if (known.all || known.kernTable === 'always' || (known.kernTable === 'not-latin' && !latin)) return true;
  return known.first[first] === 1 || known.second[second] === 1;
}

const LATIN = /\p{Script=Latin}/u;

/** Whether fontkit finds the script of `text` Latin: its first character of a script of its own is Latin. */
export function pairLaidOutAsLatin(text: string): boolean {
  for (const char of text) {
    if (!hasNoScript(char)) return LATIN.test(char);
  }
  return false;
}

const EVERYTHING: Interactions = { first: new Uint8Array(0), second: new Uint8Array(0), all: true, kernTable: 'always' };

function interactionsOf(program: FontProgram): Interactions {
  try {
    const font = program as unknown as PositioningTables;
    const kernTable = kernTableUse(font);
    if (kernTable === 'always') return EVERYTHING;
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
    return { first, second, all: false, kernTable };
  } catch {
    return EVERYTHING;
  }
}

/** What this file reads of a font (fontkit's parsed tables). */
interface PositioningTables {
  readonly kern?: unknown;
  readonly morx?: unknown;
  readonly GPOS?: {
    readonly scriptList?: readonly { readonly tag: string; readonly script: GposScript }[] | null;
    readonly featureList?: readonly { readonly tag: string }[] | null;
    readonly lookupList?: { readonly length?: number; get(index: number): Lookup | undefined };
  } | null;
}

interface GposScript {
  readonly defaultLangSys?: LangSys | null;
  readonly langSysRecords?: readonly { readonly langSys?: LangSys | null }[] | null;
}

interface LangSys {
  readonly featureIndexes?: readonly number[] | null;
}

/** The scripts fontkit falls back to, in order, when a text's script is not in the GPOS script list (OTProcessor DEFAULT_SCRIPTS). */
const DEFAULT_SCRIPTS: readonly string[] = ['DFLT', 'dflt', 'latn'];

/**
 * When fontkit may kern with the font's `kern` table: only where the GPOS language system it
 * selects has no `kern` feature (GlyphRun positioning: `!positioned.kern`), or with no GPOS, or
 * in an AAT font (laid out by fontkit's AAT engine). Liberation and DejaVu have both tables, a GPOS
 * `kern` feature in every language system of `latn`, and none in `DFLT`: a pair with a Latin
 * letter is kerned by GPOS alone, so the pairs its lookups cannot position (most lowercase
 * pairs, each word's edges) need not be shaped together to learn that they add nothing.
 */
function kernTableUse(font: PositioningTables): KernTableUse {
  if (font.kern === undefined || font.kern === null) return 'never';
  const scripts = font.GPOS?.scriptList;
  const features = font.GPOS?.featureList;
  if ((font.morx !== undefined && font.morx !== null) || scripts === undefined || scripts === null || features === undefined || features === null) return 'always';
  const kerns = (langSys: LangSys | null | undefined): boolean => langSys?.featureIndexes?.some((index) => features[index]?.tag === 'kern') === true;
  const kernsEverywhere = (script: GposScript | undefined): boolean =>
    script !== undefined && kerns(script.defaultLangSys) && (script.langSysRecords ?? []).every((record) => kerns(record.langSys));
  const entry = (tag: string): GposScript | undefined => scripts.find((candidate) => candidate.tag === tag)?.script;
  // a text of a script the list lacks lands on the first default script there is (none: no GPOS features)
  const fallback = DEFAULT_SCRIPTS.map(entry).find((script) => script !== undefined);
  if (fallback !== undefined && scripts.every(({ script }) => kernsEverywhere(script))) return 'never';
  // a Latin text lands on `latn`, or on the fallback when the list has no `latn`
  return kernsEverywhere(entry('latn') ?? fallback) ? 'not-latin' : 'always';
}
