/**
 * Stylesheet parsing (CSS Syntax 3 with css-tree): style rules with compiled selectors and
 * validated declarations, `@import`, `@media`, `@supports`, `@font-face`, `@page`. The result
 * is independent of any document, so the engine caches it by source text.
 */
import type { Atrule, CssNode, Declaration as CssDeclaration, Raw, Rule, SelectorList } from 'css-tree';
import { generate } from 'css-tree';
import { parse } from './values/css-tree-parse.js';
import { excerpt, type DiagnosticCode } from '../diagnostics.js';
import type { CounterStyleRule, FontFaceRule } from './types.js';
import type { DeclarationContext } from './declarations.js';
import { OLD_IE_VALUE, parseDeclarationNode } from './declarations.js';
import { parseFontFace } from './font-face.js';
import type { MediaPredicate } from './media.js';
import { compileMediaQueryList } from './media.js';
import type { ContainerCondition } from './container-query.js';
import { compileContainerPrelude } from './container-query.js';
import { parsePropertyRule } from './property-rule.js';
import { parseCounterStyleRule } from './counter-style-rule.js';
import { parsePageRule } from './page-rules.js';
import { nestSelectorList, readRawBlock } from './nesting.js';
import { dropScrollStateErrors } from './scroll-state-prelude.js';
import { compileMediaPrelude } from './media-prelude.js';
import { compileSelector } from './selectors.js';
import type { ScopeBounds } from './scope.js';
import type { LayerBuilder } from './layer-rules.js';
import { importLayer, visitLayer } from './layer-rules.js';
import { scopeBounds, scopedEntry, scopedSelectorList } from './scope.js';
import type { DomElement } from '../dom/types.js';
import type { Declaration, ImportRule, ParsedPageRule, ParsedSheet, RegisteredProperty, SelectorEntry, SheetWarning, StyleRule } from './stylesheet.js';
import { evaluateSupports } from './supports.js';
import { childrenOf, stringOf } from './values/nodes.js';
import { resolveStylesheetUrl } from '../stylesheet-urls.js';
import { appendAll } from '../append-all.js';

interface Builder extends LayerBuilder {
  readonly source: string;
  readonly baseUrl: string | undefined;
  readonly rules: StyleRule[];
  readonly imports: ImportRule[];
  readonly fontFaces: { rule: FontFaceRule; media: readonly MediaPredicate[] }[];
  readonly counterStyles: { rule: CounterStyleRule; media: readonly MediaPredicate[] }[];
  readonly pages: ParsedPageRule[];
  readonly properties: RegisteredProperty[];
  readonly warnings: SheetWarning[];
  readonly declarations: DeclarationContext;
  /** Once a rule other than @charset/@import/@layer is seen, @import is invalid. */
  importsClosed: boolean;
  /** `layers.length` when the first `@import` was read. */
  leadingLayers: number | undefined;
  /** Lines where css-tree reported a syntax error (its recovery nodes are not reported again). */
  readonly syntaxErrorLines: Set<number>;
  /** css-tree's syntax errors with their offsets: those inside nested rules it could not read are dropped once octavo reads them. */
  readonly syntaxErrors: { readonly offset: number; readonly warning: SheetWarning }[];
  /** Source ranges octavo read itself (raw nested blocks, `@supports` conditions): css-tree's syntax errors there are dropped. */
  readonly readRaw: { readonly start: number; readonly end: number }[];
  /** The conditions of the `@container` rules being read (StyleRule.containers). */
  containers: readonly ContainerCondition[];
  /** The `@scope` rule being read (scope.ts). */
  scope: ScopeBounds | undefined;
}

/** A pseudo-class or pseudo-element with a vendor prefix (`::-webkit-inner-spin-button`, `:-moz-ui-invalid`). */
const VENDOR_PSEUDO = /::?-(webkit|moz|ms|o)-/i;

/**
 * At-rules that are valid but have no effect on print output: skipped silently. `@starting-style`
 * gives the values a transition starts from, and a printed page runs no transition.
 */
const IGNORED_AT_RULES = new Set(['charset', 'namespace', 'keyframes', '-webkit-keyframes', '-moz-keyframes', 'font-feature-values', 'view-transition', 'viewport', '-ms-viewport', 'starting-style']);

