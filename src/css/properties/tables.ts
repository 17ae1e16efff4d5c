/** CSS 2 §17 (tables): layout algorithm, border model, spacing, caption side, empty cells. */
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';

/** `border-spacing: <length> <length>?` (CSS 2 §17.6.1), non-negative. */
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
  compute: (value, ctx) => [computeLength(value[0], ctx) as number, computeLength(value[1], ctx) as number],
});

export const TABLE_PROPERTIES: readonly PropertyDef[] = [
  keywordProperty({ name: 'table-layout', key: 'tableLayout', keywords: ['auto', 'fixed'], initial: 'auto', inherited: false }),
  keywordProperty({ name: 'border-collapse', key: 'borderCollapse', keywords: ['separate', 'collapse'], initial: 'separate', inherited: true }),
  borderSpacing,
  keywordProperty({ name: 'caption-side', key: 'captionSide', keywords: ['top', 'bottom'], initial: 'top', inherited: true, aliases: { 'block-start': 'top', 'block-end': 'bottom' } }),
  keywordProperty({ name: 'empty-cells', key: 'emptyCells', keywords: ['show', 'hide'], initial: 'show', inherited: true }),
];
