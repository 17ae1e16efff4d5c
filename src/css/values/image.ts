/**
 * `<image>` values (CSS Images 3 §2-3, CSS Images 4 §3.3): `url()`, `linear-gradient()`,
 * `radial-gradient()`, `conic-gradient()` and their `repeating-` forms, parsed once per
 * stylesheet and computed per element (colours resolved, lengths to px).
 */
import type { CssNode } from 'css-tree';
import type { ColorInterpolation, ColorStop, CssImage, RadialExtent, UrlImage } from '../model/image-types.js';
import type { Color, ColorScheme } from '../model/types.js';
import { parseColor, resolveColor } from './color.js';
import { parseAngle } from './angle.js';
import { takeInterpolation } from './color-interpolation.js';
import type { SpecifiedStop } from './gradient-stops.js';
import { parseStops } from './gradient-stops.js';
import type { SpecifiedGradientPoints } from './legacy-gradient.js';
import { parseLegacyGradient } from './legacy-gradient.js';
import { chooseFromImageSet, IMAGE_SET_FUNCTIONS } from './image-set.js';
import { MODERN_COLOR_FUNCTIONS } from './modern-color.js';
import { childrenOf, identOf, splitBy, urlOf, writtenUrlOf } from './nodes.js';
import type { Nodes } from './nodes.js';
import type { SpecifiedPosition } from './position.js';
import { CENTER, computePosition, parsePosition } from './position.js';
import type { LengthContext, SpecifiedLength } from './units.js';
import { computeLength, parseLength } from './units.js';

type SpecifiedRadialSize = RadialExtent | { readonly rx: SpecifiedLength; readonly ry: SpecifiedLength };

/** What every gradient has: its stops and the colour space they mix in (undefined: sRGB). */
interface SpecifiedGradient {
  readonly repeating: boolean;
  readonly stops: readonly SpecifiedStop[];
  readonly interpolation?: ColorInterpolation;
}

export type SpecifiedImage =
  | UrlImage
  | SpecifiedGradient & { readonly kind: 'linear'; readonly direction: { angle: number } | { x: -1 | 0 | 1; y: -1 | 0 | 1 } | SpecifiedGradientPoints }
  | SpecifiedGradient & { readonly kind: 'radial'; readonly shape: 'circle' | 'ellipse'; readonly size: SpecifiedRadialSize; readonly position: SpecifiedPosition }
  | SpecifiedGradient & { readonly kind: 'conic'; readonly from: number; readonly position: SpecifiedPosition };

const SIDE: Readonly<Record<string, ['x' | 'y', -1 | 1]>> = { left: ['x', -1], right: ['x', 1], top: ['y', -1], bottom: ['y', 1] };

/** `<angle> | to <side-or-corner>` (CSS Images 3 §3.1.1). */
function parseLinearDirection(nodes: Nodes): { angle: number } | { x: -1 | 0 | 1; y: -1 | 0 | 1 } | undefined {
  if (nodes.length === 1) {
    const angle = parseAngle(nodes[0]);
    return angle === undefined ? undefined : { angle };
  }
  if (identOf(nodes[0]) !== 'to' || nodes.length > 3) return undefined;
  const direction = { x: 0 as -1 | 0 | 1, y: 0 as -1 | 0 | 1 };
  for (const node of nodes.slice(1)) {
    const side = SIDE[identOf(node) ?? ''];
    if (side === undefined || direction[side[0]] !== 0) return undefined;
    direction[side[0]] = side[1];
  }
  return direction;
}

const EXTENTS = new Set<string>(['closest-side', 'farthest-side', 'closest-corner', 'farthest-corner']);

/** `[<shape> || <size>]? [at <position>]?` of radial-gradient() (CSS Images 3 §3.2.1). */
function parseRadialPrelude(nodes: Nodes): { shape: 'circle' | 'ellipse'; size: SpecifiedRadialSize; position: SpecifiedPosition } | undefined {
  const at = nodes.findIndex((n) => identOf(n) === 'at');
  const head = at < 0 ? nodes : nodes.slice(0, at);
  const position = at < 0 ? CENTER : parsePosition(nodes.slice(at + 1));
  if (position === undefined) return undefined;
  let shape: 'circle' | 'ellipse' | undefined;
  let extent: RadialExtent | undefined;
  const lengths: SpecifiedLength[] = [];
  for (const node of head) {
    const word = identOf(node);
    if ((word === 'circle' || word === 'ellipse') && shape === undefined) shape = word;
    else if (word !== undefined && EXTENTS.has(word) && extent === undefined && lengths.length === 0) extent = word as RadialExtent;
    else {
      const length = parseLength(node, { percent: true });
      if (length === undefined || extent !== undefined) return undefined;
      lengths.push(length);
    }
  }
  if (lengths.length > 2) return undefined;
  if (lengths.length === 1) {
    // one length: a circle (a percentage is not allowed for a circle)
    if (shape === 'ellipse' || typeof lengths[0] === 'object' && lengths[0].kind === 'percent') return undefined;
    return { shape: 'circle', size: { rx: lengths[0]!, ry: lengths[0]! }, position };
  }
  if (lengths.length === 2) {
    if (shape === 'circle') return undefined;
    return { shape: 'ellipse', size: { rx: lengths[0]!, ry: lengths[1]! }, position };
  }
  return { shape: shape ?? 'ellipse', size: extent ?? 'farthest-corner', position };
}

