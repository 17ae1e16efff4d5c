/**
 * The scrollbars Chromium prints in a scroll container (CSS Overflow 3 §3, §5.2; CSS Scrollbars 1
 * §3), and the room they take. Chromium 156 prints its classic 15px scrollbars (measured): always
 * in `overflow: scroll`, and in `overflow: auto` when the content overflows that axis — a `<pre>`
 * with a long line and `overflow-x: auto` (Bootstrap's, GitHub's) is 15px taller; a box with
 * `overflow-y: auto` and a `max-height` its content passes wraps its text 15px narrower.
 *
 * The room is taken from the content box whatever `box-sizing` says (a `width: 200px` box keeps a
 * 202px border box and lays out its content in 185px): the box is laid out as a box with the
 * scrollbar's thickness added to its padding on that side (the inline end of a vertical bar: the
 * left in rtl; the bottom for a horizontal one), its content-box sizes less the same. `overflow:
 * auto` is settled as Chromium settles it: laid out without, then again with the bar its content
 * overflows (and with the other if the narrower content now overflows that way too).
 * `scrollbar-gutter: stable` keeps the vertical bar's room without a bar (`both-edges`: on both
 * sides), `scrollbar-width: none` prints none and keeps no room, `thin` a 10px one; a custom
 * scrollbar (`::-webkit-scrollbar`: custom-scrollbar-sizes.ts) is as thick as its style says. The
 * root element and the body print none: their overflow is the viewport's, which a page has not.
 */
import type { Box, LayoutBox } from '../boxes/types.js';
import type { ComputedStyle, CustomScrollbar, LengthPercentage, MaxSize, Size } from '../css/types.js';
import { CLASSIC_THICKNESS, customThickness } from './custom-scrollbar-sizes.js';
import { plusPx } from '../css/values/length.js';
import { isScrollingOverflow, usedOverflow } from '../css/properties/display.js';
import type { BreakToken } from './contract.js';
import { isSizeKeyword, marginOrZero, relativeOffset, toContentSize, usedBorder } from './box-model.js';
import type { BoxFragment, Fragment } from './types.js';
import { establishesBfc } from './formatting-context-root.js';
import type { Rect } from '../geometry/types.js';

/** Chromium's `scrollbar-width: thin` scrollbar thickness (measured; the classic one is 15px). */
const THIN_THICKNESS = 10;

/** The scrollbars a box prints and the room it keeps for them, px on each side of its padding box. */
export interface Scrollbars {
  readonly vertical: boolean;
  readonly horizontal: boolean;
  /** The vertical bar's width and the horizontal bar's height (the same but for a custom scrollbar). */
  readonly verticalWidth: number;
  readonly horizontalHeight: number;
  /** Chromium's custom scrollbar the bars are drawn as (css/custom-scrollbar.ts); undefined: the classic ones. */
  readonly custom: CustomScrollbar | undefined;
  /** The vertical bar's side. */
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly bottom: number;
}

type Shown = 'none' | 'vertical' | 'horizontal' | 'both';

const BARRED = new WeakMap<LayoutBox, Map<Shown, LayoutBox>>();
const SCROLLBARS = new WeakMap<Box, Scrollbars>();
const PLAIN = new WeakMap<LayoutBox, LayoutBox>();

/** The scrollbars `box` was laid out with (paint draws them), if any. */
export function scrollbarsOf(box: Box): Scrollbars | undefined {
  return SCROLLBARS.get(box);
}

/** The box laid out as `box` with the room it keeps for scrollbars before its content is known. */
export function withSureScrollbars(box: LayoutBox): LayoutBox {
  if (!mayPrintScrollbars(box) || PLAIN.has(box)) return box;
  const style = box.style;
  return barred(box, shown(usedY(style) === 'scroll', usedX(style) === 'scroll'));
}

/**
 * A box with `overflow: auto` in an axis its laid-out `fragment` overflows, with that scrollbar
 * added (undefined: none to add). `box` is the one that was laid out (from `withSureScrollbars`),
 * one that `mayPrintScrollbars`.
 */
