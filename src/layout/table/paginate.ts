/**
 * The rows of a table on one page (CSS Fragmentation 3 §4.4; CSS Tables 3 §3.12): the header
 * group first (repeated on every page after the first), then body rows while they fit above the
 * footer group (repeated at the bottom of every page), a row that does not fit the rest of the
 * page broken where it stands when its cells can break there (splitInPlace), forced breaks before
 * and after rows and row groups, and `break-inside: avoid` on rows, row groups and cells. A break may
 * fall between rows joined by a row-spanning cell, as in Chromium 156: the cell continues on the
 * next page in the rows it still spans.
 */
import type { BreakValue } from '../../css/types.js';
import type { BreakToken, ForcedBreak, LayoutContext } from '../contract.js';
import { avoidsBreak, forcedBreakOf } from '../break-token.js';
import type { TableGeometry } from './geometry.js';
import type { TablePlan } from './plan.js';
import type { LaidCell, LaidRow } from './rows.js';
import { finishedCell, layoutCell, layoutRow, splitRowInPlace } from './rows.js';
import type { GridRow } from './grid.js';
import { cellsSpanningInto } from './grid.js';
import { rowsAhead } from './rows-ahead.js';

export interface PlacedRow {
  readonly laid: LaidRow;
  /** From the table's border-box top. */
  readonly y: number;
  readonly height: number;
  /** Cells spanning into this row from a row on an earlier page: the rest of their content, or their empty box. */
  readonly carried: readonly LaidCell[];
}

export interface RowsOnPage {
  /** In display order: header rows, body rows, footer rows. */
  readonly rows: readonly PlacedRow[];
  /** The y after the last row and its spacing. */
  readonly contentBottom: number;
  /** Where the table's top edge ends (0 on a continuation in the separated model: its border is sliced). */
  readonly topEdge: number;
  readonly breakToken: Extract<BreakToken, { kind: 'block' }> | undefined;
  /** The body row that continues here from the page before, split inside its cells. */
  readonly resumedRow: number | undefined;
}

type TableToken = Extract<BreakToken, { kind: 'block' }>;

/** The table's token resumes row `next`; a child with that index splits it, children before it are row-spanning cells carried over. */
export function splitRowOf(token: BreakToken | undefined): TableToken['children'][number] | undefined {
  return token?.kind === 'block' ? token.children.find((child) => child.index === token.next) : undefined;
}

export interface PaginateRequest {
  readonly plan: TablePlan;
  readonly geometry: TableGeometry;
  readonly mode: 'layout' | 'measure';
  readonly ctx: LayoutContext;
  readonly resume: BreakToken | undefined;
  /** The fragmentainer's end, from the table box's border-box top (Infinity: no pagination). */
  readonly bottom: number;
  /** Nothing precedes the table on its page: it must make progress even if a row does not fit. */
  readonly atTop: boolean;
  /** The fragmentainer is a column (Fragmentainer.column). */
  readonly column: boolean;
}

const NO_CELLS: readonly LaidCell[] = Object.freeze([]);

