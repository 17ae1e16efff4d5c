/**
 * Vertical writing modes (CSS Writing Modes 3) for an orthogonal flow root: a block whose
 * writing mode is vertical inside a horizontal parent (§7.3). Its content is laid out by the
 * horizontal formatting contexts in a frame turned by a quarter turn — the root's height is that
 * frame's width, its width the frame's height, its sides turned with it — and painted turned back:
 * `vertical-rl` and `sideways-rl` a quarter turn clockwise (lines run top to bottom, successive
 * lines right to left, glyphs turned clockwise), `sideways-lr` anticlockwise (lines run bottom to
 * top, left to right), `vertical-lr` clockwise with its lines' order reversed (left to right).
 * In the parent the root is one unbreakable block of the turned size (warned when it does not fit
 * a page). Its inline size (height) is
 * its `height`, else fit-content in the containing block's height, else in the page area's
 * (§7.3.1's fallback, the initial containing block).
 */
import type { BlockBox, Box, VerticalMode } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { IntrinsicSizes, LayoutContext, LayoutInput, LayoutResult } from './contract.js';
import { cacheKey, layoutBox, sizingStyle } from './contract.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';
import { shrinkToFitWidth } from './shrink-to-fit.js';
import { placeBlockLevel } from './block-level.js';
import { atY, boxFragment, withBoxFields } from './fragment-records.js';

/** The turned box of each root, made once (layout caches are keyed by box). */
const TURNED = cacheKey('orthogonal.turned', () => new WeakMap<BlockBox, BlockBox>());
/** The same for runs that size the root as if its heights were auto (contract.ts `autoHeight`). */
const TURNED_AUTO_HEIGHT = cacheKey('orthogonal.turnedAutoHeight', () => new WeakMap<BlockBox, BlockBox>());

export function isVerticalRoot(box: { readonly kind: string }): box is BlockBox & { readonly verticalRoot: VerticalMode } {
  return box.kind === 'block' && (box as BlockBox).verticalRoot !== undefined;
}

/** The root's content width (its block size): the turned content's height. */
export function verticalRootIntrinsicSizes(box: BlockBox & { readonly verticalRoot: VerticalMode }, ctx: LayoutContext, available: number): IntrinsicSizes {
  const laid = layoutTurned(box, { mode: 'measure' }, available, ctx, NOT_FIXED);
  const fragment = laid?.fragment;
  const inner = fragment === undefined ? 0 : fragment.height - fragment.border.top - fragment.border.bottom - fragment.padding.top - fragment.padding.bottom;
  return { minContent: inner, maxContent: inner };
}

/**
 * The root's min-content height (its inline size, border box): its longest word's, as the turned
 * box is shrunk to fit no room. A grid row contributes it as its minimum (CSS Grid 2 §11.5), so a
 * row of fixed height holds a side band's text in more columns rather than growing (as Chromium).
 */
export function verticalRootMinContentHeight(box: BlockBox & { readonly verticalRoot: VerticalMode }, ctx: LayoutContext, containingHeight: number): number {
  return shrinkToFitWidth(turnedBox(box, { mode: 'measure' }, ctx), containingHeight, ctx, 0);
}

export function layoutVerticalRoot(box: BlockBox & { readonly verticalRoot: VerticalMode }, input: LayoutInput, ctx: LayoutContext): LayoutResult {
  const available = input.containingHeight ?? initialContainingHeight(ctx);
  // sizes decided outside (a stretched flex or grid item, a flexed one) are the turned frame's other axis
  const laid = layoutTurned(box, input, available, ctx, { width: input.fixedHeight, height: input.fixedWidth });
  if (laid === undefined) return { kind: 'pushed' };
  const inner = laid.fragment;
  const width = inner.height;
  const height = inner.width;
  // a fixed box is placed whole on every page, and never split, vertical or not
  if (input.mode === 'layout' && box.style.position !== 'fixed') warnPastPage(box, width, height, ctx);
  const turned = box.verticalRoot === 'vertical-lr' ? withLinesReversed(inner) : inner;
  // the inner box turns about its centre: put its centre on the outer box's
  const placedInner: BoxFragment = withBoxFields(turned, { x: (width - inner.width) / 2, y: (height - inner.height) / 2 });
  return placeBlockLevel(box, input, { width, height }, (x, y) => (boxFragment({
    box, style: outerStyle(box.style), x, y, width, height,
    border: ZERO, padding: ZERO, children: [placedInner], continuedBefore: false, continuedAfter: false,
  })));
}

