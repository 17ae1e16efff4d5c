/** CSS Fonts 4: font-family, size, weight, style, stretch, variants, features, `font` shorthand. */
import type { CssNode } from 'css-tree';
import type { FontSizeKeyword } from '../model/font-types.js';
import { FONT_CAPS, quotedGenericFamily, unquotedGenericFamily } from '../model/font-types.js';
import type { FontStyleValue, LineHeight } from '../model/types.js';
import { parseAngle } from '../values/angle.js';
import { childrenOf, cssString, identOf, splitBy, stringOf, unescaped } from '../values/nodes.js';
import { parse } from '../values/css-tree-parse.js';
import type { Nodes } from '../values/nodes.js';
import { parseCalcFunction } from '../values/calc.js';
import type { SpecifiedLength } from '../values/units.js';
import { computeAbsoluteLength, parseLength } from '../values/units.js';
import { parseNumber } from './common.js';
import type { ComputeContext, LonghandDef, PropertyDef, StyleKey } from './define.js';
import { INVALID, RESET, keywordProperty, longhand, shorthand } from './define.js';

export const GENERIC_FAMILIES = new Set([
  '-webkit-standard', 'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'math', 'emoji', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
]);

/** Words that are no family name alone, unquoted: CSS-wide keywords and `default` (CSS Values 4 §3.2 `<custom-ident>`). */
const RESERVED_FAMILY_WORDS = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer', 'default']);

/** `[ <family-name> | <generic-family> ]#` (CSS Fonts 4 §2.1). */
export function parseFontFamily(nodes: Nodes): string[] | undefined {
  const families: string[] = [];
  for (const part of splitBy(nodes, ',')) {
    if (part.length === 0) return undefined;
    if (part.length === 1 && part[0]!.type === 'String') {
      const name = stringOf(part[0])!;
      families.push(GENERIC_FAMILIES.has(name.toLowerCase()) ? quotedGenericFamily(name) : name);
      continue;
    }
    const words = part.map((node) => (node.type === 'Identifier' ? unescaped(node.name) : undefined));
    if (words.some((w) => w === undefined)) return undefined;
    if (words.length === 1 && RESERVED_FAMILY_WORDS.has(words[0]!.toLowerCase())) return undefined;
    const name = words.join(' ');
    families.push(words.length === 1 && GENERIC_FAMILIES.has(name.toLowerCase()) ? name.toLowerCase() : name);
  }
  return families.length > 0 ? families : undefined;
}

/**
 * Absolute-size keywords (CSS Fonts 4 §2.5) for medium = 16px, in whole pixels as Chromium and
 * Firefox size them (9, 10, 13, 16, 18, 24, 32, 48): the spec's scaling factors (3/5, 3/4, 8/9…)
 * unrounded made `small` 14.2px where a browser sets 13px — and `<font size=2>` with it.
 */
export const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48,
};

/**
 * Chromium's and Firefox's absolute-size keywords for an element whose font family is the generic
 * `monospace` alone (monospaceOnly): medium is 13px there, the size `<pre>` and `<code>` print at
 * in a browser's default style, and the others follow Chromium's table for a 13px medium.
 */
const MONOSPACE_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9, 'x-small': 10, small: 12, medium: 13, large: 16, 'x-large': 20, 'xx-large': 26, 'xxx-large': 39,
};

/**
 * The same in a document in quirks mode (Chromium's quirks table for a 13px medium): a legacy
 * e-mail without a doctype prints `<font size="2"><tt>` at 10px, `<font size="1"><code>` at 9px.
 * The other families' sizes are the same in both modes (their medium is 16px).
 */
const QUIRKS_MONOSPACE_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9, 'x-small': 9, small: 10, medium: 13, large: 16, 'x-large': 20, 'xx-large': 26, 'xxx-large': 40,
};

const KEYWORD_SIZES: ReadonlyMap<string, FontSizeKeyword> = new Map(Object.keys(FONT_SIZE_KEYWORDS).map((keyword) => [keyword, Object.freeze({ keyword, factor: 1 })]));

/** What the initial font size (medium) is a multiple of. */
export const MEDIUM_SIZE: FontSizeKeyword = KEYWORD_SIZES.get('medium')!;

/** Whether a font family list is the generic `monospace` alone (not `monospace, monospace`, nor a named font). */
export function monospaceOnly(families: readonly string[]): boolean {
  return families.length === 1 && families[0] === 'monospace';
}

