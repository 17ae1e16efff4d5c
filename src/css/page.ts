/**
 * The page context (CSS Paged Media 3): `@page` rule selection and cascade (§3-4), the `size`,
 * `marks` and `bleed` descriptors (§7), the computed page box style and margin-box styles (§5).
 */
import { parse } from './values/css-tree-parse.js';
import { excerpt, type Diagnostics } from '../diagnostics.js';
import type { ComputedStyle, ContentItem, PageContext, PageRule, PageRuleSource, PageSelector, PageStyle, RawDeclaration } from './types.js';
import type { PageMarks } from './model/types.js';
import type { ComputeInput } from './compute.js';
import { computeStyle, lineHeightPx, withDisplay } from './compute.js';
import { styleFontRatios } from './values/font-metrics.js';
import type { CustomProperties } from './custom-properties.js';
import { NO_CUSTOM_PROPERTIES, NO_REGISTRY, computeCustomProperties } from './custom-properties.js';
import { parseDeclarationValue } from './declarations.js';
import { LONGHAND_INDEX } from './properties/registry.js';
import type { Declaration, SheetWarning } from './stylesheet.js';
import { identOf } from './values/nodes.js';
import { computeAbsoluteLength, parseLength } from './values/units.js';
import { reportWarning } from './warnings.js';
import { keepPageStyle, keptMarginBoxes, keptPagesOf } from './kept-page-styles.js';
import { countingDiagnostics } from './style-sharing.js';
import { BoundedCache } from '../cache/bounded.js';
import { appendAll } from '../append-all.js';
import { declarationLocation, marginsWithRoom } from './page-margins.js';
import { DEFAULT_PAGE_SIZE, FONT_CONTEXT, MAX_SHEET_SIDE, pageRotationOf, sizeHint, sizeOf, valueNodes } from './page-size.js';

export { PAGE_SIZES, DEFAULT_PAGE_SIZE, parsePageSize } from './page-size.js';

/** Where the css stage's warnings go (a render's Diagnostics, or one that counts them). */
type Warn = Pick<Diagnostics, 'warn'>;

/** Parsed page declarations, by property and value text (shared by every render). */
const parsedCache = new BoundedCache<string, { declarations: Declaration[]; warnings: SheetWarning[] }>('css.page-declarations', 4096);

export function parseRaw(raw: RawDeclaration): { declarations: Declaration[]; warnings: SheetWarning[] } {
  const key = `${raw.property}\u0000${raw.value}\u0000${raw.important}\u0000${raw.baseUrl ?? ''}`;
  let hit = parsedCache.get(key);
  if (hit === undefined) {
    const warnings: SheetWarning[] = [];
    const sink = { warn: (code: SheetWarning['code'], message: string) => warnings.push({ code, message, line: undefined, column: undefined }) };
    let declarations: Declaration[] = [];
    try {
      const source = raw.value === '' ? ' ' : raw.value;
      const node = parse(source, { context: 'value', positions: true });
      declarations = parseDeclarationValue(raw.property, node, raw.important, { baseUrl: raw.baseUrl, sink, source }, { line: undefined, column: undefined });
    } catch {
      warnings.push({ code: 'css_invalid_value', message: `invalid value \`${excerpt(raw.value)}\` for \`${raw.property}\``, line: undefined, column: undefined });
    }
    hit = { declarations, warnings };
    parsedCache.set(key, hit);
  }
  return hit;
}

function selectorMatches(selector: PageSelector, page: PageContext): boolean {
  if (selector.name !== undefined && selector.name !== page.name) return false;
  if (selector.nth !== undefined) {
    const { a, b, of } = selector.nth;
    if (of !== undefined && of !== page.name) return false;
    const position = (of === undefined ? page.index : page.groupIndex ?? page.index) + 1;
    const n = a === 0 ? (position === b ? 0 : -1) : (position - b) / a;
    if (!Number.isInteger(n) || n < 0) return false;
  }
  return selector.pseudoClasses.every((pseudo) => {
    switch (pseudo) {
      case 'first': return page.index === 0;
      case 'left': return page.side === 'left';
      case 'right': return page.side === 'right';
      case 'blank': return page.blank;
    }
  });
}