const ZERO = { top: 0, right: 0, bottom: 0, left: 0 };

/** §7.3.1's fallback when no height above is definite: the first page area's height (the initial containing block's). */
export function initialContainingHeight(ctx: LayoutContext): number {
  return firstPageArea(ctx).height;
}

function firstPageArea(ctx: LayoutContext): { width: number; height: number } {
  const page = ctx.pageStyle({ index: 0, side: 'right', blank: false });
  const margin = (m: typeof page.marginTop): number => (typeof m === 'number' ? m : 0);
  return {
    width: Math.max(0, page.width - margin(page.marginLeft) - margin(page.marginRight)),
    height: Math.max(0, page.height - margin(page.marginTop) - margin(page.marginBottom)),
  };
}

/**
 * A vertical root is not fragmented (CSS Fragmentation 3 would continue its columns of lines on
 * the next page): one wider or taller than the page area runs past it, which is said where it is.
 */
function warnPastPage(box: BlockBox & { readonly verticalRoot: VerticalMode }, width: number, height: number, ctx: LayoutContext): void {
  const area = firstPageArea(ctx);
  const wide = width > area.width + 0.01;
  if (!wide && height <= area.height + 0.01) return;
  const what = wide ? `its lines are ${round(width)}px wide, the page area ${round(area.width)}px` : `it is ${round(height)}px high, the page area ${round(area.height)}px`;
  ctx.diagnostics.warn('layout', `a \`writing-mode: ${box.verticalRoot}\` box is not split across pages and does not fit one (${what}): what runs past the page is cut`, box.verticalSource);
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** The run's mode, and whether its heights count as auto (contract.ts `autoHeight`: the turned root's widths then do). */
type TurnedRun = Pick<LayoutInput, 'mode' | 'autoHeight'>;

/** Border-box sizes of the turned box decided outside the root, if any. */
interface TurnedSizes {
  readonly width: number | undefined;
  readonly height: number | undefined;
}

const NOT_FIXED: TurnedSizes = { width: undefined, height: undefined };