/** The keyword a font size specified as `value` is a multiple of, in an element whose parent's is `parent` (FontSizeKeyword). */
export function fontSizeKeywordOf(value: FontSizeValue, parent: FontSizeKeyword | undefined): FontSizeKeyword | undefined {
  if (isSizeKeyword(value)) return KEYWORD_SIZES.get(value.keyword);
  if (parent === undefined) return undefined;
  if (value === 'larger' || value === 'smaller') return { keyword: parent.keyword, factor: value === 'larger' ? parent.factor * 1.2 : parent.factor / 1.2 };
  if (typeof value !== 'object') return undefined;
  if (value.kind === 'percent') return { keyword: parent.keyword, factor: parent.factor * value.value / 100 };
  return value.kind === 'rel' && value.unit === 'em' ? { keyword: parent.keyword, factor: parent.factor * value.value } : undefined;
}

/** Whether a specified font size is an absolute-size keyword (`small`, `medium`…). */
export function isSizeKeyword(value: unknown): value is { readonly keyword: string } {
  return typeof value === 'object' && value !== null && 'keyword' in value;
}

/** The size `keyword` gives an element, by whether its family is `monospace` alone (and the document in quirks mode). */
export function keywordFontSize(keyword: FontSizeKeyword, monospace: boolean, quirks = false): number {
  const table = monospace ? (quirks ? QUIRKS_MONOSPACE_SIZE_KEYWORDS : MONOSPACE_SIZE_KEYWORDS) : FONT_SIZE_KEYWORDS;
  return table[keyword.keyword]! * keyword.factor;
}

type FontSizeSpec = SpecifiedLength | 'smaller' | 'larger' | number;
export type FontSizeValue = FontSizeSpec | { readonly keyword: string };

function parseFontSizeNode(node: CssNode | undefined): FontSizeValue | undefined {
  const word = identOf(node);
  if (word !== undefined) {
    if (word === 'smaller' || word === 'larger') return word;
    return word in FONT_SIZE_KEYWORDS ? { keyword: word } : undefined;
  }
  return parseLength(node, { percent: true });
}

/**
 * Computes `font-size` against the parent's (CSS Fonts 4 §2.5): em and % refer to the parent's
 * font size; `smaller`/`larger` scale it by 1.2.
 */
function computeFontSize(value: FontSizeValue, ctx: ComputeContext): number {
  const parentSize = ctx.parent.fontSize;
  if (value === 'smaller') return parentSize / 1.2;
  if (value === 'larger') return parentSize * 1.2;
  if (isSizeKeyword(value)) return keywordFontSize(KEYWORD_SIZES.get(value.keyword)!, false) * (ctx.zoom ?? 1);
  const parentCtx = { ...ctx, fontSize: parentSize, rootFontSize: ctx.isRoot ? 16 : ctx.rootFontSize };
  return Math.max(0, computeAbsoluteLength(value, parentCtx, parentSize));
}

const fontSize = longhand<'fontSize', FontSizeValue>({
  name: 'font-size',
  key: 'fontSize',
  inherited: true,
  initial: 16,
  parse: (nodes) => (nodes.length === 1 ? parseFontSizeNode(nodes[0]) ?? INVALID : INVALID),
  compute: computeFontSize,
});

type WeightSpec = number | 'bolder' | 'lighter';

function parseFontWeightNode(node: CssNode | undefined): WeightSpec | undefined {
  const word = identOf(node);
  if (word === 'normal') return 400;
  if (word === 'bold') return 700;
  if (word === 'bolder' || word === 'lighter') return word;
  if (word !== undefined) return undefined;
  const value = parseNumber(node);
  return value !== undefined && value >= 1 && value <= 1000 ? value : undefined;
}

/** Relative weights (CSS Fonts 4 §2.2.1, table of bolder/lighter). */
export function relativeWeight(parent: number, which: 'bolder' | 'lighter'): number {
  if (which === 'bolder') {
    if (parent < 350) return 400;
    if (parent < 550) return 700;
    if (parent < 900) return 900;
    return parent;
  }
  if (parent < 100) return parent;
  if (parent < 550) return 100;
  if (parent < 750) return 400;
  return 700;
}

const fontWeight = longhand<'fontWeight', WeightSpec>({
  name: 'font-weight',
  key: 'fontWeight',
  inherited: true,
  initial: 400,
  parse: (nodes) => (nodes.length === 1 ? parseFontWeightNode(nodes[0]) ?? INVALID : INVALID),
  compute: (value, ctx) => (typeof value === 'number' ? value : relativeWeight(ctx.parent.fontWeight, value)),
});

