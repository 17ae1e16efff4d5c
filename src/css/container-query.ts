/**
 * Container queries (CSS Conditional 5 §6.2): the condition of an `@container` rule, compiled to a
 * function of the query container, and the choice of that container among an element's
 * ancestors. Size features read the size a layout pass measured (container-passes.ts); before one
 * has, and for a container that is not laid out as a block, they are unknown, as is anything
 * print cannot answer (`scroll-state()`). Conditions use three-valued logic (§6.2.2): a rule
 * applies only where its condition is true.
 */
import type { CssNode } from 'css-tree';
import { generate } from 'css-tree';
import { parse } from './values/css-tree-parse.js';
import type { ComputedStyle } from './types.js';
import type { CustomProperties } from './custom-properties.js';
import { childrenOf, identOf } from './values/nodes.js';
import type { LengthContext, SpecifiedLength } from './values/units.js';
import { computeAbsoluteLength, parseLength } from './values/units.js';
import { compare, ratioOf } from './media.js';

/** A container's content-box size, in px, as a layout pass found it. */
export interface ContainerSize {
  readonly width: number;
  readonly height: number;
}

/** What a query reads of a candidate container. */
export interface QueryContainer {
  readonly style: ComputedStyle;
  readonly custom: CustomProperties;
  /** Undefined before a layout pass has measured it, or when it is not laid out as a block. */
  readonly size: ContainerSize | undefined;
  /** What lengths in the condition are relative to: the container's font, the page area. */
  readonly lengths: LengthContext;
}

/** true, false, or unknown (undefined). */
type Kleene = boolean | undefined;

type Feature = 'width' | 'height' | 'inline-size' | 'block-size' | 'aspect-ratio' | 'orientation';

/** One query of an `@container` prelude: `[<container-name>]? <container-condition>`. */
export interface ContainerQuery {
  readonly name: string | undefined;
  /** The size features the condition reads: a container qualifies only if its type lets them be queried. */
  readonly features: ReadonlySet<Feature>;
  readonly evaluate: (container: QueryContainer) => Kleene;
}

/** An `@container` rule's prelude: its queries, of which one must hold (a list is CSS Conditional 5's `<container-condition>#`). */
export type ContainerCondition = readonly ContainerQuery[];

