/**
 * The gradient syntaxes older than CSS Images 3 that Chromium still draws, and that templates made
 * for wkhtmltopdf and old WebKit are full of: `-webkit-linear-gradient()`,
 * `-webkit-radial-gradient()` and their `-webkit-repeating-` forms (the 2011 drafts: a side or
 * corner names where the gradient starts, an angle counts counter-clockwise from the right), and
 * Safari 4's `-webkit-gradient(linear, <point>, <point>, from(), color-stop(), to())`, parsed as
 * Blink's css_parsing_utils parses them and turned into the standard gradient they draw.
 */
import type { CssNode } from 'css-tree';
import { parseAngle } from './angle.js';
import { parseColor } from './color.js';
import type { SpecifiedStop } from './gradient-stops.js';
import { parseStops } from './gradient-stops.js';
import { childrenOf, identOf, numberOf, splitBy } from './nodes.js';
import type { Nodes } from './nodes.js';
import type { SpecifiedAxis, SpecifiedPosition } from './position.js';
import { CENTER, parsePosition } from './position.js';
import type { SpecifiedLength } from './units.js';
import { parseLength } from './units.js';

/** Two points of the box the gradient line runs between (its stops at 0% and 100%). */
export interface SpecifiedGradientPoints {
  readonly from: SpecifiedPosition;
  readonly to: SpecifiedPosition;
}

type LegacyDirection = { readonly angle: number } | SpecifiedGradientPoints;

export type LegacyGradient =
  | { readonly kind: 'linear'; readonly repeating: boolean; readonly stops: readonly SpecifiedStop[]; readonly direction: LegacyDirection }
  | { readonly kind: 'radial'; readonly repeating: boolean; readonly stops: readonly SpecifiedStop[]; readonly shape: 'circle' | 'ellipse';
    readonly size: 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner' | { readonly rx: SpecifiedLength; readonly ry: SpecifiedLength };
    readonly position: SpecifiedPosition };

const percent = (value: number): SpecifiedLength => ({ kind: 'percent', value });
const at = (x: number, y: number): SpecifiedPosition => ({ x: { edge: 'start', offset: percent(x) }, y: { edge: 'start', offset: percent(y) } });

/** The prefixed forms' stops: colour stops alone (Blink takes no transition hint in them). */
function colorStops(args: readonly Nodes[]): SpecifiedStop[] | undefined {
  const stops = parseStops(args, false);
  return stops === undefined || stops.some((stop) => stop.color === undefined) ? undefined : stops;
}

const SIDE_X: Readonly<Record<string, number>> = { left: 0, right: 100 };
const SIDE_Y: Readonly<Record<string, number>> = { top: 0, bottom: 100 };

/**
 * The prefixed linear gradient's direction: an angle counter-clockwise from the right (`90 - a`
 * in the standard's terms), or the side or corner it starts at, the line running to the opposite
 * one — from corner to corner, not at the standard's "magic" corner angle.
 */
function prefixedLinearDirection(nodes: Nodes): LegacyDirection | undefined {
  if (nodes.length === 1) {
    const angle = parseAngle(nodes[0]);
    if (angle !== undefined) return { angle: 90 - angle };
  }
  if (nodes.length === 0 || nodes.length > 2) return undefined;
  let x: number | undefined;
  let y: number | undefined;
  for (const node of nodes) {
    const word = identOf(node) ?? '';
    if (SIDE_X[word] !== undefined && x === undefined) x = SIDE_X[word];
    else if (SIDE_Y[word] !== undefined && y === undefined) y = SIDE_Y[word];
    else return undefined;
  }
  // Blink's line for a side starts at the box's top-left on the other axis: it covers the box all the same
  return { from: at(x ?? 0, y ?? 0), to: at(x === undefined ? 0 : 100 - x, y === undefined ? 0 : 100 - y) };
}

function prefixedLinear(args: readonly Nodes[], repeating: boolean): LegacyGradient | undefined {
  const first = args[0] ?? [];
  const hasDirection = first.length > 0 && parseColor(first[0]) === undefined;
  const direction = hasDirection ? prefixedLinearDirection(first) : { angle: 180 };
  const stops = colorStops(hasDirection ? args.slice(1) : args);
  return direction === undefined || stops === undefined ? undefined : { kind: 'linear', repeating, stops, direction };
}

const PREFIXED_EXTENTS: Readonly<Record<string, 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner'>> = {
  'closest-side': 'closest-side', 'closest-corner': 'closest-corner', 'farthest-side': 'farthest-side', 'farthest-corner': 'farthest-corner',
  contain: 'closest-side', cover: 'farthest-corner',
};

type RadialShape = Pick<Extract<LegacyGradient, { kind: 'radial' }>, 'shape' | 'size'>;

/** `[circle | ellipse] || <extent>` (with `contain` and `cover`), or two lengths; undefined when `nodes` is neither. */
function prefixedRadialShape(nodes: Nodes): RadialShape | undefined {
  if (nodes.length === 2 && identOf(nodes[0]) === undefined) {
    const rx = parseLength(nodes[0], { percent: true });
    const ry = parseLength(nodes[1], { percent: true });
    return rx === undefined || ry === undefined ? undefined : { shape: 'ellipse', size: { rx, ry } };
  }
  let shape: 'circle' | 'ellipse' | undefined;
  let size: RadialShape['size'] | undefined;
  for (const node of nodes) {
    const word = identOf(node) ?? '';
    if ((word === 'circle' || word === 'ellipse') && shape === undefined) shape = word;
    else if (PREFIXED_EXTENTS[word] !== undefined && size === undefined) size = PREFIXED_EXTENTS[word];
    else return undefined;
  }
  return nodes.length === 0 ? undefined : { shape: shape ?? 'ellipse', size: size ?? 'farthest-corner' };
}

