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

/** `value` and `px` more (`px` may be negative): a length stays a length, a percentage becomes a sum. */
export function plusPx(value: LengthPercentage, px: number): LengthPercentage {
  if (typeof value === 'number') return value + px;
  const node: CalcNode = value.kind === 'percent' ? { op: 'percent', value: value.value } : value.node;
  return { kind: 'calc', node: { op: 'sum', terms: [node, { op: 'px', value: px }] } };
}