function layoutTurned(box: BlockBox & { readonly verticalRoot: VerticalMode }, run: TurnedRun, available: number, ctx: LayoutContext, fixed: TurnedSizes): { fragment: BoxFragment } | undefined {
  const { mode } = run;
  const turned = turnedBox(box, run, ctx);
  const width = fixed.width ?? shrinkToFitWidth(turned, available, ctx);
  const laid = layoutBox(turned, {
    mode, available: width, containingWidth: available, containingHeight: undefined, fixedWidth: width, fixedHeight: fixed.height, formattingContextRoot: true,
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  return laid.kind === 'placed' ? { fragment: laid.fragment } : undefined;
}

function turnedBox(box: BlockBox & { readonly verticalRoot: VerticalMode }, run: TurnedRun, ctx: LayoutContext): BlockBox {
  const autoHeight = run.autoHeight === true;
  const cache = ctx.caches.of(autoHeight ? TURNED_AUTO_HEIGHT : TURNED);
  let turned = cache.get(box);
  if (turned === undefined) {
    const clockwise = box.verticalRoot !== 'sideways-lr';
    const content = turnedCopy(box, clockwise);
    const own = autoHeight ? turnedSides(sizingStyle(box, run), clockwise) : content.style;
    turned = { ...content, verticalRoot: undefined, style: rootStyle(own, clockwise) } as BlockBox;
    cache.set(box, turned);
  }
  return turned;
}

/** A copy of the subtree turned a quarter turn (clockwise, or anticlockwise for `sideways-lr`): every style's sides and sizes turned. */
export function turnedCopy<T extends Box>(box: T, clockwise: boolean): T {
  const styles = new Map<ComputedStyle, ComputedStyle>();
  const turnStyle = (style: ComputedStyle): ComputedStyle => {
    let done = styles.get(style);
    if (done === undefined) {
      done = turnedSides(style, clockwise);
      styles.set(style, done);
    }
    return done;
  };
  return turnedTree(box, turnStyle) as T;
}

/** Fields of a box that hold other boxes (children, an out-of-flow box, a table's parts, a marker). */
const BOX_FIELDS = ['children', 'box', 'content', 'table', 'captions', 'rowGroups', 'rows', 'cells', 'columns', 'columnGroups', 'marker', 'imageFallback'];

/**
 * A copy of the subtree with every style turned: what is physical in the vertical flow (a child's
 * `width`, its left margin) is in the turned frame what the horizontal layout reads (its height,
 * its top margin).
 */
function turnedTree(node: unknown, turn: (style: ComputedStyle) => ComputedStyle): unknown {
  if (Array.isArray(node)) return node.map((item) => turnedTree(item, turn));
  if (node === null || typeof node !== 'object' || !('kind' in node) || !('style' in node)) return node;
  const copy: Record<string, unknown> = { ...node, style: turn((node as { style: ComputedStyle }).style) };
  for (const field of BOX_FIELDS) if (field in copy && copy[field] !== undefined) copy[field] = turnedTree(copy[field], turn);
  return copy;
}

/** `style` in the turned frame: sizes swapped, each side (borders, padding, margins, insets) moved a quarter turn (clockwise, the frame's top is the page's right). */
function turnedSides(style: ComputedStyle, clockwise: boolean): ComputedStyle {
  const [top, right, bottom, left] = clockwise ? (['Right', 'Bottom', 'Left', 'Top'] as const) : (['Left', 'Top', 'Right', 'Bottom'] as const);
  const read = (name: string): unknown => style[name as keyof ComputedStyle];
  const turned: Record<string, unknown> = {};
  for (const [to, from] of [['Top', top], ['Right', right], ['Bottom', bottom], ['Left', left]] as const) {
    for (const suffix of ['Width', 'Style', 'Color']) turned[`border${to}${suffix}`] = read(`border${from}${suffix}`);
    turned[`padding${to}`] = read(`padding${from}`);
    turned[`margin${to}`] = read(`margin${from}`);
    // the insets of a positioned box: `left: 1px` in the vertical flow is the turned frame's `bottom` (clockwise)
    turned[to.toLowerCase()] = read(from.toLowerCase());
  }
  return {
    ...style, ...turned,
    width: style.height, height: style.width, minWidth: style.minHeight, minHeight: style.minWidth, maxWidth: style.maxHeight, maxHeight: style.maxWidth,
    // scrollbars would be laid out and drawn in the turned frame: none in a vertical flow yet (scrollbars.ts)
    scrollbarWidth: 'none',
  } as ComputedStyle;
}

/** The root in the turned frame: no margins (the outer box has them), and the turn as its transform about its centre. */
function rootStyle(style: ComputedStyle, clockwise: boolean): ComputedStyle {
  return {
    ...style,
    marginTop: 0, marginRight: 0, marginBottom: 0, marginLeft: 0,
    position: 'static', float: 'none', display: 'block', writingMode: 'horizontal-tb',
    transform: [{ kind: 'rotate', x: 0, y: 0, z: 1, angle: clockwise ? 90 : -90 }],
    transformOrigin: { x: { kind: 'percent', value: 50 }, y: { kind: 'percent', value: 50 }, z: 0 },
  };
}

/** What the outer box paints itself: nothing (the turned box paints the borders, backgrounds and resize grip), but the author's transform. */
function outerStyle(style: ComputedStyle): ComputedStyle {
  return {
    ...style, resize: 'none',
    borderTopWidth: 0, borderRightWidth: 0, borderBottomWidth: 0, borderLeftWidth: 0,
    borderTopStyle: 'none', borderRightStyle: 'none', borderBottomStyle: 'none', borderLeftStyle: 'none',
    paddingTop: 0, paddingRight: 0, paddingBottom: 0, paddingLeft: 0,
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: ['none'], boxShadow: [], outlineStyle: 'none', outlineWidth: 0, opacity: 1,
  };
}

/**
 * `vertical-lr`: the turned frame's lines and blocks in reverse block order, each box's children
 * mirrored within its content box (the text inside a line stays as it is).
 */
export function withLinesReversed(fragment: BoxFragment): BoxFragment {
  const top = fragment.border.top + fragment.padding.top;
  const bottom = fragment.height - fragment.border.bottom - fragment.padding.bottom;
  const children = fragment.children.map((child): Fragment => {
    const y = top + bottom - child.y - child.height;
    if (child.kind === 'box' && child.box.kind === 'block' && child.box.outer === 'block') return withBoxFields(withLinesReversed(child), { y });
    return atY(child, y);
  });
  return withBoxFields(fragment, { children });
}
