/**
 * Math functions (CSS Values 4 §10): calc(), min(), max(), clamp(), the stepped-value functions
 * (round(), mod(), rem()), the trigonometric and exponential ones, abs(), sign(), hypot(). Parsed
 * once into a typed tree; numbers and angles fold at parse time; lengths become px when computed;
 * a tree that still holds percentages stays a `CalcLength` for layout to resolve.
 */
import type { CssNode } from 'css-tree';
import type { CalcNode, LengthPercentage } from '../model/types.js';
import type { CalcTree } from '../model/calc-types.js';
import { childrenOf, isOperator } from './nodes.js';
import type { Nodes } from './nodes.js';
import type { LengthContext } from './units.js';
import { ABSOLUTE_UNITS, ANGLE_DEGREES, dimensionToPx, isLengthUnit } from './units.js';
import type { CalcFunctionName } from './calc-functions.js';
import { applyCalcFunction, censorNonFinite, foldCalcTree, LARGEST, ROUNDING_STRATEGIES } from './calc-functions.js';
import { appendAll, maxOf, minOf } from '../../append-all.js';

/** A math function as written: dimensions with their units, percentages. */
export type SpecifiedCalc = CalcTree<{ readonly op: 'dim'; readonly value: number; readonly unit: string } | { readonly op: 'percent'; readonly value: number }>;

/**
 * A parsed math expression: a folded number or angle (degrees), a length tree, or a number tree —
 * a number made of lengths known only when computed (`sign(1em - 10px)`, `2em / 1px`), which is
 * valid only as a factor of a length.
 */
export type ParsedCalc =
  | { readonly type: 'number'; readonly value: number }
  | { readonly type: 'angle'; readonly value: number }
  | { readonly type: 'length' | 'number-tree'; readonly node: SpecifiedCalc; readonly hasPercent: boolean };

type Folded = Extract<ParsedCalc, { value: number }>;
type TreeCalc = Extract<ParsedCalc, { node: SpecifiedCalc }>;

const MATH_FUNCTIONS = new Set([
  'calc', '-webkit-calc', 'min', 'max', 'clamp', 'round', 'mod', 'rem', 'abs', 'sign', 'hypot',
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'pow', 'sqrt', 'log', 'exp',
]);

export function isMathFunction(node: CssNode): boolean {
  return node.type === 'Function' && MATH_FUNCTIONS.has(node.name.toLowerCase());
}

/** Parses a math function node; undefined when it is not a valid one. */
export function parseCalcFunction(node: CssNode): ParsedCalc | undefined {
  if (!isMathFunction(node)) return undefined;
  try {
    const parsed = parseMath(node);
    return 'node' in parsed ? parsed : { type: parsed.type, value: censorNonFinite(parsed.value) };
  } catch {
    return undefined;
  }
}

/** A math function that folds to a plain number (e.g. `calc(1 / 3)` for opacity). */
export function parseCalcNumber(node: CssNode | undefined): number | undefined {
  if (node === undefined) return undefined;
  const parsed = parseCalcFunction(node);
  return parsed?.type === 'number' ? parsed.value : undefined;
}

/** A math function that folds to an angle, in degrees (`rotate(atan2(3, 4))`). */
export function parseCalcAngle(node: CssNode | undefined): number | undefined {
  if (node === undefined) return undefined;
  const parsed = parseCalcFunction(node);
  return parsed?.type === 'angle' ? parsed.value : undefined;
}

/** The value of a math tree of percentages alone; undefined when it holds a length. */
export function percentOnly(node: SpecifiedCalc): number | undefined {
  return foldCalcTree(node, (leaf) => (leaf.op === 'percent' ? leaf.value : undefined), true);
}

class CalcSyntaxError extends Error {}

const RADIANS = Math.PI / 180;

