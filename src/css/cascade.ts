/**
 * The cascade (CSS Cascade 4 §6): matches rules through the bucketed index, orders declarations
 * by origin and importance, specificity and order (style attribute last), resolves `revert`,
 * custom properties and flow-relative properties, computes every element once, and shares
 * computed styles between siblings that matched the same rules under the same parent style.
 */
import type { Diagnostics } from '../diagnostics.js';
import type { SourceLocation } from '../errors.js';
import type { DomDocument, DomElement, DomNode } from '../dom/types.js';
import { isElement } from '../dom/types.js';
import { elementLocation } from '../dom/location.js';
import { customScrollbarApplies, withCustomScrollbar } from './custom-scrollbar.js';
import { unrenderedElement } from '../dom/unrendered.js';
import type { ComputedStyle, ControlPart, Display, PseudoElement, StyledDocument } from './types.js';
import { collectedBaseUrl } from './collect.js';
import { computeStyle, createInitialStyle, lineHeightPx, withStyle } from './compute.js';
import type { DocumentFontMetrics, FontRatioSource, FontUnitRatios } from './values/font-metrics.js';
import { estimatedFontUnitUses, fontUnitRatios, styleFontRatios } from './values/font-metrics.js';
import type { CustomProperties } from './custom-properties.js';
import { NO_CUSTOM_PROPERTIES, computeCustomProperties, customValues } from './custom-properties.js';
import type { SubstitutionLimit } from './custom-properties.js';
import { registeredValues } from './registered-values.js';
import { DEFAULT_LIMITS } from '../options.js';
import { presentationalHints } from './hints.js';
import { pageEnvironment } from './page-environment.js';
import type { MediaEnvironment } from './media.js';
import { compileMediaText } from './media.js';
import { parseDeclarationList } from './parse.js';
import type { Cascaded, DeclarationList } from './cascade-order.js';
import { cascadeDeclarations } from './cascade-order.js';
import { controlFallbackKey, withControlFallback, withNativeMeterPart } from './control-fallback.js';
import { controlParts, isFileInput, PART_PARENTS } from './control-parts.js';
import type { IndexedSelector, RuleIndex } from './rule-index.js';
import type { PendingValue, StyleRule, Stylesheet } from './stylesheet.js';
import { declarationLocator } from './declared-at.js';
import { collectCounterStyles, collectFontFaces, collectPageRules } from './collect-at-rules.js';
import { reportWarning } from './warnings.js';
import type { CascadeMemo, ControlPartStyles, CountingDiagnostics, ElementStyles } from './style-sharing.js';
import { cascadeMemo, countingDiagnostics, shareLeaf } from './style-sharing.js';
import { AncestorFilter } from './ancestor-filter.js';
import type { ContainerSizes } from './container-scope.js';
import { ContainerScope, NO_CONTAINER_SIZES } from './container-scope.js';
import { BoundedCache } from '../cache/bounded.js';
import type { SiblingPosition } from './sibling-functions.js';
import { siblingPositions } from './sibling-functions.js';

/** A `style` attribute's warnings are placed at its element, not in a sheet. */
const NOWHERE = { lineOffset: 0 } as const;

export interface CascadeContext {
  readonly diagnostics: Diagnostics;
  /**
   * Base URL for `url()` in `style` attributes; defaults to the one `collectStylesheets` was given
   * for this document (relative URLs stay relative without either).
   */
  readonly baseUrl?: string | undefined;
  /** limits.maxCustomPropertyLength (default: the engine's default). */
  readonly maxCustomPropertyLength?: number;
  /** The query containers' sizes a layout pass measured (container-passes.ts); none before the first. */
  readonly containerSizes?: ContainerSizes;
  /** The metrics of the fonts the render loaded, for `ex`, `ch` and `cap`; before they load, estimated (values/font-metrics.ts). */
  readonly fontMetrics?: DocumentFontMetrics;
  /** The name of the document's first page, for the viewport units' page (pageEnvironment); unnamed before the document is styled. */
  readonly firstPageName?: string;
  /** RenderOptions.lint: also warn what CSS defines but a template seldom means (ComputeInput.lint). */
  readonly lint?: boolean;
}