export function paginateRows(request: PaginateRequest): RowsOnPage | 'pushed' {
  const { plan, geometry, resume } = request;
  const grid = plan.grid;
  const continued = resume !== undefined;
  const slice = continued && !plan.collapse;
  const footerStart = grid.rows.length - grid.footerRows;
  const page = new TablePage(request, 0);
  const heights: GroupHeights = { header: groupHeight(page, 0, grid.headerRows), footer: groupHeight(page, footerStart, grid.rows.length) };
  const repeats = repeatedGroups(request, heights, footerStart);
  const header = !continued || repeats.header;
  // separated borders are sliced at a break, a repeated header below them too (as Chromium draws
  // it); the border-spacing above the first row stays, as WeasyPrint's drawing tests expect it
  // (test_tables_14) — Chromium 156 slices it too, its rows that much higher on later pages
  const topEdge = !continued ? geometry.border.top + geometry.padding.top
    : slice ? 0 : header && grid.headerRows > 0 ? geometry.border.top + geometry.padding.top : interiorEdge(plan, resume);
  page.y = topEdge + (grid.rows.length > 0 ? plan.spacing[1] : 0);
  if (header) for (let r = 0; r < grid.headerRows; r++) page.place(page.row(r), spannedHeight(page.row(r), page.spanning, page.y, grid.rows[r]!.collapsed));
  const limit = request.bottom - (repeats.footer ? heights.footer : 0);
  const carried = carriedCells(request);
  for (const cell of carried) page.spanning.push({ cell, y: page.y, at: page.placed.length });
  const body = bodyRows(request, page, { end: footerStart, limit, carried });
  if (body === 'pushed') return 'pushed';
  const breakToken = body === undefined ? footerBreak(request, page, { start: footerStart, height: heights.footer }, repeats.footer) : carryOver(request, body, page.spanning, page.placed);
  // a row split at the page end leaves no spacing below it: a repeated footer follows it directly (as Chromium prints it)
  if (repeats.footer && page.placed[page.placed.length - 1]?.laid.breakToken !== undefined) page.y -= plan.spacing[1];
  if (breakToken === undefined || repeats.footer) for (let r = footerStart; r < grid.rows.length; r++) page.place(page.row(r), page.row(r).height);
  // and the spacing below the last row before a break: in Chromium the page's fragment ends with it
  const bottom = breakToken !== undefined && !plan.collapse && page.placed.length > 0 ? page.y - plan.spacing[1] : page.y;
  return { rows: page.placed, contentBottom: bottom, topEdge, breakToken, resumedRow: splitRowOf(resume)?.index };
}

/**
 * Whether the header and footer groups repeat on every page the table spans: each when it avoids
 * breaks inside, as in Chromium (`thead` and `tfoot` do, by the UA sheet; a `display:
 * table-header-group` div does not) — and neither on a continued page they would leave no room
 * for rows: a group as tall as the page, repeated, would keep the rows from ever being placed.
 * One that does not repeat is laid out once: the header where the table starts, the footer where
 * it ends. (Chromium also stops repeating a group taller than a quarter of the page; octavo
 * repeats it while rows fit below it, as WeasyPrint does.)
 */
function repeatedGroups(request: PaginateRequest, heights: GroupHeights, footerStart: number): { readonly header: boolean; readonly footer: boolean } {
  const grid = request.plan.grid;
  const avoids = (row: number): boolean => avoidsBreak(grid.rows[row]!.group.style.breakInside, request.column);
  const repeats = { header: grid.headerRows > 0 && avoids(0), footer: grid.footerRows > 0 && avoids(footerStart) };
  if (request.resume === undefined || request.bottom === Infinity) return repeats;
  const top = request.geometry.border.top + request.geometry.padding.top + request.plan.spacing[1];
  const taken = top + (repeats.header ? heights.header : 0) + (repeats.footer ? heights.footer : 0);
  return taken < request.bottom - 0.01 ? repeats : { header: false, footer: false };
}

/** The heights of the header and footer groups with their spacing. */
interface GroupHeights {
  readonly header: number;
  readonly footer: number;
}

/** The height rows `from` to `to` (excluded) take with their spacing, collapsed rows none. */
function groupHeight(page: TablePage, from: number, to: number): number {
  const { plan } = page.request;
  let height = 0;
  for (let r = from; r < to; r++) height += plan.grid.rows[r]!.collapsed ? 0 : page.row(r).height + plan.spacing[1];
  return height;
}

/**
 * A footer that is not repeated follows the last body row where it fits, else it starts the next
 * page; one that is repeated was given its room already.
 */
function footerBreak(request: PaginateRequest, page: TablePage, footer: { readonly start: number; readonly height: number }, repeated: boolean): TableToken | undefined {
  if (repeated || footer.start === request.plan.grid.rows.length) return undefined;
  const bodyPlaced = page.placed.some((row) => row.laid.index >= request.plan.grid.headerRows && row.laid.index < footer.start);
  if (!bodyPlaced || page.y + footer.height <= request.bottom + 0.01) return undefined;
  return tokenAt(request.plan, footer.start);
}

