/**
 * What fontkit's layout of two glyphs alone adds to their positions, read straight from the
 * font's GPOS pair lookups and `kern` table instead of laying the pair out (a fontkit layout
 * builds a shaping plan, glyph records and runs every GSUB and GPOS lookup of the plan over the
 * pair: ~30–100 µs; this reads a coverage and a pair set or two class rows).
 *
 * Valid only for two glyphs at which no lookup of the plan but pair positioning can fire
 * (fast-layout.ts's `touched`: no substitution, no contextual or chaining lookup, no mark or
 * ligature by GDEF, no pair lookup that ignores base glyphs). fontkit then does exactly this to
 * the pair: every GPOS lookup of every feature a glyph carries (once per feature that lists it)
 * applies its first PairPos subtable that matches at the first glyph — format 1 when its pair set
 * lists the second glyph, format 2 whenever the coverage has the first glyph, class 0 included —
 * adding value1 to the first glyph and value2 to the second; non-pair subtables match nothing
 * there; at the second glyph no pair lookup has a next glyph. Then, when the GPOS of the plan's
 * script has no `kern` feature and kerning is not turned off, it adds the `kern` table's value
 * to the first glyph's advance (kern-table.ts). The values are integers in font units, so the
 * order of the additions does not matter. Device tables count only in variable fonts, which
 * fast-layout.ts leaves to fontkit.
 */
import { kernTableKerning, type KernTable } from './kern-table.js';
import { appliedSubTable, classOf, coverageIndex, type OtTable, type PairPosSubTable, type ValueRecord } from './opentype-tables.js';

/** The pair positioning fontkit applies for one font, script and feature set (fontkit.ts `layoutFeatureTags`). */
export interface PairPositioning {
  /** The GPOS table, when the font has one that the plan's glyphs go through. */
  readonly gpos: OtTable | undefined;
  /** The GPOS lookups applied at a glyph, once per feature listing them (fontkit applies a lookup per feature). */
  readonly lookupIndexes: readonly number[];
  /** The `kern` table, when fontkit applies it for this plan. */
  readonly kernTable: KernTable | undefined;
}

/** GPOS lookup type 2. */
const PAIR_ADJUSTMENT = 2;

/** A PairPos subtable, or an Extension subtable pointing to one. */
type ExtensibleSubTable = PairPosSubTable & { readonly lookupType?: number; readonly extension?: ExtensibleSubTable };

/**
 * [xAdvance, xOffset, yOffset] added to `first` then the same of `second`, in font units, when
 * laid out side by side; undefined where the tables hold something this reader does not answer
 * as fontkit would (an unknown subtable format, a malformed table): ask fontkit for that pair.
 */
export function readPairAdjustment(positioning: PairPositioning, first: number, second: number): number[] | undefined {
  const values = [0, 0, 0, 0, 0, 0];
  try {
    const { gpos, lookupIndexes, kernTable } = positioning;
    if (gpos !== undefined) {
      for (const index of lookupIndexes) {
        const lookup = gpos.lookupList.get(index);
        for (const raw of lookup.subTables as readonly ExtensibleSubTable[]) {
          const { type, sub } = appliedSubTable('GPOS', lookup, raw);
          if (type !== PAIR_ADJUSTMENT) continue;
          const applied = applyPairSubTable(sub!, first, second, values);
          if (applied === undefined) return undefined;
          if (applied) break;
        }
      }
    }
    if (kernTable !== undefined) {
      const kerning = kernTableKerning(kernTable, first, second);
      if (kerning === undefined) return undefined;
      values[0] += kerning;
    }
  } catch {
    // a table fontkit's layout would fail on too (a null offset, a record out of range)
    return undefined;
  }
  return values;
}

/** fontkit's GPOSProcessor on a PairPos subtable: whether it matched (and added), undefined for an unknown format. */
function applyPairSubTable(sub: PairPosSubTable, first: number, second: number, values: number[]): boolean | undefined {
  const index = coverageIndex(sub.coverage!, first);
  if (index === -1) return false;
  if (sub.version === 1) {
    const set = sub.pairSets!.get(index);
    if (set === undefined || set === null) return undefined;
    for (const pair of set) {
      if (pair.secondGlyph === second) {
        addValue(values, 0, pair.value1);
        addValue(values, 3, pair.value2);
        return true;
      }
    }
    return false;
  }
  if (sub.version === 2) {
    const record = sub.classRecords!.get(classOf(sub.classDef1!, first))?.get(classOf(sub.classDef2!, second));
    if (record === undefined) return undefined;
    addValue(values, 0, record.value1);
    addValue(values, 3, record.value2);
    return true;
  }
  return undefined;
}

/** A value record's advance and placement (its yAdvance is not part of a horizontal line's position). */
function addValue(values: number[], at: 0 | 3, value: ValueRecord): void {
  if (value.xAdvance !== undefined && value.xAdvance !== null) values[at] += value.xAdvance;
  if (value.xPlacement !== undefined && value.xPlacement !== null) values[at + 1] += value.xPlacement;
  if (value.yPlacement !== undefined && value.yPlacement !== null) values[at + 2] += value.yPlacement;
}
