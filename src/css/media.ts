/**
 * Media queries (Media Queries 4) evaluated for the print medium. `width`, `height`,
 * `aspect-ratio` and `orientation` are those of the page area (the page box less the margins of
 * the `@page` rules without selectors, A4 with the UA margins otherwise), not of the page box
 * that Media Queries 4 §4.1 names: content is laid out in the page area, as in a browser's
 * viewport, and the common framework breakpoints then choose what Chromium's print chooses on
 * A4 and Letter with usual margins (docs/css.md; csswg-drafts#5437 is open on this). The
 * `device-*` features are the page box's. Unknown features are false.
 */
import type { CssNode } from 'css-tree';
import { parse } from './values/css-tree-parse.js';
import { childrenOf, identOf } from './values/nodes.js';
import { ABSOLUTE_UNITS } from './values/units.js';
import { topLevelIndex } from './text-scan.js';

export interface MediaEnvironment {
  /** Page area size in px (the viewport of paged media). */
  readonly width: number;
  readonly height: number;
  /** Page box size in px (the "device"). */
  readonly deviceWidth: number;
  readonly deviceHeight: number;
}

/** A compiled media query list: true when any query matches. */
export type MediaPredicate = (env: MediaEnvironment) => boolean;

export const ALWAYS: MediaPredicate = () => true;
const NEVER: MediaPredicate = () => false;

const PRINT_TYPES = new Set(['all', 'print']);

/**
 * Compiles a media query list written as text (a `media` attribute, an `@media` prelude). A query
 * that does not parse is `not all` on its own, the others in the list still count (Media Queries 4
 * §3.2): `print, screen yahoo` matches print, as in browsers.
 */
export function compileMediaText(text: string): MediaPredicate {
  const whole = parsedQueries(text);
  if (whole !== undefined) return whole;
  const queries = mediaQueryTexts(text).map((query) => parsedQueries(query) ?? NEVER);
  return (env) => queries.some((query) => query(env));
}

/** The queries of a list that do not parse (for a warning that names them). */
export function invalidMediaQueries(text: string): string[] {
  return parsedQueries(text) === undefined ? mediaQueryTexts(text).filter((query) => parsedQueries(query) === undefined) : [];
}

function parsedQueries(text: string): MediaPredicate | undefined {
  try {
    return compileMediaQueryList(parse(text, { context: 'mediaQueryList' }));
  } catch {
    return undefined;
  }
}

/** A list's queries, split at its commas outside parentheses and strings. */
export function mediaQueryTexts(text: string): string[] {
  const queries: string[] = [];
  let rest = text;
  for (let comma = topLevelIndex(rest, ','); comma >= 0; comma = topLevelIndex(rest, ',')) {
    queries.push(rest.slice(0, comma).trim());
    rest = rest.slice(comma + 1);
  }
  queries.push(rest.trim());
  return queries;
}

/** Compiles a css-tree `MediaQueryList` (or an AtrulePrelude holding one). */
export function compileMediaQueryList(node: CssNode | null | undefined): MediaPredicate {
  if (node === null || node === undefined) return ALWAYS;
  if (node.type === 'AtrulePrelude') {
    const list = childrenOf(node).find((child) => child.type === 'MediaQueryList');
    return list ? compileMediaQueryList(list) : NEVER;
  }
  if (node.type !== 'MediaQueryList') return NEVER; // unparsable query: "not all"
  const queries = childrenOf(node).map(compileQuery);
  if (queries.length === 0) return ALWAYS;
  return (env) => queries.some((query) => query(env));
}

function compileQuery(node: CssNode): MediaPredicate {
  if (node.type !== 'MediaQuery') return NEVER;
  const type = node.mediaType?.toLowerCase();
  const typeMatches = type === undefined || PRINT_TYPES.has(type);
  const condition = node.condition ? compileCondition(node.condition) : ALWAYS;
  const negate = node.modifier?.toLowerCase() === 'not';
  return (env) => (typeMatches && condition(env)) !== negate;
}

/** `<media-condition>`: operands joined by `and`/`or`, optionally led by `not`. */
function compileCondition(node: CssNode): MediaPredicate {
  const parts = node.type === 'Condition' ? childrenOf(node) : [node];
  let negate = false;
  let joiner: 'and' | 'or' | undefined;
  const operands: MediaPredicate[] = [];
  for (const part of parts) {
    const word = identOf(part);
    if (word === 'not') { negate = !negate; continue; }
    if (word === 'and' || word === 'or') { joiner = word; continue; }
    operands.push(compileOperand(part));
  }
  const combined: MediaPredicate = joiner === 'or'
    ? (env) => operands.some((op) => op(env))
    : (env) => operands.every((op) => op(env));
  return negate ? (env) => !combined(env) : combined;
}

function compileOperand(node: CssNode): MediaPredicate {
  switch (node.type) {
    case 'Condition': return compileCondition(node);
    case 'Feature': return compileFeature(node.name.toLowerCase(), node.value ?? undefined);
    case 'FeatureRange': return compileRange(node);
    default: return NEVER;
  }
}

function lengthOf(node: CssNode | undefined): number | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'Number' && Number(node.value) === 0) return 0;
  if (node.type !== 'Dimension') return undefined;
  const unit = node.unit.toLowerCase();
  const factor = ABSOLUTE_UNITS[unit] ?? (unit === 'em' || unit === 'rem' ? 16 : undefined);
  return factor === undefined ? undefined : Number(node.value) * factor;
}