/** An at-rule with the prefix of an engine other than Blink/WebKit (`@-moz-document`, `@-ms-viewport`). */
const OTHER_ENGINE_AT_RULE = /^-(moz|ms|o)-/;
/**
 * At-rules of other programs, dropped silently as browsers drop them: Microsoft Word's `@list`
 * (its numbering, `mso-level-*`, for Word itself: the HTML it saves carries the bullets as text).
 */
const OTHER_PROGRAM_AT_RULES = new Set(['list']);

export function parseStylesheet(source: string, baseUrl: string | undefined, quirks = false): ParsedSheet {
  const warnings: SheetWarning[] = [];
  const warn = (code: DiagnosticCode, message: string, line: number | undefined, column: number | undefined): void => {
    warnings.push({ code, message, line, column });
  };
  const builder: Builder = {
    source,
    baseUrl,
    rules: [],
    imports: [],
    fontFaces: [],
    counterStyles: [],
    pages: [],
    properties: [],
    warnings,
    declarations: { baseUrl, sink: { warn }, source, quirks },
    importsClosed: false,
    layer: undefined,
    layers: [],
    layerKeys: new Set(),
    leadingLayers: undefined,
    anonymousLayers: 0,
    syntaxErrorLines: new Set(),
    syntaxErrors: [],
    readRaw: [],
    containers: [],
    scope: undefined,
  };
  const ast = parse(source, {
    positions: true,
    parseCustomProperty: false,
    onParseError: (error) => {
      const { line, column, offset } = error as { line?: number; column?: number; offset?: number };
      // One syntax error often yields several reports: keep css-tree's first one per line.
      if (line !== undefined && builder.syntaxErrorLines.has(line)) return;
      if (line !== undefined) builder.syntaxErrorLines.add(line);
      builder.syntaxErrors.push({ offset: offset ?? -1, warning: { code: 'css_parse', message: error.message, line, column } });
    },
  });
  for (const node of childrenOf(ast)) visitTopLevel(node, builder, []);
  for (const { offset, warning } of builder.syntaxErrors) {
    if (!builder.readRaw.some((range) => offset >= range.start && offset <= range.end)) warnings.push(warning);
  }
  // Parse errors arrive before the rules are visited: report everything in source order.
  const sorted = warnings.map((w, i) => ({ w, i })).sort((a, b) => (a.w.line ?? 0) - (b.w.line ?? 0) || (a.w.column ?? 0) - (b.w.column ?? 0) || a.i - b.i).map((x) => x.w);
  return {
    rules: builder.rules, imports: builder.imports, fontFaces: builder.fontFaces, counterStyles: builder.counterStyles, pages: builder.pages, warnings: sorted,
    layers: builder.layers, leadingLayers: builder.leadingLayers ?? builder.layers.length, properties: builder.properties,
  };
}

function visitTopLevel(node: CssNode, builder: Builder, media: readonly MediaPredicate[]): void {
  if (node.type === 'Atrule') {
    const name = node.name.toLowerCase();
    if (name === 'import') { visitImport(node, builder); return; }
    if (name !== 'charset' && name !== 'layer') builder.importsClosed = true;
    visitAtRule(node, name, builder, media);
    return;
  }
  builder.importsClosed = true;
  if (node.type === 'Rule') visitRule(node, builder, media);
  else if (node.type === 'Raw' && node.value.trim() !== '' && !builder.syntaxErrorLines.has(node.loc?.start.line ?? -1)) {
    builder.warnings.push({ code: 'css_parse', message: `could not parse \`${excerpt(node.value, 60)}\``, line: node.loc?.start.line, column: node.loc?.start.column });
  }
}