/** `oblique <angle>`'s angle in degrees: −90deg to 90deg (CSS Fonts 4 §2.4), a unitless 0 is no angle. */
function parseObliqueAngle(node: CssNode | undefined): number | undefined {
  if (node === undefined || node.type === 'Number') return undefined;
  const degrees = parseAngle(node);
  return degrees !== undefined && degrees >= -90 && degrees <= 90 ? degrees : undefined;
}

function parseFontStyleNodes(nodes: Nodes): FontStyleValue | undefined {
  const word = identOf(nodes[0]);
  if (word === 'normal' || word === 'italic') return nodes.length === 1 ? word : undefined;
  if (word === 'oblique') {
    if (nodes.length === 1) return 'oblique';
    return nodes.length === 2 ? parseObliqueAngle(nodes[1]) : undefined;
  }
  return undefined;
}

const fontStyle = longhand<'fontStyle', FontStyleValue>({
  name: 'font-style',
  key: 'fontStyle',
  inherited: true,
  initial: 'normal',
  parse: (nodes) => parseFontStyleNodes(nodes) ?? INVALID,
  compute: (value) => value,
});

const STRETCH_KEYWORDS: Readonly<Record<string, number>> = {
  'ultra-condensed': 50, 'extra-condensed': 62.5, condensed: 75, 'semi-condensed': 87.5, normal: 100,
  'semi-expanded': 112.5, expanded: 125, 'extra-expanded': 150, 'ultra-expanded': 200,
};

function parseStretchNode(node: CssNode | undefined): number | undefined {
  const word = identOf(node);
  if (word !== undefined) return STRETCH_KEYWORDS[word];
  if (node?.type === 'Percentage' && Number(node.value) >= 0) return Number(node.value);
  return undefined;
}

const fontStretch = longhand<'fontStretch', number>({
  name: 'font-stretch',
  key: 'fontStretch',
  inherited: true,
  initial: 100,
  parse: (nodes) => (nodes.length === 1 ? parseStretchNode(nodes[0]) ?? INVALID : INVALID),
  compute: (value) => value,
});

/** `font-variant-caps` (CSS Fonts 4 §6.5): the font's features, else synthesized (text/small-caps.ts). */
const fontVariantCaps = keywordProperty({
  name: 'font-variant-caps', key: 'fontVariantCaps', initial: 'normal', inherited: true,
  keywords: ['normal', ...FONT_CAPS],
});

/** `font-variant-position` (CSS Fonts 4 §6.6): `sups`/`subs` glyphs, synthesized when the font lacks them (layout/inline/font-position.ts). */
const fontVariantPosition = keywordProperty({ name: 'font-variant-position', key: 'fontVariantPosition', keywords: ['normal', 'sub', 'super'], initial: 'normal', inherited: true });

const NUMERIC_GROUPS: readonly (readonly string[])[] = [
  ['lining-nums', 'oldstyle-nums'], ['proportional-nums', 'tabular-nums'], ['diagonal-fractions', 'stacked-fractions'],
  ['ordinal'], ['slashed-zero'],
];

/**
 * Keywords in any order, at most one of each group (`a || b || c`, each a choice of keywords),
 * or `normal` for none: the `font-variant-*` lists.
 */
function parseKeywordGroups(nodes: Nodes, groups: readonly (readonly string[])[]): string[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'normal') return [];
  const used = new Set<number>();
  const result: string[] = [];
  for (const node of nodes) {
    const word = identOf(node);
    const group = groups.findIndex((g) => word !== undefined && g.includes(word));
    if (group < 0 || used.has(group)) return undefined;
    used.add(group);
    result.push(word!);
  }
  return result.length > 0 ? result : undefined;
}

/** An inherited `font-variant-*` longhand whose value is a list of keywords (`normal`: empty). */
function variantList<K extends 'fontVariantNumeric' | 'fontVariantLigatures' | 'fontVariantEastAsian'>(name: string, key: K, parse: (nodes: Nodes) => string[] | undefined): LonghandDef<StyleKey, unknown> {
  return longhand<K, readonly string[]>({ name, key, inherited: true, initial: [], parse: (nodes) => parse(nodes) ?? INVALID, compute: (value) => value });
}