interface State {
  readonly memo: CascadeMemo;
  readonly index: RuleIndex;
  readonly dom: DomDocument;
  /** The render's diagnostics, counted: a computation that warns is not shared with other renders. */
  readonly diagnostics: CountingDiagnostics;
  /** This render, as the owner of the entries it could not share with others. */
  readonly token: object;
  readonly baseUrl: string | undefined;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly styles: Map<DomElement, ElementStyles>;
  /** Scratch list reused by every match. */
  readonly matched: IndexedSelector[];
  /** The ancestors of the element being matched (ancestor-filter.ts); undefined when no selector needs them. */
  readonly ancestors: AncestorFilter | undefined;
  /** limits.maxCustomPropertyLength, and its warning (once per render). */
  readonly substitution: SubstitutionLimit;
  rootFontSize: number;
  /** The root element's font ratios (`rex`, `rch`, `rcap`), once it is styled. */
  rootFont: FontUnitRatios | undefined;
  /** The root's computed line height in px (undefined: normal, or no root yet), for `rlh`. */
  rootLineHeight: number | undefined;
  /** The element being computed, for the location of computed-value warnings. */
  current: DomElement | undefined;
  /**
   * Whether computing the current element read one of its attributes (`attr()`) or its place
   * among its siblings (`sibling-index()`): its style is its own, not shared.
   */
  readAttributes: boolean;
  /** `attr()`'s reader of the current element's attributes (one function per render, not per style computed). */
  readonly readAttribute: (name: string) => string | undefined;
  /** `sibling-index()`'s and `sibling-count()`'s reader of the current element's place. */
  readonly readSiblings: () => SiblingPosition;
  readonly sheets: readonly Stylesheet[];
  /** Rules whose declarations without effect were reported in this render (StyleRule.noEffect). */
  readonly reported: Set<StyleRule>;
  /** Names of the unrendered elements already warned about (and `initial-letter`, said once too). */
  readonly unrenderedReported: Set<string>;
  /** Which sheet each rule with such declarations is in (made when the first one is reported). */
  ruleSheets: Map<StyleRule, Stylesheet> | undefined;
  /** ::first-letter and ::first-line styles computed in this render, by the rules matched and the parent style. */
  readonly lineStarts: Map<readonly IndexedSelector[], Map<ComputedStyle, ComputedStyle>>;
  /** The query containers around the element being styled (container-scope.ts). */
  readonly containers: ContainerScope;
  /** The ratios of a `font-family` list: CascadeContext's `fontMetrics`, else estimated. */
  readonly fontRatios: FontRatioSource;
  readonly lint: boolean;
  /** Where a `var()` declaration is in its sheet's file (declared-at.ts). */
  readonly declaredAt: (value: PendingValue) => SourceLocation | undefined;
}

/** Parsed `style` attributes and presentational hints, by text (shared across renders). */
const declarationListCache = new BoundedCache<string, DeclarationList>('css.declaration-lists', 4096);

function declarationList(text: string, baseUrl: string | undefined, quirks: boolean): DeclarationList {
  const key = `${quirks ? 'q' : ''}${baseUrl ?? ''}\u0000${text}`;
  let list = declarationListCache.get(key);
  if (list === undefined) {
    list = parseDeclarationList(text, baseUrl, quirks);
    declarationListCache.set(key, list);
  }
  return list;
}