function visitImport(node: Atrule, builder: Builder): void {
  const line = node.loc?.start.line ?? 0;
  if (builder.importsClosed) {
    builder.warnings.push({ code: 'css_parse', message: '@import must come before all other rules; ignored', line, column: node.loc?.start.column });
    return;
  }
  const prelude = node.prelude ? childrenOf(node.prelude) : [];
  const target = prelude[0];
  const raw = target?.type === 'Url' ? target.value : stringOf(target);
  if (raw === undefined) {
    builder.warnings.push({ code: 'css_parse', message: 'invalid @import', line, column: node.loc?.start.column });
    return;
  }
  const mediaList = prelude.find((n) => n.type === 'MediaQueryList');
  // `supports(…)` (CSS Cascade 5 §2.1): a condition, or a declaration alone; not imported when false
  const condition = prelude.find((n) => n.type === 'Function' && n.name.toLowerCase() === 'supports');
  if (condition !== undefined && !importSupported(condition, builder)) return;
  builder.leadingLayers ??= builder.layers.length;
  builder.imports.push({ url: resolveStylesheetUrl(raw, builder.baseUrl), media: compileMediaQueryList(mediaList), line, column: node.loc?.start.column, layer: importLayer(prelude, builder) });
}

/** Whether an `@import`'s `supports()` holds: its text read as a condition, else as one declaration. */
function importSupported(fn: CssNode, builder: Builder): boolean {
  const start = fn.loc?.start.offset;
  const end = fn.loc?.end.offset;
  if (start !== undefined && end !== undefined) builder.readRaw.push({ start, end });  // css-tree's errors there are dropped: read here
  const inner = start === undefined || end === undefined ? generate(fn).replace(/^supports\(|\)$/gi, '') : builder.source.slice(start + 'supports('.length, end - 1);
  return evaluateSupports(inner.trim()) || evaluateSupports(`(${inner.trim()})`);
}

function visitAtRule(node: Atrule, name: string, builder: Builder, media: readonly MediaPredicate[]): void {
  const line = node.loc?.start.line;
  const column = node.loc?.start.column;
  const block = node.block ? childrenOf(node.block) : [];
  switch (name) {
    case 'media': {
      const nested = [...media, compileMediaPrelude(node, builder)];
      for (const child of block) visitTopLevel(child, builder, nested);
      return;
    }
    case 'supports': {
      if (supports(node, builder)) for (const child of block) visitTopLevel(child, builder, media);
      return;
    }
    case 'layer':
      visitLayer(node, builder, () => {
        for (const child of block) visitTopLevel(child, builder, media);
      });
      return;
    case 'container':
      visitContainer(node, builder, () => {
        for (const child of block) visitTopLevel(child, builder, media);
      });
      return;
    case 'scope':
      visitScope(node, builder, () => {
        for (const child of block) visitTopLevel(child, builder, media);
      });
      return;
    case 'font-face': {
      const rule = parseFontFace(node, { baseUrl: builder.baseUrl, warn: (message, at, unsupported) => builder.warnings.push({ code: unsupported === true ? 'css_unsupported' : 'css_invalid_value', message, line: at, column: undefined }) });
      if (rule !== undefined) builder.fontFaces.push({ rule, media });
      return;
    }
    case 'counter-style': {
      const rule = parseCounterStyleRule(node, { warn: (message, at) => builder.warnings.push({ code: 'css_invalid_value', message, line: at, column: undefined }) });
      if (rule !== undefined) builder.counterStyles.push({ rule, media });
      return;
    }
    case 'property': {
      const property = parsePropertyRule(node, (message) => builder.warnings.push({ code: 'css_invalid_value', message, line, column }));
      if (property !== undefined) builder.properties.push(property);
      return;
    }
    case 'page': {
      const rule = parsePageRule(node, {
        source: builder.source,
        baseUrl: builder.baseUrl,
        media,
        warn: (code, message, at) => builder.warnings.push({ code, message, line: at, column: undefined }),
      });
      if (rule !== undefined) builder.pages.push(rule);
      return;
    }
    default:
      // another engine's at-rule (`@-moz-document`) is dropped silently, as Chromium does
      if (!IGNORED_AT_RULES.has(name) && !OTHER_ENGINE_AT_RULE.test(name) && !OTHER_PROGRAM_AT_RULES.has(name)) {
        builder.warnings.push({ code: 'css_unsupported', message: `at-rule @${name} is not supported`, line, column });
      }
      // what css-tree could not read in a rule that is dropped anyway is no second warning
      // (Primer's `@custom-media --narrow (max-width: calc(48rem - 0.02px))`)
      if (node.loc !== undefined && node.loc !== null) builder.readRaw.push({ start: node.loc.start.offset, end: node.loc.end.offset });
  }
}

