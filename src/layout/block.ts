/**
 * Block formatting (CSS2 §9.4.1, §10.3.3, §10.6.3) with margin collapsing (§8.3.1) and
 * fragmentation across pages (CSS Fragmentation 3): `layoutBlockLevel(box, input, ctx, resume)`
 * returns the box's fragment on this page and a break token to resume it on the next.
 */
import type { BlockBox, Box, ReplacedBox } from '../boxes/types.js';
import type { BreakValue } from '../css/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { LayoutContext } from './context.js';
import type { BreakToken, LayoutInput, LayoutResult } from './flow.js';
import type { MarginStrut } from './margins.js';
import { EMPTY_STRUT, addMargin, collapsedMargin } from './margins.js';
import type { HorizontalMetrics } from './box-model.js';
import { blockHorizontalMetrics, clampHeight, definiteContentHeight, marginOrZero } from './box-model.js';
import { layoutLines } from './block-lines.js';
import { layoutBlockReplaced } from './block-replaced.js';
import { placeOutsideMarker } from './marker.js';

export function layoutBlockLevel(box: BlockBox | ReplacedBox, input: LayoutInput, ctx: LayoutContext, resume?: BreakToken): LayoutResult {
  if (box.kind === 'replaced') return layoutBlockReplaced(box, input, ctx);
  return layoutBlock(box, input, ctx, resume);
}

/** Does the box start a new block formatting context (CSS2 §9.4.1)? Its margins then never collapse with its children's. */
export function establishesBfc(box: BlockBox): boolean {
  const style = box.style;
  return box.outer === 'inline' || style.display === 'flow-root' || style.overflowX !== 'visible' || style.overflowY !== 'visible'
    || style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed' || box.element?.name === 'html';
}

/** Content of a block on one page. */
export interface ChildrenResult {
  readonly fragments: readonly Fragment[];
  /** Absolute y after the last child's border box (before its pending margins). */
  readonly endY: number;
  readonly strut: MarginStrut;
  readonly resolvedAt: number | undefined;
  readonly breakToken: BreakToken | undefined;
  readonly pushed: boolean;
}

interface BlockFrame {
  readonly box: BlockBox;
  readonly contentX: number;
  readonly contentWidth: number;
  readonly containingHeight: number | undefined;
  readonly input: LayoutInput;
}