/** `-webkit-radial-gradient([<position>,]? [<shape> || <size>,]? <color-stop>#)`. */
function prefixedRadial(args: readonly Nodes[], repeating: boolean): LegacyGradient | undefined {
  let rest = args;
  const position = rest[0] !== undefined && rest[0].length <= 2 ? parsePosition(rest[0]) : undefined;
  if (position !== undefined) rest = rest.slice(1);
  const shape = rest[0] === undefined ? undefined : prefixedRadialShape(rest[0]);
  if (shape !== undefined) rest = rest.slice(1);
  const stops = colorStops(rest);
  if (stops === undefined) return undefined;
  return { kind: 'radial', repeating, stops, position: position ?? CENTER, ...(shape ?? { shape: 'ellipse', size: 'farthest-corner' }) };
}

/** One coordinate of a `-webkit-gradient()` point: its axis's keywords or `center`, a percentage, or a number of px. */
function pointAxis(node: CssNode | undefined, keywords: Readonly<Record<string, number>>): SpecifiedAxis | undefined {
  const word = identOf(node);
  if (word !== undefined) {
    const value = word === 'center' ? 50 : keywords[word];
    return value === undefined ? undefined : { edge: 'start', offset: percent(value) };
  }
  if (node?.type === 'Percentage') return { edge: 'start', offset: percent(Number(node.value)) };
  const px = numberOf(node);
  return px === undefined ? undefined : { edge: 'start', offset: px };
}

/** `x y`, in that order. */
function deprecatedPoint(nodes: Nodes | undefined): SpecifiedPosition | undefined {
  if (nodes?.length !== 2) return undefined;
  const x = pointAxis(nodes[0], SIDE_X);
  const y = pointAxis(nodes[1], SIDE_Y);
  return x === undefined || y === undefined ? undefined : { x, y };
}

/** `from(<color>)`, `to(<color>)`, `color-stop(<number> | <percentage>, <color>)`: offset (a fraction of the line) and colour. */
function deprecatedStop(nodes: Nodes): { offset: number; color: NonNullable<SpecifiedStop['color']> } | undefined {
  const node = nodes[0];
  if (nodes.length !== 1 || node?.type !== 'Function') return undefined;
  const name = node.name.toLowerCase();
  const parts = splitBy(childrenOf(node), ',');
  const colorPart = name === 'color-stop' ? parts[1] : parts[0];
  const count = name === 'color-stop' ? 2 : 1;
  // currentcolor is refused in these stops, as Blink refuses it
  if (parts.length !== count || colorPart?.length !== 1 || identOf(colorPart[0]) === 'currentcolor') return undefined;
  const color = parseColor(colorPart[0]);
  if (color === undefined) return undefined;
  if (name === 'from' || name === 'to') return { offset: name === 'from' ? 0 : 1, color };
  if (name !== 'color-stop' || parts[0]!.length !== 1) return undefined;
  const at = parts[0]![0]!;
  const offset = at.type === 'Percentage' ? Number(at.value) / 100 : numberOf(at);
  return offset === undefined ? undefined : { offset, color };
}

/** What Blink paints for a gradient without stops: transparent black (gradient.cc). */
const NO_STOPS: readonly SpecifiedStop[] = [{ color: { r: 0, g: 0, b: 0, a: 0 }, position: percent(0) }];

/**
 * `-webkit-gradient(linear, <point>, <point>, <stop>*)`: the line runs between the two points, its
 * stops sorted by offset as Blink sorts them; without stops it is valid and paints nothing. The
 * radial form (two circles) is not drawn.
 */
function deprecatedGradient(args: readonly Nodes[]): LegacyGradient | undefined {
  if (args.length < 3 || args[0]!.length !== 1 || identOf(args[0]![0]) !== 'linear') return undefined;
  const from = deprecatedPoint(args[1]);
  const to = deprecatedPoint(args[2]);
  const stops = args.slice(3).map(deprecatedStop);
  if (from === undefined || to === undefined || stops.some((stop) => stop === undefined)) return undefined;
  const sorted = (stops as NonNullable<(typeof stops)[number]>[]).map((stop, i) => ({ ...stop, i })).sort((a, b) => a.offset - b.offset || a.i - b.i);
  if (sorted.length === 0) return { kind: 'linear', repeating: false, direction: { from, to }, stops: NO_STOPS };
  return { kind: 'linear', repeating: false, direction: { from, to }, stops: sorted.map((stop) => ({ color: stop.color, position: percent(stop.offset * 100) })) };
}

/** The legacy form Chromium draws and octavo does not: two circles (a cone) between which the colours run. */
export const UNDRAWN_LEGACY_GRADIENT = /-webkit-gradient\(\s*radial\b/i;

const LEGACY = /^-webkit-(?:(repeating-)?(linear|radial)-gradient|gradient)$/;

/** The gradient a legacy function draws; undefined when `name` is no such function or its arguments are invalid. */
export function parseLegacyGradient(name: string, args: readonly Nodes[]): LegacyGradient | undefined {
  const match = LEGACY.exec(name);
  if (match === null) return undefined;
  const repeating = match[1] !== undefined;
  if (match[2] === 'linear') return prefixedLinear(args, repeating);
  if (match[2] === 'radial') return prefixedRadial(args, repeating);
  return deprecatedGradient(args);
}
