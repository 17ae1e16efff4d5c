/** `@font-face` (CSS Fonts 4 §4): family, sources, weight/style/stretch ranges, unicode-range. */
import type { Atrule, CssNode } from 'css-tree';
import type { FontFaceRule, FontMetricOverrides, FontSource, FontStyle } from './types.js';
import { parseAxes, parseFontFamily } from './properties/fonts.js';
import { childrenOf, identOf, splitBy, stringOf, urlOf } from './values/nodes.js';
import type { Nodes } from './values/nodes.js';

export interface FontFaceContext {
  readonly baseUrl: string | undefined;
  /** An invalid descriptor (`css_invalid_value`), or one not applied (`unsupported`: `css_unsupported`). */
  warn(message: string, line: number | undefined, unsupported?: true): void;
}

/** Descriptors (CSS Fonts 4 §4.10-4.11, CSS Fonts 5 §3) that change the face but are not applied. */
const UNHONOURED_DESCRIPTORS: ReadonlySet<string> = new Set(['font-feature-settings', 'font-language-override']);

/** The metric descriptors (FontMetricOverrides), by name. */
const METRIC_DESCRIPTORS: Readonly<Record<string, keyof FontMetricOverrides>> = {
  'size-adjust': 'sizeAdjust', 'ascent-override': 'ascent', 'descent-override': 'descent', 'line-gap-override': 'lineGap',
};

/**
 * A metric descriptor's value as a fraction: `<percentage [0,∞]>` (`size-adjust`), or `normal` or
 * one or two such percentages (the overrides; the second, for superscripts, is not used).
 * `normal` (and `100%` for `size-adjust`): undefined, the font's own; null when invalid.
 */
function metricValue(name: keyof FontMetricOverrides, nodes: Nodes): number | undefined | null {
  if (nodes.length === 1 && identOf(nodes[0]) === 'normal' && name !== 'sizeAdjust') return undefined;
  const first = nodes[0];
  if (first?.type !== 'Percentage' || nodes.length > (name === 'sizeAdjust' ? 1 : 2) || (nodes[1] !== undefined && nodes[1].type !== 'Percentage')) return null;
  const value = Number(first.value) / 100;
  if (!Number.isFinite(value) || value < 0) return null;
  return name === 'sizeAdjust' && value === 1 ? undefined : value;
}

const WEIGHT_KEYWORDS: Readonly<Record<string, number>> = { normal: 400, bold: 700 };
const STRETCH_KEYWORDS: Readonly<Record<string, number>> = {
  'ultra-condensed': 50, 'extra-condensed': 62.5, condensed: 75, 'semi-condensed': 87.5, normal: 100,
  'semi-expanded': 112.5, expanded: 125, 'extra-expanded': 150, 'ultra-expanded': 200,
};

function range(nodes: Nodes, single: (node: CssNode | undefined) => number | undefined): [number, number] | undefined {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  const low = single(nodes[0]);
  const high = nodes.length === 2 ? single(nodes[1]) : low;
  if (low === undefined || high === undefined) return undefined;
  return low <= high ? [low, high] : [high, low];
}

/** `auto` stands for the range of the font's own axis, known once the font is loaded. */
function autoOr(nodes: Nodes, parse: () => [number, number] | undefined): [number, number] | 'auto' | undefined {
  return nodes.length === 1 && identOf(nodes[0]) === 'auto' ? 'auto' : parse();
}

function weightOf(node: CssNode | undefined): number | undefined {
  const word = identOf(node);
  if (word !== undefined) return WEIGHT_KEYWORDS[word];
  if (node?.type !== 'Number') return undefined;
  const value = Number(node.value);
  return value >= 1 && value <= 1000 ? value : undefined;
}

function stretchOf(node: CssNode | undefined): number | undefined {
  const word = identOf(node);
  if (word !== undefined) return STRETCH_KEYWORDS[word];
  return node?.type === 'Percentage' ? Number(node.value) : undefined;
}

/** `src: [ url() format()? | local( <family-name> ) ]#` (CSS Fonts 4 §4.3). */
function parseSources(nodes: Nodes, baseUrl: string | undefined): FontFaceRule['sources'] {
  const sources: FontSource[] = [];
  for (const part of splitBy(nodes, ',')) {
    const local = localName(part);
    if (local !== undefined) {
      sources.push({ local });
      continue;
    }
    const url = urlOf(part[0], baseUrl);
    if (url === undefined) continue;
    const format = part.find((n) => n.type === 'Function' && n.name.toLowerCase() === 'format');
    const formatName = format ? stringOf(childrenOf(format)[0]) ?? identOf(childrenOf(format)[0]) : undefined;
    sources.push(formatName === undefined ? { url } : { url, format: formatName });
  }
  return sources;
}

/** The name of `local("Name")` or `local(Name With Words)`, undefined for anything else. */
function localName(part: Nodes): string | undefined {
  const node = part[0];
  if (part.length !== 1 || node?.type !== 'Function' || node.name.toLowerCase() !== 'local') return undefined;
  const args = childrenOf(node);
  const quoted = args.length === 1 ? stringOf(args[0]) : undefined;
  if (quoted !== undefined) return quoted.trim() || undefined;
  const words = args.filter((arg) => arg.type !== 'WhiteSpace').map((arg) => (arg.type === 'Identifier' ? arg.name : undefined));
  return words.length > 0 && words.every((word) => word !== undefined) ? words.join(' ') : undefined;
}

