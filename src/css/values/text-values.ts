/**
 * Single values written as text outside a stylesheet (SVG presentation attributes, `style`
 * attributes of SVG elements): parsed with css-tree and read by the value parsers of css/.
 */
import { parse } from './css-tree-parse.js';
import type { CssNode } from 'css-tree';
import type { SpecifiedColor } from './color.js';
import { parseColor } from './color.js';
import { childrenOf } from './nodes.js';
import type { Nodes } from './nodes.js';

/** The component values of a CSS value, or undefined when it does not parse. */
export function valueNodes(text: string): Nodes | undefined {
  try {
    const ast: CssNode = parse(text, { context: 'value' });
    return childrenOf(ast);
  } catch {
    return undefined;
  }
}

export function parseColorText(text: string): SpecifiedColor | undefined {
  const nodes = valueNodes(text);
  return nodes !== undefined && nodes.length === 1 ? parseColor(nodes[0]) : undefined;
}

/** `name: value; ...` declarations of a `style` attribute (names lower-cased but custom properties', `!important` dropped). */
export function parseStyleAttribute(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const written = part.slice(0, colon).trim();
    const name = written.startsWith('--') ? written : written.toLowerCase();
    const value = part.slice(colon + 1).replace(/!important\s*$/i, '').trim();
    if (name !== '' && value !== '') out.set(name, value);
  }
  return out;
}
