/**
 * A grid's items on one page (fragment.ts decides the rows): first the items going on from the
 * page before, at the top, then the items of this page's rows in their areas. An item that
 * reaches past the page end — it spans rows the page does not hold, or its one row is taller
 * than the page — is laid out against the page end and cut there; its break token goes into
 * the grid's, to go on at the top of the next page.
 */
import type { FlexBox } from '../../boxes/types.js';
import type { BoxFragment, Fragment } from '../types.js';
import type { BreakToken, Fragmentainer, LayoutContext, LayoutInput, PageContent, PendingPositioned } from '../contract.js';
import { offsetFragment } from '../fragment.js';
import { boxFragment, withBoxFields } from '../fragment-records.js';
import { marginOrZero, usedBorder, usedPadding } from '../box-model.js';
import type { BaselineEntry } from './baseline.js';
import { alignBaselines, participates } from './baseline.js';
import type { GridItem } from './grid.js';
import { isSubgrid, subgridOn } from './grid.js';
import type { ContainerAlignment } from './items.js';
import { itemWidth, layoutItemInArea, stretchesInRows } from './items.js';
import type { PageRows } from './fragment.js';
import { forcedAtStart, groupEnd, noRows, rowsEnd, rowsForPage, unbreakable } from './fragment.js';
import type { SizedGrid } from './sizing.js';
import { containerAlignment } from './sizing.js';
import type { ParentTracks } from './subgrid.js';
import type { SubgridTracks } from './subgrid.js';
import { providedTracks, subgridTracks, withSubgridTracks } from './subgrid.js';
import { appendAll } from '../../append-all.js';

/** The sized grid's tracks in the container's border-box frame. */
export interface Tracks {
  readonly sized: SizedGrid;
  readonly columnStarts: readonly number[];
  readonly rowStarts: readonly number[];
  readonly contentLeft: number;
  readonly contentTop: number;
  readonly contentWidth: number;
}

/** The grid container being laid out or measured, in one run. */
export interface GridRun {
  readonly box: FlexBox;
  readonly mode: LayoutInput['mode'];
  readonly ctx: LayoutContext;
}

/** The items laid out on this page, in the container's frame. */
export interface PageItems {
  readonly children: Fragment[];
  readonly positioned: PendingPositioned[];
  readonly pageContent: PageContent[];
  first: number | undefined;
  last: number | undefined;
  /** Items going on on the next page, by index. */
  readonly tokens: { index: number; token: BreakToken }[];
  /** The lowest end of an item cut at the page end or going on from the page before, from the content box top. */
  cutBottom: number;
  /** Pieces of items cut at a page end that stretch over their rows: `child` in `children`, `index` of the item. */
  readonly stretched: { readonly child: number; readonly index: number }[];
}

/** The grid's items on this page: its rows, what it carries on to the next page, and how tall it is here. */
export interface LaidPage {
  readonly items: PageItems;
  readonly page: PageRows;
  /** Where the content ends on this page, from the content box top. */
  readonly pageHeight: number;
  readonly breakToken: BreakToken | undefined;
}

/**
 * Lays out the items going on from the page before, then this page's rows (cutting the first
 * that does not fit when its items break inside); undefined when the grid must move whole to the
 * next page. `room` is the space from the content box top to the page end.
 */
