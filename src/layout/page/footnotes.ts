/**
 * The footnote area of a page (CSS GCPM 3 §2.2): the bodies of the footnotes whose calls are on
 * the page, stacked at the bottom of the page area in a box styled by `@page { @footnote {...} }`.
 *
 * The room they take is found by laying the page out again (layoutWithFootnotes). A line whose
 * footnote does not fit then no longer fits itself, so it moves to the next page with its call
 * (§2.5); the room its footnote would have taken stays empty on this page.
 */
import type { BlockBox, BlockLevelBox, InlineBox, InlineLevelBox, TextBox } from '../../boxes/types.js';
import type { ComputedStyle, PageContext } from '../../css/types.js';
import type { BottomLimit, BreakToken, LayoutContext, LayoutResult, PageContent, PendingPositioned } from '../contract.js';
import { placeAbsolute } from '../positioned.js';
import type { BoxFragment, Fragment } from '../types.js';
import { cacheKey, layoutBox } from '../contract.js';
import { EMPTY_STRUT } from '../margins.js';
import { NO_EXCLUSIONS } from '../exclusions.js';
import { offsetFragment } from '../fragment.js';
import { marginOrZero, resolveMaxSize, usedBorder, usedPadding } from '../box-model.js';
import { anonymousStyleOf } from '../../css/compute.js';
import { withBoxFields } from '../fragment-records.js';

/** The footnote area's styles, cloned at every break (`box-decoration-break: clone`), one per page style. */
const AREA_STYLES = cacheKey('footnote area styles', () => new WeakMap<ComputedStyle, ComputedStyle>());

/** Most layouts of one page while looking for the room its footnotes need. */
const MAX_ATTEMPTS = 5;

export interface FootnoteArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PageWithFootnotes {
  readonly result: LayoutResult;
  /** The footnote area's fragment at the bottom of the page area; undefined without footnotes. */
  readonly footnotes: Fragment | undefined;
  /** What of the notes did not fit this page's area: it continues in the next page's. */
  readonly carry: FootnoteCarry | undefined;
  /** Absolutely positioned boxes of the notes, placed in the page area (their containing block), and their page content. */
  readonly positioned: readonly Fragment[];
  readonly pageContent: readonly PageContent[];
}

/**
 * Notes that continue in the next page's footnote area (CSS GCPM 3 §2.5): the area's children
 * from the first one not finished, and where that one resumes (undefined: not started).
 */
export interface FootnoteCarry {
  readonly children: readonly BlockLevelBox[];
  readonly token: BreakToken | undefined;
}

/** What a page's flow is laid out with: the room left at its bottom, and where lines may end. */
export interface FootnoteRoom {
  readonly reserve: number;
  readonly limits: readonly BottomLimit[] | undefined;
}

/**
 * Lays a page's flow out (`lay` takes the room to leave for footnotes) and its footnotes below it.
 * Each attempt reserves what the footnotes of the previous one need, call by call: the content
 * above the first call may use the whole page (less the notes continued from the page before);
 * lines and block-level boxes from a call on end above the area holding the notes up to that
 * call. The content of an attempt is then a prefix of the previous one's, so the notes it has
 * are laid out exactly as the room reserved for them (calls in columns: keepColumns). The area
 * is at most `max-height` tall (and never taller than the room the text leaves): the notes past
 * it continue on the next page, their calls staying here.
 */