export function cascade(dom: DomDocument, sheets: readonly Stylesheet[], ctx: CascadeContext): StyledDocument {
  const page = pageEnvironment(sheets, ctx.firstPageName);
  const env: MediaEnvironment = { width: page.areaWidth, height: page.areaHeight, deviceWidth: page.width, deviceHeight: page.height };
  const viewport = { width: page.viewportWidth, height: page.viewportHeight };
  const baseUrl = ctx.baseUrl ?? collectedBaseUrl(dom);
  const memo = cascadeMemo({ sheets, env, viewport, baseUrl, fontMetricsKey: ctx.fontMetrics?.key ?? '', lint: ctx.lint === true, initialStyle: () => createInitialStyle(viewport, ctx.diagnostics) });
  const estimatesBefore = estimatedFontUnitUses();
  const positions = siblingPositions();
  const state: State = {
    memo,
    index: memo.index,
    dom,
    diagnostics: countingDiagnostics(ctx.diagnostics),
    token: {},
    baseUrl,
    viewport,
    styles: new Map(),
    matched: [],
    ancestors: memo.index.ancestorKeys === undefined ? undefined : new AncestorFilter(memo.index.ancestorKeys),
    rootFontSize: 16,
    rootFont: undefined,
    rootLineHeight: undefined,
    current: undefined,
    readAttributes: false,
    readAttribute: (name) => {
      state.readAttributes = true;
      const attribs = state.current?.attribs;
      // own attributes only: `attr(constructor)` must not reach Object.prototype
      return attribs !== undefined && Object.hasOwn(attribs, name) ? attribs[name] : undefined;
    },
    readSiblings: () => {
      state.readAttributes = true;
      return state.current === undefined ? { index: 1, count: 1 } : positions(state.current);
    },
    sheets,
    reported: new Set(),
    unrenderedReported: new Set(),
    ruleSheets: undefined,
    lineStarts: new Map(),
    containers: new ContainerScope(ctx.containerSizes ?? NO_CONTAINER_SIZES, viewport),
    substitution: overlongWarning(ctx.maxCustomPropertyLength ?? DEFAULT_LIMITS.maxCustomPropertyLength, () => state),
    fontRatios: ctx.fontMetrics?.ratios ?? fontUnitRatios,
    lint: ctx.lint === true,
    declaredAt: declarationLocator(sheets),
  };
  for (const child of dom.root.children) visit(child, memo.top, state, true);
  // kept on the memo: the next render of these sheets shares the styles without computing them again
  if (estimatedFontUnitUses() > estimatesBefore) memo.estimatedFontUnits = true;
  return {
    styleOf(element: DomElement, pseudo?: PseudoElement): ComputedStyle | undefined {
      const styles = state.styles.get(element);
      if (styles === undefined) return undefined;
      return pseudo === undefined ? styles.style : styles[pseudo];
    },
    stylesOf: (element: DomElement): ElementStyles | undefined => state.styles.get(element),
    initialStyle: memo.initialStyle,
    anonymousStyle: anonymousStyles(state),
    firstLetterStyle: (element, parent) => lineStartStyle(element, 'firstLetter', parent, state),
    firstLineStyle: (element, parent) => lineStartStyle(element, 'firstLine', parent, state),
    ...(rootStyleOf(dom, state) ?? {}),
    fontFaces: collectFontFaces(sheets, env),
    counterStyles: collectCounterStyles(sheets, env),
    pageRules: collectPageRules(sheets, env),
    media: { matchesMedia: (condition) => compileMediaText(condition)(env), viewportWidth: viewport.width, viewportHeight: viewport.height },
    keptPageStyles: memo.pageStyles,
    lint: state.lint,
    containerSizeDependent: state.containers.sizeDependent,
    estimatedFontUnits: memo.estimatedFontUnits,
  };
}

/** CSS 2 §9.2.1.1: anonymous boxes inherit from their parent; other properties are initial. */
function anonymousStyles(state: State): StyledDocument['anonymousStyle'] {
  const cache = state.memo.anonymous;
  return (parent, display) => {
    let byDisplay = cache.get(parent);
    if (byDisplay === undefined) {
      byDisplay = new Map();
      cache.set(parent, byDisplay);
    }
    let style = byDisplay.get(display);
    if (style === undefined) {
      const computed = computeStyle({
        winners: [],
        parent,
        custom: NO_CUSTOM_PROPERTIES,
        isRoot: false,
        rootFontSize: state.rootFontSize,
        rootFont: state.rootFont,
        rootLineHeight: state.rootLineHeight,
        viewportWidth: state.viewport.width,
        viewportHeight: state.viewport.height,
        parentDisplay: undefined,
        diagnostics: state.diagnostics,
        fontRatios: state.fontRatios,
      });
      style = { ...computed, display };
      byDisplay.set(display, style);
    }
    return style;
  };
}