export function layoutPage(run: GridRun, t: Tracks, on: { resume: BreakToken | undefined; room: number | undefined; atTop: boolean; discardTopMargins: boolean; notForced?: ReadonlySet<number> }): LaidPage | undefined {
  const { resume, room } = on;
  const sized = t.sized;
  // a forced break its first row carries to its start: it moves to the next page
  if (resume === undefined && room !== undefined && !on.atTop && forcedAtStart(sized) !== undefined) return undefined;
  const items = noItems();
  const next = resume?.kind === 'block' ? resume.next : 0;
  const goOn = resume?.kind === 'block' && room !== undefined && (resume.children.length > 0 || (resume.stretching?.length ?? 0) > 0 || resume.cutAt !== undefined) ? resume : undefined;
  const contentBand = goOn === undefined ? 0 : layoutContinuing(run, t, { continuing: new Map(goOn.children.map((child) => [child.index, child.token])), stretching: goOn.stretching ?? [], next, room: room!, discardTopMargins: on.discardTopMargins }, items);
  // A row cut by the page end goes on with the rest of its size (its items' content may need more), over more pages if it must.
  const cutBefore = goOn?.cutAt;
  const rest = cutBefore === undefined ? 0 : rowsEnd(t.rowStarts, sized.rows, next) - cutBefore;
  const stillCut = cutBefore !== undefined && room !== undefined && rest > room + 0.01;
  const carried = Math.max(contentBand, Math.min(rest, room ?? rest));
  // the row gap stays between what went on from the page before and the next row (as in Chromium)
  const band = carried > 0 && !stillCut ? carried + gapBefore(t, next) : carried;
  const gridRows = { box: run.box, sized, starts: t.rowStarts };
  // the rest of a cut row fills this page too: no row starts on it
  const rows = stillCut ? { ...noRows(gridRows, next), top: band, height: band } : rowsForPage(gridRows, { firstRow: next, top: band, room, atTop: on.atTop, continuing: goOn !== undefined, notForced: on.notForced });
  let page: PageRows;
  if (rows === undefined) {
    // No row fits below what is above the grid: its first row starts here if its items break inside, else the grid moves.
    const none = noRows(gridRows, next);
    page = splitNextRow(run, t, none, { room: room!, reached: false }, items);
    if (page === none) return undefined;
  } else if (room === undefined) {
    layoutRowItems(run, t, rows, room, items);
    page = rows;
  } else {
    page = cutSubgrids(run, t, rows, room, items);
  }
  const tokens = items.tokens.sort((a, b) => a.index - b.index);
  // The row was cut for a forced break an item of it holds, but none broke there: the break went to
  // the item's edge at the page top, where it does not apply (a grid side by side with another in
  // it, its first row's break-before carried to the start), and Chromium keeps the row whole.
  if (rows?.forcedInside === true && tokens.length === 0) return layoutPage(run, t, { ...on, notForced: new Set([...on.notForced ?? [], rows.splitFrom]) });
  reportRowStart(run, t, page, items);
  const more = page.endRow < sized.rows.length;
  const cutAt = stillCut ? cutBefore + room : room !== undefined && page.splitFrom < page.endRow ? page.shift - page.top + room : undefined;
  // Rows keep their sizes, and a cut row fills the page when it goes on; items cut at the page end may reach below the rows.
  const cutRowGoesOn = cutAt !== undefined && rowsEnd(t.rowStarts, sized.rows, page.endRow) > cutAt + 0.01;
  const pageHeight = Math.max(items.cutBottom, cutRowGoesOn ? room! : 0, more || tokens.length > 0 ? page.height : sized.contentHeight - page.shift + page.top);
  const stretching = items.stretched.length === 0 ? [] : stretchPieces(t, { page, pageHeight, cutAt, carried }, items);
  const breakToken: BreakToken | undefined = tokens.length > 0 || stretching.length > 0 || more
    ? { kind: 'block', box: run.box, children: tokens, next: page.endRow, stretching: stretching.length > 0 ? stretching : undefined, cutAt, ...(page.forced !== undefined ? { forced: page.forced } : {}) } : undefined;
  return { items, page, pageHeight, breakToken };
}

/** The gap between row `row` and the one before it (0 for the first row and past the last). */
function gapBefore(t: Tracks, row: number): number {
  if (row <= 0 || row >= t.sized.rows.length) return 0;
  return t.rowStarts[row]! - rowsEnd(t.rowStarts, t.sized.rows, row);
}

/** A subgrid going on from the page before tells its parent where the row it asks about starts on this page (SubgridTracks.rowStart). */
function reportRowStart(run: GridRun, t: Tracks, page: PageRows, items: PageItems): void {
  const asked = providedTracks(run.box, run.ctx)?.rowStart;
  if (asked === undefined) return;
  const row = Math.max(asked.row, page.firstRow);
  // a row after this page's: below everything on it
  const top = row < page.endRow ? page.top + t.rowStarts[row]! - page.shift : Math.max(items.cutBottom, page.height);
  asked.report(top);
}

