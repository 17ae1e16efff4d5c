/** CSS 2 §17 (tables): layout algorithm, border model, spacing, caption side, empty cells. */
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';

/**
 * `border-spacing: <length> <length>?` (CSS 2 §17.6.1), non-negative; computed in whole px as
 * Chromium does (`wholeSpacingPx`), so label sheets do not drift a fraction of a px per row.
 */
const borderSpacing = longhand<'borderSpacing', readonly [SpecifiedLength, SpecifiedLength]>({
  name: 'border-spacing',
  key: 'borderSpacing',
  inherited: true,
  initial: [0, 0],
  parse: (nodes) => {
    if (nodes.length < 1 || nodes.length > 2) return INVALID;
    const h = parseLength(nodes[0]);
    const v = nodes.length === 2 ? parseLength(nodes[1]) : h;
    return h === undefined || v === undefined ? INVALID : [h, v];
  },
  compute: (value, ctx) => [wholeSpacingPx(computeLength(value[0], ctx) as number), wholeSpacingPx(computeLength(value[1], ctx) as number)],
});

/** The largest spacing Blink holds (it keeps each as a 16-bit integer): above it, the spacing is 0. */
const MAX_SPACING_PX = 32767;

/**
 * Blink's computed spacing (`RoundForImpreciseConversion<short>`): 0.01px added (so `1.99px` is 2),
 * then truncated to whole px (`3mm` = 11.34px is 11, `0.6em` at 16px is 9); a value it cannot
 * hold is 0. A negative `calc()` is clamped to 0 first, as the property takes no negative length.
 */
function wholeSpacingPx(px: number): number {
  const nudged = Math.max(0, px) + 0.01;
  return nudged > MAX_SPACING_PX ? 0 : Math.trunc(nudged);
}

export const TABLE_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: 'table-layout', key: 'tableLayout', keywords: ['auto', 'fixed'], initial: 'auto', inherited: false }),
  keywordProperty({ name: 'border-collapse', key: 'borderCollapse', keywords: ['separate', 'collapse'], initial: 'separate', inherited: true }),
  borderSpacing,
  keywordProperty({ name: 'caption-side', key: 'captionSide', keywords: ['top', 'bottom'], initial: 'top', inherited: true, aliases: { 'block-start': 'top', 'block-end': 'bottom' } }),
  keywordProperty({ name: 'empty-cells', key: 'emptyCells', keywords: ['show', 'hide'], initial: 'show', inherited: true }),
];
