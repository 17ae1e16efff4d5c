/**
 * `@supports` (CSS Conditional 3 §6, Conditional 4 `selector()`, Conditional 5 `font-format()` and
 * `font-tech()`): a declaration is supported when the registry knows the property and accepts the
 * value; `selector()` when octavo compiles the selector; `font-format()` and `font-tech()` when
 * octavo reads that format or draws that technology from an `@font-face`; anything else (unknown
 * functions) is false. The condition is read from its source text, because css-tree 3 cannot parse
 * `(not (…))` inside parentheses, which Tailwind CSS 4 writes.
 */
import { parse } from './values/css-tree-parse.js';
import { INVALID } from './properties/define.js';
import { lookupProperty } from './properties/registry.js';
import { compileSelector } from './selectors.js';
import { matchingParen, topLevelIndex } from './text-scan.js';
import { childrenOf } from './values/nodes.js';

/** Whether a `<supports-condition>` holds; false when it cannot be read. */
export function evaluateSupports(text: string): boolean {
  const reader = { text, at: 0 };
  const result = condition(reader);
  skipSpace(reader);
  return result === true && reader.at === text.length;
}

interface Reader {
  readonly text: string;
  at: number;
}

/** `not <in-parens>` | `<in-parens> [and <in-parens>]*` | `<in-parens> [or <in-parens>]*`; undefined when malformed. */
function condition(reader: Reader): boolean | undefined {
  skipSpace(reader);
  if (keyword(reader, 'not')) {
    const operand = inParens(reader);
    return operand === undefined ? undefined : !operand;
  }
  let result = inParens(reader);
  if (result === undefined) return undefined;
  let joiner: 'and' | 'or' | undefined;
  for (;;) {
    skipSpace(reader);
    const next = keyword(reader, 'and') ? 'and' : keyword(reader, 'or') ? 'or' : undefined;
    if (next === undefined) return result;
    if (joiner !== undefined && joiner !== next) return undefined; // `a and b or c` needs parentheses
    joiner = next;
    const operand = inParens(reader);
    if (operand === undefined) return undefined;
    result = next === 'and' ? result && operand : result || operand;
  }
}

/** `( <condition> )`, `( <declaration> )`, `selector( <selector> )`, or a function it does not know (false). */
function inParens(reader: Reader): boolean | undefined {
  skipSpace(reader);
  const name = /^[-\w]*\(/.exec(reader.text.slice(reader.at))?.[0];
  if (name === undefined) return undefined;
  const open = reader.at + name.length - 1;
  const close = matchingParen(reader.text, open);
  if (close < 0) return undefined;
  const inner = reader.text.slice(open + 1, close);
  reader.at = close + 1;
  const fn = name.slice(0, -1).toLowerCase();
  if (fn === 'selector') return selectorSupported(inner);
  if (fn === 'font-format') return FONT_FORMATS.has(inner.trim().toLowerCase());
  if (fn === 'font-tech') return FONT_TECHNOLOGIES.has(inner.trim().toLowerCase());
  if (fn !== '') return false;
  const trimmed = inner.trim();
  if (trimmed.startsWith('(') || /^not\s*\(/i.test(trimmed)) return condition({ text: trimmed, at: 0 }) ?? false;
  const colon = topLevelIndex(inner, ':');
  return colon < 0 ? false : declarationSupported(inner.slice(0, colon).trim(), inner.slice(colon + 1).trim());
}

/** The font formats `@font-face` takes (docs/typography.md): not EOT, not SVG fonts. */
const FONT_FORMATS: ReadonlySet<string> = new Set(['truetype', 'opentype', 'woff', 'woff2', 'collection']);

/**
 * The font technologies octavo draws from an `@font-face` (docs/typography.md): OpenType and AAT
 * (morx) features, variations, COLRv0 colour glyphs; not Graphite, COLRv1, SVG, sbix or CBDT
 * glyphs, palettes or incremental transfer.
 */
const FONT_TECHNOLOGIES: ReadonlySet<string> = new Set(['features-opentype', 'features-aat', 'variations', 'color-colrv0']);

function keyword(reader: Reader, word: string): boolean {
  const match = new RegExp(`^${word}(?=[\\s(])`, 'i').exec(reader.text.slice(reader.at));
  if (match === null) return false;
  reader.at += match[0].length;
  return true;
}

function skipSpace(reader: Reader): void {
  while (reader.at < reader.text.length && /\s/.test(reader.text[reader.at]!)) reader.at++;
}

function selectorSupported(text: string): boolean {
  try {
    const selectors = childrenOf(parse(text, { context: 'selectorList' }));
    return selectors.length === 1 && compileSelector(selectors[0]!).ok;
  } catch {
    return false;
  }
}

function declarationSupported(property: string, value: string): boolean {
  if (property.startsWith('--')) return true;
  const lookup = lookupProperty(property.toLowerCase());
  if (lookup.kind !== 'known' || value === '') return false;
  const def = lookup.def;
  if (def.kind === 'unsupported') return false;
  let nodes;
  try {
    nodes = childrenOf(parse(value, { context: 'value' }));
  } catch {
    return false;
  }
  const ctx = { baseUrl: undefined, unsupported: () => undefined };
  switch (def.kind) {
    case 'longhand': return def.parse(nodes, ctx) !== INVALID;
    case 'shorthand': return def.parse(nodes, ctx) !== INVALID;
    case 'logical': {
      const physical = lookupProperty(def.ltr);
      return physical.kind === 'known' && physical.def.kind === 'longhand' && physical.def.parse(nodes, ctx) !== INVALID;
    }
  }
}