function noItems(): PageItems {
  return { children: [], positioned: [], pageContent: [], first: undefined, last: undefined, tokens: [], cutBottom: 0, stretched: [] };
}

/**
 * The grid's items by the row they start in, found once per sized grid: a grid laid out page by
 * page looked at every item on every page (n items over n/30 pages: n²/30).
 */
const BY_START_ROW = new WeakMap<SizedGrid, readonly (readonly number[])[]>();

/** The indices, in order, of the items starting in rows [from, to). */
function startingIn(sized: SizedGrid, from: number, to: number): Iterable<number> {
  // a grid on one page (most grids): every item, in order, indexed by nothing
  if (from === 0 && to >= sized.rows.length) return sized.grid.items.keys();
  let byRow = BY_START_ROW.get(sized);
  if (byRow === undefined) {
    const rows: number[][] = Array.from({ length: sized.rows.length }, () => []);
    sized.grid.items.forEach((item, index) => rows[item.area.rowStart]?.push(index));
    BY_START_ROW.set(sized, byRow = rows);
  }
  if (to - from === 1) return byRow[from] ?? [];
  const indices: number[] = [];
  for (let row = from; row < to; row++) appendAll(indices, byRow[row] ?? []);
  return indices.sort((a, b) => a - b);
}

/** One item's place on this page: `y` from the content box top, its area's height (Infinity when cut by the page end). */
interface ItemPlace {
  readonly index: number;
  readonly item: GridItem;
  readonly y: number;
  readonly height: number;
  readonly fragmentainer: Fragmentainer | undefined;
  readonly resume: BreakToken | undefined;
  /** For a subgrid going on from the page before: where its row of the grid's first row not started begins (SubgridTracks.rowStart). */
  readonly rowStart?: SubgridTracks['rowStart'];
}

/** What every item of the page shares. */
interface PageRun {
  readonly run: GridRun;
  readonly t: Tracks;
  readonly alignment: ContainerAlignment;
}

function pageRun(run: GridRun, t: Tracks): PageRun {
  return { run, t, alignment: containerAlignment(run.box.style) };
}

/** The tracks as laid out, for subgrids: each gutter with the space content distribution put in it. */
function parentTracks(t: Tracks, direction: 'ltr' | 'rtl'): ParentTracks {
  const gutter = (starts: readonly number[], sizes: readonly number[], gap: number): number => (sizes.length > 1 ? starts[1]! - starts[0]! - sizes[0]! : gap);
  return {
    grid: t.sized.grid,
    columns: { sizes: t.sized.columns, gap: gutter(t.columnStarts, t.sized.columns, t.sized.columnGap) },
    rows: { sizes: t.sized.rows, gap: gutter(t.rowStarts, t.sized.rows, t.sized.rowGap) },
    direction,
  };
}

/**
 * Lays one item out at its place and adds it to `out`; returns its first baseline (container
 * frame) and where its escaping boxes start in `out`, or undefined when nothing of it was placed.
 */