function specificityOf(rule: PageRule, page: PageContext): number {
  let best = -1;
  for (const selector of rule.selectors) {
    if (!selectorMatches(selector, page)) continue;
    const s = [selector.name ? 1 : 0, selector.pseudoClasses.filter((p) => p === 'first' || p === 'blank').length + (selector.nth ? 1 : 0), selector.pseudoClasses.filter((p) => p === 'left' || p === 'right').length];
    best = Math.max(best, s[0]! * 1e6 + s[1]! * 1e3 + s[2]!);
  }
  return best;
}

/** Rules applying to the page, in cascade order (origin, specificity, order). */
export function matchingRules(rules: readonly PageRule[], page: PageContext): PageRule[] {
  // loops and module-level callbacks, not closures made per call: those lose their optimised code at each full GC
  const matched: MatchedPageRule[] = [];
  for (const rule of rules) {
    const specificity = specificityOf(rule, page);
    if (specificity >= 0) matched.push({ rule, specificity });
  }
  matched.sort(byCascadeOrder);
  const ordered: PageRule[] = [];
  for (const m of matched) ordered.push(m.rule);
  return ordered;
}

interface MatchedPageRule {
  readonly rule: PageRule;
  readonly specificity: number;
}

function byCascadeOrder(a: MatchedPageRule, b: MatchedPageRule): number {
  return originRank(a.rule) - originRank(b.rule) || a.specificity - b.specificity || a.rule.order - b.rule.order;
}

function pageDeclarations(rule: PageRule): readonly RawDeclaration[] {
  return rule.declarations;
}

function originRank(rule: PageRule): number {
  return rule.origin === 'user-agent' ? 0 : 1;
}

interface Applied {
  readonly winners: (Declaration | undefined)[];
  size: readonly [number, number] | undefined;
  /** `bleed`: px, or 'auto'. */
  bleed: number | 'auto' | undefined;
  /** The declaration that gave a length to `bleed`, for the warning when the sheet holds it. */
  bleedAt: RawDeclaration | undefined;
  marks: PageMarks | undefined;
  /** `-octavo-shrink-to-fit` (docs/css.md): undefined when no rule sets it. */
  shrinkToFit: boolean | undefined;
  /** `page-orientation`, degrees clockwise. */
  rotate: 0 | 90 | 270;
}

/** Applies raw declarations in CSS Cascade 4 order (normal, author important, UA important). */
function applyDeclarations(rules: readonly PageRule[], pick: (rule: PageRule) => readonly RawDeclaration[], diagnostics: Warn): Applied {
  const applied: Applied = { winners: new Array(LONGHAND_INDEX.size), size: undefined, bleed: undefined, bleedAt: undefined, marks: undefined, shrinkToFit: undefined, rotate: 0 };
  for (const pass of CASCADE_PASSES) applyPass(rules, pick, applied, diagnostics, pass);
  return applied;
}

interface CascadePass {
  readonly important: boolean;
  /** The origin whose rules the pass applies; undefined: all. */
  readonly origin: 'user-agent' | 'author' | undefined;
}

const CASCADE_PASSES: readonly CascadePass[] = [
  { important: false, origin: undefined },
  { important: true, origin: 'author' },
  { important: true, origin: 'user-agent' },
];