export function withScrollbarsCalledFor(box: LayoutBox, fragment: BoxFragment): LayoutBox | undefined {
  const plain = PLAIN.get(box) ?? box;
  const x = usedX(plain.style);
  const y = usedY(plain.style);
  if (x !== 'auto' && y !== 'auto') return undefined;
  const bars = SCROLLBARS.get(box);
  const has = { vertical: bars?.vertical === true, horizontal: bars?.horizontal === true };
  const over = overflows(fragment, bars, plain.element?.name === 'textarea' ? 1 : 0);
  // a box broken across pages ends where the page does: its content does not overflow it downwards
  const broken = fragment.continuedAfter || fragment.continuedBefore;
  const vertical = has.vertical || (y === 'auto' && over.y && !broken);
  const horizontal = has.horizontal || (x === 'auto' && over.x);
  if (vertical === has.vertical && horizontal === has.horizontal) return undefined;
  return barred(plain, shown(vertical, horizontal));
}

/** A resumed box keeps the scrollbars its first fragment was laid out with. */
export function resumedWithScrollbars(box: LayoutBox, resume: BreakToken | undefined): LayoutBox | undefined {
  const resumed = resume !== undefined && 'box' in resume ? (resume.box as LayoutBox) : undefined;
  return resumed !== undefined && PLAIN.get(resumed) === box ? resumed : undefined;
}

/**
 * Whether `box` (from `withSureScrollbars`) may show a vertical bar its content calls for, which
 * its content sizes must then count: Chromium sizes a scroll container with the bars its layout
 * showed, so a `<pre>` with `max-height` and `overflow: auto` in a chat bubble is as wide as its
 * longest line and its bar. Only an `overflow-y: auto` box with a definite `height` or
 * `max-height` can overflow downwards before it is placed; one with the bar's room kept already
 * (a sure bar, `scrollbar-gutter: stable`) counts it as it is.
 */
export function mayCallForVerticalBar(box: LayoutBox): boolean {
  // style reads first: every box asked for its content sizes comes here
  const style = box.style;
  if (!mayPrintScrollbars(box) || usedY(style) !== 'auto' || style.scrollbarGutter !== 'auto') return false;
  return (typeof style.height === 'number' || typeof style.maxHeight === 'number') && SCROLLBARS.get(box)?.vertical !== true;
}

/** The room `box` keeps for scrollbars across its content (to add to its content sizes when asked for as itself). */
export function scrollbarRoomAcross(box: LayoutBox): number {
  const bars = SCROLLBARS.get(box);
  return bars === undefined ? 0 : bars.left + bars.right;
}

/**
 * Whether `box` is a scroll container that may print scrollbars: a block container (not a table
 * cell, which Chromium sizes otherwise), a flex or a grid container, not the root or the body,
 * in a horizontal writing mode (a vertical one's turned frame is not handled yet).
 * Read first for every box laid out: style reads only.
 */
export function mayPrintScrollbars(box: LayoutBox): boolean {
  const style = box.style;
  if (!isScrollingOverflow(style.overflowX) && !isScrollingOverflow(style.overflowY)) return false;
  if ((box.kind !== 'block' && box.kind !== 'flex' && box.kind !== 'grid') || style.display === 'table-cell' || style.writingMode !== 'horizontal-tb') return false;
  const name = box.element?.name;
  return style.scrollbarWidth !== 'none' && name !== 'html' && name !== 'body';
}

/**
 * Whether `box` would print scrollbars in Chromium (`overflow: scroll`) where octavo prints none
 * yet: in a vertical writing mode (its turned frame) or a table cell. Read only for boxes that
 * `mayPrintScrollbars` turned away.
 */
export function scrollbarsNotPrinted(box: LayoutBox): boolean {
  const style = box.style;
  if ((style.overflowX !== 'scroll' && style.overflowY !== 'scroll') || style.scrollbarWidth === 'none') return false;
  return style.display === 'table-cell' || style.writingMode !== 'horizontal-tb';
}

type Overflow = ComputedStyle['overflowX'];

function usedX(style: ComputedStyle): Overflow {
  return usedOverflow(style.overflowX, style.overflowY);
}

function usedY(style: ComputedStyle): Overflow {
  return usedOverflow(style.overflowY, style.overflowX);
}

function shown(vertical: boolean, horizontal: boolean): Shown {
  return vertical ? (horizontal ? 'both' : 'vertical') : horizontal ? 'horizontal' : 'none';
}

