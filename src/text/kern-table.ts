/**
 * The legacy TrueType `kern` table, as fontkit parsed it, and the kerning of one glyph pair read
 * from it the way fontkit's KernProcessor reads it (fontkit 2.0.4 `getKerning`), quirks included:
 * cross-stream subtables are skipped, an `override` subtable replaces the sum, and a format 3
 * subtable that does not list a glyph makes the whole pair 0. Where fontkit would throw or get NaN
 * (an unknown version or format, a format 2 index outside its array), this returns undefined:
 * the pair is then left to fontkit.
 */

interface KernSubtable {
  // format 0
  readonly pairs?: readonly { readonly left: number; readonly right: number; readonly value: number }[];
  // format 2
  readonly leftTable?: KernClassTable;
  readonly rightTable?: KernClassTable;
  readonly array?: { readonly off: number; readonly values: { get(index: number): number | undefined } };
  // format 3
  readonly glyphCount?: number;
  readonly rightClassCount?: number;
  readonly kernValue?: readonly number[];
  readonly leftClass?: readonly number[];
  readonly rightClass?: readonly number[];
  readonly kernIndex?: readonly number[];
}

interface KernClassTable {
  readonly firstGlyph: number;
  readonly nGlyphs: number;
  readonly offsets: readonly number[];
}

/** The parsed `kern` table: Microsoft (version 0) or Apple (version 1) subtables. */
export interface KernTable {
  readonly tables: readonly {
    readonly version: number;
    readonly format: number;
    readonly coverage: { readonly crossStream?: boolean; readonly horizontal?: boolean; readonly vertical?: boolean; readonly variation?: boolean; readonly override?: boolean };
    readonly subtable: KernSubtable;
  }[];
}

/** What fontkit adds to the advance of `left` followed by `right` from the `kern` table, in font units. */
export function kernTableKerning(kern: KernTable, left: number, right: number): number | undefined {
  let result = 0;
  for (const table of kern.tables) {
    if (table.coverage.crossStream) continue;
    if (table.version === 0) {
      if (!table.coverage.horizontal) continue;
    } else if (table.version === 1) {
      if (table.coverage.vertical || table.coverage.variation) continue;
    } else {
      return undefined;
    }
    let value: number | undefined = 0;
    const s = table.subtable;
    if (table.format === 0) {
      const pair = pairIndex(s.pairs!, left, right);
      if (pair >= 0) value = s.pairs![pair]!.value;
    } else if (table.format === 2) {
      const leftOffset = left >= s.leftTable!.firstGlyph && left < s.leftTable!.firstGlyph + s.leftTable!.nGlyphs
        ? s.leftTable!.offsets[left - s.leftTable!.firstGlyph]!
        : s.array!.off;
      const rightOffset = right >= s.rightTable!.firstGlyph && right < s.rightTable!.firstGlyph + s.rightTable!.nGlyphs
        ? s.rightTable!.offsets[right - s.rightTable!.firstGlyph]!
        : 0;
      value = s.array!.values.get((leftOffset + rightOffset - s.array!.off) / 2);
    } else if (table.format === 3) {
      if (left >= s.glyphCount! || right >= s.glyphCount!) return 0;
      value = s.kernValue![s.kernIndex![s.leftClass![left]! * s.rightClassCount! + s.rightClass![right]!]!];
    } else {
      return undefined;
    }
    if (value === undefined || !Number.isInteger(value)) return undefined;
    result = table.coverage.override ? value : result + value;
  }
  return result;
}

/** fontkit's binary search of a format 0 subtable's pairs (sorted by left, then right glyph). */
function pairIndex(pairs: readonly { readonly left: number; readonly right: number }[], left: number, right: number): number {
  let min = 0;
  let max = pairs.length - 1;
  while (min <= max) {
    const mid = (min + max) >> 1;
    const pair = pairs[mid]!;
    const order = (left - pair.left) || (right - pair.right);
    if (order < 0) max = mid - 1;
    else if (order > 0) min = mid + 1;
    else return mid;
  }
  return -1;
}
