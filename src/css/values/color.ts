/**
 * `<color>` (CSS Color 4): hex, named and system colours, `transparent`, `currentcolor`,
 * rgb()/rgba()/hsl()/hsla() in legacy (comma) and modern (space, `/ alpha`) syntax, hwb();
 * lab(), lch(), oklab(), oklch(), color(), color-mix() and relative colours in modern-color.ts;
 * CSS Color 5's device-cmyk() and light-dark(). A colour function over `currentcolor` stays an
 * expression until `resolveColor` knows the element's `color`; light-dark() and the system colours
 * that differ in a dark scheme until it knows the element's colour scheme.
 */
import type { CssNode } from 'css-tree';
import { clone, generate, walk } from 'css-tree';
import { parse } from './css-tree-parse.js';
import type { Color, ColorScheme, CurrentColorExpression, LightDarkColor, SpecifiedColor } from '../model/types.js';
import { childrenOf, identOf, isOperator } from './nodes.js';
import type { Nodes } from './nodes.js';
import { NAMED_COLORS, SYSTEM_COLORS, SYSTEM_COLORS_DARK } from './named-colors.js';
import { parseCalcFunction, percentOnly } from './calc.js';
import { ANGLE_DEGREES } from './units.js';
import { MODERN_COLOR_FUNCTIONS, parseModernColor } from './modern-color.js';
import { BoundedCache } from '../../cache/bounded.js';

export type { SpecifiedColor } from '../model/types.js';

/** Whether two colours are the same channels and alpha (CMYK colours by their RGB stand-ins). */
export function sameColor(a: Color, b: Color): boolean {
  return a === b || (a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a);
}

export function parseColor(node: CssNode | undefined): SpecifiedColor | undefined {
  if (node === undefined) return undefined;
  switch (node.type) {
    case 'Hash': return parseHex(node.value);
    case 'Identifier': return parseColorKeyword(node.name.toLowerCase());
    case 'Function': return node.name.toLowerCase() === 'light-dark' ? lightDark(childrenOf(node)) : parseFunctionColor(node) ?? currentColorExpression(node) ?? nestedLightDark(node);
    default: return undefined;
  }
}

function parseFunctionColor(node: CssNode & { type: 'Function' }): Color | undefined {
  const name = node.name.toLowerCase();
  if (name === 'device-cmyk') return deviceCmyk(childrenOf(node));
  // relative rgb()/hsl()/hwb() (`rgb(from var(--c) r g b / 50%)`) are read with the modern functions
  const modern = MODERN_COLOR_FUNCTIONS.has(name) || identOf(node.children.first ?? undefined) === 'from';
  // a device-cmyk() inside color-mix() mixes as its sRGB colour
  return modern ? parseModernColor(node, (fn) => (fn.name.toLowerCase() === 'device-cmyk' ? deviceCmyk(childrenOf(fn)) : undefined)) : parseColorFunction(name, childrenOf(node));
}

/**
 * A colour function that is valid once its `currentcolor` arguments are a colour (CSS Color 5
 * §3, §4): kept as an expression, checked here against black (validity does not depend on it).
 */
function currentColorExpression(node: CssNode & { type: 'Function' }): CurrentColorExpression | undefined {
  if (!mentionsCurrentColor(node)) return undefined;
  const expression: CurrentColorExpression = { kind: 'currentcolor-expression', text: generate(node) };
  return resolveExpression(expression, BLACK) === undefined ? undefined : expression;
}

function mentionsCurrentColor(node: CssNode): boolean {
  let found = false;
  walk(node, { visit: 'Identifier', enter: (ident) => { if (ident.name.toLowerCase() === 'currentcolor') found = true; } });
  return found;
}

/** `light-dark(<color>, <color>)` (CSS Color 5 §10). */
function lightDark(args: Nodes): LightDarkColor | undefined {
  if (args.length !== 3 || !isOperator(args[1], ',')) return undefined;
  const light = parseColor(args[0]);
  const dark = parseColor(args[2]);
  return light === undefined || dark === undefined ? undefined : { kind: 'light-dark', light, dark };
}

/**
 * A colour function with `light-dark()` or a system colour among its arguments (`color-mix(in
 * srgb, light-dark(#111, #eee) 60%, white)`, a theme's muted text; `color-mix(in srgb, CanvasText
 * 20%, transparent)`, a hairline that follows the colour scheme): the function read once with each
 * light-dark() and system colour taken as its light colour and once as its dark one, the scheme
 * choosing between them as for light-dark() itself.
 */