function barred(box: LayoutBox, bars: Shown): LayoutBox {
  const style = box.style;
  const vertical = bars === 'both' || bars === 'vertical';
  const horizontal = bars === 'both' || bars === 'horizontal';
  const stable = style.scrollbarGutter !== 'auto';
  if (!vertical && !horizontal && !stable) return box;
  let made = BARRED.get(box);
  const known = made?.get(bars);
  if (known !== undefined) return known;
  const custom = style.customScrollbar;
  const classic = style.scrollbarWidth === 'thin' ? THIN_THICKNESS : CLASSIC_THICKNESS;
  const verticalWidth = custom === undefined ? classic : customThickness(custom, 'vertical', vertical && horizontal);
  const horizontalHeight = custom === undefined ? classic : customThickness(custom, 'horizontal', vertical && horizontal);
  const side = style.direction === 'rtl' ? 'left' : 'right';
  const gutter = vertical || stable ? verticalWidth : 0;
  const both = style.scrollbarGutter === 'stable both-edges';
  // no more than the content box a length gives: the box keeps its size (a 12px-wide textarea)
  const across = contentSize(style.width, style, 'x');
  const down = contentSize(style.height, style, 'y');
  const sideRoom = Math.min(gutter, both ? across / 2 : across);
  const room: Scrollbars = {
    vertical, horizontal, verticalWidth, horizontalHeight, custom, side,
    left: side === 'left' || both ? sideRoom : 0,
    right: side === 'right' || both ? sideRoom : 0,
    bottom: horizontal ? Math.min(horizontalHeight, down) : 0,
  };
  const result = { ...box, style: withRoom(style, room) } as LayoutBox;
  SCROLLBARS.set(result, room);
  PLAIN.set(result, box);
  if (made === undefined) BARRED.set(box, (made = new Map()));
  made.set(bars, result);
  return result;
}

/** The content-box size a length `width` or `height` gives (Infinity: not known before layout). */
function contentSize(value: Size, style: ComputedStyle, axis: 'x' | 'y'): number {
  if (typeof value !== 'number') return Infinity;
  const [start, end] = axis === 'x' ? [style.paddingLeft, style.paddingRight] : [style.paddingTop, style.paddingBottom];
  // a percentage padding needs the containing block: not known here
  if (typeof start !== 'number' || typeof end !== 'number') return Infinity;
  const border = usedBorder(style);
  const edges = start + end + (axis === 'x' ? border.left + border.right : border.top + border.bottom);
  return toContentSize(value, style, edges);
}

/** The style with the scrollbars' room in its padding, taken from its content-box sizes. */
function withRoom(style: ComputedStyle, room: Scrollbars): ComputedStyle {
  const across = room.left + room.right;
  const contentBox = style.boxSizing === 'content-box';
  return {
    ...style,
    paddingLeft: room.left > 0 ? plusPx(style.paddingLeft, room.left) : style.paddingLeft,
    paddingRight: room.right > 0 ? plusPx(style.paddingRight, room.right) : style.paddingRight,
    paddingBottom: room.bottom > 0 ? plusPx(style.paddingBottom, room.bottom) : style.paddingBottom,
    width: contentBox ? lessSize(style.width, across) : style.width,
    minWidth: contentBox ? lessSize(style.minWidth, across) : style.minWidth,
    maxWidth: contentBox ? lessMaxSize(style.maxWidth, across) : style.maxWidth,
    height: contentBox ? lessSize(style.height, room.bottom) : style.height,
    minHeight: contentBox ? lessSize(style.minHeight, room.bottom) : style.minHeight,
    maxHeight: contentBox ? lessMaxSize(style.maxHeight, room.bottom) : style.maxHeight,
  };
}

function lessSize(value: Size, px: number): Size {
  if (px === 0 || value === 'auto' || isSizeKeyword(value)) return value;
  return less(value, px);
}

function lessMaxSize(value: MaxSize, px: number): MaxSize {
  if (px === 0 || value === 'none' || isSizeKeyword(value)) return value;
  return less(value, px);
}

function less(value: LengthPercentage, px: number): LengthPercentage {
  return typeof value === 'number' ? Math.max(0, value - px) : plusPx(value, -px);
}

/**
 * A fragment's padding box less its scrollbars' room, from its border box's corner: what shows of
 * its content, and the containing block of its absolutely positioned boxes (positioned.ts).
 */
export function clientRect(fragment: Pick<BoxFragment, 'width' | 'height' | 'border'>, bars: Scrollbars | undefined): Rect {
  const x = fragment.border.left + (bars?.left ?? 0);
  const y = fragment.border.top;
  return {
    x, y,
    width: Math.max(0, fragment.width - x - fragment.border.right - (bars?.right ?? 0)),
    height: Math.max(0, fragment.height - y - fragment.border.bottom - (bars?.bottom ?? 0)),
  };
}

