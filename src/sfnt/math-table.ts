/**
 * The OpenType `MATH` table (OpenType 1.9 "MATH — The Mathematical Typesetting Table"): the
 * constants a math layout spaces and shifts by (MathConstants) and the larger forms of a glyph a
 * radical or large operator is drawn with (MathVariants' vertical glyph constructions). Device
 * tables, italic corrections, kerning and glyph assemblies are not read. Every read is bounds
 * checked (Cursor): a damaged table is refused as a whole (FontFormatError) and the caller uses
 * the fallbacks of a font without one.
 */
import { Cursor, FontFormatError } from './cursor.js';

/** The MathValueRecords of MathConstants, in table order (each 4 bytes after the first 8). */
export const MATH_VALUE_CONSTANTS = [
  'mathLeading', 'axisHeight', 'accentBaseHeight', 'flattenedAccentBaseHeight', 'subscriptShiftDown', 'subscriptTopMax',
  'subscriptBaselineDropMin', 'superscriptShiftUp', 'superscriptShiftUpCramped', 'superscriptBottomMin', 'superscriptBaselineDropMax',
  'subSuperscriptGapMin', 'superscriptBottomMaxWithSubscript', 'spaceAfterScript', 'upperLimitGapMin', 'upperLimitBaselineRiseMin',
  'lowerLimitGapMin', 'lowerLimitBaselineDropMin', 'stackTopShiftUp', 'stackTopDisplayStyleShiftUp', 'stackBottomShiftDown',
  'stackBottomDisplayStyleShiftDown', 'stackGapMin', 'stackDisplayStyleGapMin', 'stretchStackTopShiftUp', 'stretchStackBottomShiftDown',
  'stretchStackGapAboveMin', 'stretchStackGapBelowMin', 'fractionNumeratorShiftUp', 'fractionNumeratorDisplayStyleShiftUp',
  'fractionDenominatorShiftDown', 'fractionDenominatorDisplayStyleShiftDown', 'fractionNumeratorGapMin', 'fractionNumDisplayStyleGapMin',
  'fractionRuleThickness', 'fractionDenominatorGapMin', 'fractionDenomDisplayStyleGapMin', 'skewedFractionHorizontalGap',
  'skewedFractionVerticalGap', 'overbarVerticalGap', 'overbarRuleThickness', 'overbarExtraAscender', 'underbarVerticalGap',
  'underbarRuleThickness', 'underbarExtraDescender', 'radicalVerticalGap', 'radicalDisplayStyleVerticalGap', 'radicalRuleThickness',
  'radicalExtraAscender', 'radicalKernBeforeDegree', 'radicalKernAfterDegree',
] as const;

export type MathValueConstant = (typeof MATH_VALUE_CONSTANTS)[number];

/** MathConstants: lengths in font units; the three percentages as written (70 = 70 %). */
export type MathConstants = Readonly<Record<MathValueConstant, number>> & {
  readonly scriptPercentScaleDown: number;
  readonly scriptScriptPercentScaleDown: number;
  readonly delimitedSubFormulaMinHeight: number;
  readonly displayOperatorMinHeight: number;
  readonly radicalDegreeBottomRaisePercent: number;
};

/** A larger form of a glyph and its height (vertical) in font units. */
export interface GlyphVariant {
  readonly glyph: number;
  readonly advance: number;
}

export interface MathTable {
  readonly constants: MathConstants;
  /** The glyph's vertical variants, as listed (the glyph itself usually first, growing); empty when it has none. */
  verticalVariants(glyph: number): readonly GlyphVariant[];
}

/** A coverage table (OpenType common table formats): the glyph's coverage index, or -1. */
function coverageIndex(bytes: Uint8Array, at: number, glyph: number): number {
  const c = new Cursor(bytes, at, bytes.length, 'MATH coverage');
  const format = c.u16();
  const count = c.u16();
  if (format === 1) {
    for (let i = 0; i < count; i++) if (c.u16() === glyph) return i;
    return -1;
  }
  if (format === 2) {
    for (let i = 0; i < count; i++) {
      const start = c.u16(), end = c.u16(), index = c.u16();
      if (glyph >= start && glyph <= end) return index + glyph - start;
    }
    return -1;
  }
  return -1;
}

function readConstants(bytes: Uint8Array, at: number): MathConstants {
  const c = new Cursor(bytes, at, bytes.length, 'MathConstants');
  const values: Record<string, number> = {
    scriptPercentScaleDown: c.i16(),
    scriptScriptPercentScaleDown: c.i16(),
    delimitedSubFormulaMinHeight: c.u16(),
    displayOperatorMinHeight: c.u16(),
  };
  for (const name of MATH_VALUE_CONSTANTS) {
    values[name] = c.i16();
    c.u16(); // device table offset: not read
  }
  values['radicalDegreeBottomRaisePercent'] = c.i16();
  return values as MathConstants;
}

/** The table read from its bytes, or undefined when it is no version 1 table; throws FontFormatError when damaged. */
export function readMathTable(bytes: Uint8Array): MathTable | undefined {
  const header = new Cursor(bytes, 0, bytes.length, 'MATH header');
  if (header.u16() !== 1) return undefined;
  header.u16();
  const constantsAt = header.u16();
  header.u16(); // MathGlyphInfo: not read
  const variantsAt = header.u16();
  if (constantsAt === 0) return undefined;
  const constants = readConstants(bytes, constantsAt);
  const vertical = variantsAt === 0 ? undefined : readVerticalConstructions(bytes, variantsAt);
  const cache = new Map<number, readonly GlyphVariant[]>();
  return {
    constants,
    verticalVariants(glyph) {
      if (vertical === undefined) return [];
      let variants = cache.get(glyph);
      if (variants === undefined) {
        variants = vertical(glyph);
        cache.set(glyph, variants);
      }
      return variants;
    },
  };
}

/** MathVariants' vertical constructions, as a lookup by glyph (read when asked: a font lists hundreds). */
function readVerticalConstructions(bytes: Uint8Array, at: number): (glyph: number) => readonly GlyphVariant[] {
  const c = new Cursor(bytes, at, bytes.length, 'MathVariants');
  c.u16(); // minConnectorOverlap
  const coverageAt = c.u16();
  c.u16(); // horizontal coverage
  const count = c.u16();
  c.u16(); // horizontal count
  const offsetsAt = c.at;
  // the offsets must be there even if no glyph is ever asked for
  if (offsetsAt + 2 * count > bytes.length) throw new FontFormatError(`MathVariants: ${count} construction offsets do not fit`);
  return (glyph) => {
    if (coverageAt === 0) return [];
    const index = coverageIndex(bytes, at + coverageAt, glyph);
    if (index < 0 || index >= count) return [];
    const constructionAt = at + new Cursor(bytes, offsetsAt + 2 * index, bytes.length, 'MathVariants offsets').u16();
    const construction = new Cursor(bytes, constructionAt, bytes.length, 'MathGlyphConstruction');
    construction.u16(); // glyph assembly: not read
    const variants: GlyphVariant[] = [];
    for (let i = construction.u16(); i > 0; i--) variants.push({ glyph: construction.u16(), advance: construction.u16() });
    return variants;
  };
}