export function layoutWithFootnotes(
  lay: (room: FootnoteRoom) => LayoutResult, area: FootnoteArea, context: PageContext, ctx: LayoutContext, carry: FootnoteCarry | undefined,
): PageWithFootnotes {
  const style = areaStyle(context, ctx);
  const limit = areaLimit(style, area);
  const notes: NotesArea = { area, style, carry };
  const heights = new PrefixHeights(notes, ctx, limit);
  let room: FootnoteRoom = { reserve: heights.of([], 0), limits: undefined };
  let previous: readonly PageContent[] = [];
  for (let attempt = 1; ; attempt++) {
    const result = lay(room);
    const calls = callsOf(result);
    if (attempt > 1 && isPrefixOf(calls, previous)) {
      const kept = keepColumns(lay, calls, previous, (some) => roomFor(some, heights)) ?? { result, calls };
      return withArea(kept.result, notes, kept.calls.map((item) => item.placeholder.box), ctx, limit);
    }
    if ((calls.length === 0 && carry === undefined) || attempt >= MAX_ATTEMPTS) {
      return withArea(result, notes, calls.map((item) => item.placeholder.box), ctx, limit);
    }
    if (calls.length === 0) return withArea(result, notes, [], ctx, limit);
    room = roomFor(calls, heights);
    previous = calls;
  }
}

/** A page's footnote area: where it is, its style, and the notes carried on from the page before. */
interface NotesArea {
  readonly area: FootnoteArea;
  readonly style: ComputedStyle;
  readonly carry: FootnoteCarry | undefined;
}

/** The page with its footnote area: no taller than the room below the text, the rest carried on. */
function withArea(result: LayoutResult, notes: NotesArea, bodies: readonly BlockLevelBox[], ctx: LayoutContext, limit: number): PageWithFootnotes {
  const { area, style, carry } = notes;
  if (bodies.length === 0 && carry === undefined) return { result, footnotes: undefined, carry: undefined, positioned: [], pageContent: [] };
  const textEnd = result.kind === 'placed' ? result.fragment.y + result.fragment.height : area.y;
  const room = Math.max(0, Math.min(limit, area.y + area.height - textEnd));
  const laid = layoutArea(notes, bodies, ctx, room);
  if (laid.fragment === undefined) return { result, footnotes: undefined, carry: laid.rest, positioned: [], pageContent: [] };
  const shift = area.y + area.height - laid.height;
  const block = { ...area, direction: style.direction };
  const positioned = laid.positioned.map((p) => placeAbsolute({ ...p, staticY: p.staticY + shift }, block, ctx, undefined));
  return {
    result, footnotes: offsetFragment(laid.fragment, 0, shift), carry: laid.rest,
    positioned: positioned.map((p) => p.fragment), pageContent: positioned.flatMap((p) => p.pageContent),
  };
}

function callsOf(result: LayoutResult): PageContent[] {
  return result.kind === 'placed' ? result.pageContent.filter((item) => item.kind === 'footnote') : [];
}

/**
 * Calls in columns that left the page because the room for their notes shortened the columns
 * (balancing moves more than their lines): as WeasyPrint does, the columns keep what they hold
 * with room for the notes of the calls that stayed, and the notes past that room go to the next
 * page's area, their calls staying here. Undefined (the calls' lines move) when a call outside
 * columns is concerned.
 */
function keepColumns(
  lay: (room: FootnoteRoom) => LayoutResult, calls: readonly PageContent[], previous: readonly PageContent[], roomOf: (calls: readonly PageContent[]) => FootnoteRoom,
): { result: LayoutResult; calls: readonly PageContent[] } | undefined {
  const inColumns = (list: readonly PageContent[]): boolean => list.length > 0 && list.every((call) => call.inColumns === true);
  if (!inColumns(previous.slice(calls.length))) return undefined;
  const result = lay(roomOf(calls));
  const kept = callsOf(result);
  return isPrefixOf(calls, kept) && inColumns(kept.slice(calls.length)) ? { result, calls: kept } : undefined;
}

function isPrefixOf(calls: readonly PageContent[], previous: readonly PageContent[]): boolean {
  return calls.length <= previous.length && calls.every((call, i) => call.placeholder.box === previous[i]!.placeholder.box);
}

/**
 * The room the notes of `calls` take, note after note: one limit for the lines from each call on.
 * Of calls on one line only the last one's limit is ever read (bottomAt takes the last limit at
 * or above a line), so the area is laid out for those only: the work grows with the lines that
 * have calls, not with the calls.
 */
