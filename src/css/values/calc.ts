/**
 * Math functions (CSS Values 4 §10): calc(), min(), max(), clamp(). Parsed once into a typed
 * tree; numbers fold at parse time; lengths become px when computed; a tree that still holds
 * percentages stays a `CalcLength` for layout to resolve.
 */
import type { CssNode } from 'css-tree';
import type { CalcNode, LengthPercentage } from '../model/types.js';
import { childrenOf, isOperator } from './nodes.js';
import type { Nodes } from './nodes.js';
import type { LengthContext } from './units.js';
import { dimensionToPx, isLengthUnit } from './units.js';
import { appendAll, maxOf, minOf } from '../../append-all.js';

export type SpecifiedCalc =
  | { readonly op: 'dim'; readonly value: number; readonly unit: string }
  | { readonly op: 'percent'; readonly value: number }
  | { readonly op: 'sum'; readonly terms: readonly SpecifiedCalc[] }
  | { readonly op: 'scale'; readonly node: SpecifiedCalc; readonly by: number }
  | { readonly op: 'min' | 'max'; readonly args: readonly SpecifiedCalc[] }
  | { readonly op: 'clamp'; readonly min: SpecifiedCalc; readonly value: SpecifiedCalc; readonly max: SpecifiedCalc };

/** A parsed math expression: a folded number, or a length tree. */
export type ParsedCalc =
  | { readonly type: 'number'; readonly value: number }
  | { readonly type: 'length'; readonly node: SpecifiedCalc; readonly hasPercent: boolean };

const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc']);

export function isMathFunction(node: CssNode): boolean {
  return node.type === 'Function' && MATH_FUNCTIONS.has(node.name.toLowerCase());
}

/** Parses a math function node; undefined when it is not a valid one. */
export function parseCalcFunction(node: CssNode): ParsedCalc | undefined {
  if (!isMathFunction(node)) return undefined;
  try {
    return parseMath(node);
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

class CalcSyntaxError extends Error {}

function parseMath(node: CssNode): ParsedCalc {
  if (node.type !== 'Function') throw new CalcSyntaxError();
  const name = node.name.toLowerCase();
  const args = splitArgs(childrenOf(node));
  switch (name) {
    case 'calc':
    case '-webkit-calc':
      if (args.length !== 1) throw new CalcSyntaxError();
      return parseSum(args[0]!);
    case 'min':
    case 'max': {
      const parsed = args.map(parseSum);
      if (parsed.length === 0) throw new CalcSyntaxError();
      if (parsed.every((p) => p.type === 'number')) {
        const values = parsed.map((p) => (p as { value: number }).value);
        return { type: 'number', value: name === 'min' ? minOf(values) : maxOf(values) };
      }
      const lengths = parsed.map(requireLength);
      return { type: 'length', node: { op: name, args: lengths.map((l) => l.node) }, hasPercent: lengths.some((l) => l.hasPercent) };
    }
    case 'clamp': {
      if (args.length !== 3) throw new CalcSyntaxError();
      const [min, value, max] = args.map(parseSum) as [ParsedCalc, ParsedCalc, ParsedCalc];
      if (min.type === 'number' && value.type === 'number' && max.type === 'number') {
        return { type: 'number', value: Math.max(min.value, Math.min(value.value, max.value)) };
      }
      const [a, b, c] = [requireLength(min), requireLength(value), requireLength(max)];
      return { type: 'length', node: { op: 'clamp', min: a.node, value: b.node, max: c.node }, hasPercent: a.hasPercent || b.hasPercent || c.hasPercent };
    }
    default:
      throw new CalcSyntaxError();
  }
}

function splitArgs(nodes: Nodes): Nodes[] {
  const args: CssNode[][] = [[]];
  for (const node of nodes) {
    if (isOperator(node, ',')) args.push([]);
    else args[args.length - 1]!.push(node);
  }
  return args.length === 1 && args[0]!.length === 0 ? [] : args;
}

function requireLength(value: ParsedCalc): { node: SpecifiedCalc; hasPercent: boolean } {
  if (value.type !== 'length') throw new CalcSyntaxError();
  return value;
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
  const parsed = terms.map((term) => negate(parseProduct(term.nodes), term.sign));
  if (parsed.length === 1) return parsed[0]!;
  if (parsed.every((p) => p.type === 'number')) {
    return { type: 'number', value: parsed.reduce((sum, p) => sum + (p as { value: number }).value, 0) };
  }
  const lengths = parsed.map(requireLength);
  return { type: 'length', node: { op: 'sum', terms: lengths.map((l) => l.node) }, hasPercent: lengths.some((l) => l.hasPercent) };
}

function negate(value: ParsedCalc, sign: number): ParsedCalc {
  if (sign === 1) return value;
  if (value.type === 'number') return { type: 'number', value: -value.value };
  return { ...value, node: { op: 'scale', node: value.node, by: -1 } };
}

/** `<calc-product> = <calc-value> [ [ '*' | '/' ] <calc-value> ]*` */
function parseProduct(nodes: Nodes): ParsedCalc {
  if (nodes.length === 0) throw new CalcSyntaxError();
  let result = parseValue(nodes[0]!);
  for (let i = 1; i < nodes.length; i += 2) {
    const op = nodes[i];
    const operand = nodes[i + 1];
    if (operand === undefined) throw new CalcSyntaxError();
    const right = parseValue(operand);
    if (isOperator(op, '*')) result = multiply(result, right);
    else if (isOperator(op, '/')) {
      if (right.type !== 'number' || right.value === 0) throw new CalcSyntaxError();
      result = multiply(result, { type: 'number', value: 1 / right.value });
    } else throw new CalcSyntaxError();
  }
  return result;
}

function multiply(a: ParsedCalc, b: ParsedCalc): ParsedCalc {
  if (a.type === 'number' && b.type === 'number') return { type: 'number', value: a.value * b.value };
  if (a.type === 'number' && b.type === 'length') return { ...b, node: { op: 'scale', node: b.node, by: a.value } };
  if (a.type === 'length' && b.type === 'number') return { ...a, node: { op: 'scale', node: a.node, by: b.value } };
  throw new CalcSyntaxError();
}

/**
 * CSS Values 4 §10.7.1 constants. `infinity` is clamped to the largest length browsers lay out
 * (Chromium's 33,554,431 px), so that `border-radius: calc(infinity * 1px)` (Tailwind's
 * `rounded-full`) scales down to a pill as it does there; NaN is 0 (§10.9).
 */
const LARGEST = 33_554_431;
const CONSTANTS: Readonly<Record<string, number>> = { e: Math.E, pi: Math.PI, infinity: LARGEST, '-infinity': -LARGEST, nan: 0 };

function parseValue(node: CssNode): ParsedCalc {
  switch (node.type) {
    case 'Number': return { type: 'number', value: Number(node.value) };
    case 'Percentage': return { type: 'length', node: { op: 'percent', value: Number(node.value) }, hasPercent: true };
    case 'Dimension':
      if (!isLengthUnit(node.unit)) throw new CalcSyntaxError();
      return { type: 'length', node: { op: 'dim', value: Number(node.value), unit: node.unit.toLowerCase() }, hasPercent: false };
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
  if (computed.op === 'px') return computed.value;
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
