import type { CalcNode, LengthPercentage } from '../model/types.js';
import { censorNonFinite, foldCalcTree } from './calc-functions.js';

/** Resolves a computed length-percentage against its percentage basis (px). */
export function resolveLength(value: LengthPercentage, basis: number): number {
  if (typeof value === 'number') return value;
  if (value.kind === 'percent') return (value.value * basis) / 100;
  return censorNonFinite(evaluateCalc(value.node, basis));
}

/** A computed tree's px against its percentage basis: every leaf has a value, so the fold never fails. */
function evaluateCalc(node: CalcNode, basis: number): number {
  return foldCalcTree(node, (leaf) => (leaf.op === 'px' ? leaf.value : (leaf.value * basis) / 100)) ?? 0;
}