function nestedLightDark(node: CssNode & { type: 'Function' }): LightDarkColor | undefined {
  // a walk, not a copy, for the other functions met here (a gradient tried as a colour)
  if (!mentionsLightDark(node)) return undefined;
  const lightNode = withLightDarkBranch(node, 0);
  const darkNode = lightNode === undefined ? undefined : withLightDarkBranch(node, 2);
  if (lightNode === undefined || darkNode === undefined) return undefined;
  const light = parseColor(lightNode);
  const dark = parseColor(darkNode);
  return light === undefined || dark === undefined ? undefined : { kind: 'light-dark', light, dark };
}

function mentionsLightDark(node: CssNode): boolean {
  let found = false;
  walk(node, (child) => {
    if (child.type === 'Function' && child.name.toLowerCase() === 'light-dark') found = true;
    else if (child.type === 'Identifier' && SYSTEM_COLORS.has(child.name.toLowerCase())) found = true;
  });
  return found;
}

/** A system colour's value in the light (0) or dark (2) scheme, as a hex node; undefined for other words. */
function systemColorHash(name: string, index: 0 | 2): CssNode | undefined {
  const light = SYSTEM_COLORS.get(name);
  if (light === undefined) return undefined;
  const rgb = index === 2 ? SYSTEM_COLORS_DARK.get(name) ?? light : light;
  return { type: 'Hash', value: rgb.toString(16).padStart(6, '0') };
}

/**
 * A copy of `node` with each `light-dark(a, b)` in it replaced by its argument at `index` (0: a,
 * 2: b), pass after pass while one replaces something (a light-dark() inside the branch taken),
 * and each system colour by its value in that scheme.
 * Undefined when one is not two colours (the value is then invalid: its copy read again would
 * recurse forever).
 */
function withLightDarkBranch(node: CssNode, index: 0 | 2): CssNode | undefined {
  const copy = clone(node);
  walk(copy, {
    visit: 'Identifier',
    enter: (ident, item, list) => {
      if (item === null || list === null) return;
      const hash = systemColorHash(ident.name.toLowerCase(), index);
      if (hash !== undefined) list.replace(item, list.createItem(hash));
    },
  });
  let replaced = true;
  let invalid = false;
  while (replaced && !invalid) {
    replaced = false;
    walk(copy, {
      visit: 'Function',
      enter: (fn, item, list) => {
        if (fn.name.toLowerCase() !== 'light-dark' || item === null || list === null) return;
        const args = childrenOf(fn);
        const branch = args.length === 3 && isOperator(args[1], ',') ? args[index] : undefined;
        if (branch === undefined) invalid = true;
        else { list.replace(item, list.createItem(branch)); replaced = true; }
      },
    });
  }
  return invalid ? undefined : copy;
}

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };

/** The colour `color` stands for in an element whose `color` is `currentColor` and whose used colour scheme is `scheme`. */
export function resolveColor(color: SpecifiedColor, currentColor: Color, scheme: ColorScheme = 'light'): Color {
  if (color === 'currentcolor') return currentColor;
  if (!('kind' in color)) return color;
  if (color.kind === 'light-dark') return resolveColor(scheme === 'dark' ? color.dark : color.light, currentColor, scheme);
  // checked when parsed; a colour of the element cannot make it invalid
  return resolveExpression(color, currentColor) ?? currentColor;
}

export function isCurrentColorExpression(value: unknown): value is CurrentColorExpression {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'currentcolor-expression';
}

/** Resolved expressions by text and colour (a stylesheet repeats few of them over many elements). */
const resolved = new BoundedCache<string, Color | null>('css.currentcolor-expressions', 1024);

/** The expression with each `currentcolor` replaced by `currentColor`, read as a colour. */
function resolveExpression(expression: CurrentColorExpression, currentColor: Color): Color | undefined {
  const { r, g, b, a } = currentColor;
  const rgb = `rgb(${r} ${g} ${b} / ${a})`;
  const key = `${expression.text}\u0000${rgb}`;
  let color = resolved.get(key);
  if (color === undefined) {
    // a colour function holds no strings or custom names: the word is the keyword
    const nodes = childrenOf(parse(expression.text.replace(/\bcurrentcolor\b/gi, rgb), { context: 'value' }));
    const fn = nodes.length === 1 ? nodes[0] : undefined;
    color = (fn?.type === 'Function' ? parseFunctionColor(fn) : undefined) ?? null;
    resolved.set(key, color);
  }
  return color ?? undefined;
}