function parseMath(node: CssNode): ParsedCalc {
  if (node.type !== 'Function') throw new CalcSyntaxError();
  const name = node.name.toLowerCase();
  const args = splitArgs(childrenOf(node));
  switch (name) {
    case 'calc':
    case '-webkit-calc':
      return parseSum(only(args, 1)[0]!);
    case 'min':
    case 'max': {
      const parsed = args.map(parseSum);
      if (parsed.length === 0) throw new CalcSyntaxError();
      const folded = foldAll(parsed);
      if (folded !== undefined) return { type: folded.type, value: name === 'min' ? minOf(folded.values) : maxOf(folded.values) };
      return combine(parsed, (args) => ({ op: name, args }));
    }
    case 'clamp': {
      const parsed = only(args, 3).map(parseSum);
      const folded = foldAll(parsed);
      if (folded !== undefined) {
        const [min, value, max] = folded.values as [number, number, number];
        return { type: folded.type, value: Math.max(min, Math.min(value, max)) };
      }
      return combine(parsed, ([min, value, max]) => ({ op: 'clamp', min: min!, value: value!, max: max! }));
    }
    case 'round': return parseRound(args);
    case 'mod':
    case 'rem': return steppedFunction(name, only(args, 2).map(parseSum));
    case 'abs': return steppedFunction('abs', only(args, 1).map(parseSum));
    case 'hypot': {
      if (args.length === 0) throw new CalcSyntaxError();
      return steppedFunction('hypot', args.map(parseSum));
    }
    case 'sign': {
      const value = parseSum(only(args, 1)[0]!);
      if (!('node' in value)) return { type: 'number', value: Math.sign(value.value) };
      const px = value.type === 'length' ? absolutePx(value.node) : undefined;
      if (px !== undefined) return { type: 'number', value: Math.sign(px) };
      return { ...value, type: 'number-tree', node: { op: 'fn', name: 'sign', args: [value.node] } };
    }
    default: return parseTrigOrExponential(name, args);
  }
}

/** §10.6–10.8: trigonometric and exponential functions, whose arguments fold at parse time. */
function parseTrigOrExponential(name: string, args: Nodes[]): ParsedCalc {
  const one = (): ParsedCalc => parseSum(only(args, 1)[0]!);
  const number = (value: ParsedCalc): number => requireFolded(value, 'number');
  const angle = (value: number): ParsedCalc => ({ type: 'angle', value: value / RADIANS });
  switch (name) {
    case 'sin':
    case 'cos':
    case 'tan': {
      const value = one();
      const radians = value.type === 'angle' ? value.value * RADIANS : number(value);
      return { type: 'number', value: name === 'sin' ? Math.sin(radians) : name === 'cos' ? Math.cos(radians) : Math.tan(radians) };
    }
    case 'asin': return angle(Math.asin(number(one())));
    case 'acos': return angle(Math.acos(number(one())));
    case 'atan': return angle(Math.atan(number(one())));
    case 'atan2': {
      const [y, x] = only(args, 2).map(parseSum) as [ParsedCalc, ParsedCalc];
      if (y.type !== x.type) throw new CalcSyntaxError();
      return angle(Math.atan2(numericValue(y), numericValue(x)));
    }
    case 'pow': {
      const [base, exponent] = only(args, 2).map((arg) => number(parseSum(arg))) as [number, number];
      return { type: 'number', value: Math.pow(base, exponent) };
    }
    case 'sqrt': return { type: 'number', value: Math.sqrt(number(one())) };
    case 'exp': return { type: 'number', value: Math.exp(number(one())) };
    case 'log': {
      if (args.length !== 1 && args.length !== 2) throw new CalcSyntaxError();
      const [value, base] = args.map((arg) => number(parseSum(arg)));
      return { type: 'number', value: base === undefined ? Math.log(value!) : Math.log(value!) / Math.log(base) };
    }
    default: throw new CalcSyntaxError();
  }
}

/** `round(<rounding-strategy>?, A, B?)`: B may be left out only when A is a number (then 1). */
function parseRound(args: Nodes[]): ParsedCalc {
  const first = args[0];
  const strategyNode = first?.length === 1 && first[0]!.type === 'Identifier' ? first[0]!.name.toLowerCase() : undefined;
  const strategy = strategyNode !== undefined && ROUNDING_STRATEGIES.has(strategyNode) ? strategyNode : undefined;
  const rest = (strategy === undefined ? args : args.slice(1)).map(parseSum);
  if (rest.length === 1 && rest[0]!.type === 'number') rest.push({ type: 'number', value: 1 });
  if (rest.length !== 2) throw new CalcSyntaxError();
  return steppedFunction(`round-${strategy ?? 'nearest'}` as CalcFunctionName, rest);
}