function parseNumericVariant(nodes: Nodes): string[] | undefined {
  return parseKeywordGroups(nodes, NUMERIC_GROUPS);
}

const fontVariantNumeric = variantList('font-variant-numeric', 'fontVariantNumeric', parseNumericVariant);

const EAST_ASIAN_GROUPS: readonly (readonly string[])[] = [
  ['jis78', 'jis83', 'jis90', 'jis04', 'simplified', 'traditional'], ['full-width', 'proportional-width'], ['ruby'],
];

/** `normal | [ <east-asian-variant-values> || <east-asian-width-values> || ruby ]` (CSS Fonts 4 §6.10). */
function parseEastAsianVariant(nodes: Nodes): string[] | undefined {
  return parseKeywordGroups(nodes, EAST_ASIAN_GROUPS);
}

const LIGATURE_GROUPS: readonly (readonly string[])[] = [
  ['common-ligatures', 'no-common-ligatures'], ['discretionary-ligatures', 'no-discretionary-ligatures'],
  ['historical-ligatures', 'no-historical-ligatures'], ['contextual', 'no-contextual'],
];

/** `normal | none | [ <common-lig-values> || <discretionary-lig-values> || <historical-lig-values> || <contextual-alt-values> ]` (CSS Fonts 4 §6.4). */
function parseLigatureVariant(nodes: Nodes): string[] | undefined {
  return nodes.length === 1 && identOf(nodes[0]) === 'none' ? ['none'] : parseKeywordGroups(nodes, LIGATURE_GROUPS);
}

const fontVariantLigatures = variantList('font-variant-ligatures', 'fontVariantLigatures', parseLigatureVariant);

const fontVariantEastAsian = variantList('font-variant-east-asian', 'fontVariantEastAsian', parseEastAsianVariant);

type Feature = { readonly tag: string; readonly value: number };

/** `normal | [ <string> [ <integer> | on | off ]? ]#` (CSS Fonts 4 §6.12). */
function parseFeatures(nodes: Nodes): Feature[] | undefined {
  if (nodes.length === 1 && identOf(nodes[0]) === 'normal') return [];
  const features: Feature[] = [];
  for (const part of splitBy(nodes, ',')) {
    const tag = stringOf(part[0]);
    if (tag === undefined || !/^[\x20-\x7e]{4}$/.test(tag) || part.length > 2) return undefined;
    let value = 1;
    if (part.length === 2) {
      const word = identOf(part[1]);
      if (word === 'on') value = 1;
      else if (word === 'off') value = 0;
      else {
        const n = parseNumber(part[1], { integer: true, min: 0 });
        if (n === undefined) return undefined;
        value = n;
      }
    }
    features.push({ tag, value });
  }
  return features;
}

const fontFeatureSettings = longhand<'fontFeatureSettings', readonly Feature[]>({
  name: 'font-feature-settings',
  key: 'fontFeatureSettings',
  inherited: true,
  initial: [],
  parse: (nodes) => parseFeatures(nodes) ?? INVALID,
  compute: (value) => value,
});

/**
 * `font-variation-settings` (CSS Fonts 4 §7.2): parsed so that `normal` (what CSS resets write)
 * passes silently; the axes are applied to variable fonts (text/variation.ts).
 */
const fontVariationSettings = longhand<'fontVariationSettings', 'normal' | readonly Feature[]>({
  name: 'font-variation-settings',
  key: 'fontVariationSettings',
  inherited: true,
  initial: [],
  parse: (nodes) => (nodes.length === 1 && identOf(nodes[0]) === 'normal' ? 'normal' : parseAxes(nodes) ?? INVALID),
  compute: (value) => (value === 'normal' ? [] : value),
});

/** `"wght" 600, "wdth" 80`: four-character axis tags with numbers (also the `@font-face` descriptor's value). */
export function parseAxes(nodes: Nodes): Feature[] | undefined {
  const axes: Feature[] = [];
  for (const part of splitBy(nodes, ',')) {
    const tag = stringOf(part[0]);
    const value = part.length === 2 ? parseNumber(part[1], {}) : undefined;
    if (tag === undefined || !/^[\x20-\x7e]{4}$/.test(tag) || value === undefined) return undefined;
    axes.push({ tag, value });
  }
  return axes;
}

type LineHeightSpec = 'normal' | { readonly number: number } | SpecifiedLength;