function rootStyleOf(dom: DomDocument, state: State): { rootStyle: ComputedStyle; rootCustom: CustomProperties } | undefined {
  const styles = state.styles.get(dom.documentElement);
  return styles === undefined ? undefined : { rootStyle: styles.style, rootCustom: styles.custom };
}

/** Styles `node` and its descendants; `rendered`: no ancestor has `display: none`. */
function visit(node: DomNode, parent: ElementStyles, state: State, rendered: boolean): void {
  if (!isElement(node)) return;
  const styles = styleElement(node, parent, node === state.dom.documentElement, state);
  state.styles.set(node, styles);
  const boxed = rendered && styles.style.display !== 'none';
  if (boxed) warnUnrendered(node, state);
  if (boxed && styles.style.initialLetter !== 'normal') warnOnce('initial-letter', node, state);
  // an element without element children is no one's ancestor (a table's cells): the filter skips it
  const ancestors = node.children.some(isElement) ? state.ancestors : undefined;
  ancestors?.enter(node);
  const container = state.containers.enter(node, styles, state.rootFontSize);
  for (const child of node.children) visit(child, styles, state, boxed);
  if (container) state.containers.leave();
  ancestors?.leave(node);
}

/** The declarations of a rule that has no effect, once per render, now that it matches an element. */
function reportNoEffect(rule: StyleRule, state: State): void {
  if (state.reported.has(rule)) return;
  state.reported.add(rule);
  state.ruleSheets ??= new Map(state.sheets.flatMap((sheet) => sheet.parsed.rules.filter((r) => r.noEffect !== undefined).map((r) => [r, sheet] as const)));
  const sheet = state.ruleSheets.get(rule);
  if (sheet === undefined || sheet.origin === 'user-agent') return;
  for (const warning of rule.noEffect!) reportWarning(state.diagnostics, warning, sheet.file, sheet);
}

/**
 * A `css_unsupported` warning said once per render: `initial-letter` on an element (Chromium
 * honours it on ::first-letter only, and so does octavo).
 */
const ONCE_PER_RENDER = {
  'initial-letter': '`initial-letter` has no effect on an element: it applies to ::first-letter (as in Chromium)',
};

function warnOnce(key: keyof typeof ONCE_PER_RENDER, element: DomElement, state: State): void {
  if (state.unrenderedReported.has(key)) return;
  state.unrenderedReported.add(key);
  state.diagnostics.warn('css_unsupported', ONCE_PER_RENDER[key], elementLocation(state.dom, element));
}

/** An element that generates a box octavo cannot fill (inline SVG, video...). */
function warnUnrendered(element: DomElement, state: State): void {
  const unrendered = unrenderedElement(element.name, element.attribs);
  // said once per kind of element (a form of twenty range inputs is one warning), at the first
  if (unrendered === undefined || state.unrenderedReported.has(unrendered.key)) return;
  state.unrenderedReported.add(unrendered.key);
  state.diagnostics.warn('html', unrendered.message, elementLocation(state.dom, element));
}