/** A function of arguments of one type whose result has that type: folded, or a length tree. */
function steppedFunction(name: CalcFunctionName, parsed: readonly ParsedCalc[]): ParsedCalc {
  const folded = foldAll(parsed);
  if (folded !== undefined) return { type: folded.type, value: applyCalcFunction(name, folded.values) };
  return combine(parsed, (args) => ({ op: 'fn', name, args }));
}

function only(args: Nodes[], count: number): Nodes[] {
  if (args.length !== count) throw new CalcSyntaxError();
  return args;
}

/** The values of arguments that all folded to the same type; undefined when they are lengths. */
function foldAll(parsed: readonly ParsedCalc[]): { type: Folded['type']; values: number[] } | undefined {
  const type = parsed[0]!.type;
  if (parsed.some((p) => p.type !== type)) throw new CalcSyntaxError();
  if (type === 'length' || type === 'number-tree') return undefined;
  return { type, values: parsed.map((p) => (p as Folded).value) };
}

/** Trees of one type (lengths, or numbers of lengths) combined into one by `build`. */
function combine(parsed: readonly ParsedCalc[], build: (nodes: SpecifiedCalc[]) => SpecifiedCalc): TreeCalc {
  const type = parsed[0]!.type;
  if ((type !== 'length' && type !== 'number-tree') || parsed.some((p) => p.type !== type)) throw new CalcSyntaxError();
  const trees = parsed as readonly TreeCalc[];
  return { type, node: build(trees.map((t) => t.node)), hasPercent: trees.some((t) => t.hasPercent) };
}

function splitArgs(nodes: Nodes): Nodes[] {
  const args: CssNode[][] = [[]];
  for (const node of nodes) {
    if (isOperator(node, ',')) args.push([]);
    else args[args.length - 1]!.push(node);
  }
  return args.length === 1 && args[0]!.length === 0 ? [] : args;
}

function requireFolded(value: ParsedCalc, type: Folded['type']): number {
  if (value.type !== type || 'node' in value) throw new CalcSyntaxError();
  return value.value;
}

/**
 * The arguments of `atan2()`, whose result is an angle and so must fold here: numbers and angles,
 * and lengths made of absolute units (font and viewport units are known only when computed; such
 * a declaration is warned, where Chromium resolves it later).
 */
function numericValue(value: ParsedCalc): number {
  if (!('node' in value)) return value.value;
  const px = value.type === 'number-tree' ? undefined : absolutePx(value.node);
  if (px === undefined) throw new CalcSyntaxError();
  return px;
}

function absolutePx(node: SpecifiedCalc): number | undefined {
  return foldCalcTree(node, (leaf) => {
    const factor = leaf.op === 'dim' ? ABSOLUTE_UNITS[leaf.unit] : undefined;
    return factor === undefined ? undefined : leaf.value * factor;
  });
}

/** `<calc-sum> = <calc-product> [ [ '+' | '-' ] <calc-product> ]*` */
function parseSum(nodes: Nodes): ParsedCalc {
  const terms: { sign: number; nodes: CssNode[] }[] = [{ sign: 1, nodes: [] }];
  for (const node of nodes) {
    if (isOperator(node, '+') || isOperator(node, '-')) {
      if (terms[terms.length - 1]!.nodes.length === 0) throw new CalcSyntaxError();
      terms.push({ sign: isOperator(node, '-') ? -1 : 1, nodes: [] });
    } else {
      terms[terms.length - 1]!.nodes.push(node);
    }
  }
  const parsed = terms.map((term) => scale(parseProduct(term.nodes), term.sign));
  if (parsed.length === 1) return parsed[0]!;
  const folded = foldAll(parsed);
  if (folded !== undefined) return { type: folded.type, value: folded.values.reduce((sum, v) => sum + v, 0) };
  return combine(parsed, (terms) => ({ op: 'sum', terms }));
}

function scale(value: ParsedCalc, by: number): ParsedCalc {
  if (by === 1) return value;
  if (!('node' in value)) return { type: value.type, value: value.value * by };
  return { ...value, node: { op: 'scale', node: value.node, by } };
}

/**
 * `<calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*`. Numbers and angles fold into
 * one factor whose angle units must cancel or stay one (`1px * atan2(1, 1) / 1deg` is a length);
 * lengths combine in order.
 */
