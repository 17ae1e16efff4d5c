/** CSS Generated Content 3 / CSS Lists 3: content, quotes, counter-reset/increment/set. */
import type { CssNode } from 'css-tree';
import type { ContentItem, CounterChange } from '../types.js';
import { childrenOf, identOf, integerOf, splitBy, stringOf, urlOf } from '../values/nodes.js';
import type { Nodes } from '../values/nodes.js';
import type { ParseContext, PropertyDef } from './define.js';
import { INVALID, longhand } from './define.js';

const QUOTE_KEYWORDS = new Set(['open-quote', 'close-quote', 'no-open-quote', 'no-close-quote']);

/** A `<counter-style>` argument: a name, or `symbols()` (unsupported, falls back to decimal). */
function counterStyleOf(node: CssNode | undefined, ctx: ParseContext): string | undefined {
  if (node === undefined) return 'decimal';
  const name = identOf(node);
  if (name !== undefined) return name === 'none' ? 'none' : name;
  if (node.type === 'Function' && node.name.toLowerCase() === 'symbols') {
    ctx.unsupported('symbols()');
    return 'decimal';
  }
  return undefined;
}

function parseContentFunction(node: CssNode & { type: 'Function' }, ctx: ParseContext): ContentItem | undefined {
  const args = splitBy(childrenOf(node), ',');
  switch (node.name.toLowerCase()) {
    case 'attr': {
      const name = args.length >= 1 && args[0]!.length >= 1 ? identOf(args[0]![0]) : undefined;
      return name === undefined ? undefined : { kind: 'attr', name };
    }
    case 'counter': {
      const name = args[0]?.length === 1 ? args[0][0]!.type === 'Identifier' ? (args[0][0] as { name: string }).name : undefined : undefined;
      if (name === undefined || args.length > 2) return undefined;
      const style = counterStyleOf(args[1]?.[0], ctx);
      return style === undefined ? undefined : { kind: 'counter', name, style };
    }
    case 'counters': {
      const name = args[0]?.length === 1 && args[0][0]!.type === 'Identifier' ? (args[0][0] as { name: string }).name : undefined;
      const separator = args[1]?.length === 1 ? stringOf(args[1][0]) : undefined;
      if (name === undefined || separator === undefined || args.length > 3) return undefined;
      const style = counterStyleOf(args[2]?.[0], ctx);
      return style === undefined ? undefined : { kind: 'counters', name, separator, style };
    }
    case 'url': {
      const url = urlOf(node, ctx.baseUrl);
      return url === undefined ? undefined : { kind: 'url', url };
    }
    default:
      ctx.unsupported(`${node.name.toLowerCase()}() in \`content\``);
      return undefined;
  }
}

function parseContentItem(node: CssNode, ctx: ParseContext): ContentItem | undefined {
  switch (node.type) {
    case 'String': return { kind: 'string', value: node.value };
    case 'Url': return { kind: 'url', url: urlOf(node, ctx.baseUrl)! };
    case 'Identifier': {
      const word = node.name.toLowerCase();
      return QUOTE_KEYWORDS.has(word) ? { kind: word as 'open-quote' } : undefined;
    }
    case 'Function': return parseContentFunction(node, ctx);
    default: return undefined;
  }
}

type ContentSpec = 'normal' | 'none' | readonly ContentItem[];

/** `normal | none | [ <content-list> ] [ / <string>+ ]?` (CSS Generated Content 3 §2). */
export function parseContent(nodes: Nodes, ctx: ParseContext): ContentSpec | undefined {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  if (word === 'normal' || word === 'none') return word;
  const [list, alt] = splitBy(nodes, '/');
  if (list === undefined || list.length === 0) return undefined;
  if (alt !== undefined && alt.some((n) => n.type !== 'String')) return undefined;
  const items: ContentItem[] = [];
  for (const node of list) {
    const item = parseContentItem(node, ctx);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

/** `none | [ <counter-name> <integer>? ]+` (CSS Lists 3 §4.5). */
function parseCounterChanges(nodes: Nodes, defaultValue: number): readonly CounterChange[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  const changes: CounterChange[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.type !== 'Identifier') return undefined;
    const lower = node.name.toLowerCase();
    if (lower === 'none' || lower === 'inherit' || lower === 'initial' || lower === 'unset') return undefined;
    const value = integerOf(nodes[i + 1]);
    if (value !== undefined) i++;
    changes.push({ name: node.name, value: value ?? defaultValue });
  }
  return changes.length > 0 ? changes : undefined;
}

function counterProperty(name: string, key: 'counterReset' | 'counterIncrement' | 'counterSet', defaultValue: number): PropertyDef {
  return longhand<typeof key, readonly CounterChange[]>({
    name,
    key,
    inherited: false,
    initial: [],
    parse: (nodes) => parseCounterChanges(nodes, defaultValue) ?? INVALID,
    compute: (value) => value,
  });
}

type QuotesSpec = 'auto' | 'none' | readonly (readonly [string, string])[];

function parseQuotes(nodes: Nodes): QuotesSpec | undefined {
  const word = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  if (word === 'auto' || word === 'none') return word;
  if (nodes.length === 0 || nodes.length % 2 !== 0) return undefined;
  const pairs: (readonly [string, string])[] = [];
  for (let i = 0; i < nodes.length; i += 2) {
    const open = stringOf(nodes[i]);
    const close = stringOf(nodes[i + 1]);
    if (open === undefined || close === undefined) return undefined;
    pairs.push([open, close]);
  }
  return pairs;
}

export const CONTENT_PROPERTIES: readonly PropertyDef[] = [
  longhand<'content', ContentSpec>({
    name: 'content',
    key: 'content',
    inherited: false,
    initial: 'normal',
    parse: (nodes, ctx) => parseContent(nodes, ctx) ?? INVALID,
    compute: (value) => value,
  }),
  counterProperty('counter-reset', 'counterReset', 0),
  counterProperty('counter-increment', 'counterIncrement', 1),
  counterProperty('counter-set', 'counterSet', 0),
  longhand<'quotes', QuotesSpec>({
    name: 'quotes',
    key: 'quotes',
    inherited: true,
    initial: 'auto',
    parse: (nodes) => parseQuotes(nodes) ?? INVALID,
    compute: (value) => value,
  }),
];
