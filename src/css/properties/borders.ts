/** CSS Backgrounds 3 §4-5: border style, width, colour, shorthands and border-radius. */
import type { CssNode } from 'css-tree';
import type { BorderStyle, ComputedStyle } from '../model/types.js';
import { parseColor } from '../values/color.js';
import { identOf, splitBy } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import { colorProperty, sidesShorthand } from './common.js';
import type { ComputeContext, Nodes, PropertyDef, StyleKey } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

export const BORDER_STYLES: readonly BorderStyle[] = ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'];
const BORDER_STYLE_SET = new Set<string>(BORDER_STYLES);

/** `thin | medium | thick` (CSS Backgrounds 3 §4.3: 1px, 3px, 5px). */
const WIDTH_KEYWORDS: Readonly<Record<string, number>> = { thin: 1, medium: 3, thick: 5 };

export function parseBorderWidth(node: CssNode | undefined): SpecifiedLength | undefined {
  const word = identOf(node);
  if (word !== undefined) return WIDTH_KEYWORDS[word];
  return parseLength(node, {});
}

/**
 * A `<line-width>`'s computed value (border, outline and column-rule widths), px: the length
 * "snapped as a line width" (CSS Values 4; Backgrounds 3 §4.3, UI 4 and Multicol 1 compute these
 * widths so). Chromium snaps so in print too, a device pixel being a CSS px (after `zoom`): a
 * `0.5pt` table rule is 1px wide there, and without the snap every bordered table row is a third
 * of a px shorter than Chromium's, so pages fit rows that Chromium moves on (bench/README.md).
 */
export function computeLineWidth(value: SpecifiedLength, ctx: ComputeContext): number {
  const px = computeLength(value, ctx);
  return typeof px === 'number' ? snapAsLineWidth(px) : 0;
}

/** Above 0 but under one device pixel: one; above it: floored to whole device pixels (CSS px). */
export function snapAsLineWidth(px: number): number {
  if (!(px > 0)) return 0;
  if (px < 1) return 1;
  // The epsilon absorbs binary rounding in unit conversions (`2.25pt` is 3px, never 2).
  return Math.floor(px + 1e-6);
}

function parseBorderStyle(node: CssNode | undefined): BorderStyle | undefined {
  const word = identOf(node);
  return word !== undefined && BORDER_STYLE_SET.has(word) ? (word as BorderStyle) : undefined;
}

function camel(side: Side, what: 'Width' | 'Style' | 'Color'): StyleKey {
  return `border${side[0]!.toUpperCase()}${side.slice(1)}${what}` as StyleKey;
}

const widths = SIDES.map((side) => longhand<StyleKey, SpecifiedLength>({
  name: `border-${side}-width`,
  key: camel(side, 'Width'),
  inherited: false,
  initial: 3 as ComputedStyle[StyleKey],
  parse: (nodes) => (nodes.length === 1 ? parseBorderWidth(nodes[0]) ?? INVALID : INVALID),
  // The zeroing for `none`/`hidden` styles happens once all properties are computed.
  compute: (value, ctx) => computeLineWidth(value, ctx) as ComputedStyle[StyleKey],
}));

const styles = SIDES.map((side) => keywordProperty({ name: `border-${side}-style`, key: camel(side, 'Style') as 'borderTopStyle', keywords: BORDER_STYLES, initial: 'none', inherited: false }));
const colors = SIDES.map((side) => colorProperty(`border-${side}-color`, camel(side, 'Color'), 'currentcolor', false));

/** `<line-width> || <line-style> || <color>` in any order (CSS Backgrounds 3 §4.4). */
function parseBorderLine(nodes: Nodes): { width: unknown; style: unknown; color: unknown } | undefined {
  let width: unknown = RESET;
  let style: unknown = RESET;
  let color: unknown = RESET;
  if (nodes.length === 0 || nodes.length > 3) return undefined;
  for (const node of nodes) {
    const asStyle = parseBorderStyle(node);
    if (asStyle !== undefined && style === RESET) { style = asStyle; continue; }
    const asWidth = parseBorderWidth(node);
    if (asWidth !== undefined && width === RESET) { width = asWidth; continue; }
    const asColor = parseColor(node);
    if (asColor !== undefined && color === RESET) { color = asColor; continue; }
    return undefined;
  }
  return { width, style, color };
}

function lineShorthand(name: string, sides: readonly Side[]): PropertyDef {
  const longhands = sides.flatMap((side) => [`border-${side}-width`, `border-${side}-style`, `border-${side}-color`]);
  return shorthand(name, longhands, (nodes) => {
    const line = parseBorderLine(nodes);
    if (line === undefined) return INVALID;
    const result = new Map<string, unknown>();
    for (const side of sides) {
      result.set(`border-${side}-width`, line.width);
      result.set(`border-${side}-style`, line.style);
      result.set(`border-${side}-color`, line.color);
    }
    return result;
  });
}

type Radius = readonly [SpecifiedLength, SpecifiedLength];

function parseRadiusComponent(node: CssNode | undefined): SpecifiedLength | undefined {
  return parseLength(node, { percent: true });
}

const radii = CORNERS.map((corner) => {
  const [v, h] = corner.split('-') as [string, string];
  const key = `border${v[0]!.toUpperCase()}${v.slice(1)}${h[0]!.toUpperCase()}${h.slice(1)}Radius` as StyleKey;
  return longhand<StyleKey, Radius>({
    name: `border-${corner}-radius`,
    key,
    inherited: false,
    initial: [0, 0] as unknown as ComputedStyle[StyleKey],
    parse: (nodes) => {
      if (nodes.length < 1 || nodes.length > 2) return INVALID;
      const x = parseRadiusComponent(nodes[0]);
      const y = nodes.length === 2 ? parseRadiusComponent(nodes[1]) : x;
      return x === undefined || y === undefined ? INVALID : [x, y];
    },
    compute: (value, ctx) => [computeLength(value[0], ctx), computeLength(value[1], ctx)] as unknown as ComputedStyle[StyleKey],
  });
});

/** `border-radius: <1-4 lengths> [ / <1-4 lengths> ]?` (CSS Backgrounds 3 §5.1). */
const borderRadius = shorthand('border-radius', CORNERS.map((c) => `border-${c}-radius`), (nodes) => {
  const parts = splitBy(nodes, '/');
  if (parts.length > 2) return INVALID;
  const expand = (part: Nodes): SpecifiedLength[] | undefined => {
    if (part.length < 1 || part.length > 4) return undefined;
    const values = part.map(parseRadiusComponent);
    if (values.some((v) => v === undefined)) return undefined;
    const [a, b = a, c = a, d = b] = values as SpecifiedLength[];
    return [a!, b!, c!, d!];
  };
  const horizontal = expand(parts[0]!);
  const vertical = parts.length === 2 ? expand(parts[1]!) : horizontal;
  if (horizontal === undefined || vertical === undefined) return INVALID;
  return new Map(CORNERS.map((corner, i) => [`border-${corner}-radius`, [horizontal[i]!, vertical[i]!] as Radius]));
});

export const BORDER_PROPERTIES: readonly PropertyDef[] = [
  ...styles,
  ...widths,
  ...colors,
  ...radii,
  sidesShorthand('border-width', ['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width'], (node) => parseBorderWidth(node)),
  sidesShorthand('border-style', ['border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style'], (node) => parseBorderStyle(node)),
  sidesShorthand('border-color', ['border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color'], (node) => parseColor(node)),
  lineShorthand('border', SIDES),
  ...SIDES.map((side) => lineShorthand(`border-${side}`, [side])),
  borderRadius,
];