function parseProduct(nodes: Nodes): ParsedCalc {
  if (nodes.length === 0 || nodes.length % 2 === 0) throw new CalcSyntaxError();
  let factor = 1;
  let angles = 0;
  let tree: ParsedCalc | undefined;
  for (let i = 0; i < nodes.length; i += 2) {
    const dividing = i > 0 && isOperator(nodes[i - 1], '/');
    if (i > 0 && !dividing && !isOperator(nodes[i - 1], '*')) throw new CalcSyntaxError();
    const value = parseValue(nodes[i]!);
    if (!('node' in value)) {
      if (dividing && value.value === 0) throw new CalcSyntaxError();
      factor = dividing ? factor / value.value : factor * value.value;
      if (value.type === 'angle') angles += dividing ? -1 : 1;
    } else if (tree === undefined) {
      if (dividing) throw new CalcSyntaxError();
      tree = value;
    } else {
      const combined = dividing ? divide(tree, value) : multiply(tree, value);
      if ('node' in combined) tree = combined;
      else { factor *= combined.value; tree = undefined; }
    }
  }
  if (angles === 0) return tree === undefined ? { type: 'number', value: factor } : scale(tree, factor);
  if (angles === 1 && tree === undefined) return { type: 'angle', value: factor };
  throw new CalcSyntaxError();
}

/** A number tree times a length (or another number tree); two lengths make no CSS type. */
function multiply(a: ParsedCalc, b: ParsedCalc): ParsedCalc {
  if (!('node' in a) || !('node' in b) || (a.type === 'length' && b.type === 'length')) throw new CalcSyntaxError();
  const type = a.type === 'length' || b.type === 'length' ? 'length' : 'number-tree';
  return { type, node: { op: 'mul', a: a.node, b: b.node }, hasPercent: a.hasPercent || b.hasPercent };
}

/** A quotient of two lengths is a number (`calc(100px / 1in)`, CSS Values 4 §10.2): folded when both are absolute. */
function divide(a: ParsedCalc, b: ParsedCalc): ParsedCalc {
  if (!('node' in a) || !('node' in b)) throw new CalcSyntaxError();
  if (a.type === 'length' && b.type === 'length') {
    const [x, y] = [absolutePx(a.node), absolutePx(b.node)];
    if (y === 0) throw new CalcSyntaxError();
    if (x !== undefined && y !== undefined) return { type: 'number', value: x / y };
  }
  // A length over a length (or a number tree) known when computed, or a length over a number tree.
  const type = a.type === 'length' && b.type === 'number-tree' ? 'length' : a.type === b.type ? 'number-tree' : undefined;
  if (type === undefined) throw new CalcSyntaxError();
  return { type, node: { op: 'div', a: a.node, b: b.node }, hasPercent: a.hasPercent || b.hasPercent };
}

/**
 * CSS Values 4 §10.7.1 constants. `infinity` is clamped to the largest length browsers lay out
 * (Chromium's 33,554,431 px), so that `border-radius: calc(infinity * 1px)` (Tailwind's
 * `rounded-full`) scales down to a pill as it does there; NaN is 0 (§10.9).
 */
const CONSTANTS: Readonly<Record<string, number>> = { e: Math.E, pi: Math.PI, infinity: LARGEST, '-infinity': -LARGEST, nan: 0 };

function parseValue(node: CssNode): ParsedCalc {
  switch (node.type) {
    case 'Number': return { type: 'number', value: Number(node.value) };
    case 'Percentage': return { type: 'length', node: { op: 'percent', value: Number(node.value) }, hasPercent: true };
    case 'Dimension': {
      const degrees = ANGLE_DEGREES[node.unit.toLowerCase()];
      if (degrees !== undefined) return { type: 'angle', value: Number(node.value) * degrees };
      if (!isLengthUnit(node.unit)) throw new CalcSyntaxError();
      return { type: 'length', node: { op: 'dim', value: Number(node.value), unit: node.unit.toLowerCase() }, hasPercent: false };
    }
    case 'Parentheses': return parseSum(childrenOf(node));
    case 'Function': return parseMath(node);
    case 'Identifier': {
      const constant = CONSTANTS[node.name.toLowerCase()];
      if (constant === undefined) throw new CalcSyntaxError();
      return { type: 'number', value: constant };
    }
    default: throw new CalcSyntaxError();
  }
}