/** One pass of `applyDeclarations` (module-level, not a closure made per call: see matchingRules). */
function applyPass(rules: readonly PageRule[], pick: (rule: PageRule) => readonly RawDeclaration[], applied: Applied, diagnostics: Warn, { important, origin }: CascadePass): void {
  for (const rule of rules) {
    if (origin !== undefined && (rule.origin ?? 'author') !== origin) continue;
    for (const raw of pick(rule)) {
      if (raw.important !== important) continue;
      if (raw.property === 'size') { applySize(raw, applied, diagnostics); continue; }
      if (raw.property === 'bleed' || raw.property === 'marks') { applyPrinterMarks(raw, applied, diagnostics); continue; }
      if (raw.property === SHRINK_TO_FIT) { applyShrinkToFit(raw, applied, diagnostics); continue; }
      if (raw.property === 'page-orientation') { const rotate = pageRotationOf(raw.value); if (rotate === undefined) warnInvalid(raw, diagnostics); else applied.rotate = rotate; continue; }
      const { declarations, warnings } = parseRaw(raw);
      for (const warning of warnings) reportWarning(diagnostics, warning, raw.file ?? '<template>', { lineOffset: 0 }, { line: raw.line, column: raw.column });
      for (const d of declarations) {
        if (d.slot.kind === 'longhand') applied.winners[d.slot.index] = d;
        else if (d.slot.kind === 'logical') applied.winners[d.slot.ltr] = d;
      }
    }
  }
}

function applySize(raw: RawDeclaration, applied: Applied, diagnostics: Warn): void {
  const size = sizeOf(raw.value);
  if (size === undefined) {
    warnInvalid(raw, diagnostics, sizeHint(raw.value));
    return;
  }
  applied.size = heldSize(size);
  if (applied.size !== size) {
    diagnostics.warn('layout', `page size \`${excerpt(raw.value)}\` is larger than the 200in (14,400pt) a PDF page may be: held at 200in`, declarationLocation(raw));
  }
}

/** A page size held within MAX_SHEET_SIDE. */
export function heldSize(size: readonly [number, number]): readonly [number, number] {
  const [width, height] = size;
  return width <= MAX_SHEET_SIDE && height <= MAX_SHEET_SIDE ? size : [Math.min(width, MAX_SHEET_SIDE), Math.min(height, MAX_SHEET_SIDE)];
}

/** `marks: none | [crop || cross]` and `bleed: auto | <length>` (CSS Paged Media 3 §7.1-7.2). */
function applyPrinterMarks(raw: RawDeclaration, applied: Applied, diagnostics: Warn): void {
  const nodes = valueNodes(raw.value) ?? [];
  if (raw.property === 'marks') {
    const words = nodes.map((node) => identOf(node));
    const marks = words.length === 1 && words[0] === 'none' ? { crop: false, cross: false } : { crop: words.includes('crop'), cross: words.includes('cross') };
    const valid = words.length > 0 && words.length === new Set(words).size && words.every((w) => w === 'crop' || w === 'cross' || (w === 'none' && words.length === 1));
    if (valid) applied.marks = marks;
    else warnInvalid(raw, diagnostics);
    return;
  }
  if (nodes.length === 1 && identOf(nodes[0]) === 'auto') {
    applied.bleed = 'auto';
    applied.bleedAt = undefined;
    return;
  }
  const length = nodes.length === 1 ? parseLength(nodes[0]!) : undefined;
  const px = length === undefined ? undefined : computeAbsoluteLength(length, FONT_CONTEXT, 0);
  if (px === undefined || Number.isNaN(px)) warnInvalid(raw, diagnostics);
  else {
    applied.bleed = px;
    applied.bleedAt = raw;
  }
}

function warnInvalid(raw: RawDeclaration, diagnostics: Warn, expected = ''): void {
  diagnostics.warn('css_invalid_value', `invalid value \`${excerpt(raw.value)}\` for \`${raw.property}\`${expected}`, declarationLocation(raw));
}

/**
 * `-octavo-shrink-to-fit: auto | none` (default none): whether content wider than the page area is
 * scaled down to fit as Chromium's printing does (layout/document.ts). Prefixed: no standard
 * property says this; in browsers it is the print dialog's scale, not CSS.
 */
const SHRINK_TO_FIT = '-octavo-shrink-to-fit';

function applyShrinkToFit(raw: RawDeclaration, applied: Applied, diagnostics: Warn): void {
  const value = raw.value.trim().toLowerCase();
  if (value !== 'auto' && value !== 'none') {
    warnInvalid(raw, diagnostics, ' (expected auto or none)');
    return;
  }
  applied.shrinkToFit = value === 'auto';
}

