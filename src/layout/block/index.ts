/**
 * Block formatting (CSS2 §9.4.1, §10.3.3, §10.6.3) with margin collapsing (§8.3.1) and
 * fragmentation across pages (CSS Fragmentation 3): one block container on one page — its
 * width, its top edge, its children (flow.ts or lines.ts), its vertical position and
 * height — and the break token to resume it on the next page. A block that establishes a block
 * formatting context starts its own floats and grows to contain them (§10.6.7); a positioned
 * block is the containing block of its absolutely positioned descendants (§10.1).
 */
import type { BlockBox, LayoutBox } from '../../boxes/types.js';
import type { ComputedStyle } from '../../css/types.js';
import type { BoxFragment } from '../types.js';
import type { Baselines, BreakToken, Fragmentainer, LayoutContext, LayoutInput, LayoutResult } from '../contract.js';
import { bottomAt, extendsToEnd, sizingStyle } from '../contract.js';
import type { MarginStrut } from '../margins.js';
import { EMPTY_STRUT, addMargin, atQuirkyStart, collapsedMargin, withoutQuirky } from '../margins.js';
import { cellHeightQuirk, hasQuirkyBottomMargin, hasQuirkyTopMargin, isQuirkyContainer, percentageBasisQuirk } from '../quirks.js';
import type { HorizontalMetrics } from '../box-model.js';
import { blockHorizontalMetrics, boxEdges, clampHeight, definiteContentHeight, isAutoHeight, marginOrZero, resolveMaxSize, resolveSize, toContentSize } from '../box-model.js';
import { heightForWidth, ratioOf, ratioWidth } from '../aspect-ratio.js';
import type { BlockFrame, ChildrenResult } from './flow.js';
import { layoutBlockChildren } from './flow.js';
import { layoutLines } from './lines.js';
import { trimmedLines } from './text-box-trim.js';
import { outsideMarkerLine, placeOutsideMarker } from './marker.js';
import type { InlineLine } from '../inline/index.js';
import { NO_EXCLUSIONS, floatsBottom } from '../exclusions.js';
import { relativeTo } from '../fragment.js';
import { blockContentOffset } from './alignment.js';
import { establishesBfc } from '../formatting-context-root.js';
import { clampLines, withEllipsisOnLastLine } from './line-clamp.js';
import { avoidsBreak, clonedRoom, forcedBreakOf } from '../break-token.js';
import type { PlacedLegend } from './fieldset.js';
import { placeLegend } from './fieldset.js';
import { rubyBaseSpread, withRubyText } from './ruby-text.js';
import { relayoutCost, spendRelayout } from '../relayout-budget.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';

/**
 * The containing height a block of auto height passes to its content's percentages: an anonymous
 * block's container's (percentages that would refer to it refer to its container, CSS2
 * §9.2.1.1: a logo at `height: 100%` beside a block caption), in quirks mode any block's.
 */
function inheritedPercentageBasis(box: LayoutBox, containingHeight: number | undefined, ctx: LayoutContext): number | undefined {
  if (box.kind === 'block' && box.element === undefined && box.pseudo === undefined) return containingHeight;
  return percentageBasisQuirk(box, containingHeight, ctx);
}

/**
 * Lays out `content` (a block container; for flex, grid and table boxes not built yet, a block
 * view of their items) as the box `box`, whose identity the fragment keeps.
 */
