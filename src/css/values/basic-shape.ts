/**
 * `<basic-shape>` (CSS Shapes 1 §3.1): `inset()`, `rect()`, `xywh()`, `circle()`, `ellipse()`, `polygon()`, parsed
 * with specified lengths and computed to px or percentages (resolved against the reference box
 * when painted).
 */
import type { CssNode } from 'css-tree';
import type { BasicShape, ShapeRadius } from '../model/effect-types.js';
import type { LengthPercentage } from '../model/types.js';
import type { Nodes } from './nodes.js';
import { childrenOf, identOf, isOperator, splitBy } from './nodes.js';
import type { SpecifiedPosition } from './position.js';
import { CENTER, computePosition, parsePosition } from './position.js';
import type { LengthContext, SpecifiedLength } from './units.js';
import type { SpecifiedCalc } from './calc.js';
import { computeLength, parseLength } from './units.js';

type Pair = readonly [SpecifiedLength, SpecifiedLength];
type SpecRadius = SpecifiedLength | 'closest-side' | 'farthest-side';

export type SpecifiedShape =
  | { readonly kind: 'inset'; readonly sides: readonly SpecifiedLength[]; readonly radii: readonly Pair[] }
  | { readonly kind: 'circle'; readonly radius: SpecRadius; readonly position: SpecifiedPosition }
  | { readonly kind: 'ellipse'; readonly rx: SpecRadius; readonly ry: SpecRadius; readonly position: SpecifiedPosition }
  | { readonly kind: 'polygon'; readonly evenOdd: boolean; readonly points: readonly Pair[] };

const lp = (node: CssNode | undefined, negative = true): SpecifiedLength | undefined => parseLength(node, { percent: true, negative });

/** 1-4 values expanded to top, right, bottom, left (CSS Backgrounds 3 §4 order). */
function fourSides(nodes: Nodes, negative: boolean): SpecifiedLength[] | undefined {
  if (nodes.length < 1 || nodes.length > 4) return undefined;
  const values = nodes.map((node) => lp(node, negative));
  if (values.some((v) => v === undefined)) return undefined;
  const [a, b = a, c = a, d = b] = values as SpecifiedLength[];
  return [a!, b!, c!, d!];
}

/** `inset( <length-percentage>{1,4} [ round <'border-radius'> ]? )`. */
function parseInset(args: Nodes): SpecifiedShape | undefined {
  const round = args.findIndex((node) => identOf(node) === 'round');
  const sides = fourSides(round < 0 ? args : args.slice(0, round), true);
  if (sides === undefined) return undefined;
  if (round < 0) return { kind: 'inset', sides, radii: [[0, 0], [0, 0], [0, 0], [0, 0]] };
  const parts = splitBy(args.slice(round + 1), '/');
  const horizontal = parts[0] === undefined ? undefined : fourSides(parts[0], false);
  const vertical = parts.length === 2 ? fourSides(parts[1]!, false) : horizontal;
  if (parts.length > 2 || horizontal === undefined || vertical === undefined) return undefined;
  return { kind: 'inset', sides, radii: horizontal.map((h, i) => [h, vertical[i]!] as const) };
}

/**
 * `rect( [ <length-percentage> | auto ]{4} [ round <'border-radius'> ]? )` and `xywh(
 * <length-percentage>{2} <length-percentage [0,∞]>{2} [ round <'border-radius'> ]? )` (CSS Shapes 1
 * §3.2): the same rectangles as an inset from the reference box's edges, which is how they are kept.
 */
function parseRectAsInset(kind: 'rect' | 'xywh', args: Nodes): SpecifiedShape | undefined {
  const round = args.findIndex((node) => identOf(node) === 'round');
  const values = round < 0 ? args : args.slice(0, round);
  if (values.length !== 4) return undefined;
  const edge = (node: CssNode, auto: SpecifiedLength): SpecifiedLength | undefined => (kind === 'rect' && identOf(node) === 'auto' ? auto : lp(node, kind === 'rect' || values.indexOf(node) < 2));
  const [a, b, c, d] = values.map((node, i) => edge(node, i === 1 || i === 2 ? { kind: 'percent', value: 100 } : 0));
  if (a === undefined || b === undefined || c === undefined || d === undefined) return undefined;
  // rect(top right bottom left): offsets from the top and left edges; xywh(x y width height)
  const sides = kind === 'rect' ? [a, rest([b]), rest([c]), d] : [b, rest([a, c]), rest([b, d]), a];
  const rounded = parseInset([...sides.map(() => ZERO_NODE), ...(round < 0 ? [] : args.slice(round))]);
  return rounded === undefined || rounded.kind !== 'inset' ? undefined : { ...rounded, sides };
}

/** A placeholder length for parsing the `round` part alone. */
const ZERO_NODE: CssNode = { type: 'Number', value: '0' } as CssNode;

/** 100% less the lengths: the inset from the far edge of what the lengths reach from the near one. */
function rest(lengths: readonly SpecifiedLength[]): SpecifiedLength {
  return { kind: 'spec-calc', node: { op: 'sum', terms: [{ op: 'percent', value: 100 }, ...lengths.map((l) => ({ op: 'scale' as const, node: asCalc(l), by: -1 }))] } };
}

