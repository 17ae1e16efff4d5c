import type { CssNode } from 'css-tree';
import { parseCalcAngle } from './calc.js';
import { ANGLE_DEGREES } from './units.js';

/** An `<angle>` in degrees: a dimension, unitless 0 (CSS Values 4 §7.1) or a math function of angles. */
export function parseAngle(node: CssNode | undefined): number | undefined {
  if (node?.type === 'Number' && Number(node.value) === 0) return 0;
  if (node?.type === 'Function') return parseCalcAngle(node);
  if (node?.type !== 'Dimension') return undefined;
  const factor = ANGLE_DEGREES[node.unit.toLowerCase()];
  return factor === undefined ? undefined : Number(node.value) * factor;
}