/**
 * The page as rows are placed on it: each row laid out once (`row`), the rows placed, the cells
 * spanning down, and where the next row goes. A class, not a record of closures made per call:
 * those were made for every page of every table, and their optimised code died with them.
 */
class TablePage {
  readonly placed: PlacedRow[] = [];
  readonly spanning: Spanning[] = [];
  private readonly memo = new Map<number, LaidRow>();
  private readonly ahead: ReturnType<typeof rowsAhead>;

  constructor(readonly request: PaginateRequest, public y: number) {
    this.ahead = rowsAhead(request.plan, request.ctx);
  }

  row(index: number): LaidRow {
    let laid = this.memo.get(index);
    if (laid === undefined) {
      const { plan, geometry, mode, ctx } = this.request;
      laid = this.ahead.get(index, geometry.columns, mode)
        ?? layoutRow({ plan, columns: geometry.columns, index, mode, splitAt: undefined, resume: undefined }, ctx);
      this.ahead.keep(index, geometry.columns, mode, laid);
      this.memo.set(index, laid);
    }
    return laid;
  }

  place(laid: LaidRow, height: number, carried: readonly LaidCell[] = NO_CELLS): void {
    const spanning = this.spanning;
    this.placed.push({ laid, y: this.y, height, carried });
    // a row split by the page end fills it for its own reason: nothing to spread
    if (height > laid.height + 0.01 && laid.breakToken === undefined) this.spreadOverSpannedRows(laid, height);
    const collapsed = this.request.plan.grid.rows[laid.index]!.collapsed;
    // cells that end in this row leave the list (unless the row breaks: they go on with it); those starting in it join
    for (let i = spanning.length - 1; i >= 0; i--) {
      const cell = spanning[i]!.cell.cell;
      const end = cell.row + cell.rowSpan - 1;
      if (end < laid.index || (end === laid.index && laid.breakToken === undefined)) spanning.splice(i, 1);
    }
    for (const cell of laid.cells) if (cell.cell.rowSpan > 1) spanning.push({ cell, y: this.y, at: this.placed.length - 1 });
    // a collapsed row has no spacing either: the rows on either side are one spacing apart
    if (!collapsed) this.y += height + this.request.plan.spacing[1];
  }

  /**
   * A row raised for a cell that spans down into it (`spannedHeight`): Chromium spreads what the
   * cell needs beyond its rows over all of them, in proportion to their heights (a 200px cell
   * beside rows of 20, 40 and 10px makes them 57.1, 114.3 and 28.6px), where they are on this
   * page. The rows end where the raised row ended, so nothing below moves.
   */
  private spreadOverSpannedRows(laid: LaidRow, height: number): void {
    const placed = this.placed;
    const last = placed.length - 1;
    let from: number | undefined;
    for (const { cell, y: top, at } of this.spanning) {
      const ends = cell.cell.row + cell.cell.rowSpan - 1 === laid.index;
      if (ends && Math.abs(cell.height - (this.y - top) - height) <= 0.01) from = Math.min(from ?? at, at);
    }
    if (from === undefined || from === last) return;
    const natural = placed.slice(from).map((row, i) => (from + i === last ? laid.height : row.height));
    const total = natural.reduce((sum, h) => sum + h, 0);
    // empty rows: Chromium gives it all to the last one, as before
    if (total <= 0) return;
    const extra = height - laid.height;
    let moved = 0;
    const shifts: number[] = [];
    for (let i = from; i <= last; i++) {
      const row = placed[i]!;
      const share = (extra * natural[i - from]!) / total;
      shifts.push(moved);
      placed[i] = { ...row, y: row.y + moved, height: natural[i - from]! + share };
      moved += share;
    }
    // cells that start in a row moved down remember where their first row now is
    for (let i = 0; i < this.spanning.length; i++) {
      const span = this.spanning[i]!;
      if (span.at > from) this.spanning[i] = { ...span, y: span.y + shifts[span.at - from]! };
    }
  }

  /**
   * The table edge that closes the page after body row `r`. The table's bottom edge must fit
   * below the last row only: where the table breaks, it is sliced (separated borders) or the edge
   * between the rows closes the page (collapsed borders).
   */
  edgeAfter(r: number, footerStart: number): number {
    const { geometry, plan } = this.request;
    return r === footerStart - 1 || plan.grid.footerRows > 0 ? geometry.border.bottom + geometry.padding.bottom : 0;
  }
}