function placeItem(p: PageRun, place: ItemPlace, out: PageItems): { baseline: number; from: { positioned: number; pageContent: number } } | undefined {
  const { run: { mode, ctx }, t } = p;
  const { item } = place;
  const width = rowsEnd(t.columnStarts, t.sized.columns, item.area.columnEnd) - t.columnStarts[item.area.columnStart]!;
  // Columns run from the right in a right-to-left grid.
  const start = t.columnStarts[item.area.columnStart]!;
  const x = t.contentLeft + (p.alignment.direction === 'rtl' ? t.contentWidth - start - width : start);
  const area = { area: { width, height: place.height }, container: p.alignment };
  const run = { mode, fragmentainer: place.fragmentainer, resume: place.resume };
  const tracks = isSubgrid(item.box) ? subgridTracks(item, parentTracks(t, p.alignment.direction), width) : undefined;
  const placed = tracks !== undefined
    ? withSubgridTracks(item.box, place.rowStart === undefined ? tracks : { ...tracks, rowStart: place.rowStart }, ctx, () => layoutItemInArea(item.box, area, run, ctx))
    : layoutItemInArea(item.box, area, run, ctx);
  if (placed === undefined) return undefined;
  const f = placed.output.fragment;
  if (placed.output.breakToken !== undefined) out.tokens.push({ index: place.index, token: placed.output.breakToken });
  if (place.fragmentainer !== undefined) out.cutBottom = Math.max(out.cutBottom, place.y + placed.dy + f.y + f.height);
  const dx = x + placed.dx;
  const dy = t.contentTop + place.y + placed.dy;
  const moved = <P extends PendingPositioned>(q: P): P => ({ ...q, staticX: q.staticX + dx, staticY: q.staticY + dy, staticRight: q.staticRight + dx });
  const from = { positioned: out.positioned.length, pageContent: out.pageContent.length };
  out.children.push(offsetFragment(f, dx, dy));
  if (place.fragmentainer !== undefined && stretchesInRows(item.box, p.alignment)) out.stretched.push({ child: out.children.length - 1, index: place.index });
  appendAll(out.positioned, placed.output.positioned.map(moved));
  appendAll(out.pageContent, placed.output.pageContent.map(moved));
  if (placed.output.baselines.last !== undefined) out.last = dy + f.y + placed.output.baselines.last;
  return { baseline: dy + f.y + (placed.output.baselines.first ?? f.height), from };
}

/**
 * The items going on from the page before (`continuing`, by index), laid out against the end of
 * this page (`room`): first those whose rows all ended before `next`, at the top; then those
 * spanning rows after it, below the former that are in rows above theirs. Returns where the row
 * `next` starts: below what the former carried over, and no higher than the latter need.
 */
function layoutContinuing(run: GridRun, t: Tracks, on: { continuing: ReadonlyMap<number, BreakToken>; stretching: readonly number[]; next: number; room: number; discardTopMargins: boolean }, out: PageItems): number {
  const p = pageRun(run, t);
  const items = t.sized.grid.items;
  // their margins at the page top are truncated after an unforced break, kept after a forced one (CSS Fragmentation 3 §5.2)
  const at = (y: number): Fragmentainer => ({ bottom: on.room - y, atTop: true, discardTopMargins: on.discardTopMargins });
  let band = 0;
  const above: { rowEnd: number; bottom: number }[] = [];
  const place = (index: number, y: number, token: BreakToken, rowStart: ItemPlace['rowStart']): number => {
    const before = out.cutBottom;
    out.cutBottom = 0;
    placeItem(p, { index, item: items[index]!, y, height: Infinity, fragmentainer: at(y), resume: token, rowStart }, out);
    const bottom = out.cutBottom;
    out.cutBottom = Math.max(before, bottom);
    return bottom;
  };
  for (const [index, token] of on.continuing) {
    const item = items[index]!;
    if (item.area.rowEnd > on.next) continue;
    const bottom = place(index, 0, token, undefined);
    above.push({ rowEnd: item.area.rowEnd, bottom });
    band = Math.max(band, bottom);
  }
  const below = (item: GridItem): number => above.reduce((y, a) => (a.rowEnd <= item.area.rowStart ? Math.max(y, a.bottom) : y), 0);
  for (const index of on.stretching) emptyPiece(p, index, below(items[index]!), out);
  for (const [index, token] of on.continuing) {
    const item = items[index]!;
    if (item.area.rowEnd <= on.next) continue;
    const y = below(item);
    // a subgrid starts the grid's row `next` below what it carried over: so does the grid
    const rowStart = subgridOn(item.box, 'rows') ? { row: on.next - item.area.rowStart, report: (top: number): void => { band = Math.max(band, y + top); } } : undefined;
    const bottom = place(index, y, token, rowStart);
    // what goes on of another item spanning rows after `next` may need more than those rows (widows, a taller rest): they move down
    if (rowStart === undefined) band = Math.max(band, bottom - (rowsEnd(t.rowStarts, t.sized.rows, item.area.rowEnd) - t.rowStarts[on.next]!));
  }
  return band;
}