/** Page styles already computed, per document and page kind (pages of one kind share one). */
const pageStyleCache = new WeakMap<PageRuleSource, Map<string, PageStyle>>();

/** Module-level, not a callback made per call (see matchingRules). */
function hasNthSelector(rule: PageRule): boolean {
  for (const selector of rule.selectors) if (selector.nth !== undefined) return true;
  return false;
}

function pageKey(styled: PageRuleSource, page: PageContext): string {
  const usesNth = styled.pageRules.some(hasNthSelector);
  return `${usesNth ? `${page.index}/${page.groupIndex ?? ''}` : page.index === 0 ? 'first' : ''}|${page.side}|${page.blank}|${page.name ?? ''}`;
}

/** Computes the page box for one page (CSS Paged Media 3 §5-7); kept across renders when it warned of nothing (css/kept-page-styles.ts). */
export function computePageStyle(styled: PageRuleSource, page: PageContext, diagnostics: Diagnostics): PageStyle {
  let byKind = pageStyleCache.get(styled);
  if (byKind === undefined) {
    byKind = new Map();
    pageStyleCache.set(styled, byKind);
  }
  const key = pageKey(styled, page);
  let style = byKind.get(key);
  if (style === undefined) {
    const kept = keptPagesOf(styled);
    style = kept?.byKind.get(key);
    if (style === undefined) {
      const counted = countingDiagnostics(diagnostics);
      style = computePageStyleUncached(styled, page, counted);
      if (kept !== undefined && counted.count() === 0) keepPageStyle(styled, kept, key, style);
    }
    byKind.set(key, style);
  }
  return style;
}

/**
 * The custom properties of the page context: the root element's (CSS Paged Media 3 §5 leaves it
 * open; Chromium and WeasyPrint read the root's), then those the rules declare, important last.
 */
function customOf(rules: readonly PageRule[], pick: (rule: PageRule) => readonly RawDeclaration[], parent: CustomProperties): CustomProperties {
  const declared = new Map<string, string | undefined>();
  for (const important of [false, true]) {
    for (const rule of rules) for (const raw of pick(rule)) if (raw.important === important && raw.property.startsWith('--')) declared.set(raw.property, raw.value);
  }
  return computeCustomProperties(parent, declared, NO_REGISTRY);
}

function pageCustom(styled: PageRuleSource, rules: readonly PageRule[]): CustomProperties {
  return customOf(rules, (rule) => rule.declarations, styled.rootCustom ?? NO_CUSTOM_PROPERTIES);
}

/** What `rem`, `rex`, `rch`, `rcap` and `rlh` read in page and margin-box styles: the root element's font and line height (the initial ones without a root). */
function rootUnits(root: ComputedStyle | undefined): Pick<ComputeInput, 'rootFontSize' | 'rootFont' | 'rootLineHeight'> {
  return { rootFontSize: root?.fontSize ?? 16, rootFont: root && styleFontRatios(root), rootLineHeight: root && lineHeightPx(root.lineHeight, root.fontSize) };
}

function computePageStyleUncached(styled: PageRuleSource, page: PageContext, diagnostics: Warn): PageStyle {
  const rules = matchingRules(styled.pageRules, page);
  const applied = applyDeclarations(rules, pageDeclarations, diagnostics);
  const [width, height] = applied.size ?? DEFAULT_PAGE_SIZE;
  const parent = styled.rootStyle ?? styled.initialStyle;
  const style = computeStyle({
    winners: applied.winners,
    parent,
    custom: pageCustom(styled, rules),
    isRoot: false,
    ...rootUnits(styled.rootStyle),
    viewportWidth: width,
    viewportHeight: height,
    lint: styled.lint === true,
    parentDisplay: undefined,
    diagnostics,
  });
  const pageBox = withDisplay(style, 'block');
  return {
    width,
    height,
    ...marginsWithRoom(pageBox, [width, height], rules, diagnostics),
    style: pageBox,
    ...printerMarks(applied, width, height, diagnostics),
    ...(applied.shrinkToFit !== undefined ? { shrinkToFit: applied.shrinkToFit } : {}),
    ...(applied.rotate !== 0 ? { rotate: applied.rotate } : {}),
  };
}