function parseLineHeightNode(node: CssNode | undefined): LineHeightSpec | undefined {
  if (identOf(node) === 'normal') return 'normal';
  if (node?.type === 'Number') {
    const value = Number(node.value);
    return value >= 0 ? { number: value } : undefined;
  }
  if (node?.type === 'Function') {
    const calc = parseCalcFunction(node);
    if (calc?.type === 'number') return calc.value >= 0 ? { number: calc.value } : undefined;
  }
  return parseLength(node, { percent: true });
}

/** `line-height` (CSS 2 §10.8.1): percentages compute to px of the element's font size. */
function computeLineHeight(value: LineHeightSpec, ctx: ComputeContext): LineHeight {
  if (value === 'normal') return 'normal';
  if (typeof value === 'object' && 'number' in value) return { kind: 'number', value: value.number };
  return Math.max(0, computeAbsoluteLength(value, ctx, ctx.fontSize));
}

const lineHeight = longhand<'lineHeight', LineHeightSpec>({
  name: 'line-height',
  key: 'lineHeight',
  inherited: true,
  initial: 'normal',
  parse: (nodes) => (nodes.length === 1 ? parseLineHeightNode(nodes[0]) ?? INVALID : INVALID),
  compute: computeLineHeight,
});

const SYSTEM_FONTS = new Set(['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar']);

/**
 * The font of the six system font keywords as Chromium 156 on Linux computes it
 * (LayoutThemeFontProvider::SystemFont: the default font size and the system font family, the
 * same for all six): 16px Arial, weight 400, upright — Liberation Sans here (bundled.ts).
 */
const SYSTEM_FONT: readonly (readonly [string, unknown])[] = [['font-family', ['Arial']], ['font-size', 16]];

/**
 * `font` (CSS Fonts 4 §2.8): `[ <style> || small-caps || <weight> || <stretch> ]? <size>
 * [ / <line-height> ]? <family>#`, or a system font keyword (SYSTEM_FONT); resets the other font longhands.
 */
const font = shorthand('font', [
  'font-style', 'font-variant-caps', 'font-weight', 'font-stretch', 'font-size', 'line-height', 'font-family',
  'font-variant-numeric', 'font-variant-position', 'font-kerning', 'font-optical-sizing', 'font-variant-ligatures', 'font-size-adjust',
], (nodes) => {
  const result = new Map<string, unknown>([
    ['font-style', RESET], ['font-variant-caps', RESET], ['font-weight', RESET], ['font-stretch', RESET],
    ['line-height', RESET], ['font-variant-numeric', RESET], ['font-variant-position', RESET], ['font-kerning', RESET],
    ['font-optical-sizing', RESET], ['font-variant-ligatures', RESET], ['font-size-adjust', RESET],
  ]);
  if (nodes.length === 1 && SYSTEM_FONTS.has(identOf(nodes[0]) ?? '')) {
    for (const [name, value] of SYSTEM_FONT) result.set(name, value);
    return result;
  }
  let i = 0;
  let normals = 0;
  for (; i < nodes.length && i < 4; i++) {
    const node = nodes[i]!;
    const word = identOf(node);
    if (word === 'normal') { normals++; continue; }
    if ((word === 'italic' || word === 'oblique') && result.get('font-style') === RESET) {
      const angle = word === 'oblique' ? parseObliqueAngle(nodes[i + 1]) : undefined;
      result.set('font-style', angle ?? word);
      if (angle !== undefined) i++;
      continue;
    }
    if (word === 'small-caps' && result.get('font-variant-caps') === RESET) { result.set('font-variant-caps', word); continue; }
    const weight = parseFontWeightNode(node);
    if (weight !== undefined && result.get('font-weight') === RESET) { result.set('font-weight', weight); continue; }
    const stretch = word !== undefined ? STRETCH_KEYWORDS[word] : undefined;
    if (stretch !== undefined && result.get('font-stretch') === RESET) { result.set('font-stretch', stretch); continue; }
    break;
  }
  if (normals > 4) return INVALID;
  const size = parseFontSizeNode(nodes[i]);
  if (size === undefined) return INVALID;
  result.set('font-size', size);
  i++;
  if (isSlash(nodes[i])) {
    const height = parseLineHeightNode(nodes[i + 1]);
    if (height === undefined) return INVALID;
    result.set('line-height', height);
    i += 2;
  }
  const family = parseFontFamily(nodes.slice(i));
  if (family === undefined) return INVALID;
  result.set('font-family', family);
  return result;
});