/** The piece of a stretched item whose content is done, on a page its rows go on to: an empty box, sized by stretchPieces. */
function emptyPiece(p: PageRun, index: number, y: number, out: PageItems): void {
  const { t, alignment } = p;
  const item = t.sized.grid.items[index]!;
  const style = item.box.style;
  const areaWidth = rowsEnd(t.columnStarts, t.sized.columns, item.area.columnEnd) - t.columnStarts[item.area.columnStart]!;
  const start = t.columnStarts[item.area.columnStart]!;
  const areaX = t.contentLeft + (alignment.direction === 'rtl' ? t.contentWidth - start - areaWidth : start);
  const marginLeft = marginOrZero(style.marginLeft, areaWidth);
  const marginRight = marginOrZero(style.marginRight, areaWidth);
  const width = itemWidth(item.box, areaWidth, alignment, p.run.ctx) ?? areaWidth - marginLeft - marginRight;
  const x = areaX + (alignment.direction === 'rtl' ? areaWidth - marginRight - width : marginLeft);
  const border = usedBorder(style);
  const padding = usedPadding(style, areaWidth);
  out.children.push(boxFragment({
    box: item.box, style, x, y: t.contentTop + y, width, height: 0,
    border: { ...border, top: 0, bottom: 0 }, padding: { ...padding, top: 0, bottom: 0 },
    children: [], continuedBefore: true, continuedAfter: true,
  }));
  out.stretched.push({ child: out.children.length - 1, index });
}

/**
 * Stretches the pieces of items cut at a page end over the part of their rows on this page
 * (`pageHeight`: where the grid's content ends on it; `carried`: where what went on from the page
 * before ends), as Chromium draws a stretched item's box
 * on every page its rows reach, and returns the items whose content is done but whose rows go
 * on: they are drawn empty on the next page (emptyPiece).
 */
function stretchPieces(t: Tracks, on: { page: PageRows; pageHeight: number; cutAt: number | undefined; carried: number }, out: PageItems): number[] {
  const { page, pageHeight, cutAt } = on;
  const items = t.sized.grid.items;
  // The cut rows go on when their items' content does, or their size reaches past the cut.
  const sizeGoesOn = (limit: number): boolean => cutAt !== undefined && rowsEnd(t.rowStarts, t.sized.rows, limit) > cutAt + 0.01;
  const rowGoesOn = (limit: number): boolean => out.tokens.some((token) => items[token.index]!.area.rowEnd <= limit) || sizeGoesOn(limit);
  const stretching: number[] = [];
  for (const { child, index } of out.stretched) {
    const item = items[index]!;
    const rowEnd = item.area.rowEnd;
    let end = pageHeight;
    let goesOn: boolean;
    const hasToken = out.tokens.some((token) => token.index === index);
    if (rowEnd > page.endRow) goesOn = true;
    else if (rowEnd <= page.firstRow) goesOn = page.endRow === page.firstRow && rowGoesOn(page.firstRow);
    // in cut rows: its area goes on if its content does or its rows reach past the cut; else it ends with its rows
    // (a row that fits goes on too when an item of it broke inside: at a forced break)
    else if (rowEnd > page.splitFrom && (hasToken || cutAt === undefined || sizeGoesOn(rowEnd) || rowGoesOn(rowEnd))) goesOn = hasToken || rowGoesOn(page.endRow);
    else {
      end = Math.min(pageHeight, page.top + rowsEnd(t.rowStarts, t.sized.rows, rowEnd) - page.shift);
      goesOn = false;
    }
    // (what went on from the page before ends above the row gap before this page's first row)
    if (rowEnd <= page.firstRow && page.endRow > page.firstRow) end = on.carried;
    const f = out.children[child] as BoxFragment;
    // (one whose content is done and whose rows go on only for another item's content, as at a
    // forced break inside it, ends its undrawn bottom edges above the page end, as Chromium prints it)
    const doneEdges = goesOn && !hasToken && rowEnd <= page.endRow && !sizeGoesOn(rowEnd) ? usedBorder(item.box.style).bottom + usedPadding(item.box.style, f.width).bottom : 0;
    const bottom = t.contentTop + end - (goesOn ? doneEdges : marginOrZero(item.box.style.marginBottom, f.width));
    const height = Math.max(f.height, bottom - f.y);
    if (goesOn && !hasToken) stretching.push(index);
    if (goesOn && !f.continuedAfter) {
      out.children[child] = withBoxFields(f, { height, border: { ...f.border, bottom: 0 }, padding: { ...f.padding, bottom: 0 }, continuedAfter: true });
    } else if (!goesOn && f.continuedAfter && f.children.length === 0 && !hasToken) {
      // The last empty piece: its rows end here, with the box's bottom edges.
      const border = usedBorder(item.box.style);
      const padding = usedPadding(item.box.style, f.width);
      out.children[child] = withBoxFields(f, { height: Math.max(height, border.bottom + padding.bottom), border: { ...f.border, bottom: border.bottom }, padding: { ...f.padding, bottom: padding.bottom }, continuedAfter: false });
    } else if (height > f.height) {
      out.children[child] = withBoxFields(f, { height });
    }
  }
  return stretching;
}