function styleElement(element: DomElement, parent: ElementStyles, isRoot: boolean, state: State): ElementStyles {
  const scratch = state.index.match(element, state.matched, state.ancestors);
  // `@container` rules: dropped where their condition fails; those of pseudo-elements are decided below
  const deferred = state.index.containerRules && state.containers.filterOwn(scratch, state.containers.frameOf(undefined, parent, state.rootFontSize));
  for (let i = 0; i < scratch.length; i++) if (scratch[i]!.rule.noEffect !== undefined) reportNoEffect(scratch[i]!.rule, state);
  const styleText = element.attribs['style'];
  const hintText = presentationalHints(element);
  const styleAttr = styleText !== undefined && styleText.trim() !== '' ? declarationList(styleText, state.baseUrl, state.dom.mode === 'quirks') : undefined;
  if (styleAttr !== undefined && styleAttr.warnings.length > 0) {
    const at = elementLocation(state.dom, element);
    for (const warning of styleAttr.warnings) reportWarning(state.diagnostics, warning, state.dom.sourceName, NOWHERE, at);
  }
  const hints = hintText !== '' ? declarationList(hintText, state.baseUrl, false) : undefined;
  const leaf = shareLeaf(parent, scratch);
  // top-level elements other than the root are styled with whatever root font size is known then
  const control = controlFallbackKey(element);
  const leafKey = styleText === undefined && hintText === '' && !isRoot && parent !== state.memo.top && control === ''
    ? '' : `${styleText ?? ''}|${hintText}|${isRoot ? 'root' : parent === state.memo.top ? rootFontKey(state) : ''}|${control}`;
  // pseudo-elements' `@container` rules may query the element itself: its style is not shared
  const cached = deferred ? undefined : leaf.get(leafKey);
  if (cached !== undefined && (cached.owner === undefined || cached.owner === state.token)) {
    if (isRoot) setRoot(cached.style, state);
    return cached;
  }

  state.current = element;
  state.readAttributes = false;
  const warnings = state.diagnostics.count();
  const sizeReads = state.containers.sizeReads;
  const own = scratch.filter((m) => m.entry.pseudo === undefined);
  const cascaded = cascadeDeclarations(own, hints, styleAttr, parent.style);
  const computed = computeCascaded(cascaded, parent, isRoot, state);
  const computedStyle = withControlFallback(element, computed.style, cascaded.winners, cascaded.uaWinners);
  const custom = computed.custom;
  if (isRoot) setRoot(computedStyle, state);
  const matched = deferred ? pseudosOf(element, scratch, { style: computedStyle, custom }, state) : scratch.slice();
  const style = !customScrollbarApplies(computedStyle, matched, element.name === 'textarea') ? computedStyle
    : withCustomScrollbar(computedStyle, matched, (entries) => entriesStyle(entries, { style: computedStyle, custom }, state));
  const firstLetter = matched.some(isFirstLetter) ? matched.filter(isFirstLetter) : undefined;
  const firstLine = matched.some(isFirstLine) ? matched.filter(isFirstLine) : undefined;
  const boxParentDisplay = style.display === 'contents' && !isRoot ? boxDisplay(parent) : undefined;
  const self: ElementStyles = { style, custom, before: undefined, after: undefined, marker: undefined, firstLetter, firstLine, children: undefined, boxParentDisplay };
  const parts = controlParts(element);
  const pseudos = {
    before: generatedStyle(matched, 'before', self, state),
    after: generatedStyle(matched, 'after', self, state),
    marker: style.display === 'list-item' ? pseudoStyle(matched, 'marker', self, state) : undefined,
    ...(isFileInput(element) ? { 'file-selector-button': pseudoStyle(matched, 'file-selector-button', self, state) } : {}),
    ...(parts !== undefined ? controlPartStyles(parts, matched, self, state) : {}),
    ...(style.float === 'footnote' ? {
      'footnote-call': pseudoStyle(matched, 'footnote-call', self, state),
      'footnote-marker': pseudoStyle(matched, 'footnote-marker', self, state),
    } : {}),
  };
  // a style that read a container's size (`cq*` units) holds for this render's sizes only
  const shared = state.diagnostics.count() === warnings && state.containers.sizeReads === sizeReads;
  const result: ElementStyles = { ...self, ...pseudos, owner: shared ? undefined : state.token };
  // a style that read the element's attributes holds for it alone
  if (deferred || state.readAttributes) return result;
  if (cached === undefined) state.memo.entries++;
  leaf.set(leafKey, result);
  return result;
}

/** What root-relative units (`rem`, `rex`...) of the elements styled after it read. */
function setRoot(style: ComputedStyle, state: State): void {
  state.rootFontSize = style.fontSize;
  state.rootFont = styleFontRatios(style, state.fontRatios);
  state.rootLineHeight = lineHeightPx(style.lineHeight, style.fontSize);
}

