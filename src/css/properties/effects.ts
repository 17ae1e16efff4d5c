/**
 * `box-shadow` (CSS Backgrounds 3 §7.1), `text-shadow` (CSS Text Decoration 3 §4), `outline` (CSS UI 4 §3): outline-width/-style/-color/
 * -offset and the `outline` shorthand (`outline-style: auto` paints as solid), and
 * `object-position` (CSS Images 3 §5.6).
 */
import type { CssNode } from 'css-tree';
import type { BoxShadow, TextShadow } from '../model/image-types.js';
import type { BorderStyle, ComputedStyle } from '../model/types.js';
import type { ObjectViewBox } from '../model/effect-types.js';
import type { SpecifiedShape } from '../values/basic-shape.js';
import { computeBasicShape, parseBasicShape } from '../values/basic-shape.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor, resolveColor } from '../values/color.js';
import { identOf, splitBy } from '../values/nodes.js';
import type { SpecifiedPosition } from '../values/position.js';
import { computePosition, parsePosition } from '../values/position.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { BORDER_STYLES, computeLineWidth, parseBorderWidth, snapAsLineWidth } from './borders.js';
import { colorProperty } from './common.js';
import type { Nodes, PropertyDef } from './define.js';
import { INVALID, RESET, longhand, shorthand } from './define.js';

interface ShadowSpec {
  readonly inset: boolean;
  readonly lengths: readonly SpecifiedLength[];
  readonly color: SpecifiedColor;
}

/** `inset? && <length>{2,4} && <color>?`, the lengths together. */
function parseShadow(nodes: Nodes): ShadowSpec | undefined {
  let inset = false;
  let color: SpecifiedColor | undefined;
  const lengths: SpecifiedLength[] = [];
  let lengthsDone = false;
  for (const node of nodes) {
    if (identOf(node) === 'inset' && !inset) { inset = true; if (lengths.length > 0) lengthsDone = true; continue; }
    const length = lengthsDone ? undefined : parseLength(node, { negative: true });
    if (length !== undefined) { lengths.push(length); continue; }
    const asColor = color === undefined ? parseColor(node) : undefined;
    if (asColor === undefined) return undefined;
    color = asColor;
    if (lengths.length > 0) lengthsDone = true;
  }
  if (lengths.length < 2 || lengths.length > 4) return undefined;
  const blur = lengths[2];
  if (typeof blur === 'number' && blur < 0) return undefined;
  return { inset, lengths, color: color ?? 'currentcolor' };
}

/** A comma-separated shadow list (`none` = empty), or INVALID when one shadow fails `fits`. */
function parseShadowList(nodes: readonly CssNode[], fits: (shadow: ShadowSpec) => boolean): readonly ShadowSpec[] | typeof INVALID {
  if (nodes.length === 1 && identOf(nodes[0]) === 'none') return [];
  const shadows: ShadowSpec[] = [];
  for (const part of splitBy(nodes, ',')) {
    const shadow = parseShadow(part);
    if (shadow === undefined || !fits(shadow)) return INVALID;
    shadows.push(shadow);
  }
  return shadows;
}

/** A shadow's offsets, blur (never below 0) and spread in px; a length that does not compute is 0. */
function shadowLengths(shadow: ShadowSpec, ctx: Parameters<typeof computeLength>[1]): { x: number; y: number; blur: number; spread: number } {
  const [x = 0, y = 0, blur = 0, spread = 0] = shadow.lengths.map((length) => {
    const px = computeLength(length, ctx);
    return typeof px === 'number' ? px : 0;
  });
  return { x, y, blur: Math.max(0, blur), spread };
}

const boxShadow = longhand<'boxShadow', readonly ShadowSpec[]>({
  name: 'box-shadow',
  key: 'boxShadow',
  inherited: false,
  initial: [],
  parse: (nodes) => parseShadowList(nodes, () => true),
  compute: (value, ctx): readonly BoxShadow[] => value.map((shadow) => ({
    inset: shadow.inset, ...shadowLengths(shadow, ctx), color: resolveColor(shadow.color, ctx.color, ctx.colorScheme),
  })),
});

/** `text-shadow: none | [<color>? && <length>{2,3}]#` (CSS Text Decoration 3 §4): no spread, no inset. */
const textShadow = longhand<'textShadow', readonly ShadowSpec[]>({
  name: 'text-shadow',
  key: 'textShadow',
  inherited: true,
  initial: [],
  parse: (nodes) => parseShadowList(nodes, (shadow) => !shadow.inset && shadow.lengths.length <= 3),
  compute: (value, ctx): readonly TextShadow[] => value.map((shadow) => {
    const { x, y, blur } = shadowLengths(shadow, ctx);
    return { x, y, blur, color: shadow.color };
  }),
});

