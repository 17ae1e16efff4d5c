/**
 * Declarations (CSS Syntax 3 §5.4.5, CSS Cascade 4 §1-2): validates a declaration against the
 * registry, expands shorthands into longhands, keeps `var()` values for later substitution and
 * reports unknown properties and invalid values; only the bad declaration is dropped.
 */
import type { CssNode, Declaration as CssDeclaration } from 'css-tree';
import { generate } from 'css-tree';
import { parse } from './values/css-tree-parse.js';
import { excerpt, type DiagnosticCode } from '../diagnostics.js';
import { INVALID, RESET } from './properties/define.js';
import type { ParseContext } from './properties/define.js';
import type { RegisteredProperty } from './properties/registry.js';
import { LONGHAND_INDEX, lookupProperty } from './properties/registry.js';
import { FLOW_MODES } from './properties/logical.js';
import { unhonouredMessages } from './properties/unhonoured.js';
import { INLINE_SVG_PROPERTIES, changesNothing, isOtherProgramsValue } from './properties/unsupported.js';
import type { CssWideKeyword, Declaration, DeclaredValue, Slot } from './stylesheet.js';
import { childrenOf, containsVar, singleIdent } from './values/nodes.js';
import type { Nodes } from './values/nodes.js';
import { aliasValueText, quirkyValueText } from './values/quirky-values.js';
import { UNDRAWN_LEGACY_GRADIENT } from './values/legacy-gradient.js';
import { anchorFunctionIn } from './values/anchor-functions.js';

export interface DeclarationSink {
  warn(code: DiagnosticCode, message: string, line: number | undefined, column: number | undefined): void;
}

export interface DeclarationContext {
  readonly baseUrl: string | undefined;
  readonly sink: DeclarationSink;
  /** The text the value nodes' positions point into: a `var()` value keeps its own whitespace. */
  readonly source?: string;
  /** The document is in quirks mode: unitless lengths and hashless colours are read (values/quirky-values.ts). */
  readonly quirks?: boolean;
}

/** Where a declaration is in its sheet's or `style` attribute's text. */
type DeclaredAt = { readonly line: number | undefined; readonly column: number | undefined };