/**
 * A collapsed table continued without a repeated header starts with the edge between the rows on
 * either side of the break (as the page before ends with it), not with its own top border; a row
 * split inside its cells is sliced, with no edge.
 */
function interiorEdge(plan: TablePlan, resume: BreakToken | undefined): number {
  if (resume?.kind !== 'block' || splitRowOf(resume) !== undefined) return 0;
  let width = 0;
  for (const edge of plan.edges?.horizontal[resume.next] ?? []) width = Math.max(width, edge.width);
  return width / 2;
}

/** On a continuation, the cells of earlier rows that still span the first row: resumed where the page cut them, or empty. */
function carriedCells(request: PaginateRequest): LaidCell[] {
  const { plan, resume } = request;
  if (resume?.kind !== 'block') return [];
  const grid = plan.grid;
  const out: LaidCell[] = [];
  for (const cell of cellsSpanningInto(grid, resume.next)) {
    if (cell.row < grid.headerRows) continue;
    const tokens = resume.children.find((child) => child.index === cell.row)?.token;
    const index = grid.rows[cell.row]!.cells.indexOf(cell);
    const token = tokens?.kind === 'block' ? tokens.children.find((child) => child.index === index)?.token : undefined;
    out.push(token === undefined
      ? finishedCell(plan, cell)
      : layoutCell({ plan, columns: request.geometry.columns, cell, mode: request.mode, splitAt: undefined, resume: token, continued: true }, request.ctx));
  }
  return out;
}

/**
 * Where the table breaks inside row-spanning cells (a span taller than a page): each such cell is
 * cut at the bottom of the last row on this page, and its rest joins the token, keyed by the row
 * the cell starts in and its place in that row.
 */
function carryOver(request: PaginateRequest, token: TableToken, spanning: readonly Spanning[], placed: PlacedRow[]): TableToken {
  const last = placed[placed.length - 1];
  if (last === undefined) return token;
  const bottom = last.y + last.height;
  const byRow = new Map<number, { index: number; token: BreakToken }[]>();
  for (const span of spanning) {
    const { cell } = span.cell;
    if (cell.row >= token.next || cell.row + cell.rowSpan - 1 < token.next || span.cell.output === undefined) continue;
    let laid = span.cell;
    const extent = bottom - span.y;
    if (laid.breakToken === undefined && laid.height > extent + 0.01) {
      laid = layoutCell({ plan: request.plan, columns: request.geometry.columns, cell, mode: request.mode, splitAt: extent, resume: laid.resumedFrom, continued: laid.continued }, request.ctx);
      replaceCell(placed, span.at, span.cell, laid);
    }
    if (laid.breakToken === undefined) continue;
    const index = request.plan.grid.rows[cell.row]!.cells.indexOf(cell);
    const list = byRow.get(cell.row) ?? [];
    list.push({ index, token: laid.breakToken });
    byRow.set(cell.row, list);
  }
  if (byRow.size === 0) return token;
  const carried = [...byRow].map(([row, cells]) => ({
    index: row,
    token: { kind: 'block' as const, box: request.plan.wrapper, children: cells, next: request.plan.grid.rows[row]!.cells.length },
  }));
  return { ...token, children: [...carried, ...token.children] };
}

function replaceCell(placed: PlacedRow[], at: number, from: LaidCell, to: LaidCell): void {
  const row = placed[at]!;
  const swap = (cells: readonly LaidCell[]): LaidCell[] => cells.map((cell) => (cell === from ? to : cell));
  placed[at] = { ...row, laid: { ...row.laid, cells: swap(row.laid.cells) }, carried: swap(row.carried) };
}

/** Where the body rows end (the footer's first row), the bottom they end above, and the cells carried into the row the table resumes at. */
interface BodyRoom {
  readonly end: number;
  readonly limit: number;
  readonly carried: readonly LaidCell[];
}

