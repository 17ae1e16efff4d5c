/** `@property` rules (CSS Properties and Values API 1 §3), read into their registrations. */
import type { Atrule, CssNode } from 'css-tree';
import { generate } from 'css-tree';
import type { RegisteredProperty } from './stylesheet.js';
import { childrenOf, stringOf } from './values/nodes.js';

/**
 * `@property --name { syntax; inherits; initial-value }` (CSS Properties and Values API 1 §3):
 * `syntax` and `inherits` are required, `initial-value` too unless the syntax is `"*"`. The
 * value keeps its text: the syntax is not used to type it.
 */
export function parsePropertyRule(node: Atrule, warn: (message: string) => void): RegisteredProperty | undefined {
  const prelude = node.prelude === null ? [] : childrenOf(node.prelude);
  const name = prelude.length === 1 && prelude[0]!.type === 'Identifier' ? prelude[0]!.name : undefined;
  if (name === undefined || !name.startsWith('--')) {
    warn('@property needs one custom property name: rule ignored');
    return undefined;
  }
  const descriptors = new Map<string, CssNode>();
  for (const child of node.block === null ? [] : childrenOf(node.block)) {
    if (child.type === 'Declaration') descriptors.set(child.property.toLowerCase(), child.value);
  }
  const syntaxNode = descriptors.get('syntax');
  const syntax = syntaxNode === undefined ? undefined : stringOf(childrenOf(syntaxNode)[0]);
  const inherits = descriptors.get('inherits') === undefined ? undefined : identOfValue(descriptors.get('inherits')!);
  const initialNode = descriptors.get('initial-value');
  const initial = initialNode === undefined ? undefined : (initialNode.type === 'Raw' ? initialNode.value : generate(initialNode)).trim();
  if (syntax === undefined || (inherits !== 'true' && inherits !== 'false') || (syntax.trim() !== '*' && initial === undefined)) {
    warn(`@property ${name}: \`syntax\`, \`inherits\` (and \`initial-value\` unless the syntax is "*") are required: rule ignored`);
    return undefined;
  }
  return { name, inherits: inherits === 'true', initial };
}

function identOfValue(value: CssNode): string | undefined {
  const nodes = childrenOf(value);
  return nodes.length === 1 && nodes[0]!.type === 'Identifier' ? nodes[0]!.name.toLowerCase() : undefined;
}
