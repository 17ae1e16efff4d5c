/** CSS Generated Content 3 / CSS Lists 3: content, quotes, counter-reset/increment/set. */
import type { CssNode } from 'css-tree';
import type { ContentItem, ContentList, ContentPart, CounterChange, RunningPolicy, StringSet, TargetRef } from '../model/types.js';
import { childrenOf, identOf, splitBy, stringOf, urlOf } from '../values/nodes.js';
import { parseImage } from '../values/image.js';
import type { Nodes } from '../values/nodes.js';
import type { ParseContext, PropertyDef } from './define.js';
import { INVALID, keywordProperty, longhand } from './define.js';
import { numberProperty, parseNumber } from './common.js';

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
    case 'image-set': case '-webkit-image-set': {
      // an option that is a gradient makes the declaration invalid here: generated gradients are not drawn
      const image = parseImage(node, ctx.baseUrl);
      return image?.kind === 'url' ? image : undefined;
    }
    case 'string': case 'element': {
      const name = args[0]?.length === 1 ? identOf(args[0][0]) === undefined ? undefined : (args[0][0] as { name: string }).name : undefined;
      const policy = args[1] === undefined ? 'first' : args[1].length === 1 ? identOf(args[1][0]) : undefined;
      if (name === undefined || !POLICIES.has(policy ?? '') || args.length > 2) return undefined;
      return { kind: node.name.toLowerCase() === 'string' ? 'named-string' : 'element', name, policy: policy as RunningPolicy };
    }
    case 'content': {
      // `content()` is `content(text)`: splitBy gives one empty argument for it
      const part = args.length === 0 || (args.length === 1 && args[0]!.length === 0) ? 'text' : args.length === 1 && args[0]!.length === 1 ? identOf(args[0]![0]) : undefined;
      return part !== undefined && PARTS.has(part) ? { kind: 'content', part: part as ContentPart } : undefined;
    }
    case 'target-counter': case 'target-counters': case 'target-text':
      return parseTarget(node.name.toLowerCase(), args, ctx);
    case 'leader': {
      const word = args.length === 1 && args[0]!.length === 1 ? identOf(args[0]![0]) : undefined;
      const pattern = word !== undefined ? LEADERS[word] : args.length === 1 && args[0]!.length === 1 ? stringOf(args[0]![0]) : undefined;
      return pattern === undefined ? undefined : { kind: 'leader', pattern };
    }
    default:
      ctx.unsupported(`${node.name.toLowerCase()}() in \`content\``);
      return undefined;
  }
}

const POLICIES = new Set(['first', 'start', 'last', 'first-except']);
const PARTS = new Set(['text', 'before', 'after', 'first-letter', 'marker']);
const LEADERS: Readonly<Record<string, string>> = { dotted: '. ', solid: '_', space: ' ' };

/** `attr(href url)`, `attr(href)`, `url(#id)` or `"#id"`: where a cross-reference points (CSS GCPM 3 §2). */
function targetOf(nodes: Nodes | undefined): TargetRef | undefined {
  if (nodes === undefined || nodes.length !== 1) return undefined;
  const node = nodes[0]!;
  if (node.type === 'String') return { kind: 'url', url: node.value };
  if (node.type === 'Url') return { kind: 'url', url: node.value };
  if (node.type === 'Function' && node.name.toLowerCase() === 'attr') {
    const name = identOf(childrenOf(node)[0]);
    return name === undefined ? undefined : { kind: 'attr', name };
  }
  return undefined;
}

/** `target-counter(<url>, name, style?)`, `target-counters(<url>, name, <string>, style?)`, `target-text(<url>, part?)`. */
function parseTarget(kind: string, args: Nodes[], ctx: ParseContext): ContentItem | undefined {
  const target = targetOf(args[0]);
  if (target === undefined) return undefined;
  if (kind === 'target-text') {
    const part = args[1] === undefined ? 'text' : args[1].length === 1 ? identOf(args[1][0]) : undefined;
    if (args.length > 2 || part === undefined || !PARTS.has(part === 'content' ? 'text' : part)) return undefined;
    return { kind: 'target-text', target, part: (part === 'content' ? 'text' : part) as ContentPart };
  }
  const name = args[1]?.length === 1 && args[1][0]!.type === 'Identifier' ? (args[1][0] as { name: string }).name : undefined;
  if (name === undefined) return undefined;
  if (kind === 'target-counter') {
    const style = args.length > 3 ? undefined : counterStyleOf(args[2]?.[0], ctx);
    return style === undefined ? undefined : { kind: 'target-counter', target, name, style };
  }
  const separator = args[2]?.length === 1 ? stringOf(args[2][0]) : undefined;
  const style = args.length > 4 || separator === undefined ? undefined : counterStyleOf(args[3]?.[0], ctx);
  return style === undefined ? undefined : { kind: 'target-counters', target, name, separator: separator!, style };
}

/** `none | [ <custom-ident> <content-list> ]#` (CSS GCPM 3 §1.1). */
function parseStringSet(nodes: Nodes, ctx: ParseContext): 'none' | readonly StringSet[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return 'none';
  const sets: StringSet[] = [];
  for (const part of splitBy(nodes, ',')) {
    const [head, ...rest] = part;
    if (head === undefined || head.type !== 'Identifier' || rest.length === 0) return undefined;
    const items = parseTextItems(rest, ctx);
    if (items === undefined) return undefined;
    sets.push({ name: head.name, items });
  }
  return sets;
}

/** A content list that makes text only (`string-set`, `bookmark-label`): no images, running elements or leaders. */
function parseTextItems(nodes: Nodes, ctx: ParseContext): ContentItem[] | undefined {
  if (nodes.length === 0) return undefined;
  const items = nodes.map((node) => parseContentItem(node, ctx));
  if (items.some((item) => item === undefined || item.kind === 'element' || item.kind === 'leader' || item.kind === 'url')) return undefined;
  return items as ContentItem[];
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

type ContentSpec = 'normal' | 'none' | ContentList;

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
  return alt === undefined ? items : Object.assign(items, { alt: alt.map((n) => stringOf(n)!).join('') });
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
    const value = parseNumber(nodes[i + 1], { integer: true });
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
  longhand<'stringSet', 'none' | readonly StringSet[]>({
    name: 'string-set',
    key: 'stringSet',
    inherited: false,
    initial: 'none',
    parse: (nodes, ctx) => parseStringSet(nodes, ctx) ?? INVALID,
    compute: (value) => value,
  }),
  keywordProperty({ name: 'footnote-display', key: 'footnoteDisplay', keywords: ['block', 'inline', 'compact'], initial: 'block', inherited: false }),
  keywordProperty({ name: 'footnote-policy', key: 'footnotePolicy', keywords: ['auto', 'line', 'block'], initial: 'auto', inherited: false }),
  numberProperty('bookmark-level', 'bookmarkLevel', 'none', false, { integer: true, min: 1, keywords: ['none'] }),
  longhand<'bookmarkLabel', readonly ContentItem[]>({
    name: 'bookmark-label',
    key: 'bookmarkLabel',
    inherited: false,
    initial: [{ kind: 'content', part: 'text' }],
    parse: (nodes, ctx) => parseTextItems(nodes, ctx) ?? INVALID,
    compute: (value) => value,
  }),
  keywordProperty({ name: 'bookmark-state', key: 'bookmarkState', keywords: ['open', 'closed'], initial: 'open', inherited: false }),
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