function visitRule(node: Rule, builder: Builder, media: readonly MediaPredicate[], parent?: SelectorList): void {
  const line = node.loc?.start.line ?? 0;
  if (node.prelude.type !== 'SelectorList') {
    if (builder.syntaxErrorLines.has(line)) return;
    const text = node.prelude.type === 'Raw' ? node.prelude.value : generate(node.prelude);
    builder.warnings.push({ code: 'css_parse', message: `invalid selector \`${excerpt(text, 60)}\``, line, column: node.loc?.start.column });
    return;
  }
  const scope = builder.scope;
  const prelude = parent !== undefined ? nestSelectorList(parent, node.prelude) : scope !== undefined ? scopedSelectorList(node.prelude, scope.start) : node.prelude;
  const compiled = compileSelectorList(prelude, builder, line, node.loc?.start.column);
  // nothing left to match (only selectors print never shows): the block is not read either
  if (compiled === undefined || compiled.length === 0) return;
  const selectors = scope === undefined ? compiled : compiled.map((entry) => scopedEntry(entry, scope));
  visitStyleBlock(childrenOf(node.block), { prelude, selectors, line }, builder, media);
}

/** The compiled selectors of a rule, or undefined when one invalid selector invalidates it. */
function compileSelectorList(prelude: SelectorList, builder: Builder, line: number, column: number | undefined): SelectorEntry[] | undefined {
  const selectors: SelectorEntry[] = [];
  for (const selector of childrenOf(prelude)) {
    const result = compileSelector(selector);
    if (!result.ok && result.reason === 'interactive') continue;
    if (!result.ok && result.reason === 'unrendered') {
      // A valid selector that cannot match anything octavo draws: the rest of the list still applies.
      builder.warnings.push({ code: 'css_unsupported', message: result.message, line, column });
      continue;
    }
    if (!result.ok) {
      // One bad selector invalidates the whole rule (Selectors 4 §3.1 "invalid selector"); one
      // with another engine's prefix (`:-moz-focusring`) is dropped silently, as browsers do.
      if (VENDOR_PSEUDO.test(generate(selector))) return undefined;
      const code = result.reason === 'unsupported' ? 'css_unsupported' : 'css_parse';
      builder.warnings.push({ code, message: `${result.message}: rule ignored`, line, column });
      return undefined;
    }
    selectors.push(result.entry);
  }
  return selectors;
}

/** The style rule whose block is being read: nested rules take its selectors for `&`. */
interface StyleParent {
  readonly prelude: SelectorList;
  readonly selectors: readonly SelectorEntry[];
  readonly line: number;
}

/**
 * A style rule's block, in order (CSS Nesting 1 §3): its declarations, and its nested style
 * rules and conditional rules as rules of their own. Declarations after a nested rule form a
 * rule of their own too, so that the cascade keeps their order (§3.3 nested declarations).
 */
function visitStyleBlock(children: readonly CssNode[], parent: StyleParent, builder: Builder, media: readonly MediaPredicate[]): void {
  let normal: Declaration[] = [];
  let important: Declaration[] = [];
  let noEffect: SheetWarning[] = [];
  // declarations without effect wait for an element the rule matches (StyleRule.noEffect)
  const declarations: DeclarationContext = {
    baseUrl: builder.baseUrl,
    source: builder.source,
    quirks: builder.declarations.quirks,
    sink: {
      warn: (code, message, line, column) => (code === 'css_unsupported' ? noEffect : builder.warnings).push({ code, message, line, column }),
    },
  };
  const flush = (): void => {
    if (parent.selectors.length > 0 && (normal.length > 0 || important.length > 0 || noEffect.length > 0)) {
      builder.rules.push({
        selectors: [...parent.selectors], normal, important, media, line: parent.line, layer: builder.layer,
        ...(noEffect.length > 0 ? { noEffect } : {}),
        ...(builder.containers.length > 0 ? { containers: builder.containers } : {}),
      });
    }
    normal = [];
    important = [];
    noEffect = [];
  };
  for (const child of blockContents(children, builder)) {
    if (child.type === 'Declaration') {
      const attrRange = rawAttrValue(child);
      if (attrRange !== undefined) builder.readRaw.push(attrRange);
      for (const decl of parseDeclarationNode(child, declarations)) (decl.important ? important : normal).push(decl);
      continue;
    }
    flush();
    if (child.type === 'Rule') visitRule(child, builder, media, parent.prelude);
    else if (child.type === 'Atrule') visitNestedAtRule(child, parent, builder, media);
  }
  flush();
}