/** `[from <angle>]? [at <position>]?` of conic-gradient() (CSS Images 4 §3.3). */
function parseConicPrelude(nodes: Nodes): { from: number; position: SpecifiedPosition } | undefined {
  let from = 0;
  let rest = nodes;
  if (identOf(rest[0]) === 'from') {
    const angle = parseAngle(rest[1]);
    if (angle === undefined) return undefined;
    from = angle;
    rest = rest.slice(2);
  }
  if (rest.length === 0) return { from, position: CENTER };
  if (identOf(rest[0]) !== 'at') return undefined;
  const position = parsePosition(rest.slice(1));
  return position === undefined ? undefined : { from, position };
}

/** CSS Images 4 §3.4.4: without a method, stops mix in Oklab if any is a colour beyond the legacy sRGB syntaxes. */
const OKLAB: ColorInterpolation = { space: 'oklab', hue: 'shorter' };

function isModernColor(node: CssNode | undefined): boolean {
  return node?.type === 'Function' && MODERN_COLOR_FUNCTIONS.has(node.name.toLowerCase());
}

function parseGradient(name: string, args: Nodes[]): SpecifiedImage | undefined {
  const repeating = name.startsWith('repeating-');
  const kind = name.replace(/^repeating-/, '').replace(/-gradient$/, '');
  const first = args[0] ?? [];
  const hasPrelude = first.length > 0 && parseColor(first[0]) === undefined && (kind !== 'linear' || parseLength(first[0], { percent: true }) === undefined);
  const stopArgs = hasPrelude ? args.slice(1) : args;
  const stops = parseStops(stopArgs, kind === 'conic');
  const taken = takeInterpolation(hasPrelude ? first : []);
  if (stops === undefined || taken === undefined) return undefined;
  const interpolation = taken.method ?? (stopArgs.some((arg) => isModernColor(arg[0])) ? OKLAB : undefined);
  const common = interpolation === undefined ? { repeating, stops } : { repeating, stops, interpolation };
  const prelude = taken.rest;
  switch (kind) {
    case 'linear': {
      const direction = prelude.length > 0 ? parseLinearDirection(prelude) : { angle: 180 };
      return direction === undefined ? undefined : { kind: 'linear', ...common, direction };
    }
    case 'radial': {
      const parsed = parseRadialPrelude(prelude);
      return parsed === undefined ? undefined : { kind: 'radial', ...common, ...parsed };
    }
    case 'conic': {
      const parsed = parseConicPrelude(prelude);
      return parsed === undefined ? undefined : { kind: 'conic', ...common, ...parsed };
    }
    default:
      return undefined;
  }
}

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient$/;

/** A `url()` or gradient; undefined for anything else (including `none`). */
export function parseImage(node: CssNode | undefined, baseUrl: string | undefined): SpecifiedImage | undefined {
  // an empty url() is an invalid resource (CSS Values 4 §4.5.1.1), not the stylesheet's own URL: never fetched, drawn as none
  if (writtenUrlOf(node)?.trim() === '') return { kind: 'url', url: '' };
  const url = urlOf(node, baseUrl);
  if (url !== undefined) return { kind: 'url', url };
  if (node?.type !== 'Function') return undefined;
  const name = node.name.toLowerCase();
  if (IMAGE_SET_FUNCTIONS.has(name)) {
    const nested = (option: CssNode): SpecifiedImage | undefined => (option.type === 'Function' && IMAGE_SET_FUNCTIONS.has(option.name.toLowerCase()) ? undefined : parseImage(option, baseUrl));
    const chosen = chooseFromImageSet<SpecifiedImage>(node, baseUrl, nested, (url) => ({ kind: 'url', url }));
    if (chosen === undefined) return undefined;
    return chosen.image.kind === 'url' && chosen.resolution !== 1 ? { kind: 'url', url: chosen.image.url, resolution: chosen.resolution } : chosen.image;
  }
  if (GRADIENT.test(name)) return parseGradient(name, splitBy(childrenOf(node), ','));
  return parseLegacyGradient(name, splitBy(childrenOf(node), ','));
}

/** A transition hint keeps the colour halfway between its neighbours, which it reaches at its position. */
function computeStops(stops: readonly SpecifiedStop[], ctx: ImageContext): ColorStop[] {
  const resolved = stops.map((stop) => ({
    color: stop.color === undefined ? undefined : resolveColor(stop.color, ctx.color, ctx.colorScheme),
    position: stop.position === undefined ? undefined : computeLength(stop.position, ctx),
  }));
  return resolved.map((stop, i) => {
    if (stop.color !== undefined) return { color: stop.color, position: stop.position };
    const before = resolved[i - 1]!.color!;
    const after = resolved[i + 1]!.color!;
    const mid = (a: number, b: number): number => (a + b) / 2;
    return { color: { r: mid(before.r, after.r), g: mid(before.g, after.g), b: mid(before.b, after.b), a: mid(before.a, after.a) }, position: stop.position, hint: true };
  });
}

/** Lengths, and the element's `color` and colour scheme for the stops. */
type ImageContext = LengthContext & { readonly color: Color; readonly colorScheme: ColorScheme };

export function computeImage(image: SpecifiedImage, ctx: ImageContext): CssImage {
  switch (image.kind) {
    case 'url':
      return image;
    case 'linear': {
      const direction = 'from' in image.direction ? { from: computePosition(image.direction.from, ctx), to: computePosition(image.direction.to, ctx) } : image.direction;
      return { ...image, direction, stops: computeStops(image.stops, ctx) };
    }
    case 'radial': {
      const size = typeof image.size === 'string' ? image.size : { rx: computeLength(image.size.rx, ctx), ry: computeLength(image.size.ry, ctx) };
      return { ...image, size, position: computePosition(image.position, ctx), stops: computeStops(image.stops, ctx) };
    }
    case 'conic':
      return { ...image, position: computePosition(image.position, ctx), stops: computeStops(image.stops, ctx) };
  }
}