export function layoutBlock(box: LayoutBox, content: BlockBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = cellHeightQuirk(sizingStyle(box, input), ctx);
  const continued = resume !== undefined;
  const bfc = input.formattingContextRoot === true || establishesBfc(box);
  const h = horizontalMetrics(box, input);
  const top = topEdge(box, input, h, { continued, bfc, quirkyTop: hasQuirkyTopMargin(box.style, ctx) });
  const legend = content.legend === undefined || continued ? undefined : placeLegend(content.legend, {
    mode: input.mode, borderTop: top.borderTopIfSeparated, borderLeft: input.x + h.marginLeft, borderWidth: top.border,
    contentX: input.x + h.marginLeft + h.border.left + h.padding.left, contentWidth: h.contentWidth, containingHeight: input.containingHeight, direction: box.style.direction,
  }, ctx);
  const edgesY = h.border.top + h.border.bottom + h.padding.top + h.padding.bottom;
  const ratioHeight = heightFromRatio(box, input, h, edgesY);
  const contentX = input.x + h.marginLeft + h.border.left + h.padding.left;
  const clone = style.boxDecorationBreak === 'clone';
  const clamp = box.kind === 'block' && style.maxLines !== 'none' ? style.maxLines : undefined;
  // its content is cut at the page end, the rest discarded (CSS Overflow 4 §5.1): the box ends on this page
  const discard = box.kind === 'block' && style.continue === 'discard' && input.fragmentainer !== undefined;
  const room = contentRoom(input.fragmentainer, h, clone || discard, clamp !== undefined && !discard);
  const marker = content.marker !== undefined && !continued ? outsideMarkerLine(content.marker, ctx) : undefined;
  const frame: BlockFrame = rubyBaseColumn({
    box: content, contentX, contentWidth: h.contentWidth,
    containingHeight: input.fixedHeight !== undefined && input.fixedHeightIndefinite !== true ? Math.max(0, input.fixedHeight - edgesY) : ratioHeight ?? definiteContentHeight(style, input.containingHeight, edgesY) ?? inheritedPercentageBasis(box, input.containingHeight, ctx),
    mode: input.mode,
    // below a legend taller than the border: its excess is part of the content height (a `height` includes it, as in Chromium)
    y: legend === undefined ? top.contentStart : top.contentStart + legend.below,
    strut: childrenStrut(top, isQuirkyContainer(box, ctx)),
    fragmentainer: room === undefined ? undefined : { ...room, discardTopMargins: top.discard && (continued || !top.separates) },
    exclusions: bfc ? NO_EXCLUSIONS : input.exclusions,
    markerAscent: continued ? undefined : maxAscent(marker?.baseline, inheritedMarkerAscent(input, top)),
  }, continued, ctx);
  // Only the box's own height continues here: its content was all laid out on earlier pages.
  const heightOnly = resume !== undefined && content.inlineContent && resume.kind === 'block';
  const childrenOf: ChildrenRequest = { content: frame.box, ctx, resume, heightOnly, clamp, style };
  const laidChildren = discard ? discardedAfterBreak(layChildren(frame, childrenOf), style, ctx) : layChildren(frame, childrenOf);
  // (no page: nothing to keep above the block-end edges)
  const laidFlow = clone || discard || frame.fragmentainer === undefined ? laidChildren
    : withBlockEndEdges(laidChildren, frame, { style, edges: h.padding.bottom + h.border.bottom, containingHeight: input.containingHeight, edgesY, separatesTop: top.separates }, childrenOf);
  const flow = isQuirkyContainer(box, ctx) ? { ...laidFlow, strut: withoutQuirky(laidFlow.strut) } : laidFlow;
  const children = legend === undefined ? flow : withLegend(flow, legend);
  if (children.pushed && !(input.fragmentainer?.atTop ?? true)) return { kind: 'pushed' };

  const { breakToken, broken, bottom, vertical, autoHeight, contentHeight } = settleBlockEnd({
    box, content, input, style, h, top, children, resume, bfc, clone, edgesY, ratioHeight, frameContainingHeight: frame.containingHeight, quirkyBottom: hasQuirkyBottomMargin(box.style, ctx),
    fillsPage: extendsToEnd(input.fragmentainer), markerHeight: emptyItemMarker(marker, children),
  });
  const borderBottom = vertical.contentTop + contentHeight + bottom.padding + bottom.border;
  const shift = broken || continued ? 0 : blockContentOffset(style.alignContent, contentHeight - autoHeight);
  if (overflowsUnsplittably(box, borderBottom, input, children, clamp !== undefined)) return { kind: 'pushed' };
  const x = input.x + h.marginLeft;
  const y = vertical.borderTop;
  let fragment: BoxFragment = boxFragment({
    box, style,
    x, y,
    width: h.contentWidth + h.border.left + h.border.right + h.padding.left + h.padding.right,
    height: borderBottom - y,
    // the used edges themselves when no break sliced them (most blocks): two records fewer per block
    border: top.border === h.border.top && bottom.border === h.border.bottom ? h.border : { top: top.border, right: h.border.right, bottom: bottom.border, left: h.border.left },
    padding: top.padding === h.padding.top && bottom.padding === h.padding.bottom ? h.padding : { top: top.padding, right: h.padding.right, bottom: bottom.padding, left: h.padding.left },
    children: relativeTo(children.fragments, x, y - shift),
    continuedBefore: continued, continuedAfter: broken,
  });
  if (legend !== undefined) fragment = withBoxFields(fragment, { legendGap: legend.gap });
  if (content.ruby !== undefined && !continued) {
    fragment = withRubyText(fragment, content.ruby.text, children.baselines.first === undefined ? undefined : children.baselines.first + shift - y, input.mode, ctx);
  }
  if (marker !== undefined) {
    const firstBaseline = children.baselines.first === undefined ? undefined : children.baselines.first + shift - y;
    fragment = placeOutsideMarker(fragment, marker, { contentTop: vertical.contentTop + shift - y, firstBaseline });
  }
  return {
    kind: 'placed',
    fragment,
    endY: vertical.resolvedAt === undefined ? input.y : borderBottom,
    strut: vertical.strut,
    resolvedAt: vertical.resolvedAt,
    baselines: movedBaselines(children.baselines, shift - y),
    breakToken,
    forcedBreakAfter: forcedBreakOf(style.breakAfter),
    exclusions: bfc ? input.exclusions : children.exclusions,
    positioned: children.positioned,
    pageContent: children.pageContent,
  };
}