/** Conditional group rules inside a style rule (CSS Nesting 1 §3.2): their contents apply to the parent's selectors. */
function visitNestedAtRule(node: Atrule, parent: StyleParent, builder: Builder, media: readonly MediaPredicate[]): void {
  const name = node.name.toLowerCase();
  const block = node.block ? childrenOf(node.block) : [];
  if (name === 'media') visitStyleBlock(block, parent, builder, [...media, compileMediaPrelude(node, builder)]);
  else if (name === 'supports') {
    if (supports(node, builder)) visitStyleBlock(block, parent, builder, media);
  } else if (name === 'layer') {
    visitLayer(node, builder, () => visitStyleBlock(block, parent, builder, media));
  } else if (name === 'container') {
    visitContainer(node, builder, () => visitStyleBlock(block, parent, builder, media));
  } else {
    builder.warnings.push({ code: 'css_unsupported', message: `at-rule @${name} inside a style rule is not supported`, line: node.loc?.start.line, column: node.loc?.start.column });
  }
}

/**
 * `@container` (CSS Conditional 5 §6.2): the rules of its block apply where its condition holds
 * for the element's query container (css/container-query.ts). A list of queries is read from the
 * source text (css-tree cannot parse one; its errors there are dropped).
 */
function visitContainer(node: Atrule, builder: Builder, visitBlock: () => void): void {
  const text = node.prelude?.type === 'Raw' ? preludeText(node, builder) : undefined;
  const condition = compileContainerPrelude(node.prelude, text);
  if (condition === undefined) {
    builder.warnings.push({ code: 'css_parse', message: 'invalid @container condition: its rules are ignored', line: node.loc?.start.line, column: node.loc?.start.column });
    return;
  }
  dropScrollStateErrors(node, builder);
  const outer = builder.containers;
  builder.containers = [...outer, condition];
  visitBlock();
  builder.containers = outer;
}

/** An `@scope` rule (scope.ts): its prelude read from its source text, as `@container`'s. */
function visitScope(node: Atrule, builder: Builder, visitBlock: () => void): void {
  const line = node.loc?.start.line;
  const column = node.loc?.start.column;
  const text = preludeText(node, builder) ?? '';
  const compile = (list: SelectorList): ((element: DomElement) => boolean) | undefined => {
    const entries = compileSelectorList(list, builder, line ?? 0, column);
    return entries === undefined ? undefined : (element) => entries.some((entry) => entry.match(element));
  };
  const bounds = scopeBounds(text, builder.scope, builder.source, compile);
  if (bounds === undefined) {
    builder.warnings.push({ code: 'css_parse', message: 'invalid @scope prelude: its rules are ignored', line, column });
    return;
  }
  const outer = builder.scope;
  builder.scope = bounds;
  visitBlock();
  builder.scope = outer;
}

/**
 * An `@supports` condition, read from its source text between the at-keyword and the block
 * (css-tree cannot parse `(not (…))` and misplaces the prelude then; its errors there are dropped).
 */
function supports(node: Atrule, builder: Builder): boolean {
  const text = preludeText(node, builder);
  return text === undefined ? node.prelude !== null && evaluateSupports(generate(node.prelude)) : evaluateSupports(text);
}

/** An at-rule's prelude as written, between its at-keyword and its block; css-tree's syntax errors there are dropped. */
function preludeText(node: Atrule, builder: Builder): string | undefined {
  const start = node.loc?.start.offset;
  const end = node.block?.loc?.start.offset;
  if (start === undefined || end === undefined) return undefined;
  const from = start + 1 + node.name.length;
  builder.readRaw.push({ start: from, end });
  return builder.source.slice(from, end).trim();
}