/** Compiles a prelude; undefined when it is not a container condition (the rule is invalid). */
export function compileContainerPrelude(prelude: CssNode | null, sourceText: string | undefined): ContainerCondition | undefined {
  if (prelude === null) return undefined;
  if (prelude.type === 'AtrulePrelude') {
    const query = compileQuery(childrenOf(prelude));
    return query === undefined ? undefined : [query];
  }
  // a list of queries: css-tree keeps it as raw text
  const text = sourceText ?? (prelude.type === 'Raw' ? prelude.value : generate(prelude));
  const queries: ContainerQuery[] = [];
  for (const part of splitTopLevel(text)) {
    let parsed: CssNode;
    try {
      parsed = parse(part, { context: 'atrulePrelude', atrule: 'container' });
    } catch {
      return undefined;
    }
    const query = parsed.type === 'AtrulePrelude' ? compileQuery(childrenOf(parsed)) : undefined;
    if (query === undefined) return undefined;
    queries.push(query);
  }
  return queries.length === 0 ? undefined : queries;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

function compileQuery(parts: readonly CssNode[]): ContainerQuery | undefined {
  const first = parts[0];
  const named = parts.length === 2 && first?.type === 'Identifier' ? first.name : undefined;
  const condition = named === undefined ? parts : parts.slice(1);
  if (condition.length !== 1 || condition[0]!.type !== 'Condition') return undefined;
  const features = new Set<Feature>();
  const evaluate = compileCondition(condition[0]!, features);
  return evaluate === undefined ? undefined : { name: named, features, evaluate };
}

type Test = (container: QueryContainer) => Kleene;

/** `not`, `and`, `or` over the operands (Kleene logic); undefined when it is not a condition (other words, `and` and `or` mixed). */
function compileCondition(node: CssNode, features: Set<Feature>): Test | undefined {
  const parts = node.type === 'Condition' ? childrenOf(node) : [node];
  let negate = false;
  let joiner: 'and' | 'or' | undefined;
  const operands: Test[] = [];
  for (const part of parts) {
    const word = part.type === 'Identifier' ? part.name.toLowerCase() : undefined;
    if (word === 'not' && operands.length === 0) { negate = !negate; continue; }
    if ((word === 'and' || word === 'or') && operands.length > 0 && (joiner === undefined || joiner === word)) { joiner = word; continue; }
    const operand = compileOperand(part, features);
    if (operand === undefined) return undefined;
    operands.push(operand);
  }
  // `not` takes one operand: `not (a) and (b)` is not a condition
  if (operands.length === 0 || (negate && operands.length > 1)) return undefined;
  const combined: Test = joiner === 'or' ? (c) => any(operands, c) : (c) => all(operands, c);
  return negate ? (c) => not(combined(c)) : combined;
}

function not(value: Kleene): Kleene {
  return value === undefined ? undefined : !value;
}

function all(tests: readonly Test[], container: QueryContainer): Kleene {
  let result: Kleene = true;
  for (const test of tests) {
    const value = test(container);
    if (value === false) return false;
    if (value === undefined) result = undefined;
  }
  return result;
}

function any(tests: readonly Test[], container: QueryContainer): Kleene {
  let result: Kleene = false;
  for (const test of tests) {
    const value = test(container);
    if (value === true) return true;
    if (value === undefined) result = undefined;
  }
  return result;
}

const UNKNOWN: Test = () => undefined;

function compileOperand(node: CssNode, features: Set<Feature>): Test | undefined {
  switch (node.type) {
    case 'Condition': return compileCondition(node, features);
    case 'Feature': return compileFeature(node.name.toLowerCase(), node.value ?? undefined, features);
    case 'FeatureRange': return compileRange(node, features);
    case 'FeatureFunction': return node.feature.toLowerCase() === 'style' ? compileStyleQuery(node.value) : UNKNOWN;
    case 'GeneralEnclosed': return UNKNOWN; // scroll-state(), and what no feature reads
    default: return undefined;
  }
}

const FEATURES = new Set<Feature>(['width', 'height', 'inline-size', 'block-size', 'aspect-ratio', 'orientation']);

function featureOf(name: string | undefined): Feature | undefined {
  return name !== undefined && FEATURES.has(name as Feature) ? name as Feature : undefined;
}

function horizontal(style: ComputedStyle): boolean {
  return style.writingMode === 'horizontal-tb';
}

/** The feature's value for a container, in px (or the ratio); undefined when not measured. */
function measure(feature: Feature, container: QueryContainer): number | undefined {
  const size = container.size;
  if (size === undefined) return undefined;
  const across = horizontal(container.style);
  switch (feature) {
    case 'width': return size.width;
    case 'height': return size.height;
    case 'inline-size': return across ? size.width : size.height;
    case 'block-size': return across ? size.height : size.width;
    case 'aspect-ratio':
    case 'orientation': return size.height === 0 ? undefined : size.width / size.height;
  }
}

/** Whether a container's type lets `feature` be queried (CSS Conditional 5 §6.1.1). */
export function queryable(feature: Feature, style: ComputedStyle): boolean {
  const type = style.containerType;
  if (type === 'size') return true;
  if (type !== 'inline-size') return false;
  if (feature === 'inline-size') return true;
  if (feature === 'width') return horizontal(style);
  if (feature === 'height') return !horizontal(style);
  return false;
}

/** A value to compare the feature with: a length resolved with the container's font, or a ratio. */
type Operand = (container: QueryContainer) => number | undefined;

function operandOf(feature: Feature, node: CssNode | undefined): Operand | undefined {
  if (feature === 'aspect-ratio') {
    const ratio = ratioOf(node);
    return ratio === undefined ? undefined : () => ratio;
  }
  const length: SpecifiedLength | undefined = parseLength(node);
  if (length === undefined) return undefined;
  if (typeof length === 'number') return () => length;
  return (container) => computeAbsoluteLength(length, container.lengths, 0);
}

function compileFeature(name: string, value: CssNode | undefined, features: Set<Feature>): Test {
  const prefix = name.startsWith('min-') ? 'min' : name.startsWith('max-') ? 'max' : undefined;
  const feature = featureOf(prefix ? name.slice(4) : name);
  if (feature === undefined) return UNKNOWN;
  features.add(feature);
  if (feature === 'orientation') {
    const word = value === undefined ? undefined : identOf(value);
    if (prefix !== undefined || (word !== undefined && word !== 'portrait' && word !== 'landscape')) return UNKNOWN;
    return (c) => {
      const ratio = measure('orientation', c);
      return ratio === undefined ? undefined : word === undefined || (word === 'portrait') === (ratio <= 1);
    };
  }
  if (value === undefined) {
    if (prefix !== undefined) return UNKNOWN;
    return (c) => {
      const actual = measure(feature, c);
      return actual === undefined ? undefined : actual !== 0;
    };
  }
  const operand = operandOf(feature, value);
  if (operand === undefined) return UNKNOWN;
  const op = prefix === 'min' ? '>=' : prefix === 'max' ? '<=' : '=';
  return (c) => {
    const actual = measure(feature, c);
    const target = operand(c);
    return actual === undefined || target === undefined ? undefined : compare(actual, op, target);
  };
}

/** `(width >= 400px)`, `(400px <= width < 700px)`. */
function compileRange(node: CssNode & { type: 'FeatureRange' }, features: Set<Feature>): Test {
  const { left, leftComparison, middle, rightComparison, right } = node;
  const leftName = featureOf(identOf(left));
  const feature = leftName ?? featureOf(identOf(middle));
  if (feature === undefined || feature === 'orientation') return UNKNOWN;
  features.add(feature);
  if (leftName !== undefined) {
    const value = operandOf(feature, middle);
    if (value === undefined) return UNKNOWN;
    return (c) => {
      const actual = measure(feature, c);
      const target = value(c);
      return actual === undefined || target === undefined ? undefined : compare(actual, leftComparison, target);
    };
  }
  const low = operandOf(feature, left);
  const high = right ? operandOf(feature, right) : undefined;
  if (low === undefined || (right && high === undefined)) return UNKNOWN;
  return (c) => {
    const actual = measure(feature, c);
    const from = low(c);
    const to = high?.(c);
    if (actual === undefined || from === undefined || (high !== undefined && to === undefined)) return undefined;
    return compare(from, leftComparison, actual) && (rightComparison === null || to === undefined || compare(actual, rightComparison, to));
  };
}

/**
 * `style(--name: value)` and `style(--name)`: the container's computed custom property, its
 * tokens compared with white space collapsed. Standard properties in `style()` are unknown, as
 * in Chromium.
 */
function compileStyleQuery(value: CssNode | null): Test {
  if (value === null) return UNKNOWN;
  if (value.type === 'Raw') {
    const name = value.value.trim();
    return name.startsWith('--') ? (c) => c.custom.has(name) : UNKNOWN;
  }
  if (value.type !== 'Declaration' || !value.property.startsWith('--')) return UNKNOWN;
  const name = value.property;
  const wanted = normalized(value.value.type === 'Raw' ? value.value.value : generate(value.value));
  return (c) => {
    const actual = c.custom.get(name);
    return actual !== undefined && normalized(actual) === wanted;
  };
}

function normalized(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The query container of `query` for an element (§6.2): the nearest of `ancestors` (innermost
 * last) that has the query's name and a type that lets each of its size features be queried; for
 * a query of style features only and no name, the parent element (`parent`).
 */
export function queryContainer(query: ContainerQuery, ancestors: readonly QueryContainer[], parent: QueryContainer | undefined): QueryContainer | undefined {
  if (query.features.size === 0 && query.name === undefined) return parent;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const candidate = ancestors[i]!;
    if (query.name !== undefined && !candidate.style.containerName.includes(query.name)) continue;
    let fits = true;
    for (const feature of query.features) if (!queryable(feature, candidate.style)) fits = false;
    if (fits) return candidate;
  }
  return undefined;
}

/** Whether every condition holds (one query of each true), for an element with these ancestors. */
export function conditionsHold(conditions: readonly ContainerCondition[], ancestors: readonly QueryContainer[], parent: QueryContainer | undefined): boolean {
  return conditions.every((condition) => condition.some((query) => {
    const container = queryContainer(query, ancestors, parent);
    return container !== undefined && query.evaluate(container) === true;
  }));
}