/** A scroll container's client and scroll sizes (as the DOM's `clientWidth` and `scrollWidth`), px. */
export interface ScrollSizes {
  readonly clientWidth: number;
  readonly clientHeight: number;
  readonly scrollWidth: number;
  readonly scrollHeight: number;
}

/** How far content reaches in a fragment's frame: to the right, to the left, downwards. */
interface Extent {
  right: number;
  left: number;
  bottom: number;
}

/**
 * How much of a laid-out scroll container's content shows and how far it reaches, from the padding
 * box's corner (its scrollbars' room not counted): its in-flow content with the padding at its end,
 * as Chromium measures scrollable overflow (a line 5px into a `<pre>`'s end padding scrolls), what
 * is relatively positioned or deeper with its own box only. In right-to-left text the inline end
 * is the left: the content scrolls that way.
 */
export function scrollSizes(fragment: Omit<BoxFragment, 'x' | 'y'>, bars: Scrollbars | undefined): ScrollSizes {
  const gutter = { left: bars?.left ?? 0, right: bars?.right ?? 0, bottom: bars?.bottom ?? 0 };
  const { x: x0, y: y0, width: clientWidth, height: clientHeight } = clientRect(fragment, bars);
  const x1 = x0 + clientWidth;
  const endPadding = { left: fragment.padding.left - gutter.left, right: fragment.padding.right - gutter.right, bottom: fragment.padding.bottom - gutter.bottom };
  const reach: Extent = { right: x1, left: x0, bottom: y0 + clientHeight };
  const basis = Math.max(0, fragment.width - fragment.border.left - fragment.border.right - fragment.padding.left - fragment.padding.right);
  for (const child of fragment.children) {
    if (child.kind !== 'box' || child.style.position === 'static' || child.style.position === 'relative') {
      const own = inFlowExtent(child, basis);
      reach.right = Math.max(reach.right, own.right + endPadding.right);
      reach.left = Math.min(reach.left, own.left - endPadding.left);
      reach.bottom = Math.max(reach.bottom, own.bottom + endPadding.bottom);
    }
    const deep = deepExtent(child, 0, 0);
    reach.right = Math.max(reach.right, deep.right);
    reach.left = Math.min(reach.left, deep.left);
    reach.bottom = Math.max(reach.bottom, deep.bottom);
  }
  const rtl = fragment.style.direction === 'rtl';
  const scrollWidth = rtl ? x1 - reach.left : reach.right - x0;
  return { clientWidth, clientHeight, scrollWidth, scrollHeight: reach.bottom - y0 };
}

/**
 * `downSlack`: a textarea's rows are sized before layout from the bundled monospace font's line
 * spacing, which may be 1px short of the installed monospace font's lines (a 30px DejaVu Sans Mono
 * line is 35px, Liberation Mono's 34px: docs/css.md, Form controls): that pixel scrolls nothing.
 */
function overflows(fragment: Omit<BoxFragment, 'x' | 'y'>, bars: Scrollbars | undefined, downSlack: number): { x: boolean; y: boolean } {
  const sizes = scrollSizes(fragment, bars);
  // on whole pixels, as Chromium compares them (200.4px of content in 200px: no scrollbar; 200.6px: one)
  return {
    x: Math.round(sizes.scrollWidth) > Math.round(sizes.clientWidth),
    y: Math.round(sizes.scrollHeight - downSlack) > Math.round(sizes.clientHeight),
  };
}

/**
 * An in-flow child's own extent: a line's by its content, a box by its margin box, as Chromium
 * counts it (a last paragraph's bottom margin scrolls, and so does a 200px box's 150px right
 * margin in a 300px one); `basis` is what the child's margin percentages refer to.
 */
function inFlowExtent(child: Fragment, basis: number): Extent {
  if (child.kind === 'box') {
    // a relatively positioned box's margins count where it would be (its border box, moved, is deepExtent's)
    const moved = child.style.position === 'relative' ? relativeOffset(child.style, basis, undefined) : { dx: 0, dy: 0 };
    const x = child.x - moved.dx;
    const y = child.y - moved.dy;
    return { right: x + child.width + endMargin(child, 'right', basis), left: x - endMargin(child, 'left', basis), bottom: y + child.height + endMarginBelow(child, basis) };
  }
  if (child.kind !== 'line') return { right: child.x + child.width, left: child.x, bottom: child.y + child.height };
  let right = child.x;
  let left = child.x + child.width;
  for (const item of child.children) {
    // an inline-block's margins on the line count too (a 200px one with a 150px right margin in a
    // 300px box scrolls), an inline box's where it carries them (not where a line break cuts it)
    const after = item.kind === 'box' && item.inlineEdges?.right !== false ? endMargin(item, 'right', basis) : 0;
    const before = item.kind === 'box' && item.inlineEdges?.left !== false ? endMargin(item, 'left', basis) : 0;
    right = Math.max(right, child.x + item.x + item.width - hangingSpaces(item) + after);
    left = Math.min(left, child.x + item.x - before);
  }
  return { right, left, bottom: child.y + child.height };
}

