/**
 * `paint-order` (CSS Fill and Stroke 3 §6.1): whether glyph outlines are stroked
 * (`-webkit-text-stroke`) before or after they are filled, as Chromium paints HTML text; inline
 * `<svg>` content takes it for shapes, markers and text too (boxes/inline-svg.ts).
 */
import { identOf } from '../values/nodes.js';
import type { Nodes } from '../values/nodes.js';
import type { PaintOrder } from '../model/types.js';
import { NORMAL_PAINT_ORDER, parsePaintOrder } from '../values/paint-order.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

const paintOrder = longhand<'paintOrder', PaintOrder>({
  name: 'paint-order', key: 'paintOrder', inherited: true, initial: NORMAL_PAINT_ORDER,
  parse: (nodes: Nodes) => {
    const words = nodes.map(identOf);
    if (words.some((word) => word === undefined)) return INVALID;
    return parsePaintOrder(words as string[]) ?? INVALID;
  },
  compute: (value) => value,
});

export const PAINT_ORDER_PROPERTIES: readonly PropertyDef[] = [paintOrder];
