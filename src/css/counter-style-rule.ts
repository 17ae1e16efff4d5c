/**
 * `@counter-style <name> { … }` (CSS Counter Styles 3 §3): its descriptors read into a rule that
 * css/counter-styles.ts resolves. An invalid descriptor is dropped with a warning; a rule whose
 * symbols do not suit its system (§3.1.1) is ignored with one.
 */
import type { Atrule, CssNode } from 'css-tree';
import type { CounterStyleRule, CounterSystemName } from './types.js';
import { childrenOf, identOf, integerOf, splitBy } from './values/nodes.js';
import type { Nodes } from './values/nodes.js';

export interface CounterStyleContext {
  warn(message: string, line: number | undefined): void;
}

/** Names a counter style cannot have (§3). */
const RESERVED = new Set(['none', 'initial', 'inherit', 'unset', 'revert', 'revert-layer', 'default', 'decimal', 'disc', 'square', 'circle', 'disclosure-open', 'disclosure-closed']);

const SYSTEMS = new Set<CounterSystemName>(['cyclic', 'numeric', 'alphabetic', 'symbolic', 'additive']);

/** A `<symbol>`: a string or an identifier (images are not drawn as symbols). */
function symbolOf(node: CssNode | undefined): string | undefined {
  if (node?.type === 'String') return node.value;
  if (node?.type === 'Identifier') return node.name;
  return undefined;
}

function symbolsOf(nodes: Nodes): string[] | undefined {
  const symbols = nodes.map(symbolOf);
  return nodes.length === 0 || symbols.some((s) => s === undefined) ? undefined : (symbols as string[]);
}

type Mutable = { -readonly [K in keyof CounterStyleRule]?: CounterStyleRule[K] };

/** The rule, or undefined when it is invalid (warned). */
export function parseCounterStyleRule(rule: Atrule, ctx: CounterStyleContext): CounterStyleRule | undefined {
  const prelude = rule.prelude === null ? [] : childrenOf(rule.prelude);
  const line = rule.loc?.start.line;
  const name = prelude.length === 1 && prelude[0]!.type === 'Identifier' ? prelude[0]!.name : undefined;
  if (name === undefined || RESERVED.has(name.toLowerCase())) {
    ctx.warn(name === undefined ? '@counter-style needs one name: rule ignored' : `@counter-style cannot redefine \`${name}\`: rule ignored`, line);
    return undefined;
  }
  const out: Mutable = { name, system: 'symbolic' };
  for (const node of rule.block === null ? [] : childrenOf(rule.block)) {
    if (node.type !== 'Declaration' || node.value.type !== 'Value') continue;
    const property = node.property.toLowerCase();
    if (property === 'speak-as') continue;
    if (!descriptor(property, childrenOf(node.value), out)) ctx.warn(`invalid \`${property}\` in @counter-style ${name}: dropped`, node.loc?.start.line);
  }
  const problem = unsuited(out as CounterStyleRule);
  if (problem !== undefined) {
    ctx.warn(`@counter-style ${name}: ${problem}: rule ignored`, line);
    return undefined;
  }
  return out as CounterStyleRule;
}

/** Reads one descriptor into `out`; false when its value is invalid. */
function descriptor(property: string, nodes: Nodes, out: Mutable): boolean {
  switch (property) {
    case 'system': return system(nodes, out);
    case 'symbols': {
      const symbols = symbolsOf(nodes);
      if (symbols !== undefined) out.symbols = symbols;
      return symbols !== undefined;
    }
    case 'additive-symbols': {
      const tuples = splitBy(nodes, ',').map(additiveTuple);
      if (tuples.some((t) => t === undefined)) return false;
      out.additive = tuples as [number, string][];
      return true;
    }
    case 'negative': {
      const symbols = nodes.length <= 2 ? symbolsOf(nodes) : undefined;
      if (symbols !== undefined) out.negative = [symbols[0]!, symbols[1] ?? ''];
      return symbols !== undefined;
    }
    case 'prefix': case 'suffix': {
      const symbol = nodes.length === 1 ? symbolOf(nodes[0]) : undefined;
      if (symbol !== undefined) out[property] = symbol;
      return symbol !== undefined;
    }
    case 'range': return range(nodes, out);
    case 'pad': {
      const tuple = additiveTuple(nodes);
      if (tuple !== undefined) out.pad = tuple;
      return tuple !== undefined;
    }
    case 'fallback': {
      const fallback = nodes.length === 1 ? identOf(nodes[0]) : undefined;
      if (fallback !== undefined && nodes[0]?.type === 'Identifier') out.fallback = nodes[0].name;
      return fallback !== undefined;
    }
    default: return false;
  }
}

/** `cyclic | numeric | alphabetic | symbolic | additive | [fixed <integer>?] | [extends <counter-style-name>]` */
function system(nodes: Nodes, out: Mutable): boolean {
  const word = identOf(nodes[0]);
  if (word === 'fixed' && nodes.length <= 2) {
    const first = nodes.length === 2 ? integerOf(nodes[1]) : 1;
    if (first === undefined) return false;
    out.system = 'fixed';
    out.first = first;
    return true;
  }
  if (word === 'extends' && nodes.length === 2 && nodes[1]!.type === 'Identifier') {
    out.system = 'extends';
    out.extends = nodes[1].name;
    return true;
  }
  if (nodes.length !== 1 || word === undefined || !SYSTEMS.has(word as CounterSystemName)) return false;
  out.system = word as CounterSystemName;
  return true;
}

/** `<integer [0,∞]> && <symbol>` */
function additiveTuple(nodes: Nodes): [number, string] | undefined {
  if (nodes.length !== 2) return undefined;
  const numberFirst = nodes[0]!.type === 'Number';
  const weight = integerOf(numberFirst ? nodes[0] : nodes[1]);
  const symbol = symbolOf(numberFirst ? nodes[1] : nodes[0]);
  return weight === undefined || weight < 0 || symbol === undefined ? undefined : [weight, symbol];
}

/** `[ [ <integer> | infinite ]{2} ]# | auto` */
function range(nodes: Nodes, out: Mutable): boolean {
  if (nodes.length === 1 && identOf(nodes[0]) === 'auto') {
    delete out.range;
    return true;
  }
  const ranges: [number, number][] = [];
  for (const part of splitBy(nodes, ',')) {
    if (part.length !== 2) return false;
    const [low, high] = part.map((node, i) => (identOf(node) === 'infinite' ? (i === 0 ? -Infinity : Infinity) : integerOf(node)));
    if (low === undefined || high === undefined || low > high) return false;
    ranges.push([low, high]);
  }
  out.range = ranges;
  return true;
}

/** Why the rule's symbols do not suit its system (§3.1.1, §3.2, §3.3), or undefined. */
function unsuited(rule: CounterStyleRule): string | undefined {
  const count = rule.symbols?.length ?? 0;
  switch (rule.system) {
    case 'extends': return rule.symbols !== undefined || rule.additive !== undefined ? '`extends` takes no `symbols` or `additive-symbols`' : undefined;
    case 'additive': return (rule.additive?.length ?? 0) === 0 ? '`additive` needs `additive-symbols`' : undefined;
    case 'alphabetic': case 'numeric': return count < 2 ? `\`${rule.system}\` needs two symbols or more` : undefined;
    default: return count < 1 ? `\`${rule.system}\` needs one symbol or more` : undefined;
  }
}
