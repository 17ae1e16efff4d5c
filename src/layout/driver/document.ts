/**
 * Pagination (CSS Paged Media 3 §3-5): one page box after another, each with its `@page`
 * style, the root box laid out into the page area and resumed from its break token until the
 * document is complete. Absolutely positioned boxes without a positioned ancestor are placed in
 * the page area of their page (the initial containing block); fixed boxes on every page.
 */
import type { Box, BoxElement, BoxTree, InlineFlowBox } from '../../boxes/types.js';
import { someBox } from '../../boxes/types.js';
import type { LengthPercentage, PageStyle } from '../../css/types.js';
import { resolveLength } from '../../css/values/length.js';
import { ceiledLayoutLength, flooredLayoutLength } from '../../css/page.js';
import { pageMarginSides } from '../../css/page-margins.js';
import { limitExceeded } from '../../limits.js';
import { octavoFault } from '../../errors.js';
import type { Sides } from '../../geometry/types.js';
import type { Fragment, PageLayout } from '../types.js';
import type { LayoutContext, LayoutServices } from './context.js';
import { createLayoutContext } from './context.js';
import type { BreakToken, ForcedBreak, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { whereIs } from '../where-is.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { layoutBox } from './dispatch.js';
import type { AbsoluteContinuation, ContainingBlock } from '../positioned.js';
import { continueAbsolute, layoutAbsolute, placedByWholeBlock, placeAbsolute } from '../positioned.js';
import { allowLateSlices, withLateSlices } from '../late-slices.js';
import { withMarginBoxes } from '../page/margin-boxes.js';
import { pageContextAt } from '../page/page-context.js';
import type { PageContext } from '../../css/types.js';
import { pageNameAt, pageNamesOf } from '../page/page-names.js';
import type { RunningEvent } from '../page/running.js';
import { pageEvents, runningContent } from '../page/running.js';
import type { FootnoteCarry } from '../page/footnotes.js';
import { layoutWithFootnotes } from '../page/footnotes.js';
import { forcedKind } from '../break-token.js';
import type { PassResults } from '../../boxes/references.js';
import { layoutPasses, needsPasses } from './passes.js';
import { contentWidth } from '../page/content-width.js';
import { turnedArea, turnedOntoPage, verticalDocument, type VerticalDocument } from '../vertical-document.js';
import { renewRelayouts } from '../relayout-budget.js';
import { offsetInPiece } from '../inline/resume.js';

export type { LayoutContext, LayoutServices } from './context.js';

interface PageArea extends ContainingBlock {
  readonly margins: Sides;
  readonly style: PageStyle;
}

/**
 * What layout yields, in order: each page once it is laid out, and — for a page yielded before the
 * document's end — its margin boxes once the page count is known (`counter(pages)`).
 */
export type LaidOut =
  /** First, when the pages were buffered: every page, known before the first is yielded (complete, each yielded next). */
  | { readonly kind: 'whole'; readonly pages: readonly PageLayout[] }
  /** A page; `marginsLater`: its margin boxes come in a `margins` item (they are not on it yet). */
  | { readonly kind: 'page'; readonly page: PageLayout; readonly marginsLater: boolean }
  /** The margin boxes of a page yielded earlier (the page again, without its flow: its fragments are gone). */
  | { readonly kind: 'margins'; readonly page: PageLayout };

export interface LayoutRequest {
  /** Whether some page may have margin boxes (render.ts asks the `@page` rules). */
  readonly marginBoxes: boolean;
  /**
   * Every page laid out before the first is yielded, each complete with its margin boxes (engine
   * tools, and documents whose `@page` background images are loaded once all pages are known).
   */
  readonly whole?: boolean;
  /** The box tree built again with what a pass found, for trees with cross-references (layout/driver/passes.ts). */
  readonly rebuild?: (previous: PassResults) => BoxTree;
  /**
   * Called when layout knows it yields the pages one at a time (no `whole` item will come), before
   * it lays out the first: the caller lets go of what it kept for the pages whole (render.ts).
   */
  readonly oneAtATime?: () => void;
}

/**
 * The document's pages, one at a time. A page is yielded as soon as it is laid out and its
 * fragments are dropped when the next one is asked for, so that a long document holds one page's
 * fragments at a time; its margin boxes follow the last page. The pages are buffered, and yielded
 * complete once all are laid out (after a `whole` item with all of them), when the layout needs
 * them all: cross-references (several passes, layout/driver/passes.ts) and fixed boxes (CSS2 §9.6.1: on
 * every page, also before the page they come from) — or when the request asks for them whole.
 */
export function* layoutPages(tree: BoxTree, services: LayoutServices, request: LayoutRequest): Generator<LaidOut, void> {
  const shrink = services.shrinkToFit ?? services.pageStyle(pageContextAt(0, false)).shrinkToFit ?? false;
  if (request.whole === true || needsPasses(tree) || hasPageSpanningBoxes(tree) || shrink) {
    let widest = NARROW;
    const pages = layoutPasses(tree, {
      layout: (pass) => {
        const laid = shrink ? layoutShrunk(pass, services) : layoutDocument(pass, services, 1);
        widest = laid.widest;
        return laid.pages;
      },
      rebuild: request.rebuild,
    });
    warnWider(widest, tree, services, shrink);
    yield { kind: 'whole', pages };
    for (const page of pages) yield { kind: 'page', page, marginsLater: false };
    return;
  }
  request.oneAtATime?.();
  const widest = { ...NARROW };
  const pages = yield* paginate(tree, services, { marginsLater: request.marginBoxes }, 1, widest);
  warnWider(widest, tree, services, false);
  if (request.marginBoxes) for (const page of pages) yield { kind: 'margins', page };
}

/** Every page of one layout pass, complete, its content scaled by `scale`; and the widest content. */
function layoutDocument(tree: BoxTree, services: LayoutServices, scale: number): { pages: PageLayout[]; widest: Widest } {
  const widest = { ...NARROW };
  const pagination = paginate(tree, services, undefined, scale, widest);
  const next = pagination.next();
  if (next.done !== true) throw new Error('layout: a buffered pagination yielded a page');
  return { pages: next.value, widest };
}

/**
 * Shrink to fit (docs/css.md, "Content wider than the page"), as Chromium prints: the document is
 * laid out on its pages; when its content is wider than the page area, it is laid out again on
 * pages as many times larger, in both directions, as it is wider — 1.5 times at most, Chromium's
 * limit, measured — and drawn scaled down by as much. Content wider still is cut at the page edge.
 */
function layoutShrunk(tree: BoxTree, services: LayoutServices): { pages: PageLayout[]; widest: Widest } {
  const plain = layoutDocument(tree, services, 1);
  if (plain.widest.width <= plain.widest.areaWidth + WIDTH_TOLERANCE) return plain;
  const scale = Math.max(1 / MAX_SHRINK, plain.widest.areaWidth / plain.widest.width);
  return layoutDocument(tree, services, scale);
}

/** Chromium's largest shrink factor for printing (content 1.5 times the page area's width fits; wider is cut), measured. */
const MAX_SHRINK = 1.5;
/** Content this much wider than the page area (px) is not reported: a rounding, a hanging space. */
const WIDTH_TOLERANCE = 1;

/** The document's widest content (page/content-width.ts), against the page area it is on. */
interface Widest {
  width: number;
  areaWidth: number;
  scale: number;
  element: BoxElement | undefined;
}
const NARROW: Widest = { width: 0, areaWidth: 0, scale: 1, element: undefined };

/** Notes a page's content width when it overflows its page area by a larger share than any page before. */
function measureWidth(widest: Widest, fragments: readonly Fragment[], area: PageArea, scale: number): void {
  const { width, element } = contentWidth(fragments, area.x);
  if (width <= area.width + WIDTH_TOLERANCE || bleeds(width, area)) return;
  if (widest.width > 0 && width / area.width <= widest.width / widest.areaWidth) return;
  Object.assign(widest, { width, areaWidth: area.width, scale, element });
}

/**
 * Content that reaches past the page box's right edge into its bleed, and no further: a full-bleed
 * cover or band (CSS Paged Media 3 §7.2), drawn up to the sheet's edge as meant, not content too wide.
 */
function bleeds(width: number, area: PageArea): boolean {
  const bleed = area.style.bleed ?? 0;
  const trim = area.style.width - area.x;
  return bleed > 0 && width > trim && width <= trim + bleed + WIDTH_TOLERANCE;
}

/** Content wider than the page area, once per document, at the widest box (and what shrinking did). */
function warnWider(widest: Widest, tree: BoxTree, services: LayoutServices, shrink: boolean): void {
  if (widest.width === 0) return;
  const where = whereIs(tree, widest.element);
  const px = (v: number): string => `${Math.round(v)}px`;
  const page = widest.areaWidth * widest.scale;
  const message = shrink
    ? `content is ${px(widest.width)} wide, the page area ${px(page)}: shrunk to ${Math.round(widest.scale * 100)} % (the most Chromium shrinks, to 1/${MAX_SHRINK}), what is beyond ${px(widest.areaWidth)} is cut`
    : `content is ${px(widest.width)} wide, the page area ${px(page)}: what is beyond is cut (Chromium's printing shrinks it to fit; so do --shrink-to-fit, the shrinkToFit option and \`@page { -octavo-shrink-to-fit: auto }\`)`;
  services.diagnostics.warn('layout', message, where);
}

/**
 * The least height a page area holds, as Blink's fragmentainers do: a grid's or box's own `height`
 * carried over pages whose area has no height (the page box's padding or borders as tall as the
 * page) ends after that many pages instead of never.
 */
const MIN_PAGE_CAPACITY = 1;

/**
 * The pagination loop. With `stream`, each page is yielded as soon as it is laid out (a tree
 * without fixed boxes) and the pages returned have no children; without, nothing is yielded and
 * the pages returned are complete (fixed boxes on every page).
 */
function* paginate(tree: BoxTree, services: LayoutServices, stream: { readonly marginsLater: boolean } | undefined, scale: number, widest: Widest): Generator<LaidOut, PageLayout[]> {
  // a vertical document is laid out turned, and each page turned back (layout/vertical-document.ts)
  const vertical = verticalDocument(tree);
  const root = vertical?.root ?? tree.root;
  const ctx: LayoutContext = createLayoutContext(services, pageNamesOf(root), tree);
  const pages: PageLayout[] = [];
  const events: RunningEvent[][] = [];
  const fixed: { content: PageContent; page: number }[] = [];
  const running: PageContent[][] = [];
  let token: BreakToken | undefined;
  let continuing: readonly AbsoluteContinuation[] = [];
  let carry: FootnoteCarry | undefined;
  const keeper = new PageKeeper(pages, events, stream, tree.records, ctx);
  if (stream === undefined) allowLateSlices(ctx);
  do {
    const forced = forcedKind(token);
    const name = pageNameAt(ctx.pageNames, root, token);
    if (needsBlankPage(forced, pages.length)) yield* keeper.keep(blankPage(namedContext(pages, name, true), ctx));
    checkPageLimit(pages.length, ctx);
    ctx.checkBudget?.();
    renewRelayouts(ctx);
    const context = namedContext(pages, name, false);
    const pageArea = areaOf(ctx.pageStyle(context), scale);
    const area = vertical === undefined ? pageArea : turnedArea(pageArea);
    const resumed = token;
    // the flow ended on an earlier page: only notes carried over or positioned boxes continued remain
    const done = pages.length > 0 && token === undefined;
    const laidPage = layoutWithFootnotes((room) => done ? NOTHING_LEFT : layoutBox(root, {
      mode: 'layout', available: area.width, containingWidth: area.width, containingHeight: area.height,
      x: area.x, y: area.y, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
      fragmentainer: { bottom: area.y + Math.max(area.height, MIN_PAGE_CAPACITY) - room.reserve, atTop: true, discardTopMargins: resumed !== undefined && forced === undefined, limits: room.limits },
    }, ctx, resumed), area, context, ctx, carry);
    const { result, footnotes } = laidPage;
    carry = laidPage.carry;
    const icb = vertical === undefined ? initialContainingBlock(pageArea, scale) : turnedArea(initialContainingBlock(pageArea, scale));
    const positioned = positionedInPage(result.kind === 'placed' ? result.positioned : [], continuing, { area, icb }, ctx);
    continuing = positioned.rest;
    const main = result.kind === 'placed' ? [result.fragment] : [];
    const notes = [...(footnotes === undefined ? [] : [footnotes]), ...laidPage.positioned];
    const flow = [...main, ...positioned.fragments, ...notes];
    // a vertical document's page turned back: the boxes positioned against the page area turn with the whole area
    const children = vertical === undefined
      ? flow
      : [...turnedOntoPage(main, vertical.mode, pageArea), ...turnedOntoPage(positioned.fragments, vertical.mode, pageArea, 'page'), ...turnedOntoPage(notes, vertical.mode, pageArea)];
    const pageRunning: PageContent[] = [];
    for (const content of [...(result.kind === 'placed' ? result.pageContent : []), ...positioned.pageContent, ...laidPage.pageContent]) {
      if (content.kind === 'running') pageRunning.push(content);
      else if (content.kind === 'fixed') fixed.push({ content, page: pages.length });
    }
    running[pages.length] = pageRunning;
    measureWidth(widest, flow, area, scale);
    yield* keeper.keep({
      index: pages.length, width: area.style.width, height: area.style.height, pageStyle: area.style, margins: area.margins, children, marginBoxes: [], blank: false, context,
      ...(scale === 1 ? {} : { flowTransform: [scale, 0, 0, scale, area.x * (1 - scale), area.y * (1 - scale)] as const }),
    });
    const next = result.kind === 'placed' ? result.breakToken : undefined;
    if (next !== undefined && token !== undefined && sameToken(next, token)) {
      throw octavoFault('layout made no progress on a page');
    }
    token = next;
    // notes continued past the last page of text get pages of their own, and so do absolutely
    // positioned boxes that run past it (Chromium 156 prints them on pages added for them)
  } while (token !== undefined || carry !== undefined || continuing.length > 0);
  // a streamed tree has no fixed boxes (layoutPages): its pages are final as they are yielded
  const complete = stream !== undefined ? pages : withFixedBoxes(withLateSlices(pages, ctx), fixed, ctx, scale, vertical);
  // margin boxes last: counter(pages) needs the page count (CSS Paged Media 3 §5)
  const content = runningContent(complete, running, tree.records, stream === undefined ? undefined : events);
  return withMarginBoxes(complete, ctx, content);
}

/**
 * Keeps the laid-out pages: streamed, each is yielded and kept without its fragments. A class, not a generator function made per pagination: each generator function made
 * per render got a prototype and a map of its own for its generator objects.
 */
class PageKeeper {
  constructor(
    readonly pages: PageLayout[],
    private readonly events: RunningEvent[][],
    private readonly stream: { readonly marginsLater: boolean } | undefined,
    private readonly records: BoxTree['records'],
    private readonly ctx: LayoutContext,
  ) {}

  *keep(page: PageLayout): Generator<LaidOut, void> {
    if (this.stream === undefined) {
      this.pages.push(page);
      return;
    }
    this.events.push(pageEvents(page, this.records));
    yield { kind: 'page', page, marginsLater: this.stream.marginsLater };
    forgetFinished(page.children, this.ctx);
    this.pages.push({ ...page, children: [] });
  }
}

/**
 * Drops the measured inline content (text cut into shaped pieces, and its lines) of the boxes
 * that ended on a finished page: this layout never lays them out again, so a long document
 * keeps the measures of the pages still to come, not of all. A box that does come back (a
 * repeated table header) is measured again.
 */
function forgetFinished(fragments: readonly Fragment[], ctx: LayoutContext): void {
  const stack = [...fragments];
  while (stack.length > 0) {
    const fragment = stack.pop()!;
    if (fragment.kind !== 'box' && fragment.kind !== 'line') continue;
    if (fragment.kind === 'box' && !fragment.continuedAfter && fragment.box.kind === 'block') ctx.caches.inline.delete(fragment.box as InlineFlowBox);
    for (const child of fragment.children) stack.push(child);
  }
}

/**
 * Whether any box makes pages before its own not final: a `position: fixed` box is on every page
 * (CSS2 §9.6.1), and an absolutely positioned box whose offset or height needs its containing
 * block's whole height is split over that block's fragments once the last is laid out (late-slices.ts).
 */
function hasPageSpanningBoxes(tree: BoxTree): boolean {
  return someBox(tree.root, spansPages, undefined);
}

function spansPages(box: Box): boolean {
  return box.kind === 'out-of-flow' && (box.scheme === 'fixed' || (box.scheme === 'absolute' && placedByWholeBlock(box.box.style)));
}

/** The flow of a page after the document's end (only continued footnotes on it). */
const NOTHING_LEFT: LayoutResult = { kind: 'pushed' };

function checkPageLimit(count: number, ctx: LayoutContext): void {
  if (count >= ctx.maxPages) {
    throw limitExceeded('maxPages', ctx.maxPages, `the document has more than ${ctx.maxPages} pages`);
  }
}

/** The context of the next page: its side, its name, and its place in its page group (consecutive pages of one name). */
function namedContext(pages: readonly PageLayout[], name: string | undefined, blank: boolean): PageContext {
  const base = pageContextAt(pages.length, blank);
  const previous = pages[pages.length - 1]?.context;
  const groupIndex = previous !== undefined && previous.name === name ? (previous.groupIndex ?? 0) + 1 : 0;
  // one literal with every key, not `{ ...base, groupIndex }`: on Node 20's V8 a spread followed by
  // more keys gets a new map per call once warm (a map per page, ~45 per report render), and each
  // reader of page contexts went megamorphic (layout/driver/context.ts)
  return { index: base.index, side: base.side, blank: base.blank, name, groupIndex };
}

/**
 * The page area: the page box's content box, inside its margins, border and padding (CSS Paged
 * Media 3 §3.2); `scale` times smaller, its size `1 / scale` times larger, for shrunk content.
 */
function areaOf(style: PageStyle, scale = 1): PageArea {
  const margins = pageMargins(style);
  const insets = pageBoxInsets(style, margins);
  const sum = ([border, padding]: readonly [number, number]): number => border + padding;
  const across = insetsAcross(margins, insets);
  const width = ceiledLayoutLength(style.width, across.x);
  const height = ceiledLayoutLength(style.height, across.y);
  return {
    style, margins, x: wholePixelOrigin(margins.left + sum(insets.left)), y: wholePixelOrigin(margins.top + sum(insets.top)), direction: 'ltr',
    ...(scale === 1 ? { width, height } : enlargedArea(width, height, scale)),
  };
}

/** Below this a length is taken as whole: `624 / (624 / 700)` is 700 and a hair. */
const WHOLE_EPSILON = 1e-6;

/**
 * The page area shrunk content is laid out in, as Chromium prints it: the width `1 / scale` times
 * larger rounded up to a whole pixel, the height in the area's proportion to it rounded down (Blink
 * resizes the page keeping its ratio so: content 700.4px wide on a 624 x 864px area is laid out on
 * 701 x 970px, drawn at 624 / 700.4).
 */
function enlargedArea(width: number, height: number, scale: number): { readonly width: number; readonly height: number } {
  const enlarged = Math.ceil(width / scale - WHOLE_EPSILON);
  return { width: enlarged, height: Math.floor((enlarged * height) / width + WHOLE_EPSILON) };
}

/** Everything between the page's edges and its area, each side's margin, border and padding, across each axis. */
function insetsAcross(margins: PageArea['margins'], insets: ReturnType<typeof pageBoxInsets>): { readonly x: readonly number[]; readonly y: readonly number[] } {
  return { x: [margins.left, margins.right, ...insets.left, ...insets.right], y: [margins.top, margins.bottom, ...insets.top, ...insets.bottom] };
}

/**
 * Chromium prints the page area from a whole pixel, the nearest: with 15mm margins (56.69px) its
 * content starts 57px from the page's left and top edges, with 10mm (37.80px) 38px, with 12.3mm
 * (46.49px) 46px, with 20.2px 20px and with 20.7px 21px (Chromium 156, words' positions in its PDF;
 * a right-aligned word moves as much: the area keeps its width).
 */
function wholePixelOrigin(length: number): number {
  return Math.round(length);
}

/**
 * The initial containing block of absolutely positioned and fixed boxes, as Chromium prints it: the
 * page area in its layout units (the page size rounded to a 64th of a pixel, margins, border and
 * padding cut to one), floored to whole pixels (its LayoutView's layout size): 1px less than the
 * area the flow is laid out in, which is rounded up, for most margins in mm or in — with 1cm margins
 * on a 500px page (424.41px) a `right: 0` box ends 424px from the area's left edge, not 425px.
 */
function initialContainingBlock(area: PageArea, scale: number): PageArea {
  const { style, margins } = area;
  const across = insetsAcross(margins, pageBoxInsets(style, margins));
  const width = flooredLayoutLength(style.width, across.x);
  const height = flooredLayoutLength(style.height, across.y);
  return { ...area, width: Math.min(area.width, width / scale), height: Math.min(area.height, height / scale) };
}

/** The page box's border and padding on each side, px: [border, padding] (percentages of the page box's width, CSS Paged Media 3 §3.2). */
function pageBoxInsets(style: PageStyle, margins: PageArea['margins']): Record<'left' | 'right' | 'top' | 'bottom', readonly [number, number]> {
  const box = style.style;
  const boxWidth = Math.max(0, style.width - margins.left - margins.right);
  const pad = (value: LengthPercentage): number => Math.max(0, resolveLength(value, boxWidth));
  return {
    left: [box.borderLeftWidth, pad(box.paddingLeft)], right: [box.borderRightWidth, pad(box.paddingRight)],
    top: [box.borderTopWidth, pad(box.paddingTop)], bottom: [box.borderBottomWidth, pad(box.paddingBottom)],
  };
}

/**
 * Absolutely positioned boxes whose containing block is the initial one: the page area (CSS2
 * §10.1). One whose content runs past the page end continues at the top of the next page's area
 * (CSS Fragmentation 3 §4.3), first the rest of those split on earlier pages.
 */
function positionedInPage(pending: readonly PendingPositioned[], continuing: readonly AbsoluteContinuation[], { area, icb }: { readonly area: PageArea; readonly icb: PageArea }, ctx: LayoutContext): { fragments: Fragment[]; rest: AbsoluteContinuation[]; pageContent: PageContent[] } {
  const bottom = area.y + area.height;
  const placed = [
    ...continuing.map((rest) => continueAbsolute(rest, icb, area.y, bottom, ctx)),
    ...pending.map((p) => placeAbsolute(p, icb, ctx, bottom)),
  ];
  return { fragments: placed.map((p) => p.fragment), rest: placed.flatMap((p) => (p.rest === undefined ? [] : [p.rest])), pageContent: placed.flatMap((p) => p.pageContent) };
}

/**
 * Fixed boxes (CSS2 §9.6.1): on every page, at the place in the page area they have on the page
 * they come from. In a vertical document they are laid out in the turned page area, as the flow
 * is, and turned onto the page with it.
 */
function withFixedBoxes(pages: PageLayout[], fixed: readonly { content: PageContent; page: number }[], ctx: LayoutContext, scale: number, vertical: VerticalDocument | undefined): PageLayout[] {
  if (fixed.length === 0) return pages;
  const layoutArea = (page: PageLayout): PageArea => {
    const icb = initialContainingBlock(areaOf(page.pageStyle, scale), scale);
    return vertical === undefined ? icb : turnedArea(icb);
  };
  return pages.map((page) => {
    const area = layoutArea(page);
    const boxes = fixed.map(({ content, page: origin }) => {
      const from = layoutArea(pages[origin]!);
      const dx = area.x - from.x;
      const pending = { ...content, staticX: content.staticX + dx, staticRight: content.staticRight + dx, staticY: content.staticY - from.y + area.y };
      return layoutAbsolute(pending, area, ctx);
    });
    return { ...page, children: [...page.children, ...(vertical === undefined ? boxes : turnedOntoPage(boxes, vertical.mode, areaOf(page.pageStyle, scale), 'page'))] };
  });
}

/** `break-before: right` after a right page (and so on) leaves the page between blank (CSS Paged Media 3 §4.2). */
function needsBlankPage(forced: ForcedBreak | undefined, nextIndex: number): boolean {
  const side = pageContextAt(nextIndex).side;
  switch (forced) {
    case 'right': case 'recto': return side === 'left';
    case 'left': case 'verso': return side === 'right';
    default: return false;
  }
}

/** A blank page takes the name of the page after it (CSS Paged Media 3 §4.2). */
function blankPage(context: PageContext, ctx: LayoutContext): PageLayout {
  checkPageLimit(context.index, ctx);
  const area = areaOf(ctx.pageStyle(context));
  return { index: context.index, width: area.style.width, height: area.style.height, pageStyle: area.style, margins: area.margins, children: [], marginBoxes: [], blank: true, context };
}

/** Page margins in px (css/page-margins.ts). */
function pageMargins(page: PageStyle): Sides {
  return pageMarginSides(page, page.width, page.height);
}

function sameToken(a: BreakToken, b: BreakToken): boolean {
  const first = tokenPath(a, []);
  const second = tokenPath(b, []);
  return first.length === second.length && first.every((step, i) => step === second[i]);
}

/**
 * Every position the token resumes at, parallel flows included, appended to `path` (one list for
 * the whole chain: a copy per level made a page of 200 nested blocks cost 50 ms).
 */
function tokenPath(token: BreakToken | undefined, path: (number | string)[]): (number | string)[] {
  if (token === undefined) return path;
  if (token.kind === 'inline') {
    path.push(-1, token.at.index, token.at.tail === undefined ? '' : `tail ${offsetInPiece(token.at)}`, token.consumed ?? 0);
    for (const float of token.floats ?? []) {
      path.push('float');
      tokenPath(float.token, path);
    }
    return path;
  }
  // a box whose height continues makes progress by the height it consumes, a grid row cut over pages by where it is cut
  path.push(token.next, token.consumed ?? 0, token.cutAt ?? 0);
  for (const child of token.children) {
    path.push(child.index);
    tokenPath(child.token, path);
  }
  return path;
}
