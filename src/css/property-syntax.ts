/**
 * The `syntax` of an `@property` registration (CSS Properties and Values API 1 §5): parsed from
 * its string, and the values it accepts. A value matches when one of its alternatives, tried in
 * order, matches it whole: one component value, or a space (`+`) or comma (`#`) separated list of
 * them. What such a value computes to is registered-values.ts's.
 */
import type { CssNode } from 'css-tree';
import { walk } from 'css-tree';
import { BoundedCache } from '../cache/bounded.js';
import { parseAngle } from './values/angle.js';
import { parseCalcFunction } from './values/calc.js';
import { parseColor } from './values/color.js';
import { parse } from './values/css-tree-parse.js';
import { parseImage } from './values/image.js';
import { childrenOf, identOf, splitBy } from './values/nodes.js';
import type { Nodes } from './values/nodes.js';
import { parseTransformList } from './values/transform.js';
import { isLengthUnit, parseLength } from './values/units.js';

/** The data types a registration may name. */
export type SyntaxType =
  | 'length' | 'number' | 'percentage' | 'length-percentage' | 'color' | 'image' | 'url' | 'integer'
  | 'angle' | 'time' | 'resolution' | 'transform-function' | 'transform-list' | 'custom-ident' | 'string';

const TYPES: ReadonlySet<string> = new Set<SyntaxType>([
  'length', 'number', 'percentage', 'length-percentage', 'color', 'image', 'url', 'integer',
  'angle', 'time', 'resolution', 'transform-function', 'custom-ident', 'string',
]);

/** `<transform-list>` is a space-separated list of transform functions, or `none` (Chromium takes `none`, as `transform` does). */
const TRANSFORM_LIST: SyntaxComponent = { kind: 'type', type: 'transform-list', multiplier: 'space' };

/** One value (`one`), or a list of one or more separated by spaces (`+`) or commas (`#`). */
export type Multiplier = 'one' | 'space' | 'comma';

export type SyntaxComponent =
  | { readonly kind: 'type'; readonly type: SyntaxType; readonly multiplier: Multiplier }
  /** A keyword, matched case-sensitively (Chromium: `AUTO` does not match `auto`). */
  | { readonly kind: 'ident'; readonly ident: string; readonly multiplier: Multiplier };

/** A syntax other than the universal `*`: its alternatives, in order. */
export interface PropertySyntax {
  readonly text: string;
  readonly alternatives: readonly SyntaxComponent[];
}

/** A value a syntax matched: the alternative, and its component values (one unless a list). */
export interface SyntaxMatch {
  readonly component: SyntaxComponent;
  readonly items: Nodes;
}

const CSS_WIDE_KEYWORDS: ReadonlySet<string> = new Set(['initial', 'inherit', 'unset', 'revert', 'revert-layer', 'default']);