/** A value that names another engine's keyword or function (`-ms-flexbox`, `-webkit-gradient(`). */
const VENDOR_VALUE = /(^|[\s,(])-(webkit|moz|ms|o)-/i;

/**
 * Hacks for Internet Explorer that frameworks still ship (Bootstrap 3): a value ending in `\9`
 * (read by IE 6-10 alone), IE's `filter: alpha(opacity=65)` and `progid:DXImageTransform...`
 * filters, `expression()`. Invalid in every other engine: dropped silently, as other engines'
 * values are (parse.ts drops css-tree's syntax errors inside them too).
 */
export const OLD_IE_VALUE = /\\9\s*$|^\s*(?:progid:|alpha\s*\()|expression\s*\(/i;

const CSS_WIDE = new Set<string>(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/**
 * A call read per element in a value: `attr()` (`content` and the other properties that read
 * attributes take it themselves), `sibling-index()`, `sibling-count()`.
 */
const PER_ELEMENT_FUNCTION = /(?:^|[^\w-])(?:attr|sibling-index|sibling-count)\(/i;

/** The slot of a longhand or flow-relative longhand name. */
export function slotOf(name: string): Slot | undefined {
  const index = LONGHAND_INDEX.get(name);
  if (index !== undefined) return { kind: 'longhand', index };
  const lookup = lookupProperty(name);
  if (lookup.kind === 'known' && lookup.def.kind === 'logical') {
    const def = lookup.def;
    const flows = FLOW_MODES.flatMap((mode) => [LONGHAND_INDEX.get(def.physical(mode, false)), LONGHAND_INDEX.get(def.physical(mode, true))]);
    if (flows.every((index) => index !== undefined)) return { kind: 'logical', ltr: flows[0]!, rtl: flows[1]!, flows: flows as number[] };
  }
  return undefined;
}

/** The longhand names a property sets (itself for a longhand). */
function longhandsOf(def: RegisteredProperty): readonly string[] {
  switch (def.kind) {
    case 'longhand':
    case 'logical': return [def.name];
    case 'shorthand': return def.longhands;
    case 'unsupported': return [];
  }
}

/**
 * The value as written. css-tree's generator drops whitespace it deems unneeded (`var(--bw) 0`
 * comes out `var(--bw)0`), which substitution would glue into one token (`4px0`): the source
 * text keeps the tokens apart (CSS Variables 1 §3 substitutes tokens, not characters).
 */
function valueText(valueNode: CssNode, source: string | undefined): string {
  if (valueNode.type === 'Raw') return valueNode.value.trim();
  const loc = valueNode.loc;
  if (source !== undefined && loc !== undefined && loc !== null) return source.slice(loc.start.offset, loc.end.offset).trim();
  return generate(valueNode);
}

/** A value substituted per element when computed: `var()`, `env()`, `attr()` (compute.ts, pending-values.ts). */
function pendingValue(def: RegisteredProperty, text: string, important: boolean, property: string, where: DeclaredAt): Declaration[] {
  const shorthandName = def.kind === 'shorthand' ? def.name : undefined;
  return build(longhandsOf(def), (longhand) => ({ kind: 'pending', text, shorthand: shorthandName, longhand, line: where.line, column: where.column }), important, property);
}

/** Value nodes of a declaration; a Raw value (css-tree could not parse it) is parsed again. */
function valueNodes(value: CssNode): Nodes | undefined {
  if (value.type === 'Value') return childrenOf(value);
  if (value.type === 'Raw') {
    try {
      return childrenOf(parse(value.value, { context: 'value' }));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Parses one property/value pair into declarations of longhands. Returns [] (after a warning)
 * when the declaration is dropped.
 */
export function parseDeclarationValue(
  property: string,
  valueNode: CssNode,
  important: boolean,
  ctx: DeclarationContext,
  where: DeclaredAt,
): Declaration[] {
  if (property.startsWith('--')) {
    const text = valueNode.type === 'Raw' ? valueNode.value.trim() : generate(valueNode);
    return [{ property, slot: { kind: 'custom', name: property }, value: { kind: 'custom', text }, important }];
  }
  const name = property.toLowerCase();
  if (name === 'all') return parseAll(valueNode, important, ctx, where);
  const lookup = lookupProperty(name);
  const text = valueText(valueNode, ctx.source);
  if (lookup.kind === 'ignored') {
    // cascaded like a custom property of its name, for inline SVG (INLINE_SVG_PROPERTIES)
    return INLINE_SVG_PROPERTIES.has(name) ? [{ property: name, slot: { kind: 'custom', name }, value: { kind: 'custom', text }, important }] : [];
  }
  if (lookup.kind === 'unknown') {
    ctx.sink.warn('css_unknown_property', `unknown property \`${excerpt(property, 60)}\``, where.line, where.column);
    return [];
  }
  const def = lookup.def;
  if (def.kind === 'unsupported') {
    if (!changesNothing(def.name, text) && !isOtherProgramsValue(def.name, text)) ctx.sink.warn('css_unsupported', `property \`${def.name}\` is not supported`, where.line, where.column);
    return [];
  }
  const nodes = valueNodes(valueNode);
  if (nodes === undefined && PER_ELEMENT_FUNCTION.test(text)) return pendingValue(def, text, important, property, where);
  if (nodes === undefined || nodes.length === 0) {
    if (OLD_IE_VALUE.test(text)) return [];
    ctx.sink.warn('css_invalid_value', `invalid value \`${excerpt(text)}\` for \`${name}\``, where.line, where.column);
    return [];
  }
  const keyword = singleIdent(nodes);
  if (keyword !== undefined && CSS_WIDE.has(keyword)) {
    const kw = keyword as CssWideKeyword;
    return build(longhandsOf(def), () => ({ kind: 'keyword', keyword: kw }), important, property);
  }
  if (containsVar(nodes)) return pendingValue(def, text, important, property, where);
  let reportedUnsupported = false;
  const parseCtx: ParseContext = {
    baseUrl: ctx.baseUrl,
    unsupported: (feature) => {
      reportedUnsupported = true;
      ctx.sink.warn('css_unsupported', `${feature} is not supported (in \`${name}\`)`, where.line, where.column);
    },
  };
  const values = parseValue(def, nodes, parseCtx) ?? (ctx.quirks === true ? parseQuirkyValue(def, text, parseCtx) : undefined) ?? parseAliasValue(def, name, text, parseCtx);
  // attr() outside the properties that take it themselves (`content`), sibling-index(): substituted per element, as var() is
  if (values === undefined && PER_ELEMENT_FUNCTION.test(text)) return pendingValue(def, text, important, property, where);
  if (values === undefined) {
    // A value rejected because it uses something unsupported was already reported as such; another
    // engine's value (`display: -ms-flexbox` before `display: flex`, IE's `text-justify: inter-ideograph`
    // from Word) is dropped silently, as its properties are.
    if (UNDRAWN_LEGACY_GRADIENT.test(text)) ctx.sink.warn('css_unsupported', `\`-webkit-gradient(radial, …)\` is not supported (in \`${name}\`)`, where.line, where.column);
    const anchorFunction = anchorFunctionIn(name, text);
    if (anchorFunction !== undefined) ctx.sink.warn('css_unsupported', `anchor positioning is not supported: \`${anchorFunction}\` in \`${name}\``, where.line, where.column);
    if (reportedUnsupported || anchorFunction !== undefined || VENDOR_VALUE.test(text) || OLD_IE_VALUE.test(text) || isOtherProgramsValue(name, text)) return [];
    ctx.sink.warn('css_invalid_value', `invalid value \`${excerpt(text)}\` for \`${name}\``, where.line, where.column);
    return [];
  }
  for (const message of unhonouredMessages(def, values)) ctx.sink.warn('css_unsupported', message, where.line, where.column);
  return build(longhandsOf(def), (longhand) => {
    const value = values.get(longhand);
    return value === RESET || value === undefined ? { kind: 'keyword', keyword: 'initial' } : { kind: 'value', value };
  }, important, property);
}

/** The value read as quirks mode reads it (`width: 600`, `color: ff0000`); undefined when that does not make it valid. */
function parseQuirkyValue(def: RegisteredProperty, text: string, ctx: ParseContext): ReadonlyMap<string, unknown> | undefined {
  const quirky = quirkyValueText(def.name, text);
  if (quirky === undefined) return undefined;
  const nodes = valueNodes({ type: 'Raw', value: quirky });
  return nodes === undefined ? undefined : parseValue(def, nodes, ctx);
}

/** The value read as the `-webkit-` alias `written` reads it (`-webkit-perspective: 1000`); undefined when that does not make it valid. */
function parseAliasValue(def: RegisteredProperty, written: string, text: string, ctx: ParseContext): ReadonlyMap<string, unknown> | undefined {
  const aliased = aliasValueText(written, text);
  const nodes = aliased === undefined ? undefined : valueNodes({ type: 'Raw', value: aliased });
  return nodes === undefined ? undefined : parseValue(def, nodes, ctx);
}

/** Parses the value of a (non-var) declaration into longhand name -> specified value. */
export function parseValue(def: RegisteredProperty, nodes: Nodes, ctx: ParseContext): ReadonlyMap<string, unknown> | undefined {
  switch (def.kind) {
    case 'longhand': {
      const value = def.parse(nodes, ctx);
      return value === INVALID ? undefined : new Map([[def.name, value]]);
    }
    case 'logical': {
      const physical = lookupProperty(def.ltr);
      if (physical.kind !== 'known' || physical.def.kind !== 'longhand') return undefined;
      const value = physical.def.parse(nodes, ctx);
      return value === INVALID ? undefined : new Map([[def.name, value]]);
    }
    case 'shorthand': {
      const value = def.parse(nodes, ctx);
      return value === INVALID ? undefined : value;
    }
    case 'unsupported': return undefined;
  }
}

/** `all` (CSS Cascade 4 §3.2): a CSS-wide keyword for every property but direction and unicode-bidi. */
function parseAll(valueNode: CssNode, important: boolean, ctx: DeclarationContext, where: DeclaredAt): Declaration[] {
  const nodes = valueNodes(valueNode);
  const keyword = nodes === undefined ? undefined : singleIdent(nodes);
  if (keyword === undefined || !CSS_WIDE.has(keyword)) {
    ctx.sink.warn('css_invalid_value', `invalid value \`${excerpt(generate(valueNode))}\` for \`all\``, where.line, where.column);
    return [];
  }
  const kw = keyword as CssWideKeyword;
  const names = [...LONGHAND_INDEX.keys()].filter((n) => n !== 'direction' && n !== 'unicode-bidi');
  return build(names, () => ({ kind: 'keyword', keyword: kw }), important, 'all');
}

function build(longhands: readonly string[], valueOf: (longhand: string) => DeclaredValue, important: boolean, property: string): Declaration[] {
  const result: Declaration[] = [];
  for (const longhand of longhands) {
    const slot = slotOf(longhand);
    if (slot === undefined) continue;
    result.push({ property: longhand === property ? property : longhand, slot, value: valueOf(longhand), important });
  }
  return result;
}

/** Parses a css-tree Declaration node (with positions relative to the sheet). */
export function parseDeclarationNode(node: CssDeclaration, ctx: DeclarationContext): Declaration[] {
  const where = { line: node.loc?.start.line, column: node.loc?.start.column };
  return parseDeclarationValue(node.property, node.value, node.important !== false, ctx, where);
}