function rootFontKey({ rootFontSize, rootFont, rootLineHeight }: State): string {
  const spacing = rootFont?.lineSpacing;
  return rootFont === undefined ? `${rootFontSize}` : `${rootFontSize} ${rootFont.exRatio} ${rootFont.chRatio} ${rootFont.capRatio} ${rootFont.exHinting?.shoot ?? ""} ${rootLineHeight} ${spacing?.ascent} ${spacing?.descent} ${spacing?.lineGap}`;
}

/** The matched rules less the pseudo-elements' `@container` rules whose conditions fail, the element being one of their containers. */
function pseudosOf(element: DomElement, matched: readonly IndexedSelector[], styles: Pick<ElementStyles, 'style' | 'custom'>, state: State): IndexedSelector[] {
  const containers = state.containers;
  const self = containers.frameOf(element, styles, state.rootFontSize);
  return containers.pseudosHold(matched, self, styles.style.containerType !== 'normal' || styles.style.containerName.length > 0);
}

function isFirstLetter(matched: IndexedSelector): boolean {
  return matched.entry.pseudo === 'first-letter';
}

function isFirstLine(matched: IndexedSelector): boolean {
  return matched.entry.pseudo === 'first-line';
}

/**
 * ::first-letter inherits from the element whose text holds the letter (`parent`, the text's
 * style), not always from its own element: `<p><b>Lorem` gives a bold letter. ::first-line
 * inherits from its block; it is inline (CSS Pseudo 4 §2.1), as a letter that does not float.
 */
function lineStartStyle(element: DomElement, kind: 'firstLetter' | 'firstLine', parent: ComputedStyle, state: State): ComputedStyle | undefined {
  const styles = state.styles.get(element);
  const entries = styles?.[kind];
  if (styles === undefined || entries === undefined) return undefined;
  let byParent = state.lineStarts.get(entries);
  if (byParent === undefined) {
    byParent = new Map();
    state.lineStarts.set(entries, byParent);
  }
  let style = byParent.get(parent);
  if (style === undefined) {
    state.current = element;
    const cascaded = cascadeDeclarations(entries, undefined, undefined, parent);
    const computed = computeCascaded(cascaded, { style: parent, custom: styles.custom }, false, state).style;
    // CSS Pseudo 4 §2.2.3: inline, or a float (block-level); an initial letter (CSS Inline 3 §6) is
    // placed as a float at the line's start, sized and sunk by layout (layout/block/initial-letter.ts)
    const initial = kind === 'firstLetter' && computed.initialLetter !== 'normal';
    const floated = initial || (kind === 'firstLetter' && computed.float !== 'none' && computed.float !== 'footnote');
    const float = initial ? (parent.direction === 'rtl' ? 'right' : 'left') : floated ? computed.float : 'none';
    style = withStyle(computed, { display: floated ? 'block' : 'inline', position: 'static', float, ...(initial ? { clear: 'none' as const } : {}) });
    byParent.set(parent, style);
  }
  return style;
}

/**
 * The styles of the parts Chromium draws in a progress bar (its bar, its value), a meter (its
 * inner element, bar and values) and a slider (its track, its thumb), from the UA sheet's rules
 * and the author's (`::-webkit-progress-value`...), their parent the control's style or the part
 * holding them (PART_PARENTS; listed after it); a meter's in its native look unless `appearance: none`.
 */
function controlPartStyles(parts: readonly ControlPart[], matched: readonly IndexedSelector[], self: ElementStyles, state: State): ControlPartStyles {
  const styles: Partial<Record<ControlPart, ComputedStyle | undefined>> = {};
  for (const part of parts) {
    const parent = PART_PARENTS[part];
    const holder = parent === undefined ? undefined : styles[parent];
    const native = (style: ComputedStyle, cascaded: Cascaded): ComputedStyle => withNativeMeterPart(part, self.style.appearance, style, cascaded);
    styles[part] = pseudoStyle(matched, part, holder === undefined ? self : { style: holder, custom: self.custom }, state, native);
  }
  return styles;
}

/** ::before/::after exist only when some rule targets them and `content` is not none/normal. */
function generatedStyle(matched: readonly IndexedSelector[], pseudo: 'before' | 'after', element: ElementStyles, state: State): ComputedStyle | undefined {
  if (!matched.some((m) => m.entry.pseudo === pseudo)) return undefined;
  return pseudoStyle(matched, pseudo, element, state);
}

