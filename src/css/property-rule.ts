/** `@property` rules (CSS Properties and Values API 1 §3), read into their registrations. */
import type { Atrule, CssNode } from 'css-tree';
import { generate } from 'css-tree';
import type { RegisteredProperty } from './stylesheet.js';
import { hasLength, matchSyntax, parseSyntax } from './property-syntax.js';
import type { RegisteredValueContext } from './registered-values.js';
import { computedValue } from './registered-values.js';
import { childrenOf, stringOf } from './values/nodes.js';
import { isRelativeLengthUnit } from './values/units.js';

/**
 * `@property --name { syntax; inherits; initial-value }` (CSS Properties and Values API 1 §3):
 * `syntax` and `inherits` are required, `initial-value` too unless the syntax is `"*"`, and it
 * must then match the syntax and be computationally independent (no `em`, `vw`...). A rule that
 * breaks one of these is dropped (an earlier registration of the name stands, as in Chromium).
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
  const parsed = parseSyntax(syntax);
  if (parsed === undefined) {
    warn(`@property ${name}: \`syntax: "${syntax}"\` is not a syntax octavo reads (CSS Properties and Values API 1 §5): rule ignored`);
    return undefined;
  }
  if (parsed === 'universal') return { name, inherits: inherits === 'true', initial };
  const match = matchSyntax(parsed, initial!);
  if (match === undefined) {
    warn(`@property ${name}: \`initial-value: ${initial!}\` does not match \`syntax: "${syntax}"\`: rule ignored`);
    return undefined;
  }
  // computationally independent (§3.3): nothing of an element read (Chromium drops `0em` too)
  if (match.items.some((node) => hasLength(node, isRelativeLengthUnit))) {
    warn(`@property ${name}: \`initial-value: ${initial!}\` depends on the element (em, rem, vw...), which an initial value may not: rule ignored`);
    return undefined;
  }
  return { name, inherits: inherits === 'true', initial: computedValue(match, NO_ELEMENT), syntax: parsed };
}

/** Nothing of the element is read by a computationally independent value. */
const NO_ELEMENT: RegisteredValueContext = { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0, color: { r: 0, g: 0, b: 0, a: 1 }, colorScheme: 'light' };

function identOfValue(value: CssNode): string | undefined {
  const nodes = childrenOf(value);
  return nodes.length === 1 && nodes[0]!.type === 'Identifier' ? nodes[0]!.name.toLowerCase() : undefined;
}