/** `<name>` or an ident, then `+` or `#` right after it. Type names are case-sensitive (Chromium drops `<Length>`). */
const COMPONENT = /^(?:<([a-z-]+)>|(-?[A-Za-z_\u0080-\uffff][-\w\u0080-\uffff]*))([+#]?)$/;

/**
 * The syntax of a `syntax` descriptor's string (§5.4): 'universal' for `*`, undefined when it
 * is not one (an unknown type, a CSS-wide keyword, a multiplier after `<transform-list>`).
 */
export function parseSyntax(text: string): PropertySyntax | 'universal' | undefined {
  const trimmed = text.trim();
  if (trimmed === '*') return 'universal';
  if (trimmed === '') return undefined;
  const alternatives: SyntaxComponent[] = [];
  for (const part of trimmed.split('|')) {
    const match = COMPONENT.exec(part.trim());
    if (match === null) return undefined;
    const [, type, ident, sign] = match;
    const multiplier: Multiplier = sign === '+' ? 'space' : sign === '#' ? 'comma' : 'one';
    if (type === 'transform-list') {
      if (multiplier !== 'one') return undefined;
      alternatives.push(TRANSFORM_LIST);
    } else if (type !== undefined) {
      if (!TYPES.has(type)) return undefined;
      alternatives.push({ kind: 'type', type: type as SyntaxType, multiplier });
    } else {
      if (CSS_WIDE_KEYWORDS.has(ident!.toLowerCase())) return undefined;
      alternatives.push({ kind: 'ident', ident: ident!, multiplier });
    }
  }
  return { text: trimmed, alternatives };
}

/** Matches by syntax and value text (null: no match); a stylesheet gives few values to many elements. */
const matches = new BoundedCache<string, SyntaxMatch | null>('css.registered-syntax-matches', 1024);

/** The alternative of `syntax` that matches the value text, and its items; undefined when none does. */
export function matchSyntax(syntax: PropertySyntax, text: string): SyntaxMatch | undefined {
  const key = `${syntax.text}\u0000${text}`;
  let found = matches.get(key);
  if (found === undefined) {
    found = matchText(syntax, text) ?? null;
    matches.set(key, found);
  }
  return found ?? undefined;
}

function matchText(syntax: PropertySyntax, text: string): SyntaxMatch | undefined {
  let nodes: Nodes;
  try {
    nodes = childrenOf(parse(text, { context: 'value' }));
  } catch {
    return undefined;
  }
  if (nodes.length === 0) return undefined;
  for (const component of syntax.alternatives) {
    const items = component === TRANSFORM_LIST && nodes.length > 1 && nodes.some((node) => identOf(node) === 'none') ? undefined : listItems(nodes, component.multiplier);
    if (items !== undefined && items.every((node) => matchesComponent(component, node))) return { component, items };
  }
  return undefined;
}

/** The component values of a list with this multiplier; undefined when the value is not such a list. */
function listItems(nodes: Nodes, multiplier: Multiplier): Nodes | undefined {
  switch (multiplier) {
    case 'one': return nodes.length === 1 ? nodes : undefined;
    case 'space': return nodes.some((node) => node.type === 'Operator') ? undefined : nodes;
    case 'comma': {
      const parts = splitBy(nodes, ',');
      return parts.every((part) => part.length === 1) ? parts.map((part) => part[0]!) : undefined;
    }
  }
}

function matchesComponent(component: SyntaxComponent, node: CssNode): boolean {
  if (component.kind === 'ident') return node.type === 'Identifier' && node.name === component.ident;
  return matchesType(component.type, node);
}

const TIME_UNITS: ReadonlySet<string> = new Set(['s', 'ms']);
const RESOLUTION_UNITS: ReadonlySet<string> = new Set(['dppx', 'x', 'dpi', 'dpcm']);

function matchesType(type: SyntaxType, node: CssNode): boolean {
  switch (type) {
    case 'length': return parseLength(node, { negative: true }) !== undefined;
    case 'length-percentage': return parseLength(node, { negative: true, percent: true }) !== undefined;
    case 'percentage': return node.type === 'Percentage' || isPercentageCalc(node);
    case 'number': return node.type === 'Number' || isNumberCalc(node);
    case 'integer': return (node.type === 'Number' && /^[+-]?\d+$/.test(node.value)) || isNumberCalc(node);
    case 'angle': return node.type !== 'Number' && parseAngle(node) !== undefined;
    case 'time': return node.type === 'Dimension' && TIME_UNITS.has(node.unit.toLowerCase());
    case 'resolution': return node.type === 'Dimension' && RESOLUTION_UNITS.has(node.unit.toLowerCase());
    case 'color': return parseColor(node) !== undefined;
    case 'image': return parseImage(node, undefined) !== undefined;
    case 'url': return node.type === 'Url';
    case 'transform-function': return node.type === 'Function' && parseTransformList([node], () => undefined) !== undefined;
    case 'transform-list': return identOf(node) === 'none' || matchesType('transform-function', node);
    case 'custom-ident': return node.type === 'Identifier' && !CSS_WIDE_KEYWORDS.has(node.name.toLowerCase());
    case 'string': return node.type === 'String';
  }
}

/** A math function of numbers, or of lengths whose quotient is a number (`calc(2em / 1px)`). */
function isNumberCalc(node: CssNode): boolean {
  const calc = parseCalcFunction(node);
  return calc?.type === 'number' || calc?.type === 'number-tree';
}

/** A math function of percentages alone (`calc(10% * 2)`): one with a length is a `<length-percentage>`. */
function isPercentageCalc(node: CssNode): boolean {
  const calc = parseCalcFunction(node);
  return calc?.type === 'length' && calc.hasPercent && !hasLength(node);
}

/** Whether a length dimension appears anywhere in the node. */
export function hasLength(node: CssNode, only: (unit: string) => boolean = isLengthUnit): boolean {
  let found = false;
  walk(node, (child) => {
    if (child.type === 'Dimension' && only(child.unit)) found = true;
  });
  return found;
}