export function ratioOf(node: CssNode | undefined): number | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'Number') return Number(node.value);
  if (node.type === 'Ratio') {
    // css-tree 3 gives the terms as Number nodes (css-tree 2 gave their text)
    const term = (value: unknown): number => Number(typeof value === 'object' && value !== null ? (value as { value: string }).value : value);
    const left = term(node.left);
    const right = node.right === null ? 1 : term(node.right);
    return right === 0 || !Number.isFinite(left) || !Number.isFinite(right) ? undefined : left / right;
  }
  return undefined;
}

type Metric = (env: MediaEnvironment) => number;

const METRICS: Readonly<Record<string, { metric: Metric; parse: (node: CssNode | undefined) => number | undefined }>> = {
  width: { metric: (env) => env.width, parse: lengthOf },
  height: { metric: (env) => env.height, parse: lengthOf },
  'device-width': { metric: (env) => env.deviceWidth, parse: lengthOf },
  'device-height': { metric: (env) => env.deviceHeight, parse: lengthOf },
  'aspect-ratio': { metric: (env) => env.width / env.height, parse: ratioOf },
  'device-aspect-ratio': { metric: (env) => env.deviceWidth / env.deviceHeight, parse: ratioOf },
  color: { metric: () => 8, parse: (n) => (n?.type === 'Number' ? Number(n.value) : undefined) },
  'color-index': { metric: () => 0, parse: (n) => (n?.type === 'Number' ? Number(n.value) : undefined) },
  monochrome: { metric: () => 0, parse: (n) => (n?.type === 'Number' ? Number(n.value) : undefined) },
  // Chromium 156 prints at 300 dpi (3.125dppx): `min-resolution: 2dppx` picks the sharper images
  resolution: { metric: () => PRINT_DPI, parse: resolutionOf },
  'device-pixel-ratio': { metric: () => PRINT_DPI / 96, parse: (n) => (n?.type === 'Number' ? Number(n.value) : undefined) },
};

const PRINT_DPI = 300;

function resolutionOf(node: CssNode | undefined): number | undefined {
  if (node?.type !== 'Dimension') return undefined;
  const factor: Record<string, number> = { dpi: 1, dpcm: 2.54, dppx: 96, x: 96 };
  const f = factor[node.unit.toLowerCase()];
  return f === undefined ? undefined : Number(node.value) * f;
}

/** Discrete features with the value they have on a printer. */
const DISCRETE: Readonly<Record<string, (value: string | undefined, env: MediaEnvironment) => boolean>> = {
  orientation: (v, env) => v === undefined || v === (env.height >= env.width ? 'portrait' : 'landscape'),
  grid: (v) => v === undefined ? false : v === '0',
  scan: () => false,
  hover: (v) => v === 'none',
  'any-hover': (v) => v === 'none',
  pointer: (v) => v === 'none',
  'any-pointer': (v) => v === 'none',
  update: (v) => v === 'none',
  'overflow-block': (v) => v === undefined || v === 'paged',
  'overflow-inline': (v) => v === 'none',
  // as Chromium prints: scripting on (its <noscript> is not shown either), a browser tab
  scripting: (v) => v === 'enabled',
  'display-mode': (v) => v === 'browser',
  'prefers-color-scheme': (v) => v === 'light',
  'prefers-reduced-motion': (v) => v === 'no-preference',
  'prefers-contrast': (v) => v === 'no-preference',
  'forced-colors': (v) => v === 'none',
  'color-gamut': (v) => v === undefined || v === 'srgb',
  'dynamic-range': (v) => v === 'standard',
};

function compileFeature(prefixed: string, value: CssNode | undefined): MediaPredicate {
  // `-webkit-min-device-pixel-ratio`, WebKit's name of a resolution query
  const name = prefixed.startsWith('-webkit-') && prefixed.endsWith('device-pixel-ratio') ? prefixed.slice(8) : prefixed;
  const prefix = name.startsWith('min-') ? 'min' : name.startsWith('max-') ? 'max' : undefined;
  const base = prefix ? name.slice(4) : name;
  const metric = METRICS[base];
  if (metric !== undefined) {
    if (value === undefined) return prefix ? NEVER : (env) => metric.metric(env) !== 0;
    const target = metric.parse(value);
    if (target === undefined) return NEVER;
    const epsilon = 1e-6;
    if (prefix === 'min') return (env) => metric.metric(env) >= target - epsilon;
    if (prefix === 'max') return (env) => metric.metric(env) <= target + epsilon;
    return (env) => Math.abs(metric.metric(env) - target) < epsilon;
  }
  const discrete = DISCRETE[name];
  if (discrete === undefined || prefix) return NEVER;
  const word = value === undefined ? undefined : value.type === 'Number' ? value.value : identOf(value);
  return (env) => discrete(word, env);
}

export function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '<': return a < b;
    case '<=': return a <= b + 1e-6;
    case '>': return a > b;
    case '>=': return a >= b - 1e-6;
    case '=': return Math.abs(a - b) < 1e-6;
    default: return false;
  }
}

/** `(width >= 600px)`, `(400px <= width < 700px)` (Media Queries 4 §2.4.4). */
function compileRange(node: CssNode & { type: 'FeatureRange' }): MediaPredicate {
  const { left, leftComparison, middle, rightComparison, right } = node;
  const name = identOf(left) ?? identOf(middle);
  const metric = name === undefined ? undefined : METRICS[name];
  if (metric === undefined) return NEVER;
  if (identOf(left) === name) {
    const value = metric.parse(middle);
    return value === undefined ? NEVER : (env) => compare(metric.metric(env), leftComparison, value);
  }
  const low = metric.parse(left);
  const high = right ? metric.parse(right) : undefined;
  if (low === undefined || (right && high === undefined)) return NEVER;
  return (env) => {
    const actual = metric.metric(env);
    return compare(low, leftComparison, actual) && (rightComparison === null || high === undefined || compare(actual, rightComparison, high));
  };
}
