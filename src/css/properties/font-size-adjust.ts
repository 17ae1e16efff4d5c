/**
 * CSS Fonts 5 §2.6 `font-size-adjust`: `none | [ex-height | cap-height | ch-width | ic-width |
 * ic-height]? [from-font | <number [0,∞]>]`. The text stage scales the font size so that the
 * first available font's metric is that fraction of the font size (text/size-adjust.ts); the `font`
 * shorthand resets it. `from-font` stays a keyword here (no font is loaded in the css stage) and is
 * resolved against the element's own first available font.
 */
import type { FontSizeAdjust, FontSizeAdjustMetric } from '../model/font-types.js';
import { identOf, numberOf } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

const METRICS: ReadonlySet<string> = new Set<FontSizeAdjustMetric>(['ex-height', 'cap-height', 'ch-width', 'ic-width', 'ic-height']);

const fontSizeAdjust = longhand<'fontSizeAdjust', FontSizeAdjust>({
  name: 'font-size-adjust',
  key: 'fontSizeAdjust',
  inherited: true,
  initial: 'none',
  parse: (nodes) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'none') return 'none';
    const first = identOf(nodes[0]);
    const named = first !== undefined && METRICS.has(first);
    if (nodes.length !== (named ? 2 : 1)) return INVALID;
    const last = nodes[nodes.length - 1];
    const value = identOf(last) === 'from-font' ? 'from-font' : numberOf(last);
    if (value === undefined || (typeof value === 'number' && !(value >= 0))) return INVALID;
    return { metric: named ? (first as FontSizeAdjustMetric) : 'ex-height', value };
  },
  compute: (value) => value,
});

export const FONT_SIZE_ADJUST_PROPERTIES: readonly PropertyDef[] = [fontSizeAdjust];
