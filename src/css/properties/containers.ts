/**
 * Query containers (CSS Conditional 5 §6.1): `container-type`, `container-name` and the
 * `container` shorthand. A size container's descendants' `@container` rules and `cq*` units are
 * resolved against its laid-out size (css/container-query.ts, container-passes.ts).
 */
import type { ContainerType } from '../model/types.js';
import type { Nodes } from '../values/nodes.js';
import { identOf, splitBy } from '../values/nodes.js';
import type { PropertyDef } from './define.js';
import { INVALID, longhand, shorthand } from './define.js';

/** Words a container name cannot be (CSS Conditional 5 §6.1.2: `none` and the query keywords). */
const RESERVED_NAMES = new Set(['none', 'and', 'or', 'not', 'initial', 'inherit', 'unset', 'revert', 'revert-layer', 'default']);

const NO_NAMES: readonly string[] = [];

/** `none | <custom-ident>+`; names are case-sensitive, as every `<custom-ident>`. */
function namesOf(nodes: Nodes): readonly string[] | typeof INVALID {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return NO_NAMES;
  if (nodes.length === 0) return INVALID;
  const names: string[] = [];
  for (const node of nodes) {
    if (node.type !== 'Identifier' || RESERVED_NAMES.has(node.name.toLowerCase())) return INVALID;
    names.push(node.name);
  }
  return names;
}

const containerName = longhand<'containerName', readonly string[]>({
  name: 'container-name', key: 'containerName', inherited: false, initial: NO_NAMES,
  parse: namesOf, compute: (value) => value,
});

/**
 * `normal | [size | inline-size] || scroll-state`: `scroll-state` containers answer only
 * `scroll-state()` queries, which are never true in print, so it adds nothing here.
 */
const containerType = longhand<'containerType', ContainerType>({
  name: 'container-type', key: 'containerType', inherited: false, initial: 'normal',
  parse: (nodes: Nodes) => {
    const words = nodes.map(identOf);
    if (words.length === 1 && (words[0] === 'normal' || words[0] === 'scroll-state')) return 'normal';
    const sizes = words.filter((word) => word === 'size' || word === 'inline-size');
    const rest = words.filter((word) => word !== 'size' && word !== 'inline-size');
    if (sizes.length !== 1 || rest.length > 1 || (rest.length === 1 && rest[0] !== 'scroll-state')) return INVALID;
    return sizes[0] as ContainerType;
  },
  compute: (value) => value,
});

/** `container: <'container-name'> [ / <'container-type'> ]?` */
const container = shorthand('container', ['container-name', 'container-type'], (nodes: Nodes, ctx) => {
  const parts = splitBy(nodes, '/');
  if (parts.length > 2) return INVALID;
  const names = namesOf(parts[0]!);
  const type = parts.length === 2 ? containerType.parse(parts[1]!, ctx) : 'normal';
  if (names === INVALID || type === INVALID) return INVALID;
  return new Map<string, unknown>([['container-name', names], ['container-type', type]]);
});

export const CONTAINER_PROPERTIES: readonly PropertyDef[] = [containerName, containerType, container];