/** A box's margin on one side, where it adds to its extent (a negative one takes nothing off). */
function endMargin(f: BoxFragment, side: 'left' | 'right', basis: number): number {
  return Math.max(0, marginOrZero(side === 'right' ? f.style.marginRight : f.style.marginLeft, basis));
}

/**
 * A box's bottom margin and those of its last children that collapse through its bottom edge (a
 * block of auto height without bottom padding or border, its last child ending where it ends):
 * the margin its content ends with. Negative margins take nothing off the box.
 */
function endMarginBelow(f: BoxFragment, basis: number): number {
  const own = Math.max(0, marginOrZero(f.style.marginBottom, basis));
  const last = f.children[f.children.length - 1];
  if (last?.kind !== 'box' || !marginsCollapseThroughEnd(f) || Math.abs(last.y + last.height - f.height) > 0.01) return own;
  return Math.max(own, endMarginBelow(last, Math.max(0, f.width - f.border.left - f.border.right - f.padding.left - f.padding.right)));
}

/**
 * Whether a block's last child's bottom margin collapses through its bottom edge: a block of no
 * formatting context of its own, of auto height, without bottom padding or border.
 */
function marginsCollapseThroughEnd(f: BoxFragment): boolean {
  return f.box.kind === 'block' && !establishesBfc(f.box) && f.style.height === 'auto' && f.border.bottom === 0 && f.padding.bottom === 0;
}

/**
 * The width of the preserved spaces a wrapping line ends with, which hang past its end (CSS Text
 * 3 §4.1.3) and scroll nothing: "Hi " in a textarea 25px wide does not call for a horizontal bar,
 * nor does a `<pre>`'s `<code>` (Prism's, highlight.js') whose line ends with a space, as Chromium
 * measures it. An inline box counts the spaces it ends with where nothing of its own follows them
 * on that line (no end padding, border or margin: those scroll).
 */
function hangingSpaces(item: Fragment): number {
  if (item.kind === 'box') return inlineBoxHang(item);
  if (item.kind !== 'text' || item.style.whiteSpace !== 'pre-wrap' || item.style.direction === 'rtl') return 0;
  const run = item.runs[item.runs.length - 1];
  if (run === undefined) return 0;
  let width = 0;
  for (let i = item.text.length - 1, glyph = run.advances.length - 1; i >= 0 && item.text[i] === ' ' && glyph >= 0; i--, glyph--) width += run.advances[glyph]!;
  return width;
}

/** The spaces an inline box's fragment ends with that hang (its last child's, ending where it ends). */
function inlineBoxHang(item: BoxFragment): number {
  if (item.box.kind !== 'inline' || item.style.direction === 'rtl') return 0;
  const end = item.inlineEdges?.right === false ? 0 : item.padding.right + item.border.right + Math.max(0, marginOrZero(item.style.marginRight, 0));
  const last = item.children[item.children.length - 1];
  if (end !== 0 || last === undefined || Math.abs(last.x + last.width - item.width) > 0.01) return 0;
  return Math.min(item.width, hangingSpaces(last));
}

/** How far a fragment and what it does not clip reach, in its parent's frame. */
function deepExtent(f: Fragment, x: number, y: number): Extent {
  const reach: Extent = { right: x + f.x + f.width - hangingSpaces(f), left: x + f.x, bottom: y + f.y + f.height };
  if (f.kind === 'text' || f.kind === 'image') return reach;
  if (f.kind === 'box' && (f.style.overflowX !== 'visible' || f.style.overflowY !== 'visible')) return reach;
  for (const child of f.children) {
    const inner = deepExtent(child, x + f.x, y + f.y);
    reach.right = Math.max(reach.right, inner.right);
    reach.left = Math.min(reach.left, inner.left);
    reach.bottom = Math.max(reach.bottom, inner.bottom);
  }
  return reach;
}
