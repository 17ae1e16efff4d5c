/**
 * Computed values (CSS Cascade 4 §4.4): turns the cascaded declaration of every longhand into
 * its computed value, handling CSS-wide keywords, `var()` substitution, inheritance, and the
 * cross-property fix-ups (border widths of `none` borders, blockification).
 */
import type { Diagnostics } from '../diagnostics.js';
import type { SourceLocation } from '../errors.js';
import type { Color, ComputedStyle, Display, TextWrapMode, WhiteSpace, WhiteSpaceCollapse } from './types.js';
import { NO_TEXT_INDENT } from './model/types.js';
import type { CustomProperties } from './custom-properties.js';
import { quirkyMarginBits } from './quirky-margins.js';
import type { ContainerLengths } from './values/units.js';
import { RESET, type ComputeContext, type LonghandDef, type StyleKey } from './properties/define.js';
import { LONGHAND_INDEX, LONGHANDS } from './properties/registry.js';
import { resolvePending } from './pending-values.js';
import { computedOverflow } from './properties/display.js';
import type { FaceStyle, FontRatioSource, FontUnitRatios } from './values/font-metrics.js';
import { adjustedRatios, fontUnitRatios } from './values/font-metrics.js';
import { MEDIUM_SIZE, fontSizeKeywordOf, isSizeKeyword, keywordFontSize, monospaceOnly, type FontSizeValue } from './properties/fonts.js';
import type { Declaration, DeclaredValue, PendingValue } from './stylesheet.js';
import { isCurrentColorExpression, systemColor } from './values/color.js';
import type { SiblingPosition } from './sibling-functions.js';

export interface ComputeInput {
  /** Winning declaration per longhand index (undefined: not declared). */
  readonly winners: readonly (Declaration | undefined)[];
  readonly parent: ComputedStyle;
  readonly custom: CustomProperties;
  readonly isRoot: boolean;
  readonly rootFontSize: number;
  /** The root element's font ratios (styleFontRatios of its style), for `rex`, `rch` and `rcap`; unused on the root itself. */
  readonly rootFont?: FontUnitRatios | undefined;
  /** The root element's computed line height in px (lineHeightPx of its style), for `rlh`; undefined when normal; unused on the root itself. */
  readonly rootLineHeight?: number | undefined;
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** What `cq*` units resolve against (css/container-scope.ts); undefined: the page area. */
  readonly container?: ContainerLengths | undefined;
  /** Blockify the box (CSS Display 3 §2.7): root, floats, absolutely positioned, flex/grid items. */
  readonly parentDisplay: Display | undefined;
  readonly diagnostics: Pick<Diagnostics, 'warn'>;
  /** Where the element is, for warnings found at computed-value time (`var()`). */
  readonly where?: () => SourceLocation;
  /** Where a `var()` declaration is in its stylesheet; undefined (and then `where` stands for it) in a `style` attribute or `@page` rule. */
  readonly declaredAt?: (value: PendingValue) => SourceLocation | undefined;
  /**
   * Also warn what CSS defines but a template seldom means (RenderOptions.lint): a `var()` of a
   * custom property no ancestor sets, a substitution that leaves nothing — frameworks' optional
   * variables, quiet in a render as in browsers.
   */
  readonly lint?: boolean;
  /** limits.maxCustomPropertyLength: longest text one `var()` substitution may produce. */
  readonly maxSubstitution?: number;
  /** The element's attributes, for `attr()` outside `content` (undefined: none to read, as in @page). */
  readonly attribute?: (name: string) => string | undefined;
  /** The element's place among its parent's element children, for `sibling-index()` and `sibling-count()`. */
  readonly siblings?: () => SiblingPosition;
  /** The ratios of a `font-family` list (default: the known families', estimated past others: values/font-metrics.ts). */
  readonly fontRatios?: FontRatioSource;
  /**
   * Computes the registered custom properties the element sets (registered-values.ts) once its
   * font, line height and colour are known: the properties after those substitute their computed
   * values. Undefined: it sets none.
   */
  readonly registered?: ((ctx: ComputeContext) => CustomProperties) | undefined;
  /** The document is in quirks mode: a `monospace` element's keyword sizes are Chromium's quirks table's. */
  readonly quirks?: boolean;
}

type MutableStyle = { -readonly [K in keyof ComputedStyle]: ComputedStyle[K] };