function roomFor(calls: readonly PageContent[], heights: PrefixHeights): FootnoteRoom {
  const bottom = heights.notes.area.y + heights.notes.area.height;
  const bodies = calls.map((c) => c.placeholder.box);
  let reserve = heights.of(bodies, 0);
  const limits: BottomLimit[] = [{ y: -Infinity, bottom: bottom - reserve }];
  for (let i = 0; i < calls.length; i++) {
    const y = calls[i]!.staticY;
    const overridden = i + 1 < calls.length && Math.abs(calls[i + 1]!.staticY - y) < 0.001;
    if (overridden) continue;
    reserve = heights.of(bodies, i + 1);
    limits.push({ y, bottom: bottom - reserve });
  }
  return { reserve, limits };
}

/**
 * The heights of a page's footnote area holding the first notes of a list of calls. The attempts
 * at a page mostly keep a prefix of the calls before, so the heights of the prefix they share are
 * kept: without that each attempt lays the area out again once per line with a call.
 */
class PrefixHeights {
  private bodies: readonly BlockLevelBox[] = [];
  private readonly known = new Map<number, number>();

  constructor(readonly notes: NotesArea, private readonly ctx: LayoutContext, private readonly limit: number) {}

  /** The area's margin-box height with the first `count` of `bodies`. */
  of(bodies: readonly BlockLevelBox[], count: number): number {
    if (count === 0 && this.notes.carry === undefined) return 0;
    const shared = sharedPrefix(this.bodies, bodies);
    if (shared < bodies.length) {
      for (const k of [...this.known.keys()]) if (k > shared) this.known.delete(k);
      this.bodies = bodies;
    }
    let height = this.known.get(count);
    if (height === undefined) {
      height = layoutArea(this.notes, bodies.slice(0, count), this.ctx, this.limit).height;
      this.known.set(count, height);
    }
    return height;
  }
}