function rgba(r: number, g: number, b: number, a = 1): Color {
  return { r: clamp(r, 0, 255), g: clamp(g, 0, 255), b: clamp(b, 0, 255), a: clamp(a, 0, 1) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function parseColorKeyword(name: string): SpecifiedColor | undefined {
  if (name === 'currentcolor') return 'currentcolor';
  if (name === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = NAMED_COLORS.get(name);
  if (named !== undefined) return fromHex(named);
  const system = SYSTEM_COLORS.get(name);
  if (system === undefined) return undefined;
  const dark = SYSTEM_COLORS_DARK.get(name);
  return dark === undefined ? fromHex(system) : { kind: 'light-dark', light: fromHex(system), dark: fromHex(dark) };
}

/** A system colour (`canvas`, `canvastext`...) as Chromium prints it in `scheme`. */
export function systemColor(name: string, scheme: ColorScheme): Color | undefined {
  const color = SYSTEM_COLORS.has(name) ? parseColorKeyword(name) : undefined;
  return color === undefined || color === 'currentcolor' ? undefined : resolveColor(color, BLACK, scheme);
}

const fromHex = (rgb: number): Color => rgba((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (CSS Color 4 §5.2). */
export function parseHex(hex: string): Color | undefined {
  if (!/^[0-9a-f]+$/i.test(hex)) return undefined;
  const digit = (i: number): number => parseInt(hex[i]! + hex[i]!, 16);
  const pair = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  switch (hex.length) {
    case 3: return rgba(digit(0), digit(1), digit(2));
    case 4: return rgba(digit(0), digit(1), digit(2), digit(3) / 255);
    case 6: return rgba(pair(0), pair(2), pair(4));
    case 8: return rgba(pair(0), pair(2), pair(4), pair(6) / 255);
    default: return undefined;
  }
}

/** A channel argument: a number, a percentage, or `none` (0) in the modern syntax. */
interface Channel {
  readonly value: number;
  readonly percent: boolean;
  readonly unit?: string;
  readonly none: boolean;
}

function channelOf(node: CssNode): Channel | undefined {
  switch (node.type) {
    case 'Number': return { value: Number(node.value), percent: false, none: false };
    case 'Percentage': return { value: Number(node.value), percent: true, none: false };
    case 'Dimension': return { value: Number(node.value), percent: false, unit: node.unit.toLowerCase(), none: false };
    case 'Identifier': return node.name.toLowerCase() === 'none' ? { value: 0, percent: false, none: true } : undefined;
    case 'Function': return calcChannel(node);
    default: return undefined;
  }
}

/** A math function as a channel (`calc(70% + 0%)`, Bulma's colours): a number, or percentages only. */
function calcChannel(node: CssNode): Channel | undefined {
  const parsed = parseCalcFunction(node);
  if (parsed === undefined) return undefined;
  if (parsed.type === 'number') return { value: parsed.value, percent: false, none: false };
  if (parsed.type === 'angle') return { value: parsed.value, percent: false, unit: 'deg', none: false };
  const value = percentOnly(parsed.node);
  return value === undefined ? undefined : { value, percent: true, none: false };
}

/** Splits the arguments into channels and alpha; legacy syntax when commas are used. */
function splitChannels(nodes: Nodes): { channels: Channel[]; alpha: Channel | undefined; legacy: boolean } | undefined {
  const legacy = nodes.some((n) => isOperator(n, ','));
  const channels: Channel[] = [];
  let alpha: Channel | undefined;
  let afterSlash = false;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (legacy) {
      if (i % 2 === 1) { if (!isOperator(node, ',')) return undefined; continue; }
    } else if (isOperator(node, '/')) {
      if (afterSlash) return undefined;
      afterSlash = true;
      continue;
    }
    const channel = channelOf(node);
    if (channel === undefined || (legacy && channel.none)) return undefined;
    if (afterSlash) { if (alpha !== undefined) return undefined; alpha = channel; }
    else channels.push(channel);
  }
  if (legacy && channels.length === 4) alpha = channels.pop();
  if (channels.length !== 3 || (afterSlash && alpha === undefined)) return undefined;
  return { channels, alpha, legacy };
}

function alphaOf(channel: Channel | undefined): number | undefined {
  if (channel === undefined) return 1;
  if (channel.unit !== undefined) return undefined;
  return channel.percent ? channel.value / 100 : channel.value;
}

function parseColorFunction(name: string, args: Nodes): Color | undefined {
  const parsed = splitChannels(args);
  if (parsed === undefined) return undefined;
  const alpha = alphaOf(parsed.alpha);
  if (alpha === undefined) return undefined;
  switch (name) {
    case 'rgb':
    case 'rgba': return rgbFunction(parsed.channels, alpha, parsed.legacy);
    case 'hsl':
    case 'hsla': return hslFunction(parsed.channels, alpha, parsed.legacy);
    case 'hwb': return parsed.legacy ? undefined : hwbFunction(parsed.channels, alpha);
    default: return undefined;
  }
}

/**
 * CSS Color 5 §14 `device-cmyk()`: four numbers or percentages (`none` is 0), an optional
 * `/ alpha`, or the legacy four comma-separated numbers. The sRGB colour is the naive
 * conversion (§14.3) — what a browser shows —; the channels are kept for the PDF.
 */
function deviceCmyk(args: Nodes): Color | undefined {
  const legacy = args.some((n) => isOperator(n, ','));
  const values: Channel[] = [];
  let alpha: Channel | undefined;
  let afterSlash = false;
  for (let i = 0; i < args.length; i++) {
    const node = args[i]!;
    if (legacy && i % 2 === 1) { if (!isOperator(node, ',')) return undefined; continue; }
    if (!legacy && isOperator(node, '/')) { if (afterSlash) return undefined; afterSlash = true; continue; }
    const channel = channelOf(node);
    if (channel === undefined || channel.unit !== undefined || (legacy && (channel.none || channel.percent))) return undefined;
    if (afterSlash) { if (alpha !== undefined) return undefined; alpha = channel; } else values.push(channel);
  }
  const a = alphaOf(alpha);
  if (values.length !== 4 || (afterSlash && alpha === undefined) || a === undefined) return undefined;
  const [c, m, y, k] = values.map((v) => clamp(v.percent ? v.value / 100 : v.value, 0, 1)) as [number, number, number, number];
  const naive = (v: number): number => 255 * (1 - Math.min(1, v * (1 - k) + k));
  return { ...rgba(round3(naive(c)), round3(naive(m)), round3(naive(y)), a), cmyk: [c, m, y, k] };
}

function rgbFunction(channels: Channel[], alpha: number, legacy: boolean): Color | undefined {
  if (channels.some((c) => c.unit !== undefined)) return undefined;
  // Legacy syntax: all three numbers or all three percentages.
  if (legacy && !(channels.every((c) => c.percent) || channels.every((c) => !c.percent))) return undefined;
  const [r, g, b] = channels.map((c) => (c.percent ? (c.value * 255) / 100 : c.value)) as [number, number, number];
  return rgba(round3(r), round3(g), round3(b), alpha);
}

function round3(value: number): number {
  return Math.round(clamp(value, 0, 255) * 1000) / 1000;
}

function hueOf(channel: Channel): number | undefined {
  if (channel.percent) return undefined;
  const factor = channel.unit === undefined ? 1 : ANGLE_DEGREES[channel.unit];
  if (factor === undefined) return undefined;
  const degrees = channel.value * factor;
  return ((degrees % 360) + 360) % 360;
}

/** A saturation/lightness/whiteness/blackness: a percentage (legacy) or number/percentage (modern). */
function fractionOf(channel: Channel, legacy: boolean): number | undefined {
  if (channel.unit !== undefined) return undefined;
  if (legacy && !channel.percent) return undefined;
  return clamp(channel.value / 100, 0, 1);
}

/** CSS Color 4 §7.1 `hslToRgb`. */
function hslFunction(channels: Channel[], alpha: number, legacy: boolean): Color | undefined {
  const hue = hueOf(channels[0]!);
  const sat = fractionOf(channels[1]!, legacy);
  const light = fractionOf(channels[2]!, legacy);
  if (hue === undefined || sat === undefined || light === undefined) return undefined;
  const f = (n: number): number => {
    const k = (n + hue / 30) % 12;
    const a = sat * Math.min(light, 1 - light);
    return light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return rgba(round3(f(0) * 255), round3(f(8) * 255), round3(f(4) * 255), alpha);
}

/** CSS Color 4 §8.1 `hwbToRgb`. */
function hwbFunction(channels: Channel[], alpha: number): Color | undefined {
  const hue = hueOf(channels[0]!);
  let white = fractionOf(channels[1]!, false);
  let black = fractionOf(channels[2]!, false);
  if (hue === undefined || white === undefined || black === undefined) return undefined;
  if (white + black >= 1) {
    const gray = white / (white + black);
    return rgba(round3(gray * 255), round3(gray * 255), round3(gray * 255), alpha);
  }
  const base = hslFunction([{ value: hue, percent: false, none: false }, { value: 100, percent: true, none: false }, { value: 50, percent: true, none: false }], 1, true)!;
  const mix = (c: number): number => round3((c / 255) * (1 - white! - black!) * 255 + white! * 255);
  white = clamp(white, 0, 1);
  black = clamp(black, 0, 1);
  return rgba(mix(base.r), mix(base.g), mix(base.b), alpha);
}

/** Convenience for `color: <ident>` checks elsewhere. */
export function isColorKeyword(node: CssNode | undefined): boolean {
  const name = identOf(node);
  return name !== undefined && parseColorKeyword(name) !== undefined;
}
