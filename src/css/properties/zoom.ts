/**
 * `zoom` (CSS Viewport 1 §5, as browsers ship it): scales the used lengths of the element and its
 * descendants. The computed value kept in the style is the *effective* zoom (the product of the
 * element's and its ancestors' zooms): lengths in absolute units and font sizes are multiplied by
 * it when they are computed (values/units.ts), so layout and paint see zoomed px and need no more.
 */
import { identOf } from '../values/nodes.js';
import type { Nodes } from '../values/nodes.js';
import { parseNumber } from './common.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

type ZoomSpec = number;

function parseZoom(nodes: Nodes): ZoomSpec | typeof INVALID {
  if (nodes.length !== 1) return INVALID;
  const node = nodes[0]!;
  const word = identOf(node);
  if (word === 'normal') return 1;
  if (node.type === 'Percentage') {
    const value = Number(node.value) / 100;
    return value >= 0 ? value : INVALID;
  }
  const value = parseNumber(node, { min: 0 });
  return value === undefined ? INVALID : value;
}

const zoom = longhand<'zoom', ZoomSpec>({
  name: 'zoom',
  key: 'zoom',
  // Inherited as the effective zoom: a child without `zoom` keeps its parent's scale.
  inherited: true,
  initial: 1,
  parse: parseZoom,
  // `zoom: 0` behaves as `1` in browsers (a zero scale would hide the element).
  compute: (value, ctx) => ctx.parent.zoom * (value === 0 ? 1 : value),
});

export const ZOOM_PROPERTIES: readonly PropertyDef[] = [zoom];