const ZOOM = LONGHAND_INDEX.get('zoom')!;
const FONT_SIZE = LONGHAND_INDEX.get('font-size')!;
const FONT_SIZE_ADJUST = LONGHAND_INDEX.get('font-size-adjust')!;
const WRITING_MODE = LONGHAND_INDEX.get('writing-mode')!;
const COLOR_SCHEME = LONGHAND_INDEX.get('color-scheme')!;
const LINE_HEIGHT = LONGHAND_INDEX.get('line-height')!;
const COLOR = LONGHAND_INDEX.get('color')!;
const MARGIN_TOP = LONGHAND_INDEX.get('margin-top')!;
const MARGIN_BOTTOM = LONGHAND_INDEX.get('margin-bottom')!;

/** Initial value of a longhand for this element (some depend on `color`). */
function initialOf(def: LonghandDef<StyleKey, unknown>, ctx: ComputeContext): unknown {
  return def.initialSpecified === undefined ? def.initial : def.compute(def.initialSpecified, ctx);
}

/**
 * `currentcolor` computes to itself and is resolved at used-value time (CSS Color 4 §6.4), so a
 * child that inherits a `border-color`, gradient or shadow with it uses its own `color`. octavo
 * resolves colours when computing, so it remembers, per computed style, what the child must
 * recompute instead of copying: the specified value that mentions `currentcolor`, or CONCRETE for
 * a property whose initial value is `currentcolor` but that was given a plain colour. A property
 * with no entry is its initial value, or a value that does not depend on `color`.
 */
const CONCRETE: unique symbol = Symbol('concrete');
type ColorDependent = Map<StyleKey, unknown>;
const colorDependentValues = new WeakMap<ComputedStyle, ColorDependent>();

/**
 * The style's remembered values, filled while it is computed (the map made on first need), and
 * the parent's (looked up once per element, not once per inherited property).
 */
interface Remembered { values: ColorDependent | undefined; readonly parent: ColorDependent | undefined }

/**
 * A copy of `style` with `changes` (to none of its colour-dependent properties), keeping what
 * its children recompute for their own `color`: a spread copy has no entry, so an anonymous box
 * inheriting from it took `-webkit-text-fill-color` and the like as their initial `currentcolor`
 * (a form field's placeholder lost the author's fill colour).
 */
export function restyled(style: ComputedStyle, changes: Partial<ComputedStyle>): ComputedStyle {
  const copy: ComputedStyle = { ...style, ...changes };
  const remembered = colorDependentValues.get(style);
  if (remembered !== undefined) colorDependentValues.set(copy, remembered);
  return copy;
}

function remember(own: Remembered, key: StyleKey, value: unknown): void {
  (own.values ??= new Map()).set(key, value);
}

/** The value of `def` inherited from the parent, recomputed for this element's `color` when it needs it. */
function inheritedOf(def: LonghandDef<StyleKey, unknown>, ctx: ComputeContext, own: Remembered): unknown {
  const specified = own.parent?.get(def.key);
  if (specified === CONCRETE) {
    remember(own, def.key, CONCRETE);
    return ctx.parent[def.key];
  }
  if (specified !== undefined) return computeRemembering(def, specified, ctx, own);
  return def.initialSpecified === undefined ? ctx.parent[def.key] : def.compute(def.initialSpecified, ctx);
}

function computeRemembering(def: LonghandDef<StyleKey, unknown>, specified: unknown, ctx: ComputeContext, own: Remembered): unknown {
  // `color` resolves currentcolor against the parent's colour: its computed value is a colour
  // (recomputing `color-mix(in srgb, currentColor, red)` in a child would mix twice)
  if (def.key !== 'color' && mentionsCurrentColor(specified)) remember(own, def.key, specified);
  else if (def.initialSpecified !== undefined) remember(own, def.key, CONCRETE);
  return def.compute(specified, ctx);
}

