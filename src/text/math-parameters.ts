/**
 * The layout constants of MathML (MathML Core §3.1 "Layout constants"), px, for the first
 * available font of a math element: the font's OpenType `MATH` table where it has one, else
 * MathML Core's fallbacks from its other metrics (the x-height, the underline thickness, the
 * OS/2 subscript and superscript offsets). Chromium on Linux prints `font-family: math` with the
 * standard font (Liberation Serif), which has no MATH table: the fallbacks are what it uses there.
 */
import { FontFormatError } from '../sfnt/cursor.js';
import { readMathTable, type MathTable } from '../sfnt/math-table.js';
import { rawTableBytes } from './fontkit-internals.js';
import type { FontFace } from './types.js';

export interface MathParameters {
  /** Font size factor per script level (`font-size: math`). */
  readonly scriptScale: number;
  readonly axisHeight: number;
  readonly accentBaseHeight: number;
  readonly ruleThickness: number;
  readonly subscriptShiftDown: number;
  readonly subscriptTopMax: number;
  readonly subscriptBaselineDropMin: number;
  readonly superscriptShiftUp: number;
  readonly superscriptShiftUpCramped: number;
  readonly superscriptBottomMin: number;
  readonly superscriptBaselineDropMax: number;
  readonly subSuperscriptGapMin: number;
  readonly superscriptBottomMaxWithSubscript: number;
  readonly spaceAfterScript: number;
  readonly upperLimitGapMin: number;
  readonly upperLimitBaselineRiseMin: number;
  readonly lowerLimitGapMin: number;
  readonly lowerLimitBaselineDropMin: number;
  readonly fraction: { readonly numeratorShiftUp: number; readonly denominatorShiftDown: number; readonly numeratorGapMin: number; readonly denominatorGapMin: number };
  readonly fractionDisplay: { readonly numeratorShiftUp: number; readonly denominatorShiftDown: number; readonly numeratorGapMin: number; readonly denominatorGapMin: number };
  readonly stack: { readonly topShiftUp: number; readonly bottomShiftDown: number; readonly gapMin: number };
  readonly stackDisplay: { readonly topShiftUp: number; readonly bottomShiftDown: number; readonly gapMin: number };
  readonly overbarVerticalGap: number;
  readonly underbarVerticalGap: number;
  readonly radicalVerticalGap: number;
  readonly radicalDisplayStyleVerticalGap: number;
  readonly radicalRuleThickness: number;
  readonly radicalExtraAscender: number;
  readonly radicalKernBeforeDegree: number;
  readonly radicalKernAfterDegree: number;
  /** Share of the radical sign's height the index's bottom is raised by. */
  readonly radicalDegreeBottomRaise: number;
  /** A large operator in display style is at least this tall. */
  readonly displayOperatorMinHeight: number;
}

const tables = new WeakMap<object, MathTable | null>();

/** The face's MATH table, read once; a damaged one counts as none. */
export function mathTableOf(face: FontFace): MathTable | undefined {
  let table = tables.get(face.program);
  if (table === undefined) {
    try {
      const bytes = rawTableBytes(face.program, 'MATH');
      table = (bytes === undefined ? undefined : readMathTable(bytes)) ?? null;
    } catch (error) {
      if (!(error instanceof FontFormatError)) throw error;
      table = null;
    }
    tables.set(face.program, table);
  }
  return table ?? undefined;
}