/** A block's nodes, with the raw runs css-tree could not read (nested rules not starting with `&`) read as rules and declarations. */
function blockContents(children: readonly CssNode[], builder: Builder): CssNode[] {
  const result: CssNode[] = [];
  for (const child of children) {
    // a raw run without a block is a bad declaration: css-tree has reported it
    if (child.type === 'Raw' && child.value.includes('{')) appendAll(result, readRawContents(child, builder));
    else if (child.type === 'Declaration' && isNestedRuleMisread(child)) appendAll(result, readRawContents(rawOf(child, builder), builder));
    else result.push(child);
  }
  return result;
}

/**
 * `li:hover { … }` inside a style block: css-tree reads an ident and a colon as a declaration
 * (`li` with the value `hover { … }`). CSS Syntax 3 "consume a declaration" rejects a value with
 * a `{}` block beside other tokens (custom properties excepted), and "consume a block's contents"
 * then reads the same text again as a nested rule.
 */
function isNestedRuleMisread(declaration: CssDeclaration): boolean {
  return !declaration.property.startsWith('--') && declaration.value.type === 'Raw' && declaration.value.value.includes('{');
}

/** The source text of a node as a raw run, to be read again as a block's contents. */
function rawOf(node: CssNode, builder: Builder): Raw {
  const loc = node.loc;
  if (loc === undefined) return { type: 'Raw', value: '' };
  return { type: 'Raw', value: builder.source.slice(loc.start.offset, loc.end.offset), loc };
}

function readRawContents(raw: Raw, builder: Builder): CssNode[] {
  const start = raw.loc?.start;
  if (start === undefined) return [];
  // css-tree reports the error at the token after the run (its `}`)
  let end = raw.loc?.end.offset ?? start.offset;
  while (/\s/.test(builder.source[end] ?? '')) end++;
  builder.readRaw.push({ start: start.offset, end });
  return readRawBlock(raw, (offset, message, line, column) => builder.syntaxErrors.push({ offset, warning: { code: 'css_parse', message, line, column } }));
}

/** Parses the declarations of a `style` attribute (CSS Style Attributes §3). */
export function parseDeclarationList(source: string, baseUrl: string | undefined, quirks = false): { normal: Declaration[]; important: Declaration[]; warnings: SheetWarning[] } {
  const warnings: SheetWarning[] = [];
  const ctx: DeclarationContext = {
    baseUrl,
    source,
    quirks,
    sink: { warn: (code, message, line, column) => warnings.push({ code, message, line, column }) },
  };
  const errors: { offset: number; warning: SheetWarning }[] = [];
  const ast = parse(source, {
    context: 'declarationList',
    positions: true,
    parseCustomProperty: false,
    onParseError: (error) => errors.push({ offset: (error as { offset?: number }).offset ?? -1, warning: { code: 'css_parse', message: error.message, line: undefined, column: undefined } }),
  });
  const normal: Declaration[] = [];
  const important: Declaration[] = [];
  const attrRanges: { start: number; end: number }[] = [];
  for (const child of childrenOf(ast)) {
    if (child.type !== 'Declaration') continue;
    const attrRange = rawAttrValue(child);
    if (attrRange !== undefined) attrRanges.push(attrRange);
    for (const decl of parseDeclarationNode(child, ctx)) (decl.important ? important : normal).push(decl);
  }
  const parseErrors = errors.filter(({ offset }) => !attrRanges.some((r) => offset >= r.start && offset <= r.end)).map((e) => e.warning);
  return { normal, important, warnings: parseErrors.length === 0 ? warnings : [...parseErrors, ...warnings] };
}

/**
 * Where a declaration's value is an `attr()` css-tree could not read (`attr(data-pct %)`,
 * `attr(data-c type(<color>))`: its `%` and `<` are no tokens it expects there): the value is
 * taken as written and substituted per element (declarations.ts), so the parse error is not one;
 * or an old Internet Explorer hack (`filter: alpha(opacity=65)`), dropped silently there.
 */
function rawAttrValue(declaration: CssNode & { type: 'Declaration' }): { start: number; end: number } | undefined {
  const value = declaration.value;
  if (value.type !== 'Raw' || !(/(?:^|[^\w-])attr\(/i.test(value.value) || OLD_IE_VALUE.test(value.value)) || value.loc === undefined || value.loc === null) return undefined;
  return { start: value.loc.start.offset, end: value.loc.end.offset };
}