function parseUnicodeRange(nodes: Nodes): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  for (const part of splitBy(nodes, ',')) {
    const node = part[0];
    if (part.length !== 1 || node?.type !== 'UnicodeRange') return undefined;
    const match = /^u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?$/i.exec(node.value);
    if (!match) return undefined;
    const start = match[1]!;
    if (start.includes('?')) {
      ranges.push([parseInt(start.replace(/\?/g, '0'), 16), parseInt(start.replace(/\?/g, 'f'), 16)]);
    } else {
      ranges.push([parseInt(start, 16), parseInt(match[2] ?? start, 16)]);
    }
  }
  return ranges;
}

/** CSS 2's descriptors for matching a font without loading it (§15.3.4-§15.3.7), which Word still writes. */
const CSS2_FONT_DESCRIPTORS = new Set(['panose-1', 'stemv', 'stemh', 'slope', 'cap-height', 'x-height', 'ascent', 'descent', 'widths', 'bbox',
  'definition-src', 'baseline', 'centerline', 'mathline', 'topline', 'units-per-em']);

/** Validates an `@font-face` block; undefined (after a warning) when family or src is missing. */
export function parseFontFace(rule: Atrule, ctx: FontFaceContext): FontFaceRule | undefined {
  let family: string | undefined;
  let sources: FontFaceRule['sources'] = [];
  let hasSrc = false;
  let describes = false;
  // `auto` (CSS Fonts 4 §4.4, also when not written):, the font's own range where it has a wght/wdth axis, else 400 / 100%
  let weight: [number, number] | 'auto' = 'auto';
  let style: FontStyle = 'normal';
  let stretch: [number, number] | 'auto' = 'auto';
  let variations: { tag: string; value: number }[] = [];
  let unicodeRange: [number, number][] = [];
  const metrics: { -readonly [K in keyof FontMetricOverrides]: number } = {};
  for (const node of rule.block ? childrenOf(rule.block) : []) {
    if (node.type !== 'Declaration' || node.value.type !== 'Value') continue;
    const nodes = childrenOf(node.value);
    const line = node.loc?.start.line;
    switch (node.property.toLowerCase()) {
      case 'font-family': {
        const families = parseFontFamily(nodes);
        if (families?.length === 1) family = families[0]!;
        else ctx.warn('invalid `font-family` in @font-face', line);
        break;
      }
      case 'src': sources = parseSources(nodes, ctx.baseUrl); hasSrc = true; break;
      case 'font-weight': weight = autoOr(nodes, () => range(nodes, weightOf)) ?? (ctx.warn('invalid `font-weight` in @font-face', line), weight); break;
      case 'font-stretch': stretch = autoOr(nodes, () => range(nodes, stretchOf)) ?? (ctx.warn('invalid `font-stretch` in @font-face', line), stretch); break;
      case 'font-variation-settings': {
        const axes = identOf(nodes[0]) === 'normal' && nodes.length === 1 ? [] : parseAxes(nodes);
        if (axes !== undefined) variations = axes;
        else ctx.warn('invalid `font-variation-settings` in @font-face', line);
        break;
      }
      case 'font-style': {
        const word = identOf(nodes[0]);
        if (word === 'normal' || word === 'italic' || word === 'oblique') style = word;
        else ctx.warn('invalid `font-style` in @font-face', line);
        break;
      }
      case 'unicode-range': unicodeRange = parseUnicodeRange(nodes) ?? (ctx.warn('invalid `unicode-range` in @font-face', line), unicodeRange); break;
      default: {
        const name = node.property.toLowerCase();
        describes ||= CSS2_FONT_DESCRIPTORS.has(name);
        const metric = METRIC_DESCRIPTORS[name];
        if (metric !== undefined) {
          const value = metricValue(metric, nodes);
          if (value === null) ctx.warn(`invalid \`${name}\` in @font-face`, line);
          else if (value === undefined) delete metrics[metric];
          else metrics[metric] = value;
        }
        // features change what is drawn: said, not dropped silently
        if (UNHONOURED_DESCRIPTORS.has(name)) ctx.warn(`\`${name}\` in @font-face is not supported: the face's own features are used`, line, true);
        break;
      }
    }
  }
  if (family === undefined || sources.length === 0) {
    // a CSS 2 font description without `src` (Word's `@font-face { font-family: Calibri; panose-1: 2 15 5 2 … }`)
    // names a font to match and loads nothing: browsers drop it without a word, the text's font warning says the rest
    if (family !== undefined && !hasSrc && describes) return undefined;
    ctx.warn('@font-face needs `font-family` and a `src` with url() or local()', rule.loc?.start.line);
    return undefined;
  }
  const at = rule.loc === undefined ? {} : { where: { line: rule.loc.start.line, column: rule.loc.start.column } };
  return {
    family, sources, weight: weight === 'auto' ? [400, 400] : weight, style, stretch: stretch === 'auto' ? [100, 100] : stretch, unicodeRange, ...at,
    ...(weight === 'auto' ? { autoWeight: true } : {}),
    ...(stretch === 'auto' ? { autoStretch: true } : {}),
    ...(variations.length === 0 ? {} : { variations }),
    ...(Object.keys(metrics).length === 0 ? {} : { metricOverrides: metrics }),
  };
}
