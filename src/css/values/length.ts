import type { CalcNode, LengthPercentage } from '../model/types.js';
import { maxOf, minOf } from '../../append-all.js';
import { applyCalcFunction, censorNonFinite } from './calc-functions.js';

/** Resolves a computed length-percentage against its percentage basis (px). */
export function resolveLength(value: LengthPercentage, basis: number): number {
  if (typeof value === 'number') return value;
  if (value.kind === 'percent') return (value.value * basis) / 100;
  return censorNonFinite(evaluateCalc(value.node, basis));
}


function evaluateCalc(node: CalcNode, basis: number): number {
  switch (node.op) {
    case 'px': return node.value;
    case 'percent': return (node.value * basis) / 100;
    case 'sum': return node.terms.reduce((sum, term) => sum + evaluateCalc(term, basis), 0);
    case 'scale': return evaluateCalc(node.node, basis) * node.by;
    case 'min': return minOf(node.args.map((arg) => evaluateCalc(arg, basis)));
    case 'max': return maxOf(node.args.map((arg) => evaluateCalc(arg, basis)));
    case 'clamp': {
      const min = evaluateCalc(node.min, basis);
      const max = evaluateCalc(node.max, basis);
      return Math.max(min, Math.min(evaluateCalc(node.value, basis), max));
    }
    case 'fn': return applyCalcFunction(node.name, node.args.map((arg) => evaluateCalc(arg, basis)));
    case 'mul': return evaluateCalc(node.a, basis) * evaluateCalc(node.b, basis);
    case 'div': return evaluateCalc(node.a, basis) / evaluateCalc(node.b, basis);
  }
}