function asCalc(length: SpecifiedLength): SpecifiedCalc {
  if (typeof length === 'number') return { op: 'dim', value: length, unit: 'px' };
  switch (length.kind) {
    case 'rel': return { op: 'dim', value: length.value, unit: length.unit };
    case 'percent': return { op: 'percent', value: length.value };
    case 'spec-calc': return length.node;
  }
}

function parseRadius(node: CssNode | undefined): SpecRadius | undefined {
  const word = identOf(node);
  if (word === 'closest-side' || word === 'farthest-side') return word;
  return lp(node, false);
}

/** `circle( <shape-radius>? [ at <position> ]? )` and `ellipse( [<shape-radius>{2}]? [ at <position> ]? )`. */
function parseRound(kind: 'circle' | 'ellipse', args: Nodes): SpecifiedShape | undefined {
  const at = args.findIndex((node) => identOf(node) === 'at');
  const radii = (at < 0 ? args : args.slice(0, at)).map(parseRadius);
  const position = at < 0 ? CENTER : parsePosition(args.slice(at + 1));
  if (position === undefined || radii.some((r) => r === undefined)) return undefined;
  const [a, b] = radii as SpecRadius[];
  if (kind === 'circle') return radii.length <= 1 ? { kind, radius: a ?? 'closest-side', position } : undefined;
  if (radii.length === 1 || radii.length > 2) return undefined;
  return { kind, rx: a ?? 'closest-side', ry: b ?? 'closest-side', position };
}

/** `polygon( <fill-rule>? , [ <length-percentage> <length-percentage> ]# )`. */
function parsePolygon(args: Nodes): SpecifiedShape | undefined {
  const groups = splitBy(args, ',');
  const rule = groups[0]?.length === 1 ? identOf(groups[0][0]) : undefined;
  const evenOdd = rule === 'evenodd';
  const pointGroups = rule === 'evenodd' || rule === 'nonzero' ? groups.slice(1) : groups;
  const points: Pair[] = [];
  for (const group of pointGroups) {
    const x = group.length === 2 ? lp(group[0]) : undefined;
    const y = group.length === 2 ? lp(group[1]) : undefined;
    if (x === undefined || y === undefined) return undefined;
    points.push([x, y]);
  }
  return points.length === 0 ? undefined : { kind: 'polygon', evenOdd, points };
}

/**
 * `<basic-shape> || <box>` (clip-path, shape-outside): the shape and the box each at most once, in
 * either order; `boxOf` names the boxes the property takes. Undefined when the nodes are not that.
 */
export function parseShapeAndBox<B>(nodes: Nodes, boxOf: (word: string) => B | undefined): { shape: SpecifiedShape | undefined; box: B | undefined } | undefined {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  let shape: SpecifiedShape | undefined;
  let box: B | undefined;
  for (const node of nodes) {
    const word = identOf(node);
    const asBox = word === undefined ? undefined : boxOf(word);
    if (asBox !== undefined && box === undefined) { box = asBox; continue; }
    const asShape = shape === undefined ? parseBasicShape(node) : undefined;
    if (asShape === undefined) return undefined;
    shape = asShape;
  }
  return { shape, box };
}

export function parseBasicShape(node: CssNode | undefined): SpecifiedShape | undefined {
  if (node?.type !== 'Function') return undefined;
  const args = childrenOf(node).filter((child) => child.type !== 'WhiteSpace');
  switch (node.name.toLowerCase()) {
    case 'inset': return args.some((a) => isOperator(a, ',')) ? undefined : parseInset(args);
    case 'circle': return parseRound('circle', args);
    case 'ellipse': return parseRound('ellipse', args);
    case 'polygon': return parsePolygon(args);
    case 'rect':
    case 'xywh': return args.some((a) => isOperator(a, ',')) ? undefined : parseRectAsInset(node.name.toLowerCase() as 'rect' | 'xywh', args);
    default: return undefined;
  }
}

export function computeBasicShape(shape: SpecifiedShape, ctx: LengthContext): BasicShape {
  const len = (v: SpecifiedLength): LengthPercentage => computeLength(v, ctx);
  const radius = (r: SpecRadius): ShapeRadius => (typeof r === 'string' ? r : len(r));
  const pair = (p: Pair): readonly [LengthPercentage, LengthPercentage] => [len(p[0]), len(p[1])];
  switch (shape.kind) {
    case 'inset': {
      const [t, r, b, l] = shape.sides.map(len) as [LengthPercentage, LengthPercentage, LengthPercentage, LengthPercentage];
      return { kind: 'inset', sides: [t, r, b, l], radii: shape.radii.map(pair) };
    }
    case 'circle': return { kind: 'circle', radius: radius(shape.radius), position: computePosition(shape.position, ctx) };
    case 'ellipse': return { kind: 'ellipse', rx: radius(shape.rx), ry: radius(shape.ry), position: computePosition(shape.position, ctx) };
    case 'polygon': return { kind: 'polygon', evenOdd: shape.evenOdd, points: shape.points.map(pair) };
  }
}