/**
 * Bleed `auto` is 6pt with crop marks, none otherwise (CSS Paged Media 3 §7.2); the page and its
 * bleed on both sides within MAX_SHEET_SIDE, with a warning at a bleed length it holds.
 */
function printerMarks(applied: Applied, width: number, height: number, diagnostics: Warn): Pick<PageStyle, 'bleed' | 'marks'> {
  const marks = applied.marks?.crop === true || applied.marks?.cross === true ? applied.marks : undefined;
  const declared = applied.bleed === undefined || applied.bleed === 'auto' ? (marks?.crop === true ? 8 : 0) : applied.bleed;
  const bleed = Math.min(declared, (MAX_SHEET_SIDE - Math.max(width, height)) / 2);
  if (bleed < declared && applied.bleedAt !== undefined) {
    const raw = applied.bleedAt;
    diagnostics.warn('layout', `bleed \`${excerpt(raw.value)}\` makes the sheet larger than the 200in (14,400pt) a PDF page may be: held at ${Math.max(0, Math.round(bleed))}px`, declarationLocation(raw));
  }
  return { ...(bleed > 0 ? { bleed } : {}), ...(marks === undefined ? {} : { marks }) };
}

/**
 * The style of a page-margin box (`@top-center`...), inheriting from the page box; undefined when
 * no rule gives it a `content` other than none/normal (CSS Paged Media 3 §5.3: no box generated).
 * `footnote` is the footnote area (`@footnote`, CSS GCPM 3 §2.2), which needs no content.
 * Kept across renders with its page box (css/kept-page-styles.ts).
 */
export function computeMarginBoxStyle(styled: PageRuleSource, page: PageContext, box: string, pageStyle: PageStyle, diagnostics: Diagnostics): ComputedStyle | undefined {
  const kept = keptMarginBoxes(styled, pageStyle);
  if (kept === undefined) return computeMarginBoxStyleUncached(styled, page, box, pageStyle, diagnostics);
  if (kept.has(box)) return kept.get(box);
  const counted = countingDiagnostics(diagnostics);
  const style = computeMarginBoxStyleUncached(styled, page, box, pageStyle, counted);
  if (counted.count() === 0) kept.set(box, style);
  return style;
}

function computeMarginBoxStyleUncached(styled: PageRuleSource, page: PageContext, box: string, pageStyle: PageStyle, diagnostics: Warn): ComputedStyle | undefined {
  const matching = matchingRules(styled.pageRules, page);
  const rules = matching.filter((rule) => rule.marginBoxes[box] !== undefined);
  if (rules.length === 0) return undefined;
  const area: Area = { styled, rules, box, custom: pageCustom(styled, matching) };
  if (box === 'footnote') return { ...computeAreaStyle(area, pageStyle, diagnostics), display: 'block' };
  const style = computeAreaStyle(area, pageStyle, diagnostics);
  if (style.content === 'none' || style.content === 'normal') return undefined;
  return { ...style, display: 'block' };
}

/** The style of a page area (a margin box, `@footnote`) from its rules, inheriting from the page box. */
interface Area {
  readonly styled: PageRuleSource;
  /** The matching rules that style this area. */
  readonly rules: readonly PageRule[];
  readonly box: string;
  /** The page context's custom properties. */
  readonly custom: CustomProperties;
}

function computeAreaStyle({ styled, rules, box, custom }: Area, pageStyle: PageStyle, diagnostics: Warn): ComputedStyle {
  const declarationsOf = (rule: PageRule): readonly RawDeclaration[] => {
    const declarations = rule.marginBoxes[box] ?? [];
    return box === 'footnote' ? footnoteAreaDeclarations(declarations) : declarations;
  };
  const applied = applyDeclarations(rules, declarationsOf, diagnostics);
  return computeStyle({
    winners: applied.winners,
    parent: pageStyle.style,
    custom: customOf(rules, (rule) => rule.marginBoxes[box] ?? [], custom),
    isRoot: false,
    ...rootUnits(styled.rootStyle),
    viewportWidth: pageStyle.width,
    viewportHeight: pageStyle.height,
    parentDisplay: undefined,
    diagnostics,
    lint: styled.lint === true,
  });
}

