/** CSS Lists 3 §3: list-style-type, -position, -image and the `list-style` shorthand. */
import type { CssNode } from 'css-tree';
import { identOf, stringOf, urlOf } from '../values/nodes.js';
import type { ParseContext, PropertyDef } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

type ListStyleType = string | { readonly kind: 'string'; readonly value: string };

const RESERVED = new Set(['inherit', 'initial', 'unset', 'revert', 'default']);

/** `<counter-style> | <string> | none` */
function parseType(node: CssNode | undefined): ListStyleType | undefined {
  const text = stringOf(node);
  if (text !== undefined) return { kind: 'string', value: text };
  const word = identOf(node);
  return word !== undefined && !RESERVED.has(word) ? word : undefined;
}

function parseImage(node: CssNode | undefined, ctx: ParseContext): string | undefined {
  if (identOf(node) === 'none') return 'none';
  return urlOf(node, ctx.baseUrl);
}

const POSITIONS = new Set(['inside', 'outside']);

/** `list-style: <position> || <image> || <type>`; a lone `none` sets type and/or image. */
const listStyle = shorthand('list-style', ['list-style-type', 'list-style-position', 'list-style-image'], (nodes, ctx) => {
  if (nodes.length === 0 || nodes.length > 3) return INVALID;
  let type: unknown = RESET;
  let position: unknown = RESET;
  let image: unknown = RESET;
  let nones = 0;
  for (const node of nodes) {
    const word = identOf(node);
    if (word === 'none') { nones++; continue; }
    if (word !== undefined && POSITIONS.has(word) && position === RESET) { position = word; continue; }
    const url = word === undefined ? urlOf(node, ctx.baseUrl) : undefined;
    if (url !== undefined && image === RESET) { image = url; continue; }
    const asType = parseType(node);
    if (asType !== undefined && type === RESET) { type = asType; continue; }
    return INVALID;
  }
  if (nones > 0) {
    const free = [type === RESET, image === RESET].filter(Boolean).length;
    if (nones > free) return INVALID;
    if (type === RESET) type = 'none';
    if (image === RESET && (nones === 2 || type !== 'none' || free === 2)) image = 'none';
  }
  return new Map<string, unknown>([['list-style-type', type], ['list-style-position', position], ['list-style-image', image]]);
});

export const LIST_PROPERTIES: readonly PropertyDef[] = [
  longhand<'listStyleType', ListStyleType>({
    name: 'list-style-type',
    key: 'listStyleType',
    inherited: true,
    initial: 'disc',
    parse: (nodes) => (nodes.length === 1 ? parseType(nodes[0]) ?? INVALID : INVALID),
    compute: (value) => value,
  }),
  keywordProperty({ name: 'list-style-position', key: 'listStylePosition', keywords: ['inside', 'outside'], initial: 'outside', inherited: true }),
  longhand<'listStyleImage', string>({
    name: 'list-style-image',
    key: 'listStyleImage',
    inherited: true,
    initial: 'none',
    parse: (nodes, ctx) => (nodes.length === 1 ? parseImage(nodes[0], ctx) ?? INVALID : INVALID),
    compute: (value) => value,
  }),
  listStyle,
];