/** Computes a length calc: px when no percentage remains, else a simplified `CalcLength`. */
export function computeCalc(node: SpecifiedCalc, ctx: LengthContext): LengthPercentage {
  const computed = simplify(toComputed(node, ctx));
  if (computed.op === 'px') return censorNonFinite(computed.value);
  if (computed.op === 'percent') return { kind: 'percent', value: computed.value };
  return { kind: 'calc', node: computed };
}

function toComputed(node: SpecifiedCalc, ctx: LengthContext): CalcNode {
  switch (node.op) {
    case 'dim': return { op: 'px', value: dimensionToPx(node.value, node.unit, ctx) ?? 0 };
    case 'percent': return { op: 'percent', value: node.value };
    case 'sum': return { op: 'sum', terms: node.terms.map((t) => toComputed(t, ctx)) };
    case 'scale': return { op: 'scale', node: toComputed(node.node, ctx), by: node.by };
    case 'min':
    case 'max': return { op: node.op, args: node.args.map((a) => toComputed(a, ctx)) };
    case 'clamp': return { op: 'clamp', min: toComputed(node.min, ctx), value: toComputed(node.value, ctx), max: toComputed(node.max, ctx) };
    case 'fn': return { op: 'fn', name: node.name, args: node.args.map((a) => toComputed(a, ctx)) };
    case 'mul':
    case 'div': return { op: node.op, a: toComputed(node.a, ctx), b: toComputed(node.b, ctx) };
  }
}

/** Folds everything that does not depend on the percentage basis (CSS Values 4 §10.10). */
export function simplify(node: CalcNode): CalcNode {
  switch (node.op) {
    case 'px':
    case 'percent':
      return node;
    case 'scale': {
      const inner = simplify(node.node);
      if (inner.op === 'px') return { op: 'px', value: inner.value * node.by };
      if (inner.op === 'percent') return { op: 'percent', value: inner.value * node.by };
      return { op: 'scale', node: inner, by: node.by };
    }
    case 'sum': return simplifySum(node.terms.map(simplify));
    case 'min':
    case 'max': {
      const args = node.args.map(simplify);
      if (args.every((a) => a.op === 'px')) {
        const values = args.map((a) => (a as { value: number }).value);
        return { op: 'px', value: node.op === 'min' ? minOf(values) : maxOf(values) };
      }
      return { op: node.op, args };
    }
    case 'clamp': {
      const [min, value, max] = [simplify(node.min), simplify(node.value), simplify(node.max)];
      if (min.op === 'px' && value.op === 'px' && max.op === 'px') {
        return { op: 'px', value: Math.max(min.value, Math.min(value.value, max.value)) };
      }
      return { op: 'clamp', min, value, max };
    }
    case 'fn': {
      const args = node.args.map(simplify);
      // All but sign() scale with their arguments, so percentages alone stay percentages.
      for (const unit of node.name === 'sign' ? ['px'] as const : ['px', 'percent'] as const) {
        if (args.every((a) => a.op === unit)) {
          return { op: unit, value: censorNonFinite(applyCalcFunction(node.name, args.map((a) => (a as { value: number }).value))) };
        }
      }
      return { op: 'fn', name: node.name, args };
    }
    case 'mul':
    case 'div': {
      const [a, b] = [simplify(node.a), simplify(node.b)];
      if (a.op !== 'px' || b.op !== 'px') return { op: node.op, a, b };
      return { op: 'px', value: censorNonFinite(node.op === 'mul' ? a.value * b.value : a.value / b.value) };
    }
  }
}

function simplifySum(terms: readonly CalcNode[]): CalcNode {
  let px = 0;
  let percent = 0;
  let hasPercent = false;
  const rest: CalcNode[] = [];
  const visit = (term: CalcNode): void => {
    if (term.op === 'px') px += term.value;
    else if (term.op === 'percent') { percent += term.value; hasPercent = true; }
    else if (term.op === 'sum') term.terms.forEach(visit);
    else rest.push(term);
  };
  terms.forEach(visit);
  if (!hasPercent && rest.length === 0) return { op: 'px', value: px };
  const out: CalcNode[] = [];
  if (hasPercent) out.push({ op: 'percent', value: percent });
  if (px !== 0 || out.length === 0) out.push({ op: 'px', value: px });
  appendAll(out, rest);
  return out.length === 1 ? out[0]! : { op: 'sum', terms: out };
}