type OutlineStyle = ComputedStyle['outlineStyle'];
const OUTLINE_STYLES = new Set<string>([...BORDER_STYLES.filter((s) => s !== 'hidden'), 'auto']);

function parseOutlineStyle(node: CssNode | undefined): OutlineStyle | undefined {
  const word = identOf(node);
  return word !== undefined && OUTLINE_STYLES.has(word) ? (word as BorderStyle | 'auto') : undefined;
}

const outlineWidth = longhand<'outlineWidth', SpecifiedLength>({
  name: 'outline-width',
  key: 'outlineWidth',
  inherited: false,
  initial: 3,
  parse: (nodes) => (nodes.length === 1 ? parseBorderWidth(nodes[0]) ?? INVALID : INVALID),
  compute: computeLineWidth,
});

const outlineStyle = longhand<'outlineStyle', OutlineStyle>({
  name: 'outline-style',
  key: 'outlineStyle',
  inherited: false,
  initial: 'none',
  parse: (nodes) => (nodes.length === 1 ? parseOutlineStyle(nodes[0]) ?? INVALID : INVALID),
  compute: (value) => value,
});

/** `outline: <width> || <style> || <color>` (`invert` is treated as currentcolor, CSS UI 4 §3.4). */
const outline = shorthand('outline', ['outline-width', 'outline-style', 'outline-color'], (nodes) => {
  let width: unknown = RESET;
  let style: unknown = RESET;
  let color: unknown = RESET;
  if (nodes.length === 0 || nodes.length > 3) return INVALID;
  for (const node of nodes) {
    const asStyle = style === RESET ? parseOutlineStyle(node) : undefined;
    if (asStyle !== undefined) { style = asStyle; continue; }
    const asWidth = width === RESET ? parseBorderWidth(node) : undefined;
    if (asWidth !== undefined) { width = asWidth; continue; }
    const asColor = color === RESET ? (identOf(node) === 'invert' ? 'currentcolor' : parseColor(node)) : undefined;
    if (asColor !== undefined) { color = asColor; continue; }
    return INVALID;
  }
  return new Map<string, unknown>([['outline-width', width], ['outline-style', style], ['outline-color', color]]);
});

const objectPosition = longhand<'objectPosition', SpecifiedPosition>({
  name: 'object-position',
  key: 'objectPosition',
  inherited: false,
  initial: { x: { edge: 'start', offset: { kind: 'percent', value: 50 } }, y: { edge: 'start', offset: { kind: 'percent', value: 50 } } },
  parse: (nodes) => parsePosition(nodes) ?? INVALID,
  compute: (value, ctx) => computePosition(value, ctx),
});

/**
 * `object-view-box: none | <basic-shape-rect>` (CSS Images 5 §5.7): the part of a replaced
 * element's image it shows, as an inset from the image's natural edges (`rect()` and `xywh()` are
 * kept as insets; the corner radii are not used, as in Chromium). Layout takes the part's size as
 * the natural size (layout/object-view-box.ts).
 */
const objectViewBox = longhand<'objectViewBox', 'none' | SpecifiedShape>({
  name: 'object-view-box',
  key: 'objectViewBox',
  inherited: false,
  initial: 'none',
  parse: (nodes) => {
    if (nodes.length === 1 && identOf(nodes[0]) === 'none') return 'none';
    const shape = nodes.length === 1 ? parseBasicShape(nodes[0]) : undefined;
    return shape?.kind === 'inset' ? shape : INVALID;
  },
  compute: (value, ctx) => {
    if (value === 'none') return 'none';
    const shape = computeBasicShape(value, ctx);
    return shape.kind === 'inset' ? { sides: shape.sides } satisfies ObjectViewBox : 'none';
  },
});

/** Snapped as a line width with its sign kept, as Chromium does (CSS WG issue 12906). */
const outlineOffset = longhand<'outlineOffset', SpecifiedLength>({
  name: 'outline-offset',
  key: 'outlineOffset',
  inherited: false,
  initial: 0,
  parse: (nodes) => (nodes.length === 1 ? parseLength(nodes[0], { negative: true }) ?? INVALID : INVALID),
  compute: (value, ctx) => {
    const px = computeLength(value, ctx);
    if (typeof px !== 'number') return 0;
    return px < 0 ? -snapAsLineWidth(-px) : snapAsLineWidth(px);
  },
});

export const EFFECT_PROPERTIES: readonly PropertyDef[] = [
  boxShadow,
  textShadow,
  outlineWidth,
  outlineStyle,
  colorProperty('outline-color', 'outlineColor', 'currentcolor', false),
  outlineOffset,
  outline,
  objectPosition,
  objectViewBox,
];