/** Whether a specified value has `currentcolor` (or a colour function over it) anywhere in it (memoized: parsed values are shared). */
const mentionsCache = new WeakMap<object, boolean>();
function mentionsCurrentColor(value: unknown): boolean {
  if (value === 'currentcolor' || isCurrentColorExpression(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  let found = mentionsCache.get(value);
  if (found === undefined) {
    found = Object.values(value).some(mentionsCurrentColor);
    mentionsCache.set(value, found);
  }
  return found;
}

/**
 * Every computed style starts as a copy of this object, so that all of them share one V8 hidden
 * class with every property in place: filling an empty object with 157 keys by name (`style[key]`)
 * turns it into a slow dictionary object, and every `style.x` read in layout and paint pays for it.
 * `displayBeforeBlockify` is among the keys (undefined) so that the fix-up does not add one.
 */
const STYLE_SHAPE: Readonly<Record<string, unknown>> = Object.fromEntries([
  ...LONGHANDS.map((def) => [def.key, def.initial] as const),
  ['displayBeforeBlockify', undefined],
  ['quirkyMargins', 0],
  ['fontSizeKeyword', undefined],
  ['whiteSpace', 'normal'],
  ['webkitBox', false],
]);

const STYLE_KEYS: readonly string[] = Object.keys(STYLE_SHAPE);

/**
 * A new record of STYLE_SHAPE's hidden class. Every computed style and every copy of one is made
 * by this one spread: V8 gives a function its inline caches only once it has run about eight times
 * its own size, and a spread in a function run once per render (the page box's copy) made records
 * of one hidden class until about the tenth render and of another after — `computeStyle`, reading
 * the page box as a page-margin box's parent, deoptimised at the invoice's render 11.
 */
function newStyleRecord(): Record<string, unknown> {
  return { ...STYLE_SHAPE };
}

/** `style` with another `display` (the page box): a new record, of the hidden class of every computed style. */
export function withDisplay(style: ComputedStyle, display: Display): ComputedStyle {
  const copy = copyOf(style);
  copy['display'] = display;
  return copy as unknown as ComputedStyle;
}

/**
 * `style` with some values replaced: a new record of the hidden class of every computed style.
 * For a copy made once per render (the table's styles): made by a spread there, such copies
 * changed class when their function got its inline caches, some renders in, and the functions
 * that read them were thrown away then (the report's renders 9–11, bench/README.md issue 32 stop 39).
 */
export function withStyle(style: ComputedStyle, changes: Partial<ComputedStyle>): ComputedStyle {
  const copy = copyOf(style);
  const values = changes as Readonly<Record<string, unknown>>;
  for (const key in values) copy[key] = values[key];
  return copy as unknown as ComputedStyle;
}

function copyOf(style: ComputedStyle): Record<string, unknown> {
  return copyStyleFields(newStyleRecord(), style as unknown as Readonly<Record<string, unknown>>);
}

/**
 * Copies every STYLE_KEYS field of `from` into `to`, as one function that names each field: a
 * loop storing `to[key]` by a computed key is a keyed store V8 cannot make monomorphic, ~10 µs a
 * copy of 160 fields, and every ruby pair copies two styles (20,000 ruby annotations spent 2.2 s
 * in the loop). The keys are octavo's own longhand names, quoted as JSON, never a document's.
 */
const copyStyleFields = generatedCopier() ?? copyByKeys;

type StyleCopier = (to: Record<string, unknown>, from: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/** The generated copier, or undefined where code generation from strings is turned off (the loop is used there). */
function generatedCopier(): StyleCopier | undefined {
  try {
    return new Function('to', 'from', `${STYLE_KEYS.map((key) => `to[${JSON.stringify(key)}] = from[${JSON.stringify(key)}];`).join('\n')}\nreturn to;`) as StyleCopier;
  } catch {
    return undefined;
  }
}

function copyByKeys(to: Record<string, unknown>, from: Readonly<Record<string, unknown>>): Record<string, unknown> {
  for (let i = 0; i < STYLE_KEYS.length; i++) to[STYLE_KEYS[i]!] = from[STYLE_KEYS[i]!];
  return to;
}

export function computeStyle(given: ComputeInput): ComputedStyle {
  let input = given;
  const { winners, parent } = input;
  const style = newStyleRecord();
  const own: Remembered = { values: undefined, parent: colorDependentValues.get(parent) };
  // Until the element's own font is known (font-size: 2ex uses the parent's font).
  const parentRatios = ratiosOf(parent.fontFamily, parent, input.fontRatios);
  let ctx: ComputeContext = {
    parent,
    fontSize: parent.fontSize,
    rootFontSize: input.rootFontSize,
    // the root's font-size reads the initial font, as `rem` there reads the initial size (then its own font)
    rootFont: input.isRoot ? parentRatios : input.rootFont,
    rootLineHeight: input.isRoot ? lineHeightPx(parent.lineHeight, parent.fontSize) : input.rootLineHeight,
    viewportWidth: input.viewportWidth,
    viewportHeight: input.viewportHeight,
    container: input.container,
    color: parent.color,
    colorScheme: parent.colorScheme,
    isRoot: input.isRoot,
    // `lh` in `line-height` itself (and the font properties) is the parent's
    lineHeight: lineHeightPx(parent.lineHeight, parent.fontSize),
    ...parentRatios,
  };
  for (let i = 0; i < LONGHANDS.length; i++) {
    const def = LONGHANDS[i]!;
    const decl = winners[i];
    const value = i === FONT_SIZE ? computeFontSize(style, decl, ctx, input, own)
      : decl === undefined ? unsetOf(def, ctx, own)
      : computeDeclared(def, decl.value, ctx, input, own);
    style[def.key] = value;
    if (i === ZOOM) {
      ctx = zoomed(ctx, value as number);
    } else if (i === WRITING_MODE && value !== 'horizontal-tb') {
      ctx = { ...ctx, vertical: true };
    } else if (i === FONT_SIZE) {
      // the element's own font from here on (font-size: 2ex read the parent's)
      const fontSize = value as number;
      // its family and face are computed before `font-size` (LONGHANDS' order)
      const ratios = ratiosOf(style['fontFamily'] as ComputedStyle['fontFamily'], style as unknown as FaceStyle, input.fontRatios);
      ctx = withFontRatios({ ...ctx, fontSize, rootFontSize: input.isRoot ? fontSize : input.rootFontSize }, ratios, input.isRoot);
    } else if (i === FONT_SIZE_ADJUST) {
      if (value !== 'none') ctx = withFontRatios(ctx, adjustedRatios(value as Exclude<ComputedStyle['fontSizeAdjust'], 'none'>, ctx), input.isRoot);
      // the last of the font properties, after `line-height` and `color` (LONGHANDS' order): the
      // ones before it read a registered property as declared, checked against its syntax
      if (input.registered !== undefined) input = { ...input, custom: input.registered(ctx) };
    } else if (i === COLOR_SCHEME) {
      ctx = { ...ctx, colorScheme: value as ComputedStyle['colorScheme'] };
      // the root inherits initial values, and the initial `color` is CanvasText (CSS Color 4 §3.1): white when dark
      if (input.isRoot && ctx.colorScheme === 'dark') {
        const canvasText = systemColor('canvastext', 'dark')!;
        ctx = { ...ctx, color: canvasText, parent: { ...ctx.parent, color: canvasText } };
      }
    } else if (i === COLOR) {
      ctx = { ...ctx, color: value as ComputedStyle['color'] };
    } else if (i === LINE_HEIGHT) {
      const lineHeight = lineHeightPx(value as ComputedStyle['lineHeight'], ctx.fontSize);
      // the root's own `rlh` is its line height (its font's, when normal), as `rem` there is its font size
      ctx = input.isRoot ? { ...ctx, lineHeight, rootLineHeight: lineHeight } : { ...ctx, lineHeight };
    }
  }
  style['quirkyMargins'] = quirkyMarginBits(winners[MARGIN_TOP], winners[MARGIN_BOTTOM]);
  applyFixups(style as MutableStyle, input);
  threeDCurrentColors(style as MutableStyle, winners, own);
  if (own.values !== undefined) colorDependentValues.set(style as unknown as ComputedStyle, own.values);
  return style as unknown as ComputedStyle;
}

/** A computed `line-height` in px, for `lh` and `rlh` (CSS Values 4 §6.1.1); undefined for `normal` (units.ts takes the font's). */
export function lineHeightPx(lineHeight: ComputedStyle['lineHeight'], fontSize: number): number | undefined {
  if (lineHeight === 'normal') return undefined;
  return typeof lineHeight === 'number' ? lineHeight : lineHeight.value * fontSize;
}

/**
 * The context once the element's effective zoom is known: absolute lengths are multiplied by it,
 * and the parent's font size is read at the element's own zoom (`zoom: 2` on an element whose
 * font size is inherited or in `em` doubles it, as in browsers).
 */
function zoomed(ctx: ComputeContext, zoom: number): ComputeContext {
  const own = zoom / ctx.parent.zoom;
  if (zoom === 1 && own === 1) return ctx;
  const parent = own === 1 ? ctx.parent : { ...ctx.parent, fontSize: ctx.parent.fontSize * own, lineHeight: scaledLineHeight(ctx.parent.lineHeight, own) };
  return { ...ctx, zoom, parent, fontSize: parent.fontSize };
}

function scaledLineHeight(lineHeight: ComputedStyle['lineHeight'], by: number): ComputedStyle['lineHeight'] {
  return typeof lineHeight === 'number' ? lineHeight * by : lineHeight;
}

/** The element's font ratios in `ctx`: the root element's are the root font's too (`rex` on the root is its `ex`). */
function withFontRatios(ctx: ComputeContext, ratios: FontUnitRatios, isRoot: boolean): ComputeContext {
  return { ...ctx, ...ratios, rootFont: isRoot ? ratios : ctx.rootFont };
}

function ratiosOf(families: ComputedStyle['fontFamily'] | undefined, face: FaceStyle, source: FontRatioSource = fontUnitRatios): FontUnitRatios {
  return source(families ?? NO_FAMILIES, face);
}

function computeDeclared(def: LonghandDef<StyleKey, unknown>, value: DeclaredValue, ctx: ComputeContext, input: ComputeInput, own: Remembered): unknown {
  return computeSpecified(def, specifiedOf(def, value, input), ctx, own);
}

/** The computed value of a specified value (specifiedOf): the parent's, the initial one, or computed from it. */
function computeSpecified(def: LonghandDef<StyleKey, unknown>, specified: unknown, ctx: ComputeContext, own: Remembered): unknown {
  if (specified === INHERIT) return inheritedOf(def, ctx, own);
  if (specified === INITIAL) return initialOf(def, ctx);
  return computeRemembering(def, specified, ctx, own);
}

const NO_FAMILIES: readonly string[] = [];
const INHERIT: unique symbol = Symbol('inherit');
const INITIAL: unique symbol = Symbol('initial');

/** The value the cascade gave `def` once `var()` is substituted, or which of inheriting and the initial value a CSS-wide keyword means. */
function specifiedOf(def: LonghandDef<StyleKey, unknown>, value: DeclaredValue, input: ComputeInput): unknown {
  switch (value.kind) {
    case 'value': return value.value;
    case 'keyword':
      if (value.keyword === 'inherit') return INHERIT;
      if (value.keyword === 'initial') return INITIAL;
      break;
    case 'pending': {
      const specified = resolvePending(value, input);
      if (specified === RESET) return INITIAL;
      if (specified !== undefined) return specified;
      break;
    }
    case 'custom': break;
  }
  // unset, revert, revert-layer, a var() that cannot be substituted
  return def.inherited ? INHERIT : INITIAL;
}

function unsetOf(def: LonghandDef<StyleKey, unknown>, ctx: ComputeContext, own: Remembered): unknown {
  return def.inherited ? inheritedOf(def, ctx, own) : initialOf(def, ctx);
}

/**
 * The element's computed font size, and the keyword it is a multiple of in `style`
 * (FontSizeKeyword): sized again from the keyword where the element's family is `monospace`
 * alone and its parent's is not, or the other way round, or where a keyword is declared.
 */
function computeFontSize(style: Record<string, unknown>, decl: Declaration | undefined, ctx: ComputeContext, input: ComputeInput, own: Remembered): number {
  const def = LONGHANDS[FONT_SIZE]!;
  const specified = decl === undefined ? INHERIT : specifiedOf(def, decl.value, input);
  const parentKeyword = ctx.parent.fontSizeKeyword;
  const keyword = specified === INHERIT ? parentKeyword : specified === INITIAL ? MEDIUM_SIZE : fontSizeKeywordOf(specified as FontSizeValue, parentKeyword);
  style['fontSizeKeyword'] = keyword;
  if (keyword !== undefined) {
    const monospace = monospaceOnly(style['fontFamily'] as ComputedStyle['fontFamily']);
    // `initial` is `medium`, a keyword like any declared one
    const declaresKeyword = specified === INITIAL || isSizeKeyword(specified);
    if (declaresKeyword || monospace !== monospaceOnly(ctx.parent.fontFamily)) return keywordFontSize(keyword, monospace, input.quirks === true) * (ctx.zoom ?? 1);
  }
  return computeSpecified(def, specified, ctx, own) as number;
}

/** CSS Display 3 §2.7: the block-level equivalent of an inline-level display. */
function blockify(display: Display): Display {
  switch (display) {
    case 'inline':
    case 'inline-block':
    case 'table-row-group':
    case 'table-header-group':
    case 'table-footer-group':
    case 'table-row':
    case 'table-cell':
    case 'table-column-group':
    case 'table-column':
    case 'table-caption': return 'block';
    case 'inline-table': return 'table';
    case 'inline-flex': return 'flex';
    case 'inline-grid': return 'grid';
    default: return display;
  }
}

function applyFixups(style: MutableStyle, input: ComputeInput): void {
  style.whiteSpace = legacyWhiteSpace(style.whiteSpaceCollapse, style.textWrapMode);
  // CSS Backgrounds 3 §4.3: a side whose style is none/hidden has a computed width of 0.
  if (style.borderTopStyle === 'none' || style.borderTopStyle === 'hidden') style.borderTopWidth = 0;
  if (style.borderRightStyle === 'none' || style.borderRightStyle === 'hidden') style.borderRightWidth = 0;
  if (style.borderBottomStyle === 'none' || style.borderBottomStyle === 'hidden') style.borderBottomWidth = 0;
  if (style.borderLeftStyle === 'none' || style.borderLeftStyle === 'hidden') style.borderLeftWidth = 0;
  if (style.display === 'none') return;
  // CSS Transforms 2 §6: the individual properties apply before `transform`, about the same origin
  if (style.translate.length + style.rotate.length + style.scale.length > 0) style.transform = [...style.translate, ...style.rotate, ...style.scale, ...style.transform];
  // CSS Conditional 5 §6.1.1: a size container has size containment on the axes it can be queried on
  if (style.containerType !== 'normal') style.contain = { ...style.contain, [style.containerType === 'size' ? 'size' : 'inlineSize']: true };
  // CSS Containment 2 §4: skipped contents (`hidden`) are size-contained; both keywords contain layout, style and paint
  if (style.contentVisibility !== 'visible') style.contain = { ...style.contain, layout: true, style: true, paint: true, size: style.contain.size || style.contentVisibility === 'hidden' };
  // CSS Writing Modes 3 §3.1: an inline box of another block flow direction than its parent is an inline-block
  if (style.display === 'inline' && style.writingMode !== input.parent.writingMode && !input.isRoot) style.display = 'inline-block';
  if (style.display !== 'table' && style.display !== 'inline-table') [style.overflowX, style.overflowY] = computedOverflow(style.overflowX, style.overflowY);
  tateChuYoko(style, input);
  webkitBox(style, input);
  legacyLineClamp(style);
  // CSS 2 §9.7: absolute positioning wins over float; both blockify, as does being the root.
  const absolute = style.position === 'absolute' || style.position === 'fixed' || typeof style.position === 'object';
  if (absolute) style.float = 'none';
  const parentDisplay = input.parentDisplay;
  const flexItem = parentDisplay === 'flex' || parentDisplay === 'inline-flex' || parentDisplay === 'grid' || parentDisplay === 'inline-grid';
  if (input.isRoot && style.display === 'contents') style.display = 'block';
  if (absolute || style.float !== 'none' || input.isRoot || (flexItem && style.display !== 'contents')) {
    const blockified = blockify(style.display);
    if (blockified !== style.display) style.displayBeforeBlockify = style.display;
    style.display = blockified;
  }
}

/** The lines drawn in a style of their own: their style, their colour and its longhand's index. */
const THREE_D_LINES = ([
  ['borderTopStyle', 'borderTopColor', 'border-top-color'], ['borderRightStyle', 'borderRightColor', 'border-right-color'],
  ['borderBottomStyle', 'borderBottomColor', 'border-bottom-color'], ['borderLeftStyle', 'borderLeftColor', 'border-left-color'],
  ['outlineStyle', 'outlineColor', 'outline-color'], ['columnRuleStyle', 'columnRuleColor', 'column-rule-color'],
] as const).map(([styleKey, colorKey, name]) => ({ styleKey, colorKey, index: LONGHAND_INDEX.get(name)! }));

const THREE_D_STYLES: ReadonlySet<string> = new Set(['inset', 'outset', 'groove', 'ridge']);
const LEGACY_THREE_D_GRAY: Color = Object.freeze({ r: 238, g: 238, b: 238, a: 1 });

/**
 * A border, outline or column rule drawn `inset`, `outset`, `groove` or `ridge` in `currentcolor`
 * (its initial colour) takes rgb(238, 238, 238) as its colour whatever `color` is: WebKit's legacy,
 * kept by Blink (ComputedStyle::ColorIncludingFallback). A plain `<hr>` prints as #9a9a9a over
 * #eeeeee in Chromium, not in shades of its gray `color`; so do `border: 1px inset` and an
 * iframe's border. A colour inherited (`inherit`: a table's cells under `border=1`, hints.ts) or
 * only computed from currentcolor (`color-mix()`) is left as it is.
 */
function threeDCurrentColors(style: MutableStyle, winners: ComputeInput['winners'], own: Remembered): void {
  for (const { styleKey, colorKey, index } of THREE_D_LINES) {
    if (THREE_D_STYLES.has(style[styleKey]) && inCurrentColor(winners[index]?.value, own.values?.get(colorKey))) style[colorKey] = LEGACY_THREE_D_GRAY;
  }
}

/** Whether a colour longhand whose initial value is currentcolor was left at it or set to the keyword. */
function inCurrentColor(declared: DeclaredValue | undefined, remembered: unknown): boolean {
  if (declared === undefined) return true;
  switch (declared.kind) {
    case 'value': return declared.value === 'currentcolor';
    case 'keyword': return declared.keyword !== 'inherit';
    // after var() substitution: remembered as the keyword, or nothing when it fell back to the initial value
    case 'pending': return remembered === 'currentcolor' || remembered === undefined;
    case 'custom': return false;
  }
}

/** The keys of the inherited properties (CSS Cascade 4 §7.2). */
const INHERITED_KEYS: readonly string[] = LONGHANDS.filter((def) => def.inherited).map((def) => def.key);

/**
 * `style`, computed under `parent`, as it inherits from `into` instead: each inherited property
 * it has from `parent` (the very value) takes `into`'s. What an inline element on a block's first
 * line becomes under its ::first-line (CSS Pseudo 4 §2.1.1), without cascading it again: a value
 * the element sets to its parent's own is read as inherited too, and lengths it computed from its
 * parent's font size (`1.2em`) keep their size.
 */
export function reparented(style: ComputedStyle, parent: ComputedStyle, into: ComputedStyle): ComputedStyle {
  const copy = copyOf(style);
  const from = style as unknown as Readonly<Record<string, unknown>>;
  const old = parent as unknown as Readonly<Record<string, unknown>>;
  const to = into as unknown as Readonly<Record<string, unknown>>;
  for (const key of INHERITED_KEYS) if (from[key] === old[key]) copy[key] = to[key];
  copy['whiteSpace'] = legacyWhiteSpace(copy['whiteSpaceCollapse'] as WhiteSpaceCollapse, copy['textWrapMode'] as TextWrapMode);
  return copy as unknown as ComputedStyle;
}

/** The non-inherited longhands and their initial values; a border's computed width is 0, its initial style being `none`. */
const INITIAL_BOX_VALUES: readonly (readonly [string, unknown])[] = [
  ...LONGHANDS.filter((def) => !def.inherited).map((def) => [def.key, def.initial] as const),
  ['borderTopWidth', 0], ['borderRightWidth', 0], ['borderBottomWidth', 0], ['borderLeftWidth', 0],
  ['displayBeforeBlockify', undefined], ['quirkyMargins', 0], ['webkitBox', false],
];

/**
 * The style of an anonymous box paged media makes outside the box tree (CSS 2 §9.2.1.1): `parent`'s
 * inherited properties, every other one initial — no margins, border, background, transform,
 * opacity or filter of its parent's again (a margin box turned 180° would turn its content back).
 */
export function anonymousStyleOf(parent: ComputedStyle, display: Display): ComputedStyle {
  const copy = copyOf(parent);
  for (const [key, value] of INITIAL_BOX_VALUES) copy[key] = value;
  copy['display'] = display;
  return copy as unknown as ComputedStyle;
}

/**
 * The `white-space` keyword that the two longhands amount to (CSS Text 4 §3.1's table), which
 * white space processing and line breaking read. Preserved breaks without wrapping and preserved
 * spaces that break without wrapping have no keyword: they read as `pre-line` and `pre`.
 */
function legacyWhiteSpace(collapse: WhiteSpaceCollapse, mode: TextWrapMode): WhiteSpace {
  switch (collapse) {
    case 'collapse': return mode === 'wrap' ? 'normal' : 'nowrap';
    case 'preserve': return mode === 'wrap' ? 'pre-wrap' : 'pre';
    case 'preserve-breaks': return 'pre-line';
    case 'break-spaces': return mode === 'wrap' ? 'break-spaces' : 'pre';
  }
}

/**
 * `text-combine-upright: all` in vertical text (CSS Writing Modes 3 §9.1, tate-chū-yoko): the
 * inline is set horizontally in the line, as an inline-block turned back upright (the vertical
 * flow is laid out turned, layout/orthogonal.ts), set in one em square by layout/block/tate-chu-yoko.ts.
 */
function tateChuYoko(style: MutableStyle, input: ComputeInput): void {
  if (style.textCombineUpright !== 'all' || style.writingMode === 'horizontal-tb' || (style.display !== 'inline' && style.display !== 'inline-block')) return;
  if (input.parent.textCombineUpright === 'all') return;
  style.display = 'inline-block';
  style.whiteSpace = 'nowrap';
  // set as one glyph: the paragraph's first-line indent and the spacing between letters are not
  // inside it (an inherited `text-indent: 1em` would push the digits off the square)
  style.textIndent = NO_TEXT_INDENT;
  style.letterSpacing = 0;
  style.wordSpacing = 0;
  style.transform = [{ kind: 'rotate', x: 0, y: 0, z: 1, angle: style.writingMode === 'sideways-lr' ? 90 : -90 }, ...style.transform];
}

const DISPLAY = LONGHAND_INDEX.get('display')!;
const BOX_PACK = { start: 'flex-start', end: 'flex-end', center: 'center', justify: 'space-between' } as const;
const BOX_ALIGN = { stretch: 'stretch', start: 'flex-start', end: 'flex-end', center: 'center', baseline: 'baseline' } as const;

/**
 * `display: -webkit-box` (css/properties/webkit-box.ts), as Chromium lays it out: a flex container
 * whose direction, `justify-content` and `align-items` come from `-webkit-box-orient`,
 * `-direction`, `-pack` and `-align` (the standard properties do nothing on it), and whose items
 * flex by `-webkit-box-flex` (grow and shrink alike, from their content size) in
 * `-webkit-box-ordinal-group` order. A vertical one with `-webkit-line-clamp` is a clamped block instead.
 */
function webkitBox(style: MutableStyle, input: ComputeInput): void {
  const declared = input.winners[DISPLAY]?.value;
  style.webkitBox = declared?.kind === 'value' && (declared.value === '-webkit-box' || declared.value === '-webkit-inline-box');
  if (style.webkitBox && !(style.webkitBoxOrient === 'vertical' && style.webkitLineClamp !== 'none')) {
    const reverse = style.webkitBoxDirection === 'reverse';
    style.flexDirection = style.webkitBoxOrient === 'vertical' ? (reverse ? 'column-reverse' : 'column') : (reverse ? 'row-reverse' : 'row');
    style.flexWrap = 'nowrap';
    style.justifyContent = BOX_PACK[style.webkitBoxPack];
    style.alignItems = BOX_ALIGN[style.webkitBoxAlign];
  }
  const parent = input.parent;
  if (parent.webkitBox && (parent.display === 'flex' || parent.display === 'inline-flex') && !input.isRoot) {
    style.flexGrow = style.webkitBoxFlex;
    style.flexShrink = style.webkitBoxFlex;
    style.flexBasis = 'auto';
    style.order = style.webkitBoxOrdinalGroup;
  }
}

/**
 * `-webkit-line-clamp` clamps a `-webkit-box` with `-webkit-box-orient: vertical` (CSS Overflow 4,
 * its legacy form): the box is then laid out as a block container (as browsers do) clamped like
 * `line-clamp` with its ellipsis. On any other box (`display: flex` included) it does nothing, as in Chromium.
 */
function legacyLineClamp(style: MutableStyle): void {
  if (!style.webkitBox || style.webkitBoxOrient !== 'vertical' || style.webkitLineClamp === 'none') return;
  style.display = style.display === 'flex' ? 'flow-root' : 'inline-block';
  if (style.maxLines === 'none') {
    style.maxLines = style.webkitLineClamp;
    style.blockEllipsis = 'ellipsis';
  }
}

/** The initial style: every property at its initial value (CSS Cascade 4 §7.1). */
export function createInitialStyle(viewport: { width: number; height: number }, diagnostics: Diagnostics): ComputedStyle {
  const seed = {} as Record<string, unknown>;
  for (const def of LONGHANDS) seed[def.key] = def.initial;
  seed['fontSizeKeyword'] = MEDIUM_SIZE;
  return computeStyle({
    winners: [],
    parent: seed as unknown as ComputedStyle,
    custom: new Map(),
    isRoot: false,
    rootFontSize: 16,
    viewportWidth: viewport.width,
    viewportHeight: viewport.height,
    parentDisplay: undefined,
    diagnostics,
  });
}