/** The style of a pseudo-element of `element` that `entries` (cascade order) match. */
function entriesStyle(entries: readonly IndexedSelector[], element: Pick<ElementStyles, 'style' | 'custom'>, state: State): ComputedStyle {
  return computeCascaded(cascadeDeclarations(entries, undefined, undefined, element.style), element, false, state).style;
}

function pseudoStyle(matched: readonly IndexedSelector[], pseudo: PseudoElement, element: Pick<ElementStyles, 'style' | 'custom'>, state: State, adjust?: (style: ComputedStyle, cascaded: Cascaded) => ComputedStyle): ComputedStyle | undefined {
  const entries = matched.filter((m) => m.entry.pseudo === pseudo);
  const cascaded = cascadeDeclarations(entries, undefined, undefined, element.style);
  const computed = computeCascaded(cascaded, element, false, state).style;
  const style = adjust === undefined ? computed : adjust(computed, cascaded);
  if (style.content === 'none') return undefined;
  // a marker, a file chooser's button and a control's parts are there whatever their content
  if (style.content === 'normal' && (pseudo === 'before' || pseudo === 'after' || pseudo === 'footnote-call' || pseudo === 'footnote-marker')) return undefined;
  return style;
}

/** Custom properties, then every computed value, of an element or pseudo-element whose parent is `parent`. */
/** The display of the box that the children of `parent` are in: past `display: contents` elements, their nearest ancestor's. */
function boxDisplay(parent: Pick<ElementStyles, 'style' | 'boxParentDisplay'>): Display | undefined {
  return parent.style.display === 'contents' ? parent.boxParentDisplay : parent.style.display;
}

function computeCascaded(cascaded: Cascaded, parent: Pick<ElementStyles, 'style' | 'custom' | 'boxParentDisplay'>, isRoot: boolean, state: State): { style: ComputedStyle; custom: ElementStyles['custom'] } {
  const registry = state.memo.registry;
  const declared = customValues(cascaded.custom, parent.custom, registry);
  let custom = computeCustomProperties(parent.custom, declared, registry, state.substitution);
  const registered = registeredValues(parent.custom, declared, custom, registry, state.substitution);
  const style = computeStyle({
    winners: cascaded.winners,
    parent: parent.style,
    custom,
    isRoot,
    rootFontSize: state.rootFontSize,
    rootFont: state.rootFont,
    rootLineHeight: state.rootLineHeight,
    viewportWidth: state.viewport.width,
    viewportHeight: state.viewport.height,
    container: state.containers.containerLengths(),
    parentDisplay: isRoot ? undefined : boxDisplay(parent),
    diagnostics: state.diagnostics,
    where: whereOf(state.current, state.dom),
    declaredAt: state.declaredAt,
    lint: state.lint,
    maxSubstitution: state.substitution.maxLength,
    attribute: state.readAttribute,
    siblings: state.readSiblings,
    fontRatios: state.fontRatios,
    quirks: state.dom.mode === 'quirks',
    // what the element's children inherit is the registered properties' computed values
    registered: registered && ((ctx) => (custom = registered(ctx))),
  });
  return { style, custom };
}

/** The limit on substitutions, warning at the first custom property past it (its dependants fail with it). */
function overlongWarning(maxLength: number, render: () => State): SubstitutionLimit {
  let warned = false;
  return {
    maxLength,
    onOverlong: (name) => {
      if (warned) return;
      warned = true;
      const state = render();
      state.diagnostics.warn('css_invalid_value', `custom property \`${name}\` expands to more than ${maxLength} characters (limits.maxCustomPropertyLength = ${maxLength});`
        + ' it and every property using it are invalid at computed-value time', whereOf(state.current, state.dom)());
    },
  };
}

function whereOf(element: DomElement | undefined, dom: DomDocument): () => SourceLocation {
  return () => (element === undefined ? { file: dom.sourceName } : elementLocation(dom, element));
}
