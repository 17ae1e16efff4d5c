/**
 * `@supports` (CSS Conditional 3 §6): a declaration is supported when the registry knows the
 * property and accepts the value; `selector()` when css-select compiles it.
 */
import type { CssNode } from 'css-tree';
import { generate, parse } from 'css-tree';
import { INVALID } from './properties/define.js';
import { lookupProperty } from './properties/registry.js';
import { compileSelector } from './selectors.js';
import { childrenOf, identOf } from './values/nodes.js';

export function evaluateSupports(prelude: CssNode): boolean {
  try {
    return evaluate(childrenOf(prelude));
  } catch {
    return false;
  }
}

function evaluate(nodes: readonly CssNode[]): boolean {
  let negate = false;
  let joiner: 'and' | 'or' | undefined;
  const results: boolean[] = [];
  for (const node of nodes) {
    const word = identOf(node);
    if (word === 'not') { negate = true; continue; }
    if (word === 'and' || word === 'or') { joiner = word; continue; }
    results.push(evaluateOperand(node));
  }
  const combined = joiner === 'or' ? results.some(Boolean) : results.every(Boolean);
  return negate ? !combined : combined;
}

function evaluateOperand(node: CssNode): boolean {
  switch (node.type) {
    case 'Condition': return evaluate(childrenOf(node));
    case 'Parentheses': return evaluate(childrenOf(node));
    case 'Declaration': return declarationSupported(node.property, generate(node.value));
    case 'Feature': return node.value !== null && declarationSupported(node.name, generate(node.value));
    case 'SupportsDeclaration': return evaluateOperand((node as unknown as { declaration: CssNode }).declaration);
    case 'FeatureFunction': {
      const feature = node as unknown as { feature: string; value: CssNode };
      if (feature.feature.toLowerCase() !== 'selector') return false;
      return feature.value.type === 'Selector' && compileSelector(feature.value).ok;
    }
    default: return false;
  }
}

function declarationSupported(property: string, value: string): boolean {
  const lookup = lookupProperty(property);
  if (lookup.kind !== 'known') return property.startsWith('--');
  const def = lookup.def;
  if (def.kind === 'unsupported') return false;
  const nodes = childrenOf(parse(value, { context: 'value' }));
  const ctx = { baseUrl: undefined, unsupported: () => undefined };
  switch (def.kind) {
    case 'longhand': return def.parse(nodes, ctx) !== INVALID;
    case 'shorthand': return def.parse(nodes, ctx) !== INVALID;
    case 'logical': {
      const physical = lookupProperty(def.ltr);
      return physical.kind === 'known' && physical.def.kind === 'longhand' && physical.def.parse(nodes, ctx) !== INVALID;
    }
  }
}