/** Places body rows from where the table resumes; returns the break token when the page ends first. */
function bodyRows(request: PaginateRequest, page: TablePage, room: BodyRoom): Extract<BreakToken, { kind: 'block' }> | undefined | 'pushed' {
  const { end, limit } = room;
  const { plan, resume } = request;
  const grid = plan.grid;
  const start = resume?.kind === 'block' ? resume.next : grid.headerRows;
  const split = splitRowOf(resume);
  const spanning = page.spanning;
  let count = 0;
  for (let r = start; r < end; r++) {
    const gridRow = grid.rows[r]!;
    const before = forcedBefore(gridRow.box.style.breakBefore, gridRow.firstInGroup ? gridRow.group.style.breakBefore : 'auto');
    if (count > 0 && before !== undefined) return tokenAt(plan, r, before);
    const resumeCells = split !== undefined && split.index === r && split.token.kind === 'block'
      ? new Map(split.token.children.map((c) => [c.index, c.token] as const)) : undefined;
    let laid = resumeCells !== undefined
      ? layoutRow({ plan, columns: request.geometry.columns, index: r, mode: request.mode, splitAt: Math.max(0, limit - page.y), resume: resumeCells }, request.ctx)
      : page.row(r);
    let height = spannedHeight(laid, spanning, page.y, gridRow.collapsed);
    if (count > 0 && !keepsTogether(request, page, r, limit - page.edgeAfter(r, end))) return tokenAt(plan, r);
    if (page.y + height + page.edgeAfter(r, end) > limit + 0.01 && laid.breakToken === undefined) {
      const room = { plan, columns: request.geometry.columns, index: r, mode: request.mode, splitAt: Math.max(0, limit - page.y), resume: resumeCells };
      // the table's first row on an empty page must make progress: it breaks there, whatever its content
      const split = count === 0 && request.atTop ? layoutRow(room, request.ctx) : splitInPlace(request, room, page.y + laid.height <= limit + 0.01);
      if (split === undefined) return count > 0 ? tokenAt(plan, r) : 'pushed';
      laid = split;
      height = spannedHeight(laid, spanning, page.y, gridRow.collapsed);
    }
    // a row split by the page fills it; the cells spanning down into it are cut there too (carryOver)
    if (laid.breakToken !== undefined && limit !== Infinity) height = Math.max(laid.height, limit - page.y);
    page.place(laid, height, r === (resume as TableToken | undefined)?.next ? room.carried : NO_CELLS);
    count++;
    if (laid.breakToken !== undefined) {
      return { kind: 'block', box: plan.wrapper, children: [{ index: r, token: laid.breakToken }], next: r };
    }
    const after = forcedBefore(gridRow.box.style.breakAfter, gridRow.lastInGroup ? gridRow.group.style.breakAfter : 'auto');
    if (after !== undefined && r + 1 < end) return tokenAt(plan, r + 1, after);
  }
  return undefined;
}

/**
 * A row that does not fit the rest of the page breaks inside where it stands, as a block does, in
 * Chromium 156 — however tall it is — where its cells can break in that room; it moves to the
 * next page (undefined) when it avoids breaks inside, or a cell's content cannot start there (a
 * line or an image taller than the room), or nothing in it breaks. `ownFits`: its own cells fit,
 * a cell spanning down into it from above does not — that cell breaks at the page end, and the
 * row, its cells ended, goes on with it on the next page (as Chromium prints it).
 */
function splitInPlace(request: PaginateRequest, room: Parameters<typeof splitRowInPlace>[0], ownFits: boolean): LaidRow | undefined {
  const { plan } = request;
  const gridRow = plan.grid.rows[room.index]!;
  if (rowAvoidsBreakInside(request, gridRow)) return undefined;
  const split = splitRowInPlace(room, request.ctx);
  if (split === 'pushed' || widowsLines(split.breakToken)) return undefined;
  if (split.breakToken !== undefined) return split;
  return ownFits && room.resume === undefined ? { ...split, breakToken: { kind: 'block', box: plan.wrapper, children: [], next: gridRow.cells.length } } : undefined;
}