function layoutBlock(box: BlockBox, input: LayoutInput, ctx: LayoutContext, resume: BreakToken | undefined): LayoutResult {
  const style = box.style;
  const continued = resume !== undefined;
  const h = blockHorizontalMetrics(style, input.containingWidth, input.fixedContentWidth);
  const top = topEdge(box, input, h, continued);
  const edgesY = h.border.top + h.border.bottom + h.padding.top + h.padding.bottom;
  const frame: BlockFrame = {
    box,
    contentX: input.x + h.marginLeft + h.border.left + h.padding.left,
    contentWidth: h.contentWidth,
    containingHeight: definiteContentHeight(style, input.containingHeight, edgesY),
    input: {
      ...input,
      fixedContentWidth: undefined,
      y: top.contentStart,
      strut: top.separates ? EMPTY_STRUT : top.strut,
      discardTopMargins: top.discard && (continued || !top.separates),
    },
  };
  const children = box.inlineContent ? layoutLines(frame, ctx, resume) : layoutBlockChildren(frame, ctx, resume);
  if (children.pushed && !input.atPageTop) return { kind: 'pushed' };

  const broken = children.breakToken !== undefined;
  const bottom = {
    border: broken ? 0 : h.border.bottom,
    padding: broken ? 0 : h.padding.bottom,
    margin: broken ? 0 : marginOrZero(style.marginBottom, input.containingWidth),
  };
  const separatesBottom = bottom.border > 0 || bottom.padding > 0 || establishesBfc(box) || broken || style.height !== 'auto';
  const mayCollapseThrough = !separatesBottom && clampHeight(style, 0, frame.containingHeight, edgesY) === 0;
  const vertical = resolveVerticalPosition(input, top, children, { separatesBottom, mayCollapseThrough, marginBottom: bottom.margin });

  const autoHeight = Math.max(0, vertical.contentBottom - vertical.contentTop);
  const contentHeight = broken ? autoHeight : clampHeight(style, autoHeight, input.containingHeight, edgesY);
  const borderBottom = vertical.contentTop + contentHeight + bottom.padding + bottom.border;
  if (overflowsUnsplittably(box, borderBottom, input, children)) return { kind: 'pushed' };
  let fragment: BoxFragment = {
    kind: 'box', box, style,
    x: input.x + h.marginLeft, y: vertical.borderTop,
    width: h.contentWidth + h.border.left + h.border.right + h.padding.left + h.padding.right,
    height: borderBottom - vertical.borderTop,
    border: { top: top.border, right: h.border.right, bottom: bottom.border, left: h.border.left },
    padding: { top: top.padding, right: h.padding.right, bottom: bottom.padding, left: h.padding.left },
    children: children.fragments,
    continuedBefore: continued, continuedAfter: broken,
  };
  if (box.marker !== undefined && !continued) fragment = placeOutsideMarker(fragment, box.marker, frame.contentX, vertical.contentTop, ctx);
  return {
    kind: 'placed',
    fragment,
    endY: vertical.resolvedAt === undefined ? input.y : borderBottom,
    strut: vertical.strut,
    resolvedAt: vertical.resolvedAt,
    breakToken: children.breakToken,
    forcedBreakAfter: isForcedBreak(style.breakAfter),
  };
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

function topEdge(box: BlockBox, input: LayoutInput, h: HorizontalMetrics, continued: boolean): TopEdge {
  const border = continued ? 0 : h.border.top;
  const padding = continued ? 0 : h.padding.top;
  const discard = input.discardTopMargins && input.atPageTop;
  const ownTop = continued || discard ? 0 : marginOrZero(box.style.marginTop, input.containingWidth);
  const strut = discard ? EMPTY_STRUT : addMargin(input.strut, ownTop);
  const separates = border > 0 || padding > 0 || establishesBfc(box) || continued;
  const borderTopIfSeparated = input.y + collapsedMargin(strut);
  return {
    border, padding, strut, separates, discard, borderTopIfSeparated,
    contentStart: separates ? borderTopIfSeparated + border + padding : input.y,
  };
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
  bottom: { readonly separatesBottom: boolean; readonly mayCollapseThrough: boolean; readonly marginBottom: number },
): VerticalPosition {
  if (top.separates || children.resolvedAt !== undefined) {
    const borderTop = top.separates ? top.borderTopIfSeparated : children.resolvedAt!;
    return {
      borderTop,
      contentTop: top.separates ? top.contentStart : borderTop,
      contentBottom: bottom.separatesBottom ? children.endY + collapsedMargin(children.strut) : children.endY,
      strut: addMargin(bottom.separatesBottom ? EMPTY_STRUT : children.strut, bottom.marginBottom),
      resolvedAt: borderTop,
    };
  }
  if (!bottom.mayCollapseThrough) {
    const borderTop = input.y + collapsedMargin(children.strut);
    return { borderTop, contentTop: borderTop, contentBottom: borderTop, strut: addMargin(EMPTY_STRUT, bottom.marginBottom), resolvedAt: borderTop };
  }
  const borderTop = input.y + collapsedMargin(top.strut);
  return { borderTop, contentTop: borderTop, contentBottom: borderTop, strut: addMargin(children.strut, bottom.marginBottom), resolvedAt: undefined };
}

/**
 * A box that ends past the page but has no content to break inside (an empty box with a
 * height, or one whose own `height` makes it overflow) moves to the next page as a whole.
 * Boxes whose content was split already carry their own break token.
 */
function overflowsUnsplittably(box: BlockBox, borderBottom: number, input: LayoutInput, children: ChildrenResult): boolean {
  if (input.atPageTop || children.breakToken !== undefined) return false;
  if (borderBottom <= input.fragmentainerBottom + 0.01) return false;
  return children.fragments.length === 0 || box.style.height !== 'auto';
}

export function isForcedBreak(value: BreakValue): boolean {
  return value === 'page' || value === 'always' || value === 'left' || value === 'right' || value === 'recto' || value === 'verso' || value === 'all';
}

function isAvoidBreak(value: BreakValue): boolean {
  return value === 'avoid' || value === 'avoid-page';
}

interface Placed {
  readonly fragment: Fragment;
  /** Loop state before this child, to step back when a break must move earlier. */
  readonly before: { readonly y: number; readonly strut: MarginStrut; readonly resolvedAt: number | undefined };
  readonly complete: boolean;
}

/** Block-level children in normal flow, one after the other (CSS2 §9.4.1), breaking between them. */
function layoutBlockChildren(frame: BlockFrame, ctx: LayoutContext, resume: BreakToken | undefined): ChildrenResult {
  const children = frame.box.children as readonly (BlockBox | ReplacedBox)[];
  const resumeChild = resume?.kind === 'block' ? resume : undefined;
  const start = resumeChild?.childIndex ?? 0;
  const placed: Placed[] = [];
  let y = frame.input.y;
  let strut = frame.input.strut;
  let resolvedAt: number | undefined;
  const result = (breakAt: number | undefined, child?: BreakToken, forced = false): ChildrenResult => ({
    fragments: placed.map((p) => p.fragment), endY: y, strut, resolvedAt,
    breakToken: breakAt === undefined ? undefined : { kind: 'block', box: frame.box, childIndex: breakAt, child, ...(forced ? { forced } : {}) } as BreakToken,
    pushed: false,
  });

  for (let i = start; i < children.length; i++) {
    const child = children[i]!;
    const placedAny = resolvedAt !== undefined;
    if (i > start && forcedBreakBetween(children[i - 1]!, child)) return result(i, undefined, true);
    if (i === start && resumeChild === undefined && isForcedBreak(child.style.breakBefore) && !frame.input.atPageTop) {
      return { ...result(undefined), pushed: true };
    }
    const atPageTop = frame.input.atPageTop && !placedAny;
    const childInput: LayoutInput = {
      x: frame.contentX, y, strut,
      containingWidth: frame.contentWidth, containingHeight: frame.containingHeight,
      fragmentainerBottom: frame.input.fragmentainerBottom,
      atPageTop, discardTopMargins: frame.input.discardTopMargins && !placedAny,
    };
    let laid = layoutBlockLevel(child, childInput, ctx, i === start ? resumeChild?.child : undefined);
    if (laid.kind === 'placed' && laid.breakToken !== undefined && !atPageTop && isAvoidBreak(child.style.breakInside)) {
      laid = { kind: 'pushed' };
    }
    if (laid.kind === 'pushed') {
      if (placed.length === 0 || !placedAny) return { ...result(undefined), pushed: true };
      const stepBack = avoidStepBack(children, placed, i, start);
      if (stepBack > 0) {
        const first = placed[placed.length - stepBack]!;
        placed.length -= stepBack;
        ({ y, strut, resolvedAt } = first.before);
        return result(i - stepBack);
      }
      return result(i);
    }
    placed.push({ fragment: laid.fragment, before: { y, strut, resolvedAt }, complete: laid.breakToken === undefined });
    if (resolvedAt === undefined && laid.resolvedAt !== undefined) resolvedAt = laid.resolvedAt;
    y = laid.endY;
    strut = laid.strut;
    if (laid.breakToken !== undefined) return result(i, laid.breakToken);
  }
  return result(undefined);
}

function forcedBreakBetween(before: Box, after: Box): boolean {
  return isForcedBreak(before.style.breakAfter) || isForcedBreak(after.style.breakBefore);
}

/**
 * When child `index` must go to the next page but the break before it is to be avoided
 * (`break-after: avoid` on the previous sibling, e.g. a heading, or `break-before: avoid`),
 * move the break before the previous sibling, if that leaves something on this page.
 */
function avoidStepBack(children: readonly Box[], placed: readonly Placed[], index: number, start: number): number {
  let steps = 0;
  while (index - steps - 1 > start && steps < placed.length - 1) {
    const previous = children[index - steps - 1]!;
    const next = children[index - steps]!;
    const avoid = isAvoidBreak(previous.style.breakAfter) || isAvoidBreak(next.style.breakBefore);
    if (!avoid || !placed[placed.length - 1 - steps]!.complete) break;
    steps++;
  }
  return steps;
}

