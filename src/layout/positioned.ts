/**
 * Positioned boxes (CSS2 §9.3.1, §10.3.7, §10.6.4; CSS Position 3): relative offsets, and
 * absolutely positioned boxes laid out in their containing block — the padding box of the
 * nearest positioned ancestor, else the page area (the initial containing block of paged media;
 * fixed boxes use it on every page). `sticky` is computed as `relative`: on paper nothing scrolls.
 */
import { clientRect, scrollbarsOf } from './scrollbars.js';
import type { LayoutBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { BoxFragment, Fragment } from './types.js';
import type { BreakToken, Escaping, Fragmentainer, LayoutContext, LayoutInput, LayoutOutput, LayoutResult, PageContent, PendingPositioned } from './contract.js';
import { marginOrZero, relativeOffset, resolveMaxSize, resolveMinSize, resolveSize, toContentSize, usedBorder, usedPadding } from './box-model.js';
import { layoutBox } from './contract.js';
import { whereIs } from './where-is.js';
import { shrinkToFitWidth } from './shrink-to-fit.js';
import { EMPTY_STRUT } from './margins.js';
import { NO_EXCLUSIONS } from './exclusions.js';
import { contentBottom, offsetFragment } from './fragment.js';
import { clampWidthThroughRatio, ratioOf, widthForHeight } from './aspect-ratio.js';
import { inlineContainingBlocks } from './inline-containing-block.js';
import { withBoxFields } from './fragment-records.js';
import { isVerticalRoot } from './orthogonal.js';
import type { Stitching } from './stitched-block.js';
import type { AbsoluteAlignment } from './absolute-alignment.js';
import { absoluteAlignment, alignedStart } from './absolute-alignment.js';
import type { SliceFrame } from './late-slices.js';
import { lateSlicesAllowed, openSlices, sliceOverFragments } from './late-slices.js';
import { appendAll } from '../append-all.js';


/** A relatively positioned box's fragment moves; the flow around it does not. */
export function withRelativeOffset(style: ComputedStyle, input: LayoutInput, result: LayoutResult): LayoutResult {
  if (result.kind !== 'placed' || style.position !== 'relative') return result;
  const { dx, dy } = relativeOffset(style, input.containingWidth, input.containingHeight, input.containingDirection);
  return dx === 0 && dy === 0 ? result : { ...result, fragment: offsetFragment(result.fragment, dx, dy) };
}

/** A rectangle in some frame. */
export interface ContainingBlock {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Its direction settles over-constrained insets (CSS2 §10.3.7). */
  readonly direction: 'ltr' | 'rtl';
}

/** Whether anything passed up waits for a containing block: absolutely positioned boxes, or fixed ones (a loop, not a closure made for every box laid out). */
export function waitsForContainingBlock(escaping: Escaping): boolean {
  if (escaping.positioned.length > 0) return true;
  const content = escaping.pageContent;
  for (let i = 0; i < content.length; i++) if (content[i]!.kind === 'fixed') return true;
  return false;
}

/**
 * A positioned box lays out the absolutely positioned boxes waiting for it (`escaping`, from its
 * content) in its padding box and keeps them as children; other boxes pass them on to their
 * parent. The box's page content is its content's and that of the boxes it placed (running
 * elements, fixed boxes and footnotes inside them still go to their page).
 */
export function placePositionedDescendants(fragment: BoxFragment, escaping: Escaping, ctx: LayoutContext, stitching?: Stitching): { fragment: BoxFragment } & Escaping {
  const inInlines = inlineContainingBlocks(fragment, escaping.positioned);
  if (inInlines.length > 0) return placePositionedDescendants(...placedInInlines(fragment, escaping, inInlines, ctx), ctx, stitching);
  const holdsFixed = isContainingBlockForFixed(fragment.style) && escaping.pageContent.some((c) => c.kind === 'fixed');
  const pending = holdsFixed ? [...escaping.positioned, ...escaping.pageContent.filter((c) => c.kind === 'fixed')] : escaping.positioned;
  const pageContent = holdsFixed ? escaping.pageContent.filter((c) => c.kind !== 'fixed') : escaping.pageContent;
  const ahead = stitching?.ahead ?? [];
  if ((pending.length === 0 && ahead.length === 0) || !isContainingBlockForAbsolute(fragment.style)) return { fragment, positioned: pending, pageContent };
  // the padding box, which in a scroll container ends at its scrollbars (scrollbars.ts)
  const client = clientRect(fragment, scrollbarsOf(fragment.box));
  const block: ContainingBlock = { x: fragment.x + client.x, y: fragment.y + client.y, width: client.width, height: client.height, direction: fragment.style.direction };
  // a fragment of a broken block: its padding box continued up through the fragments before (stitched-block.ts)
  const stitched: ContainingBlock = stitching === undefined ? block
    : { ...block, y: fragment.y - stitching.offset, height: Math.max(0, stitching.offset + fragment.height - fragment.border.bottom) };
  const fragmentStart = stitching === undefined ? 0 : stitching.offset + fragment.border.top;
  const blockOf = (p: PendingPositioned): ContainingBlock => {
    if (stitched === block || p.placeholder.scheme !== 'absolute') return block;
    const top = stitchedTop(p.placeholder.box.style, block.width);
    return top !== undefined && top >= fragmentStart - 0.01 ? stitched : block;
  };
  // the block's last fragment, the pages of those before kept: a box sized by the whole block is split over them (late-slices.ts)
  const frame: SliceFrame | undefined = stitching !== undefined && !stitching.continues && stitching.spans.length > 0 && lateSlicesAllowed(ctx)
    ? { stitchedY: stitched.y, lastOffset: stitching.offset, lastX: fragment.x, spans: stitching.spans } : undefined;
  let parts: ReturnType<typeof openSlices> | undefined;
  const placed: Fragment[] = [];
  const own: PageContent[] = [];
  const keep = (laid: PlacedAbsolute): void => {
    placed.push(offsetFragment(laid.fragment, -fragment.x, -fragment.y));
    appendAll(own, laid.pageContent);
  };
  for (const p of pending) {
    if (frame !== undefined && p.placeholder.scheme === 'absolute' && placedByWholeBlock(p.placeholder.box.style)) {
      const whole = placeAbsolute(p, stitched, ctx, undefined);
      const here = sliceOverFragments(whole.fragment, frame, parts ??= openSlices(ctx, fragment.box));
      if (here !== undefined) placed.push(here);
      appendAll(own, whole.pageContent);
    } else if (stitched !== block && isEndAnchored(p)) {
      // one anchored to the block's end has come to its last fragment (stitched-block.ts)
      keep(withinFragment(placeAbsolute(p, stitched, ctx, undefined), block.y, p, ctx));
    } else {
      const against = blockOf(p);
      if (stitching !== undefined && (against === block || stitching.continues)) warnIfSizedByPart(p, ctx);
      keep(placeAbsolute(p, against, ctx, undefined));
    }
  }
  for (const p of ahead) keep(placeAbsolute(p, stitched, ctx, undefined));
  return { fragment: withBoxFields(fragment, { children: [...fragment.children, ...placed] }), positioned: [], pageContent: own.length === 0 ? pageContent : [...pageContent, ...own] };
}

/**
 * A box placed against a broken block's stitched fragments whose top falls above the fragment that
 * holds it (anchored to the block's end, taller than its last fragment), when the pages before
 * are not kept to receive its parts (late-slices.ts): moved down to the fragment's top, and said
 * at the box — Chromium splits it over the pages before.
 */
function withinFragment(placed: PlacedAbsolute, top: number, p: PendingPositioned, ctx: LayoutContext): PlacedAbsolute {
  const above = top - placed.fragment.y;
  if (above <= 0.01) return placed;
  ctx.diagnostics.warn('layout', `an absolutely positioned box anchored to the bottom of a block broken across pages is ${Math.round(above)}px taller than the block's last fragment: it starts at that fragment's top instead of being split over the pages before`, whereIs(ctx, p.placeholder.box.element));
  return { ...placed, fragment: offsetFragment(placed.fragment, 0, above) };
}

/**
 * A box whose offset or height is a share of its containing block's height, placed in a block
 * broken across pages against less than the whole block (its fragment on this page, or the
 * fragments so far), when the pages before are not kept to receive its parts (late-slices.ts):
 * Chromium resolves it against the whole block and splits the box over the pages; said at the box.
 */
function warnIfSizedByPart(p: PendingPositioned, ctx: LayoutContext): void {
  if (p.placeholder.scheme !== 'absolute' || !dependsOnBlockHeight(p.placeholder.box.style)) return;
  ctx.diagnostics.warn('layout', 'an absolutely positioned box whose `top` or `height` depends on the height of a block broken across pages is resolved against the part of the block laid out so far, not the whole block, and is not split over the pages', whereIs(ctx, p.placeholder.box.element));
}

/** Whether an absolutely positioned box's `top` or height needs its containing block's whole height (split over a broken block's fragments, late-slices.ts). */
export function sizedByWholeBlock(p: PendingPositioned): boolean {
  return p.placeholder.scheme === 'absolute' && dependsOnBlockHeight(p.placeholder.box.style);
}

/**
 * Whether an absolutely positioned box with this style is placed by its containing block's whole
 * height, and split over the fragments of a broken one: its `top` or height needs that height, or
 * it is anchored to the block's end.
 */
export function placedByWholeBlock(style: ComputedStyle): boolean {
  return dependsOnBlockHeight(style) || (style.top === 'auto' && style.bottom !== 'auto');
}

/** Whether a box's `top` or block size needs its containing block's height: a percentage or calc() `top` or `height`, or `top` and `bottom` set around an auto `height`. */
function dependsOnBlockHeight(style: ComputedStyle): boolean {
  const { top, bottom, height } = style;
  if (top !== 'auto' && typeof top !== 'number') return true;
  if (height === 'stretch' || (typeof height === 'object')) return true;
  return top !== 'auto' && bottom !== 'auto' && height === 'auto';
}

/**
 * Whether an absolutely positioned box is placed from its containing block's end (`top` auto,
 * `bottom` set): in a broken block, against its fragments stitched together once the last is laid
 * out (stitched-block.ts).
 */
export function isEndAnchored(p: PendingPositioned): boolean {
  const style = p.placeholder.box.style;
  return p.placeholder.scheme === 'absolute' && style.top === 'auto' && style.bottom !== 'auto';
}

/**
 * The margin-box top of a box in the stitched fragments of a broken containing block
 * (stitched-block.ts), when its `top` is a length; undefined for any other (a percentage or
 * calc() waits for the block's final height).
 */
export function stitchedTop(style: ComputedStyle, containingWidth: number): number | undefined {
  const top = style.top;
  if (typeof top !== 'number') return undefined;
  return top + marginOrZero(style.marginTop, containingWidth);
}

/** The boxes whose containing block is a positioned inline of the fragment's lines, placed against it (inline-containing-block.ts) and kept as its children. */
function placedInInlines(fragment: BoxFragment, escaping: Escaping, groups: ReturnType<typeof inlineContainingBlocks>, ctx: LayoutContext): [BoxFragment, Escaping] {
  const done = new Set(groups.flatMap((g) => g.pending));
  const laid = groups.flatMap((g) => g.pending.map((p) => placeAbsolute(p, g.block, ctx, undefined)));
  const placed = laid.map((p) => offsetFragment(p.fragment, -fragment.x, -fragment.y));
  return [
    withBoxFields(fragment, { children: [...fragment.children, ...placed] }),
    { positioned: escaping.positioned.filter((p) => !done.has(p)), pageContent: [...escaping.pageContent, ...laid.flatMap((p) => p.pageContent)] },
  ];
}

/** A positioned box, or one that holds its fixed positioned descendants too (isContainingBlockForFixed). */
export function isContainingBlockForAbsolute(style: ComputedStyle): boolean {
  return style.position !== 'static' || isContainingBlockForFixed(style);
}

/**
 * A box with layout or paint containment (CSS Containment 2 §3.3, §3.5), a transform (CSS
 * Transforms 1 §3), a perspective (CSS Transforms 2 §10: the old `-webkit-perspective: 1000`
 * speed-up hack too, as Chromium 156 places them) or a filter (Filter Effects 1 §5): the
 * containing block of its absolutely and fixed positioned descendants, so a fixed box inside it is
 * placed once, in it, rather than on every page.
 */
export function isContainingBlockForFixed(style: ComputedStyle): boolean {
  return style.contain.layout || style.contain.paint || style.transform.length > 0 || style.perspective !== 'none' || style.filter.length > 0;
}

interface AxisSolution {
  /** Offset of the margin box's start from the containing block's start. */
  readonly start: number;
  readonly marginStart: number;
  /** Border-box size, when the constraints fix it (undefined: from the content). */
  readonly size: number | undefined;
}

interface AxisInput {
  readonly start: number | undefined;
  readonly end: number | undefined;
  /** Border-box size from the style, undefined when auto. */
  readonly size: number | undefined;
  readonly marginStart: number | 'auto';
  readonly marginEnd: number | 'auto';
  readonly containing: number;
  /** Static position of the margin box's start, from the containing block's start. */
  readonly staticStart: number;
  /** Right-to-left static position: where the margin box's end goes (CSS2 §10.3.7), from the containing block's start. */
  readonly staticEnd?: number | undefined;
  /** The end offset wins an over-constrained axis (right in rtl). */
  readonly endWins: boolean;
  /** `*-self` asks for an alignment (absolute-alignment.ts): an auto size between two insets is then fit-content. */
  readonly aligned?: AbsoluteAlignment | undefined;
  /**
   * The static-position rectangle's extent from the static position (`PendingPositioned.staticRect`:
   * a block's content box, else 0 — a line, a point); undefined: the box is not aligned there.
   */
  readonly staticRoom?: number | undefined;
}

/**
 * `*-self` of a box in a vertical flow is not applied (its containing block is laid out in a
 * turned frame, orthogonal.ts, where the alignment would need its axes turned too): said at the box.
 */
function warnVerticalSelf(box: LayoutBox, ctx: LayoutContext): void {
  ctx.diagnostics.warn('layout', `\`justify-self\`/\`align-self\` of an absolutely positioned box in \`writing-mode: ${box.style.writingMode}\` are not applied: the box keeps its place from its insets and static position`, whereIs(ctx, box.element));
}

/** A used `*-self` value of an absolutely positioned box: `auto` is `normal` for its own position (CSS Box Alignment 3 §6.1). */
const ownSelf = (value: string): string => (value === 'auto' || value.startsWith('legacy') ? 'normal' : value);

/**
 * CSS2 §10.3.7 / §10.6.4 for one axis, once the size is known or left to the content: auto
 * margins share the free space when both insets and the size are fixed; otherwise they are 0,
 * a missing start comes from the end (or the static position), and an over-constrained axis
 * drops its losing inset.
 */
export function solveAxis(input: AxisInput, contentSize: number): AxisSolution {
  const size = input.size ?? contentSize;
  const { start, end, containing } = input;
  if (start !== undefined && end !== undefined && input.size !== undefined) {
    const free = containing - start - end - size;
    const autoStart = input.marginStart === 'auto';
    const autoEnd = input.marginEnd === 'auto';
    const ms = autoStart ? 0 : input.marginStart as number;
    const me = autoEnd ? 0 : input.marginEnd as number;
    if (autoStart && autoEnd) {
      const half = free / 2;
      const startMargin = half < 0 && !input.endWins ? 0 : half < 0 ? free : half;
      return { start, marginStart: startMargin, size };
    }
    if (autoStart) return { start, marginStart: free - me, size };
    if (autoEnd) return { start, marginStart: ms, size };
    return input.endWins ? { start: containing - end - size - me - ms, marginStart: ms, size } : { start, marginStart: ms, size };
  }
  const ms = input.marginStart === 'auto' ? 0 : input.marginStart;
  const me = input.marginEnd === 'auto' ? 0 : input.marginEnd;
  if (start !== undefined) return { start, marginStart: ms, size: input.size };
  if (end !== undefined) return { start: containing - end - me - size - ms, marginStart: ms, size: input.size };
  if (input.staticEnd !== undefined) return { start: input.staticEnd - size - me - ms, marginStart: ms, size: input.size };
  return { start: input.staticStart, marginStart: ms, size: input.size };
}

/** Lays out an absolutely positioned box in its containing block; the fragment is in the containing block's frame. */
export function layoutAbsolute(pending: PendingPositioned, block: ContainingBlock, ctx: LayoutContext): BoxFragment {
  return placeAbsolute(pending, block, ctx, undefined).fragment;
}

/** The rest of an absolutely positioned box split by the page end: where it resumes, at the same x and width. */
export interface AbsoluteContinuation {
  readonly pending: PendingPositioned;
  readonly token: BreakToken;
  readonly x: number;
  readonly width: number;
}

export interface PlacedAbsolute {
  readonly fragment: BoxFragment;
  readonly rest: AbsoluteContinuation | undefined;
  /** Running elements and footnotes inside the box (they are out of its flow too, and go to its page). */
  readonly pageContent: readonly PageContent[];
}

/**
 * An absolutely positioned box in its containing block, split at `pageBottom` (in the block's
 * frame) when its content runs past the page end (CSS Fragmentation 3 §4.3); undefined: no split.
 */
export function placeAbsolute(pending: PendingPositioned, block: ContainingBlock, ctx: LayoutContext, pageBottom: number | undefined): PlacedAbsolute {
  const box = pending.placeholder.box as LayoutBox;
  const style = box.style;
  const border = usedBorder(style);
  const padding = usedPadding(style, block.width);
  const edgesX = border.left + border.right + padding.left + padding.right;
  const edgesY = border.top + border.bottom + padding.top + padding.bottom;
  const margin = (value: ComputedStyle['marginLeft']): number | 'auto' => (value === 'auto' ? 'auto' : marginOrZero(value, block.width));
  const horizontal: AxisInput = {
    start: resolveSize(style.left, block.width), end: resolveSize(style.right, block.width),
    size: borderBoxSize(style, 'width', block.width, edgesX),
    marginStart: margin(style.marginLeft), marginEnd: margin(style.marginRight),
    containing: block.width, staticStart: pending.staticX - block.x, endWins: block.direction === 'rtl',
    staticEnd: pending.staticDirection === 'rtl' ? pending.staticRight - block.x : undefined,
    aligned: absoluteAlignment(ownSelf(style.justifySelf), 'inline', block.direction, style.direction),
    staticRoom: pending.staticRect === undefined ? undefined : pending.staticRect === 'block' ? pending.staticRight - pending.staticX : 0,
  };
  const vertical: AxisInput = {
    start: resolveSize(style.top, block.height), end: resolveSize(style.bottom, block.height),
    size: borderBoxSize(style, 'height', block.height, edgesY),
    marginStart: margin(style.marginTop), marginEnd: margin(style.marginBottom),
    containing: block.height, staticStart: pending.staticY - block.y, endWins: false,
    aligned: absoluteAlignment(ownSelf(style.alignSelf), 'block', 'ltr', 'ltr'),
    staticRoom: pending.staticRect === undefined ? undefined : 0,
  };
  const ratio = ratioOf(style);
  // With an aspect ratio, an auto height follows a width known without it — set, or stretched
  // between two insets — rather than stretching itself (CSS Sizing 4 §5.1: the block axis is the
  // ratio-dependent one): `width: 80px; aspect-ratio: 1; inset: 0; margin: auto` is a centred
  // 80px square, as in Chromium 156, not 80px by the containing block's height.
  const widthLeads = ratio !== undefined && style.height === 'auto' && (horizontal.size !== undefined || fillsBetweenInsets(style.width, horizontal, box.kind === 'replaced'));
  // a table's auto height is its rows' between two insets too (Chromium), as a replaced box's is its natural one
  const stretchedHeight = vertical.size === undefined && !widthLeads && fillsBetweenInsets(style.height, vertical, box.kind === 'replaced' || box.kind === 'table-wrapper')
    ? clampSize(style, 'height', block.height - startInset(vertical) - (vertical.end ?? 0) - fixedMargins(vertical), block.height, edgesY)
    : vertical.size;
  // An auto width follows a definite height through the aspect ratio (CSS Sizing 4 §5.2).
  const fromRatio = ratio !== undefined && horizontal.size === undefined && stretchedHeight !== undefined
    ? clampSize(style, 'width', widthForHeight(style, ratio, stretchedHeight, { x: edgesX, y: edgesY }), block.width, edgesX)
    : undefined;
  const width = horizontal.size ?? fromRatio ?? clampWidthThroughRatio(style, stretchOrShrink(box, horizontal, edgesX, ctx), block.width, block.height, { x: edgesX, y: edgesY });
  // A vertical root's lines run down its height: they fill the room the insets leave, below its
  // top (or above its bottom, or below its static position), as its width fits the room beside
  // its left (CSS Position 3 §4.1) — not the whole containing block's height.
  const verticalRoot = isVerticalRoot(box);
  const containingHeight = verticalRoot ? Math.max(0, block.height - (vertical.start ?? vertical.end ?? vertical.staticStart) - fixedMargins(vertical)) : block.height;
  const lay = (fragmentainer: Fragmentainer | undefined): LayoutOutput => {
    const laid = layoutBox(box, {
      mode: 'layout', available: block.width, containingWidth: block.width, containingHeight, containingDirection: block.direction,
      // (a vertical root's auto width is its lines', found by laying it out)
      fixedWidth: verticalRoot && horizontal.size === undefined ? undefined : width, fixedHeight: stretchedHeight,
      x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer, exclusions: NO_EXCLUSIONS,
    }, ctx);
    if (laid.kind !== 'placed') throw new Error('an absolutely positioned box cannot be pushed');
    return laid;
  };
  const laid = lay(undefined);
  if ((horizontal.aligned !== undefined || vertical.aligned !== undefined) && style.writingMode !== 'horizontal-tb' && !isVerticalRoot(box)) warnVerticalSelf(box, ctx);
  // (the root's width is its columns of lines, known once they are laid out in that room)
  const x = solveAxis({ ...horizontal, size: verticalRoot && horizontal.size === undefined ? laid.fragment.width : width }, width);
  const y = solveAxis({ ...vertical, size: stretchedHeight ?? laid.fragment.height }, laid.fragment.height);
  const left = block.x + alignedMarginEdge(horizontal, x, width) + x.marginStart;
  const top = block.y + alignedMarginEdge(vertical, y, stretchedHeight ?? laid.fragment.height) + y.marginStart;
  const fragment = offsetFragment(laid.fragment, left - laid.fragment.x, top - laid.fragment.y);
  const whole = { fragment, rest: undefined, pageContent: laid.pageContent };
  // content overflowing a box of fixed height (a full-page `top: 0; bottom: 0` wrapper) continues on
  // the next pages too, as Chromium 156 prints it
  // (the content is walked only for a box that fits the page and does not clip)
  if (pageBottom === undefined || top >= pageBottom - 0.01) return whole;
  const fits = (bottom: number): boolean => top + bottom <= pageBottom + 0.01;
  if (fits(fragment.height) && (style.overflowY !== 'visible' || fits(contentBottom(laid.fragment)))) return whole;
  const split = lay({ bottom: pageBottom - top + laid.fragment.y, atTop: true, discardTopMargins: false });
  if (split.breakToken === undefined) return whole;
  return {
    fragment: offsetFragment(split.fragment, left - split.fragment.x, top - split.fragment.y),
    rest: { pending, token: split.breakToken, x: left, width },
    pageContent: split.pageContent,
  };
}

/** The rest of a split absolutely positioned box, from `top` of the next page (split again at its end). */
export function continueAbsolute(rest: AbsoluteContinuation, block: ContainingBlock, top: number, pageBottom: number, ctx: LayoutContext): PlacedAbsolute {
  const box = rest.pending.placeholder.box as LayoutBox;
  const laid = layoutBox(box, {
    mode: 'layout', available: block.width, containingWidth: block.width, containingHeight: block.height, containingDirection: block.direction,
    fixedWidth: rest.width, x: 0, y: 0, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
    fragmentainer: { bottom: pageBottom - top, atTop: true, discardTopMargins: true },
  }, ctx, rest.token);
  if (laid.kind !== 'placed') throw new Error('an absolutely positioned box cannot be pushed');
  const fragment = offsetFragment(laid.fragment, rest.x - laid.fragment.x, top - laid.fragment.y);
  return { fragment, rest: laid.breakToken === undefined ? undefined : { ...rest, token: laid.breakToken }, pageContent: laid.pageContent };
}

/**
 * Where the margin box starts on one axis: CSS 2's solution, or, when `*-self` aligns the box and
 * no auto margin takes the free space, its place in the rectangle between the insets or in the
 * static-position rectangle (absolute-alignment.ts).
 */
function alignedMarginEdge(axis: AxisInput, solved: AxisSolution, size: number): number {
  const aligned = axis.aligned;
  if (aligned === undefined || axis.marginStart === 'auto' || axis.marginEnd === 'auto') return solved.start;
  const outer = size + axis.marginStart + axis.marginEnd;
  if (axis.start !== undefined && axis.end !== undefined) {
    return alignedStart(aligned, { from: axis.start, room: axis.containing - axis.start - axis.end }, outer, axis.endWins, axis.containing);
  }
  const room = axis.staticRoom;
  if (axis.start !== undefined || axis.end !== undefined || room === undefined) return solved.start;
  // a right-to-left static position is the rectangle's end (`staticEnd`)
  const end = axis.staticEnd;
  return alignedStart(aligned, { from: end === undefined ? axis.staticStart : end - room, room }, outer, end !== undefined, undefined);
}

function fixedMargins(axis: AxisInput): number {
  return (axis.marginStart === 'auto' ? 0 : axis.marginStart) + (axis.marginEnd === 'auto' ? 0 : axis.marginEnd);
}

/**
 * Whether a size fills the room between the insets: `auto` between two insets (CSS2 §10.3.7 rule 5,
 * §10.6.4) unless `*-self` aligns the box or it is replaced, `stretch` always (CSS Sizing 4 §3.1; a
 * missing inset counts as 0).
 */
function fillsBetweenInsets(size: ComputedStyle['width'], axis: AxisInput, replaced: boolean): boolean {
  // a replaced box's auto size is its natural one (CSS2 §10.3.8, §10.6.5)
  return size === 'stretch' || (size === 'auto' && !replaced && axis.aligned === undefined && axis.start !== undefined && axis.end !== undefined);
}

/** The start inset of the room a `stretch` size fills: the static position when both insets are auto (CSS Position 3 §4.1). */
function startInset(axis: AxisInput): number {
  return axis.start ?? (axis.end === undefined && !axis.endWins ? axis.staticStart : 0);
}

/** Width when `width` is not a length: what the insets leave (§10.3.7 rule 5), else shrink-to-fit (rules 1, 3) or its keyword. */
function stretchOrShrink(box: LayoutBox, axis: AxisInput, edges: number, ctx: LayoutContext): number {
  const style = box.style;
  if (fillsBetweenInsets(style.width, axis, box.kind === 'replaced')) {
    return clampSize(style, 'width', axis.containing - startInset(axis) - (axis.end ?? 0) - fixedMargins(axis), axis.containing, edges);
  }
  // aligned between two insets: fit-content in the room they leave
  const available = axis.start !== undefined && axis.end !== undefined ? axis.containing - axis.start - axis.end : axis.containing - (axis.start ?? axis.end ?? (axis.endWins ? 0 : axis.staticStart));
  if (box.kind === 'replaced') return shrinkToFitWidth(box, axis.containing, ctx);
  if (box.kind === 'table-wrapper') return ownTableWidth(box, axis.containing, available, ctx);
  return shrinkToFitWidth(box, axis.containing, ctx, available);
}

/**
 * A table's width where it stands, as it sizes itself in flow (its percentage of the containing
 * block, at least its min-content, `auto` as fit-content): shrink-to-fit measures the table's
 * content, not its own width — a `width: 40%` table shrank to its text.
 */
function ownTableWidth(box: LayoutBox, containing: number, available: number, ctx: LayoutContext): number {
  const laid = layoutBox(box, {
    mode: 'measure', available, containingWidth: containing, containingHeight: undefined,
    x: 0, y: 0, strut: EMPTY_STRUT, fragmentainer: undefined, exclusions: NO_EXCLUSIONS,
  }, ctx);
  return laid.kind === 'placed' ? laid.fragment.width : shrinkToFitWidth(box, containing, ctx, available);
}

/** A border-box size from `width`/`height`, min and max applied; undefined when auto. */
function borderBoxSize(style: ComputedStyle, axis: 'width' | 'height', basis: number, edges: number): number | undefined {
  const size = resolveSize(style[axis], basis);
  if (size === undefined) return undefined;
  return clampBorderBox(style, axis, toContentSize(size, style, edges) + edges, basis, edges);
}

function clampSize(style: ComputedStyle, axis: 'width' | 'height', borderBox: number, basis: number, edges: number): number {
  return clampBorderBox(style, axis, Math.max(borderBox, edges), basis, edges);
}

function clampBorderBox(style: ComputedStyle, axis: 'width' | 'height', borderBox: number, basis: number, edges: number): number {
  const max = resolveMaxSize(axis === 'width' ? style.maxWidth : style.maxHeight, basis);
  const min = resolveMinSize(axis === 'width' ? style.minWidth : style.minHeight, basis);
  const content = Math.max(0, borderBox - edges);
  const clamped = Math.max(Math.min(content, max === Infinity ? Infinity : toContentSize(max, style, edges)), toContentSize(min, style, edges));
  return clamped + edges;
}
