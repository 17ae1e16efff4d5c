/**
 * `<transform-list>` (CSS Transforms 1 §13, CSS Transforms 2 §13) and `transform-origin`
 * (CSS Transforms 1 §7): parsed once per stylesheet into functions with specified lengths.
 * 3D functions are kept as 3D (the paint stage flattens the result, as a browser does without
 * `perspective`); `perspective()` cannot be drawn flat and is reported.
 */
import type { CssNode } from 'css-tree';
import type { TransformFunction, TransformOrigin } from '../model/effect-types.js';
import type { LengthPercentage } from '../model/types.js';
import { parseAngle } from './angle.js';
import type { Nodes } from './nodes.js';
import { childrenOf, identOf, numberOf, splitBy } from './nodes.js';
import { parsePosition } from './position.js';
import type { LengthContext, SpecifiedLength } from './units.js';
import { computeLength, parseLength } from './units.js';

export type SpecifiedTransform = TransformFunction<SpecifiedLength>;

/** A function that parses but cannot be drawn (its name), or the parsed function. */
type Parsed = SpecifiedTransform | { readonly unsupported: string } | undefined;

const lengthPercent = (node: CssNode | undefined): SpecifiedLength | undefined => parseLength(node, { percent: true, negative: true });
const lengthOnly = (node: CssNode | undefined): SpecifiedLength | undefined => parseLength(node, { negative: true });

/** A `<number>` or a percentage as a fraction (`scale(50%)`, CSS Transforms 2 §13). */
function scaleFactor(node: CssNode | undefined): number | undefined {
  if (node?.type === 'Percentage') return Number(node.value) / 100;
  return numberOf(node);
}

/** Each comma-separated argument, one node each; undefined when one is not a single node. */
function argumentsOf(node: CssNode): CssNode[] | undefined {
  const args = splitBy(childrenOf(node), ',');
  if (args.length === 1 && args[0]!.length === 0) return [];
  if (args.some((arg) => arg.length !== 1)) return undefined;
  return args.map((arg) => arg[0]!);
}

function all<T>(values: readonly (T | undefined)[]): T[] | undefined {
  return values.some((v) => v === undefined) ? undefined : (values as T[]);
}

function parseTranslate(name: string, args: CssNode[]): Parsed {
  const [a, b, c] = args;
  switch (name) {
    case 'translate': {
      if (args.length < 1 || args.length > 2) return undefined;
      const x = lengthPercent(a);
      const y = b === undefined ? 0 : lengthPercent(b);
      return x === undefined || y === undefined ? undefined : { kind: 'translate', x, y, z: 0 };
    }
    case 'translatex': case 'translatey': {
      const v = args.length === 1 ? lengthPercent(a) : undefined;
      if (v === undefined) return undefined;
      return name === 'translatex' ? { kind: 'translate', x: v, y: 0, z: 0 } : { kind: 'translate', x: 0, y: v, z: 0 };
    }
    case 'translatez': {
      const z = args.length === 1 ? lengthOnly(a) : undefined;
      return z === undefined ? undefined : { kind: 'translate', x: 0, y: 0, z };
    }
    default: {
      const x = lengthPercent(a);
      const y = lengthPercent(b);
      const z = lengthOnly(c);
      return args.length !== 3 || x === undefined || y === undefined || z === undefined ? undefined : { kind: 'translate', x, y, z };
    }
  }
}

function parseScale(name: string, args: CssNode[]): Parsed {
  const values = all(args.map(scaleFactor));
  if (values === undefined) return undefined;
  const [a, b, c] = values;
  if (name === 'scale') return args.length === 1 || args.length === 2 ? { kind: 'scale', x: a!, y: b ?? a!, z: 1 } : undefined;
  if (name === 'scale3d') return args.length === 3 ? { kind: 'scale', x: a!, y: b!, z: c! } : undefined;
  if (args.length !== 1) return undefined;
  return { kind: 'scale', x: name === 'scalex' ? a! : 1, y: name === 'scaley' ? a! : 1, z: name === 'scalez' ? a! : 1 };
}

