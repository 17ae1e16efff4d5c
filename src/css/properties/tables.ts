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
  keywordProperty('table-layout', 'tableLayout', ['auto', 'fixed'], 'auto', false),
  keywordProperty('border-collapse', 'borderCollapse', ['separate', 'collapse'], 'separate', true),
  borderSpacing,
  keywordProperty('caption-side', 'captionSide', ['top', 'bottom'], 'top', true, { 'block-start': 'top', 'block-end': 'bottom' }),
  keywordProperty('empty-cells', 'emptyCells', ['show', 'hide'], 'show', true),
];