/** What laying a block's children out needs besides the frame (one record per block, not a closure). */
interface ChildrenRequest {
  readonly content: BlockBox;
  readonly ctx: LayoutContext;
  readonly resume: BreakToken | undefined;
  /** Only the box's own height continues: its content was all laid out on earlier pages. */
  readonly heightOnly: boolean;
  readonly clamp: number | undefined;
  readonly style: ComputedStyle;
}

/** The fieldset's children with its rendered legend first (painted, and in a tagged PDF's order, before them). */
function withLegend(children: ChildrenResult, legend: PlacedLegend): ChildrenResult {
  return {
    ...children,
    fragments: [legend.fragment, ...children.fragments],
    positioned: legend.positioned.length === 0 ? children.positioned : [...legend.positioned, ...children.positioned],
    pageContent: legend.pageContent.length === 0 ? children.pageContent : [...legend.pageContent, ...children.pageContent],
  };
}

/** The block's children laid out in `room`: its lines or its block children, clamped by `max-lines`. */
/**
 * A ruby pair's frame with its base aligned by `ruby-align` (ruby-text.ts); any other block's
 * frame as it is — the same object, so that the frame of every block keeps its one hidden class
 * (a frame spread from a helper's record made the report bench 25-40 % slower in steady state).
 */
function rubyBaseColumn(frame: BlockFrame, continued: boolean, ctx: LayoutContext): BlockFrame {
  const base = continued ? undefined : rubyBaseSpread(frame.box, frame.contentWidth, ctx);
  return base === undefined ? frame : { ...frame, box: base.box, contentX: frame.contentX + base.inset, contentWidth: base.width };
}

function layChildren(room: BlockFrame, request: ChildrenRequest): ChildrenResult {
  const { content, ctx, resume } = request;
  const laid = request.heightOnly ? noChildren(room)
    : content.inlineContent ? (content.textBoxTrim === undefined ? layoutLines : trimmedLines)(room, content, ctx, resume) : layoutBlockChildren(room, content, ctx, resume);
  return clampedChildren(laid, request.clamp, request.style, ctx);
}

/** What settling a block's end needs: the box, its run, its measured edges and its laid-out children. */
interface BlockEndInput {
  readonly box: LayoutBox;
  readonly content: BlockBox;
  readonly input: LayoutInput;
  readonly style: ComputedStyle;
  readonly h: HorizontalMetrics;
  readonly top: TopEdge;
  readonly children: ChildrenResult;
  readonly resume: BreakToken | undefined;
  readonly bfc: boolean;
  readonly clone: boolean;
  readonly edgesY: number;
  readonly ratioHeight: number | undefined;
  readonly frameContainingHeight: number | undefined;
  /** Broken, it extends to the page end (its content ran out of room, or moved on with its bottom edges). */
  readonly fillsPage: boolean;
  /** Its bottom margin is a quirky one (quirks.ts). */
  readonly quirkyBottom: boolean;
  /** A list item without a line of its own: the height of the line its outside marker makes (marker.ts), else 0. */
  readonly markerHeight: number;
}

interface BlockEnd {
  readonly breakToken: BreakToken | undefined;
  readonly broken: boolean;
  readonly bottom: { readonly border: number; readonly padding: number; readonly margin: number };
  readonly vertical: VerticalPosition;
  readonly autoHeight: number;
  readonly contentHeight: number;
}

/**
 * The block's end on this page: whether it continues (its content, or only its height), its
 * bottom edges, its vertical position and its content height.
 */
/**
 * The height of the line an outside marker makes in a list item with no line of its own (an
 * empty `<li>`, one holding an empty block), else 0: the item is that tall, as in Chromium, where
 * each empty item's marker stands on a line of its own instead of over the next item's. Not in
 * an item whose content goes on after a break (its marker goes with its first line).
 */