function parseRotate(name: string, args: CssNode[]): Parsed {
  if (name === 'rotate3d') {
    const axis = all(args.slice(0, 3).map(numberOf));
    const angle = parseAngle(args[3]);
    if (args.length !== 4 || axis === undefined || angle === undefined) return undefined;
    return { kind: 'rotate', x: axis[0]!, y: axis[1]!, z: axis[2]!, angle };
  }
  const angle = args.length === 1 ? parseAngle(args[0]) : undefined;
  if (angle === undefined) return undefined;
  return { kind: 'rotate', x: name === 'rotatex' ? 1 : 0, y: name === 'rotatey' ? 1 : 0, z: name === 'rotate' || name === 'rotatez' ? 1 : 0, angle };
}

function parseSkew(name: string, args: CssNode[]): Parsed {
  const angles = all(args.map(parseAngle));
  if (angles === undefined) return undefined;
  if (name === 'skew') return args.length === 1 || args.length === 2 ? { kind: 'skew', x: angles[0]!, y: angles[1] ?? 0 } : undefined;
  if (args.length !== 1) return undefined;
  return name === 'skewx' ? { kind: 'skew', x: angles[0]!, y: 0 } : { kind: 'skew', x: 0, y: angles[0]! };
}

function parseMatrix(name: string, args: CssNode[]): Parsed {
  const values = all(args.map(numberOf));
  if (values === undefined) return undefined;
  if (name === 'matrix3d') return values.length === 16 ? { kind: 'matrix', values } : undefined;
  if (values.length !== 6) return undefined;
  const [a, b, c, d, e, f] = values as [number, number, number, number, number, number];
  return { kind: 'matrix', values: [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1] };
}

function parseFunction(node: CssNode): Parsed {
  if (node.type !== 'Function') return undefined;
  const name = node.name.toLowerCase();
  const args = argumentsOf(node);
  if (args === undefined) return undefined;
  if (name.startsWith('translate')) return parseTranslate(name, args);
  if (name.startsWith('scale')) return parseScale(name, args);
  if (name.startsWith('rotate')) return parseRotate(name, args);
  if (name.startsWith('skew')) return parseSkew(name, args);
  if (name === 'matrix' || name === 'matrix3d') return parseMatrix(name, args);
  if (name === 'perspective') return args.length === 1 ? { unsupported: 'perspective()' } : undefined;
  return undefined;
}

/**
 * `none | <transform-function>+`; `unsupported` is told the name of each function that parses
 * but is left out of the list.
 */
export function parseTransformList(nodes: Nodes, unsupported: (name: string) => void): SpecifiedTransform[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  if (nodes.length === 0) return undefined;
  const list: SpecifiedTransform[] = [];
  for (const node of nodes) {
    const parsed = parseFunction(node);
    if (parsed === undefined) return undefined;
    if ('unsupported' in parsed) unsupported(parsed.unsupported);
    else list.push(parsed);
  }
  return list;
}

/** `translate: none | <length-percentage> [<length-percentage> <length>?]?` (CSS Transforms 2 §4): as one translate function. */
export function parseTranslateProperty(nodes: Nodes): SpecifiedTransform[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  if (nodes.length < 1 || nodes.length > 3) return undefined;
  const x = lengthPercent(nodes[0]);
  const y = nodes.length > 1 ? lengthPercent(nodes[1]) : 0;
  const z = nodes.length > 2 ? lengthOnly(nodes[2]) : 0;
  return x === undefined || y === undefined || z === undefined ? undefined : [{ kind: 'translate', x, y, z }];
}