/** The parameters of `face` at `size` px. */
export function mathParameters(face: FontFace, size: number): MathParameters {
  const scale = size / face.unitsPerEm;
  const table = mathTableOf(face);
  if (table !== undefined) {
    const c = table.constants;
    const px = (value: number): number => value * scale;
    return {
      scriptScale: c.scriptPercentScaleDown > 0 ? c.scriptPercentScaleDown / 100 : 0.71,
      axisHeight: px(c.axisHeight), accentBaseHeight: px(c.accentBaseHeight), ruleThickness: px(c.fractionRuleThickness),
      subscriptShiftDown: px(c.subscriptShiftDown), subscriptTopMax: px(c.subscriptTopMax), subscriptBaselineDropMin: px(c.subscriptBaselineDropMin),
      superscriptShiftUp: px(c.superscriptShiftUp), superscriptShiftUpCramped: px(c.superscriptShiftUpCramped),
      superscriptBottomMin: px(c.superscriptBottomMin), superscriptBaselineDropMax: px(c.superscriptBaselineDropMax),
      subSuperscriptGapMin: px(c.subSuperscriptGapMin), superscriptBottomMaxWithSubscript: px(c.superscriptBottomMaxWithSubscript),
      spaceAfterScript: px(c.spaceAfterScript),
      upperLimitGapMin: px(c.upperLimitGapMin), upperLimitBaselineRiseMin: px(c.upperLimitBaselineRiseMin),
      lowerLimitGapMin: px(c.lowerLimitGapMin), lowerLimitBaselineDropMin: px(c.lowerLimitBaselineDropMin),
      fraction: { numeratorShiftUp: px(c.fractionNumeratorShiftUp), denominatorShiftDown: px(c.fractionDenominatorShiftDown), numeratorGapMin: px(c.fractionNumeratorGapMin), denominatorGapMin: px(c.fractionDenominatorGapMin) },
      fractionDisplay: { numeratorShiftUp: px(c.fractionNumeratorDisplayStyleShiftUp), denominatorShiftDown: px(c.fractionDenominatorDisplayStyleShiftDown), numeratorGapMin: px(c.fractionNumDisplayStyleGapMin), denominatorGapMin: px(c.fractionDenomDisplayStyleGapMin) },
      stack: { topShiftUp: px(c.stackTopShiftUp), bottomShiftDown: px(c.stackBottomShiftDown), gapMin: px(c.stackGapMin) },
      stackDisplay: { topShiftUp: px(c.stackTopDisplayStyleShiftUp), bottomShiftDown: px(c.stackBottomDisplayStyleShiftDown), gapMin: px(c.stackDisplayStyleGapMin) },
      overbarVerticalGap: px(c.overbarVerticalGap), underbarVerticalGap: px(c.underbarVerticalGap),
      radicalVerticalGap: px(c.radicalVerticalGap), radicalDisplayStyleVerticalGap: px(c.radicalDisplayStyleVerticalGap),
      radicalRuleThickness: px(c.radicalRuleThickness), radicalExtraAscender: px(c.radicalExtraAscender),
      radicalKernBeforeDegree: px(c.radicalKernBeforeDegree), radicalKernAfterDegree: px(c.radicalKernAfterDegree),
      radicalDegreeBottomRaise: c.radicalDegreeBottomRaisePercent / 100,
      displayOperatorMinHeight: px(c.displayOperatorMinHeight),
    };
  }
  // the fallbacks from the font's x-height and underline thickness, as Chromium 156 takes them
  // (measured on Liberation Serif and Sans: a superscript's baseline 1 x-height up, a subscript's
  // half of one below a base without descent, a fraction's gaps one rule thickness)
  const xHeight = face.xHeight * scale;
  const rule = Math.max(0, face.underlineThickness * scale);
  return {
    scriptScale: 0.71,
    axisHeight: xHeight / 2, accentBaseHeight: xHeight, ruleThickness: rule,
    subscriptShiftDown: xHeight / 3, subscriptTopMax: (4 / 5) * xHeight, subscriptBaselineDropMin: xHeight / 2,
    superscriptShiftUp: xHeight, superscriptShiftUpCramped: xHeight,
    superscriptBottomMin: xHeight / 4, superscriptBaselineDropMax: xHeight / 2,
    subSuperscriptGapMin: 4 * rule, superscriptBottomMaxWithSubscript: (4 / 5) * xHeight,
    spaceAfterScript: (3 / 16) * size,
    upperLimitGapMin: 0, upperLimitBaselineRiseMin: 0, lowerLimitGapMin: 0, lowerLimitBaselineDropMin: 0,
    fraction: { numeratorShiftUp: 0, denominatorShiftDown: 0, numeratorGapMin: rule, denominatorGapMin: rule },
    fractionDisplay: { numeratorShiftUp: 0, denominatorShiftDown: 0, numeratorGapMin: 3 * rule, denominatorGapMin: 3 * rule },
    stack: { topShiftUp: 0, bottomShiftDown: 0, gapMin: 3 * rule },
    stackDisplay: { topShiftUp: 0, bottomShiftDown: 0, gapMin: 7 * rule },
    overbarVerticalGap: 3 * rule, underbarVerticalGap: 3 * rule,
    radicalVerticalGap: (5 / 4) * rule, radicalDisplayStyleVerticalGap: rule + xHeight / 4,
    radicalRuleThickness: rule, radicalExtraAscender: rule,
    radicalKernBeforeDegree: (5 / 18) * size, radicalKernAfterDegree: (-10 / 18) * size,
    radicalDegreeBottomRaise: 0.6,
    displayOperatorMinHeight: 0,
  };
}