function isSlash(node: CssNode | undefined): boolean {
  return node !== undefined && node.type === 'Operator' && node.value === '/';
}

/** `font-variant` (CSS Fonts 4 §6.11), the caps, numeric, east-asian, ligature and position parts octavo uses. */
const fontVariant = shorthand('font-variant', ['font-variant-caps', 'font-variant-numeric', 'font-variant-east-asian', 'font-variant-position', 'font-variant-ligatures'], (nodes, ctx) => {
  const single = nodes.length === 1 ? identOf(nodes[0]) : undefined;
  if (single === 'normal' || single === 'none') {
    // `none` is the ligatures' none, every other part normal
    return new Map<string, unknown>([['font-variant-caps', 'normal'], ['font-variant-numeric', []], ['font-variant-east-asian', []], ['font-variant-position', 'normal'], ['font-variant-ligatures', single === 'none' ? ['none'] : []]]);
  }
  let caps: unknown = RESET;
  let position: unknown = RESET;
  const eastAsian: CssNode[] = [];
  const ligatures: CssNode[] = [];
  const numeric: Nodes = nodes.filter((node) => {
    const parsed = fontVariantCaps.parse([node], ctx);
    if (parsed !== INVALID && caps === RESET) { caps = parsed; return false; }
    const word = identOf(node);
    if ((word === 'sub' || word === 'super') && position === RESET) { position = word; return false; }
    if (word !== undefined && EAST_ASIAN_GROUPS.some((group) => group.includes(word))) { eastAsian.push(node); return false; }
    if (word !== undefined && LIGATURE_GROUPS.some((group) => group.includes(word))) { ligatures.push(node); return false; }
    return true;
  });
  const numbers = numeric.length > 0 ? parseNumericVariant(numeric) : [];
  const asian = eastAsian.length > 0 ? parseEastAsianVariant(eastAsian) : [];
  const ligated = ligatures.length > 0 ? parseLigatureVariant(ligatures) : [];
  if (numbers === undefined || asian === undefined || ligated === undefined) return INVALID;
  return new Map<string, unknown>([['font-variant-caps', caps], ['font-variant-numeric', numbers], ['font-variant-east-asian', asian], ['font-variant-position', position], ['font-variant-ligatures', ligated]]);
});

/**
 * `font-family` as CSS text (a `<font face>`, or a computed value again): names that would not
 * read back as one identifier naming a font quoted (`Arial, "Noto Sans", "3D", "default"`).
 */
export function fontFamilyText(families: readonly string[]): string {
  const plain = (f: string): boolean => (/^-?[a-z_][\w-]*$/i.test(f) && !RESERVED_FAMILY_WORDS.has(f.toLowerCase())) || unquotedGenericFamily(f) !== undefined;
  return families.map((f) => (plain(f) ? f : cssString(f))).join(', ');
}

/** A `font-family` value's text (a `<font face>`) as its families, or undefined when it is not one. */
export function parseFontFamilyText(text: string): string[] | undefined {
  let nodes: Nodes;
  try {
    nodes = childrenOf(parse(text, { context: 'value' }));
  } catch {
    return undefined;
  }
  return parseFontFamily(nodes);
}

export const FONT_PROPERTIES: readonly PropertyDef[] = [
  fontSize,
  longhand<'fontFamily', readonly string[]>({
    name: 'font-family',
    key: 'fontFamily',
    inherited: true,
    // the browser's standard font (Blink's initial value): Times New Roman's stand-in, but for a CJK
    // language the language's own sans-serif font, where `serif` is its serif one (text/catalog.ts)
    initial: ['-webkit-standard'],
    parse: (nodes) => parseFontFamily(nodes) ?? INVALID,
    compute: (value) => value,
  }),
  fontWeight,
  fontStyle,
  fontStretch,
  fontVariantCaps,
  fontVariantNumeric,
  fontVariantLigatures,
  fontVariantEastAsian,
  fontVariantPosition,
  fontFeatureSettings,
  fontVariationSettings,
  keywordProperty({ name: 'font-kerning', key: 'fontKerning', keywords: ['auto', 'normal', 'none'], initial: 'auto', inherited: true }),
  // `auto`: a variable font's `opsz` axis follows the font size (CSS Fonts 4 §5.9; text/variation.ts)
  keywordProperty({ name: 'font-optical-sizing', key: 'fontOpticalSizing', keywords: ['auto', 'none'], initial: 'auto', inherited: true }),
  lineHeight,
  font,
  fontVariant,
];
