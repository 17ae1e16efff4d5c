/**
 * The math formatting context (MathML Core §3): lays a `<math>` element out as Chromium does,
 * each element a box with an ascent and a descent about the formula's baseline, placed by its
 * parent's layout — rows side by side with the operators' spaces, fractions, radicals, scripts
 * (layout/math/*.ts). A formula never breaks across lines or pages. Tokens are as tall as their
 * ink (the glyphs' boxes rounded to the pixel), not as their line, as in Chromium.
 *
 * Boxes of other kinds inside a formula (an `mtable`'s table) are laid out through the dispatch
 * table at their max-content width; a table is centred on the math axis.
 */
import type { LayoutBox, MathBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { IntrinsicSizes, LayoutContext, LayoutInput, LayoutResult } from '../contract.js';
import { cacheKey, layoutBox } from '../contract.js';
import { boxFragment } from '../fragment-records.js';
import { offsetFragment } from '../fragment.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import { shrinkToFitWidth } from '../shrink-to-fit.js';
import { addMargin, collapsedMargin, EMPTY_STRUT } from '../margins.js';
import { fontRequestFromStyle } from '../../text/request.js';
import type { MathParameters } from '../../text/math-parameters.js';
import { tokenContent, UNBOUNDED_LINE, withGlyphVariant } from './token.js';
import { layoutFraction } from './fraction.js';
import { layoutRadical } from './radical.js';
import { layoutMultiscripts, layoutScripts, layoutUnderOver } from './scripts.js';
import { mathLength, operatorProperties, type OperatorForm } from './operators.js';

/** A laid-out math box: its fragment with the border box at (0, 0), and where its baseline is. */
export interface MathLaid {
  readonly fragment: BoxFragment | undefined;
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  /** The embellished operator it is (an `mo`, or a script or fraction around one): its form's spaces come from the row. */
  readonly operator?: MathBox | undefined;
}

/** What a math layout places: content-box children at (x, y) from the content box's top-left. */
export interface MathContent {
  readonly children: readonly Fragment[];
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
}

/** What every math layout reads: the context, the parameters of a box's font, its display style. */
export interface MathEnv {
  readonly ctx: LayoutContext;
  readonly layout: (box: LayoutBox, display: boolean) => MathLaid;
  readonly parameters: (box: LayoutBox) => MathParameters;
}

export function layoutMath(box: MathBox, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const laid = mathEnv(ctx).layout(box, box.element?.attribs['display'] === 'block');
  const fragment = laid.fragment ?? emptyFragment(box);
  // a block-level formula takes the line's width, its content aligned by `text-align` (centred in display math),
  // and its margins collapse with the flow's as a block's do
  const block = box.outer === 'block';
  const margin = (side: 'marginTop' | 'marginRight' | 'marginBottom' | 'marginLeft'): number => (block ? marginOrZero(box.style[side], input.containingWidth) : 0);
  const inLine = (typeof input.available === 'number' ? input.available : laid.width) - margin('marginLeft') - margin('marginRight');
  const fullWidth = block ? input.fixedWidth ?? inLine : laid.width;
  const y = block ? input.y + collapsedMargin(addMargin(input.strut, margin('marginTop'))) : input.y;
  const shift = fullWidth > laid.width ? (fullWidth - laid.width) * alignment(box) : 0;
  const placed = boxFragment({
    ...fragment, x: input.x + margin('marginLeft'), y, width: Math.max(fullWidth, laid.width),
    children: shift > 0 ? fragment.children.map((child) => offsetFragment(child, shift, 0)) : fragment.children,
  });
  return {
    kind: 'placed', fragment: placed, endY: y + placed.height, strut: block ? addMargin(EMPTY_STRUT, margin('marginBottom')) : EMPTY_STRUT, resolvedAt: y,
    baselines: { first: laid.ascent, last: laid.ascent }, breakToken: undefined, forcedBreakAfter: undefined,
    exclusions: input.exclusions, positioned: [], pageContent: [],
  };
}

/** Where a block-level formula's content goes in its line, by `text-align` (display math is centred by the UA stylesheet). */
function alignment(box: MathBox): number {
  const align = box.style.textAlign;
  const rtl = box.style.direction === 'rtl';
  if (align === 'center' || align === '-webkit-center') return 0.5;
  if (align === 'right' || align === '-webkit-right' || (align === 'end' && !rtl) || (align === 'start' && rtl)) return 1;
  return 0;
}

/** The formula's content width (its padding and border are added by the caller, as for any box): it never wraps. */
export function mathIntrinsicSizes(box: MathBox, ctx: LayoutContext): IntrinsicSizes {
  const laid = mathEnv(ctx).layout(box, box.element?.attribs['display'] === 'block');
  const border = usedBorder(box.style);
  const padding = usedPadding(box.style, 0);
  const width = Math.max(0, laid.width - border.left - padding.left - padding.right - border.right);
  return { minContent: width, maxContent: width };
}

function emptyFragment(box: MathBox): BoxFragment {
  return boxFragment({ box, style: box.style, x: 0, y: 0, width: 0, height: 0, border: usedBorder(box.style), padding: usedPadding(box.style, 0), children: [], continuedBefore: false, continuedAfter: false });
}

/**
 * Each formula laid out once per render and math style: a formula is measured (its width, for the
 * line) before it is laid out, and the two would otherwise lay out every token twice.
 */
const LAID = cacheKey('math.laid', () => new WeakMap<MathBox, { readonly display: boolean; readonly laid: MathLaid }>());

function mathEnv(ctx: LayoutContext): MathEnv {
  const laid = ctx.caches.of(LAID);
  const layoutMath = (box: MathBox, display: boolean): MathLaid => {
    const used = displayOf(box, display);
    const known = laid.get(box);
    if (known !== undefined && known.display === used) return known.laid;
    const result = layoutMathBox(box, used, env);
    laid.set(box, { display: used, laid: result });
    return result;
  };
  const env: MathEnv = {
    ctx,
    layout: (box, display) => (box.kind === 'math' ? layoutMath(box, display) : layoutOther(box, env)),
    parameters: (box) => ctx.text.mathParameters(fontRequestFromStyle(box.style)),
  };
  return env;
}

/** `displaystyle="true|false"` on any MathML element sets its math style (MathML Core §3.1.1). */
function displayOf(box: MathBox, inherited: boolean): boolean {
  const value = box.element?.attribs['displaystyle'];
  return value === 'true' ? true : value === 'false' ? false : inherited;
}

function layoutMathBox(box: MathBox, display: boolean, env: MathEnv): MathLaid {
  if (box.style.visibility === 'collapse') return { fragment: undefined, width: 0, ascent: 0, descent: 0 };
  const content = mathContent(box, display, env);
  const border = usedBorder(box.style);
  const padding = usedPadding(box.style, 0);
  const left = border.left + padding.left, top = border.top + padding.top;
  const width = content.width + left + padding.right + border.right;
  const height = content.ascent + content.descent + top + padding.bottom + border.bottom;
  const children = box.layout === 'phantom' ? [] : left === 0 && top === 0 ? content.children : content.children.map((child) => offsetFragment(child, left, top));
  const fragment = boxFragment({ box, style: box.style, x: 0, y: 0, width, height, border, padding, children, continuedBefore: false, continuedAfter: false });
  const laid: MathLaid = { fragment, width, ascent: content.ascent + top, descent: height - content.ascent - top, operator: embellishedOperator(box) };
  return display && box.operator !== undefined && operatorProperties(box, 'prefix').largeop ? largeOperator(box, laid, env) : laid;
}

/**
 * A large operator in display style (MathML Core §3.2.4.3): grown to the font's
 * DisplayOperatorMinHeight (else √2 times its height), centred on the axis.
 */
function largeOperator(box: MathBox, laid: MathLaid, env: MathEnv): MathLaid {
  const p = env.parameters(box);
  const grown = grownToken(laid, p.displayOperatorMinHeight > 0 ? p.displayOperatorMinHeight : (laid.ascent + laid.descent) * Math.SQRT2);
  return grown === laid ? laid : centredOnAxis(grown, p.axisHeight);
}

/** A grown operator with its middle on the math axis, `axis` above the baseline. */
function centredOnAxis(grown: MathLaid, axis: number): MathLaid {
  const total = grown.ascent + grown.descent;
  return { ...grown, ascent: total / 2 + axis, descent: total / 2 - axis };
}

function mathContent(box: MathBox, display: boolean, env: MathEnv): MathContent {
  switch (box.layout) {
    case 'token': return tokenContent(box, env.ctx);
    case 'space': return spaceContent(box);
    case 'row': case 'phantom': return layoutRow(box.children, display, env);
    case 'padded': return padded(box, layoutRow(box.children, display, env));
    case 'multiscripts': return layoutMultiscripts(box, display, env);
    case 'fraction': return layoutFraction(box, display, env);
    case 'sqrt': case 'root': return layoutRadical(box, display, env);
    case 'sub': case 'sup': case 'subsup': return layoutScripts(box, display, env);
    case 'under': case 'over': case 'underover': return layoutUnderOver(box, display, env);
  }
}

/**
 * `mpadded` (MathML Core §3.3.6): its content's box with the `width`, `height` and `depth` its
 * attributes give, moved by `lspace` and `voffset`. A percentage changes nothing, as in Chromium.
 */
function padded(box: MathBox, content: MathContent): MathContent {
  const attribs = box.element?.attribs ?? {};
  const size = box.style.fontSize;
  const length = (name: string, own: number): number => {
    const value = attribs[name]?.trim();
    if (value === undefined || value.endsWith('%')) return own;
    return Math.max(0, mathLength(value, size) ?? own);
  };
  const lspace = Math.max(0, mathLength(attribs['lspace'], size) ?? 0);
  const voffset = mathLength(attribs['voffset'], size) ?? 0;
  const ascent = length('height', content.ascent);
  const dy = ascent - content.ascent - voffset;
  return {
    children: lspace === 0 && dy === 0 ? content.children : content.children.map((child) => offsetFragment(child, lspace, dy)),
    width: length('width', content.width), ascent, descent: length('depth', content.descent),
  };
}

/** `mspace`: its `width`, `height` and `depth` attributes. */
function spaceContent(box: MathBox): MathContent {
  const attribs = box.element?.attribs ?? {};
  const size = box.style.fontSize;
  const length = (name: string): number => Math.max(0, mathLength(attribs[name], size) ?? 0);
  return { children: [], width: length('width'), ascent: length('height'), descent: length('depth') };
}

/**
 * The operator an element is embellished by (MathML Core §3.2.4.1): an `mo`, or a script,
 * fraction or row whose first child is one (a row only if the rest is space-like, not checked).
 */
function embellishedOperator(box: MathBox): MathBox | undefined {
  if (box.layout === 'token') return box.operator !== undefined ? box : undefined;
  if (box.layout === 'row' || box.layout === 'space' || box.layout === 'phantom' || box.layout === 'sqrt' || box.layout === 'root') return undefined;
  const first = box.children[0];
  return first !== undefined && first.kind === 'math' ? embellishedOperator(first) : undefined;
}

/**
 * A row (MathML Core §3.3.1): children side by side on one baseline, each embellished operator
 * with the spaces of its form (first child: prefix, last: postfix, else infix), stretchy
 * operators grown to the row's height about the axis (stretchOperator).
 */
export function layoutRow(children: readonly LayoutBox[], display: boolean, env: MathEnv): MathContent {
  const count = children.length;
  const items = children.map((child, i) => {
    const laid = env.layout(child, display);
    const spaces = laid.operator === undefined ? undefined : operatorProperties(laid.operator, formAt(i, count));
    // only an `mo` of its own stretches in a row (an embellished one keeps its size)
    return { laid, spaces, stretchy: spaces?.stretchy === true && laid.operator === child };
  });
  let ascent = 0, descent = 0;
  for (const item of items) {
    if (item.stretchy) continue;
    ascent = Math.max(ascent, item.laid.ascent);
    descent = Math.max(descent, item.laid.descent);
  }
  // every stretchy operator covers the rest of the row, then the row takes what they grew to
  if (ascent > 0 || descent > 0) {
    for (const item of items) if (item.stretchy) item.laid = stretchOperator(item.laid.operator!, item.laid, ascent, descent, env);
  }
  for (const { laid } of items) {
    ascent = Math.max(ascent, laid.ascent);
    descent = Math.max(descent, laid.descent);
  }
  const fragments: Fragment[] = [];
  let x = 0;
  for (const { laid, spaces } of items) {
    x += spaces?.lspace ?? 0;
    if (laid.fragment !== undefined) fragments.push(offsetFragment(laid.fragment, x, ascent - laid.ascent));
    x += laid.width + (spaces?.rspace ?? 0);
  }
  return { children: fragments, width: Math.max(0, x), ascent, descent };
}

function formAt(index: number, count: number): OperatorForm {
  if (count > 1 && index === 0) return 'prefix';
  if (count > 1 && index === count - 1) return 'postfix';
  return 'infix';
}

/** A stretchy operator of a row, grown to cover the row's ascent and descent about the math axis (MathML Core §3.2.4.3). */
function stretchOperator(box: MathBox, laid: MathLaid, ascent: number, descent: number, env: MathEnv): MathLaid {
  const axis = env.parameters(box).axisHeight;
  const half = Math.max(ascent - axis, descent + axis);
  const grown = grownToken(laid, 2 * half);
  return grown === laid ? laid : centredOnAxis(grown, axis);
}

/**
 * A token grown to `height`: its glyph replaced by the first of the font's larger variants (its
 * OpenType MATH table) at least that tall, else the largest. A font without a MATH table has none,
 * and the glyph stays as it is — as in Chromium, whose Linux `math` font (Liberation Serif) has
 * none. Glyph assemblies (a brace built of pieces) are not drawn yet: past the largest variant
 * the operator stops growing.
 */
export function grownToken(laid: MathLaid, height: number): MathLaid {
  if (laid.ascent + laid.descent >= height - 0.01 || laid.fragment === undefined) return laid;
  const grown = withGlyphVariant(laid.fragment, height);
  if (grown === undefined) return laid;
  return { ...laid, fragment: grown.fragment, width: grown.fragment.width, ascent: grown.ascent, descent: grown.descent };
}

/** A box of another kind inside a formula: laid out at its max-content width; a table centred on the axis. */
function layoutOther(box: LayoutBox, env: MathEnv): MathLaid {
  const laid = layoutBox(box, { ...UNBOUNDED_LINE, fixedWidth: shrinkToFitWidth(box, UNBOUNDED_LINE.available, env.ctx) }, env.ctx);
  if (laid.kind !== 'placed') return { fragment: undefined, width: 0, ascent: 0, descent: 0 };
  const fragment = offsetFragment(laid.fragment, -laid.fragment.x, -laid.fragment.y);
  const height = fragment.height;
  if (box.kind === 'table-wrapper') {
    const axis = env.parameters(box).axisHeight;
    return { fragment, width: fragment.width, ascent: height / 2 + axis, descent: height / 2 - axis };
  }
  const baseline = laid.baselines.first ?? height;
  return { fragment, width: fragment.width, ascent: baseline, descent: height - baseline };
}