/**
 * Each item starting in this page's rows, in its area; those reaching past the page end (the
 * rows after `endRow` are not here, or the row is split) are cut at `room`, except row subgrids
 * spanning rows after the page's: those are returned, for cutSubgrids. Sets the first row's
 * baseline (its shared one, else its first item's, synthesized from its bottom, §10.8).
 */
function layoutRowItems(run: GridRun, t: Tracks, page: PageRows, room: number | undefined, out: PageItems): number[] {
  const p = pageRun(run, t);
  const style = run.box.style;
  const baselineEntries: BaselineEntry[] = [];
  let firstRowBaseline: number | undefined;
  const deferred: number[] = [];
  for (const index of startingIn(t.sized, page.firstRow, page.endRow)) {
    const item = t.sized.grid.items[index]!;
    const y = page.top + t.rowStarts[item.area.rowStart]! - page.shift;
    const cut = room !== undefined && (item.area.rowStart >= page.splitFrom || item.area.rowEnd > page.endRow);
    if (cut && item.area.rowStart < page.splitFrom && subgridOn(item.box, 'rows')) {
      deferred.push(index);
      continue;
    }
    const height = cut ? Infinity : rowsEnd(t.rowStarts, t.sized.rows, item.area.rowEnd) - t.rowStarts[item.area.rowStart]!;
    // An item cut at the page end always places something: it starts on this page.
    const fragmentainer = cut ? { bottom: room - y, atTop: true, discardTopMargins: false } : undefined;
    const placed = placeItem(p, { index, item, y, height, fragmentainer, resume: undefined }, out);
    if (placed === undefined) continue;
    if (item.area.rowStart === page.firstRow) firstRowBaseline ??= placed.baseline;
    if (!cut && participates(item.box.style, style.alignItems)) {
      baselineEntries.push({
        row: item.area.rowStart, baseline: placed.baseline, child: out.children.length - 1,
        positioned: [placed.from.positioned, out.positioned.length],
        pageContent: [placed.from.pageContent, out.pageContent.length],
      });
    }
  }
  out.first = alignBaselines(baselineEntries, out).get(page.firstRow) ?? firstRowBaseline;
  return deferred;
}

/**
 * A row subgrid spanning rows past this page's (`deferred` by layoutRowItems) shares them with
 * the grid: it is cut where the grid's rows are. Laid out against the page end first; if it
 * places content in the row after the page's rows, that row is cut (splitNextRow); if the row
 * moves to the next page instead, the subgrid is laid out again against the page's last row line,
 * so that none of its items stays in a row the grid moved (the content of a row that fits, or only
 * its bottom edges, would otherwise be left behind).
 */