/**
 * GCPM 3 §2.2 places the footnote area with `float` in `@footnote`: `bottom`, where octavo (and
 * WeasyPrint) put it anyway, is taken without a word; another value is warned as invalid.
 */
function footnoteAreaDeclarations(declarations: readonly RawDeclaration[]): readonly RawDeclaration[] {
  const atBottom = (raw: RawDeclaration): boolean => raw.property.toLowerCase() === 'float' && raw.value.trim().toLowerCase() === 'bottom';
  return declarations.some(atBottom) ? declarations.filter((raw) => !atBottom(raw)) : declarations;
}

/**
 * `size` less `insets` floored to a whole pixel: the size of Chromium's initial containing block
 * when it prints (its LayoutView's layout size), which viewport units and positioned boxes without
 * a positioned ancestor use.
 */
export function flooredLayoutLength(size: number, insets: readonly number[]): number {
  return Math.max(0, Math.floor(layoutUnits(size, insets) / 64));
}

/**
 * `size` less `insets` rounded up to a whole pixel: the page area Chromium lays the flow out in
 * when it prints — an A4 page less 1cm margins (718.11px) 719px wide; less 12mm margins (702.99px,
 * 703.02px in layout units) 704px, as its right-aligned words and page breaks show (Chromium 156).
 */
export function ceiledLayoutLength(size: number, insets: readonly number[]): number {
  return Math.max(0, Math.ceil(layoutUnits(size, insets) / 64));
}

/** `size` less `insets` in Blink's layout units, a 64th of a pixel: the size rounded, each inset cut. */
function layoutUnits(size: number, insets: readonly number[]): number {
  let units = Math.round(size * 64);
  for (const inset of insets) units -= Math.trunc(inset * 64);
  return units;
}

/** Images of the margin boxes' `content` (`url()`), to load before layout: the margin boxes are laid out with their sizes. */
export function marginBoxImageUrls(styled: PageRuleSource): string[] {
  const urls = new Set<string>();
  for (const item of marginBoxContentItems(styled)) if (item.kind === 'url') urls.add(item.url);
  return [...urls];
}

/** Every item of the `content` values of the page-margin boxes of the `@page` rules. */
export function marginBoxContentItems(styled: PageRuleSource): ContentItem[] {
  const items: ContentItem[] = [];
  for (const rule of styled.pageRules) {
    for (const declarations of Object.values(rule.marginBoxes)) {
      for (const raw of declarations) {
        if (raw.property !== 'content') continue;
        for (const declaration of parseRaw(raw).declarations) {
          const value = declaration.value.kind === 'value' ? declaration.value.value : undefined;
          if (Array.isArray(value)) appendAll(items, value as readonly ContentItem[]);
        }
      }
    }
  }
  return items;
}

/**
 * Whether some `@page` rule may generate a margin box (a `content` other than none/normal in a
 * margin at-rule; `@footnote` is laid out with the flow): layout then yields the margin boxes
 * of every page once the page count is known.
 */
export function hasMarginBoxContent(styled: PageRuleSource): boolean {
  return styled.pageRules.some((rule) => Object.entries(rule.marginBoxes).some(([name, declarations]) =>
    name !== 'footnote' && declarations.some((raw) => raw.property === 'content' && !/^\s*(none|normal)\s*$/i.test(raw.value))));
}

/**
 * Whether some `@page` rule may give the page box a background image: those images are loaded
 * once the pages are laid out (their page styles are known), so such a document is painted whole.
 */
export function hasPageBackgroundImages(styled: PageRuleSource): boolean {
  return styled.pageRules.some((rule) => rule.declarations.some((raw) => raw.property.startsWith('background') && /\b(url|image-set|image)\(/i.test(raw.value)));
}