const AXES: Readonly<Record<string, readonly [number, number, number]>> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/** `rotate: none | <angle> | [ x | y | z | <number>{3} ] && <angle>`: as one rotate function. */
export function parseRotateProperty(nodes: Nodes): SpecifiedTransform[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  if (nodes.length === 1) {
    const angle = parseAngle(nodes[0]);
    return angle === undefined ? undefined : [{ kind: 'rotate', x: 0, y: 0, z: 1, angle }];
  }
  if (nodes.length !== 2 && nodes.length !== 4) return undefined;
  // the angle is first or last (`&&`); a unitless 0 may be either an angle or an axis number
  for (const [angleAt, rest] of [[nodes.length - 1, nodes.slice(0, -1)], [0, nodes.slice(1)]] as const) {
    const angle = parseAngle(nodes[angleAt]);
    const word = rest.length === 1 ? identOf(rest[0]) : undefined;
    const axis = word !== undefined ? AXES[word] : rest.length === 3 ? all(rest.map(numberOf)) : undefined;
    if (angle !== undefined && axis !== undefined) return [{ kind: 'rotate', x: axis[0]!, y: axis[1]!, z: axis[2]!, angle }];
  }
  return undefined;
}

/** `scale: none | [ <number> | <percentage> ]{1,3}`: as one scale function (y as x when omitted). */
export function parseScaleProperty(nodes: Nodes): SpecifiedTransform[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  if (nodes.length < 1 || nodes.length > 3) return undefined;
  const values = all(nodes.map(scaleFactor));
  if (values === undefined) return undefined;
  return [{ kind: 'scale', x: values[0]!, y: values[1] ?? values[0]!, z: values[2] ?? 1 }];
}

export function computeTransformList(list: readonly SpecifiedTransform[], ctx: LengthContext): TransformFunction[] {
  return list.map((fn): TransformFunction => (fn.kind === 'translate'
    ? { kind: 'translate', x: computeLength(fn.x, ctx), y: computeLength(fn.y, ctx), z: computeLength(fn.z, ctx) }
    : fn));
}

/** `transform-origin`: a one- or two-value position, then an optional z length. */
export function parseTransformOrigin(nodes: Nodes): TransformOrigin<SpecifiedLength> | undefined {
  if (nodes.length === 0 || nodes.length > 3) return undefined;
  const z = nodes.length === 3 ? lengthOnly(nodes[2]) : 0;
  const position = parsePosition(nodes.slice(0, 2));
  if (z === undefined || position === undefined) return undefined;
  return { x: position.x.offset, y: position.y.offset, z };
}

export function computeTransformOrigin(origin: TransformOrigin<SpecifiedLength>, ctx: LengthContext): TransformOrigin {
  const z: LengthPercentage = computeLength(origin.z, ctx);
  return { x: computeLength(origin.x, ctx), y: computeLength(origin.y, ctx), z };
}

/** A length or percentage as CSS text; undefined for a calc() (it needs its box). */
function lengthText(value: LengthPercentage): string | undefined {
  if (typeof value === 'number') return `${value}px`;
  return value.kind === 'percent' ? `${value.value}%` : undefined;
}

/**
 * A computed 2D transform list as CSS text (px and degrees), as an inline SVG's drawing reads it
 * (boxes/inline-svg.ts); undefined when a translation is a calc() or a function is 3D.
 */
export function transformText(list: readonly TransformFunction[]): string | undefined {
  const parts: string[] = [];
  for (const fn of list) {
    switch (fn.kind) {
      case 'translate': {
        const x = lengthText(fn.x);
        const y = lengthText(fn.y);
        if (x === undefined || y === undefined || fn.z !== 0) return undefined;
        parts.push(`translate(${x}, ${y})`);
        break;
      }
      case 'scale': if (fn.z !== 1) return undefined; parts.push(`scale(${fn.x}, ${fn.y})`); break;
      case 'rotate': if (fn.x !== 0 || fn.y !== 0) return undefined; parts.push(`rotate(${fn.z < 0 ? -fn.angle : fn.angle}deg)`); break;
      case 'skew': parts.push(`skew(${fn.x}deg, ${fn.y}deg)`); break;
      case 'matrix': if (fn.values.length !== 6) return undefined; parts.push(`matrix(${fn.values.join(', ')})`); break;
    }
  }
  return parts.join(' ');
}

/** A computed `transform-origin` as CSS text (x and y); undefined for a calc(). */
export function transformOriginText(origin: TransformOrigin): string | undefined {
  const x = lengthText(origin.x);
  const y = lengthText(origin.y);
  return x === undefined || y === undefined ? undefined : `${x} ${y}`;
}