function cutSubgrids(run: GridRun, t: Tracks, rows: PageRows, room: number, out: PageItems): PageRows {
  const deferred = layoutRowItems(run, t, rows, room, out);
  const p = pageRun(run, t);
  const place = (bottom: number, into: PageItems): void => {
    for (const index of deferred) {
      const item = t.sized.grid.items[index]!;
      const y = rows.top + t.rowStarts[item.area.rowStart]! - rows.shift;
      placeItem(p, { index, item, y, height: Infinity, fragmentainer: { bottom: bottom - y, atTop: true, discardTopMargins: false }, resume: undefined }, into);
    }
  };
  const atPageEnd = noItems();
  place(room, atPageEnd);
  // content past the grid's last row line: the subgrid cut its row, or went on with rows or items after it
  const reaches = atPageEnd.tokens.some(({ index, token }) => token.kind === 'block'
    && (token.cutAt !== undefined || token.children.length > 0 || t.sized.grid.items[index]!.area.rowStart + token.next > rows.endRow));
  const page = splitNextRow(run, t, rows, { room, reached: reaches }, out);
  if (deferred.length === 0) return page;
  if (page.endRow > rows.endRow) {
    mergeItems(atPageEnd, out);
  } else {
    const atRowLine = noItems();
    place(rows.height, atRowLine);
    mergeItems(atRowLine, out);
  }
  return page;
}

/** Adds items laid out apart (`from`) to the page's. */
function mergeItems(from: PageItems, out: PageItems): void {
  const offset = out.children.length;
  appendAll(out.children, from.children);
  appendAll(out.positioned, from.positioned);
  appendAll(out.pageContent, from.pageContent);
  appendAll(out.tokens, from.tokens);
  appendAll(out.stretched, from.stretched.map((s) => ({ child: s.child + offset, index: s.index })));
  out.cutBottom = Math.max(out.cutBottom, from.cutBottom);
  out.last = from.last ?? out.last;
}

/**
 * The row that does not fit below this page's rows, cut by the page end when its items break
 * inside (as Chromium splits a row of text): its items are laid out against the page end, and
 * kept only if one of them breaks and none has to move whole to the next page — one that cannot
 * be laid out there, or one that avoids breaks inside and would break (then the row moves, as before). Returns the page with the row, or the page as it was.
 */
function splitNextRow(run: GridRun, t: Tracks, page: PageRows, at: { readonly room: number; readonly reached: boolean }, out: PageItems): PageRows {
  const { room, reached } = at;
  const row = page.endRow;
  const y = page.top + t.rowStarts[row]! - page.shift;
  if (row >= t.sized.rows.length || page.splitFrom !== row || page.forced !== undefined || room - y < 1) return page;
  const end = groupEnd(t.sized, row);
  const p = pageRun(run, t);
  const trial = noItems();
  // Items spanning into the row from above that broke at the page end cut it already.
  let whole = !reached && !out.tokens.some((token) => t.sized.grid.items[token.index]!.area.rowEnd > row);
  for (const index of startingIn(t.sized, row, end)) {
    const item = t.sized.grid.items[index]!;
    const at = y + t.rowStarts[item.area.rowStart]! - t.rowStarts[row]!;
    const fragmentainer: Fragmentainer = { bottom: room - at, atTop: false, discardTopMargins: false };
    if (placeItem(p, { index, item, y: at, height: Infinity, fragmentainer, resume: undefined }, trial) === undefined) return page;
    // one that avoids breaks inside (or cannot break) and did not fit takes its row to the next page, as in Chromium
    if (unbreakable(item) && trial.tokens.some((token) => token.index === index)) return page;
    if (trial.tokens.length > 0) whole = false;
  }
  // A subgrid's rows are its parent's, cut where the parent's are: its row never moves alone.
  if (whole && providedTracks(run.box, run.ctx)?.rows === undefined) return page;
  mergeItems(trial, out);
  return { ...page, endRow: end };
}
