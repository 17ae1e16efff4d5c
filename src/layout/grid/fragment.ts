/**
 * Grid fragmentation (CSS Grid 1 §12, CSS Fragmentation 3): a grid breaks between rows. The rows
 * that fit the page are laid out; the first row that does not fit is cut by the page end when its
 * items break inside (page-items.ts, splitNextRow), else moves to the next page with everything
 * after it. An item spanning rows across the break is cut at the page end and goes on
 * at the top of the next page, as in Chromium — the sidebar of a layout grid, a card of subgrid
 * rows — unless it avoids breaks inside (`break-inside: avoid`) or cannot break (a replaced box):
 * then the break moves before it. At the top of a page at least one row is placed: a row taller
 * than the page breaks inside its items, in parallel, and what they have left goes on at the top
 * of the next page, the next rows right below it. The break token's `next` is the first row not
 * started yet, its `children` the items that go on, by index.
 */
import type { FlexBox } from '../../boxes/types.js';
import type { SizedGrid } from './sizing.js';
import type { GridItem } from './grid.js';
import type { ForcedBreak } from '../contract.js';
import { forcedBreakAtStart, forcedBreakInside, forcedPageBreakBetween } from '../break-token.js';

export interface PageRows {
  /** The first row starting on this page. */
  readonly firstRow: number;
  /** The first row not on this page. */
  readonly endRow: number;
  /** Where `firstRow` starts on this page, from the content box top: below the items that went on past their rows from the page before. */
  readonly top: number;
  /** Content-box y of `firstRow` in the grid laid out whole: this page's rows move up by `shift - top`. */
  readonly shift: number;
  /** Where this page's whole rows end, from the content box top (items cut at the page end may reach further). */
  readonly height: number;
  /**
   * The first of the rows cut by the page end (`endRow` when none is): a row taller than the room
   * left, or one whose items break inside rather than move; their items break in parallel.
   */
  readonly splitFrom: number;
  /** The break after this page's rows is forced (by an item's `break-before` or `break-after`), and by what. */
  readonly forced?: ForcedBreak | undefined;
  /** The row `splitFrom` is cut only for the forced break an item of it holds (which may not apply: layoutPage). */
  readonly forcedInside?: true | undefined;
}

/** The end of the last row before `end`, from the content box top. */
export function rowsEnd(starts: readonly number[], sizes: readonly number[], end: number): number {
  return end === 0 ? 0 : starts[end - 1]! + sizes[end - 1]!;
}

/** The grid's sized rows and where each starts, from the content box top. */
export interface GridRows {
  readonly box: FlexBox;
  readonly sized: SizedGrid;
  readonly starts: readonly number[];
}

/** Where this page's rows go. */
export interface RowsRoom {
  /** The first row not started on an earlier page. */
  readonly firstRow: number;
  /** The height the items going on from the page before take above it. */
  readonly top: number;
  /** The space from the content box top to the page end; undefined when nothing fragments. */
  readonly room: number | undefined;
  /** Nothing is above the grid on this page. */
  readonly atTop: boolean;
  /** Items go on from the page before: the page is not empty without rows. */
  readonly continuing: boolean;
  /** Rows whose items' forced breaks inside did not apply on this page (they went to an item's edge at the page top). */
  readonly notForced?: ReadonlySet<number> | undefined;
}

const AVOID = new Set(['avoid', 'avoid-page', 'avoid-column']);

/** An item the page may not cut: it avoids breaks inside or cannot break (a replaced box). */
export function unbreakable(item: GridItem): boolean {
  return item.box.kind === 'replaced' || AVOID.has(item.box.style.breakInside);
}

/** No rows on this page yet, from `firstRow` (to try cutting the first of them, page-items.ts splitNextRow). */
export function noRows(rows: GridRows, firstRow: number): PageRows {
  const shift = firstRow === 0 ? 0 : firstRow >= rows.sized.rows.length ? rowsEnd(rows.starts, rows.sized.rows, rows.sized.rows.length) : rows.starts[firstRow]!;
  return { firstRow, endRow: firstRow, top: 0, shift, height: 0, splitFrom: firstRow };
}