function sharedPrefix(a: readonly BlockLevelBox[], b: readonly BlockLevelBox[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * `@footnote` of the page's rules, else a plain block inheriting from the page. Each page's area
 * is a whole box (its border and padding also where notes continue from the page before).
 */
function areaStyle(context: PageContext, ctx: LayoutContext): ComputedStyle {
  const own = ctx.marginBoxStyle?.(context, 'footnote') ?? ctx.pageStyle(context).style;
  const style = own === ctx.pageStyle(context).style ? anonymousStyleOf(own, 'block') : own;
  const clonedStyles = ctx.caches.of(AREA_STYLES);
  let cloned = clonedStyles.get(style);
  if (cloned === undefined) {
    cloned = { ...style, boxDecorationBreak: 'clone' };
    clonedStyles.set(style, cloned);
  }
  return cloned;
}

/** The most the area's margin box may take (at y = 0): the page area, or less by `max-height`. */
function areaLimit(style: ComputedStyle, area: FootnoteArea): number {
  const max = maxBorderBox(style, area);
  if (max === Infinity) return area.height;
  const margins = marginOrZero(style.marginTop, area.width) + marginOrZero(style.marginBottom, area.width);
  return Math.min(area.height, margins + max);
}

/** The tallest border box `max-height` allows the area (Infinity without one). */
function maxBorderBox(style: ComputedStyle, area: FootnoteArea): number {
  const max = resolveMaxSize(style.maxHeight, area.height);
  if (max === Infinity) return Infinity;
  const border = usedBorder(style);
  const padding = usedPadding(style, area.width);
  const edges = border.top + border.bottom + padding.top + padding.bottom;
  return style.boxSizing === 'border-box' ? Math.max(max, edges) : max + edges;
}

interface LaidArea {
  /** Undefined when no note could start in the area. */
  readonly fragment: BoxFragment | undefined;
  /** Its margin-box height. */
  readonly height: number;
  readonly rest: FootnoteCarry | undefined;
  readonly positioned: readonly PendingPositioned[];
}

/**
 * The area laid out at y = 0 (its margin box) within `limit`: the notes carried from the page
 * before, then `bodies`. Each page's area is a box of its own (CSS GCPM 3 §2.2, as in
 * WeasyPrint): its margins, border and padding are on every page, and it is at most `max-height`
 * tall. The notes carried from the page before make progress, as content at the top of a page
 * does (a note taller than the area then overflows it, cut by the page's edge); a new note that
 * cannot start in the room left waits for the next page's area, its call staying here.
 */
function layoutArea(notes: NotesArea, bodies: readonly BlockLevelBox[], ctx: LayoutContext, limit: number): LaidArea {
  const { area, style, carry } = notes;
  const children = [...(carry?.children ?? []), ...withInlineNotes(bodies, style)];
  const box: BlockBox = { kind: 'block', outer: 'block', style, element: undefined, pseudo: undefined, children, inlineContent: false };
  const resume: BreakToken | undefined = carry?.token === undefined ? undefined : { kind: 'block', box, children: [{ index: 0, token: carry.token }], next: 1 };
  const marginTop = marginOrZero(style.marginTop, area.width);
  const marginBottom = marginOrZero(style.marginBottom, area.width);
  const laid = layoutBox(box, {
    mode: 'layout', available: area.width, containingWidth: area.width, containingHeight: undefined,
    // a resumed block drops its top margin; this page's area has its own
    x: area.x, y: resume === undefined ? 0 : marginTop, strut: EMPTY_STRUT, exclusions: NO_EXCLUSIONS,
    fragmentainer: { bottom: limit - marginBottom, atTop: carry !== undefined, discardTopMargins: false, endsWithContent: true },
  }, ctx, resume);
  if (laid.kind !== 'placed') return { fragment: undefined, height: 0, rest: { children, token: undefined }, positioned: [] };
  const fragment = withBoxFields(laid.fragment, { height: Math.min(laid.fragment.height, maxBorderBox(style, area)) });
  const height = fragment.y + fragment.height + marginBottom;
  return { fragment, height, rest: restOf(children, laid.breakToken), positioned: laid.positioned };
}

/** The area's children still to lay out after `token` (where the area broke), and where the first resumes. */
function restOf(children: readonly BlockLevelBox[], token: BreakToken | undefined): FootnoteCarry | undefined {
  if (token === undefined || token.kind !== 'block') return undefined;
  const resuming = token.children[0];
  const first = resuming?.index ?? token.next;
  if (first >= children.length) return undefined;
  return { children: children.slice(first), token: resuming?.token };
}

/**
 * `footnote-display: inline` (CSS GCPM 3 §2.6): consecutive inline notes share lines, in an
 * anonymous block; a note whose content is not only inline stays a block.
 */
function withInlineNotes(bodies: readonly BlockLevelBox[], style: ComputedStyle): BlockLevelBox[] {
  const result: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  const flush = (): void => {
    if (run.length > 0) result.push({ kind: 'block', outer: 'block', style: anonymousStyleOf(style, 'block'), element: undefined, pseudo: undefined, children: run, inlineContent: true });
    run = [];
  };
  for (const body of bodies) {
    if (body.kind === 'block' && body.inlineContent && body.style.footnoteDisplay === 'inline') {
      const inline: InlineBox = { kind: 'inline', style: { ...body.style, display: 'inline' }, element: body.element, pseudo: body.pseudo, children: body.children };
      if (run.length > 0) run.push(space(inline.style));
      run.push(inline);
      continue;
    }
    flush();
    result.push(body);
  }
  flush();
  return result;
}

function space(style: ComputedStyle): TextBox {
  return { kind: 'text', text: ' ', style, element: undefined, pseudo: undefined };
}