function emptyItemMarker(marker: InlineLine | undefined, children: ChildrenResult): number {
  if (marker === undefined || children.baselines.first !== undefined || children.breakToken !== undefined) return 0;
  return marker.height;
}

/**
 * The ascent the marker of an enclosing item asks of this box's first line: Chromium moves the
 * item's child holding that line down until its first baseline is that far below its border
 * edge; here the line goes down inside it, to the same place, by as much less as the child's
 * border and padding already give.
 */
function inheritedMarkerAscent(input: LayoutInput, top: TopEdge): number | undefined {
  return input.markerAscent === undefined ? undefined : input.markerAscent - top.border - top.padding;
}

/** The larger of two ascents asked of the first line, either possibly absent. */
function maxAscent(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

function settleBlockEnd(b: BlockEndInput): BlockEnd {
  const { box, content, input, style, children, resume, bfc, edgesY, ratioHeight } = b;
  // A formatting context root whose floats continue continues too (it contains them, §10.6.7).
  let breakToken = bfc && children.breakToken?.atBlockEnd === true ? { ...children.breakToken, atBlockEnd: undefined } : children.breakToken;
  // Only its floats continue here: its edges were all on an earlier page.
  const tail = resume?.atBlockEnd === true;
  // The content height its earlier fragments took (CSS Fragmentation 3 §4.4: a `height` or `min-height` spans the fragments).
  const consumed = resume?.consumed ?? 0;
  let broken = breakToken !== undefined && breakToken.atBlockEnd !== true;
  if (broken && endsClippedHere(b, consumed, tail)) {
    // its height ends on this page and it clips what runs past it: the rest of its content is not continued (as Chromium)
    breakToken = undefined;
    broken = false;
  }
  let bottom = bottomEdges(b, broken, tail);
  let vertical = verticalOf(b, broken, bottom);

  // A formatting context root grows to contain its floats (CSS2 §10.6.7).
  const floatsEnd = bfc ? floatsBottom(children.exclusions, 'both') : -Infinity;
  // Size containment lays the box out as if it were empty, or as tall as contain-intrinsic-height (CSS Containment 2 §3.1-§3.3).
  let autoHeight = style.contain.size ? containedHeight(style) : Math.max(b.markerHeight, Math.max(vertical.contentBottom, floatsEnd) - vertical.contentTop);
  let contentHeight = input.fixedHeight !== undefined ? Math.max(0, input.fixedHeight - edgesY)
    : broken ? brokenHeight(style, { consumed, autoHeight, room: roomLeft(b, vertical), fill: b.fillsPage, containingHeight: input.containingHeight, edgesY })
      : tail ? autoHeight
        : ratioHeight !== undefined ? Math.max(0, withContentMinimum(style, ratioHeight, consumed + autoHeight, input.containingHeight, edgesY) - consumed)
          : Math.max(0, clampHeight(style, consumed + autoHeight, input.containingHeight, edgesY, consumed + autoHeight) - consumed);
  // a cell's height is only its minimum: it grows to its content (CSS2 §17.5.3)
  if (style.display === 'table-cell' && !broken && !tail) contentHeight = Math.max(contentHeight, autoHeight);
  if (!broken && !tail && input.fixedHeight === undefined && carriesHeightOver(box, input, ratioHeight !== undefined, vertical.contentTop, vertical.contentTop + contentHeight)
    && leavesRoom(b)) {
    // Its height runs past a page it starts at the top of: the rest continues on the next pages.
    broken = true;
    bottom = bottomEdges(b, true, tail);
    vertical = verticalOf(b, true, bottom);
    autoHeight = style.contain.size ? containedHeight(style) : Math.max(b.markerHeight, Math.max(vertical.contentBottom, floatsEnd) - vertical.contentTop);
    contentHeight = Math.max(autoHeight, roomLeft(b, vertical));
    breakToken = breakToken === undefined ? { kind: 'block', box: content, children: [], next: content.inlineContent ? 0 : content.children.length } : { ...breakToken, atBlockEnd: undefined };
  }
  // only a box whose own height or min-height spans fragments counts what they consumed
  if (broken && breakToken !== undefined && (ratioHeight !== undefined || clampHeight(style, 0, input.containingHeight, edgesY) > 0)) breakToken = { ...breakToken, consumed: consumed + contentHeight };
  return { breakToken, broken, bottom, vertical, autoHeight, contentHeight };
}

/**
 * Whether a box that clips its overflow in the block axis at a definite `height` ends on this
 * page: the rest of its height fits here. What its content has beyond is clipped, so the page
 * does not continue it (dispatch lays such boxes of other kinds out whole).
 */
function endsClippedHere(b: BlockEndInput, consumed: number, tail: boolean): boolean {
  const style = b.style;
  // a percentage height of an indefinite containing block behaves as auto (CSS2 §10.5): the box grows with its content
  if (style.overflowY === 'visible' || b.input.fixedHeight !== undefined || resolveSize(style.height, b.input.containingHeight) === undefined) return false;
  const height = clampHeight(style, 0, b.input.containingHeight, b.edgesY);
  return height - consumed <= roomLeft(b, verticalOf(b, true, bottomEdges(b, true, tail))) + 0.01;
}

type BottomEdges = BlockEnd['bottom'];

/** The block's bottom border, padding and margin; `tail`: only its floats continue here. Module functions, not closures made per block. */
function bottomEdges(b: BlockEndInput, broken: boolean, tail: boolean): BottomEdges {
  // box-decoration-break: clone keeps the border and padding at every break (margins are still truncated)
  const cutBottom = (broken || tail) && !b.clone;
  return {
    border: cutBottom ? 0 : b.h.border.bottom,
    padding: cutBottom ? 0 : b.h.padding.bottom,
    margin: broken || tail ? 0 : marginOrZero(b.style.marginBottom, b.input.containingWidth),
  };
}

function verticalOf(b: BlockEndInput, broken: boolean, bottom: BottomEdges): VerticalPosition {
  const style = b.style;
  const bottomEdge = bottom.border > 0 || bottom.padding > 0 || b.bfc || broken;
  const separatesBottom = bottomEdge || !isAutoHeight(style.height);
  // a used height of zero lets the margins collapse through an empty box whatever its `height`
  // (`height: 0`, `max-height: 0`: CSS2 §8.3.1, and Chromium); an aspect-ratio gives an empty box
  // a height of its own, and so does its marker's line an empty list item: the margins no longer meet through it
  const mayCollapseThrough = !bottomEdge && clampHeight(style, 0, b.frameContainingHeight, b.edgesY) === 0 && ratioOf(style) === undefined && b.markerHeight === 0;
  return resolveVerticalPosition(b.input, b.top, b.children, { separatesBottom, broken, mayCollapseThrough, marginBottom: bottom.margin, quirky: b.quirkyBottom });
}

/**
 * Whether a box broken here keeps room for its own height on this page, or may find some on the
 * next. A box resumed at the top of a page with no room at all (the cloned padding and borders
 * around it as tall as the page) would find the same on every page: it ends here instead, the
 * rest of its height overflowing. Its first fragment still breaks: edges that are sliced, above
 * it, are not repeated, and the next page may hold it.
 */
function leavesRoom(b: BlockEndInput): boolean {
  if (b.resume === undefined || b.input.fragmentainer?.atTop !== true) return true;
  return roomLeft(b, verticalOf(b, true, bottomEdges(b, true, false))) > 0;
}

/** The room left on the page for the content of a box that breaks (it extends to the page end, CSS Fragmentation 3 §5.3). */
function roomLeft(b: BlockEndInput, vertical: VerticalPosition): number {
  const page = b.input.fragmentainer;
  return page === undefined ? Infinity : bottomAt(page, vertical.contentTop) - vertical.contentTop - (b.clone ? b.h.padding.bottom + b.h.border.bottom : 0);
}

function horizontalMetrics(box: LayoutBox, input: LayoutInput): HorizontalMetrics {
  const available = typeof input.available === 'number' ? input.available : input.containingWidth;
  const direction = input.containingDirection ?? box.style.direction;
  const edges = boxEdges(box.style, input.containingWidth);
  const fixed = ratioWidth(sizingStyle(box, input), input, edges);
  const content = fixed === undefined ? undefined : Math.max(0, fixed - edges.x);
  return blockHorizontalMetrics(box.style, { containingWidth: input.containingWidth, available, direction, align: input.containingAlign }, content);
}

/** The content height the aspect ratio gives an auto height (CSS Sizing 4 §5.2), min/max-height applied. */
function heightFromRatio(box: LayoutBox, input: LayoutInput, h: HorizontalMetrics, edgesY: number): number | undefined {
  const style = sizingStyle(box, input);
  const ratio = ratioOf(style);
  if (ratio === undefined || !isAutoHeight(style.height) || input.fixedHeight !== undefined) return undefined;
  const edgesX = h.border.left + h.border.right + h.padding.left + h.padding.right;
  const height = heightForWidth(style, ratio, h.contentWidth + edgesX, { x: edgesX, y: edgesY }) - edgesY;
  return clampHeight(style, Math.max(0, height), input.containingHeight, edgesY);
}

/**
 * A box sized by its aspect ratio still grows to fit its content, up to its own max-height (the
 * automatic minimum size is the min-content size capped by the maximum size, CSS Sizing 4 §5.2),
 * unless it scrolls; an absolutely positioned one too, as in Chromium 156.
 */
function withContentMinimum(style: LayoutBox['style'], ratioHeight: number, contentHeight: number, containingHeight: number | undefined, edgesY: number): number {
  if (style.overflowY !== 'visible') return ratioHeight;
  const max = resolveMaxSize(style.maxHeight, containingHeight);
  const cap = max === Infinity ? Infinity : toContentSize(max, style, edgesY);
  return Math.max(ratioHeight, Math.min(contentHeight, cap));
}

/** The top edge of a block on this page: sliced after a break, margins truncated at a page top. */
interface TopEdge {
  readonly border: number;
  readonly padding: number;
  /** Incoming margins plus the box's own top margin. */
  readonly strut: MarginStrut;
  /** Border, padding or a new formatting context keep the children's margins inside. */
  readonly separates: boolean;
  /** Where the content starts if the top is separated (else the incoming position). */
  readonly contentStart: number;
  readonly borderTopIfSeparated: number;
  readonly discard: boolean;
}

function topEdge(box: LayoutBox, input: LayoutInput, h: HorizontalMetrics, how: { readonly continued: boolean; readonly bfc: boolean; readonly quirkyTop: boolean }): TopEdge {
  const { continued, bfc } = how;
  const cut = continued && box.style.boxDecorationBreak !== 'clone';
  const border = cut ? 0 : h.border.top;
  const padding = cut ? 0 : h.padding.top;
  const discard = input.fragmentainer !== undefined && input.fragmentainer.discardTopMargins && input.fragmentainer.atTop;
  const ownTop = continued || discard ? 0 : marginOrZero(box.style.marginTop, input.containingWidth);
  const strut = discard ? EMPTY_STRUT : addMargin(input.strut, ownTop, how.quirkyTop);
  const separates = border > 0 || padding > 0 || bfc || continued || (box.kind === 'block' && box.resumesAfterSpanner === true);
  const borderTopIfSeparated = input.y + collapsedMargin(strut);
  return {
    border, padding, strut, separates, discard, borderTopIfSeparated,
    contentStart: separates ? borderTopIfSeparated + border + padding : input.y,
  };
}

/**
 * The margins the first child's collapse with: none past a separated top. In quirks mode `body`
 * and table cells start their content "at a quirky container's start" (../margins.ts).
 */
function childrenStrut(top: TopEdge, quirkyContainer: boolean): MarginStrut {
  const strut = top.separates ? EMPTY_STRUT : top.strut;
  return quirkyContainer ? atQuirkyStart(strut) : strut;
}

interface VerticalPosition {
  readonly borderTop: number;
  readonly contentTop: number;
  readonly contentBottom: number;
  /** Margins pending below the box. */
  readonly strut: MarginStrut;
  /** undefined when the box collapsed through. */
  readonly resolvedAt: number | undefined;
}

/**
 * Where the box's border box starts and its content ends once its children are laid out
 * (CSS2 §8.3.1): a separated top resolves the margins above it; otherwise the first child that
 * resolved them fixes the box's top; an empty box either sits below all the collapsed margins
 * or lets them collapse through it.
 */
function resolveVerticalPosition(
  input: LayoutInput,
  top: TopEdge,
  children: ChildrenResult,
  bottom: { readonly separatesBottom: boolean; readonly broken: boolean; readonly mayCollapseThrough: boolean; readonly marginBottom: number; readonly quirky: boolean },
): VerticalPosition {
  if (top.separates || children.resolvedAt !== undefined) {
    const borderTop = top.separates ? top.borderTopIfSeparated : children.resolvedAt!;
    return {
      borderTop,
      contentTop: top.separates ? top.contentStart : borderTop,
      // the margins below the last child before a break are truncated there (CSS Fragmentation 3 §5.2)
      contentBottom: bottom.separatesBottom && !bottom.broken ? children.endY + collapsedMargin(children.strut) : children.endY,
      strut: addMargin(bottom.separatesBottom ? EMPTY_STRUT : children.strut, bottom.marginBottom, bottom.quirky),
      resolvedAt: borderTop,
    };
  }
  if (!bottom.mayCollapseThrough) {
    const borderTop = input.y + collapsedMargin(children.strut);
    return { borderTop, contentTop: borderTop, contentBottom: borderTop, strut: addMargin(EMPTY_STRUT, bottom.marginBottom, bottom.quirky), resolvedAt: borderTop };
  }
  const borderTop = input.y + collapsedMargin(top.strut);
  return { borderTop, contentTop: borderTop, contentBottom: borderTop, strut: addMargin(children.strut, bottom.marginBottom, bottom.quirky), resolvedAt: undefined };
}

/**
 * The content height of a fragment whose content continues on the next page: a `height` or
 * `min-height` still to be used extends it to the page end (CSS Fragmentation 3 §5.3), an auto
 * height is its content; a fixed height already used up leaves the content overflowing it.
 */
function brokenHeight(style: ComputedStyle, at: { readonly consumed: number; readonly autoHeight: number; readonly room: number; readonly fill: boolean; readonly containingHeight: number | undefined; readonly edgesY: number }): number {
  const specified = clampHeight(style, 0, at.containingHeight, at.edgesY);
  const left = Math.max(0, Math.min(specified - at.consumed, at.room));
  // a percentage of an indefinite containing block's height behaves as auto (CSS2 §10.5)
  return resolveSize(style.height, at.containingHeight) === undefined ? Math.max(at.autoHeight, left, at.fill ? at.room : 0) : left;
}

/**
 * A box whose own `height`, `min-height` or `aspect-ratio` takes its content box past the end of
 * the page breaks there, wherever it starts and whether it holds content or not (CSS
 * Fragmentation 3 §4.4), as Chromium prints it: a Google Docs export's empty 11pt paragraph at a
 * page end, a figure's placeholder box in a float. (WeasyPrint moves an empty box, or one with a
 * fixed height below a page top, to the next page whole; `break-inside: avoid` still does, in the
 * flow that holds it.) A box that clips its overflow ends where its height does (endsClippedHere).
 * A line-clamped box, table parts and boxes in columns stay whole as before (monolithic, §4.1, or
 * broken by their own layout).
 */
function carriesHeightOver(box: LayoutBox, input: LayoutInput, ratioSized: boolean, contentTop: number, contentBottom: number): boolean {
  const page = input.fragmentainer;
  if (page === undefined || input.mode !== 'layout') return false;
  const style = sizingStyle(box, input);
  if (style.maxLines !== 'none' || box.kind !== 'block') return false;
  // in a column, one that avoids breaks inside stays whole: a row of columns that cannot start
  // below a spanner then moves its container (multicol/flow.ts), as in Chromium
  if (page.column === true && avoidsBreak(style.breakInside, true)) return false;
  // table cells and captions break with their rows
  if (box.outer === 'inline' || style.display.startsWith('table')) return false;
  // the content box itself runs past the page (bottom padding and border alone never carry over)
  if (!ratioSized && clampHeight(style, 0, input.containingHeight, 0) === 0) return false;
  // a box that starts at the page end leaves nothing of its height there: below the top it moves
  // to the next page (overflowsUnsplittably), as in Chromium, rather than leave an empty piece
  if (!page.atTop && contentTop >= bottomAt(page, contentTop) - 0.01) return false;
  return contentBottom > bottomAt(page, contentBottom) + 0.01;
}

/** The children of a box whose content is all laid out already (only its height continues). */
function noChildren(frame: BlockFrame): ChildrenResult {
  return {
    fragments: [], endY: frame.y, strut: EMPTY_STRUT, resolvedAt: undefined, breakToken: undefined, pushed: false,
    exclusions: frame.exclusions, baselines: { first: undefined, last: undefined }, positioned: [], pageContent: [],
  };
}

/**
 * A box that ends past the page and has not broken there (one that clips its content, a table
 * part, a box in a column: carriesHeightOver) moves to the next page as a whole. Boxes whose
 * content or height was split already carry their own break token.
 */
function overflowsUnsplittably(box: LayoutBox, borderBottom: number, input: LayoutInput, children: ChildrenResult, whole: boolean): boolean {
  const page = input.fragmentainer;
  if (page === undefined || page.atTop || children.breakToken !== undefined) return false;
  if (borderBottom <= page.bottom + 0.01) return false;
  return whole || children.fragments.length === 0 || !isAutoHeight(sizingStyle(box, input).height);
}

/**
 * The fragmentainer the content is laid out in: none for a clamped box (laid out whole, then cut
 * after its lines: line-clamp.ts), above the bottom padding and border for one that draws them at
 * every break (`box-decoration-break: clone`) or ends at the page end (`continue: discard`).
 */
function contentRoom(page: Fragmentainer | undefined, h: HorizontalMetrics, aboveEdges: boolean, clamped: boolean): Fragmentainer | undefined {
  if (page === undefined || clamped) return undefined;
  return aboveEdges ? clonedRoom(page, h.padding.bottom + h.border.bottom) : page;
}

/**
 * The children of a `continue: discard` box (CSS Overflow 4 §5.1) cut at the page end: what
 * continues is dropped instead of resumed on the next page, and the last line kept ends with
 * `block-ellipsis` (as the clamp's last line does: line-clamp.ts). A break where only floats
 * continue cuts no line: it is dropped without an ellipsis.
 */
function discardedAfterBreak(children: ChildrenResult, style: ComputedStyle, ctx: LayoutContext): ChildrenResult {
  if (children.breakToken === undefined || children.pushed) return children;
  const fragments = children.breakToken.atBlockEnd === true ? children.fragments : withEllipsisOnLastLine(children.fragments, style, establishesBfc, ctx.text);
  return { ...children, fragments, breakToken: undefined };
}

/**
 * The block-end padding and border stay with the content above them (as in Chromium): between
 * the last child and the block's bottom padding there is no break opportunity (CSS Fragmentation
 * 3 §4.1 class C needs a gap), so content that fits but leaves no room for them is laid out
 * again above them, and the last lines or children go with them to the next page (Blink's
 * fragmentation_utils.cc `FinishFragmentation` keeps breaking before them as a last resort only).
 * When even that leaves no room — the edges taller than what is left of a page — the block moves
 * to the next page, and at a page top it overflows as before.
 */
function withBlockEndEdges(
  children: ChildrenResult, frame: BlockFrame,
  box: { readonly style: ComputedStyle; readonly edges: number; readonly containingHeight: number | undefined; readonly edgesY: number; readonly separatesTop: boolean },
  childrenOf: ChildrenRequest,
): ChildrenResult {
  const page = frame.fragmentainer;
  if (page === undefined || box.edges === 0 || !isAutoHeight(box.style.height)) return children;
  // Where the complete content ends with its last margin (inside the box), or undefined when it fits with the edges.
  const overflowing = (laid: ChildrenResult): number | undefined => {
    if (laid.pushed || laid.breakToken !== undefined) return undefined;
    const contentTop = box.separatesTop ? frame.y : laid.resolvedAt ?? frame.y;
    const autoHeight = Math.max(0, laid.endY + collapsedMargin(laid.strut) - contentTop);
    const contentHeight = clampHeight(box.style, autoHeight, box.containingHeight, box.edgesY, autoHeight);
    return contentTop + contentHeight + box.edges <= bottomAt(page, contentTop) + 0.01 ? undefined : collapsedMargin(laid.strut);
  };
  let laid = children;
  // First above the edges; then, if the last child still fits only without its bottom margin, above that margin too.
  for (let step = 0; step < 2; step++) {
    const trailing = overflowing(laid);
    if (trailing === undefined) return laid;
    // no margin to make room for: the same room as the step before
    if (step === 1 && trailing <= 0.01) return laid;
    const room = clonedRoom(page, box.edges + (step === 0 ? 0 : Math.max(0, trailing)));
    if (page.atTop && room.bottom <= frame.y + 0.01) return children;
    if (!spendRelayout(childrenOf.ctx, 'block-end edges', childrenOf.content.element, relayoutCost(laid.fragments))) return laid;
    const above = layChildren({ ...frame, fragmentainer: room }, childrenOf);
    if (above.pushed && page.atTop) return children;
    laid = above;
  }
  return laid;
}

/** Baselines `by` px lower. */
function movedBaselines(baselines: Baselines, by: number): Baselines {
  const moved = (at: number | undefined): number | undefined => (at === undefined ? undefined : at + by);
  return { first: moved(baselines.first), last: moved(baselines.last), inlineBlockLast: moved(baselines.inlineBlockLast) };
}

/** The children of a `max-lines` (`line-clamp`) box, cut after its lines (line-clamp.ts); as laid out when they are fewer or it has none. */
function clampedChildren(children: ChildrenResult, lines: number | undefined, style: ComputedStyle, ctx: LayoutContext): ChildrenResult {
  if (lines === undefined) return children;
  const clamped = clampLines(children.fragments, lines, style, establishesBfc, ctx.text);
  if (clamped === undefined) return children;
  // the content ends at the line: no margin below it collapses through the box's bottom, nothing continues on a next page
  return { ...children, fragments: clamped.fragments, endY: clamped.endY, strut: EMPTY_STRUT, baselines: { first: children.baselines.first, last: clamped.lastBaseline }, breakToken: undefined };
}

function containedHeight(style: ComputedStyle): number {
  return style.containIntrinsicHeight === 'none' ? 0 : style.containIntrinsicHeight;
}
