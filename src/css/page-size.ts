/**
 * The `size` descriptor of `@page` (CSS Paged Media 3 §7.1): the named sizes, lengths (math
 * functions of them too, font units of the initial font) and orientations, read once per text.
 */
import { parse } from './values/css-tree-parse.js';
import { identOf } from './values/nodes.js';
import type { Nodes } from './values/nodes.js';
import { computeAbsoluteLength, parseLength } from './values/units.js';
import { BoundedCache } from '../cache/bounded.js';
import { didYouMean } from '../did-you-mean.js';

const MM = 96 / 25.4;
const IN = 96;

/** ISO 216 A0–A10, B0–B10 and ISO 269 C0–C10, JIS P 0138 B0–B10 sizes (portrait), mm. */
const SERIES_MM: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  a: [[841, 1189], [594, 841], [420, 594], [297, 420], [210, 297], [148, 210], [105, 148], [74, 105], [52, 74], [37, 52], [26, 37]],
  b: [[1000, 1414], [707, 1000], [500, 707], [353, 500], [250, 353], [176, 250], [125, 176], [88, 125], [62, 88], [44, 62], [31, 44]],
  c: [[917, 1297], [648, 917], [458, 648], [324, 458], [229, 324], [162, 229], [114, 162], [81, 114], [57, 81], [40, 57], [28, 40]],
  'jis-b': [[1030, 1456], [728, 1030], [515, 728], [364, 515], [257, 364], [182, 257], [128, 182], [91, 128], [64, 91], [45, 64], [32, 45]],
};

/**
 * Page sizes, px (portrait): CSS Paged Media 3 §7.1.1's A5, A4, A3, B5, B4, JIS-B5, JIS-B4,
 * letter, legal and ledger, and the rest of their series, 0 to 10 — the poster sizes A2, A1, A0
 * among them — as WeasyPrint and Prince take them (Chromium 156 knows only the spec's ten and
 * drops the declaration for the others).
 */
export const PAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  ...Object.fromEntries(Object.entries(SERIES_MM).flatMap(([series, sizes]) =>
    sizes.map(([w, h], n): [string, readonly [number, number]] => [`${series}${n}`, [w * MM, h * MM]]))),
  letter: [8.5 * IN, 11 * IN],
  legal: [8.5 * IN, 14 * IN],
  ledger: [11 * IN, 17 * IN],
};

export const DEFAULT_PAGE_SIZE: readonly [number, number] = PAGE_SIZES['a4']!;

/**
 * The longest side a sheet may have, px: 200in (14,400 pt), the largest page PDF readers show
 * (ISO 32000-1 Annex C.2; Acrobat refuses a larger one). A larger `size` is held at it, with a
 * warning, and so is a page with its bleed (page.ts). Unbounded, `size: 1e30px` made page
 * boxes no PDF number can describe, and the document failed to write.
 */
export const MAX_SHEET_SIDE = 200 * IN;

/**
 * `page-orientation` (CSS Paged Media 3 §7.3): how far a viewer turns the page clockwise to show
 * it, degrees (`rotate-left` 270, `rotate-right` 90, `upright` 0); undefined when invalid.
 */
export function pageRotationOf(value: string): 0 | 90 | 270 | undefined {
  const word = value.trim().toLowerCase();
  return word === 'upright' ? 0 : word === 'rotate-right' ? 90 : word === 'rotate-left' ? 270 : undefined;
}

/** What font-relative lengths in page descriptors are of: the initial font, the default page. */
export const FONT_CONTEXT = { fontSize: 16, rootFontSize: 16, viewportWidth: DEFAULT_PAGE_SIZE[0], viewportHeight: DEFAULT_PAGE_SIZE[1] };

/** `size: auto | <length>{1,2} | [ <page-size> || [ portrait | landscape ] ]`; undefined if invalid. */
export function parsePageSize(nodes: Nodes): readonly [number, number] | undefined {
  // `size:` with no value: every one of its no lengths is positive (FUZZ_SEED=8632 printed NaN-sized pages)
  if (nodes.length === 0) return undefined;
  if (nodes.length === 1 && identOf(nodes[0]) === 'auto') return DEFAULT_PAGE_SIZE;
  const lengths = nodes.map((n) => parseLength(n));
  if (lengths.every((l) => l !== undefined) && nodes.length <= 2) {
    // font-relative units against the initial font; math functions of them too (as Chromium)
    const px = lengths.map((l) => computeAbsoluteLength(l!, FONT_CONTEXT, 0));
    // also false for NaN
    if (!px.every((v) => v > 0)) return undefined;
    return [px[0]!, px[1] ?? px[0]!];
  }
  let size: readonly [number, number] | undefined;
  let orientation: string | undefined;
  for (const node of nodes) {
    const word = identOf(node);
    if (word === undefined) return undefined;
    if ((word === 'portrait' || word === 'landscape') && orientation === undefined) orientation = word;
    else if (Object.hasOwn(PAGE_SIZES, word) && size === undefined) size = PAGE_SIZES[word];
    else return undefined;
  }
  if (size === undefined && orientation === undefined) return undefined;
  const [w, h] = size ?? DEFAULT_PAGE_SIZE;
  return orientation === 'landscape' ? [Math.max(w, h), Math.min(w, h)] : [Math.min(w, h), Math.max(w, h)];
}

/** Paper names that are no `size` keyword (Prince's US sizes among them), with lengths to write instead. */
const OTHER_PAPER: Readonly<Record<string, string>> = {
  tabloid: '11in 17in', 'us-tabloid': '11in 17in', executive: '7.25in 10.5in', 'us-executive': '7.25in 10.5in',
  statement: '5.5in 8.5in', 'half-letter': '5.5in 8.5in', 'us-letter': '8.5in 11in', 'us-legal': '8.5in 14in', 'us-ledger': '11in 17in',
};

/**
 * What to say after "invalid value" for a `size` value with a word no keyword: the lengths of a
 * paper name CSS does not know (`tabloid`), or the keywords close to a misspelt one; '' otherwise.
 */
export function sizeHint(text: string): string {
  for (const node of valueNodes(text) ?? []) {
    const word = identOf(node);
    if (word === undefined || word === 'portrait' || word === 'landscape' || Object.hasOwn(PAGE_SIZES, word)) continue;
    const lengths = OTHER_PAPER[word];
    if (lengths !== undefined) return `: \`${word}\` is no page size keyword; write \`size: ${lengths}\``;
    const hint = didYouMean(word, [...Object.keys(PAGE_SIZES), 'portrait', 'landscape'], '`');
    return hint === undefined ? '' : `: ${hint}`;
  }
  return '';
}

/** `size` values already read, by text (shared by every render; bounded). */
const sizeCache = new BoundedCache<string, readonly [number, number] | null>('css.page-sizes', 256);

/** The page size a `size` value gives, or undefined if invalid. */
export function sizeOf(text: string): readonly [number, number] | undefined {
  let size = sizeCache.get(text);
  if (size === undefined) {
    const nodes = valueNodes(text);
    size = (nodes === undefined ? undefined : parsePageSize(nodes)) ?? null;
    sizeCache.set(text, size);
  }
  return size ?? undefined;
}

export function valueNodes(text: string): Nodes | undefined {
  try {
    const value = parse(text, { context: 'value' });
    return value.type === 'Value' ? value.children.toArray() : undefined;
  } catch {
    return undefined;
  }
}