/**
 * Whether a cell broke a paragraph between lines against its `orphans` or `widows` (a 3-line
 * paragraph 2 + 1): the row moves to the next page instead, as octavo did before rows broke in
 * place. This keeps a schedule table (separated borders, a caption, a repeated header and footer)
 * printed as Chromium 156 prints it — though Chromium moves that row even with `orphans: 1;
 * widows: 1`, for a reason not found yet — while Chromium breaks a 3-line cell 2 + 1 in simpler
 * tables (with padding, borders, a footer or a 2-line cell beside it), where octavo moves it.
 */
function widowsLines(token: BreakToken | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'inline') return token.violating === true || token.widowed === true;
  return token.children.some((child) => widowsLines(child.token));
}

function tokenAt(plan: TablePlan, next: number, forced?: ForcedBreak): Extract<BreakToken, { kind: 'block' }> {
  return { kind: 'block', box: plan.wrapper, children: [], next, forced };
}

function forcedBefore(own: BreakValue, group: BreakValue): ForcedBreak | undefined {
  return forcedBreakOf(own) ?? forcedBreakOf(group);
}

/**
 * Whether a row avoids breaking inside: by its own `break-inside`, its group's, or one of its
 * cells' — Chromium 156 moves a row whose cell has `break-inside: avoid` to the next page whole
 * (a label sheet's `td { break-inside: avoid }`), and breaks it anyway when it is taller than a page.
 */
function rowAvoidsBreakInside(request: PaginateRequest, gridRow: GridRow): boolean {
  const avoids = (value: BreakValue): boolean => avoidsBreak(value, request.column);
  return avoids(gridRow.box.style.breakInside) || avoids(gridRow.group.style.breakInside) || gridRow.cells.some((cell) => avoids(cell.cell.style.breakInside));
}

/**
 * Whether the rows from `r` that must stay together fit in what is left of the page: a whole row
 * group with `break-inside: avoid` starting at `r`, and the rows a cell starting at `r` spans when
 * it or its row avoids breaks inside, with the cell itself (Chromium 156 moves its first row to the
 * next page rather than cut it, even when the rows would fit and the cell would not; a financial
 * report's `tr { break-inside: avoid }` with a `rowspan` group label moves the whole group).
 */
function keepsTogether(request: PaginateRequest, page: TablePage, r: number, limit: number): boolean {
  if (limit === Infinity) return true;
  const grid = request.plan.grid;
  const gridRow = grid.rows[r]!;
  const spacing = request.plan.spacing[1];
  let last = r;
  if (gridRow.firstInGroup && avoidsBreak(gridRow.group.style.breakInside, request.column)) last = r + gridRow.group.rows.length - 1;
  // a break between the rows a cell spans is a break inside that cell, and so inside its row
  const rowAvoids = avoidsBreak(gridRow.box.style.breakInside, request.column);
  let cellHeight = 0;
  for (const laid of page.row(r).cells) {
    if (laid.cell.rowSpan > 1 && (rowAvoids || avoidsBreak(laid.cell.cell.style.breakInside, request.column))) {
      last = Math.max(last, r + laid.cell.rowSpan - 1);
      cellHeight = Math.max(cellHeight, laid.height);
    }
  }
  if (last === r) return true;
  let height = 0;
  for (let i = r; i <= last; i++) height += grid.rows[i]!.collapsed ? 0 : page.row(i).height + spacing;
  return page.y + Math.max(height - spacing, cellHeight) <= limit + 0.01;
}

/** A placed cell spanning several rows, the y of its first row on this page, and the placed row that holds it. */
interface Spanning {
  readonly cell: LaidCell;
  readonly y: number;
  readonly at: number;
}

/** The row's height, raised so that cells spanning into it from earlier rows on this page fit (CSS2 §17.5.3); a collapsed row stays empty (the cells are cut). */
function spannedHeight(laid: LaidRow, spanning: readonly Spanning[], y: number, collapsed: boolean): number {
  if (collapsed) return 0;
  let height = laid.height;
  for (const { cell, y: top } of spanning) {
    if (cell.cell.row + cell.cell.rowSpan - 1 === laid.index) height = Math.max(height, cell.height - (y - top));
  }
  return height;
}
