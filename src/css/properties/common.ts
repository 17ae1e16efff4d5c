/** Building blocks shared by the property modules: length, colour, number and side shorthands. */
import type { CssNode } from 'css-tree';
import type { Color, ComputedStyle, LengthPercentage } from '../model/types.js';
import { BLACK } from '../model/types.js';
import type { SpecifiedColor } from '../values/color.js';
import { parseColor, resolveColor } from '../values/color.js';
import { parseCalcNumber } from '../values/calc.js';
import { identOf, numberOf, singleIdent } from '../values/nodes.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeLength, parseLength } from '../values/units.js';
import type { ComputeContext, LonghandDef, Nodes, ParseContext, ShorthandDef, StyleKey } from './define.js';
import { INVALID, longhand, shorthand } from './define.js';

export interface LengthPropertyOptions {
  readonly percent?: boolean;
  readonly negative?: boolean;
  /** Extra keywords accepted and computed as themselves (`auto`, `none`, `normal`...). */
  readonly keywords?: readonly string[];
  /** Keywords that compute to another value (e.g. `min-content` -> `auto` where unsupported). */
  readonly mapKeywords?: Readonly<Record<string, string>>;
}

type LengthSpec = SpecifiedLength | string;

/** Parses one node as a length-percentage or one of the allowed keywords. */
export function parseLengthOrKeyword(node: CssNode | undefined, options: LengthPropertyOptions): LengthSpec | undefined {
  const word = identOf(node);
  if (word !== undefined) return options.keywords?.includes(word) ? word : undefined;
  return parseLength(node, options);
}

export function computeLengthOrKeyword(value: LengthSpec, ctx: ComputeContext): LengthPercentage | string {
  return typeof value === 'string' ? value : computeLength(value, ctx);
}

export function lengthProperty<K extends StyleKey>(
  name: string,
  key: K,
  initial: ComputedStyle[K],
  inherited: boolean,
  options: LengthPropertyOptions,
): LonghandDef<StyleKey, unknown> {
  return longhand<K, LengthSpec>({
    name,
    key,
    inherited,
    initial,
    parse: (nodes) => (nodes.length === 1 ? parseLengthOrKeyword(nodes[0], options) ?? INVALID : INVALID),
    compute: (value, ctx) => (typeof value === 'string'
      ? options.mapKeywords?.[value] ?? value
      : computeLength(value, ctx)) as ComputedStyle[K],
  });
}

/** A length that computes to an absolute px number (percentages not allowed). */
export function pxProperty<K extends StyleKey>(
  name: string,
  key: K,
  initial: ComputedStyle[K],
  inherited: boolean,
  options: { negative?: boolean; normalIsZero?: boolean } = {},
): LonghandDef<StyleKey, unknown> {
  return longhand<K, SpecifiedLength>({
    name,
    key,
    inherited,
    initial,
    parse: (nodes) => {
      if (nodes.length !== 1) return INVALID;
      if (options.normalIsZero === true && identOf(nodes[0]) === 'normal') return 0;
      return parseLength(nodes[0], { negative: options.negative ?? false }) ?? INVALID;
    },
    compute: (value, ctx) => computeLength(value, ctx) as ComputedStyle[K],
  });
}

/** A `<color>` longhand; `initial: 'currentcolor'` makes the initial value follow `color`. */
export function colorProperty<K extends StyleKey>(name: string, key: K, initial: Color | 'currentcolor', inherited: boolean): LonghandDef<StyleKey, unknown> {
  return longhand<K, SpecifiedColor>({
    name,
    key,
    inherited,
    initial: (initial === 'currentcolor' ? BLACK : initial) as ComputedStyle[K],
    ...(initial === 'currentcolor' ? { initialSpecified: 'currentcolor' as const } : {}),
    parse: (nodes) => (nodes.length === 1 ? parseColor(nodes[0]) ?? INVALID : INVALID),
    compute: (value, ctx) => resolveColor(value, ctx.color, ctx.colorScheme) as ComputedStyle[K],
  });
}

/** A `<number>` (or calc() folding to one), optionally `<integer>`, with a lower bound. */
export function parseNumber(node: CssNode | undefined, options: { min?: number; integer?: boolean } = {}): number | undefined {
  const value = numberOf(node) ?? parseCalcNumber(node);
  if (value === undefined) return undefined;
  if (options.integer === true && !Number.isInteger(value)) {
    if (node?.type === 'Number') return undefined;
  }
  const result = options.integer === true ? Math.round(value) : value;
  if (options.min !== undefined && result < options.min) return undefined;
  return result;
}

export function numberProperty<K extends StyleKey>(
  name: string,
  key: K,
  initial: ComputedStyle[K],
  inherited: boolean,
  options: { min?: number; integer?: boolean; keywords?: readonly string[]; clampMin?: number; clampMax?: number } = {},
): LonghandDef<StyleKey, unknown> {
  return longhand<K, number | string>({
    name,
    key,
    inherited,
    initial,
    parse: (nodes) => {
      if (nodes.length !== 1) return INVALID;
      const word = singleIdent(nodes);
      if (word !== undefined) return options.keywords?.includes(word) ? word : INVALID;
      const node = nodes[0];
      // A percentage is accepted where the number is a fraction (opacity).
      if (options.clampMax !== undefined && node?.type === 'Percentage') return Number(node.value) / 100;
      return parseNumber(node, options) ?? INVALID;
    },
    compute: (value) => (typeof value === 'number'
      ? Math.max(options.clampMin ?? -Infinity, Math.min(options.clampMax ?? Infinity, value))
      : value) as ComputedStyle[K],
  });
}

/**
 * `top right bottom left` shorthands with 1-4 values (CSS Box 4 §3.1 `margin`):
 * one value for all sides, two for vertical/horizontal, three for top/horizontal/bottom.
 */
export function sidesShorthand(
  name: string,
  longhands: readonly [string, string, string, string],
  parseOne: (node: CssNode, ctx: ParseContext) => unknown,
): ShorthandDef {
  return shorthand(name, longhands, (nodes: Nodes, ctx) => {
    if (nodes.length < 1 || nodes.length > 4) return INVALID;
    const values: unknown[] = [];
    for (const node of nodes) {
      const value = parseOne(node, ctx);
      if (value === undefined || value === INVALID) return INVALID;
      values.push(value);
    }
    const [top, right = top, bottom = top, left = right] = values;
    return new Map<string, unknown>([
      [longhands[0], top],
      [longhands[1], right],
      [longhands[2], bottom],
      [longhands[3], left],
    ]);
  });
}

/** Parses a value with one longhand's parser (for shorthands that reuse longhand grammars). */
export function parseWith(def: LonghandDef<StyleKey, unknown>, nodes: Nodes, ctx: ParseContext): unknown {
  return def.parse(nodes, ctx);
}
