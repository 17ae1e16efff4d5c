/**
 * The arithmetic of CSS Values 4's stepped-value and sign-related functions on numbers already in
 * one unit (px, degrees or plain numbers): `round()`, `mod()`, `rem()`, `abs()`, `hypot()`. Math
 * trees of lengths keep these as `fn` nodes when a percentage is still unresolved, so every
 * evaluator of a tree (specified, computed, layout) calls this one function.
 */
import type { CalcFunctionName } from '../model/types.js';
import type { CalcTree } from '../model/calc-types.js';
import { maxOf, minOf } from '../../append-all.js';

export type { CalcFunctionName };

export const ROUNDING_STRATEGIES: ReadonlySet<string> = new Set(['nearest', 'up', 'down', 'to-zero']);

/** The value of `name` applied to `values` (all in the same unit); NaN where the spec says NaN. */
export function applyCalcFunction(name: CalcFunctionName, values: readonly number[]): number {
  const a = values[0] ?? Number.NaN;
  const b = values[1] ?? Number.NaN;
  switch (name) {
    case 'round-nearest':
    case 'round-up':
    case 'round-down':
    case 'round-to-zero': return roundToStep(name, a, b);
    // mod() takes the divisor's sign, rem() the dividend's (CSS Values 4 §10.5.2).
    case 'mod': return b === 0 || !Number.isFinite(a) ? Number.NaN : Number.isFinite(b) ? a - b * Math.floor(a / b) : modByInfinity(a, b);
    case 'rem': return b === 0 || !Number.isFinite(a) ? Number.NaN : Number.isFinite(b) ? a - b * Math.trunc(a / b) : a;
    case 'abs': return Math.abs(a);
    case 'sign': return Math.sign(a);
    case 'hypot': return Math.sqrt(values.reduce((sum, v) => sum + v * v, 0));
  }
}

/** §10.5.1: the multiple of |B| at or around A that the strategy picks; ties round up. */
function roundToStep(name: CalcFunctionName, a: number, b: number): number {
  const step = Math.abs(b);
  if (step === 0 || Number.isNaN(a) || Number.isNaN(step)) return Number.NaN;
  if (!Number.isFinite(a)) return Number.isFinite(step) ? a : Number.NaN;
  if (!Number.isFinite(step)) return infiniteStep(name, a);
  const lower = Math.floor(a / step) * step;
  if (lower === a) return a;
  const upper = lower + step;
  switch (name) {
    case 'round-up': return upper;
    case 'round-down': return lower;
    case 'round-to-zero': return a < 0 ? upper : lower;
    default: return a - lower < upper - a ? lower : upper;
  }
}

/** An infinite step: A itself is between the two infinite multiples, so 0 or ±infinity. */
function infiniteStep(name: CalcFunctionName, a: number): number {
  if (name === 'round-up') return a > 0 ? Number.POSITIVE_INFINITY : 0;
  if (name === 'round-down') return a < 0 ? Number.NEGATIVE_INFINITY : 0;
  return 0;
}

function modByInfinity(a: number, b: number): number {
  return Math.sign(a) === Math.sign(b) || a === 0 ? a : Number.NaN;
}

/** The largest length browsers lay out (Chromium's 33,554,431 px): what `infinity` becomes. */
export const LARGEST = 33_554_431;

/** §10.9: NaN becomes 0 and infinities (and what is beyond them) the largest length laid out. */
export function censorNonFinite(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.max(-LARGEST, Math.min(LARGEST, value));
}

type TreeOp = Exclude<CalcTree<never>, never>['op'];
const TREE_OPS: ReadonlySet<string> = new Set<TreeOp>(['sum', 'scale', 'min', 'max', 'clamp', 'fn', 'mul', 'div']);

/**
 * The value of a math tree whose leaves all have one by `leaf` (computed px and percentages against
 * a basis, specified absolute lengths, percentages alone); undefined when a leaf has none. The one
 * evaluator of every kind of tree: specified (calc.ts), computed (length.ts), colour channels.
 * `inOneUnit` refuses what leaves the leaves' unit (products, quotients, sign()): a tree of
 * percentages must stay a percentage.
 */
export function foldCalcTree<Leaf extends { readonly op: string }>(node: CalcTree<Leaf>, leaf: (node: Leaf) => number | undefined, inOneUnit = false): number | undefined {
  if (!TREE_OPS.has(node.op)) return leaf(node as Leaf);
  const tree = node as Exclude<CalcTree<Leaf>, Leaf>;
  const all = (nodes: readonly CalcTree<Leaf>[]): number[] | undefined => {
    const values: number[] = [];
    for (const n of nodes) {
      const v = foldCalcTree(n, leaf, inOneUnit);
      if (v === undefined) return undefined;
      values.push(v);
    }
    return values;
  };
  switch (tree.op) {
    case 'sum': return all(tree.terms)?.reduce((a, b) => a + b, 0);
    case 'scale': { const v = foldCalcTree(tree.node, leaf, inOneUnit); return v === undefined ? undefined : v * tree.by; }
    case 'min': { const v = all(tree.args); return v === undefined ? undefined : minOf(v); }
    case 'max': { const v = all(tree.args); return v === undefined ? undefined : maxOf(v); }
    case 'clamp': { const v = all([tree.min, tree.value, tree.max]); return v === undefined ? undefined : Math.max(v[0]!, Math.min(v[1]!, v[2]!)); }
    case 'fn': { const v = inOneUnit && tree.name === 'sign' ? undefined : all(tree.args); return v === undefined ? undefined : applyCalcFunction(tree.name, v); }
    case 'mul':
    case 'div': {
      const v = inOneUnit ? undefined : all([tree.a, tree.b]);
      return v === undefined ? undefined : tree.op === 'mul' ? v[0]! * v[1]! : v[0]! / v[1]!;
    }
  }
}