/** The rows of the grid on this page; undefined when none fits whole below content above the grid (the caller may still cut the first, or move the grid). */
export function rowsForPage(rows: GridRows, space: RowsRoom): PageRows | undefined {
  const { sized, starts } = rows;
  const { top, room } = space;
  const count = sized.rows.length;
  const firstRow = Math.min(space.firstRow, count);
  const shift = firstRow === 0 ? 0 : firstRow >= count ? rowsEnd(starts, sized.rows, count) : starts[firstRow]!;
  const endOf = (line: number): number => (line <= firstRow ? top : top + rowsEnd(starts, sized.rows, line) - shift);
  const page = (endRow: number, splitFrom: number): PageRows => ({ firstRow, endRow, top, shift, height: endOf(splitFrom), splitFrom });
  const forcedRows = forcedBreaks(sized);
  if (room === undefined || (endOf(count) <= room + 0.01 && forcedRows.lines.size === 0 && forcedRows.inside.size === 0)) return page(count, count);
  let endRow = firstRow;
  for (let line = firstRow + 1; line <= count; line++) {
    if (endOf(line) > room + 0.01) break;
    // an item of the row holds a forced break: the page ends inside the row, cut there
    if (forcedRows.inside.has(line - 1) && space.notForced?.has(line - 1) !== true) return { ...page(line, line - 1), forcedInside: true };
    const forced = forcedRows.lines.get(line);
    if (forced !== undefined) return { ...page(line, line), forced };
    if (breakable(sized, line)) endRow = line;
  }
  if (endRow > firstRow) return page(endRow, endRow);
  // Items that went on from the page before take some of it: the rows wait for the next one.
  if (space.continuing && top > 0) return page(firstRow, firstRow);
  if (!space.atTop && !space.continuing) return undefined;
  // At the top of a page: rows held together by an item that avoids breaks inside, taller than the
  // page, break where they must (the avoidance cannot be honoured), and a row taller than the page
  // breaks inside its items.
  let forced = firstRow;
  for (let line = firstRow + 1; line <= count && endOf(line) <= room + 0.01; line++) forced = line;
  return forced > firstRow ? page(forced, forced) : page(firstRow + 1, firstRow);
}

/** Where a grid's items force page breaks. */
interface ForcedRows {
  /**
   * The lines between rows where a break is forced, and by what: an item starting in the row after
   * with a forced `break-before`, or one ending in the row before with a forced `break-after`, as
   * Blink joins a row's items' values.
   */
  readonly lines: ReadonlyMap<number, ForcedBreak>;
  /** The rows an item holding a forced break inside starts in: laid out against the page, so that it breaks there. */
  readonly inside: ReadonlySet<number>;
  /** The break the first row's items join at the grid's start (CSS Fragmentation 3 §3.1: it goes to the container's edge). */
  readonly atStart: ForcedBreak | undefined;
}

/**
 * A forced break before the grid's first row, which its items' `break-before` join and carry to
 * the grid's edge, as Chromium prints it: the grid moves to the next page unless it is the
 * page's first content (nothing above it to break from).
 */
export function forcedAtStart(sized: SizedGrid): ForcedBreak | undefined {
  return forcedBreaks(sized).atStart;
}

/** Found once per sized grid (most have none). */
const FORCED_ROWS = new WeakMap<SizedGrid, ForcedRows>();

function forcedBreaks(sized: SizedGrid): ForcedRows {
  let rows = FORCED_ROWS.get(sized);
  if (rows === undefined) {
    // the items before and after each inner line that may force a break there (the grid's first
    // and last lines are its own edges, not between rows)
    const around = new Map<number, { ending: GridItem['box'][]; starting: GridItem['box'][] }>();
    const at = (line: number): { ending: GridItem['box'][]; starting: GridItem['box'][] } => {
      let sides = around.get(line);
      if (sides === undefined) around.set(line, sides = { ending: [], starting: [] });
      return sides;
    };
    const count = sized.rows.length;
    const inside = new Set<number>();
    const first: GridItem['box'][] = [];
    for (const item of sized.grid.items) {
      if (item.area.rowStart === 0) first.push(item.box);
      if (item.area.rowStart > 0 && forcedPageBreakBetween([], [item.box]) !== undefined) at(item.area.rowStart).starting.push(item.box);
      if (item.area.rowEnd < count && forcedPageBreakBetween([item.box], []) !== undefined) at(item.area.rowEnd).ending.push(item.box);
      if (forcedBreakInside(item.box)) inside.add(item.area.rowStart);
    }
    const lines = new Map<number, ForcedBreak>();
    for (const [line, { ending, starting }] of around) lines.set(line, forcedPageBreakBetween(ending, starting)!);
    FORCED_ROWS.set(sized, rows = { lines, inside, atStart: first.map(forcedBreakAtStart).find((kind) => kind !== undefined) });
  }
  return rows;
}

/**
 * The lines the page may not break at: inside an item that avoids breaks. Found once per sized
 * grid: asking every item at each line made a grid of n rows cost n² per render.
 */
const HELD_LINES = new WeakMap<SizedGrid, Uint8Array>();

/** Whether the page may break at a line: no item that avoids breaks inside spans it. */
function breakable(sized: SizedGrid, line: number): boolean {
  let held = HELD_LINES.get(sized);
  if (held === undefined) {
    // how many such items start holding minus stop holding at each line, summed up
    const starts = new Int32Array(sized.rows.length + 2);
    for (const item of sized.grid.items) {
      if (item.area.rowEnd - item.area.rowStart < 2 || !unbreakable(item)) continue;
      starts[item.area.rowStart + 1]! += 1;
      starts[item.area.rowEnd]! -= 1;
    }
    held = new Uint8Array(sized.rows.length + 1);
    let holding = 0;
    for (let l = 0; l <= sized.rows.length; l++) {
      holding += starts[l]!;
      held[l] = holding > 0 ? 1 : 0;
    }
    HELD_LINES.set(sized, held);
  }
  return held[line] !== 1;
}

/** The end of the rows from `row` that break together: the first line after it the page may break at. */
export function groupEnd(sized: SizedGrid, row: number): number {
  let end = row + 1;
  while (end < sized.rows.length && !breakable(sized, end)) end++;
  return end;
}
